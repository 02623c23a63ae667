// Honeymoon bridge in the browser: one page, the player against the robot (server/honeymoon/).
// Every text is the catalogue's (server/i18n/<lang>.json, keys "hm.*"), in the language
// chosen here or on the main page (remembered), or given as ?lang=xx.
import { startPage } from "./page.js";
import {
  callText, callWords, cardText, cardWords, messageText, rankText, strainShort, t,
} from "./i18n.js";

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
const $ = (id) => document.getElementById(id);
let gameId = null;
// what the page shows now, to show it again in another language: the last state, the deal
// whose end is shown (null: the deal in progress), the server's last refusal as it came
let current = null;
let ending = null;
let endsShown = 0;
let refusal = "";
let ready = null;

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

const isRed = (card) => card[0] === "H" || card[0] === "D";
const who = (seat) => (seat === current.seat ? t("hm.you") : t("hm.robot"));

function strainText(strain) {
  return strain === "NT" || strain === "N" ? strainShort("NT") : SUIT[strain];
}

/** "4SX W" -> "4♠X by the robot". */
function contractText(text) {
  if (!text) return "";
  const [call, by] = text.split(" ");
  const doubled = call.endsWith("XX") ? "XX" : call.endsWith("X") ? "X" : "";
  const contract = call[0] + strainText(call.slice(1, call.length - doubled.length)) + doubled;
  if (!by) return contract;
  return t(by === current.seat ? "hm.contract_by_you" : "hm.contract_by_robot", { contract });
}

function handText(cards) {
  return ["S", "H", "D", "C"]
    .map((s) => SUIT[s] + "\u00a0" + (cards.filter((c) => c[0] === s).map((c) => rankText(c[1])).join("\u00a0") || "-"))
    .join("  ");
}

function trickText(trick) {
  const cards = trick.cards.map(([s, c]) => `${who(s)} ${cardText(c)}`).join(", ");
  return `${cards} → ${who(trick.winner)}`;
}

function showRefusal(text) {
  refusal = text;
  $("error").textContent = messageText(text);
}

async function send(url, body) {
  await ready;
  showRefusal("");
  $("status").textContent = t("hm.robot_thinking");
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    showRefusal(data.error);
    if (current) render();
    return null;
  }
  return data;
}

async function answer(body) {
  const data = await send(`/api/honeymoon/${gameId}`, body);
  if (data) show(data);
}

/** The hand as card buttons, a suit a row; the legal cards can be played. */
function handButtons(state) {
  const box = $("hand");
  box.replaceChildren();
  const legal = new Set(state.legal || []);
  for (const s of ["S", "H", "D", "C"]) {
    const row = el("div", null, { class: `suit${isRed(s) ? " red" : ""}` });
    row.append(el("span", SUIT[s], { class: "suit-symbol", "aria-hidden": "true" }));
    const cards = state.hand.filter((c) => c[0] === s);
    if (!cards.length) row.append(el("span", "-"));
    for (const card of cards) {
      const b = el("button", rankText(card[1]), {
        type: "button", class: `hm-card${isRed(card) ? " red" : ""}${legal.has(card) ? " legal" : ""}`,
        "aria-label": cardWords(card), "data-card": card,
      });
      b.disabled = !legal.has(card) || ending !== null;
      b.addEventListener("click", () => answer({ card }));
      row.append(b);
    }
    box.append(row);
  }
}

