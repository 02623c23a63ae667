"""The partnership's carding agreement: how the robot picks among equal cards, and reads them.

Standard carding, the agreement every robot seat plays (and assumes of its opponents):

* **Leads.** Top of a sequence of touching honours (A from AK, K from KQ, Q from QJ, J from
  JT, T from T9); fourth best from a suit of four or more headed by an honour; low from
  three to an honour; top of a doubleton; top of nothing from three or more small cards.
* **Attitude on partner's lead.** When not trying to win the trick: a high spot card (the
  highest spot that costs nothing) encourages and shows the ace, king or queen of the suit;
  the lowest card discourages.
* **Count when declarer (or dummy) leads.** High-low (the highest free spot) with an even
  number of cards, the lowest with an odd number.
* **Third hand** wins as cheaply as possible: the lowest of equal cards.
* **Discards.** The lowest card of a suit with no ace, king or queen (discouraging).
* **Suit preference where clear.** Leading a suit for partner to ruff: a high card asks for
  the return of the higher-ranking of the other two side suits, a low card the lower.
* **Declarer's falsecards.** Among equal cards declarer wins with the higher and follows with
  the higher spot: free falsecards that blur the defenders' count and attitude signals.

**Lavinthal discards** (``Carding(discards="lavinthal")``, the suit-preference discards the
German text names: "Lavinthalmarke"): a defender's *first* discard says "not this suit", and
its size asks for one of the two suits that remain (neither the suit led, nor the suit
discarded, nor trumps): a high card (the highest spot that costs nothing) for the
higher-ranking, the lowest card for the lower-ranking. Where only one suit remains (a side
suit led in a trump contract) the discard is played and read as standard. Later discards are
standard.

Signals are read back when sampling (:func:`read_signals`): attitude as "holds / does not
hold the ace, king or queen", count as even / odd length, the opening lead as "top of a
sequence" or "from an honour", a defender's first discard of a suit as "no ace, king or
queen there" (with Lavinthal, also "the ace, king or queen of the suit asked for"), and a
card played from equal cards as "not the equal card the agreement would have played
instead". A reading only weights layouts; it never rules one out. :meth:`Carding.explain`
says what a defender's card means by the agreement, as its partner would at the table
(Law 20F: declarer may ask about the defenders' card-play agreements).
"""

from __future__ import annotations

from collections.abc import Sequence

from contractbridge.core.card import CARDS, Card
from contractbridge.core.contract import Contract
from contractbridge.core.hand import SUIT_MASK
from contractbridge.core.play import trick_winner
from contractbridge.core.seat import Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.inference import Signal

#: the carding agreements the robots play and read
AGREEMENTS = ("standard", "lavinthal")
_HONOUR = 10  # rank index of the queen: A, K, Q are 12, 11, 10
_SPOT_TOP = 7  # rank index of the nine: spot cards are 0..7
#: how much a layout loses where a seat held the equal card the agreement would have played
EQUALS_WEIGHT = 3.0


def _holding(mask: int, suit: int) -> int:
    return mask >> (13 * suit) & SUIT_MASK


def _ranks(holding: int) -> list[int]:
    """Rank indexes (0 = two ... 12 = ace) of a holding, highest first."""
    return [r for r in range(12, -1, -1) if holding >> r & 1]


def equal_cards(card: int, hand: int, gone: int) -> int:
    """The cards of ``hand`` equal to ``card``: same suit, nothing but played cards between."""
    suit, rank = divmod(card, 13)
    held = _holding(hand, suit)
    out = 1 << rank
    filler = held | _holding(gone, suit)
    for step in (1, -1):
        r = rank + step
        while 0 <= r <= 12 and filler >> r & 1:
            if held >> r & 1:
                out |= 1 << r
            r += step
    return out << (13 * suit)


def all_equal(cards: Sequence[Card], hand: int, gone: int) -> bool:
    """True when every card in ``cards`` is equal to the first (no choice to make)."""
    if not cards:
        return True
    group = equal_cards(cards[0], hand, gone)
    return all(group >> c & 1 for c in cards)


def _top_of_sequence(ranks: list[int], candidates: list[int]) -> int | None:
    """The top of a touching sequence headed by the ten or higher, if it is a candidate."""
    for i, r in enumerate(ranks):
        if r >= 8 and i + 1 < len(ranks) and ranks[i + 1] == r - 1 and r in candidates:
            return r
        if r < 8:
            break
    return None


