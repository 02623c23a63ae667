// The score sheet (above and below the line for rubber; each board beside par for
// duplicate) and the list of the deals played, each opening its result.
import { seatName, strainShort, t } from "../i18n.js";
import { el } from "../dom.js";
import { resultText } from "./result.js";

export function renderSheet(page, where = "side") {
  const sheet = page.view.sheet;
  const title = where === "final" ? t("sheet.final") : t("ui.score_sheet");
  const box = el("section", { class: `sheet panel${where === "final" ? " final" : ""}`, id: "sheet",
    "aria-label": title, tabindex: where === "final" ? "-1" : null });
  box.append(el("h2", {}, title));
  if (sheet.lines) box.append(lineSheet(sheet.lines));
  // Duplicate: each board's score beside par (NS), as a practice sheet shows it.
  const withPar = sheet.kind === "duplicate";
  const par = {};
  for (const b of [...page.view.history, page.view.board]) {
    if (b && b.analysis) par[b.number] = b.analysis.par_score;
  }
  // Russian Chicago: each deal's NS score against NS's target (by high-card points), in IMPs
  const russian = sheet.chicago?.scoring === "russian";
  if (russian) box.append(el("p", { class: "muted", id: "russian-note" }, t("sheet.russian_note")));
  const table = el("table", { class: "rows" });
  table.append(el("tr", {}, el("th", {}, "#"), el("th", {}, t("ui.contract")), el("th", {}, t("ui.tricks")),
    russian ? el("th", {}, t("sheet.ns_hcp")) : null, russian ? el("th", {}, t("sheet.ns_target")) : null,
    russian ? el("th", {}, t("sheet.ns_score")) : null,
    el("th", {}, t("side.NS")), el("th", {}, t("side.EW")), withPar ? el("th", {}, t("ui.par")) : null,
    withPar ? el("th", { title: t("ui.imps_vs_par") }, t("ui.imps")) : null));
  for (const r of sheet.rows) {
    const contract = r.contract === "Pass" ? t("call.pass")
      : `${r.contract.replace(/^(\d)(NT|[CDHS])/, (m, l, s) => l + strainShort(s))} ${r.declarer ? seatName(r.declarer) : ""}`;
    table.append(el("tr", {}, el("td", {}, String(r.number)), el("td", {}, contract),
      el("td", {}, r.tricks ?? "—"),
      russian ? el("td", {}, String(r.hcp ?? "")) : null, russian ? el("td", {}, String(r.target ?? "")) : null,
      russian ? el("td", {}, String(r.score ?? "")) : null,
      el("td", {}, r.ns > 0 ? String(r.ns) : ""),
      el("td", {}, r.ns < 0 ? String(-r.ns) : ""),
      withPar ? el("td", { class: "par" }, r.number in par ? String(par[r.number]) : "…") : null,
      withPar ? el("td", { class: "imps" }, r.imps == null ? "…" : (r.imps > 0 ? `+${r.imps}` : String(r.imps))) : null));
  }
  table.append(el("tr", { class: "total" }, el("th", { colspan: russian ? "6" : "3" },
    russian ? `${t("sheet.total")} (${t("ui.imps")})` : t("sheet.total")),
    el("td", { id: "total-ns" }, String(sheet.totals.NS)), el("td", { id: "total-ew" }, String(sheet.totals.EW)),
    withPar ? el("td") : null,
    withPar ? el("td", { id: "total-imps" }, sheet.imps > 0 ? `+${sheet.imps}` : String(sheet.imps ?? 0)) : null));
  box.append(table);
  if (sheet.over) box.append(el("p", { class: "notice" }, t("sheet.over")));
  if (sheet.stopped) {
    box.append(el("p", { class: "notice", id: "stopped" }, t("sheet.stopped", { seat: seatName(sheet.stopped) })));
    const closing = (sheet.lines?.premiums || []).filter((p) => p.reason.startsWith("unfinished"));
    for (const p of closing) {
      const why = p.reason === "unfinished game" ? t("sheet.unfinished_game") : t("sheet.unfinished_partscore");
      box.append(el("p", { class: "unfinished" }, `${t(`side.${p.side}`)} +${p.points} (${why})`));
    }
  }
  return box;
}

/** WE | THEY, premiums above the line (written upwards), trick scores below it, a line
 * drawn under each game. */
function lineSheet(lines) {
  const table = el("table", { class: "rubber", id: "line-sheet" });
  table.append(el("tr", {}, el("th", {}, `${t("sheet.we")} (${t("side.NS")})`),
    el("th", {}, `${t("sheet.they")} (${t("side.EW")})`)));
  const above = { NS: [], EW: [] };
  for (const p of lines.premiums) above[p.side].push(p);
  const height = Math.max(above.NS.length, above.EW.length);
  // Each premium says what it is for on hover, and honours are marked on the sheet
  // itself ("100 H"), as people write them, so they are not taken for overtricks.
  const cell = (p) => (p ? el("td", { title: t(`sheet.reason.${p.reason.split(" ")[0]}`),
    class: p.reason === "honours" ? "honours" : null },
  p.reason === "honours" ? `${p.points} ${t("sheet.honours_mark")}` : String(p.points)) : el("td"));
  for (let i = height - 1; i >= 0; i--) {
    table.append(el("tr", { class: "above" }, cell(above.NS[i]), cell(above.EW[i])));
  }
  table.append(el("tr", { class: "line" }, el("td", { colspan: "2" })));
  for (const e of lines.entries) {
    if (!e.below[0] && !e.below[1]) continue;
    table.append(el("tr", { class: `below${e.game ? " game" : ""}` },
      el("td", {}, e.below[0] ? String(e.below[0]) : ""), el("td", {}, e.below[1] ? String(e.below[1]) : "")));
  }
  return table;
}

export function renderHistory(page) {
  const v = page.view;
  const box = el("section", { class: "history panel" }, el("h2", {}, t("ui.history")));
  const list = el("ul");
  // once the series is over its last deal stays the table's board: it was played too
  for (const b of v.board?.over ? [...v.history, v.board] : v.history) {
    list.append(el("li", {}, el("button", { type: "button", class: "linklike",
      onclick: () => { page.review = b.number; page.replayStep = 0; page.render(); } },
    `${t("ui.board_n", { n: b.number })}: ${resultText(b)}`)));
  }
  box.append(list);
  return box;
}
