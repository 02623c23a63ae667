// Minibridge in the browser: one page, the learner against three robots (server/minibridge/).
// Every text is the catalogue's (server/i18n/<lang>.json, keys "mini.*"), in the language
// chosen here or on the main page (remembered), or given as ?lang=xx.
import { startPage } from "./page.js";
import {
  cardText, lang, messageText, rankText, seatName, strainShort, t,
} from "./i18n.js";

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SIDE_OF = { N: "NS", S: "NS", E: "EW", W: "EW" };
const PARTNER = { N: "S", S: "N", E: "W", W: "E" };
const $ = (id) => document.getElementById(id);
let gameId = null;
let me = null;
// finished deals whose end has been shown (each deal's end stays until "Next deal")
let endsShown = 0;
// what the page shows now, to show it again in another language: the last state, the deal
// whose end is shown (null: the deal in progress), the server's last refusal as it came
let current = null;
let ending = null;
let refusal = "";
// the language and the contrast, before any text is written (see start at the end)
let ready = null;

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** The catalogue's text with a count in it: a text of forms ("one:{n} Stich|other:{n}
 * Stiche") gives the form this language's plural rules ask for (Polish and Slovak have
 * three); a text without forms (English, Hungarian) is the same for every count. A text
 * with such a count is also given the bare number as {count}, for a language whose
 * sentence wants the noun in a case of its own (Hungarian: "{count} ütést vitt"). */
function counted(key, n) {
  const text = t(key, { n });
  if (!text.includes("|")) return text;
  const forms = Object.fromEntries(text.split("|").map((f) => {
    const at = f.indexOf(":");
    return [f.slice(0, at), f.slice(at + 1)];
  }));
  const rule = new Intl.PluralRules(lang === "pt" ? "pt-PT" : lang).select(n);
  return forms[rule] ?? forms.other;
}

const pointsText = (n) => counted("mini.points_n", n);
const tricksText = (n) => counted("mini.tricks_n", n);

/** A strain as the table writes it: a suit's symbol, notrump in the local letters. */
function strainText(strain) {
  return strain === "N" || strain === "NT" ? strainShort("NT") : SUIT[strain];
}

function contractText(text) {
  if (!text) return "";
  const [call, by] = text.split(" ");
  const contract = call[0] + strainText(call.slice(1));
  if (!by) return contract;
  return by === me ? t("mini.contract_by_you", { contract })
    : t("mini.contract_by", { contract, seat: seatName(by) });
}

function who(seat) {
  return seat === me ? t("mini.you") : seatName(seat);
}

function handText(cards) {
  if (!cards) return "";
  return ["S", "H", "D", "C"]
    // a suit never breaks over two lines (no-break spaces inside it)
    .map((s) => SUIT[s] + "\u00a0" + (cards.filter((c) => c[0] === s).map((c) => rankText(c[1])).join("\u00a0") || "-"))
    .join("  ");
}

function slipText(slip) {
  return `${pointsText(slip.points)}; ` + slip.lengths.map((n, i) => `${n} ${SUIT["SHDC"[i]]}`).join(" ");
}

function showRefusal(text) {
  refusal = text;
  $("error").textContent = messageText(text);
}

async function send(url, body) {
  await ready;
  showRefusal("");
  $("status").textContent = t("mini.thinking");
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    showRefusal(data.error);
    $("status").textContent = "";
    return null;
  }
  return data;
}

// what each seat did, in the learner's own words ("You pass.") or of another seat
const ACTIONS = {
  announce: ["mini.log.announce", "mini.log.announce_you"],
  open: ["mini.log.open", "mini.log.open_you"],
  pass: ["mini.log.pass", "mini.log.pass_you"],
  bid: ["mini.log.bid", "mini.log.bid_you"],
  declare: ["mini.log.declare", "mini.log.declare_you"],
  play: ["mini.log.play", "mini.log.play_you"],
};