def lead_card(holding: int, candidates: list[int], *, opening: bool) -> int:
    """The conventional card to lead from ``holding`` among equal ``candidates`` (ranks)."""
    ranks = _ranks(holding)
    cands = sorted(candidates, reverse=True)
    top = _top_of_sequence(ranks, cands)
    if top is not None:
        return top
    honour = any(r >= 9 for r in ranks)  # J or better
    if len(ranks) == 2:
        return cands[0]
    if honour:
        if len(ranks) >= 4 and opening and ranks[3] in cands:
            return ranks[3]
        return cands[-1]
    return cands[0] if len(ranks) >= 3 else cands[-1]


def _lead_suit_score(holding: int) -> tuple[int, int]:
    ranks = _ranks(holding)
    seq = _top_of_sequence(ranks, ranks) is not None
    return (1 if seq else 0, len(ranks))


def _shown_voids(played: Sequence[tuple[Seat, Card]]) -> dict[int, set[Seat]]:
    """The seats that have shown out of each suit in ``played``."""
    out: dict[int, set[Seat]] = {}
    for start in range(0, len(played), 4):
        trick = played[start : start + 4]
        led = trick[0][1] // 13
        for who, card in trick[1:]:
            if card // 13 != led:
                out.setdefault(led, set()).add(who)
    return out


def lavinthal_suits(led: int, discarded: int, trump: int) -> tuple[int, int] | None:
    """The two suits a Lavinthal discard of ``discarded`` on ``led`` chooses between (lower
    first), or None when fewer remain (``trump`` is -1 at notrump).

    >>> lavinthal_suits(1, 0, -1)  # declarer runs diamonds, a club is discarded
    (2, 3)
    >>> lavinthal_suits(1, 3, 2) is None  # a diamond led at hearts, a spade discarded
    True
    """
    others = [s for s in range(4) if s not in (led, discarded, trump)]
    return (others[0], others[1]) if len(others) == 2 else None


def _first_discard(played: Sequence[tuple[Seat, int]], seat: Seat, trump: int) -> bool:
    """``seat`` has discarded nothing in the tricks so far (a ruff is not a discard)."""
    for start in range(0, len(played), 4):
        trick = played[start : start + 4]
        led = trick[0][1] // 13
        for who, card in trick[1:]:
            if who == seat and card // 13 not in (led, trump):
                return False
    return True


def _wanted(holding: int) -> tuple[int, int]:
    """How much a defender wants a suit led: its high-card points, then its length."""
    points = sum(max(0, r - 8) for r in _ranks(holding))  # A 4, K 3, Q 2, J 1
    return points, holding.bit_count()


