// The controls under the table: the command box, the last trick, a hint, undo, stopping
// the series, one's word on kibitzers, and the next deal.
import { callText, cardText, explanationText, seatName, t } from "../i18n.js";
import { el } from "../dom.js";
import { announce } from "./announce.js";
import { askStop, commandForm } from "./commands.js";
import { lastFinished, next, SEATS } from "./common.js";

export function renderControls(page, b) {
  const v = page.view;
  const bar = el("div", { class: "controls" });
  if (v.seat) bar.append(commandForm(page)); // a spectator has nothing to type
  if (b.tricks?.length) {
    bar.append(el("button", { type: "button", id: "last-trick", "aria-pressed": String(page.showLast),
      onclick: () => { page.showLast = !page.showLast; page.render(); } }, t("ui.last_trick")));
  }
  if (v.hints && v.you_act && (v.legal_calls || v.legal_cards)) {
    bar.append(el("button", { type: "button", id: "hint", onclick: () => askHint(page) }, t("ui.hint")));
  }
  if (page.hint && page.hint.version === v.version) {
    bar.append(el("p", { class: "notice hint-line", id: "hint-line" }, page.hint.text));
  }
  const mine = (seat) => seat === v.seat || (b.contract && b.contract.declarer === v.seat && seat === b.contract.dummy);
  const acted = b.calls.some((c) => c.seat === v.seat)
    || (b.tricks || []).some((tr) => tr.cards.some((_, i) => mine(next(tr.leader, i))))
    || (b.trick?.cards || []).some((_, i) => mine(next(b.trick.leader, i)));
  // a tournament's deal counts: no undo, no stopping (the server refuses them too)
  if (v.seat && !v.tournament && !b.over && acted && !b.pending_undo && !b.pending_claim && !v.pending_stop) {
    bar.append(el("button", { type: "button", id: "undo", onclick: () => page.send({ undo: true }) },
      t("ui.undo")));
  }
  if (!v.pending_stop && v.seat && !v.tournament && !v.sheet.over && !b.pending_undo && !b.pending_claim) {
    // Any person at the table may stop the series; the other people must agree.
    bar.append(el("button", { type: "button", id: "stop-series", "aria-label": t("ui.stop_series_label"),
      onclick: () => askStop(page) }, t("ui.stop_series")));
  }
  if (v.tournament && v.seat) {
    // back to the tournaments of the day, or to the challenges (the next deal is started there)
    bar.append(v.tournament.startsWith("challenge:")
      ? el("a", { href: "/challenges", id: "back-to-challenges" }, t("challenges.back"))
      : el("a", { href: "/daily", id: "back-to-daily" }, t("daily.back")));
  }
  const kibitz = kibitzChoice(page);
  if (kibitz) bar.append(kibitz);
  if (v.robots.length) bar.append(cardingNote(v));
  bar.append(conventionCards(v));
  const last = lastFinished(v);
  if (last && !b.over && (page.review != null || last.number !== page.dismissed)) {
    // The next deal is already dealt; the result of the last one stays until the player
    // turns to the next deal, and the page goes back to the table.
    bar.append(el("button", { type: "button", id: "next-deal", class: "primary",
      onclick: () => page.nextDeal(last.number) }, t("ui.next_deal")));
  }
  return bar;
}

/** A person's own word on whether kibitzers see all hands, and the table's state (every
 * person must agree; any one may withdraw). With the controls, not in the status bar: on
 * a phone that would push the bidding box out of the first screen. */
function kibitzChoice(page) {
  const v = page.view;
  const k = v.kibitzers;
  if (!k || !k.allowed || !v.seat || v.robots.includes(v.seat) || v.sheet.over) return null;
  const box = el("input", { type: "checkbox", id: "kibitz-hands", checked: k.agreed.includes(v.seat),
    onchange: (ev) => {
      if (page.busy) ev.target.checked = !ev.target.checked; // the last action is on its way
      else page.send({ kibitzers_see_hands: ev.target.checked });
    } });
  const missing = SEATS.filter((s) => !v.robots.includes(s) && !k.agreed.includes(s));
  const state = k.see_hands ? t("ui.kibitz_state_on")
    : k.agreed.length ? t("ui.kibitz_waiting", { seats: missing.map(seatName).join(", ") })
      : t("ui.kibitz_state_off");
  return el("label", { class: "kibitz-choice", for: "kibitz-hands" }, box,
    ` ${t("ui.kibitz_setting")} `, el("small", { id: "kibitz-state" }, `(${state})`));
}

/** The robots' carding agreement, told to everyone at the table (players and spectators)
 * as a partnership's agreements are (Law 40A1). With the table's settings under the table,
 * not in the status bar: on a phone one more line there pushes the bidding box down. */
function cardingNote(v) {
  return el("span", { id: "carding", class: "carding" }, t(`ui.carding.${v.carding || "standard"}`));
}

/** Links to each partnership's convention card (server/conventions.py), told to everyone
 * at the table as the partnerships' agreements are: each side's system, named, from the
 * table's settings (``systems``: {NS, EW}; ``system_names``), else SAYC. */
function conventionCards(v) {
  const link = (side) => {
    const system = v.systems?.[side] || "sayc";
    const name = v.system_names?.[side];
    const query = new URLSearchParams({ side, carding: v.carding || "standard" });
    return el("a", { id: `convention-card-${side}`, class: "convention-card", target: "_blank",
      rel: "noopener", href: `/card/${encodeURIComponent(system)}?${query}`, "data-system": system },
    name ? t("ui.convention_card_system", { side: t(`side.${side}`), system: name })
      : t("ui.convention_card", { side: t(`side.${side}`) }));
  };
  return el("nav", { class: "convention-cards", "aria-label": t("ui.convention_cards") },
    link("NS"), " ", link("EW"));
}

/** What the robot would do here, and why (the server asks it from this seat's view). */
async function askHint(page) {
  const version = page.view.version;
  const response = await fetch(`/api/tables/${page.id}/hint?token=${encodeURIComponent(page.token)}`);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    page.showError(data.error);
    return;
  }
  const a = data.action;
  // the robot's action: a call, a card, or a claim of the remaining tricks it counts
  const text = a.call
    ? t("ui.hint_call", { call: callText(a.call) }) + (a.explanation ? ` (${explanationText(a.explanation)})` : "")
    : a.claim !== undefined ? t("ui.hint_claim", { n: a.claim })
    : t("ui.hint_card", { card: cardText(a.card || "") });
  page.hint = { version, text, call: a.call, card: a.card };
  announce(text);
  page.render();
  const target = a.call ? document.querySelector(`[data-call="${a.call}"]`)
    : document.getElementById(`card-${a.card}`);
  target?.classList.add("hinted");
}
