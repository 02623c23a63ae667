"""The opening lead read backwards: the lead model and the layouts it weights."""

from __future__ import annotations

import numpy as np
from pytest import MonkeyPatch

from contractbridge.core.auction import Auction
from contractbridge.core.deal import Deal
from contractbridge.core.hand import Hand
from contractbridge.core.play import Play
from contractbridge.core.seat import Seat
from contractbridge.core.view import SeatView
from contractbridge.robots.cardplay import CardPlayer
from contractbridge.robots.cardplay import player as player_module
from contractbridge.robots.inference import Knowledge, LeadEvidence, knowledge_of, sample_layouts
from contractbridge.robots.inference.leads import LeadContext, lead_probabilities
from knowing import nothing_known

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def _holdings(*pbn: str) -> np.ndarray:
    return np.array([[Hand.from_pbn(h).holding(s) for s in range(4)] for h in pbn])


def test_the_context_names_who_bid_which_suit() -> None:
    # N 1H, E 1S, S 2D, W pass, N 2H: East leads against 2H
    calls = Auction(Seat.N, ["1H", "1S", "2D", "P", "2H", "P", "P", "P"]).calls
    context = LeadContext.of(Seat.E, Seat.N, calls, HEARTS)
    assert context.leader == {SPADES}
    assert context.partner == frozenset()
    assert context.opponents == {HEARTS, DIAMONDS}
    assert context.features()[HEARTS].tolist() == [0, 0, 1, 1]


def test_sequences_partners_suit_and_side_suits_are_the_likely_leads() -> None:
    against_hearts = LeadContext(trump=HEARTS)
    sequence, broken = _holdings("KQJ4.A874.953.62", "K874.AQ84.953.62")
    p = lead_probabilities(np.array([sequence, broken]), against_hearts)
    assert p[0].argmax() == SPADES  # top of a sequence, not away from an ace or a trump
    assert p[0, SPADES] > p[1, SPADES] + 0.2
    assert p[0, HEARTS] < 0.1
    partner_diamonds = LeadContext(trump=HEARTS, partner=frozenset({DIAMONDS}))
    q = lead_probabilities(np.array([broken]), partner_diamonds)
    assert q[0, DIAMONDS] > p[1, DIAMONDS] + 0.1
    # at notrump the long suit
    long = _holdings("A7.K8.QT9742.863")
    assert lead_probabilities(long, LeadContext()).argmax() == DIAMONDS


def test_a_void_is_never_led() -> None:
    p = lead_probabilities(_holdings("AKQJT98765432..."), LeadContext(trump=CLUBS))
    assert p[0].tolist() == [0.0, 0.0, 0.0, 1.0]


def test_layouts_lean_towards_hands_that_would_have_led_the_suit() -> None:
    # East led a diamond against notrump: long diamonds become likelier in East's layouts
    lead = LeadEvidence(Seat.E, DIAMONDS, LeadContext())
    plain = sample_layouts(nothing_known(), 300, np.random.default_rng(5))
    read = sample_layouts(nothing_known(lead=lead), 300, np.random.default_rng(5))

    def east_diamonds(layouts: list[tuple[int, ...]]) -> float:
        return float(np.mean([(lay[1] >> 13 & 0x1FFF).bit_count() for lay in layouts]))

    assert east_diamonds(read) > east_diamonds(plain) + 0.5
    off = sample_layouts(
        nothing_known(lead=LeadEvidence(Seat.E, DIAMONDS, LeadContext(), weight=0.0)),
        300,
        np.random.default_rng(5),
    )
    assert off == plain


DEAL = Deal.from_pbn("N:AKQ2.KJ4.A93.Q72 J76.Q92.QJ4.KJ53 T985.A73.K65.A84 43.T865.T872.T96")


def test_declarer_and_third_hand_read_the_lead_at_notrump_the_leader_does_not() -> None:
    auction = Auction(Seat.S, ["1NT", "P", "3NT", "P", "P", "P"])
    play = Play(DEAL, auction.contract)  # type: ignore[arg-type]
    assert knowledge_of(SeatView.of(Seat.W, DEAL, auction, play)).lead is None
    # in a suit contract the lead is not read (it cost declarer errors when it was)
    hearts = Auction(Seat.S, ["1H", "P", "4H", "P", "P", "P"])
    suit_play = Play(DEAL, hearts.contract)  # type: ignore[arg-type]
    suit_play.play("C6")
    assert knowledge_of(SeatView.of(Seat.S, DEAL, hearts, suit_play)).lead is None
    play.play("C6")
    declarer = knowledge_of(SeatView.of(Seat.S, DEAL, auction, play)).lead
    assert declarer is not None
    assert (declarer.seat, declarer.suit) == (Seat.W, CLUBS)
    third = knowledge_of(SeatView.of(Seat.E, DEAL, auction, play)).lead
    assert third is not None and third.seat == Seat.W
    assert knowledge_of(SeatView.of(Seat.W, DEAL, auction, play)).lead is None


def test_the_robot_passes_its_lead_weight_to_the_sampler(monkeypatch: MonkeyPatch) -> None:
    auction = Auction(Seat.S, ["1NT", "P", "3NT", "P", "P", "P"])
    play = Play(DEAL, auction.contract)  # type: ignore[arg-type]
    play.play("C6")
    play.play("C2")
    view = SeatView.of(Seat.E, DEAL, auction, play)
    seen: list[LeadEvidence | None] = []

    def spy(know: Knowledge, wanted: int, rng: np.random.Generator) -> list[tuple[int, ...]]:
        seen.append(know.lead)
        return sample_layouts(know, wanted, rng)

    monkeypatch.setattr(player_module, "sample_layouts", spy)
    for weight in (1.0, 0.0):
        CardPlayer(seed=1, lead_weight=weight).card(view)
    assert [lead.weight for lead in seen if lead is not None] == [1.0, 0.0]