class Carding:
    """Picks among cards that are equally good double dummy, by the agreement above.

    ``discards`` is ``"standard"`` (the default) or ``"lavinthal"``.

    >>> Carding(discards="lavinthal").discards
    'lavinthal'
    """

    def __init__(self, *, discards: str = "standard") -> None:
        if discards not in AGREEMENTS:
            raise ValueError(f"discards are {' or '.join(AGREEMENTS)}, not {discards!r}")
        self.discards = discards

    def __repr__(self) -> str:
        return f"Carding(discards={self.discards!r})"

    def read(self, view: SeatView) -> list[Signal]:
        """The defenders' cards so far read by this agreement (:func:`read_signals`)."""
        return read_signals(view, discards=self.discards)

    def explain(
        self, contract: Contract, played: Sequence[tuple[Seat, Card]], index: int
    ) -> str | None:
        """What card number ``index`` (from 0) of ``played`` means by this agreement, as the
        player's partner tells declarer when asked (Law 20F); None for declarer's and
        dummy's cards, which signal nothing. Only public facts are used: the contract and
        the cards played.

        >>> played = [(Seat.W, Card.parse("H3")), (Seat.N, Card.parse("H5")),
        ...           (Seat.E, Card.parse("C9"))]
        >>> text = Carding(discards="lavinthal").explain(Contract.parse("4H S"), played, 2)
        >>> text.split(";")[:2]
        ["Lavinthal discard, East's first: no interest in clubs", \
' a high card asks for spades, a low card for diamonds (the two suits left beside hearts led \
and clubs discarded).']
        """
        declarer = contract.declarer
        if declarer is None or not 0 <= index < len(played):
            raise ValueError(f"no card number {index + 1} in the play")
        who, card = played[index]
        if who.side == declarer.side:
            return None
        suit_of = contract.strain.suit
        trump = int(suit_of) if suit_of is not None else -1
        start = index - index % 4
        leader, lead = played[start]
        led = int(lead.suit)
        name = who.full_name
        suits = ("clubs", "diamonds", "hearts", "spades")
        if index == start:
            voids = _shown_voids(played[:start])
            if trump >= 0 and led != trump and who.partner in voids.get(led, set()):
                lo, hi = (s for s in range(4) if s not in (led, trump))
                return (
                    f"Suit preference, leading for partner to ruff: a high card asks for the "
                    f"return of {suits[hi]}, a low card for {suits[lo]}."
                )
            if index == 0:
                return (
                    "Opening lead: top of touching honours (A from AK, K from KQ, Q from QJ, J "
                    "from JT, T from T9); fourth best from four or more to an honour; low from "
                    "three to an honour; top of a doubleton; top of nothing from small cards."
                )
            return "A lead: the same conventions as the opening lead."
        if int(card.suit) == led:
            if leader == who.partner:
                return (
                    "Attitude on partner's lead (when not trying to win the trick): a high "
                    "spot encourages, showing the ace, king or queen; the lowest discourages."
                )
            return (
                "Count on declarer's lead: high-low with an even number of cards, the "
                "lowest with an odd number."
            )
        if int(card.suit) == trump:
            return "A ruff: the lowest trump that does the job (no signal)."
        discarded = int(card.suit)
        first = _first_discard(played[:start], who, trump)
        pair = lavinthal_suits(led, discarded, trump)
        if self.discards == "lavinthal" and first and pair is not None:
            lower, higher = pair
            return (
                f"Lavinthal discard, {name}'s first: no interest in {suits[discarded]}; a high "
                f"card asks for {suits[higher]}, a low card for {suits[lower]} (the two suits "
                f"left beside {suits[led]} led and {suits[discarded]} discarded)."
            )
        return (
            f"A discard: from a suit without the ace, king or queen ({suits[discarded]}), "
            "the lowest card."
        )

    def choose(self, view: SeatView, candidates: Sequence[Card]) -> Card:
        assert view.turn is not None and view.contract is not None
        if len(candidates) == 1:
            return candidates[0]
        hand_seat = view.turn
        hand = view.visible_hand(hand_seat)
        assert hand is not None
        mask = hand.mask
        declarer = view.contract.declarer
        assert declarer is not None
        declaring = hand_seat.side == declarer.side
        trick = view.current_trick
        by_suit: dict[int, list[int]] = {}
        for c in candidates:
            by_suit.setdefault(c // 13, []).append(c % 13)
        trump = view.contract.strain.suit
        trump_suit = int(trump) if trump is not None else -1

        if not trick:  # leading
            opening = not view.played
            if declaring:
                suit = max(by_suit, key=lambda s: (_lead_suit_score(_holding(mask, s)), -s))
                return CARDS[suit * 13 + min(by_suit[suit])]
            suit = max(
                by_suit,
                key=lambda s: (s != trump_suit, _lead_suit_score(_holding(mask, s)), s),
            )
            ranks = by_suit[suit]
            partner_void = self._partner_shown_void(view, hand_seat, suit)
            if partner_void and trump_suit >= 0 and suit != trump_suit and len(ranks) > 1:
                return CARDS[suit * 13 + self._suit_preference(mask, suit, trump_suit, ranks)]
            return CARDS[suit * 13 + lead_card(_holding(mask, suit), ranks, opening=opening)]

        led_suit = trick[0][1] // 13
        cards_now = [c for _, c in trick]
        winner_pos = (trick_winner(cards_now, 0, trump_suit) - 0) & 3
        winning_card = cards_now[winner_pos]
        partner_winning = (len(trick) - winner_pos) % 2 == 0

        def beats(c: int) -> bool:
            w = winning_card
            if c // 13 == w // 13:
                return c > w
            return c // 13 == trump_suit

        unseen = view.unseen_cards().mask
        gone = sum(1 << c for _, c in view.played[: len(view.played) - len(trick)])

        def sure(c: int) -> bool:
            # wins the trick whatever the players still to come hold in the suit
            higher_unseen = _holding(unseen, led_suit) >> (c % 13 + 1)
            return beats(c) and (len(trick) == 3 or higher_unseen == 0)

        if led_suit in by_suit:  # following suit
            ranks = sorted(by_suit[led_suit])
            winners = [r for r in ranks if sure(led_suit * 13 + r)]
            if declaring:
                # win as cheaply as possible, else play low; but from equal cards the
                # higher (a free falsecard)
                base = winners[0] if winners and not partner_winning else ranks[0]
                group = equal_cards(led_suit * 13 + base, mask, gone)
                same = [r for r in ranks if group >> (led_suit * 13 + r) & 1]
                return CARDS[led_suit * 13 + max(same)]
            if winners and not partner_winning:
                return CARDS[led_suit * 13 + winners[0]]  # cheapest winner
            leader = trick[0][0]
            holding = _holding(mask, led_suit)
            if leader == hand_seat.partner:
                like = any(r >= _HONOUR for r in _ranks(holding))
                return CARDS[led_suit * 13 + self._signal(ranks, high=like)]
            even = holding.bit_count() % 2 == 0
            return CARDS[led_suit * 13 + self._signal(ranks, high=even)]

        # void in the suit led: ruffing or discarding
        if trump_suit in by_suit and len(by_suit) == 1:
            return CARDS[trump_suit * 13 + min(by_suit[trump_suit])]
        discards = {s: r for s, r in by_suit.items() if s != trump_suit} or by_suit
        order = sorted(
            discards,
            key=lambda s: (
                any(r >= _HONOUR for r in _ranks(_holding(mask, s))),
                -_holding(mask, s).bit_count(),
                s,
            ),
        )
        if (
            self.discards == "lavinthal"
            and not declaring
            and _first_discard(view.played[: len(view.played) - len(trick)], hand_seat, trump_suit)
        ):
            for suit in order:
                pair = lavinthal_suits(led_suit, suit, trump_suit)
                if pair is None or suit == trump_suit:
                    continue
                lower, higher = pair
                # ask for the suit this defender holds more in; dummy's is seen by both
                high = _wanted(_holding(mask, higher)) > _wanted(_holding(mask, lower))
                return CARDS[suit * 13 + self._signal(sorted(discards[suit]), high=high)]
        suit = order[0]
        return CARDS[suit * 13 + min(discards[suit])]

    @staticmethod
    def _signal(ranks: list[int], *, high: bool) -> int:
        if not high:
            return ranks[0]
        spots = [r for r in ranks if r <= _SPOT_TOP]
        return spots[-1] if spots else ranks[0]

    @staticmethod
    def _partner_shown_void(view: SeatView, me: Seat, suit: int) -> bool:
        played = view.played
        for start in range(0, len(played) - len(played) % 4, 4):
            trick = played[start : start + 4]
            led = trick[0][1] // 13
            if led != suit:
                continue
            for who, card in trick[1:]:
                if who == me.partner and card // 13 != led:
                    return True
        return False

    @staticmethod
    def _suit_preference(mask: int, suit: int, trump: int, ranks: list[int]) -> int:
        others = [s for s in range(4) if s not in (suit, trump)]
        lo, hi = others
        entry_hi = _holding(mask, hi) >> 11 != 0
        entry_lo = _holding(mask, lo) >> 11 != 0
        if entry_hi and not entry_lo:
            return max(ranks)
        if entry_lo and not entry_hi:
            return min(ranks)
        return min(ranks)


def read_signals(view: SeatView, *, discards: str = "standard") -> list[Signal]:
    """The agreement read backwards: what the defenders' cards so far suggest they hold
    (``discards="lavinthal"``: a defender's first discard also asks for a suit)."""
    contract = view.contract
    if contract is None or contract.declarer is None or not view.played:
        return []
    declarer = contract.declarer
    dummy = declarer.partner
    me = view.seat
    signals: list[Signal] = []
    played = view.played
    by_seat_later: dict[Seat, int] = {}
    for who, card in played:
        by_seat_later[who] = by_seat_later.get(who, 0) | 1 << card
    # cards the viewer knows were not in a given seat's hand
    mine = view.hand.mask | sum(1 << c for w, c in played if w == me)
    dummy_all = (view.dummy.mask if view.dummy is not None else 0) | sum(
        1 << c for w, c in played if w == dummy
    )
    seen_suits: set[tuple[Seat, int]] = set()
    seen_discards: set[tuple[Seat, int, str]] = set()
    trump_strain = contract.strain.suit
    trump = int(trump_strain) if trump_strain is not None else -1

    def by_seat_before(who: Seat, end: int) -> int:
        return sum(1 << c for w, c in played[:end] if w == who)

    gone = 0
    known = mine | dummy_all | sum(1 << c for _, c in played)
    for start in range(0, len(played), 4):
        trick = played[start : start + 4]
        leader, lead = trick[0]
        led = lead // 13
        defender_lead = leader.side != declarer.side
        for pos, (who, card) in enumerate(trick):
            if who != me and who != dummy:
                signals.extend(_read_equals(who, card, pos, led, who == declarer, gone, known))
        if start == 0 and leader != me and defender_lead:
            signals.extend(_read_lead(leader, lead, mine | dummy_all))
        for pos in range(1, len(trick)):
            who, card = trick[pos]
            if who == me or who.side == declarer.side:
                continue
            if card // 13 != led:
                # a discard comes from a suit without the A, K or Q when one is free to go
                suit = card // 13
                if suit != trump and (who, suit, "discard") not in seen_discards:
                    seen_discards.add((who, suit, "discard"))
                    honours = sum(1 << (suit * 13 + r) for r in range(_HONOUR, 13))
                    if not by_seat_before(who, start) & honours:
                        signals.append(Signal(who, suit, "no_honour", 0.7))
                if (
                    discards == "lavinthal"
                    and suit != trump
                    and (who, -1, "lavinthal") not in seen_discards
                ):
                    seen_discards.add((who, -1, "lavinthal"))
                    signals.extend(
                        _read_lavinthal(who, card, led, trump, played, start, mine | dummy_all)
                    )
                continue
            if (who, led) in seen_suits:
                continue
            seen_suits.add((who, led))
            so_far = [c for _, c in trick[: pos + 1]]
            if trick_winner(so_far, 0, -1) == pos and pos > 0:
                continue  # trying to win the trick, not signalling
            others_played = sum(1 << c for w, c in played if w != who)
            known_elsewhere = mine | dummy_all | others_played | gone
            lower_possible = 0
            for r in range(card % 13):
                if not known_elsewhere >> (led * 13 + r) & 1:
                    lower_possible += 1
            later_lower = any(
                w == who and c // 13 == led and c < card for w, c in played[start + 4 :]
            )
            if lower_possible == 0:
                high, weight = False, 0.5
            elif later_lower:
                high, weight = True, 1.5
            elif card % 13 >= 5:  # the seven or higher
                high, weight = True, 0.7
            else:
                continue
            if leader == who.partner:
                kind = "honour" if high else "no_honour"
            elif leader.side == declarer.side:
                kind = "even" if high else "odd"
            else:
                continue
            signals.append(Signal(who, led, kind, weight))
        for _, c in trick:
            gone |= 1 << c
    return signals


def _read_lavinthal(
    who: Seat,
    card: int,
    led: int,
    trump: int,
    played: Sequence[tuple[Seat, Card]],
    start: int,
    known: int,
) -> list[Signal]:
    """A first discard read as Lavinthal: a high card asks for the higher of the two suits
    that remain, the lowest card for the lower; "asks for" is read as "holds the ace, king or
    queen there". ``known`` are the cards the reader knows ``who`` did not hold."""
    pair = lavinthal_suits(led, card // 13, trump)
    if pair is None:
        return []
    suit, rank = divmod(card, 13)
    others = known | sum(1 << c for w, c in played if w != who)
    lower_possible = sum(1 for r in range(rank) if not others >> (suit * 13 + r) & 1)
    later_lower = any(w == who and c // 13 == suit and c < card for w, c in played[start + 4 :])
    if lower_possible == 0:
        high, weight = False, 0.5
    elif later_lower:
        high, weight = True, 1.0
    elif rank >= 5:  # the seven or higher
        high, weight = True, 0.7
    else:
        return []
    lower, higher = pair
    return [Signal(who, higher if high else lower, "honour", weight)]


def _read_equals(
    who: Seat, card: int, pos: int, led: int, declaring: bool, gone: int, known: int
) -> list[Signal]:
    """The card ``who`` would have played instead, had it held it: the agreement plays the
    lowest of equal cards (third hand, ruffs, discards, a defender's honour that does not
    signal), declarer the highest of equals when following suit. So playing ``card`` denies
    the next card towards that end, unless played cards lie between (it is then just as
    equal) or the viewer can see where it is.
    """
    suit, rank = divmod(card, 13)
    following = pos > 0 and suit == led
    if declaring:
        step = 1 if following else -1
    else:
        if pos == 0 or (following and rank <= _SPOT_TOP):
            # leads follow the lead rules; a spot card followed may be a signal (high or low)
            return []
        step = -1
    r = rank + step
    while 0 <= r <= 12 and gone >> (suit * 13 + r) & 1:
        r += step
    if not 0 <= r <= 12 or known >> (suit * 13 + r) & 1:
        return []
    return [Signal(who, suit, "no_card", EQUALS_WEIGHT, suit * 13 + r)]


def _read_lead(leader: Seat, card: int, known: int) -> list[Signal]:
    suit, rank = divmod(card, 13)
    if rank >= 8 and rank < 12:  # T, J, Q, K: top of a sequence
        below = card - 1
        if not known >> below & 1:
            return [Signal(leader, suit, "card", 1.0, below)]
        return []
    if rank == 12:
        return []
    if rank <= 4:  # a low spot: from an honour
        return [Signal(leader, suit, "honour", 0.6)]
    return [Signal(leader, suit, "no_honour", 0.5)]
