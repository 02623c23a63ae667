// The tournaments of the day (server/daily/routes.py, docs/daily.md): today's sets with their
// scoring, kind, window and the rule for unfinished deals; start or go on with a set at its
// table; the live ranking, the player's scorecard and, for each deal the player finished,
// how the field played it (the server refuses it before).
import { startPage } from "./page.js";
import { cardText, messageText, rankText, seatName, SUIT_SYMBOL, t } from "./i18n.js";
import { el } from "./dom.js";

const $ = (id) => document.getElementById(id);
const SEATS = ["N", "E", "S", "W"];
let chosen = null; // the set whose ranking and scorecard are shown
let sets = [];

async function ask(url, method = "GET") {
  const r = await fetch(url, { method, cache: "no-store" });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const error = new Error(messageText(data.error || "") || String(r.status));
    error.status = r.status;
    throw error;
  }
  return data;
}

/** A table that may scroll sideways on a phone: a region the keyboard can reach. */
const wrap = (label, table) => el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": label }, table);

function say(error) {
  $("error").textContent = error ? error.message : "";
}

const scoringText = (s) => t(`daily.scoring.${s}`);
const points = (x, unit) => (unit === "%" ? `${x.toFixed(1)}%` : `${x > 0 ? "+" : ""}${x.toFixed(2)}`);
const when = (iso) => new Date(iso).toLocaleString(document.documentElement.lang, {
  weekday: "short", hour: "2-digit", minute: "2-digit", timeZoneName: "short" });

/** "4SX S" -> "4♠X S" in the page's language; "Pass" -> passed out. */
function contractText(text, declarer) {
  if (!text || text === "Pass") return t("daily.passed_out");
  const m = text.match(/^(\d)(NT|[SHDC])(X{0,2})/);
  if (!m) return text;
  const strain = m[2] === "NT" ? t("strain.NT.short") : SUIT_SYMBOL[m[2]];
  return `${m[1]}${strain}${m[3]}${declarer ? ` ${seatName(declarer)}` : ""}`;
}

/** The contract with its result as players write it: "4♠ South +1", "3NT West =", "-2". */
function played(text, declarer, tricks) {
  const shown = contractText(text, declarer);
  const m = text && text.match(/^(\d)/);
  if (!m || text === "Pass") return shown;
  const over = tricks - 6 - Number(m[1]);
  return `${shown} ${over === 0 ? "=" : over > 0 ? `+${over}` : String(over)}`;
}

function setCard(s) {
  const started = s.finished !== null;
  const done = started && s.finished >= s.deals;
  const progress = !started ? t("daily.not_started")
    : t("daily.progress", { n: s.finished, deals: s.deals });
  const item = (key, value) => el("div", {}, el("dt", {}, t(key)), el("dd", {}, value));
  const card = el("article", { class: "panel daily-set", id: `set-${s.id}`, "aria-labelledby": `name-${s.id}` },
    el("h2", { id: `name-${s.id}` }, s.name),
    el("dl", { class: "facts" },
      item("daily.scoring", scoringText(s.scoring)),
      item("daily.kind", t(`daily.kind.${s.kind}`)),
      item("daily.window", t("daily.window_text", { opens: when(s.opens), closes: when(s.closes) })),
      item("daily.unplayed", t(`daily.rule.${s.unplayed}.${s.scoring === "MP" ? "mp" : "imps"}`)),
      item("daily.players", String(s.played)),
      item("daily.yours", progress)));
  const actions = el("div", { class: "actions" });
  if (!done && s.open) {
    actions.append(el("button", { type: "button", class: "primary", id: `play-${s.id}`,
      onclick: () => play(s) }, t(started ? "daily.continue" : "daily.start")));
  } else if (!s.open) {
    actions.append(el("p", { class: "notice" }, t("daily.closed")));
  } else {
    actions.append(el("p", { class: "notice" }, t("daily.all_played")));
  }
  actions.append(el("button", { type: "button", id: `show-${s.id}`, "aria-pressed": String(chosen === s.id),
    "aria-controls": "standing", onclick: () => choose(s.id) }, t("daily.show_ranking")));
  card.append(actions);
  return card;
}

/** Enter the set (once) and go to the table of the next deal. */
async function play(s) {
  say(null);
  try {
    await ask(`/api/daily/${s.id}/start`, "POST");
    const table = await ask(`/api/daily/${s.id}/play`, "POST");
    location.href = table.link;
  } catch (error) {
    say(error);
  }
}

async function choose(id) {
  chosen = id;
  for (const s of sets) $(`show-${s.id}`)?.setAttribute("aria-pressed", String(s.id === id));
  await standing();
  $("standing-title")?.focus();
}

function rankingTable(r) {
  const head = ["daily.rank", "daily.player", "daily.average", "daily.played"];
  const rows = r.standings.map((line) => el("tr", { class: line.you ? "you" : null },
    el("td", {}, `${line.rank}${line.tied ? "=" : ""}`),
    el("th", { scope: "row" }, line.robots ? t("daily.robots") : line.name,
      line.you ? ` (${t("daily.you")})` : ""),
    el("td", {}, points(line.average, r.unit)),
    el("td", {}, String(line.played))));
  return wrap(t(r.final ? "daily.final_ranking" : "daily.live_ranking"), el("table", { id: "ranking", class: "grid" },
    el("caption", {}, t(r.final ? "daily.final_ranking" : "daily.live_ranking")),
    el("thead", {}, el("tr", {}, ...head.map((k) => el("th", { scope: "col" }, t(k))))),
    el("tbody", {}, ...rows)));
}