function actionText(a) {
  let kind = a.kind in ACTIONS ? a.kind : "play";
  if (kind === "bid" && !a.contract) kind = "pass";
  const [theirs, mine] = ACTIONS[kind];
  const params = { seat: seatName(a.seat) };
  if (kind === "announce") params.points = pointsText(a.points);
  if (kind === "bid" || kind === "declare") params.contract = contractText(a.contract);
  if (kind === "play") params.card = cardText(a.card);
  return t(a.seat === me ? mine : theirs, params);
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
    const input = el("input", null, { type: "number", min: "0", max: "37", "aria-label": t("mini.your_points") });
    const go = el("button", t("mini.announce"), { type: "button" });
    go.addEventListener("click", async () => {
      const data = await send(`/api/minibridge/${gameId}`, { announce: Number(input.value) });
      if (data) show(data);
    });
    box.append(el("span", `${t("mini.points_prompt")} `), input, go);
  } else if (state.phase === "open") {
    box.append(button(t("mini.open"), { open: true }), button(t("mini.pass"), { open: false }));
  } else if (state.phase === "declare") {
    for (const game of [false, true]) {
      const row = el("div", `${game ? t("mini.game") : t("mini.partscore")} `);
      for (const s of ["C", "D", "H", "S", "N"]) row.append(button(strainText(s), { strain: s === "N" ? "NT" : s, game }));
      box.append(row);
    }
  } else if (state.phase === "bid") {
    const level = el("select", null, { "aria-label": t("mini.level") });
    for (let n = 1; n <= 7; n++) level.append(el("option", String(n)));
    const strain = el("select", null, { "aria-label": t("mini.strain") });
    for (const s of ["C", "D", "H", "S", "NT"]) strain.append(el("option", strainText(s), { value: s }));
    const go = el("button", t("mini.name_it"), { type: "button" });
    go.addEventListener("click", async () => {
      const data = await send(`/api/minibridge/${gameId}`, { bid: level.value + strain.value });
      if (data) show(data);
    });
    box.append(level, strain, go, button(t("mini.pass"), { bid: null }));
  } else {
    // card_hand: the hand the card comes from (dummy's, when declarer plays from it)
    const fromDummy = state.card_hand !== me;
    const prompt = fromDummy
      ? t("mini.your_card_from_dummy", { seat: seatName(state.card_hand) })
      : t("mini.your_card");
    box.append(el("span", `${prompt} `));
    for (const card of state.legal) box.append(button(cardText(card), { card }));
  }
}

/** The score sheet in the page's language, drawn as the server draws it in English (one
 * line a deal played, then the totals; a column as wide as its heading needs). */
function sheetText(state) {
  if (lang === "en") return state.sheet; // the server's own, as it is
  const letter = { N: "mini.seat_short.N", E: "mini.seat_short.E", S: "mini.seat_short.S", W: "mini.seat_short.W" };
  const rows = state.finished.filter((f) => !f.redeal && f.contract).map((f) => {
    const [call, by] = f.contract.split(" ");
    return [String(f.number), `${call[0]}${strainText(call.slice(1))} ${by ? t(letter[by]) : "?"}`,
      String(f.tricks), f.ns ? String(f.ns) : "", f.ew ? String(f.ew) : ""];
  });
  const head = [t("mini.sheet.deal"), t("mini.sheet.contract"), t("mini.sheet.tricks"), t("mini.sheet.ns"), t("mini.sheet.ew")];
  const total = [t("mini.sheet.total"), "", "", String(state.totals.NS), String(state.totals.EW)];
  const lines = [head, ...rows, total];
  const width = [4, 10, 6, 5, 5].map((w, i) => Math.max(w, ...lines.map((l) => l[i].length)));
  const line = (l) => `${l[0].padStart(width[0])}  ${l[1].padEnd(width[1])} ${l[2].padStart(width[2])}  ` +
    `${l[3].padStart(width[3])}  ${l[4].padStart(width[4])}`;
  return lines.map(line).join("\n");
}

function show(state) {
  current = state;
  // A deal that has just ended is shown as it ended (the answer to its last card already
  // holds the next deal), until "Next deal"; the series' last deal stays.
  const played = state.finished.filter((f) => !f.redeal);
  ending = null;
  if (state.over || played.length > endsShown) {
    endsShown = played.length;
    ending = played.at(-1);
  }
  render();
}

/** The game as it is now (the state, the end shown or the deal in progress), in the page's
 * language. */
function render() {
  const state = current;
  me = state.seat;
  $("start").hidden = true;
  $("game").hidden = false;
  $("sheet").textContent = sheetText(state);
  const finished = $("finished");
  finished.replaceChildren();
  for (const f of state.finished) {
    if (f.redeal) continue;
    // lines that wrap (not a <pre>): a hand with its tens is wider than a phone
    const hands = el("ul");
    for (const s of ["N", "E", "S", "W"]) hands.append(el("li", `${seatName(s)} (${f.points[s]}): ${handText(f.hands[s])}`));
    finished.append(el("p", t("mini.finished_deal", {
      n: f.number, contract: contractText(f.contract), tricks: tricksText(f.tricks), count: f.tricks,
      ns: f.ns, ew: f.ew,
    })), hands);
  }
  if (state.over || ending) showEnd(state, ending);
  else showDeal(state);
}

