// A finished board played again card by card, with each card's double-dummy value, and
// the double-dummy table with par.
import {
  callText, cardText, explanationText, rankText, seatName, strainShort, SUIT_SYMBOL, t,
} from "../i18n.js";
import { el } from "../dom.js";
import { HAND_SUITS, next, SEATS, sideOf, STRAINS } from "./common.js";

/** A par contract as the analysis writes it ("EW 2N=", "S 5DX-2") in the page's words. */
export function parText(text) {
  const m = /^(NS|EW|[NESW]) (\d)([NSHDC])(X{0,2})(=|[+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, who, level, strain, doubled, result] = m;
  const dbl = ["", t("call.double.short"), t("call.redouble.short")][doubled.length];
  return `${who.length === 2 ? t(`side.${who}`) : seatName(who)} ${level}${strainShort(strain === "N" ? "NT" : strain)}${dbl}${result}`;
}

export function renderReplay(page, b) {
  const all = [];
  for (const trick of b.tricks || []) trick.cards.forEach((c, i) => all.push([next(trick.leader, i), c]));
  for (const [i, c] of (b.trick?.cards || []).entries()) all.push([next(b.trick.leader, i), c]);
  const key = b.number;
  if (page.replayStep === null || page.replayBoard !== key) {
    page.replayStep = 0;
    page.replayBoard = key;
  }
  const step = Math.min(page.replayStep, all.length);
  const played = new Set(all.slice(0, step).map(([, c]) => c));
  // The double-dummy value of each card at each point (tricks for declarer's side), once
  // the analysis has come: the seat to play shows what each of its cards was worth.
  const values = b.analysis?.cards || null;
  const here = values && step < values.length ? values[step] : null;
  const box = el("div", { class: "replay", id: "replay" });
  box.append(el("h3", {}, t("ui.replay")));
  box.append(replayAuction(b));
  const diagram = el("div", { class: "diagram" });
  for (const seat of SEATS) {
    const cards = (b.deal[seat] || []).filter((c) => !played.has(c));
    const valued = here && here.seat === seat ? here.values : null;
    const declaring = b.contract && sideOf(seat) === sideOf(b.contract.declarer);
    const best = valued ? (declaring ? Math.max : Math.min)(...Object.values(valued)) : null;
    const lines = HAND_SUITS.map((s) => {
      const ofSuit = cards.filter((c) => c[0] === s);
      const line = el("div", { class: `suit-${s}` }, `${SUIT_SYMBOL[s]} `);
      if (!ofSuit.length) line.append("—");
      for (const c of ofSuit) {
        const rank = rankText(c[1]);
        if (valued && c in valued) {
          // a card that costs a trick is struck through, not only coloured (hearts and
          // diamonds are red already)
          const mark = valued[c] === best ? " best" : " costly";
          line.append(el("span", { class: `valued${mark}${c === here.card ? " chosen" : ""}`,
            title: t("ui.dd_value", { n: valued[c] }) }, rank, el("sup", {}, String(valued[c]))), " ");
        } else line.append(`${rank} `);
      }
      return line;
    });
    diagram.append(el("div", { class: `diagram-${seat}` }, el("strong", {}, seatName(seat)), ...lines));
  }
  const trickStart = step - ((step % 4) || (step ? 4 : 0));
  const shown = all.slice(trickStart, step);
  diagram.append(el("div", { class: "diagram-center", "aria-live": "polite" },
    ...shown.map(([s, c]) => el("div", {}, `${seatName(s)}: ${cardText(c)}`))));
  box.append(diagram);
  const go = (n) => { page.replayStep = Math.max(0, Math.min(all.length, n)); page.render(); };
  box.append(el("div", { class: "replay-controls" },
    el("button", { type: "button", onclick: () => go(0), "aria-label": t("ui.replay_start") }, "|◀"),
    el("button", { type: "button", id: "replay-back", onclick: () => go(step - 1), "aria-label": t("ui.replay_back") }, "◀"),
    el("span", { id: "replay-step" }, `${step}/${all.length}`),
    el("button", { type: "button", id: "replay-forward", onclick: () => go(step + 1), "aria-label": t("ui.replay_forward") }, "▶"),
    el("button", { type: "button", onclick: () => go(all.length), "aria-label": t("ui.replay_end") }, "▶|")));
  if (values) {
    const last = step > 0 ? values[step - 1] : null;
    if (last && last.cost) {
      box.append(el("p", { class: "cost", id: "replay-cost" }, t("ui.card_cost",
        { seat: seatName(last.seat), card: cardText(last.card), n: last.cost })));
    }
    // Every card that gave a trick away, to jump to (as a hand viewer lists them).
    const costly = values.map((v, i) => [v, i]).filter(([v]) => v.cost > 0);
    const list = el("ul", { class: "costly", id: "costly" });
    for (const [v, i] of costly) {
      list.append(el("li", {}, el("button", { type: "button", class: "linklike", onclick: () => go(i + 1) },
        `${t("ui.trick_n", { n: Math.floor(i / 4) + 1 })}: ${seatName(v.seat)} ${cardText(v.card)} (−${v.cost})`)));
    }
    box.append(el("h4", {}, costly.length ? t("ui.costly") : t("ui.none_costly")), list);
  }
  return box;
}

/** The auction of a finished board, small, for its replay (no explanation editor). */
function replayAuction(b) {
  const table = el("table", { class: "replay-auction" });
  const cols = ["W", "N", "E", "S"];
  table.append(el("tr", {}, ...cols.map((s) => el("th", { scope: "col" }, seatName(s)))));
  let row = el("tr");
  for (let i = 0; i < cols.indexOf(b.dealer); i++) row.append(el("td"));
  for (const c of b.calls) {
    const explained = c.explanation ? { title: explanationText(c.explanation), class: "explained" } : {};
    row.append(el("td", explained, callText(c.call)));
    if (c.seat === "S") {
      table.append(row);
      row = el("tr");
    }
  }
  if (row.childElementCount) table.append(row);
  return table;
}

export function renderDD(b) {
  const a = b.analysis;
  const box = el("div", { class: "dd", id: "dd" });
  box.append(el("h3", {}, t("ui.dd_table")));
  const table = el("table");
  const head = el("tr", {}, el("td"));
  for (const s of STRAINS) head.append(el("th", { scope: "col" }, strainShort(s)));
  table.append(head);
  for (const seat of SEATS) {
    const row = el("tr", {}, el("th", { scope: "row" }, seatName(seat)));
    for (const s of STRAINS) row.append(el("td", {}, String(a.dd[s][seat])));
    table.append(row);
  }
  box.append(table);
  box.append(el("p", { id: "par" }, `${t("ui.par")}: ${a.par.map(parText).join(", ") || t("call.pass")} (${a.par_score > 0 ? "+" : ""}${a.par_score} ${t("side.NS")})`));
  return box;
}
