// The auction beside the table, and the editor for the explanation of one's own call.
import { announcementText, callText, callWords, explanationText, seatName, t } from "../i18n.js";
import { el } from "../dom.js";
import { isJump } from "./common.js";

export function renderAuction(page, b) {
  const box = el("section", { class: "auction panel", "aria-label": t("ui.auction") });
  box.append(el("h2", {}, t("ui.auction")));
  const table = el("table", { id: "auction" });
  const head = el("tr");
  const cols = ["W", "N", "E", "S"];
  for (const s of cols) head.append(el("th", { scope: "col" }, seatName(s)));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  let row = el("tr");
  for (let i = 0; i < cols.indexOf(b.dealer); i++) row.append(el("td"));
  // My own calls of the deal in progress open an editor for their explanation (Laws 20F,
  // 40B: it may be given or corrected after the call, during the auction and the play).
  const v = page.view;
  const mine = (c) => v.seat && c.seat === v.seat && !b.over && b === v.board;
  b.calls.forEach((c, i) => {
    const jump = isJump(b.calls.slice(0, i), c.call);
    const explanation = explanationText(c.explanation || "");
    const own = mine(c);
    // an announcement is public (everyone hears it), shown under the call
    const announced = announcementText(c.announcement || "");
    const heard = announced ? `, ${t("ui.announcement")}: ${announced}` : "";
    const label = `${seatName(c.seat)}: ${callWords(c.call)}${heard}${explanation ? `, ${explanation}` : ""}`;
    const edit = () => editExplanation(page, i);
    const cell = el("td", {
      class: `call${c.alert ? " alerted" : ""}${explanation ? " explained" : ""}${own ? " own" : ""}`,
      id: own ? `call-${i}` : null, role: own ? "button" : null,
      tabindex: explanation || own ? "0" : null,
      title: explanation || (own ? t("ui.explain_call", { call: callText(c.call) }) : null),
      "aria-label": own ? `${label}. ${t("ui.explain_call", { call: callWords(c.call) })}` : label,
      onclick: own ? edit : explanation ? (ev) => ev.currentTarget.classList.toggle("show") : null,
      onkeydown: own ? (ev) => {
        if (ev.key === "Enter" || ev.key === " ") {
          ev.preventDefault();
          edit();
        }
      } : null,
    }, callText(c.call));
    if (c.call.endsWith("S") || c.call.endsWith("C")) cell.classList.add("black");
    if (c.call.endsWith("H") || c.call.endsWith("D")) cell.classList.add("red");
    // a word, not an emoji: Debian's Chromium has no emoji font and drew an empty box
    if (jump) cell.append(" ", el("span", { class: "stop-mark", title: t("ui.stop") }, t("ui.stop")));
    if (announced) cell.append(el("span", { class: "announcement" }, announced));
    if (explanation) cell.append(el("span", { class: "explanation", role: "tooltip" }, explanation));
    row.append(cell);
    if (c.seat === "S") {
      body.append(row);
      row = el("tr");
    }
  });
  if (!b.auction_over && b.turn) {
    row.append(el("td", { class: "call waiting" }, "?"));
  }
  if (row.childElementCount) body.append(row);
  table.append(body);
  box.append(table);
  if (b.passed_out) box.append(el("p", {}, t("ui.passed_out")));
  const editing = page.editing;
  if (editing && b === v.board && b.calls[editing.index] && mine(b.calls[editing.index])) {
    box.append(explanationEditor(page, b.calls[editing.index], editing));
  } else if (b === v.board) {
    page.editing = null; // the call was taken back, or the deal is over
  }
  return box;
}

function editExplanation(page, index) {
  const c = page.view.board.calls[index];
  page.editing = { index, text: c.explanation || "", alert: Boolean(c.alert) };
  page.render();
  document.getElementById("explain-edit")?.focus();
}

function explanationEditor(page, c, editing) {
  const input = el("input", { type: "text", id: "explain-edit", maxlength: "200",
    value: editing.text, placeholder: t("ui.explain") });
  const alert = el("input", { type: "checkbox", id: "explain-alert", checked: editing.alert });
  const close = (focus = true) => {
    page.editing = null;
    page.render();
    if (focus) document.getElementById(`call-${editing.index}`)?.focus();
  };
  return el("form", { class: "explain-form alert-row", id: "explain-form",
    onsubmit: (ev) => {
      ev.preventDefault();
      page.send({ explain: editing.index, explanation: input.value.trim(), alert: alert.checked });
      close();
    },
    onkeydown: (ev) => { if (ev.key === "Escape") close(); } },
  el("label", { for: "explain-edit" }, t("ui.explain_of", { call: callText(c.call) })),
  input,
  el("label", { for: "explain-alert", class: "inline" }, alert, t("ui.alert")),
  el("button", { type: "submit", id: "explain-save", class: "primary" }, t("ui.explain_save")),
  el("button", { type: "button", id: "explain-cancel", onclick: () => close() }, t("ui.cancel")));
}

/** Keeps what is typed in the explanation editor across a redraw (a card arriving). */
export function keepExplanation(page) {
  const editor = document.getElementById("explain-edit");
  if (editor && page.editing) {
    page.editing.text = editor.value;
    page.editing.alert = document.getElementById("explain-alert")?.checked || false;
  }
}
