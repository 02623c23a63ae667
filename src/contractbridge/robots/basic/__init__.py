"""The basic robot: a simple natural bidder and heuristic card play, from the seat's view only.

It is the permanent baseline stronger robots are measured against, so what it does is fixed
and written down in ``docs/game.md``; change it only together with that page.

>>> from contractbridge.core import Deal, Seat, Auction, SeatView
>>> deal = Deal.from_pbn("N:AK2.KQ3.J432.Q32 QJ3.J542.KQ5.A54 T98.A976.A976.K8 7654.T8.T8.JT976")
>>> robot = BasicRobot()
>>> view = SeatView.of(Seat.N, deal, Auction(Seat.N))
>>> call = robot.call(view); str(call), robot.explain(view, call)
('1NT', '15-17 HCP, balanced')

The package:

- ``robot.py``: :class:`BasicRobot`, the Player;
- ``bidding.py``: its natural bidding (:func:`choose_call`) and the words each call shows;
- ``cardplay.py``: its card play (:func:`choose_card`) and the sure winners it counts
  before accepting a claim (:func:`sure_winners`);
- ``hands.py``: the hand evaluation both use (:func:`hcp`, :func:`is_balanced`...).
"""

from contractbridge.robots.basic.bidding import SUIT_NAMES, choose_call, opening_suit
from contractbridge.robots.basic.cardplay import choose_card, sure_winners
from contractbridge.robots.basic.hands import good_suit, hcp, is_balanced, suit_hcp
from contractbridge.robots.basic.robot import BasicRobot

__all__ = [
    "SUIT_NAMES",
    "BasicRobot",
    "choose_call",
    "choose_card",
    "good_suit",
    "hcp",
    "is_balanced",
    "opening_suit",
    "suit_hcp",
    "sure_winners",
]
