// Translation catalogues: every text on the page goes through t(key, params).
// The catalogues (server/i18n/<lang>.json) carry the proper bridge words of each language:
// the strain names and letters (NT: BT / szan / BA / ST / SA), pass/double/redouble, seats.

export const LANGUAGES = {
  en: "English", sk: "Slovenčina", hu: "Magyar", pl: "Polski", pt: "Português", de: "Deutsch",
};

let catalogue = {};
let fallback = {};
export let lang = "en";

/** Loads the catalogue of wanted (English if unknown); with remember false, the reader's
 * saved choice stays as it was (a page in English only, like Minibridge's, needs the card
 * letters all the same). */
export async function loadLanguage(wanted, { remember = true } = {}) {
  const pick = wanted in LANGUAGES ? wanted : "en";
  if (!Object.keys(fallback).length) {
    fallback = await (await fetch("/api/i18n/en")).json();
  }
  catalogue = pick === "en" ? fallback : await (await fetch(`/api/i18n/${pick}`)).json();
  lang = pick;
  document.documentElement.lang = pick;
  if (remember) localStorage.setItem("cb.lang", pick);
}

export function preferredLanguage() {
  const saved = localStorage.getItem("cb.lang");
  if (saved && saved in LANGUAGES) return saved;
  for (const l of navigator.languages || []) {
    const short = l.slice(0, 2).toLowerCase();
    if (short in LANGUAGES) return short;
  }
  return "en";
}