function scorecardTable(deals, unit) {
  if (!deals.length) return el("p", {}, t("daily.no_deals"));
  const head = ["daily.board", "daily.contract", "daily.lead", "daily.score", "daily.points", "daily.field"];
  const rows = deals.map((d) => el("tr", {},
    el("th", { scope: "row" }, String(d.board)),
    el("td", {}, played(d.contract, d.contract === "Pass" ? null : d.contract.split(" ")[1], d.tricks)),
    el("td", {}, d.lead ? cardText(d.lead) : "–"),
    el("td", {}, String(d.side === "NS" ? d.score : -d.score)),
    el("td", {}, points(d.points, unit)),
    el("td", {}, el("button", { type: "button", id: `field-${d.board}`, "aria-controls": "field-view",
      "aria-label": t("daily.how_field", { n: d.board }), onclick: () => showField(d.board) }, t("daily.show")))));
  return wrap(t("daily.scorecard"), el("table", { id: "scorecard", class: "grid" },
    el("caption", {}, t("daily.scorecard")),
    el("thead", {}, el("tr", {}, ...head.map((k) => el("th", { scope: "col" }, t(k))))),
    el("tbody", {}, ...rows)));
}

/** The four hands of a PBN deal ("N:AK.Q.J.T ..."), N E S W. */
function hands(pbn) {
  const [first, rest] = pbn.split(":");
  const start = SEATS.indexOf(first);
  const out = {};
  rest.trim().split(/\s+/).forEach((hand, i) => { out[SEATS[(start + i) % 4]] = hand.split("."); });
  return el("div", { class: "field-hands" }, ...SEATS.map((seat) => el("div", { class: `field-hand hand-${seat}` },
    el("strong", {}, seatName(seat)),
    ...["S", "H", "D", "C"].map((suit, i) => el("div", {},
      el("span", { "aria-hidden": "true" }, SUIT_SYMBOL[suit]), el("span", { class: "sr-only" }, t(`suit.${suit}.name`)), " ",
      out[seat][i] ? [...out[seat][i]].map(rankText).join(" ") : "–")))));
}

async function showField(board) {
  const box = $("field-view");
  say(null);
  try {
    const f = await ask(`/api/daily/${chosen}/field/${board}`);
    const head = ["daily.contract", "daily.lead", "daily.score", "daily.points", "daily.count"];
    const rows = f.rows.map((row) => el("tr", { class: row.yours ? "you" : null },
      el("th", { scope: "row" }, played(row.contract, row.declarer, row.tricks), row.yours ? ` (${t("daily.you")})` : ""),
      el("td", {}, row.lead ? cardText(row.lead) : "–"),
      el("td", {}, String(row.side === "NS" ? row.score : -row.score)),
      el("td", {}, points(row.points, f.unit)),
      el("td", {}, `${row.count} (${row.frequency} %)`)));
    box.replaceChildren(
      el("h3", { id: "field-title", tabindex: "-1" }, t("daily.field_title", { n: f.board })),
      el("p", {}, t("daily.field_facts", { dealer: seatName(f.dealer), vul: t(`vul.${f.vulnerability}`), n: f.entries }),
        f.datum !== null ? ` ${t("daily.datum", { datum: f.datum })}` : ""),
      hands(f.deal),
      wrap(t("daily.field_title", { n: f.board }), el("table", { class: "grid", id: "field-table" },
        el("thead", {}, el("tr", {}, ...head.map((k) => el("th", { scope: "col" }, t(k))))),
        el("tbody", {}, ...rows))));
    $("field-title").focus();
  } catch (error) {
    say(error);
  }
}

async function standing() {
  const box = $("standing");
  const s = sets.find((x) => x.id === chosen);
  if (!s) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const parts = [el("h2", { id: "standing-title", tabindex: "-1" }, t("daily.standing_of", { name: s.name }))];
  try {
    const r = await ask(`/api/daily/${s.id}/ranking`);
    parts.push(rankingTable(r));
    if (s.finished !== null) {
      const card = await ask(`/api/daily/${s.id}/scorecard`);
      parts.push(scorecardTable(card.deals, r.unit));
    } else {
      parts.push(el("p", {}, t("daily.start_to_see")));
    }
  } catch (error) {
    say(error);
  }
  parts.push(el("section", { id: "field-view", "aria-live": "polite" }));
  box.replaceChildren(...parts);
}

async function show() {
  say(null);
  try {
    const day = await ask("/api/daily");
    sets = day.sets;
  } catch (error) {
    $("sets").replaceChildren(el("p", {}, error.status === 401
      ? el("a", { href: "/" }, t("daily.log_in")) : error.message));
    $("standing").hidden = true;
    return;
  }
  if (!chosen || !sets.some((s) => s.id === chosen)) {
    chosen = (sets.find((s) => s.finished !== null) || sets[0])?.id ?? null;
  }
  $("sets").replaceChildren(...sets.map(setCard));
  await standing();
}

await startPage({ titleKey: "daily.title", changed: () => show() });
await show();
