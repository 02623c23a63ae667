// The table's one WebSocket: reconnecting, sending actions, and the queue of updates that
// waits while a finished trick (or another player's card) is being shown.
import { t } from "../i18n.js";
import { announceEvent, announceStart } from "./announce.js";

/** How long a finished trick stays on the table before the next card shows (seconds; a
 * click on the table or a key skips it), as BBO does; others' cards come a third of it
 * apart, so that a robot's card can be seen being played. Kept in the browser. */
export const TRICK_PAUSES = [0, 1.5, 3];
export function trickPause() {
  const kept = Number.parseFloat(localStorage.getItem("cb.trickPause") ?? "1.5");
  return Number.isFinite(kept) && kept >= 0 ? kept : 1.5;
}

/** The deal a view's update has just finished, if its thirteen tricks were played (not
 * claimed): the one whose last trick the table keeps showing for a moment. */
function playedOut(view) {
  const done = view.board?.over ? view.board : view.history[view.history.length - 1];
  return done && (done.tricks?.length ?? 0) === 13 && !done.claim ? done : null;
}

export function connect(page) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const query = page.token ? `?token=${encodeURIComponent(page.token)}` : "";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${page.id}${query}`);
  page.ws = ws;
  ws.onopen = () => {
    page.opened = true;
    page.retry = 250;
    setStatus("connected");
  };
  ws.onmessage = (message) => {
    if (!page.closed) receive(page, JSON.parse(message.data));
  };
  ws.onclose = () => {
    page.busy = false;
    if (page.closed) return;
    setStatus("reconnecting");
    setTimeout(() => connect(page), page.retry);
    page.retry = Math.min(page.retry * 2, 4000);
  };
}

/** Stops the page's socket for good (the language was switched: a new page takes over). */
export function disconnect(page) {
  page.closed = true;
  if (page.ws) page.ws.close();
}

export function setStatus(status) {
  const node = document.getElementById("conn");
  if (node) {
    node.textContent = t(`conn.${status}`);
    node.dataset.status = status;
  }
}

function receive(page, message) {
  if (message.type === "update") {
    page.queue.push(message);
    pump(page);
    return;
  }
  apply(page, message);
}

/** Applies the waiting updates, pausing after another player's card and after a trick.
 * The deal's last trick stays as long as the others (the next deal is already dealt in the
 * same update): the table shows the finished deal until the pause ends, then its result. */
function pump(page) {
  clearTimeout(page.holdTimer);
  for (;;) {
    const wait = page.holdUntil - Date.now();
    if (wait > 0 && (page.queue.length || page.finale)) {
      page.holdTimer = setTimeout(() => pump(page), wait);
      return;
    }
    if (page.finale) {
      page.finale = null;
      page.render();
    }
    if (!page.queue.length) return;
    const message = page.queue.shift();
    const tricksBefore = page.view?.board?.tricks?.length ?? 0;
    const pause = trickPause() * 1000;
    const ending = pause && message.events.some((e) => e.type === "deal_scored")
      ? playedOut(message.view) : null;
    page.finale = ending; // before the update is drawn: it draws the last trick, not the result
    apply(page, message);
    const b = page.view.board;
    const theirs = message.events.some((e) => e.type === "card" && e.by !== page.view.seat);
    if (ending || (pause && b && (b.tricks?.length ?? 0) > tricksBefore && !b.over)) {
      page.holdUntil = Date.now() + pause;
    } else if (pause && theirs) page.holdUntil = Date.now() + pause / 3;
  }
}

/** The player asks for the next card now (a click on the table, a key). */
export function skipPause(page) {
  if (page.holdUntil <= Date.now()) return;
  page.holdUntil = 0;
  pump(page);
}

function apply(page, message) {
  if (message.type === "update") {
    const first = page.view === null;
    const moved = first || message.view.version !== page.view.version;
    const before = page.view;
    page.view = message.view;
    if (!first) for (const e of message.events) announceEvent(page, e, before);
    else announceStart(page.view);
    // A repeated view (the analysis arriving) is no answer to an action in flight.
    if (moved) page.busy = false;
    page.render();
  } else if (message.type === "error") {
    page.busy = false;
    page.showError(message.reason);
    page.render();
  } else if (message.type === "ack") {
    page.busy = false;
  }
}

export function send(page, action) {
  // The table is drawn from its first view before the socket opens: an action taken in
  // that moment (or while reconnecting) is refused aloud, never dropped in silence.
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
    page.showError(t("conn.not_yet"));
    return;
  }
  if (page.busy) return; // the answer to the last action is on its way
  page.busy = true;
  page.clearError();
  page.news = null;
  page.ws.send(JSON.stringify({ type: "act", id: page.nextId++, version: page.view.version, action }));
}