function trickText(trick) {
  const won = trick.winner === me ? t("mini.won_by_you") : t("mini.won_by", { seat: seatName(trick.winner) });
  return trick.cards.map(([s, c]) => `${who(s)} ${cardText(c)}`).join(", ") + ` (${won})`;
}

function showEnd(state, deal) {
  if (state.over) {
    $("title").textContent = t("mini.series_over");
    const mine = state.totals[SIDE_OF[me]];
    const theirs = state.totals[SIDE_OF[me] === "NS" ? "EW" : "NS"];
    $("status").textContent = `${t("mini.final_score", { ns: state.totals.NS, ew: state.totals.EW })} ` +
      (mine > theirs ? t("mini.you_win") : mine < theirs ? t("mini.you_lose") : t("mini.tie"));
  } else {
    $("title").textContent = t("mini.deal_over", { n: deal.number, deals: state.deals });
    $("status").textContent = t("mini.deal_score", { ns: deal.ns, ew: deal.ew });
  }
  // the end itself: every card played, the thirteenth trick whole, the count the score has
  const hands = $("hands");
  hands.replaceChildren(el("p", t("mini.all_played")));
  hands.append(el("p", t("mini.contract_took", {
    contract: contractText(deal.contract), tricks: tricksText(deal.tricks), count: deal.tricks,
  })));
  if (deal.last_trick) hands.append(el("p", t("mini.last_trick", { trick: trickText(deal.last_trick) }), { id: "last-trick" }));
  $("log-title").hidden = false;
  $("log").replaceChildren(...deal.actions.map((a) => el("li", actionText(a))));
  const box = $("answer");
  box.replaceChildren();
  if (!state.over) {
    const next = el("button", t("mini.next_deal"), { type: "button", id: "next-deal" });
    next.addEventListener("click", () => {
      ending = null;
      showDeal(state);
      $("title").focus();
    });
    box.append(next);
  }
}

function showDeal(state) {
  $("title").textContent = t("mini.deal_title", {
    n: state.number, deals: state.deals, dealer: seatName(state.dealer), seat: seatName(me),
  });
  const hands = $("hands");
  hands.replaceChildren(el("p", t("mini.your_hand", { hand: handText(state.hand) })));
  if (state.form === "slips") hands.append(el("p", t("mini.your_slip", { slip: slipText(state.slip) })));
  if (state.partner_slip) hands.append(el("p", t("mini.partner_slip", { slip: slipText(state.partner_slip) })));
  if (state.dummy && state.declarer && PARTNER[state.declarer] !== me) {
    hands.append(el("p", t("mini.dummy_hand", { seat: seatName(PARTNER[state.declarer]), hand: handText(state.dummy) })));
  }
  if (state.contract) {
    hands.append(el("p", t("mini.contract_has", {
      contract: contractText(state.contract), tricks: tricksText(state.tricks), count: state.tricks,
    })));
  }
  if (state.last_trick) hands.append(el("p", t("mini.previous_trick", { trick: trickText(state.last_trick) })));
  if (state.trick.length) {
    hands.append(el("p", t("mini.trick", { cards: state.trick.map(([s, c]) => `${who(s)} ${cardText(c)}`).join(", ") })));
  }
  $("log-title").hidden = false;
  const log = $("log");
  log.replaceChildren(...state.actions.map((a) => el("li", actionText(a))));
  $("status").textContent = state.mine ? t("mini.your_turn") : t("mini.waiting_for", { seat: seatName(state.turn) });
  answerControls(state);
}

ready = startPage({
  titleKey: "mini.title",
  changed: async () => {
    if (refusal) showRefusal(refusal);
    if (current) render();
  },
});

$("start").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const body = { form: form.get("form"), seat: form.get("seat"), deals: Number(form.get("deals")) };
  if (form.get("seed") !== "") body.seed = Number(form.get("seed"));
  const data = await send("/api/minibridge", body);
  if (data) {
    gameId = data.id;
    endsShown = 0;
    show(data);
  }
});
