// Minibridge in the browser: one page, the learner against three robots (server/minibridge.py).
const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣", N: "NT" };
const NAMES = { N: "North", E: "East", S: "South", W: "West" };
const $ = (id) => document.getElementById(id);
let gameId = null;
let me = null;

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

const rank = (r) => (r === "T" ? "10" : r); // a ten reads as on a card, not as "T"

function cardText(card) {
  return SUIT[card[0]] + rank(card[1]);
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
    .map((s) => SUIT[s] + " " + (cards.filter((c) => c[0] === s).map((c) => rank(c[1])).join(" ") || "-"))
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
    const lines = ["N", "E", "S", "W"].map((s) => `${NAMES[s]} (${f.points[s]}): ${handText(f.hands[s])}`);
    finished.append(el("pre", `Deal ${f.number}: ${contractText(f.contract)}, ${f.tricks} tricks; ` +
      `NS ${f.ns}, EW ${f.ew}\n` + lines.join("\n")));
  }
  if (state.over) {
    $("title").textContent = "The series is over";
    const mine = state.totals[me === "N" || me === "S" ? "NS" : "EW"];
    const theirs = state.totals[me === "N" || me === "S" ? "EW" : "NS"];
    $("status").textContent = `Final score: North-South ${state.totals.NS}, East-West ${state.totals.EW}. ` +
      (mine > theirs ? "You win." : mine < theirs ? "You lose." : "A tie.");
    $("answer").replaceChildren();
    // the last deal's play is over: its hands, trick and count are in the finished list,
    // not left over from the moment before its last card
    $("hands").replaceChildren();
    $("log").replaceChildren();
    $("log-title").hidden = true;
    return;
  }
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
  if (data) {
    gameId = data.id;
    show(data);
  }
});
