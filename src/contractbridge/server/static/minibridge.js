// Minibridge in the browser: one page, the learner against three robots (server/minibridge.py).
import { cardText, loadLanguage, rankText } from "./i18n.js";

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣", N: "NT" };
const NAMES = { N: "North", E: "East", S: "South", W: "West" };
const $ = (id) => document.getElementById(id);
let gameId = null;
let me = null;
// finished deals whose end has been shown (each deal's end stays until "Next deal")
let endsShown = 0;
// the page is in English; the catalogue gives the card letters as the table writes them
// (a ten reads "10", as on a card)
const ready = loadLanguage("en", { remember: false });

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function contractText(text) {
  if (!text) return "";
  const [call, by] = text.split(" ");
  const strain = call.slice(1) === "NT" ? "NT" : SUIT[call.slice(1)];
  return call[0] + strain + (by ? ` by ${who(by)}` : "");
}

function who(seat) {
  return seat === me ? "you" : NAMES[seat];
}

function handText(cards) {
  if (!cards) return "";
  return ["S", "H", "D", "C"]
    // a suit never breaks over two lines (no-break spaces inside it)
    .map((s) => SUIT[s] + "\u00a0" + (cards.filter((c) => c[0] === s).map((c) => rankText(c[1])).join("\u00a0") || "-"))
    .join("  ");
}

function slipText(slip) {
  return `${slip.points} points; ` + slip.lengths.map((n, i) => `${n} ${SUIT["SHDC"[i]]}`).join(" ");
}

async function send(url, body) {
  $("error").textContent = "";
  $("status").textContent = "The robots are thinking…";
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    $("error").textContent = data.error;
    $("status").textContent = "";
    return null;
  }
  return data;
}

function actionText(a) {
  const name = a.seat === me ? "You" : NAMES[a.seat];
  switch (a.kind) {
    case "announce": return `${name} announce${a.seat === me ? "" : "s"} ${a.points} points.`;
    case "open": return `${name} open${a.seat === me ? "" : "s"}.`;
    case "pass": return `${name} pass${a.seat === me ? "" : "es"}.`;
    case "bid": return a.contract ? `${name} name${a.seat === me ? "" : "s"} ${contractText(a.contract)}.`
      : `${name} pass${a.seat === me ? "" : "es"}.`;
    case "declare": return `${name} declare${a.seat === me ? "" : "s"} ${contractText(a.contract)}.`;
    default: return `${name} play${a.seat === me ? "" : "s"} ${cardText(a.card)}`;
  }
}

function button(text, body) {
  const b = el("button", text, { type: "button" });
  b.addEventListener("click", async () => {
    const data = await send(`/api/minibridge/${gameId}`, body);
    if (data) show(data);
  });
  return b;
}

function answerControls(state) {
  const box = $("answer");
  box.replaceChildren();
  if (state.over || !state.mine) return;
  if (state.phase === "announce") {
    const input = el("input", null, { type: "number", min: "0", max: "37", "aria-label": "Your points" });
    const go = el("button", "Announce", { type: "button" });
    go.addEventListener("click", async () => {
      const data = await send(`/api/minibridge/${gameId}`, { announce: Number(input.value) });
      if (data) show(data);
    });
    box.append(el("span", "Your points (ace 4, king 3, queen 2, jack 1): "), input, go);
  } else if (state.phase === "open") {
    box.append(button("I open", { open: true }), button("Pass", { open: false }));
  } else if (state.phase === "declare") {
    for (const game of [false, true]) {
      const row = el("div", game ? "Game: " : "Partscore: ");
      for (const s of ["C", "D", "H", "S", "N"]) row.append(button(SUIT[s], { strain: s === "N" ? "NT" : s, game }));
      box.append(row);
    }
  } else if (state.phase === "bid") {
    const level = el("select", null, { "aria-label": "Level" });
    for (let n = 1; n <= 7; n++) level.append(el("option", String(n)));
    const strain = el("select", null, { "aria-label": "Strain" });
    for (const s of ["C", "D", "H", "S", "NT"]) strain.append(el("option", SUIT[s[0]], { value: s }));
    const go = el("button", "Name it", { type: "button" });
    go.addEventListener("click", async () => {
      const data = await send(`/api/minibridge/${gameId}`, { bid: level.value + strain.value });
      if (data) show(data);
    });
    box.append(level, strain, go, button("Pass", { bid: null }));
  } else {
    const from = state.card_hand !== me ? ` from dummy (${NAMES[state.card_hand]})` : "";
    box.append(el("span", `Your card${from}: `));
    for (const card of state.legal) box.append(button(cardText(card), { card }));
  }
}

