"""Alerts and announcements by a bidding system's home regulations (ACBL, EBU, DBV).

A call is *announced* when the regulations have the caller's partner say its meaning in a
few set words, heard by everyone at the table ("15-17" for a 1NT opening, "hearts" for a
transfer); it is *alerted* when the opponents are only warned that it means something they
may not expect (they ask if they wish). A call announced is not also alerted.

What is announced or alerted is read from the call's :class:`Explanation` (artificial,
alertable, the HCP range, the suit lengths, forcing or not, the words) and its place in the
auction: never from the name of a system. Each system module names its regime
(``REGULATIONS = "ACBL"``); docs/alerts.md gives the rules as implemented and the sources.

>>> from contractbridge.core.call import Call
>>> calls = [Call.parse("1NT")]
>>> opening = Explanation(call="1NT", text="15-17 HCP, balanced", hcp=(15, 17), balanced=True)
>>> disclose("EBU", calls, [opening])
Disclosure(alert=False, announcement='15-17')
>>> stayman = Explanation(call="2C", text="Stayman: asks for a 4-card major", artificial=True)
>>> calls += [Call.parse("P"), Call.parse("2C")]
>>> pas = Explanation(call="Pass", text="")
>>> [disclose(r, calls, [opening, pas, stayman]) for r in ("ACBL", "EBU")]
[Disclosure(alert=False, announcement=None), Disclosure(alert=False, announcement='Stayman')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from contractbridge.core.call import Call
from contractbridge.core.errors import BridgeError
from contractbridge.robots.bidding.explanation import Explanation

#: The regimes known: the ACBL (American Contract Bridge League), the EBU (English Bridge
#: Union) and the DBV (Deutscher Bridge-Verband, the German Bridge Federation).
REGIMES = ("ACBL", "EBU", "DBV")

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
NOTRUMP = 4
THREE_NOTRUMP = Call.parse("3NT").index
#: every announcement in words (besides an HCP range "15-17" and a length "3+ cards"): the
#: page's catalogues translate each as "ann.<words>"
WORDS = (
    *SUIT_NAMES,
    *(f"transfer to {suit}" for suit in SUIT_NAMES),
    "Stayman",
    "weak",
    "intermediate",
    "strong, forcing",
    "strong, not forcing",
    "opening strength",
    "strong",
    "strongest opening",
    "semi-forcing",
    "forcing",
)
#: the fewest HCP a "strong" hand (an artificial strong opening, a Very Strong 2♣) shows
STRONG_HCP = 14
#: a 2♣ opening promising this many HCP is "Very Strong" (ACBL): not alerted
VERY_STRONG_HCP = 20
#: an HCP range ending here has no upper limit
UNLIMITED = 37


@dataclass(frozen=True, slots=True)
class Disclosure:
    """What the caller's partner does about a call: alert it, or announce it in these words
    (English: "15-17", "hearts", "weak"; the page shows them in its own language)."""

    alert: bool = False
    announcement: str | None = None


class UnknownRegulationsError(BridgeError):
    """A system names regulations this module does not know."""


@dataclass(frozen=True, slots=True)
class _Place:
    """Where the call stands in the auction."""

    call: Call
    position: int
    #: the index of the opening bid (the first bid), None before it
    opening: int | None

    @property
    def is_opening(self) -> bool:
        return self.opening == self.position

    @property
    def first_round(self) -> bool:
        """Before the opening bidder's second call: the opening and each other player's first
        call after it (the passes before it too)."""
        return self.opening is None or self.position < self.opening + 4

    @property
    def after_openers_rebid(self) -> bool:
        return self.opening is not None and self.position > self.opening + 4

    @property
    def responds_to_opening(self) -> bool:
        """The call answers partner's opening (whatever the opponent between did)."""
        return self.opening is not None and self.position == self.opening + 2

    @property
    def level(self) -> int:
        return self.call.level if self.call.is_bid else 0

    @property
    def above_3nt(self) -> bool:
        return self.call.is_bid and self.call.index > THREE_NOTRUMP


def disclose(
    regime: str,
    calls: Sequence[Call],
    explanations: Sequence[Explanation],
    position: int | None = None,
) -> Disclosure:
    """What ``regime`` has the caller's partner do about the call at ``position`` (the last
    call by default); ``explanations[i]`` explains ``calls[i]`` (at least up to
    ``position``)."""
    if regime not in REGIMES:
        raise UnknownRegulationsError(
            f"no regulations called {regime!r} (known: {', '.join(REGIMES)})"
        )
    if position is None:
        position = len(calls) - 1
    if not 0 <= position < min(len(calls), len(explanations)):
        raise BridgeError(f"there is no call number {position + 1} to disclose")
    opening = next((i for i, c in enumerate(calls[: position + 1]) if c.is_bid), None)
    place = _Place(calls[position], position, opening)
    e = explanations[position]
    if e.undiscussed:
        return Disclosure()
    words = _announcement(regime, place, calls, explanations, e)
    if words is not None:
        return Disclosure(announcement=words)
    return Disclosure(alert=_alerted(regime, place, calls, explanations, e))


