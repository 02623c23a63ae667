// A system's convention card (server/conventions.py): made by the server from the system
// itself, each call with the robots' own explanation; shown here in the reader's language
// (the explanations through the catalogues' expl.* words, the leads and signals through
// their msg.* texts) and printable on A4 or Letter. /card/<system>?side=NS&carding=lavinthal
import { startPage } from "./page.js";
import { callText, explanationText, messageText, t } from "./i18n.js";
import { el } from "./dom.js";

const $ = (id) => document.getElementById(id);
const system = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "sayc");
const query = new URLSearchParams(location.search);
const side = ["NS", "EW"].includes(query.get("side")) ? query.get("side") : null;
const carding = query.get("carding") || "standard";
let card = null;

/** Text with the red suits' symbols in red (the black ones keep the text's colour). */
function suited(text) {
  const out = [];
  for (const piece of String(text).split(/([♥♦])/)) {
    if (piece === "♥" || piece === "♦") out.push(el("span", { class: "red" }, piece));
    else if (piece) out.push(piece);
  }
  return out;
}

/** The auction before the call, as cards write it: the opponents' calls in brackets. */
function sequence(auction) {
  const n = auction.length;
  const calls = auction.map((c, i) => ((n - i) % 2 === 0 ? callText(c) : `(${callText(c)})`));
  return [...calls, "?"].join(" ");
}

function factText(fact) {
  const params = { ...fact.params };
  if (params.calls) params.calls = params.calls.map(callText).join(" ");
  return t(fact.key, params);
}

function renderGroup(group, id) {
  const title = t(group.title, { calls: group.calls.map(callText).join("–") });
  const rows = group.entries.map((e) => {
    const alerted = e.alertable || e.artificial;
    return el("tr", {},
      el("td", { class: "call" }, ...suited(callText(e.call)),
        alerted ? el("span", { class: "alert-mark", title: t("cc.alert_title") }, t("cc.alert")) : null),
      el("td", { class: "meaning" }, ...suited(explanationText(e.text))));
  });
  return el("div", { class: "cc-group" },
    el("h3", { id }, ...suited(title)),
    group.auction.length ? el("p", { class: "sequence" }, ...suited(sequence(group.auction))) : null,
    el("table", { class: "cc-calls", "aria-labelledby": id },
      el("thead", {}, el("tr", {},
        el("th", { scope: "col" }, t("cc.call")), el("th", { scope: "col" }, t("cc.meaning")))),
      el("tbody", {}, ...rows)));
}

function section(key, ...body) {
  const id = `cc-${key}`;
  return el("section", { class: "cc-section", "aria-labelledby": id },
    el("h2", { id }, t(`cc.section.${key}`)), ...body);
}

function render() {
  const box = $("cc-card");
  box.replaceChildren();
  if (!card) return;
  $("cc-system").textContent = card.name;
  document.title = `${t("cc.title")}: ${card.name}${side ? ` (${t(`side.${side}`)})` : ""} · contractbridge`;
  if (side) {
    $("cc-side").hidden = false;
    $("cc-side").textContent = t(`side.${side}`);
  }
  $("cc-legend").textContent = t("cc.legend");
  box.append(section("general",
    el("ul", { class: "cc-facts" }, ...card.facts.map((f) => el("li", {}, ...suited(factText(f)))),
      el("li", {}, t(`ui.carding.${card.carding}`)))));
  let n = 0;
  for (const s of card.sections) {
    box.append(section(s.key,
      el("div", { class: "cc-columns" }, ...s.groups.map((g) => renderGroup(g, `cc-g${n++}`)))));
  }
  box.append(section("carding", el("dl", { class: "cc-signals" },
    ...card.signals.flatMap((s) => [el("dt", {}, t(s.key)), el("dd", {}, messageText(s.text))]))));
  box.setAttribute("aria-busy", "false");
}

async function load() {
  const url = `/api/systems/${encodeURIComponent(system)}/card?carding=${encodeURIComponent(carding)}`;
  const r = await fetch(url);
  const data = await r.json().catch(() => ({ error: r.statusText }));
  if (!r.ok) {
    $("cc-error").textContent = messageText(data.error || String(r.status));
    $("cc-card").setAttribute("aria-busy", "false");
    return;
  }
  card = data;
  render();
}

await startPage({ titleKey: "cc.title", changed: async () => render() });
$("cc-print").addEventListener("click", () => window.print());
await load();
