// The line above the table (the connection, the table, who one is, the page's pacing
// settings) and the notice that the robots have stopped.
import { seatName, t } from "../i18n.js";
import { el } from "../dom.js";
import { TRICK_PAUSES, trickPause } from "./connection.js";

export function renderStatus(page) {
  const v = page.view;
  return el("div", { class: "status-bar" },
    el("span", { id: "conn", "data-status": "connected" }, t("conn.connected")),
    el("span", {}, `${t(`kind.${v.kind}`)} · ${t("ui.table")} ${page.id}`),
    el("span", {}, v.seat ? t("ui.you_are", { seat: seatName(v.seat) }) : t("ui.spectator")),
    kibitzing(v),
    pauseChoice(page),
    nextDealChoice(),
    el("a", { href: "/" }, t("ui.lobby")));
}

/** The robots stopped after repeated failures: said plainly, and a player may restart them. */
export function renderSetAside(page) {
  const v = page.view;
  return el("div", { class: "set-aside error", role: "alert", id: "set-aside" },
    el("p", {}, t("ui.set_aside"), " ", el("small", {}, v.set_aside)),
    v.seat ? el("button", { type: "button", id: "resume", onclick: () => page.send({ resume: true }) },
      t("ui.resume_robots")) : null);
}

/** A spectator's page says when it shows every hand (the table's people all agreed). */
function kibitzing(v) {
  if (v.seat || !v.kibitzers?.allowed) return null;
  if (v.kibitzing) return el("span", { class: "kibitzing", id: "kibitzing" }, t("ui.kibitzing"));
  // this browser holds a seat at the table: the server keeps the hands from it
  return v.kibitzers.see_hands ? el("span", { id: "kibitz-not-here" }, t("ui.kibitz_not_here")) : null;
}

function pauseChoice(page) {
  const select = el("select", { id: "trick-pause", onchange: (ev) => {
    localStorage.setItem("cb.trickPause", ev.target.value);
    page.skipPause();
  } });
  for (const seconds of TRICK_PAUSES) {
    select.append(el("option", { value: String(seconds), selected: seconds === trickPause() },
      seconds ? `${seconds} s` : "0"));
  }
  return el("label", { class: "pause-choice" }, `${t("ui.trick_pause")} `, select);
}

/** When the result of a deal gives way to the next deal: on the player's click (the
 * default) or after some seconds, kept in the browser. */
function nextDealChoice() {
  const kept = localStorage.getItem("cb.nextDeal") ?? "0";
  const select = el("select", { id: "next-deal-after", onchange: (ev) => {
    localStorage.setItem("cb.nextDeal", ev.target.value);
  } });
  for (const seconds of ["0", "5", "10"]) {
    select.append(el("option", { value: seconds, selected: seconds === kept },
      seconds === "0" ? t("ui.next_deal_click") : t("ui.next_deal_after", { n: seconds })));
  }
  return el("label", { class: "pause-choice" }, `${t("ui.next_deal")}: `, select);
}
