// The felt: each seat's nameplate and hand (its cards, dummy's columns, or the backs of
// hidden cards) around the trick.
import { cardWords, rankText, seatName, SUIT_SYMBOL, t } from "../i18n.js";
import { el } from "../dom.js";
import { HAND_SUITS, position, SEATS, sideOf } from "./common.js";
import { renderTrick } from "./trick.js";

/** The table with ``onTable`` on it: the live board, or the deal just played out (``fin``,
 * its hands gone) shown with its last trick for a moment. */
export function renderFelt(page, b, fin) {
  const v = page.view;
  const onTable = fin || b;
  const hands = fin ? {} : v.hands;
  // On a phone a dummy at the side takes the whole width (its suits in rows), and the
  // other side's opponent moves up beside the top seat.
  const dummyAt = b.contract && !b.over && !fin && v.hands[b.contract.dummy] ? position(v, b.contract.dummy) : null;
  const inAuction = !onTable.auction_over ? " in-auction" : "";
  const felt = el("div", { class: `felt${dummyAt ? ` dummy-at-${dummyAt}` : ""}${inAuction}${fin ? " finale" : ""}`,
    onclick: () => page.skipPause() });
  for (const seat of SEATS) felt.append(renderSeat(page, seat, onTable, hands));
  felt.append(renderTrick(page, onTable));
  return felt;
}

function renderSeat(page, seat, b, hands) {
  const v = page.view;
  const pos = position(v, seat);
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
    outsideTag(v, seat),
    b.dealer === seat ? el("span", { class: "tag dealer", title: t("ui.dealer") }, t("ui.dealer")) : null,
    isDummy ? el("span", { class: "tag" }, ` · ${t("ui.dummy")}`) : null));
  const cards = hands[seat];
  if (cards) {
    if (isDummy && !b.over) box.append(renderDummy(page, seat, cards, pos));
    else box.append(renderHand(page, seat, cards));
  } else {
    const n = b.counts[seat];
    box.append(el("div", { class: "backs", role: "img", "aria-label": t("ui.cards_hidden", { n }) },
      ...Array.from({ length: Math.min(n, 13) }, () => el("span", { class: "back" }))));
  }
  return box;
}

/** A seat given to a Blue Chip client: whether the outside robot plays it now, or is awaited
 * (our robot plays it meanwhile). */
function outsideTag(v, seat) {
  const outside = v.bluechip && v.bluechip[seat];
  if (!outside) return null;
  const text = outside.plays ? t("table.bluechip_plays", { name: outside.name })
    : outside.name ? t("table.bluechip_next", { name: outside.name }) : t("table.bluechip_waiting");
  return el("span", { class: `tag bluechip${outside.plays ? "" : " waiting"}` }, text);
}

function playable(view, seat) {
  return view.act_for === seat && view.legal_cards ? new Set(view.legal_cards) : new Set();
}

function cardButton(page, card, legal) {
  const red = card[0] === "H" || card[0] === "D";
  return el("button", {
    type: "button", class: `card${red ? " red" : ""}${legal ? " legal" : ""}`, id: `card-${card}`,
    "data-card": card, disabled: !legal || page.busy, "aria-label": cardWords(card),
    onclick: () => page.send({ card }),
  }, // a card's corner index, rank over suit: what shows when a long suit's cards overlap
  el("span", { class: "rank" }, rankText(card[1])),
  el("span", { class: "pip", "aria-hidden": "true" }, SUIT_SYMBOL[card[0]]));
}

function renderHand(page, seat, cards) {
  const legal = playable(page.view, seat);
  const hand = el("div", { class: "hand", id: `hand-${seat}`, tabindex: "-1",
    "aria-label": t("ui.hand_of", { seat: seatName(seat) }) });
  for (const suit of HAND_SUITS) {
    const ofSuit = cards.filter((c) => c[0] === suit);
    // one line a suit at every width: the cards overlap (CSS, by --n) rather than wrap
    const row = el("div", { class: `suit-row suit-${suit}`, style: `--n: ${Math.max(ofSuit.length, 1)}` },
      el("span", { class: "suit-symbol", "aria-hidden": "true" }, SUIT_SYMBOL[suit]));
    if (!ofSuit.length) row.append(el("span", { class: "void" }, "—"));
    for (const card of ofSuit) row.append(cardButton(page, card, legal.has(card)));
    hand.append(row);
  }
  return hand;
}

/** Dummy face up in columns, trumps on dummy's own right (Law 41D). */
function renderDummy(page, seat, cards, pos) {
  const legal = playable(page.view, seat);
  const trump = page.view.board.contract.strain;
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
    for (const card of ofSuit) col.append(cardButton(page, card, legal.has(card)));
    spread.append(col);
  }
  return spread;
}
