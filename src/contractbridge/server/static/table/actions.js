// Under the felt: claim and concede, and every question waiting for an answer (a claim,
// a concession, an undo, a stop), with its buttons.
import { seatName, t } from "../i18n.js";
import { el } from "../dom.js";
import { next } from "./common.js";

export function renderTableActions(page, b) {
  const v = page.view;
  const bar = el("div", { class: "table-actions", id: "table-actions" });
  const inPlay = b.contract && !b.over && v.seat && b.contract.dummy !== v.seat;
  if (inPlay && !b.pending_claim && !b.pending_concession && !b.pending_undo && !v.pending_stop) {
    // Any player but dummy may claim (Law 68): a defender's claim is answered by declarer,
    // declarer's by both defenders. Either side may concede the rest.
    bar.append(el("button", { type: "button", id: "claim", onclick: () => askClaim(page, b) }, t("ui.claim")));
    bar.append(el("button", { type: "button", id: "concede", onclick: () => page.send({ concede: true }) },
      t("ui.concede")));
  }
  if (b.pending_claim) {
    const c = b.pending_claim;
    bar.append(el("p", { class: "notice" }, t("ui.claim_pending", { seat: seatName(c.seat), n: c.tricks })));
    if (v.pending.includes(v.seat)) {
      bar.append(el("button", { type: "button", id: "accept-claim", onclick: () => page.send({ accept_claim: true }) }, t("ui.accept")));
      bar.append(el("button", { type: "button", id: "reject-claim", onclick: () => page.send({ accept_claim: false }) }, t("ui.reject")));
    } else if (c.seat === v.seat) {
      // until the opponents have all agreed, the claimer may take the claim back and play on
      bar.append(el("button", { type: "button", id: "withdraw-claim", onclick: () => page.send({ withdraw_claim: true }) },
        t("ui.withdraw_claim")));
    }
  }
  if (b.pending_concession) {
    // a defender's concession waits for partner, who may object (Law 68B2)
    const c = b.pending_concession;
    bar.append(el("p", { class: "notice" }, t("ui.concession_pending", { seat: seatName(c.seat), n: c.tricks,
      partner: seatName(next(c.seat, 2)) })));
    if (v.pending.includes(v.seat)) {
      bar.append(el("button", { type: "button", id: "accept-concession", onclick: () => page.send({ accept_claim: true }) }, t("ui.agree")));
      bar.append(el("button", { type: "button", id: "reject-concession", onclick: () => page.send({ accept_claim: false }) }, t("ui.object")));
    }
  }
  if (b.pending_undo) {
    bar.append(el("p", { class: "notice" }, t("ui.undo_pending", { seat: seatName(b.pending_undo.seat) })));
    if (v.pending.includes(v.seat)) {
      bar.append(el("button", { type: "button", id: "accept-undo", onclick: () => page.send({ accept_undo: true }) }, t("ui.accept")));
      bar.append(el("button", { type: "button", id: "reject-undo", onclick: () => page.send({ accept_undo: false }) }, t("ui.reject")));
    }
  }
  if (v.pending_stop) {
    bar.append(el("p", { class: "notice", id: "stop-pending" }, t("ui.stop_pending", { seat: seatName(v.pending_stop.seat) })));
    if (v.pending.includes(v.seat)) {
      bar.append(el("button", { type: "button", id: "accept-stop", onclick: () => page.send({ accept_stop: true }) }, t("ui.accept")));
      bar.append(el("button", { type: "button", id: "reject-stop", onclick: () => page.send({ accept_stop: false }) }, t("ui.reject")));
    }
  }
  return bar;
}

/** A question for this player is brought into view once, where its answer buttons are:
 * on a phone they were below the first screen. Called once the page is drawn. */
export function bringQuestionIntoView(page, b) {
  const v = page.view;
  const question = document.querySelector("#table-actions button[id^='accept-']");
  const asked = question ? `${b.number}:${question.id}:${JSON.stringify(b.pending_claim || b.pending_concession || b.pending_undo || v.pending_stop)}` : null;
  if (asked && asked !== page.asked) {
    requestAnimationFrame(() => document.getElementById("table-actions")?.scrollIntoView({ block: "nearest" }));
  }
  page.asked = asked;
}

/** The claim dialog, in the page (a browser prompt cannot say what is wrong with a number). */
function askClaim(page, b) {
  const remaining = 13 - b.tricks.length;
  document.getElementById("claim-dialog")?.remove();
  const input = el("input", { type: "number", id: "claim-tricks", min: "0", max: String(remaining),
    value: String(remaining), inputmode: "numeric", required: true });
  const problem = el("p", { class: "error", id: "claim-problem", hidden: true });
  const close = () => {
    dialog.close();
    dialog.remove();
    document.getElementById("claim")?.focus();
  };
  const dialog = el("dialog", { id: "claim-dialog", "aria-labelledby": "claim-title" },
    el("form", { method: "dialog", novalidate: true, onsubmit: (ev) => {
      ev.preventDefault();
      const n = Number(input.value);
      if (!Number.isInteger(n) || n < 0 || n > remaining || input.value.trim() === "") {
        problem.textContent = t("ui.claim_bad", { n: remaining });
        problem.hidden = false;
        input.focus();
        return;
      }
      close();
      page.send({ claim: n });
    } },
    el("h2", { id: "claim-title" }, t("ui.claim")),
    el("label", { for: "claim-tricks" }, t("ui.claim_prompt", { n: remaining })),
    input, problem,
    el("div", { class: "dialog-buttons" },
      el("button", { type: "submit", class: "primary", id: "claim-send" }, t("ui.claim")),
      el("button", { type: "button", id: "claim-cancel", onclick: close }, t("ui.cancel")))));
  dialog.addEventListener("cancel", (ev) => { ev.preventDefault(); close(); });
  document.body.append(dialog);
  dialog.showModal();
  input.select();
}