/** The calls the player may make: a grid of the bids still possible, pass, double, redouble. */
function callButtons(state) {
  const box = $("answer");
  box.replaceChildren();
  if (state.phase !== "auction" || !state.mine || ending) return;
  const legal = new Set(state.legal_calls);
  const grid = el("div", null, { class: "calls", role: "group", "aria-label": t("hm.your_call") });
  for (let level = 1; level <= 7; level++) {
    ["C", "D", "H", "S", "NT"].forEach((s, column) => {
      const call = `${level}${s}`;
      if (!legal.has(call)) return;
      const b = el("button", callText(call), { type: "button", "aria-label": callWords(call), "data-call": call });
      if (isRed(s)) b.style.color = "var(--red)";
      // a strain keeps its column: a level's row starts where its first bid still possible is
      b.style.gridColumn = String(column + 1);
      b.addEventListener("click", () => answer({ call }));
      grid.append(b);
    });
  }
  const other = el("div", null, { class: "other" });
  for (const call of ["Pass", "X", "XX"]) {
    if (!legal.has(call)) continue;
    const b = el("button", callText(call), { type: "button", "aria-label": callWords(call), "data-call": call });
    b.addEventListener("click", () => answer({ call }));
    other.append(b);
  }
  grid.prepend(other);
  box.append(el("p", t("hm.your_call")), grid);
}

function vulnerableText(vul, me, robot) {
  if (vul[me] && vul[robot]) return t("hm.vul_both");
  if (vul[me]) return t("hm.vul_you");
  if (vul[robot]) return t("hm.vul_robot");
  return t("hm.vul_none");
}

/** The score sheet as the server draws it, its few words in the page's language. */
function sheetText(state) {
  return state.sheet
    .replace(/\bWE\b/g, t("hm.sheet.we")).replace(/\bTHEY\b/g, t("hm.sheet.they"))
    .replace(/Rubber (\d+)/g, (_, n) => t("hm.sheet.rubber", { n }))
    .replace(/\(in progress\)/g, t("hm.sheet.in_progress"));
}

function reasonText(reason) {
  return t(`hm.reason.${reason.replace(" ", "_")}`);
}

function finishedLine(f) {
  if (f.passed_out) return t("hm.passed_out", { n: f.number });
  const parts = [];
  for (const [seat, points] of Object.entries(f.below)) parts.push(t("hm.below", { who: who(seat), points }));
  for (const p of f.premiums) parts.push(t("hm.above", { who: who(p.to), points: p.points, reason: reasonText(p.reason) }));
  return t("hm.finished_deal", { n: f.number, contract: contractText(f.contract), count: f.tricks }) +
    (parts.length ? ` ${parts.join("; ")}.` : "");
}

function show(state) {
  current = state;
  // A deal that has just ended is shown as it ended (the answer to its last card already
  // holds the next deal), until "Next deal"; the match's last deal stays.
  ending = null;
  if (state.over || state.finished.length > endsShown) {
    endsShown = state.finished.length;
    ending = state.finished.at(-1) ?? null;
  }
  render();
}

function render() {
  const state = current;
  $("start").hidden = true;
  $("game").hidden = false;
  $("sheet").textContent = sheetText(state);
  $("score-line").textContent = t("hm.totals", { you: state.totals[state.seat], robot: state.totals[state.robot] });
  const finished = $("finished");
  finished.replaceChildren();
  for (const f of state.finished) {
    finished.append(el("p", finishedLine(f)));
    if (!f.passed_out) {
      const hands = el("ul");
      hands.append(el("li", t("hm.hand_of_you", { hand: handText(f.hands[state.seat]) })));
      hands.append(el("li", t("hm.hand_of_robot", { hand: handText(f.hands[state.robot]) })));
      finished.append(hands);
    }
  }
  $("stop").hidden = state.over;
  if (state.over || ending) showEnd(state, ending);
  else showDeal(state);
}