# -- what the explanation says ---------------------------------------------------------------


def _special(e: Explanation) -> bool:
    """The call means something other than it sounds: artificial, or marked alertable."""
    return e.artificial or e.alertable


def _natural_notrump_opening(e: Explanation, place: _Place) -> bool:
    return place.is_opening and place.call.strain == NOTRUMP and not _special(e)


def _forcing(e: Explanation) -> bool:
    return e.forcing in ("forcing", "game forcing")


def _range(e: Explanation) -> str:
    return f"{e.hcp[0]}-{e.hcp[1]}"


def _transfer_suit(e: Explanation, call: Call) -> int | None:
    """The suit a transfer shows: the call is artificial, in the suit below the one it shows
    five or more cards in (and promises no length in its own suit)."""
    strain = call.strain
    if not call.is_bid or strain is None or strain >= 3 or not e.artificial:
        return None
    shown = strain + 1
    if e.lengths[shown][0] >= 5 and e.lengths[strain][0] < 3:
        return shown
    return None


def _stayman(e: Explanation, call: Call) -> bool:
    return e.artificial and call.strain == 0 and "stayman" in f"{e.text} {e.rule}".lower()


def _nt_response(
    place: _Place,
    calls: Sequence[Call],
    explanations: Sequence[Explanation],
    levels: tuple[int, ...],
) -> bool:
    """The call answers partner's natural notrump opening at ``levels`` (the opponent
    between passed) with a bid one level up."""
    if not place.responds_to_opening or place.opening is None:
        return False
    opened = calls[place.opening]
    if opened.level not in levels or not _natural_notrump_opening(
        explanations[place.opening], _Place(opened, place.opening, place.opening)
    ):
        return False
    return calls[place.position - 1].is_pass and place.level == opened.level + 1


def _natural_two_opening(e: Explanation, place: _Place) -> bool:
    """A natural one-suited two-level opening in a suit: five or more cards in it."""
    strain = place.call.strain
    return (
        place.is_opening
        and place.level == 2
        and strain is not None
        and strain < NOTRUMP
        and not _special(e)
        and e.lengths[strain][0] >= 5
    )


def _answers_stayman(
    place: _Place, calls: Sequence[Call], explanations: Sequence[Explanation]
) -> bool:
    """Opener's reply to partner's Stayman (1NT - 2♣ - 2♦ and the like)."""
    if place.opening is None or place.position != place.opening + 4:
        return False
    asked = place.opening + 2
    return _stayman(explanations[asked], calls[asked]) and calls[place.position - 1].is_pass


def _michaels(place: _Place, calls: Sequence[Call], e: Explanation) -> bool:
    """A direct cue bid of the opening suit showing Michaels' two suits: both majors over a
    minor, over a major the other major and a minor."""
    if place.opening is None or place.position != place.opening + 1:
        return False
    opened, strain = calls[place.opening], place.call.strain
    if strain is None or strain >= NOTRUMP or opened.strain != strain or place.level != 2:
        return False
    if opened.level != 1:
        return False
    if strain < 2:
        return e.lengths[2][0] >= 5 and e.lengths[3][0] >= 5
    other = 5 - strain
    return e.lengths[other][0] >= 5 and e.lengths[0][0] < 5 and e.lengths[1][0] < 5


def _suit_bid(call: Call) -> bool:
    return call.is_bid and call.strain is not None and call.strain < NOTRUMP


def _min_length(e: Explanation, place: _Place) -> int:
    strain = place.call.strain
    assert strain is not None and strain < NOTRUMP
    return e.lengths[strain][0]


# -- announcements ---------------------------------------------------------------------------


