// The table page: one WebSocket, the seat's view drawn after every update. Here are the
// page's state and the order its parts are drawn in; each part, and the socket, the
// announcements and the typed commands, is a module of table/.
import { messageText, t } from "./i18n.js";
import { rememberTable } from "./lobby.js";
import { el } from "./dom.js";
import { bringQuestionIntoView, renderTableActions } from "./table/actions.js";
import { announce, announceStart } from "./table/announce.js";
import { keepExplanation, renderAuction } from "./table/auction.js";
import { renderBiddingBox } from "./table/bidding.js";
import { me } from "./table/common.js";
import { connect, disconnect, send, setStatus, skipPause } from "./table/connection.js";
import { renderControls } from "./table/controls.js";
import { renderInfo, renderShownResult, resultText } from "./table/result.js";
import { renderFelt } from "./table/seats.js";
import { renderHistory, renderSheet } from "./table/sheet.js";
import { renderSetAside, renderStatus } from "./table/status.js";

// other pages and the tests import these from here
export { parseCall, parseCard } from "./table/commands.js";
export { TRICK_PAUSES, trickPause } from "./table/connection.js";
export { parText } from "./table/replay.js";

/** The page's state; the parts read it, and change it through these methods or directly
 * before asking for a redraw. */
class TablePage {
  constructor(main, id, token) {
    this.main = main;
    this.id = id;
    this.token = token;
    this.view = null;
    this.showLast = false;
    this.review = null; // the number of a finished board being looked at
    this.dismissed = null; // the number of the finished board whose result was put away
    this.replayStep = null;
    this.replayBoard = null; // the board whose replay is at replayStep
    this.pickLevel = null; // the level picked in the phone's bidding box
    // One of my own calls whose explanation I am writing: {index, text, alert}.
    this.editing = null;
    this.hint = null; // the robot's advice, for the version of the view it was asked at
    // The server's last refusal (or the page's own): shown until the player acts again, so
    // that a redraw (a robot's card arriving) does not wipe it before it is read.
    this.error = null;
    this.news = null; // the last answer to a claim, concession or request, said on the table
    // what is done once: a result scrolled to, a question brought into view, the final sheet focused
    this.scrolledTo = null;
    this.asked = null;
    this.finalFocused = false;
    // the socket (table/connection.js); the tests read ws and busy
    this.ws = null;
    this.busy = false;
    this.nextId = 1;
    this.retry = 250;
    this.opened = false; // whether the socket was ever open (connecting, or reconnecting)
    this.closed = false;
    // Updates wait here while a finished trick (or another player's card) is being shown.
    this.queue = [];
    this.holdUntil = 0;
    this.holdTimer = null;
    this.finale = null; // the deal just played out, shown with its last trick for a moment
  }

  /** Stops this page for good (the language was switched: a new page takes over). */
  close() {
    disconnect(this);
  }

  send(action) {
    send(this, action);
  }

  skipPause() {
    skipPause(this);
  }

  resultText(b) {
    return resultText(b);
  }

  showError(reason) {
    reason = messageText(reason);
    this.error = reason;
    const node = document.getElementById("error");
    if (node) {
      node.textContent = reason;
      node.hidden = false;
    }
    announce(reason, true);
  }

  clearError() {
    this.error = null;
    const node = document.getElementById("error");
    if (node) {
      node.textContent = "";
      node.hidden = true;
    }
  }

  /** Put the result away and go back to the table (the next deal is already dealt). */
  nextDeal(number) {
    this.dismissed = number;
    this.review = null;
    this.showLast = false;
    this.render();
    document.getElementById(`seat-${me(this.view)}`)?.scrollIntoView({ block: "nearest" });
  }

