// What a player types in the command box: a call, a card, or a word for a button.
import { cardText, messageText, seatName, t } from "../i18n.js";
import { el } from "../dom.js";
import { chooseCall } from "./bidding.js";
import { lastFinished } from "./common.js";

/** Parses what a player types: "1n" -> 1NT, "p" -> Pass, "sa"/"as"/"s10" -> SA. */
export function parseCall(text) {
  const key = text.trim().toUpperCase().replace(/\s+/g, "");
  if (["P", "PASS", "PAS", "PASSZ", "PASSE", "PASSO", "-"].includes(key)) return "Pass";
  if (["X", "D", "DBL", "KONTRA", "DOBRE", "DOBRO"].includes(key)) return "X";
  if (["XX", "R", "RDBL", "REKONTRA", "REDOBRE", "REDOBRO"].includes(key)) return "XX";
  const m = key.match(/^([1-7])(NT|N|BT|SZ|SZAN|BA|ST|SA|[CDHS♣♦♥♠])$/);
  if (!m) return null;
  const strain = { "♣": "C", "♦": "D", "♥": "H", "♠": "S" }[m[2]] ?? m[2];
  return m[1] + (["C", "D", "H", "S"].includes(strain) ? strain : "NT");
}

/** Parses a card as typed: "sa", "as", "h10", "♠A"; honours also by the letters the page
 * shows in its language ("sd" is the queen of spades in German, "sr" the king in Portuguese). */
export function parseCard(text) {
  let key = text.trim().toUpperCase().replace("10", "T");
  key = key.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C");
  const local = {};
  for (const r of "AKQJ") local[t(`rank.${r}.short`).toUpperCase()] = r;
  const rank = (c) => (/^[AKQJT2-9]$/.test(c) ? c : local[c]);
  if (key.length !== 2) return null;
  if ("SHDC".includes(key[0]) && rank(key[1])) return key[0] + rank(key[1]);
  if ("SHDC".includes(key[1]) && rank(key[0])) return key[1] + rank(key[0]);
  return null;
}

/** A suit named alone for dummy ("h", "♥", "a heart"): the server plays dummy's lowest card
 * of it (Law 46B2). "d" alone is a diamond here: only cards are due when this is read. */
export function parseSuit(text) {
  let key = text.trim().toLowerCase().replace(/^(a\s+)?(small\s+)?/, "");
  if (key.length > 1 && key.endsWith("s")) key = key.slice(0, -1);  // "hearts"
  const words = { club: "C", diamond: "D", heart: "H", spade: "S", c: "C", d: "D", h: "H",
    s: "S", "♣": "C", "♦": "D", "♥": "H", "♠": "S" };
  return words[key] ?? null;
}

/** Stopping the series is asked once more: the other people at the table must agree. */
export function askStop(page) {
  if (window.confirm(t("ui.stop_series_confirm"))) page.send({ stop: true });
}

/** The command box (a seat's only: a spectator has nothing to type). */
export function commandForm(page) {
  const command = el("input", { type: "text", id: "command", autocomplete: "off",
    placeholder: t("ui.command_placeholder"), "aria-label": t("ui.command") });
  return el("form", { class: "command-form", onsubmit: (ev) => {
    ev.preventDefault();
    // Cleared first: a command that redraws the page (last, next) would otherwise carry
    // its own text over into the new command box.
    const text = command.value;
    command.value = "";
    runCommand(page, text);
  } }, command, el("button", { type: "submit" }, t("ui.go")));
}

function runCommand(page, text) {
  const v = page.view;
  const key = text.trim().toLowerCase();
  if (!key) return;
  if (key === "last" || key === "l") { page.showLast = !page.showLast; page.render(); return; }
  if (key === "undo" || key === "u") { page.send({ undo: true }); return; }
  if (key === "next" || key === "n") { page.dismissed = lastFinished(v)?.number; page.review = null; page.render(); return; }
  const claim = key.match(/^claim\s+(\d+)$/);
  if (claim) { page.send({ claim: Number(claim[1]) }); return; }
  if (key === "concede") { page.send({ concede: true }); return; }
  if (key === "withdraw") { page.send({ withdraw_claim: true }); return; }
  if (key === "stop") { askStop(page); return; }
  // "ask C9": what an opponent's card means by the robots' carding (Law 20F)
  const ask = key.match(/^(?:ask|\?)\s+(\S+)$/);
  if (ask) { askSignal(page, parseCard(ask[1]) || ask[1]); return; }
  // Answer a waiting claim, undo or stop: "accept"/"reject", or the buttons' own words.
  const answer = ["accept", t("ui.accept").toLowerCase()].includes(key) ? true
    : ["reject", t("ui.reject").toLowerCase()].includes(key) ? false : null;
  if (answer !== null) {
    const b = v.board;
    if (!v.pending.includes(v.seat)) page.showError(t("ui.not_your_turn"));
    else if (v.pending_stop) page.send({ accept_stop: answer });
    else if (b?.pending_undo) page.send({ accept_undo: answer });
    else if (b?.pending_claim || b?.pending_concession) page.send({ accept_claim: answer });
    else page.showError(t("ui.not_your_turn"));
    return;
  }
  if (v.legal_calls) {
    const call = parseCall(key);
    if (call && v.legal_calls.includes(call)) chooseCall(page, call);
    else page.showError(t("ui.not_legal_call", { text }));
    return;
  }
  if (v.legal_cards) {
    const card = parseCard(key);
    const suit = card ? null : parseSuit(key);
    if (card && v.legal_cards.includes(card)) page.send({ card });
    else if (suit) page.send({ card: suit });
    else page.showError(t("ui.not_legal_card", { text }));
    return;
  }
  page.showError(t("ui.not_your_turn"));
}

/** The meaning of an opponent's card played this deal, as their partner would tell it,
 * shown where a hint is (until the table moves on). */
async function askSignal(page, card) {
  const version = page.view.version;
  const query = `card=${encodeURIComponent(card)}&token=${encodeURIComponent(page.token)}`;
  const response = await fetch(`/api/tables/${page.id}/signal?${query}`);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    page.showError(data.error);
    return;
  }
  const meaning = data.meaning ? messageText(data.meaning) : t("ui.signal_none");
  const text = t("ui.signal", { seat: seatName(data.seat), card: cardText(data.card), meaning });
  page.hint = { version, text };
  page.render();
}
