"""The play's irregularities: opening leads and leads out of turn (Laws 53-56), exposed
and penalty cards (Laws 48-51) and premature plays (Law 57), ruled and applied.

Apart from the revoke because these are ruled on the :class:`Play` as it stands, where a
revoke is ruled on the play as recorded, irregular cards included.
"""

from __future__ import annotations

from contractbridge.core.card import Card, Rank
from contractbridge.core.irregularities.rulings import (
    IrregularityError,
    Kind,
    Obligations,
    Option,
    Ruling,
)
from contractbridge.core.play import Play
from contractbridge.core.seat import Seat


# -- the play --------------------------------------------------------------------------------
def _penalty_lead_options(
    declarer: Seat, leader: Seat, card: Card, law: str = "50D2"
) -> tuple[Option, ...]:
    suit = card.suit.full_name
    return (
        Option(
            "require",
            f"{law}(a)",
            declarer,
            f"{leader.full_name} must lead {suit}; {card} is picked up and is no longer a "
            "penalty card.",
        ),
        Option(
            "prohibit",
            f"{law}(b)",
            declarer,
            f"{leader.full_name} may not lead {suit} for as long as he retains the lead; "
            f"{card} is picked up and is no longer a penalty card.",
        ),
        Option(
            "penalty",
            f"{law}(c)",
            declarer,
            f"{leader.full_name} may lead any card; {card} stays face up as a major penalty "
            "card, to be played at the first legal opportunity (Law 50D1).",
        ),
    )


def rule_opening_lead_out_of_turn(
    play: Play,
    seat: Seat,
    card: Card,
    *,
    declarer_saw_dummy: bool = False,
    face_down: bool = False,
) -> Ruling:
    """Laws 54, 56, 50: the wrong defender made the opening lead face up.

    Declarer's five options: become dummy (54A), accept and play second from his own hand
    (54B), or refuse (54D, 56) and, with the card a major penalty card (Law 50), require
    the correct leader to lead its suit, prohibit that suit, or let him lead anything.

    ``face_down``: the lead was made face down (as Law 41A asks) and not yet faced. Nobody
    has seen it: on the Director's instruction it is withdrawn and returned to the
    offender's hand without rectification (Law 41A; the German text: "Ein falsches Ausspiel
    darf hingegen straflos zurückgenommen werden, wenn verdeckt ausgespielt wurde"), and the
    correct defender leads. No option is offered: there is nothing to choose.
    """
    if play.tricks_played or play.current_trick:
        raise IrregularityError("the opening lead has been made: use a lead out of turn")
    declarer, dummy, leader = play.declarer, play.dummy, play.first_leader
    if seat == leader:
        raise IrregularityError(f"{seat.full_name} is the opening leader: the lead is in turn")
    if seat != leader.partner:
        raise IrregularityError(
            f"{seat.full_name} is on declarer's side: a card faced by declarer's side before "
            "the opening lead is not an opening lead out of turn (see Law 48A)"
        )
    if card not in play.hand(seat):
        raise IrregularityError(f"{seat.full_name} does not hold {card}")
    if face_down:
        return Ruling(
            Kind.FACE_DOWN_LEAD_OUT_OF_TURN,
            seat,
            f"Face-down opening lead out of turn: {seat.full_name} led face down; "
            f"{leader.full_name} is on lead (Law 41A).",
            follows=(
                f"Law 41A: the face-down card is withdrawn and returned to {seat.full_name}'s "
                "hand without rectification: it was not faced, so it is no penalty card and "
                "no lead is required or prohibited.",
                f"{leader.full_name} makes the opening lead, face down (Law 41A).",
            ),
        )
    summary = (
        f"Opening lead out of turn: {seat.full_name} led {card}; {leader.full_name} was on "
        "lead (Law 54)."
    )
    accept_text = (
        f"{declarer.full_name} accepts the lead; dummy ({dummy.full_name}) is faced and the "
        f"second card to the trick is played from {declarer.full_name}'s own hand."
    )
    if declarer_saw_dummy:
        return Ruling(
            Kind.OPENING_LEAD_OUT_OF_TURN,
            seat,
            summary,
            (Option("accept", "54C", declarer, accept_text),),
            ("Law 54C: declarer must accept the lead: he could have seen a card of dummy's hand.",),
        )
    options = (
        Option(
            "become-dummy",
            "54A",
            declarer,
            f"{declarer.full_name} spreads his hand and becomes dummy; {dummy.full_name} "
            f"becomes declarer and plays from {declarer.full_name}'s hand second to the trick.",
        ),
        Option("accept", "54B", declarer, accept_text),
        *_penalty_lead_options(declarer, leader, card, "54D, 56, 50D2"),
    )
    follows = (
        f"Law 54A: if {declarer.full_name} begins to spread his hand and exposes a card, he "
        "must spread it all and becomes dummy.",
        f"Law 50E: on refusal, {card} as a penalty card is authorised information for "
        f"declarer's side, unauthorised for {leader.full_name} (except that it must be played).",
    )
    return Ruling(Kind.OPENING_LEAD_OUT_OF_TURN, seat, summary, options, follows)