  render() {
    const v = this.view;
    if (!v) return;
    const focusId = document.activeElement?.id;
    const command = document.getElementById("command");
    const typed = command ? command.value : "";
    keepExplanation(this);
    this.main.replaceChildren();
    const b = v.board;
    document.title = `contractbridge — ${b ? t("ui.board_n", { n: b.number }) : ""}`;
    this.main.append(renderStatus(this));
    if (v.set_aside) this.main.append(renderSetAside(this));
    // Once the series is over, its final score sheet comes first.
    if (v.sheet.over) this.main.append(renderSheet(this, "final"));
    if (!b) return;

    const layout = el("div", { class: "layout" });
    const tableArea = el("section", { class: "table-area", "aria-label": t("ui.table") });
    // the deal just played out stays on the table with its last trick (see pump)
    const fin = this.finale;
    const onTable = fin || b;
    tableArea.append(renderInfo(this, onTable), renderFelt(this, b, fin));
    // not a live region: the refusal is announced once, in the assertive region
    tableArea.append(el("p", { id: "error", class: "error", hidden: !this.error },
      ...(this.error ? [el("span", { "aria-hidden": "true" }, "⚠ "), this.error] : [])));
    // already said to screen readers (announceEvent): not a live region
    if (this.news) tableArea.append(el("p", { id: "news", class: "notice news" }, this.news));
    // Claims, concessions and requests, and their answers, directly under the table: on a
    // phone the auction and the score sheet come after it, and the answer was 1,400 px down.
    if (!fin) tableArea.append(renderTableActions(this, b));
    layout.append(tableArea);
    // after the table on a desktop; after the auction and the bidding box on a phone
    const controls = renderControls(this, b);

    const side = el("aside", { class: "side" });
    side.append(renderAuction(this, onTable));
    if (v.legal_calls && !fin) side.append(renderBiddingBox(this));
    if (!v.sheet.over) side.append(renderSheet(this));
    layout.append(side, controls);
    this.main.append(layout);

    const result = renderShownResult(this, b, fin);
    if (result) this.main.append(result);
    if (v.history.length || b.over) this.main.append(renderHistory(this));
    bringQuestionIntoView(this, b);

    if (focusId) {
      const again = document.getElementById(focusId);
      if (again && !again.disabled) again.focus();
      else if (focusId.startsWith("card-")) {
        // The card just played has left the hand: stay in the hand (its next playable card,
        // or the hand itself while the others play), not at the top of the page.
        const legal = document.querySelector("button.card.legal:not([disabled])");
        (legal || document.getElementById(`hand-${me(v)}`))?.focus();
      }
    }
    if (v.sheet.over && !this.finalFocused) {
      // The series has just ended (or was stopped): take the reader to the final sheet.
      this.finalFocused = true;
      document.getElementById("sheet")?.focus();
    }
    const newCommand = document.getElementById("command");
    if (newCommand && typed) newCommand.value = typed;
    const open = this.ws && this.ws.readyState === WebSocket.OPEN;
    setStatus(open ? "connected" : this.opened ? "reconnecting" : "connecting");
  }
}

let listening = false;

/** Opens an invitation link: the first browser takes the seat and keeps its own token (a
 * reload here finds it again); afterwards the link says the seat is taken. */
async function acceptInvitation(main, id, invite) {
  const kept = JSON.parse(localStorage.getItem("cb.invitations") || "{}");
  let token = kept[invite];
  if (!token) {
    const response = await fetch(`/api/tables/${id}/join`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ invite }),
    });
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) {
      main.replaceChildren(el("h1", {}, t("ui.seat_taken")),
        el("p", { class: "error", id: "join-error" }, messageText(data.error)), el("a", { href: "/" }, t("ui.lobby")));
      return null;
    }
    token = data.token;
    kept[invite] = token;
    localStorage.setItem("cb.invitations", JSON.stringify(kept));
  }
  // the address bar now holds the seat's own link, not the used invitation
  history.replaceState(null, "", `/table/${id}?token=${encodeURIComponent(token)}`);
  return token;
}

export async function showTable(main, id, token) {
  // Shown again (the language was switched): the old page stops, or two sockets would both
  // draw the table and announce every event twice.
  window.cbTable?.close();
  main.replaceChildren(el("p", {}, t("conn.connecting")));
  const invite = new URLSearchParams(location.search).get("invite");
  if (invite && !token) {
    token = await acceptInvitation(main, id, invite);
    if (!token) return;
  }
  // made with the seat's own token (an invitation's is known only now): its socket is the seat's
  const page = new TablePage(main, id, token);
  const response = await fetch(`/api/tables/${id}${token ? `?token=${encodeURIComponent(token)}` : ""}`);
  if (!response.ok) {
    const data = await response.json().catch(() => ({ error: response.statusText }));
    main.replaceChildren(el("p", { class: "error" }, messageText(data.error)), el("a", { href: "/" }, t("ui.lobby")));
    return;
  }
  const view = await response.json();
  if (token && view.seat) rememberTable({ id, seat: view.seat, token, kind: view.kind, created: Date.now() });
  page.view = view;
  page.render();
  announceStart(view);
  connect(page);
  window.cbTable = page;
  if (listening) return;
  listening = true;
  document.addEventListener("keydown", (ev) => {
    const target = ev.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
      || target instanceof HTMLSelectElement || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    window.cbTable?.skipPause();
    if (/^[a-z0-9]$/i.test(ev.key)) {
      const command = document.getElementById("command");
      if (command) {
        command.focus();
      }
    }
  });
}
