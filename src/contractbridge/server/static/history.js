// A player's history (server/history.py): every deal finished at the account's seats, with
// filters, the figures people look at, a chart of IMPs against par drawn here as inline SVG
// (with a text alternative), each deal's link to its replay at the table, and the PBN export.
// A deal of a tournament of the day names its set and shows its score against the field now.
import { startPage } from "./page.js";
import { messageText, seatName, t } from "./i18n.js";
import { el } from "./dom.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
let page = 1;

function query() {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData($("filters"))) if (v) params.set(k, String(v));
  return params;
}

async function ask(url) {
  const r = await fetch(url, { cache: "no-store" });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(messageText(data.error || "") || String(r.status));
  return data;
}

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** IMPs against par, deal by deal (bars) and their running total (a line). */
function chart(series) {
  const box = $("chart");
  box.replaceChildren();
  if (!series.length) return;
  const w = 600, h = 160, mid = h / 2, step = w / series.length;
  const most = Math.max(1, ...series.map((p) => Math.abs(p.imps)));
  const total = series.reduce((s, p) => s + p.imps, 0);
  const described = t("history.chart_alt", { n: series.length, total });
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": described });
  root.append(svg("line", { x1: 0, x2: w, y1: mid, y2: mid, stroke: "currentColor", "stroke-width": 1 }));
  series.forEach((p, i) => {
    const len = (Math.abs(p.imps) / most) * (mid - 4);
    root.append(svg("rect", { x: i * step + step * 0.15, width: Math.max(1, step * 0.7),
      y: p.imps >= 0 ? mid - len : mid, height: Math.max(len, 0.5),
      fill: p.imps >= 0 ? "#2e7d32" : "#c62828" }));
  });
  box.append(root, el("figcaption", {}, described));
}

function figures(s) {
  const item = (key, value) => el("li", {}, `${t(key)}: `, el("b", {}, value ?? "–"));
  const signed = (x) => (x == null ? null : (x > 0 ? `+${x}` : String(x)));
  $("figures").replaceChildren(
    item("history.played", String(s.deals)),
    item("history.vs_dd", signed(s.declarer_vs_dd)),
    item("history.at_par", String(s.at_par)),
    item("history.above_par", String(s.above_par)),
    item("history.below_par", String(s.below_par)),
    item("history.imps_vs_par", signed(s.imps_vs_par)),
    ...(s.field_mp_deals ? [item("history.field_mp", `${s.field_mp} % (${s.field_mp_deals})`)] : []),
    ...(s.field_imps_deals ? [item("history.field_imps", `${signed(s.field_imps)} (${s.field_imps_deals})`)] : []));
  chart(s.series);
}

function result(e) {
  if (e.declarer == null) return t("history.passed");
  return e.made >= 0 ? (e.made ? `=+${e.made}` : "=") : String(e.made);
}

/** The deal's score against the field now: % at matchpoints, IMPs otherwise ("" at a table). */
function fieldText(e) {
  if (!e.event) return "";
  if (e.field == null) return "–";
  if (e.event.unit === "%") return `${e.field} %`;
  return e.field > 0 ? `+${e.field}` : String(e.field);
}

function list(data) {
  const head = ["history.date", "history.table", "history.board", "history.seat",
    "history.contract", "history.result", "history.score", "history.par", "history.imps",
    "history.field"];
  const rows = data.entries.map((e) => el("tr", {},
    el("td", {}, e.date),
    el("td", {}, el("a", { href: e.link, title: t("history.replay") }, e.table.slice(0, 8)),
      ...(e.event ? [" ", el("a", { href: "/daily", class: "event" }, e.event.name)] : [])),
    el("td", {}, String(e.board)),
    el("td", {}, seatName(e.seat)),
    el("td", {}, e.declarer ? `${e.contract} ${seatName(e.declarer)}` : e.contract),
    el("td", {}, e.tricks == null ? result(e) : `${e.tricks} (${result(e)})`),
    el("td", {}, String(e.score)),
    el("td", {}, e.par_score == null ? "…" : String(e.par_score)),
    el("td", {}, e.imps == null ? "…" : String(e.imps)),
    el("td", e.event ? { title: t("history.field_title", { name: e.event.name }) } : {}, fieldText(e))));
  const table = el("table", { id: "deals" },
    el("thead", {}, el("tr", {}, ...head.map((k) => el("th", { scope: "col" }, t(k))))),
    el("tbody", {}, ...rows));
  $("list").replaceChildren(data.total ? table : el("p", {}, t("history.none")));
  const pager = [];
  if (data.page > 1) pager.push(el("button", { type: "button", onclick: () => show(data.page - 1) }, t("history.previous")));
  pager.push(el("span", {}, t("history.page", { page: data.page, pages: data.pages })));
  if (data.page < data.pages) pager.push(el("button", { type: "button", onclick: () => show(data.page + 1) }, t("history.next")));
  $("pager").replaceChildren(...pager);
}

async function show(wanted = page) {
  page = wanted;
  const params = query();
  $("export").href = `/api/me/history.pbn?${params}`;
  $("error").textContent = "";
  try {
    figures(await ask(`/api/me/history/stats?${params}`));
    params.set("page", String(page));
    list(await ask(`/api/me/history?${params}`));
  } catch (error) {
    $("error").textContent = error.message;
  }
}

await startPage({ titleKey: "history.title", changed: () => show() });
$("filters").addEventListener("submit", (event) => {
  event.preventDefault();
  show(1);
});
await show(1);
