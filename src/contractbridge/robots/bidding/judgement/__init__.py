"""Judgement where the rules leave a real choice: deal the hidden hands, weigh the contracts.

The rules choose a call. Where the level of the contract is a matter of judgement (a part
score or game, game or slam, let them play or bid on in our fit, a sacrifice over their
game, sit in their double of ours or run, leave partner's penalty double in or take it
out), the :class:`Judge` deals layouts of the three hidden hands consistent with the
auction as the system explains it, takes each candidate contract's double-dummy result on
them, and keeps the rules' call unless another candidate the system names is clearly better
for the scoring in force. A call chosen this way is explained as the system means it: only
calls the system explains here are candidates.

Simple auctions stay rule-only and instant: nothing is dealt unless our values reach towards
a game or a slam the rules' call does not bid, or the opponents' contract meets our fit.

The package:

- ``judge.py``: :class:`Judge`, whether judgement applies and whose contract it is, and the
  decisions over their contract or a doubled one (compete, sit or run, sit or pull);
- ``candidates.py``: what is worth weighing for a contract of ours: the strains, the levels,
  the calls the system names here, a slam through Blackwood;
- ``reading.py``: what the auction says of the hidden hands, the ranges they are dealt in;
- ``simulation.py``: the dealing, the double-dummy searches within the budget, and the
  scoring of each candidate against the rules' call (:class:`Choice`);
- ``contracts.py``: whose contract it is, what a call would end in, the cheapest bid.
"""

from contractbridge.robots.bidding.judgement.judge import MARGINS, Judge
from contractbridge.robots.bidding.judgement.simulation import MIN_LAYOUTS, Choice

__all__ = ["MARGINS", "MIN_LAYOUTS", "Choice", "Judge"]
