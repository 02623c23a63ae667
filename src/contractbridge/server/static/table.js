// The table page: one WebSocket, the seat's view drawn after every update.
import {
  callText, callWords, cardText, cardWords, explanationText, messageText, rankText, seatName,
  strainShort, SUIT_SYMBOL, t,
} from "./i18n.js";
import { rememberTable } from "./lobby.js";
import { el } from "./dom.js";

const SEATS = ["N", "E", "S", "W"];
const STRAINS = ["C", "D", "H", "S", "NT"];
const HAND_SUITS = ["S", "H", "C", "D"]; // alternating colours
const next = (seat, n = 1) => SEATS[(SEATS.indexOf(seat) + n) % 4];
const sideOf = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");

/** How long a finished trick stays on the table before the next card shows (seconds; a
 * click on the table or a key skips it), as BBO does; others' cards come a third of it
 * apart, so that a robot's card can be seen being played. Kept in the browser. */
export const TRICK_PAUSES = [0, 1.5, 3];
export function trickPause() {
  const kept = Number.parseFloat(localStorage.getItem("cb.trickPause") ?? "1.5");
  return Number.isFinite(kept) && kept >= 0 ? kept : 1.5;
}

function announce(text, urgent = false) {
  const region = document.getElementById(urgent ? "alert-live" : "live");
  const line = el("p", {}, text);
  region.append(line);
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

/** Parses what a player types: "1n" -> 1NT, "p" -> Pass, "sa"/"as"/"s10" -> SA. */
export function parseCall(text) {
  const key = text.trim().toUpperCase().replace(/\s+/g, "");
  if (["P", "PASS", "PAS", "PASSZ", "PASSE", "PASSO", "-"].includes(key)) return "Pass";
  if (["X", "D", "DBL", "KONTRA", "DOBRE", "DOBRO"].includes(key)) return "X";
  if (["XX", "R", "RDBL", "REKONTRA", "REDOBRE", "REDOBRO"].includes(key)) return "XX";
  const m = key.match(/^([1-7])(NT|N|BT|SZ|SZAN|BA|ST|SA|[CDHS♣♦♥♠])$/);
  if (!m) return null;
  const strain = { "♣": "C", "♦": "D", "♥": "H", "♠": "S" }[m[2]] ?? m[2];
  return m[1] + (["C", "D", "H", "S"].includes(strain) ? strain : "NT");
}

/** Parses a card as typed: "sa", "as", "h10", "♠A"; honours also by the letters the page
 * shows in its language ("sd" is the queen of spades in German, "sr" the king in Portuguese). */
export function parseCard(text) {
  let key = text.trim().toUpperCase().replace("10", "T");
  key = key.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C");
  const local = {};
  for (const r of "AKQJ") local[t(`rank.${r}.short`).toUpperCase()] = r;
  const rank = (c) => (/^[AKQJT2-9]$/.test(c) ? c : local[c]);
  if (key.length !== 2) return null;
  if ("SHDC".includes(key[0]) && rank(key[1])) return key[0] + rank(key[1]);
  if ("SHDC".includes(key[1]) && rank(key[0])) return key[1] + rank(key[0]);
  return null;
}

function isJump(calls, call) {
  if (!/^[1-7]/.test(call)) return false;
  const bids = calls.map((c) => c.call).filter((c) => /^[1-7]/.test(c));
  const level = Number(call[0]);
  const strain = STRAINS.indexOf(call.slice(1));
  if (!bids.length) return level > 1;
  const last = bids[bids.length - 1];
  const lastLevel = Number(last[0]);
  const lastStrain = STRAINS.indexOf(last.slice(1));
  const least = strain > lastStrain ? lastLevel : lastLevel + 1;
  return level > least;
}

/** The deal a view's update has just finished, if its thirteen tricks were played (not
 * claimed): the one whose last trick the table keeps showing for a moment. */
function playedOut(view) {
  const done = view.board?.over ? view.board : view.history[view.history.length - 1];
  return done && (done.tricks?.length ?? 0) === 13 && !done.claim ? done : null;
}

/** A par contract as the analysis writes it ("EW 2N=", "S 5DX-2") in the page's words. */
export function parText(text) {
  const m = /^(NS|EW|[NESW]) (\d)([NSHDC])(X{0,2})(=|[+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, who, level, strain, doubled, result] = m;
  const dbl = ["", t("call.double.short"), t("call.redouble.short")][doubled.length];
  return `${who.length === 2 ? t(`side.${who}`) : seatName(who)} ${level}${strainShort(strain === "N" ? "NT" : strain)}${dbl}${result}`;
}

class TablePage {
  constructor(main, id, token) {
    this.main = main;
    this.id = id;
    this.token = token;
    this.view = null;
    this.ws = null;
    this.busy = false;
    this.showLast = false;
    this.review = null; // the number of a finished board being looked at
    this.dismissed = null; // the number of the finished board whose result was put away
    this.replayStep = null;
    // One of my own calls whose explanation I am writing: {index, text, alert}.
    this.editing = null;
    // The server's last refusal (or the page's own): shown until the player acts again, so
    // that a redraw (a robot's card arriving) does not wipe it before it is read.
    this.error = null;
    this.nextId = 1;
    this.retry = 250;
    this.opened = false; // whether the socket was ever open (connecting, or reconnecting)
    this.closed = false;
    // Updates wait here while a finished trick (or another player's card) is being shown.
    this.queue = [];
    this.holdUntil = 0;
    this.holdTimer = null;
    this.finale = null; // the deal just played out, shown with its last trick for a moment
    this.news = null; // the last answer to a claim, concession or request, said on the table
  }

  // -- connection ------------------------------------------------------------------------
  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${this.id}${query}`);
    this.ws = ws;
    ws.onopen = () => {
      this.opened = true;
      this.retry = 250;
      this.setStatus("connected");
    };
    ws.onmessage = (message) => {
      if (!this.closed) this.onMessage(JSON.parse(message.data));
    };
    ws.onclose = () => {
      this.busy = false;
      if (this.closed) return;
      this.setStatus("reconnecting");
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 4000);
    };
  }

  /** Stops this page for good (the language was switched: a new page takes over). */
  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }

  setStatus(status) {
    const node = document.getElementById("conn");
    if (node) {
      node.textContent = t(`conn.${status}`);
      node.dataset.status = status;
    }
  }

  onMessage(message) {
    if (message.type === "update") {
      this.queue.push(message);
      this.pump();
      return;
    }
    this.apply(message);
  }

  /** Applies the waiting updates, pausing after another player's card and after a trick.
   * The deal's last trick stays as long as the others (the next deal is already dealt in the
   * same update): the table shows the finished deal until the pause ends, then its result. */
  pump() {
    clearTimeout(this.holdTimer);
    for (;;) {
      const wait = this.holdUntil - Date.now();
      if (wait > 0 && (this.queue.length || this.finale)) {
        this.holdTimer = setTimeout(() => this.pump(), wait);
        return;
      }
      if (this.finale) {
        this.finale = null;
        this.render();
      }
      if (!this.queue.length) return;
      const message = this.queue.shift();
      const tricksBefore = this.view?.board?.tricks?.length ?? 0;
      const pause = trickPause() * 1000;
      const ending = pause && message.events.some((e) => e.type === "deal_scored")
        ? playedOut(message.view) : null;
      this.finale = ending; // before the update is drawn: it draws the last trick, not the result
      this.apply(message);
      const b = this.view.board;
      const theirs = message.events.some((e) => e.type === "card" && e.by !== this.view.seat);
      if (ending || (pause && b && (b.tricks?.length ?? 0) > tricksBefore && !b.over)) {
        this.holdUntil = Date.now() + pause;
      } else if (pause && theirs) this.holdUntil = Date.now() + pause / 3;
    }
  }

  /** The player asks for the next card now (a click on the table, a key). */
  skipPause() {
    if (this.holdUntil <= Date.now()) return;
    this.holdUntil = 0;
    this.pump();
  }

  apply(message) {
    if (message.type === "update") {
      const first = this.view === null;
      const moved = first || message.view.version !== this.view.version;
      const before = this.view;
      this.view = message.view;
      if (!first) for (const e of message.events) this.announceEvent(e, before);
      else this.announceStart();
      // A repeated view (the analysis arriving) is no answer to an action in flight.
      if (moved) this.busy = false;
      this.render();
    } else if (message.type === "error") {
      this.busy = false;
      this.showError(message.reason);
      this.render();
    } else if (message.type === "ack") {
      this.busy = false;
    }
  }

  send(action) {
    // The table is drawn from its first view before the socket opens: an action taken in
    // that moment (or while reconnecting) is refused aloud, never dropped in silence.
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      this.showError(t("conn.not_yet"));
      return;
    }
    if (this.busy) return; // the answer to the last action is on its way
    this.busy = true;
    this.clearError();
    this.news = null;
    this.ws.send(JSON.stringify({ type: "act", id: this.nextId++, version: this.view.version, action }));
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

  announceStart() {
    const v = this.view;
    if (!v.board) return;
    const parts = [t("sr.board", { n: v.board.number, dealer: seatName(v.board.dealer),
      vul: t(`vul.${v.board.vulnerability}`) })];
    if (v.you_act) parts.push(t("sr.your_turn"));
    announce(parts.join(". "));
  }

  /** Says an event to screen readers; an answer to a claim, a concession or a request is
   * also written on the table (``news``), where a sighted player looks. */
  announceEvent(e, before) {
    const v = this.view;
    const said = (text) => {
      this.news = text;
      announce(text);
    };
    if (e.type === "call") {
      const expl = e.explanation ? ` (${explanationText(e.explanation)})` : "";
      announce(`${seatName(e.seat)}: ${callWords(e.call)}${expl}`);
    } else if (e.type === "call_explained") {
      // Partner's copy is empty (partner is not told what a call means): nothing to say.
      const call = v.board?.calls[e.index]?.call;
      if (call && !(v.seat && e.seat === next(v.seat, 2))) {
        const text = explanationText(e.explanation) || (e.alert ? t("ui.alert") : "");
        const words = { seat: seatName(e.seat), call: callWords(call), text };
        announce(text ? t("sr.explained", words) : t("sr.explanation_withdrawn", words));
      }
    } else if (e.type === "card") {
      // the player has played on (here or from another device): the last answer was read
      if (e.seat === v.seat || e.seat === before?.act_for) this.news = null;
      announce(`${seatName(e.seat)}: ${cardWords(e.card)}`);
      const b = v.board;
      if (b && b.trick && b.trick.cards.length === 0 && b.tricks?.length) {
        const last = b.tricks[b.tricks.length - 1];
        announce(t("sr.trick_won", { seat: seatName(last.winner), ns: b.won.NS, ew: b.won.EW }));
      }
    } else if (e.type === "deal_dealt") {
      this.news = null;
      const b = v.board;
      announce(t("sr.board", { n: b.number, dealer: seatName(b.dealer), vul: t(`vul.${b.vulnerability}`) }));
    } else if (e.type === "deal_scored") {
      const done = this.lastFinished();
      if (done) announce(this.resultText(done));
    } else if (e.type === "claim") {
      announce(t("sr.claim", { seat: seatName(e.seat), n: e.tricks }));
    } else if (e.type === "claim_accepted") {
      announce(t("sr.claim_accepted", { seat: seatName(e.seat) }));
    } else if (e.type === "claim_rejected") {
      const yours = before?.board?.pending_claim?.seat === v.seat;
      said(t(yours ? "ui.your_claim_rejected" : "sr.claim_rejected", { seat: seatName(e.seat) }));
    } else if (e.type === "conceded") {
      announce(t("sr.conceded", { seat: seatName(e.seat), n: e.tricks }));
    } else if (e.type === "concession_answered") {
      if (e.agreed) announce(t("sr.concession_agreed", { seat: seatName(e.seat) }));
      else {
        const yours = before?.board?.pending_concession?.seat === v.seat;
        said(t(yours ? "ui.your_concession_objected" : "sr.concession_objected", { seat: seatName(e.seat) }));
      }
    } else if (e.type === "claim_withdrawn") {
      said(t("sr.claim_withdrawn", { seat: seatName(e.seat) }));
    } else if (e.type === "undone") {
      announce(t("sr.undone"));
    } else if (e.type === "server.undo_request") {
      announce(t("sr.undo_request", { seat: seatName(e.seat) }));
    } else if (["server.undo_reply", "server.stop_reply"].includes(e.type) && !e.accept) {
      said(t("sr.refused", { seat: seatName(e.seat) }));
    } else if (e.type === "server.kibitz") {
      announce(t(e.agree ? "sr.kibitz_agree" : "sr.kibitz_withdraw", { seat: seatName(e.seat) }));
    } else if (e.type === "server.stop_request") {
      announce(t("sr.stop_request", { seat: seatName(e.seat) }));
    } else if (e.type === "series_stopped") {
      announce(t("sheet.stopped", { seat: seatName(e.seat) }));
    } else if (e.type === "series_ended") {
      announce(`${t("sheet.final")}: ${t("side.NS")} ${e.ns_total}, ${t("side.EW")} ${e.ew_total}`);
    }
    if (v.you_act && ["call", "card", "deal_dealt", "claim_rejected", "claim_withdrawn", "concession_answered", "undone"].includes(e.type)) {
      announce(t("sr.your_turn"));
    }
  }

  /** The deal that ended last: shown until its player turns to the next one. */
  lastFinished() {
    const v = this.view;
    if (v.board?.over) return v.board;
    return v.history.length ? v.history[v.history.length - 1] : null;
  }

  // -- layout ----------------------------------------------------------------------------
  me() {
    return this.view.seat || "S";
  }

  position(seat) {
    const me = this.me();
    return ["bottom", "left", "top", "right"][(SEATS.indexOf(seat) - SEATS.indexOf(me) + 4) % 4];
  }

  render() {
    const v = this.view;
    if (!v) return;
    const focusId = document.activeElement?.id;
    const command = document.getElementById("command");
    const typed = command ? command.value : "";
    const editor = document.getElementById("explain-edit");
    if (editor && this.editing) {
      this.editing.text = editor.value;
      this.editing.alert = document.getElementById("explain-alert")?.checked || false;
    }
    this.main.replaceChildren();
    const b = v.board;
    document.title = `contractbridge — ${b ? t("ui.board_n", { n: b.number }) : ""}`;

    const status = el("div", { class: "status-bar" },
      el("span", { id: "conn", "data-status": "connected" }, t("conn.connected")),
      el("span", {}, `${t(`kind.${v.kind}`)} · ${t("ui.table")} ${this.id}`),
      el("span", {}, v.seat ? t("ui.you_are", { seat: seatName(v.seat) }) : t("ui.spectator")),
      this.renderKibitzing(),
      this.renderPauseChoice(),
      this.renderNextDealChoice(),
      el("a", { href: "/" }, t("ui.lobby")));
    this.main.append(status);
    // the robots stopped after repeated failures: said plainly, and a player may restart them
    if (v.set_aside) {
      this.main.append(el("div", { class: "set-aside error", role: "alert", id: "set-aside" },
        el("p", {}, t("ui.set_aside"), " ", el("small", {}, v.set_aside)),
        v.seat ? el("button", { type: "button", id: "resume", onclick: () => this.send({ resume: true }) },
          t("ui.resume_robots")) : null));
    }
    // Once the series is over, its final score sheet comes first.
    if (v.sheet.over) this.main.append(this.renderSheet("final"));
    if (!b) return;

    const layout = el("div", { class: "layout" });
    const tableArea = el("section", { class: "table-area", "aria-label": t("ui.table") });
    // the deal just played out stays on the table with its last trick (see pump)
    const fin = this.finale;
    const onTable = fin || b;
    const hands = fin ? {} : v.hands;
    tableArea.append(this.renderInfo(onTable));
    // On a phone a dummy at the side takes the whole width (its suits in rows), and the
    // other side's opponent moves up beside the top seat.
    const dummyAt = b.contract && !b.over && !fin && v.hands[b.contract.dummy] ? this.position(b.contract.dummy) : null;
    const inAuction = !onTable.auction_over ? " in-auction" : "";
    const felt = el("div", { class: `felt${dummyAt ? ` dummy-at-${dummyAt}` : ""}${inAuction}${fin ? " finale" : ""}`,
      onclick: () => this.skipPause() });
    for (const seat of SEATS) felt.append(this.renderSeat(seat, onTable, hands));
    felt.append(this.renderTrick(onTable));
    tableArea.append(felt);
    // not a live region: the refusal is announced once, in the assertive region
    tableArea.append(el("p", { id: "error", class: "error", hidden: !this.error },
      ...(this.error ? [el("span", { "aria-hidden": "true" }, "⚠ "), this.error] : [])));
    // already said to screen readers (announceEvent): not a live region
    if (this.news) tableArea.append(el("p", { id: "news", class: "notice news" }, this.news));
    // Claims, concessions and requests, and their answers, directly under the table: on a
    // phone the auction and the score sheet come after it, and the answer was 1,400 px down.
    if (!fin) tableArea.append(this.renderTableActions(b));
    layout.append(tableArea);
    // after the table on a desktop; after the auction and the bidding box on a phone
    const controls = this.renderControls(b);

    const side = el("aside", { class: "side" });
    side.append(this.renderAuction(onTable));
    if (v.legal_calls && !fin) side.append(this.renderBiddingBox(b));
    if (!v.sheet.over) side.append(this.renderSheet());
    layout.append(side, controls);
    this.main.append(layout);

    const reviewBoard = this.review != null
      ? [...v.history, b].find((x) => x.number === this.review) : null;
    const last = this.lastFinished();
    const fresh = last && last.number !== this.dismissed ? last : null;
    const shown = reviewBoard || (fin ? null : fresh);
    if (shown) {
      this.main.append(this.renderResult(shown));
      if (fresh && this.scrolledTo !== fresh.number && !reviewBoard) {
        // A deal has just ended: bring its result into view, once (the player may scroll away).
        this.scrolledTo = fresh.number;
        const after = Number(localStorage.getItem("cb.nextDeal") ?? "0");
        if (after > 0 && !b.over) {
          // the player's setting: the next deal comes by itself, unless they are looking back
          setTimeout(() => {
            if (this.dismissed !== fresh.number && this.review == null) this.nextDeal(fresh.number);
          }, after * 1000);
        }
        requestAnimationFrame(() => document.getElementById("result")?.scrollIntoView({ block: "nearest" }));
      }
    }
    if (v.history.length || b.over) this.main.append(this.renderHistory());
    // A question for this player (a claim, a concession, an undo, a stop) is brought into
    // view once, where its answer buttons are: on a phone they were below the first screen.
    const question = document.querySelector("#table-actions button[id^='accept-']");
    const asked = question ? `${b.number}:${question.id}:${JSON.stringify(b.pending_claim || b.pending_concession || b.pending_undo || v.pending_stop)}` : null;
    if (asked && asked !== this.asked) {
      requestAnimationFrame(() => document.getElementById("table-actions")?.scrollIntoView({ block: "nearest" }));
    }
    this.asked = asked;

    if (focusId) {
      const again = document.getElementById(focusId);
      if (again && !again.disabled) again.focus();
      else if (focusId.startsWith("card-")) {
        // The card just played has left the hand: stay in the hand (its next playable card,
        // or the hand itself while the others play), not at the top of the page.
        const legal = document.querySelector("button.card.legal:not([disabled])");
        (legal || document.getElementById(`hand-${this.me()}`))?.focus();
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
    this.setStatus(open ? "connected" : this.opened ? "reconnecting" : "connecting");
  }

  /** When the result of a deal gives way to the next deal: on the player's click (the
   * default) or after some seconds, kept in the browser. */
  renderNextDealChoice() {
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

  /** Put the result away and go back to the table (the next deal is already dealt). */
  nextDeal(number) {
    this.dismissed = number;
    this.review = null;
    this.showLast = false;
    this.render();
    document.getElementById(`seat-${this.me()}`)?.scrollIntoView({ block: "nearest" });
  }

  /** A spectator's page says when it shows every hand (the table's people all agreed). */
  renderKibitzing() {
    const v = this.view;
    if (v.seat || !v.kibitzers?.allowed) return null;
    if (v.kibitzing) return el("span", { class: "kibitzing", id: "kibitzing" }, t("ui.kibitzing"));
    // this browser holds a seat at the table: the server keeps the hands from it
    return v.kibitzers.see_hands ? el("span", { id: "kibitz-not-here" }, t("ui.kibitz_not_here")) : null;
  }

  /** A person's own word on whether kibitzers see all hands, and the table's state (every
   * person must agree; any one may withdraw). With the controls, not in the status bar: on
   * a phone that would push the bidding box out of the first screen. */
  renderKibitzChoice() {
    const v = this.view;
    const k = v.kibitzers;
    if (!k || !k.allowed || !v.seat || v.robots.includes(v.seat) || v.sheet.over) return null;
    const box = el("input", { type: "checkbox", id: "kibitz-hands", checked: k.agreed.includes(v.seat),
      onchange: (ev) => {
        if (this.busy) ev.target.checked = !ev.target.checked; // the last action is on its way
        else this.send({ kibitzers_see_hands: ev.target.checked });
      } });
    const missing = SEATS.filter((s) => !v.robots.includes(s) && !k.agreed.includes(s));
    const state = k.see_hands ? t("ui.kibitz_state_on")
      : k.agreed.length ? t("ui.kibitz_waiting", { seats: missing.map(seatName).join(", ") })
        : t("ui.kibitz_state_off");
    return el("label", { class: "kibitz-choice", for: "kibitz-hands" }, box,
      ` ${t("ui.kibitz_setting")} `, el("small", { id: "kibitz-state" }, `(${state})`));
  }

  renderPauseChoice() {
    const select = el("select", { id: "trick-pause", onchange: (ev) => {
      localStorage.setItem("cb.trickPause", ev.target.value);
      this.skipPause();
    } });
    for (const seconds of TRICK_PAUSES) {
      select.append(el("option", { value: String(seconds), selected: seconds === trickPause() },
        seconds ? `${seconds} s` : "0"));
    }
    return el("label", { class: "pause-choice" }, `${t("ui.trick_pause")} `, select);
  }

  renderInfo(b) {
    const v = this.view;
    const info = el("div", { class: "info" });
    info.append(el("h1", { class: "board-no" },
      `${t("ui.board_n", { n: b.number })}${v.boards ? ` / ${v.boards}` : ""}`
      + (b.of_four ? ` · ${t("ui.of_four", { k: b.of_four })}` : "")));
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

  renderSeat(seat, b, hands) {
    const v = this.view;
    const pos = this.position(seat);
    const isDummy = b.contract && b.contract.dummy === seat;
    const robot = v.robots.includes(seat);
    // A robot's default name ("Robot N", in English) says no more than its tag: the tag alone,
    // in the page's language.
    const given = v.names[seat] && !(robot && v.names[seat] === `Robot ${seat}`) ? v.names[seat] : "";
    const name = given || (robot ? t("lobby.robot") : "—");
    const active = b === v.board && v.pending.includes(seat)
      || (b.turn === seat && !b.over && b.contract && b.contract.dummy === seat);
    const box = el("div", {
      class: `seat seat-${pos}${active ? " active" : ""}${isDummy ? " dummy" : ""}`,
      id: `seat-${seat}`, role: "region",
      "aria-label": `${seatName(seat)}: ${name}${isDummy ? `, ${t("ui.dummy")}` : ""}`,
    });
    const vulnerable = ["All", sideOf(seat)].includes(b.vulnerability);
    box.append(el("div", { class: `nameplate${vulnerable ? " vulnerable" : ""}` },
      el("strong", {}, seatName(seat)), " ", robot && !given ? null : name,
      robot ? el("span", { class: "tag robot" }, t("lobby.robot")) : null,
      b.dealer === seat ? el("span", { class: "tag dealer", title: t("ui.dealer") }, t("ui.dealer")) : null,
      isDummy ? el("span", { class: "tag" }, ` · ${t("ui.dummy")}`) : null));
    const cards = hands[seat];
    if (cards) {
      if (isDummy && !b.over) box.append(this.renderDummy(seat, cards, pos));
      else box.append(this.renderHand(seat, cards));
    } else {
      const n = b.counts[seat];
      box.append(el("div", { class: "backs", role: "img", "aria-label": t("ui.cards_hidden", { n }) },
        ...Array.from({ length: Math.min(n, 13) }, () => el("span", { class: "back" }))));
    }
    return box;
  }

  playable(seat) {
    const v = this.view;
    return v.act_for === seat && v.legal_cards ? new Set(v.legal_cards) : new Set();
  }

  cardButton(card, legal) {
    const red = card[0] === "H" || card[0] === "D";
    return el("button", {
      type: "button", class: `card${red ? " red" : ""}${legal ? " legal" : ""}`, id: `card-${card}`,
      "data-card": card, disabled: !legal || this.busy, "aria-label": cardWords(card),
      onclick: () => this.send({ card }),
    }, // a card's corner index, rank over suit: what shows when a long suit's cards overlap
    el("span", { class: "rank" }, rankText(card[1])),
    el("span", { class: "pip", "aria-hidden": "true" }, SUIT_SYMBOL[card[0]]));
  }

  renderHand(seat, cards) {
    const legal = this.playable(seat);
    const hand = el("div", { class: "hand", id: `hand-${seat}`, tabindex: "-1",
      "aria-label": t("ui.hand_of", { seat: seatName(seat) }) });
    for (const suit of HAND_SUITS) {
      const ofSuit = cards.filter((c) => c[0] === suit);
      // one line a suit at every width: the cards overlap (CSS, by --n) rather than wrap
      const row = el("div", { class: `suit-row suit-${suit}`, style: `--n: ${Math.max(ofSuit.length, 1)}` },
        el("span", { class: "suit-symbol", "aria-hidden": "true" }, SUIT_SYMBOL[suit]));
      if (!ofSuit.length) row.append(el("span", { class: "void" }, "—"));
      for (const card of ofSuit) row.append(this.cardButton(card, legal.has(card)));
      hand.append(row);
    }
    return hand;
  }

  /** Dummy face up in columns, trumps on dummy's own right (Law 41D). */
  renderDummy(seat, cards, pos) {
    const legal = this.playable(seat);
    const trump = this.view.board.contract.strain;
    let order = HAND_SUITS.filter((s) => s !== trump);
    if (trump !== "NT") {
      // Dummy faces the table: its right is the viewer's left when it sits opposite (top),
      // down the screen when it sits on the left, up when on the right.
      order = pos === "top" || pos === "right" ? [trump, ...order] : [...order, trump];
    }
    const spread = el("div", { class: `dummy-spread dummy-${pos}`,
      "aria-label": t("ui.dummy_of", { seat: seatName(seat) }) });
    for (const suit of order) {
      const ofSuit = cards.filter((c) => c[0] === suit);
      const col = el("div", { class: `dummy-col suit-${suit}${suit === trump ? " trumps" : ""}`,
        style: `--n: ${Math.max(ofSuit.length, 1)}` },
        el("span", { class: "suit-symbol", "aria-hidden": "true" }, SUIT_SYMBOL[suit]));
      for (const card of ofSuit) col.append(this.cardButton(card, legal.has(card)));
      spread.append(col);
    }
    return spread;
  }

  renderTrick(b) {
    const area = el("div", { class: "trick", id: "trick", role: "group", "aria-label": t("ui.current_trick") });
    if (!b.trick) return area;
    let leader = b.trick.leader;
    let cards = b.trick.cards;
    let label = "";
    if (this.showLast && b.tricks.length) {
      const last = b.tricks[b.tricks.length - 1];
      leader = last.leader;
      cards = last.cards;
      label = t("ui.last_trick");
    } else if (!cards.length && b.tricks.length && (!b.over || b === this.finale)) {
      // Between tricks, keep the finished one on the table until the next card.
      const last = b.tricks[b.tricks.length - 1];
      leader = last.leader;
      cards = last.cards;
      label = t("ui.won_by", { seat: seatName(last.winner) });
    }
    cards.forEach((card, i) => {
      const seat = next(leader, i);
      const red = card[0] === "H" || card[0] === "D";
      area.append(el("span", { class: `played played-${this.position(seat)}${red ? " red" : ""}`,
        "aria-label": `${seatName(seat)}: ${cardWords(card)}` }, cardText(card)));
    });
    if (label) area.append(el("span", { class: "trick-label" }, label));
    return area;
  }

  renderAuction(b) {
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
    const v = this.view;
    const mine = (c) => v.seat && c.seat === v.seat && !b.over && b === v.board;
    b.calls.forEach((c, i) => {
      const jump = isJump(b.calls.slice(0, i), c.call);
      const explanation = explanationText(c.explanation || "");
      const own = mine(c);
      const label = `${seatName(c.seat)}: ${callWords(c.call)}${explanation ? `, ${explanation}` : ""}`;
      const edit = () => this.editExplanation(i);
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
    const editing = this.editing;
    if (editing && b === v.board && b.calls[editing.index] && mine(b.calls[editing.index])) {
      box.append(this.renderExplanationEditor(b.calls[editing.index], editing));
    } else if (b === v.board) {
      this.editing = null; // the call was taken back, or the deal is over
    }
    return box;
  }

  editExplanation(index) {
    const c = this.view.board.calls[index];
    this.editing = { index, text: c.explanation || "", alert: Boolean(c.alert) };
    this.render();
    document.getElementById("explain-edit")?.focus();
  }

  renderExplanationEditor(c, editing) {
    const input = el("input", { type: "text", id: "explain-edit", maxlength: "200",
      value: editing.text, placeholder: t("ui.explain") });
    const alert = el("input", { type: "checkbox", id: "explain-alert", checked: editing.alert });
    const close = (focus = true) => {
      this.editing = null;
      this.render();
      if (focus) document.getElementById(`call-${editing.index}`)?.focus();
    };
    const form = el("form", { class: "explain-form alert-row", id: "explain-form",
      onsubmit: (ev) => {
        ev.preventDefault();
        this.send({ explain: editing.index, explanation: input.value.trim(), alert: alert.checked });
        close();
      },
      onkeydown: (ev) => { if (ev.key === "Escape") close(); } },
    el("label", { for: "explain-edit" }, t("ui.explain_of", { call: callText(c.call) })),
    input,
    el("label", { for: "explain-alert", class: "inline" }, alert, t("ui.alert")),
    el("button", { type: "submit", id: "explain-save", class: "primary" }, t("ui.explain_save")),
    el("button", { type: "button", id: "explain-cancel", onclick: () => close() }, t("ui.cancel")));
    return form;
  }

  renderBiddingBox(b) {
    const v = this.view;
    const legal = new Set(v.legal_calls);
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
          "aria-label": callWords(call), disabled: this.busy,
          onclick: () => this.chooseCall(call) }, callText(call)));
      }
    }
    box.append(grid, this.renderCompactBids(legal));
    const others = el("div", { class: "other-calls" });
    for (const call of ["Pass", "X", "XX"]) {
      if (!legal.has(call)) continue;
      others.append(el("button", { type: "button", class: `bid call-${call}`, "data-call": call,
        "aria-label": callWords(call), disabled: this.busy,
        onclick: () => this.chooseCall(call) }, callText(call)));
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
  renderCompactBids(legal) {
    const box = el("div", { class: "bid-compact" });
    const levels = el("div", { class: "levels", role: "group", "aria-label": t("ui.level") });
    for (let level = 1; level <= 7; level++) {
      const any = STRAINS.some((strain) => legal.has(`${level}${strain}`));
      levels.append(el("button", { type: "button", class: "level", "data-level": String(level),
        "aria-pressed": String(this.pickLevel === level), disabled: !any || this.busy,
        onclick: () => {
          this.pickLevel = this.pickLevel === level ? null : level;
          this.render();
          document.querySelector(".bid-compact .strains button:not([disabled])")?.focus();
        } }, String(level)));
    }
    box.append(levels);
    if (this.pickLevel) {
      const strains = el("div", { class: "strains", role: "group" });
      for (const strain of STRAINS) {
        const call = `${this.pickLevel}${strain}`;
        const red = strain === "H" || strain === "D";
        strains.append(el("button", { type: "button", class: `bid${red ? " red" : ""}`, "data-pick": call,
          "aria-label": callWords(call), disabled: !legal.has(call) || this.busy,
          onclick: () => this.chooseCall(call) }, callText(call)));
      }
      box.append(strains);
    }
    return box;
  }

  chooseCall(call) {
    this.pickLevel = null;
    const b = this.view.board;
    const warning = document.getElementById("stop-warning");
    const alert = document.getElementById("alert")?.checked || false;
    let explanation = document.getElementById("explain")?.value.trim() || "";
    const opening = !b.calls.some((c) => /^[1-7]/.test(c.call));
    if (call === "1NT" && opening && !explanation) explanation = t("announce.1nt");
    const action = { call, alert, explanation: explanation || undefined };
    // The STOP card asks the next player to wait about ten seconds; a robot is not asked
    // (it would call at once and break the promise), so the warning is only for a person.
    const nextIsPerson = !this.view.robots.includes(next(this.view.seat));
    if (nextIsPerson && isJump(b.calls, call) && warning && warning.dataset.call !== call) {
      warning.dataset.call = call;
      warning.hidden = false;
      warning.replaceChildren(
        el("strong", {}, t("ui.stop")), " ", t("ui.stop_text"), " ",
        el("button", { type: "button", id: "stop-confirm", class: "primary",
          onclick: () => this.send(action) }, t("ui.stop_confirm", { call: callText(call) })),
        el("button", { type: "button", onclick: () => {
          warning.hidden = true;
          warning.dataset.call = "";
        } }, t("ui.cancel")));
      announce(`${t("ui.stop")}: ${t("ui.stop_text")}`, true);
      document.getElementById("stop-confirm").focus();
      return;
    }
    this.send(action);
  }

  /** Under the felt: claim and concede, and every question waiting for an answer. */
  renderTableActions(b) {
    const v = this.view;
    const bar = el("div", { class: "table-actions", id: "table-actions" });
    const inPlay = b.contract && !b.over && v.seat && b.contract.dummy !== v.seat;
    if (inPlay && !b.pending_claim && !b.pending_concession && !b.pending_undo && !v.pending_stop) {
      // Any player but dummy may claim (Law 68): a defender's claim is answered by declarer,
      // declarer's by both defenders. Either side may concede the rest.
      bar.append(el("button", { type: "button", id: "claim", onclick: () => this.askClaim(b) }, t("ui.claim")));
      bar.append(el("button", { type: "button", id: "concede", onclick: () => this.send({ concede: true }) },
        t("ui.concede")));
    }
    if (b.pending_claim) {
      const c = b.pending_claim;
      bar.append(el("p", { class: "notice" }, t("ui.claim_pending", { seat: seatName(c.seat), n: c.tricks })));
      if (v.pending.includes(v.seat)) {
        bar.append(el("button", { type: "button", id: "accept-claim", onclick: () => this.send({ accept_claim: true }) }, t("ui.accept")));
        bar.append(el("button", { type: "button", id: "reject-claim", onclick: () => this.send({ accept_claim: false }) }, t("ui.reject")));
      } else if (c.seat === v.seat) {
        // until the opponents have all agreed, the claimer may take the claim back and play on
        bar.append(el("button", { type: "button", id: "withdraw-claim", onclick: () => this.send({ withdraw_claim: true }) },
          t("ui.withdraw_claim")));
      }
    }
    if (b.pending_concession) {
      // a defender's concession waits for partner, who may object (Law 68B2)
      const c = b.pending_concession;
      bar.append(el("p", { class: "notice" }, t("ui.concession_pending", { seat: seatName(c.seat), n: c.tricks,
        partner: seatName(next(c.seat, 2)) })));
      if (v.pending.includes(v.seat)) {
        bar.append(el("button", { type: "button", id: "accept-concession", onclick: () => this.send({ accept_claim: true }) }, t("ui.agree")));
        bar.append(el("button", { type: "button", id: "reject-concession", onclick: () => this.send({ accept_claim: false }) }, t("ui.object")));
      }
    }
    if (b.pending_undo) {
      bar.append(el("p", { class: "notice" }, t("ui.undo_pending", { seat: seatName(b.pending_undo.seat) })));
      if (v.pending.includes(v.seat)) {
        bar.append(el("button", { type: "button", id: "accept-undo", onclick: () => this.send({ accept_undo: true }) }, t("ui.accept")));
        bar.append(el("button", { type: "button", id: "reject-undo", onclick: () => this.send({ accept_undo: false }) }, t("ui.reject")));
      }
    }
    if (v.pending_stop) {
      bar.append(el("p", { class: "notice", id: "stop-pending" }, t("ui.stop_pending", { seat: seatName(v.pending_stop.seat) })));
      if (v.pending.includes(v.seat)) {
        bar.append(el("button", { type: "button", id: "accept-stop", onclick: () => this.send({ accept_stop: true }) }, t("ui.accept")));
        bar.append(el("button", { type: "button", id: "reject-stop", onclick: () => this.send({ accept_stop: false }) }, t("ui.reject")));
      }
    }
    return bar;
  }

  renderControls(b) {
    const v = this.view;
    const bar = el("div", { class: "controls" });
    const command = el("input", { type: "text", id: "command", autocomplete: "off",
      placeholder: t("ui.command_placeholder"), "aria-label": t("ui.command") });
    const form = el("form", { class: "command-form", onsubmit: (ev) => {
      ev.preventDefault();
      // Cleared first: a command that redraws the page (last, next) would otherwise carry
      // its own text over into the new command box.
      const text = command.value;
      command.value = "";
      this.runCommand(text);
    } }, command, el("button", { type: "submit" }, t("ui.go")));
    if (v.seat) bar.append(form); // a spectator has nothing to type
    if (b.tricks?.length) {
      bar.append(el("button", { type: "button", id: "last-trick", "aria-pressed": String(this.showLast),
        onclick: () => { this.showLast = !this.showLast; this.render(); } }, t("ui.last_trick")));
    }
    if (v.hints && v.you_act && (v.legal_calls || v.legal_cards)) {
      bar.append(el("button", { type: "button", id: "hint", onclick: () => this.askHint() }, t("ui.hint")));
    }
    if (this.hint && this.hint.version === v.version) {
      bar.append(el("p", { class: "notice hint-line", id: "hint-line" }, this.hint.text));
    }
    const mine = (seat) => seat === v.seat || (b.contract && b.contract.declarer === v.seat && seat === b.contract.dummy);
    const acted = b.calls.some((c) => c.seat === v.seat)
      || (b.tricks || []).some((tr) => tr.cards.some((_, i) => mine(next(tr.leader, i))))
      || (b.trick?.cards || []).some((_, i) => mine(next(b.trick.leader, i)));
    if (v.seat && !b.over && acted && !b.pending_undo && !b.pending_claim && !v.pending_stop) {
      bar.append(el("button", { type: "button", id: "undo", onclick: () => this.send({ undo: true }) },
        t("ui.undo")));
    }
    if (!v.pending_stop && v.seat && !v.sheet.over && !b.pending_undo && !b.pending_claim) {
      // Any person at the table may stop the series; the other people must agree.
      bar.append(el("button", { type: "button", id: "stop-series", "aria-label": t("ui.stop_series_label"),
        onclick: () => this.askStop() }, t("ui.stop_series")));
    }
    const kibitz = this.renderKibitzChoice();
    if (kibitz) bar.append(kibitz);
    const last = this.lastFinished();
    if (last && !b.over && (this.review != null || last.number !== this.dismissed)) {
      // The next deal is already dealt; the result of the last one stays until the player
      // turns to the next deal, and the page goes back to the table.
      bar.append(el("button", { type: "button", id: "next-deal", class: "primary",
        onclick: () => this.nextDeal(last.number) }, t("ui.next_deal")));
    }
    return bar;
  }

  /** What the robot would do here, and why (the server asks it from this seat's view). */
  async askHint() {
    const version = this.view.version;
    const response = await fetch(`/api/tables/${this.id}/hint?token=${encodeURIComponent(this.token)}`);
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) {
      this.showError(data.error);
      return;
    }
    const a = data.action;
    // the robot's action: a call, a card, or a claim of the remaining tricks it counts
    const text = a.call
      ? t("ui.hint_call", { call: callText(a.call) }) + (a.explanation ? ` (${explanationText(a.explanation)})` : "")
      : a.claim !== undefined ? t("ui.hint_claim", { n: a.claim })
      : t("ui.hint_card", { card: cardText(a.card || "") });
    this.hint = { version, text, call: a.call, card: a.card };
    announce(text);
    this.render();
    const target = a.call ? document.querySelector(`[data-call="${a.call}"]`)
      : document.getElementById(`card-${a.card}`);
    target?.classList.add("hinted");
  }

  askStop() {
    if (window.confirm(t("ui.stop_series_confirm"))) this.send({ stop: true });
  }

  /** The claim dialog, in the page (a browser prompt cannot say what is wrong with a number). */
  askClaim(b) {
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
        this.send({ claim: n });
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

  runCommand(text) {
    const v = this.view;
    const key = text.trim().toLowerCase();
    if (!key) return;
    if (key === "last" || key === "l") { this.showLast = !this.showLast; this.render(); return; }
    if (key === "undo" || key === "u") { this.send({ undo: true }); return; }
    if (key === "next" || key === "n") { this.dismissed = this.lastFinished()?.number; this.review = null; this.render(); return; }
    const claim = key.match(/^claim\s+(\d+)$/);
    if (claim) { this.send({ claim: Number(claim[1]) }); return; }
    if (key === "concede") { this.send({ concede: true }); return; }
    if (key === "withdraw") { this.send({ withdraw_claim: true }); return; }
    if (key === "stop") { this.askStop(); return; }
    // Answer a waiting claim, undo or stop: "accept"/"reject", or the buttons' own words.
    const answer = ["accept", t("ui.accept").toLowerCase()].includes(key) ? true
      : ["reject", t("ui.reject").toLowerCase()].includes(key) ? false : null;
    if (answer !== null) {
      const b = v.board;
      if (!v.pending.includes(v.seat)) this.showError(t("ui.not_your_turn"));
      else if (v.pending_stop) this.send({ accept_stop: answer });
      else if (b?.pending_undo) this.send({ accept_undo: answer });
      else if (b?.pending_claim || b?.pending_concession) this.send({ accept_claim: answer });
      else this.showError(t("ui.not_your_turn"));
      return;
    }
    if (v.legal_calls) {
      const call = parseCall(key);
      if (call && v.legal_calls.includes(call)) this.chooseCall(call);
      else this.showError(t("ui.not_legal_call", { text }));
      return;
    }
    if (v.legal_cards) {
      const card = parseCard(key);
      if (card && v.legal_cards.includes(card)) this.send({ card });
      else this.showError(t("ui.not_legal_card", { text }));
      return;
    }
    this.showError(t("ui.not_your_turn"));
  }

  resultText(b) {
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

  renderResult(b) {
    const section = el("section", { class: "result panel", id: "result", "aria-label": t("ui.result_title") });
    section.append(el("h2", {}, `${t("ui.result_title")} — ${t("ui.board_n", { n: b.number })}`));
    section.append(el("p", { class: "result-line", id: "result-line" }, this.resultText(b)));
    if (b.beer) section.append(el("p", { class: "beer", id: "beer" }, `🍺 ${t("ui.beer")}`));
    const wrap = el("div", { class: "result-grid" });
    wrap.append(this.renderReplay(b));
    if (b.analysis) wrap.append(this.renderDD(b));
    else if (!b.passed_out) wrap.append(el("p", { class: "analysing" }, t("ui.analysing")));
    section.append(wrap);
    // the seat's token goes along: a table closed to spectators gives its files to its players only
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    const links = el("p", { class: "downloads" },
      el("a", { href: `/api/tables/${this.id}/boards/${b.number}.pbn${query}`, download: "", id: "download-pbn" }, t("ui.download_pbn")),
      " · ",
      el("a", { href: `/api/tables/${this.id}/boards/${b.number}.lin${query}`, download: "", id: "download-lin" }, t("ui.download_lin")));
    section.append(links);
    return section;
  }

  renderReplay(b) {
    const all = [];
    for (const trick of b.tricks || []) trick.cards.forEach((c, i) => all.push([next(trick.leader, i), c]));
    for (const [i, c] of (b.trick?.cards || []).entries()) all.push([next(b.trick.leader, i), c]);
    const key = b.number;
    if (this.replayStep === null || this.replayBoard !== key) {
      this.replayStep = 0;
      this.replayBoard = key;
    }
    const step = Math.min(this.replayStep, all.length);
    const played = new Set(all.slice(0, step).map(([, c]) => c));
    // The double-dummy value of each card at each point (tricks for declarer's side), once
    // the analysis has come: the seat to play shows what each of its cards was worth.
    const values = b.analysis?.cards || null;
    const here = values && step < values.length ? values[step] : null;
    const box = el("div", { class: "replay", id: "replay" });
    box.append(el("h3", {}, t("ui.replay")));
    box.append(this.renderReplayAuction(b));
    const diagram = el("div", { class: "diagram" });
    for (const seat of SEATS) {
      const cards = (b.deal[seat] || []).filter((c) => !played.has(c));
      const valued = here && here.seat === seat ? here.values : null;
      const declaring = b.contract && sideOf(seat) === sideOf(b.contract.declarer);
      const best = valued ? (declaring ? Math.max : Math.min)(...Object.values(valued)) : null;
      const lines = HAND_SUITS.map((s) => {
        const ofSuit = cards.filter((c) => c[0] === s);
        const line = el("div", { class: `suit-${s}` }, `${SUIT_SYMBOL[s]} `);
        if (!ofSuit.length) line.append("—");
        for (const c of ofSuit) {
          const rank = rankText(c[1]);
          if (valued && c in valued) {
            // a card that costs a trick is struck through, not only coloured (hearts and
            // diamonds are red already)
            const mark = valued[c] === best ? " best" : " costly";
            line.append(el("span", { class: `valued${mark}${c === here.card ? " chosen" : ""}`,
              title: t("ui.dd_value", { n: valued[c] }) }, rank, el("sup", {}, String(valued[c]))), " ");
          } else line.append(`${rank} `);
        }
        return line;
      });
      diagram.append(el("div", { class: `diagram-${seat}` }, el("strong", {}, seatName(seat)), ...lines));
    }
    const trickStart = step - ((step % 4) || (step ? 4 : 0));
    const shown = all.slice(trickStart, step);
    diagram.append(el("div", { class: "diagram-center", "aria-live": "polite" },
      ...shown.map(([s, c]) => el("div", {}, `${seatName(s)}: ${cardText(c)}`))));
    box.append(diagram);
    const go = (n) => { this.replayStep = Math.max(0, Math.min(all.length, n)); this.render(); };
    box.append(el("div", { class: "replay-controls" },
      el("button", { type: "button", onclick: () => go(0), "aria-label": t("ui.replay_start") }, "|◀"),
      el("button", { type: "button", id: "replay-back", onclick: () => go(step - 1), "aria-label": t("ui.replay_back") }, "◀"),
      el("span", { id: "replay-step" }, `${step}/${all.length}`),
      el("button", { type: "button", id: "replay-forward", onclick: () => go(step + 1), "aria-label": t("ui.replay_forward") }, "▶"),
      el("button", { type: "button", onclick: () => go(all.length), "aria-label": t("ui.replay_end") }, "▶|")));
    if (values) {
      const last = step > 0 ? values[step - 1] : null;
      if (last && last.cost) {
        box.append(el("p", { class: "cost", id: "replay-cost" }, t("ui.card_cost",
          { seat: seatName(last.seat), card: cardText(last.card), n: last.cost })));
      }
      // Every card that gave a trick away, to jump to (as a hand viewer lists them).
      const costly = values.map((v, i) => [v, i]).filter(([v]) => v.cost > 0);
      const list = el("ul", { class: "costly", id: "costly" });
      for (const [v, i] of costly) {
        list.append(el("li", {}, el("button", { type: "button", class: "linklike", onclick: () => go(i + 1) },
          `${t("ui.trick_n", { n: Math.floor(i / 4) + 1 })}: ${seatName(v.seat)} ${cardText(v.card)} (−${v.cost})`)));
      }
      box.append(el("h4", {}, costly.length ? t("ui.costly") : t("ui.none_costly")), list);
    }
    return box;
  }

  /** The auction of a finished board, small, for its replay (no explanation editor). */
  renderReplayAuction(b) {
    const table = el("table", { class: "replay-auction" });
    const cols = ["W", "N", "E", "S"];
    table.append(el("tr", {}, ...cols.map((s) => el("th", { scope: "col" }, seatName(s)))));
    let row = el("tr");
    for (let i = 0; i < cols.indexOf(b.dealer); i++) row.append(el("td"));
    for (const c of b.calls) {
      const explained = c.explanation ? { title: explanationText(c.explanation), class: "explained" } : {};
      row.append(el("td", explained, callText(c.call)));
      if (c.seat === "S") {
        table.append(row);
        row = el("tr");
      }
    }
    if (row.childElementCount) table.append(row);
    return table;
  }

  renderDD(b) {
    const a = b.analysis;
    const box = el("div", { class: "dd", id: "dd" });
    box.append(el("h3", {}, t("ui.dd_table")));
    const table = el("table");
    const head = el("tr", {}, el("td"));
    for (const s of STRAINS) head.append(el("th", { scope: "col" }, strainShort(s)));
    table.append(head);
    for (const seat of SEATS) {
      const row = el("tr", {}, el("th", { scope: "row" }, seatName(seat)));
      for (const s of STRAINS) row.append(el("td", {}, String(a.dd[s][seat])));
      table.append(row);
    }
    box.append(table);
    box.append(el("p", { id: "par" }, `${t("ui.par")}: ${a.par.map(parText).join(", ") || t("call.pass")} (${a.par_score > 0 ? "+" : ""}${a.par_score} ${t("side.NS")})`));
    return box;
  }

  renderHistory() {
    const v = this.view;
    const box = el("section", { class: "history panel" }, el("h2", {}, t("ui.history")));
    const list = el("ul");
    // once the series is over its last deal stays the table's board: it was played too
    for (const b of v.board?.over ? [...v.history, v.board] : v.history) {
      list.append(el("li", {}, el("button", { type: "button", class: "linklike",
        onclick: () => { this.review = b.number; this.replayStep = 0; this.render(); } },
      `${t("ui.board_n", { n: b.number })}: ${this.resultText(b)}`)));
    }
    box.append(list);
    return box;
  }

  renderSheet(where = "side") {
    const sheet = this.view.sheet;
    const title = where === "final" ? t("sheet.final") : t("ui.score_sheet");
    const box = el("section", { class: `sheet panel${where === "final" ? " final" : ""}`, id: "sheet",
      "aria-label": title, tabindex: where === "final" ? "-1" : null });
    box.append(el("h2", {}, title));
    if (sheet.lines) {
      // WE | THEY, premiums above the line (written upwards), trick scores below it,
      // a line drawn under each game.
      const table = el("table", { class: "rubber", id: "line-sheet" });
      table.append(el("tr", {}, el("th", {}, `${t("sheet.we")} (${t("side.NS")})`),
        el("th", {}, `${t("sheet.they")} (${t("side.EW")})`)));
      const above = { NS: [], EW: [] };
      for (const p of sheet.lines.premiums) above[p.side].push(p);
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
      for (const e of sheet.lines.entries) {
        if (!e.below[0] && !e.below[1]) continue;
        table.append(el("tr", { class: `below${e.game ? " game" : ""}` },
          el("td", {}, e.below[0] ? String(e.below[0]) : ""), el("td", {}, e.below[1] ? String(e.below[1]) : "")));
      }
      box.append(table);
    }
    // Duplicate: each board's score beside par (NS), as a practice sheet shows it.
    const withPar = sheet.kind === "duplicate";
    const par = {};
    for (const b of [...this.view.history, this.view.board]) {
      if (b && b.analysis) par[b.number] = b.analysis.par_score;
    }
    const table = el("table", { class: "rows" });
    table.append(el("tr", {}, el("th", {}, "#"), el("th", {}, t("ui.contract")), el("th", {}, t("ui.tricks")),
      el("th", {}, t("side.NS")), el("th", {}, t("side.EW")), withPar ? el("th", {}, t("ui.par")) : null,
      withPar ? el("th", { title: t("ui.imps_vs_par") }, t("ui.imps")) : null));
    for (const r of sheet.rows) {
      const contract = r.contract === "Pass" ? t("call.pass")
        : `${r.contract.replace(/^(\d)(NT|[CDHS])/, (m, l, s) => l + strainShort(s))} ${r.declarer ? seatName(r.declarer) : ""}`;
      table.append(el("tr", {}, el("td", {}, String(r.number)), el("td", {}, contract),
        el("td", {}, r.tricks ?? "—"), el("td", {}, r.ns > 0 ? String(r.ns) : ""),
        el("td", {}, r.ns < 0 ? String(-r.ns) : ""),
        withPar ? el("td", { class: "par" }, r.number in par ? String(par[r.number]) : "…") : null,
        withPar ? el("td", { class: "imps" }, r.imps == null ? "…" : (r.imps > 0 ? `+${r.imps}` : String(r.imps))) : null));
    }
    table.append(el("tr", { class: "total" }, el("th", { colspan: "3" }, t("sheet.total")),
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
  page.announceStart();
  page.connect();
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
