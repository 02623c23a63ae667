"""The bidding robot: a bidding system as data, an engine that chooses and explains calls.

>>> from contractbridge.core import Auction, Hand, Seat, Vulnerability
>>> bidder = Bidder("sayc")
>>> str(bidder.choose(Hand.from_pbn("AKJ52.KQ3.72.AQ4"), Auction(Seat.N), Vulnerability.NONE))
'1S'
>>> [e.text for e in bidder.explain(Auction(Seat.N, ["1N", "P", "2D"]))][2]
'transfer to ♥, 5+ ♥, forcing'
"""

from contractbridge.robots.bidding.engine import Bidder, bidder
from contractbridge.robots.bidding.explanation import Explanation, HandConstraints
from contractbridge.robots.bidding.robot import SystemRobot
from contractbridge.robots.bidding.rules import Rule

__all__ = ["Bidder", "Explanation", "HandConstraints", "Rule", "SystemRobot", "bidder"]
