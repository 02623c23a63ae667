// Challenges (server/challenges/routes.py, docs/challenges.md): challenge a player by name or
// the robots; accept or decline what others sent; play the next deal at its table; and the
// deal-by-deal comparison at IMPs (a deal's line once the player finished it, the other's
// result only once both did: the server sends no more).
import { startPage } from "./page.js";
import { messageText, seatName, SUIT_SYMBOL, t } from "./i18n.js";
import { el } from "./dom.js";

const $ = (id) => document.getElementById(id);
let chosen = new URLSearchParams(location.search).get("id");
let mine = [];

async function ask(url, method = "GET", body = undefined) {
  const init = { method, cache: "no-store" };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const r = await fetch(url, init);
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const error = new Error(messageText(data.error || "") || String(r.status));
    error.status = r.status;
    throw error;
  }
  return data;
}

function say(error) {
  $("error").textContent = error ? error.message : "";
}

const when = (iso) => new Date(iso).toLocaleString(document.documentElement.lang, {
  weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
const who = (c) => (c.robots ? t("challenges.the_robots") : c.opponent);
const signed = (x) => (x > 0 ? `+${x}` : String(x));

/** "4S S" with its tricks -> "4♠ South +1 (+450)"; "Pass" -> passed out. */
function resultText(r) {
  if (!r) return null;
  if (r.contract === "Pass") return `${t("daily.passed_out")} (0)`;
  const m = r.contract.match(/^(\d)(NT|[SHDC])(X{0,2}) ([NESW])/);
  if (!m) return r.contract;
  const strain = m[2] === "NT" ? t("strain.NT.short") : SUIT_SYMBOL[m[2]];
  const over = r.tricks - 6 - Number(m[1]);
  const made = over === 0 ? "=" : signed(over);
  return `${m[1]}${strain}${m[3]} ${seatName(m[4])} ${made} (${signed(r.score)})`;
}

function item(c) {
  const name = who(c);
  const actions = el("div", { class: "actions" });
  if (c.state === "open" && !c.sent) {
    actions.append(
      el("button", { type: "button", class: "primary", id: `accept-${c.id}`, onclick: () => answer(c, "accept") },
        t("challenges.accept")),
      el("button", { type: "button", id: `decline-${c.id}`, onclick: () => answer(c, "decline") }, t("challenges.decline")));
  }
  if (c.state === "playing" && c.finished < c.deals) {
    actions.append(el("button", { type: "button", class: "primary", id: `play-${c.id}`, onclick: () => play(c) },
      t("challenges.play", { n: c.finished + 1, deals: c.deals })));
  }
  if (c.state === "playing" || c.state === "finished") {
    actions.append(el("button", { type: "button", id: `show-${c.id}`, "aria-controls": "comparison",
      "aria-pressed": String(chosen === c.id), onclick: () => choose(c.id) }, t("challenges.show")));
  }
  const facts = [el("p", {}, el("strong", {}, c.sent ? t("challenges.you_vs", { name }) : t("challenges.vs_you", { name })),
    ` — ${t(`challenges.state.${c.state}`)}`)];
  if (c.state === "open") facts.push(el("p", {}, t("challenges.expires", { when: when(c.expires) })));
  if (c.state === "playing" || c.state === "finished") {
    facts.push(el("p", {}, t("challenges.progress", { n: c.finished, m: c.their_finished, deals: c.deals, name })));
  }
  if (c.state === "playing") facts.push(el("p", {}, t("challenges.closes", { when: when(c.closes) })));
  return el("li", { class: "challenge-item", id: `challenge-${c.id}` }, ...facts, actions);
}

function section(key, list) {
  const id = `section-${key}`;
  return el("section", { class: "panel", "aria-labelledby": id },
    el("h2", { id }, t(`challenges.section.${key}`)),
    list.length ? el("ul", { class: "challenge-list" }, ...list.map(item)) : el("p", {}, t("challenges.none")));
}

function newChallenge() {
  const input = el("input", { id: "opponent", name: "opponent", autocomplete: "off", maxlength: "64", required: "" });
  const form = el("form", { id: "new-challenge-form", onsubmit: (e) => { e.preventDefault(); create({ opponent: input.value }); } },
    el("label", { for: "opponent" }, t("challenges.opponent"), input),
    el("button", { type: "submit", class: "primary", id: "send-challenge" }, t("challenges.send")),
    el("button", { type: "button", id: "challenge-robots", onclick: () => create({ robots: true }) }, t("challenges.robots")));
  return el("section", { class: "panel new-challenge", "aria-labelledby": "new-title" },
    el("h2", { id: "new-title" }, t("challenges.new")), form);
}

async function create(body) {
  say(null);
  try {
    const c = await ask("/api/challenges", "POST", body);
    chosen = c.robots ? c.id : chosen;
    await show();
    $(`challenge-${c.id}`)?.querySelector("button")?.focus();
  } catch (error) {
    say(error);
  }
}

async function answer(c, how) {
  say(null);
  try {
    await ask(`/api/challenges/${c.id}/${how}`, "POST");
    if (how === "accept") chosen = c.id;
    await show();
    (how === "accept" ? $(`play-${c.id}`) : $("opponent"))?.focus();
  } catch (error) {
    say(error);
  }
}

async function play(c) {
  say(null);
  try {
    const table = await ask(`/api/challenges/${c.id}/play`, "POST");
    location.href = table.link;
  } catch (error) {
    say(error);
  }
}

async function choose(id) {
  chosen = id;
  for (const c of mine) $(`show-${c.id}`)?.setAttribute("aria-pressed", String(c.id === id));
  await comparison();
  $("comparison-title")?.focus();
}

async function comparison() {
  const box = $("comparison");
  if (!chosen || !mine.some((c) => c.id === chosen && (c.state === "playing" || c.state === "finished"))) {
    box.hidden = true;
    return;
  }
  try {
    const c = await ask(`/api/challenges/${chosen}`);
    const name = who(c);
    let running = 0;
    const rows = c.lines.map((line) => {
      if (line.imps !== null) running += line.imps;
      return el("tr", {},
        el("th", { scope: "row" }, String(line.board)),
        el("td", {}, resultText(line.mine) ?? t("challenges.not_played")),
        el("td", {}, resultText(line.theirs) ?? (line.mine ? t("challenges.waiting") : "–")),
        el("td", { class: "num" }, line.imps === null ? "–" : signed(line.imps)),
        el("td", { class: "num" }, line.imps === null ? "–" : signed(running)));
    });
    const head = [t("challenges.board"), t("challenges.you"), name, t("challenges.imps"), t("challenges.running")];
    const caption = t("challenges.comparison", { name });
    box.replaceChildren(
      el("h2", { id: "comparison-title", tabindex: "-1" }, caption),
      el("p", { id: "comparison-total" }, t("challenges.total", { mine: c.imps.mine, theirs: c.imps.theirs, name })),
      el("div", { class: "table-wrap", tabindex: "0", role: "region",
        "aria-label": `${t("challenges.board")} · ${t("challenges.imps")}` },
        el("table", { class: "grid", id: "comparison-table" },
          el("caption", { class: "sr-only" }, caption),
          el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { scope: "col" }, h)))),
          el("tbody", {}, ...rows))));
    box.hidden = false;
  } catch (error) {
    say(error);
  }
}

async function show() {
  try {
    mine = (await ask("/api/challenges")).challenges;
  } catch (error) {
    $("challenges").replaceChildren(el("p", {}, error.status === 401
      ? el("a", { href: "/", id: "challenges-log-in" }, t("challenges.log_in")) : error.message));
    $("comparison").hidden = true;
    return;
  }
  const of = (...states) => mine.filter((c) => states.includes(c.state));
  $("challenges").replaceChildren(
    newChallenge(),
    section("received", of("open").filter((c) => !c.sent)),
    section("sent", of("open").filter((c) => c.sent)),
    section("playing", of("playing")),
    section("over", of("finished", "declined", "expired")));
  if (!chosen) chosen = of("playing", "finished")[0]?.id ?? null;
  await comparison();
}

await startPage({ titleKey: "challenges.title", changed: () => show() });
await show();
// a link from the lobby names its challenge: the keyboard starts at its first button
const linked = new URLSearchParams(location.search).get("id");
if (linked) $(`challenge-${linked}`)?.querySelector("button")?.focus();
