"""The robots' inference: what a seat knows of the hidden hands, and dealing them to match.

One place for the card player, the bidding judge and the Minibridge robot, which all decide
by dealing the cards they cannot see many times and solving the deals:

- ``auction.py``: :class:`HandRange` (HCP and suit-length ranges of one hand) and
  :func:`read_auction`, the auction read from the table's explanations or naturally;
- ``leads.py``: the opening-lead model, how likely each suit is led from a hand;
- ``knowledge.py``: :class:`Knowledge` (the hidden seats, their cards left, shown voids,
  ranges, :class:`Signal` readings, the :class:`LeadEvidence`) and :func:`knowledge_of`,
  which reads it from a seat's view;
- ``sampling.py``: :func:`sample_layouts`, which deals a ``Knowledge``;
  :func:`sample_deals`, the Minibridge robot's exact dealing around the hands it sees;
  :func:`seeded_rng`, a robot's seeded generator for one decision.

It imports nothing from the robots that use it (``robots.cardplay``, ``robots.bidding``,
``robots.minibridge``): the bidding judge deals hands without the card player's package.
"""

from contractbridge.robots.inference.auction import HandRange, read_auction
from contractbridge.robots.inference.knowledge import (
    Knowledge,
    LeadEvidence,
    Signal,
    knowledge_of,
)
from contractbridge.robots.inference.sampling import sample_deals, sample_layouts, seeded_rng

__all__ = [
    "HandRange",
    "Knowledge",
    "LeadEvidence",
    "Signal",
    "knowledge_of",
    "read_auction",
    "sample_deals",
    "sample_layouts",
    "seeded_rng",
]