/** The text for key, with {name} placeholders filled from params. */
export function t(key, params = {}) {
  let text = catalogue[key] ?? fallback[key] ?? key;
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** The strain as shown in calls: a symbol for suits, the local letters for notrump. */
export function strainShort(strain) {
  return strain === "NT" ? t("strain.NT.short") : SUIT_SYMBOL[strain];
}

/** "1NT" -> "1BT" (sk), "P" -> "pas"; for the eye. */
export function callText(call) {
  if (call === "Pass") return t("call.pass");
  if (call === "X") return t("call.double.short");
  if (call === "XX") return t("call.redouble.short");
  return call[0] + strainShort(call.slice(1));
}

/** "1NT" -> "1 notrump", for screen readers. */
export function callWords(call) {
  if (call === "Pass") return t("call.pass");
  if (call === "X") return t("call.double");
  if (call === "XX") return t("call.redouble");
  return `${call[0]} ${t(`strain.${call.slice(1)}.name`)}`;
}

/** The rank as printed on the card in this language (A K D B in German, A K D W in Polish). */
export function rankText(rank) {
  if (rank === "T") return "10";
  return "AKQJ".includes(rank) ? t(`rank.${rank}.short`) : rank;
}

/** "SA" -> "♠A" (with the local letters for honours). */
export function cardText(card) {
  return SUIT_SYMBOL[card[0]] + rankText(card[1]);
}

/** "SA" -> "ace of spades", for screen readers. */
export function cardWords(card) {
  const rank = card[1];
  const rankName = "AKQJ".includes(rank) ? t(`rank.${rank}.name`) : rank === "T" ? "10" : rank;
  return t("card.words", { rank: rankName, suit: t(`suit.${card[0]}.name`) });
}

export function seatName(seat) {
  return t(`seat.${seat}`);
}

// -- robots' explanations ------------------------------------------------------------------
// A robot explains a call in English parts joined by ", ": the system's words ("transfer to
// ♥", "forcing"), ranges ("12-21 HCP", "5+ ♠", "exactly 4 ♥") and phrases with a suit or a
// number in them ("decent ♠ suit"). Each part is shown in the page's language: the words
// from the catalogue ("expl.<part>"), the ranges by pattern, the phrases by the catalogue's
// templates ({0}, {1}: a suit; {n}, {m}: a number). A part the catalogue does not know (a
// person's own words) is shown as written.
const SUIT_WORDS = { spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };
const SUIT = "(♠|♥|♦|♣|spades|hearts|diamonds|clubs)";
const UNIT = "(HCP|points|support points)";
let templates = null;

/** The catalogue's keys under ``prefix`` whose English holds placeholders (``placeholder``:
 * a pattern with one group, the name) as [pattern matching such an English text, key,
 * names in order, length of the fixed text]. */
function keyTemplates(prefix, placeholder) {
  const each = new RegExp(placeholder, "g");
  const between = new RegExp(placeholder.replace("(", "(?:"), "g");
  const out = [];
  for (const key of Object.keys(fallback)) {
    if (!key.startsWith(prefix)) continue;
    const english = key.slice(prefix.length);
    const names = [...english.matchAll(each)].map((m) => m[1]);
    if (!names.length) continue;
    const pieces = english.split(between);
    const source = pieces.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("(.+?)");
    out.push([new RegExp(`^${source}$`), key, names, pieces.join("").length]);
  }
  return out;
}

function explanationTemplates() {
  templates ??= keyTemplates("expl.", "\\{(\\w+)\\}");
  return templates;
}

function explanationPart(part) {
  const word = catalogue[`expl.${part}`];
  if (word !== undefined) return word;
  const suit = (w) => SUIT_WORDS[w] ?? w;
  let m = part.match(new RegExp(`^(\\d+)(-\\d+|\\+)? ${UNIT}$`));
  if (m) return `${m[1]}${m[2] ?? ""} ${t(`expl.unit.${m[3]}`)}`;
  m = part.match(new RegExp(`^up to (\\d+) ${UNIT}$`));
  if (m) return t("expl.up_to", { n: m[1], unit: t(`expl.unit.${m[2]}`) });
  m = part.match(new RegExp(`^(\\d+)(-\\d+|\\+)? ${SUIT}$`));
  if (m) return `${m[1]}${m[2] ?? ""} ${suit(m[3])}`;
  m = part.match(new RegExp(`^exactly (\\d+) ${SUIT}$`));
  if (m) return t("expl.exactly", { n: m[1], suit: suit(m[2]) });
  m = part.match(new RegExp(`^at most (\\d+) ${SUIT}$`));
  if (m) return t("expl.at_most", { n: m[1], suit: suit(m[2]) });
  for (const [pattern, key, names] of explanationTemplates()) {
    const found = part.match(pattern);
    if (!found) continue;
    let text = catalogue[key] ?? key.slice(5);
    names.forEach((name, i) => { text = text.replaceAll(`{${name}}`, suit(found[i + 1])); });
    return text;
  }
  return part;
}

/** A call's announcement ("15-17", "hearts", "3+ cards": the set words of the regulations)
 * in the page's language: a range with its dash, the words from the catalogue
 * ("ann.<English>"), anything else as written. */
export function announcementText(text) {
  if (!text) return text;
  let m = text.match(/^(\d+)-(\d+)$/);
  if (m) return `${m[1]}–${m[2]}`;
  m = text.match(/^(\d+)\+ cards$/);
  if (m) return t("ann.{n}+ cards", { n: m[1] });
  return catalogue[`ann.${text}`] ?? fallback[`ann.${text}`] ?? text;
}

/** A call's explanation in the page's language (see above); English is shown as it is. */
export function explanationText(text) {
  if (!text || lang === "en") return text;
  return text.split(", ").map(explanationPart).join(", ");
}

// -- the server's messages -----------------------------------------------------------------
// The server refuses in English (its log and its API speak one language); the page shows
// the refusal in its own: the catalogue holds every message as "msg.<English>", with {0},
// {1} where the server puts a seat, a call, a number or another message. A seat's name is
// shown in the page's language, a nested message is translated in turn.
const SEAT_NAMES = { North: "N", East: "E", South: "S", West: "W" };
let messages = null;

function messageTemplates() {
  if (messages) return messages;
  messages = keyTemplates("msg.", "\\{(\\d)\\}");
  messages.sort((a, b) => b[3] - a[3]); // the most specific (longest fixed text) first
  return messages;
}

/** The server's message in the page's language (as written if the catalogue lacks it). */
export function messageText(text) {
  if (!text || lang === "en") return text;
  const known = catalogue[`msg.${text}`];
  if (known !== undefined) return known;
  for (const [pattern, key, names] of messageTemplates()) {
    const found = text.match(pattern);
    if (!found) continue;
    let out = catalogue[key] ?? key.slice(4);
    names.forEach((name, i) => {
      const value = found[i + 1];
      const shown = value in SEAT_NAMES ? t(`seat.${SEAT_NAMES[value]}`) : messageText(value);
      out = out.replaceAll(`{${name}}`, shown);
    });
    return out;
  }
  return text;
}
