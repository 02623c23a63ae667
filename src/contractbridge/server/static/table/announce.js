// What screen readers are told: the page's two live regions, and the words for each event.
import {
  announcementText, callWords, cardWords, explanationText, seatName, t,
} from "../i18n.js";
import { el } from "../dom.js";
import { lastFinished, next } from "./common.js";
import { resultText } from "./result.js";

/** Says a line in the polite region, or in the assertive one; the last six lines stay. */
export function announce(text, urgent = false) {
  const region = document.getElementById(urgent ? "alert-live" : "live");
  const line = el("p", {}, text);
  region.append(line);
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

export function announceStart(v) {
  if (!v.board) return;
  const parts = [t("sr.board", { n: v.board.number, dealer: seatName(v.board.dealer),
    vul: t(`vul.${v.board.vulnerability}`) })];
  if (v.you_act) parts.push(t("sr.your_turn"));
  announce(parts.join(". "));
}

/** Says an event to screen readers; an answer to a claim, a concession or a request is
 * also written on the table (``page.news``), where a sighted player looks. */
export function announceEvent(page, e, before) {
  const v = page.view;
  const said = (text) => {
    page.news = text;
    announce(text);
  };
  if (e.type === "call") {
    const expl = e.explanation ? ` (${explanationText(e.explanation)})` : "";
    const heard = e.announcement
      ? `, ${t("ui.announcement")}: ${announcementText(e.announcement)}` : "";
    announce(`${seatName(e.seat)}: ${callWords(e.call)}${heard}${expl}`);
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
    if (e.seat === v.seat || e.seat === before?.act_for) page.news = null;
    announce(`${seatName(e.seat)}: ${cardWords(e.card)}`);
    const b = v.board;
    if (b && b.trick && b.trick.cards.length === 0 && b.tricks?.length) {
      const last = b.tricks[b.tricks.length - 1];
      announce(t("sr.trick_won", { seat: seatName(last.winner), ns: b.won.NS, ew: b.won.EW }));
    }
  } else if (e.type === "deal_dealt") {
    page.news = null;
    const b = v.board;
    announce(t("sr.board", { n: b.number, dealer: seatName(b.dealer), vul: t(`vul.${b.vulnerability}`) }));
  } else if (e.type === "deal_scored") {
    const done = lastFinished(v);
    if (done) announce(resultText(done));
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
