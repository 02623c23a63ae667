// The board's particulars above the felt, and a finished deal's result: its line, the
// replay, the double-dummy analysis and the files to download.
import { seatName, strainShort, t } from "../i18n.js";
import { el } from "../dom.js";
import { lastFinished } from "./common.js";
import { renderDD, renderReplay } from "./replay.js";

export function resultText(b) {
  if (b.passed_out) return t("ui.passed_out");
  const c = b.contract;
  const need = c.level + 6;
  const diff = b.declarer_tricks - need;
  const made = diff >= 0
    ? (diff === 0 ? t("ui.made") : t(diff === 1 ? "ui.made_over_one" : "ui.made_over", { n: diff }))
    : t("ui.down", { n: -diff });
  const dbl = ["", t("call.double.short"), t("call.redouble.short")][c.doubled];
  return t("ui.result", {
    contract: `${c.level}${strainShort(c.strain)}${dbl}`, seat: seatName(c.declarer),
    made, ns: b.score_ns,
  });
}

export function renderInfo(page, b) {
  const v = page.view;
  const info = el("div", { class: "info" });
  info.append(el("h1", { class: "board-no" },
    `${t("ui.board_n", { n: b.number })}${v.boards ? ` / ${v.boards}` : ""}`
    + (b.of_four ? ` · ${b.of_deals > 4 ? t("ui.of_deals", { k: b.of_four, n: b.of_deals })
      : t("ui.of_four", { k: b.of_four })}` : "")));
  info.append(el("span", {}, `${t("ui.dealer")}: ${seatName(b.dealer)}`));
  info.append(el("span", { class: `vul vul-${b.vulnerability}` },
    `${t("ui.vul")}: ${t(`vul.${b.vulnerability}`)}`));
  if (b.contract) {
    const c = b.contract;
    const dbl = ["", t("call.double.short"), t("call.redouble.short")][c.doubled];
    info.append(el("span", { class: "contract", id: "contract" },
      `${t("ui.contract")}: ${c.level}${strainShort(c.strain)}${dbl} ${seatName(c.declarer)}`));
  }
  if (b.won) {
    const ns = `${t("side.NS")} ${b.won.NS}`;
    const ew = `${t("side.EW")} ${b.won.EW}`;
    info.append(el("span", { class: "tricks", id: "tricks-won" }, `${t("ui.tricks")}: ${ns} · ${ew}`));
  }
  if (v.pending.length && !b.over) {
    info.append(el("span", { class: "turn" },
      `${t("ui.to_act")}: ${v.pending.map(seatName).join(", ")}`));
  }
  return info;
}

/** The result under the table, if one is shown: a board looked back at, or the deal that
 * has just ended (not while its last trick is still on the table, ``fin``). */
export function renderShownResult(page, b, fin) {
  const v = page.view;
  const reviewBoard = page.review != null
    ? [...v.history, b].find((x) => x.number === page.review) : null;
  const last = lastFinished(v);
  const fresh = last && last.number !== page.dismissed ? last : null;
  const shown = reviewBoard || (fin ? null : fresh);
  if (!shown) return null;
  if (fresh && page.scrolledTo !== fresh.number && !reviewBoard) {
    // A deal has just ended: bring its result into view, once (the player may scroll away).
    page.scrolledTo = fresh.number;
    const after = Number(localStorage.getItem("cb.nextDeal") ?? "0");
    if (after > 0 && !b.over) {
      // the player's setting: the next deal comes by itself, unless they are looking back
      setTimeout(() => {
        if (page.dismissed !== fresh.number && page.review == null) page.nextDeal(fresh.number);
      }, after * 1000);
    }
    requestAnimationFrame(() => document.getElementById("result")?.scrollIntoView({ block: "nearest" }));
  }
  return renderResult(page, shown);
}

function renderResult(page, b) {
  const section = el("section", { class: "result panel", id: "result", "aria-label": t("ui.result_title") });
  section.append(el("h2", {}, `${t("ui.result_title")} — ${t("ui.board_n", { n: b.number })}`));
  section.append(el("p", { class: "result-line", id: "result-line" }, resultText(b)));
  if (b.beer) {
    const text = t(b.beer_defenders ? "ui.beer_defenders" : "ui.beer");
    section.append(el("p", { class: "beer", id: "beer" }, `🍺 ${text}`));
  }
  const wrap = el("div", { class: "result-grid" });
  wrap.append(renderReplay(page, b));
  if (b.analysis) wrap.append(renderDD(b));
  else if (!b.passed_out) wrap.append(el("p", { class: "analysing" }, t("ui.analysing")));
  section.append(wrap);
  // the seat's token goes along: a table closed to spectators gives its files to its players only
  const query = page.token ? `?token=${encodeURIComponent(page.token)}` : "";
  const links = el("p", { class: "downloads" },
    el("a", { href: `/api/tables/${page.id}/boards/${b.number}.pbn${query}`, download: "", id: "download-pbn" }, t("ui.download_pbn")),
    " · ",
    el("a", { href: `/api/tables/${page.id}/boards/${b.number}.lin${query}`, download: "", id: "download-lin" }, t("ui.download_lin")));
  section.append(links);
  return section;
}