def _announcement(
    regime: str,
    place: _Place,
    calls: Sequence[Call],
    explanations: Sequence[Explanation],
    e: Explanation,
) -> str | None:
    call = place.call
    if regime == "ACBL":
        if place.level == 1 and call.strain == NOTRUMP and _natural_notrump_opening(e, place):
            return _range(e)
        if _nt_response(place, calls, explanations, (1, 2)):
            suit = _transfer_suit(e, call)
            if suit is not None:
                return SUIT_NAMES[suit]
        if _opening_minor_short(e, place, 3):
            return f"{_min_length(e, place)}+ cards"
        if _forcing_notrump_response(e, place, calls):
            return "forcing"
        return None
    if regime == "EBU":
        if place.level in (1, 2) and _natural_notrump_opening(e, place) and e.balanced:
            return _range(e)
        if _nt_response(place, calls, explanations, (1, 2)):
            if _stayman(e, call):
                return "Stayman"
            suit = _transfer_suit(e, call)
            if suit is not None and suit >= 2:
                return SUIT_NAMES[suit]
        if _natural_two_opening(e, place):
            if e.hcp[1] <= 11:
                return "weak"
            if e.hcp[0] >= 16:
                return "strong, forcing" if _forcing(e) else "strong, not forcing"
            return "intermediate"
        if _opening_minor_short(e, place, 3):
            return f"{_min_length(e, place)}+ cards"
        return None
    # DBV: the Sofortauskunft ("immediate information")
    if place.level == 1 and call.strain == NOTRUMP and _natural_notrump_opening(e, place):
        return _range(e) if e.balanced else None
    if (
        place.is_opening
        and place.level == 1
        and call.strain in (0, 1)
        and not (_special(e) or _forcing(e))
    ):
        return f"{_min_length(e, place)}+ cards"
    if _natural_two_opening(e, place):
        if e.hcp[1] <= 11:
            return "weak"
        if e.hcp[0] >= 16:
            return "strong"
        return "opening strength"
    if (
        place.is_opening
        and place.level == 2
        and call.strain in (0, 1)
        and e.artificial
        and e.hcp[0] >= STRONG_HCP
    ):
        return "strongest opening" if e.hcp[1] >= UNLIMITED else "semi-forcing"
    if _nt_response(place, calls, explanations, (1,)):
        if _stayman(e, call):
            return "Stayman"
        suit = _transfer_suit(e, call)
        if suit is not None:
            return f"transfer to {SUIT_NAMES[suit]}"
    return None


def _opening_minor_short(e: Explanation, place: _Place, fewer_than: int) -> bool:
    """A natural opening of one of a minor that may hold fewer than ``fewer_than`` cards."""
    return (
        place.is_opening
        and place.level == 1
        and place.call.strain in (0, 1)
        and not _special(e)
        and _min_length(e, place) < fewer_than
    )


def _forcing_notrump_response(e: Explanation, place: _Place, calls: Sequence[Call]) -> bool:
    """A 1NT response to partner's one of a major that is forcing (the opponent passed)."""
    if not place.responds_to_opening or place.opening is None:
        return False
    opened = calls[place.opening]
    return (
        place.call.level == 1
        and place.call.strain == NOTRUMP
        and opened.level == 1
        and opened.strain in (2, 3)
        and calls[place.position - 1].is_pass
        and _forcing(e)
    )


# -- alerts ----------------------------------------------------------------------------------


def _alerted(
    regime: str,
    place: _Place,
    calls: Sequence[Call],
    explanations: Sequence[Explanation],
    e: Explanation,
) -> bool:
    if regime == "DBV" and _dbv_unbalanced_notrump(e, place):
        return True
    if not _special(e):
        return False
    if regime == "ACBL":
        # calls above 3NT after the opening bidder's rebid are alerted only at the end of the
        # auction (the delayed alert), not as they are made
        if place.above_3nt and place.after_openers_rebid:
            return False
        # artificial calls the procedure lists as not alerted: Stayman and the replies to it,
        # a Very Strong 2♣ opening, the Michaels direct cue bid
        if _stayman(e, place.call) and _nt_response(place, calls, explanations, (1, 2)):
            return False
        if _answers_stayman(place, calls, explanations) and not e.alertable:
            return False
        if (
            place.is_opening
            and str(place.call) == "2C"
            and e.hcp[0] >= VERY_STRONG_HCP
            and not e.alertable
        ):
            return False
        return not _michaels(place, calls, e)
    if regime == "EBU":
        # above 3NT, only the artificial suit bids of the first round (1NT - 4♥ transfer, an
        # artificial opening) are alerted, not Blackwood; the reply to Stayman is not
        if place.above_3nt and not (place.first_round and _suit_bid(place.call)):
            return False
        return not (_answers_stayman(place, calls, explanations) and not e.alertable)
    # DBV: in the first round at any level, afterwards below the four-level
    return place.first_round or place.level < 4


def _dbv_unbalanced_notrump(e: Explanation, place: _Place) -> bool:
    """A natural 1NT opening not (nearly) balanced: the DBV has it alerted, not announced."""
    return place.level == 1 and _natural_notrump_opening(e, place) and not e.balanced