function show(state) {
  me = state.seat;
  $("start").hidden = true;
  $("game").hidden = false;
  $("sheet").textContent = state.sheet;
  const finished = $("finished");
  finished.replaceChildren();
  for (const f of state.finished) {
    if (f.redeal) continue;
    // lines that wrap (not a <pre>): a hand with its tens is wider than a phone
    const hands = el("ul");
    for (const s of ["N", "E", "S", "W"]) hands.append(el("li", `${NAMES[s]} (${f.points[s]}): ${handText(f.hands[s])}`));
    finished.append(el("p", `Deal ${f.number}: ${contractText(f.contract)}, ${f.tricks} tricks; ` +
      `NS ${f.ns}, EW ${f.ew}`), hands);
  }
  // A deal that has just ended is shown as it ended (the answer to its last card already
  // holds the next deal), until "Next deal"; the series' last deal stays.
  const played = state.finished.filter((f) => !f.redeal);
  if (state.over || played.length > endsShown) {
    endsShown = played.length;
    showEnd(state, played.at(-1));
    return;
  }
  showDeal(state);
}

function trickText(trick) {
  return trick.cards.map(([s, c]) => `${who(s)} ${cardText(c)}`).join(", ") + ` (won by ${who(trick.winner)})`;
}

function showEnd(state, deal) {
  if (state.over) {
    $("title").textContent = "The series is over";
    const mine = state.totals[me === "N" || me === "S" ? "NS" : "EW"];
    const theirs = state.totals[me === "N" || me === "S" ? "EW" : "NS"];
    $("status").textContent = `Final score: North-South ${state.totals.NS}, East-West ${state.totals.EW}. ` +
      (mine > theirs ? "You win." : mine < theirs ? "You lose." : "A tie.");
  } else {
    $("title").textContent = `Deal ${deal.number} of ${state.deals} is over`;
    $("status").textContent = `North-South score ${deal.ns}, East-West ${deal.ew}.`;
  }
  // the end itself: every card played, the thirteenth trick whole, the count the score has
  const hands = $("hands");
  hands.replaceChildren(el("p", "All thirteen tricks are played; no cards are left in any hand."));
  hands.append(el("p", `Contract: ${contractText(deal.contract)}; declarer's side took ${deal.tricks} tricks.`));
  if (deal.last_trick) hands.append(el("p", `Last trick: ${trickText(deal.last_trick)}.`, { id: "last-trick" }));
  $("log-title").hidden = false;
  $("log").replaceChildren(...deal.actions.map((a) => el("li", actionText(a))));
  const box = $("answer");
  box.replaceChildren();
  if (!state.over) {
    const next = el("button", "Next deal", { type: "button", id: "next-deal" });
    next.addEventListener("click", () => {
      showDeal(state);
      $("title").focus();
    });
    box.append(next);
  }
}

function showDeal(state) {
  $("title").textContent = `Deal ${state.number} of ${state.deals}: ${NAMES[state.dealer]} deals; you sit ${NAMES[me]}`;
  const hands = $("hands");
  hands.replaceChildren(el("p", `Your hand: ${handText(state.hand)}`));
  if (state.form === "slips") hands.append(el("p", `Your slip: ${slipText(state.slip)}`));
  if (state.partner_slip) hands.append(el("p", `Partner's slip: ${slipText(state.partner_slip)}`));
  const partnerOf = { N: "S", S: "N", E: "W", W: "E" };
  if (state.dummy && state.declarer && partnerOf[state.declarer] !== me) {
    hands.append(el("p", `Dummy (${NAMES[partnerOf[state.declarer]]}): ${handText(state.dummy)}`));
  }
  if (state.contract) hands.append(el("p", `Contract: ${contractText(state.contract)}; declarer's side has ${state.tricks} tricks.`));
  if (state.last_trick) hands.append(el("p", `Previous trick: ${trickText(state.last_trick)}.`));
  if (state.trick.length) hands.append(el("p", "Trick: " + state.trick.map(([s, c]) => `${who(s)} ${cardText(c)}`).join(", ")));
  $("log-title").hidden = false;
  const log = $("log");
  log.replaceChildren(...state.actions.map((a) => el("li", actionText(a))));
  $("status").textContent = state.mine ? "Your turn." : `Waiting for ${NAMES[state.turn]}.`;
  answerControls(state);
}

$("start").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const body = { form: form.get("form"), seat: form.get("seat"), deals: Number(form.get("deals")) };
  if (form.get("seed") !== "") body.seed = Number(form.get("seed"));
  const data = await send("/api/minibridge", body);
  await ready;
  if (data) {
    gameId = data.id;
    endsShown = 0;
    show(data);
  }
});