def apply_opening_lead_out_of_turn(
    play: Play, seat: Seat, card: Card, choice: str, obligations: Obligations | None = None
) -> tuple[Play, Obligations]:
    """The play after declarer's choice at an opening lead out of turn."""
    ruling = rule_opening_lead_out_of_turn(play, seat, card)
    ruling.option(choice)
    duties = obligations if obligations is not None else Obligations()
    leader = play.first_leader
    if choice == "become-dummy":
        contract = play.contract.with_declarer(play.dummy)
        after = Play(play.deal, contract, leader=seat)
        after.play(card)
        return after, duties
    if choice == "accept":
        after = Play(play.deal, play.contract, leader=seat)
        after.play(card)
        return after, duties
    after = play.copy()
    if choice == "penalty":
        duties.penalty_cards.setdefault(seat, []).append((card, True))
    else:
        duties.lead = (leader, card.suit, choice)
    return after, duties


def rule_lead_out_of_turn(play: Play, seat: Seat, card: Card) -> Ruling:
    """Laws 53, 55, 56: ``seat`` led to a trick (after the first) when another was on lead."""
    if play.current_trick:
        raise IrregularityError("the trick has begun: a card now is a play, not a lead")
    if not play.tricks_played:
        if seat in (play.declarer, play.dummy):
            leader = play.first_leader
            return Ruling(
                Kind.LEAD_OUT_OF_TURN,
                play.declarer,
                f"Declarer's side faced {card} before the opening lead.",
                follows=(
                    f"Law 48A: declarer's cards are never penalty cards: {card} is picked up; "
                    f"{leader.full_name} makes the opening lead (Law 41A).",
                ),
            )
        return rule_opening_lead_out_of_turn(play, seat, card)
    leader = play.leader
    if seat == leader:
        raise IrregularityError(f"{leader.full_name} is on lead: the lead is in turn")
    if card not in play.hand(seat):
        raise IrregularityError(f"{seat.full_name} does not hold {card}")
    declarer = play.declarer
    summary = f"Lead out of turn: {seat.full_name} led {card}; {leader.full_name} was on lead."
    options: tuple[Option, ...]
    follows: tuple[str, ...]
    if seat in (declarer, play.dummy):
        # Law 55: declarer led from the wrong hand, or when a defender was on lead. Either
        # defender may choose; if they disagree, the one next to play after the lead decides.
        options = (
            Option(
                "accept",
                "55A",
                seat.lho,
                f"a defender accepts the lead of {card}; the play continues from it "
                "(if the defenders disagree, the one next to play after it decides).",
            ),
            Option(
                "retract",
                "55B",
                seat.lho,
                f"{card} is withdrawn without rectification (declarer's cards are never "
                f"penalty cards, Law 48A) and {leader.full_name} leads.",
            ),
        )
        follows = (
            "Law 55C: if declarer might gain information from the irregularity, the "
            "Director may adjust the score.",
        )
        return Ruling(Kind.LEAD_OUT_OF_TURN, seat, summary, options, follows)
    options = (
        Option(
            "accept",
            "53A",
            declarer,
            f"{declarer.full_name} accepts the lead of {card}: it stands as a correct lead "
            "and the next card is played by the player on the offender's left (accepted, too, "
            "if that player plays to it).",
        ),
    )
    if leader == seat.partner:
        options += _penalty_lead_options(declarer, leader, card, "56, 50D2")
        follows = (
            f"Law 56: the refused card is a major penalty card (Law 50); {leader.full_name} "
            "leads with declarer's options of Law 50D2.",
        )
    else:
        options += (
            Option(
                "refuse",
                "56, 50D",
                declarer,
                f"{leader.full_name} leads; {card} stays face up as a major penalty card, "
                f"to be played at the first legal opportunity; when {seat.partner.full_name} "
                "next has the lead, declarer has the options of Law 50D2.",
            ),
        )
        follows = ()
    return Ruling(Kind.LEAD_OUT_OF_TURN, seat, summary, options, follows)