function showEnd(state, deal) {
  if (state.over) {
    $("title").textContent = t("hm.match_over");
    const mine = state.totals[state.seat];
    const theirs = state.totals[state.robot];
    $("status").textContent = `${t("hm.final", { you: mine, robot: theirs })} ` +
      (mine > theirs ? t("hm.you_win") : mine < theirs ? t("hm.you_lose") : t("hm.tie"));
  } else {
    $("title").textContent = t("hm.deal_over", { n: deal.number });
    $("status").textContent = "";
  }
  $("robot-line").textContent = deal ? finishedLine(deal) : "";
  $("phase-line").textContent = "";
  $("trick").replaceChildren();
  $("trick").hidden = true; // the place of the trick in progress: there is none
  $("news").textContent = "";
  if (deal && !deal.passed_out) {
    $("phase-line").textContent = t("hm.hand_of_robot", { hand: handText(deal.hands[state.robot]) });
  }
  $("hand").replaceChildren(deal && !deal.passed_out ? el("p", handText(deal.hands[state.seat])) : "");
  const box = $("answer");
  box.replaceChildren();
  if (!state.over) {
    const next = el("button", t("hm.next_deal"), { type: "button", id: "next-deal", class: "primary" });
    next.addEventListener("click", () => {
      ending = null;
      render();
      $("title").focus();
    });
    box.append(next);
  }
  $("auction-title").hidden = true;
  $("auction").replaceChildren();
}

function showDeal(state) {
  const dealer = state.dealer === state.seat ? t("hm.you") : t("hm.robot");
  $("title").textContent = t("hm.deal_title", { n: state.number, rubber: state.rubber, rubbers: state.rubbers, dealer });
  $("score-line").textContent += ` ${t("hm.games", { you: state.games[state.seat], robot: state.games[state.robot] })}` +
    ` ${vulnerableText(state.vulnerable, state.seat, state.robot)}`;
  $("status").textContent = state.mine ? t("hm.your_turn") : t("hm.robot_thinking");
  const robotCards = state.phase === "draw" || state.phase === "play"
    ? 13 - (state.phase === "play" ? state.tricks.length : 0) - (state.trick.some(([s]) => s === state.robot) ? 1 : 0)
    : 13;
  $("robot-line").textContent = t("hm.robot_cards", { n: robotCards });
  const trick = $("trick");
  trick.replaceChildren();
  trick.hidden = false;
  for (const [seat, card] of state.trick) {
    const played = el("span", cardText(card), { class: `hm-played${isRed(card) ? " red" : ""}`, "aria-label": cardWords(card) });
    played.prepend(el("span", who(seat), { class: "who" }));
    trick.append(played);
  }
  let news = "";
  if (state.phase === "draw") {
    $("phase-line").textContent = `${t("hm.phase.draw")} ${t("hm.stock", { n: state.stock })}`;
    const last = state.draws.at(-1);
    if (last) {
      news = `${t("hm.last_trick", { trick: trickText(last) })} ` +
        t(last.winner === state.seat ? "hm.drew_won" : "hm.drew_lost", { card: cardText(last.drawn) });
    }
  } else if (state.phase === "auction") {
    $("phase-line").textContent = t("hm.phase.auction");
    const last = state.draws.at(-1);
    if (last) news = t(last.winner === state.seat ? "hm.drew_won" : "hm.drew_lost", { card: cardText(last.drawn) });
  } else {
    $("phase-line").textContent = `${t("hm.contract", { contract: contractText(state.contract) })} ` +
      t("hm.won", { you: state.won[state.seat], robot: state.won[state.robot] });
    const last = state.tricks.at(-1);
    if (last) news = t("hm.last_trick", { trick: trickText(last) });
  }
  $("news").textContent = news;
  handButtons(state);
  if (state.phase === "auction") callButtons(state);
  else $("answer").replaceChildren();
  $("auction-title").hidden = state.calls.length === 0 && state.phase !== "auction";
  $("auction").replaceChildren(...state.calls.map(([s, c]) => el("li", `${who(s)}: ${callText(c)}`)));
  $("played").textContent = state.played.length ? handText(state.played) : "—";
}

ready = startPage({
  titleKey: "hm.title",
  changed: async () => {
    if (refusal) showRefusal(refusal);
    if (current) render();
  },
});

$("start").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const body = { rubbers: Number(form.get("rubbers")), honours: form.get("honours") === "on" };
  if (form.get("seed") !== "") body.seed = Number(form.get("seed"));
  const data = await send("/api/honeymoon", body);
  if (data) {
    gameId = data.id;
    endsShown = 0;
    show(data);
  }
});

$("stop").addEventListener("click", () => answer({ stop: true }));
