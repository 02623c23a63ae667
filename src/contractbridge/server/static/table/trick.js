// The trick in the middle of the felt: the one being played, the last one on request, or
// the one just won, kept until the next card is led.
import { cardText, cardWords, seatName, t } from "../i18n.js";
import { el } from "../dom.js";
import { next, position } from "./common.js";

export function renderTrick(page, b) {
  const area = el("div", { class: "trick", id: "trick", role: "group", "aria-label": t("ui.current_trick") });
  if (!b.trick) return area;
  let leader = b.trick.leader;
  let cards = b.trick.cards;
  let label = "";
  if (page.showLast && b.tricks.length) {
    const last = b.tricks[b.tricks.length - 1];
    leader = last.leader;
    cards = last.cards;
    label = t("ui.last_trick");
  } else if (!cards.length && b.tricks.length && (!b.over || b === page.finale)) {
    // Between tricks, keep the finished one on the table until the next card.
    const last = b.tricks[b.tricks.length - 1];
    leader = last.leader;
    cards = last.cards;
    label = t("ui.won_by", { seat: seatName(last.winner) });
  }
  cards.forEach((card, i) => {
    const seat = next(leader, i);
    const red = card[0] === "H" || card[0] === "D";
    area.append(el("span", { class: `played played-${position(page.view, seat)}${red ? " red" : ""}`,
      "aria-label": `${seatName(seat)}: ${cardWords(card)}` }, cardText(card)));
  });
  if (label) area.append(el("span", { class: "trick-label" }, label));
  return area;
}