def rule_exposed_card(play: Play, seat: Seat, card: Card, *, deliberate: bool = False) -> Ruling:
    """Laws 48-51: ``card`` of ``seat`` was exposed (dropped face up, shown) during the play.

    A defender's single card below honour rank exposed by accident is a minor penalty card
    (50B); an honour, a card exposed deliberately or a second card is a major one.
    """
    if card not in play.hand(seat):
        raise IrregularityError(f"{seat.full_name} does not hold {card}")
    declarer = play.declarer
    if seat in (declarer, play.dummy):
        return Ruling(
            Kind.EXPOSED_CARD,
            seat,
            f"{seat.full_name}'s {card} was exposed by declarer's side.",
            follows=(
                "Law 48A: declarer is not required to play a card he exposed; it is never a "
                "penalty card (unless he exposed it as part of a claim, Law 48B).",
            ),
        )
    minor = card.rank < Rank.TEN and not deliberate
    kind = "minor" if minor else "major"
    partner = seat.partner
    summary = (
        f"Exposed card: {seat.full_name}'s {card} is a {kind} penalty card (Law 50B;"
        " it stays face up on the table, Law 50A)."
    )
    if minor:
        follows: tuple[str, ...] = (
            f"Law 50C: {seat.full_name} may not play another card of that suit below an "
            f"honour until he has played {card}, but may play an honour instead; "
            f"no lead restriction on {partner.full_name}.",
        )
        options: tuple[Option, ...] = ()
    else:
        follows = (
            f"Law 50D1: {seat.full_name} must play {card} at the first legal opportunity, "
            "leading, following suit, discarding or ruffing.",
            f"Law 50D2: whenever {partner.full_name} has the lead while {card} is a penalty "
            "card, declarer may require or prohibit the lead of its suit (the card is then "
            "picked up) or let him lead anything (it stays).",
        )
        options = _penalty_lead_options(declarer, partner, card)
    follows += (
        f"Law 50E: the penalty card is authorised information for declarer; for "
        f"{partner.full_name} it is unauthorised, except that he may know it must be played.",
        "Law 51: with two or more penalty cards declarer designates which is played when "
        "either could be, and his lead options cover each of their suits.",
    )
    return Ruling(Kind.EXPOSED_CARD, seat, summary, options, follows)


def rule_premature_play(play: Play, seat: Seat, card: Card) -> Ruling:
    """Law 57: a defender led or played to a trick before his partner played to it."""
    declarer = play.declarer
    if seat in (declarer, play.dummy):
        raise IrregularityError("Law 57 covers a defender's premature lead or play")
    partner = seat.partner
    trick = play.current_trick
    turn = play.turn
    if turn is None:
        raise IrregularityError("the play is over")
    if turn == seat:
        raise IrregularityError(f"it was {seat.full_name}'s turn: the card is in turn")
    played = _seats_played(play)
    # premature: partner is still to play to this trick, before the offender's turn (a play
    # before partner) or after the offender played to it (a lead to the next trick)
    waiting = partner not in played and (seat in played or _before(play, partner, seat))
    if not waiting:
        raise IrregularityError(
            f"{seat.full_name}'s {card} is not before {partner.full_name}'s card to this "
            "trick: it is a lead or play out of turn, not a premature play (Law 57)"
        )
    if declarer in played and play.dummy in played:
        return Ruling(
            Kind.PREMATURE_PLAY,
            seat,
            f"Premature play: {seat.full_name} played {card} before {partner.full_name}.",
            follows=(
                "Law 57C1: no rectification for playing before partner: declarer had "
                f"played from both hands (likewise, Law 57C2, after dummy played a card or "
                f"illegally suggested one); {card} is played.",
            ),
        )
    led = trick[0].suit.full_name if trick else "the suit led"
    options = (
        Option("highest", "57A1", declarer, f"{partner.full_name} must play his highest {led}."),
        Option("lowest", "57A2", declarer, f"{partner.full_name} must play his lowest {led}."),
        Option(
            "suit",
            "57A3",
            declarer,
            f"{partner.full_name} must play a card of another suit declarer names.",
        ),
    )
    follows = (
        f"Law 57A: {card} becomes a major penalty card (Law 50).",
        f"Law 57B: if {partner.full_name} cannot comply he may play any legal card.",
    )
    summary = (
        f"Premature play: {seat.full_name} played {card} before his partner "
        f"{partner.full_name} had played to the trick (Law 57)."
    )
    return Ruling(Kind.PREMATURE_PLAY, seat, summary, options, follows)


def _seats_played(play: Play) -> list[Seat]:
    return [play.leader.next(i) for i in range(len(play.current_trick))]


def _before(play: Play, first: Seat, second: Seat) -> bool:
    # whether ``first`` is still to play to the current trick before ``second``
    turn = play.turn
    assert turn is not None
    return (first - turn) & 3 < (second - turn) & 3
