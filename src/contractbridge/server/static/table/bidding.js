// The bidding box: every legal bid (or, on a phone, a level and then a strain), the other
// calls, an alert with its explanation, and the STOP warning before a jump.
import { callText, callWords, t } from "../i18n.js";
import { el } from "../dom.js";
import { announce } from "./announce.js";
import { isJump, next, STRAINS } from "./common.js";

export function renderBiddingBox(page) {
  const legal = new Set(page.view.legal_calls);
  const box = el("section", { class: "bidding-box panel", id: "bidding-box",
    "aria-label": t("ui.bidding_box") });
  box.append(el("h2", {}, t("ui.bidding_box")));
  const grid = el("div", { class: "bids" });
  for (let level = 1; level <= 7; level++) {
    for (const strain of STRAINS) {
      const call = `${level}${strain}`;
      if (!legal.has(call)) {
        grid.append(el("span", { class: "bid-gap", "aria-hidden": "true" }));
        continue;
      }
      const red = strain === "H" || strain === "D";
      grid.append(el("button", { type: "button", class: `bid${red ? " red" : ""}`, "data-call": call,
        "aria-label": callWords(call), disabled: page.busy,
        onclick: () => chooseCall(page, call) }, callText(call)));
    }
  }
  box.append(grid, compactBids(page, legal));
  const others = el("div", { class: "other-calls" });
  for (const call of ["Pass", "X", "XX"]) {
    if (!legal.has(call)) continue;
    others.append(el("button", { type: "button", class: `bid call-${call}`, "data-call": call,
      "aria-label": callWords(call), disabled: page.busy,
      onclick: () => chooseCall(page, call) }, callText(call)));
  }
  box.append(others);
  const alert = el("input", { type: "checkbox", id: "alert" });
  const explain = el("input", { type: "text", id: "explain", maxlength: "200",
    placeholder: t("ui.explain_placeholder") });
  box.append(el("div", { class: "alert-row" },
    el("label", { for: "alert", class: "inline" }, alert, t("ui.alert")),
    el("label", { for: "explain", class: "sr-only" }, t("ui.explain")), explain));
  box.append(el("div", { id: "stop-warning", class: "stop-warning", hidden: true }));
  return box;
}

/** The phone's bidding box: a level, then a strain (two short rows instead of seven). */
function compactBids(page, legal) {
  const box = el("div", { class: "bid-compact" });
  const levels = el("div", { class: "levels", role: "group", "aria-label": t("ui.level") });
  for (let level = 1; level <= 7; level++) {
    const any = STRAINS.some((strain) => legal.has(`${level}${strain}`));
    levels.append(el("button", { type: "button", class: "level", "data-level": String(level),
      "aria-pressed": String(page.pickLevel === level), disabled: !any || page.busy,
      onclick: () => {
        page.pickLevel = page.pickLevel === level ? null : level;
        page.render();
        document.querySelector(".bid-compact .strains button:not([disabled])")?.focus();
      } }, String(level)));
  }
  box.append(levels);
  if (page.pickLevel) {
    const strains = el("div", { class: "strains", role: "group" });
    for (const strain of STRAINS) {
      const call = `${page.pickLevel}${strain}`;
      const red = strain === "H" || strain === "D";
      strains.append(el("button", { type: "button", class: `bid${red ? " red" : ""}`, "data-pick": call,
        "aria-label": callWords(call), disabled: !legal.has(call) || page.busy,
        onclick: () => chooseCall(page, call) }, callText(call)));
    }
    box.append(strains);
  }
  return box;
}

/** Makes a call from the box or the command line, with the alert and explanation typed. */
export function chooseCall(page, call) {
  page.pickLevel = null;
  const v = page.view;
  const b = v.board;
  const warning = document.getElementById("stop-warning");
  const alert = document.getElementById("alert")?.checked || false;
  let explanation = document.getElementById("explain")?.value.trim() || "";
  const opening = !b.calls.some((c) => /^[1-7]/.test(c.call));
  if (call === "1NT" && opening && !explanation) explanation = t("announce.1nt");
  const action = { call, alert, explanation: explanation || undefined };
  // The STOP card asks the next player to wait about ten seconds; a robot is not asked
  // (it would call at once and break the promise), so the warning is only for a person.
  const nextIsPerson = !v.robots.includes(next(v.seat));
  if (nextIsPerson && isJump(b.calls, call) && warning && warning.dataset.call !== call) {
    warning.dataset.call = call;
    warning.hidden = false;
    warning.replaceChildren(
      el("strong", {}, t("ui.stop")), " ", t("ui.stop_text"), " ",
      el("button", { type: "button", id: "stop-confirm", class: "primary",
        onclick: () => page.send(action) }, t("ui.stop_confirm", { call: callText(call) })),
      el("button", { type: "button", onclick: () => {
        warning.hidden = true;
        warning.dataset.call = "";
      } }, t("ui.cancel")));
    announce(`${t("ui.stop")}: ${t("ui.stop_text")}`, true);
    document.getElementById("stop-confirm").focus();
    return;
  }
  page.send(action);
}
