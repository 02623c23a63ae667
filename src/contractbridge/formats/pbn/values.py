"""Reading values: tag text to typed values (scores, sides' tricks, table columns), the
notes, NAGs and comments attached to a call or a card, the opening passes some exports omit.

Apart from the game reader because these are plain functions of a value or a record, each
small enough to read alone.
"""

from __future__ import annotations

import re

from contractbridge.core.auction import Auction
from contractbridge.core.call import PASS
from contractbridge.core.seat import Seat, Side
from contractbridge.formats.record import Annotation, GameRecord


def _restore_opening_passes(rec: GameRecord) -> None:
    """Put back the passes before the opening bid that some exports leave out.

    rpbridge.net's files (wc2012 in the corpus) write ``[Auction "N"]`` with the dealer but
    start the calls at the opening bid. When the Contract and Declarer tags disagree with
    the auction as written and agree with it after one, two or three passes, the passes
    were left out: they are put back.
    """
    contract = rec.contract
    dealer = rec.dealer
    if contract is None or contract.declarer is None or dealer is None or not rec.auction:
        return
    if rec.auction[0].is_pass:
        return
    written = Auction(dealer, rec.auction)
    if not written.is_complete or written.contract == contract:
        return
    for missing in (1, 2, 3):
        if Auction(dealer, [PASS] * missing + rec.auction).contract == contract:
            rec.auction = [PASS] * missing + rec.auction
            rec.auction_annotations = {
                i + missing: ann for i, ann in rec.auction_annotations.items()
            }
            return


def _text_value(value: str | None) -> str | None:
    if value is None or value.strip() == "?":
        return None
    return value


def _columns(value: str) -> list[str]:
    return [c.strip() for c in value.split(";")] if value.strip() else []


def _side_values(text: str) -> dict[Side, int] | None:
    """``"NS 9"``, ``"EW -100"``, ``"NS 9 EW 4"``, ``"NS +550"`` -> {side: value}."""
    parts = text.replace("N-S", "NS").replace("E-W", "EW").split()
    if not parts or len(parts) % 2:
        return None
    found: dict[Side, int] = {}
    for name, number in zip(parts[::2], parts[1::2], strict=True):
        side = {"NS": Side.NS, "EW": Side.EW}.get(name.upper())
        if side is None or not re.fullmatch(r"[+-]?\d+", number):
            return None
        found[side] = int(number)
    return found


def _ns_value(text: str, declarer: Seat | None) -> int | None:
    """A score for North-South from ``"NS 420"``, ``"EW -50"`` or a declarer's ``"420"``."""
    text = text.strip().lstrip("^")
    if re.fullmatch(r"[+-]?\d+", text):
        if declarer is None:
            return None
        return int(text) if declarer.side == Side.NS else -int(text)
    sides = _side_values(text)
    if sides is None:
        return None
    if Side.NS in sides:
        return sides[Side.NS]
    return -sides[Side.EW]


def _annotation(table: dict[int, Annotation], index: int) -> Annotation:
    found = table.get(index)
    if found is None:
        found = table[index] = Annotation()
    return found


def _append_comment(table: dict[int, Annotation], index: int, text: str) -> None:
    ann = _annotation(table, index)
    ann.comment = text if ann.comment is None else f"{ann.comment}\n{text}"


def _add_nag(table: dict[int, Annotation], index: int, nag: str) -> None:
    ann = _annotation(table, index)
    ann.nag = nag if ann.nag is None else f"{ann.nag} {nag}"


def _attach_notes(
    table: dict[int, Annotation], index: int, refs: list[int], texts: dict[int, str]
) -> None:
    ann = _annotation(table, index)
    found = [texts[r] for r in refs if r in texts]
    text = " / ".join(t for t in found if t)
    if text:
        ann.note = text
    else:  # an empty note (or one never given) is a bare alert
        ann.alert = True
