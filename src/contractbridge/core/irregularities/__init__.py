"""Irregularities at a face-to-face table and the rulings the Laws give (WBF Laws 2017).

Online the table refuses an irregular call or card; at a club table it is made, the
Director is called, and the Laws say what the non-offending side may choose and what
follows. Each ``rule_*`` function takes the state of the deal and what happened and
returns a :class:`Ruling`: the options (each with its Law number and who chooses it) and
what follows whatever is chosen. ``apply_*`` functions turn a chosen option into the new
state (an :class:`Auction` or a :class:`Play` plus any :class:`Obligations`).

>>> auction = Auction(Seat.N, ["1NT"])
>>> ruling = rule_insufficient_bid(auction, Call.parse("1H"))
>>> [option.key for option in ruling.options]
['accept', 'lowest', 'comparable', 'other']
>>> ruling.option("lowest").law, ruling.option("lowest").by
('27B1(a)', <Seat.E: 1>)
>>> "2H" in ruling.option("lowest").text
True

Judgement the Laws leave to the Director (whether a call is *comparable*, Law 23A; whether
a bid is artificial; equity under Laws 12, 16, 23C, 64C) is named in the ruling, not made.
"""

# Auction, Call and Seat (noqa) are the names of the example above: it runs in this namespace.
from contractbridge.core.auction import Auction  # noqa: F401
from contractbridge.core.call import Call  # noqa: F401
from contractbridge.core.irregularities.auction import (
    apply_call_out_of_rotation,
    apply_insufficient_bid,
    lowest_sufficient,
    rule_call_out_of_rotation,
    rule_card_exposed_during_auction,
    rule_insufficient_bid,
)
from contractbridge.core.irregularities.play import (
    apply_opening_lead_out_of_turn,
    rule_exposed_card,
    rule_lead_out_of_turn,
    rule_opening_lead_out_of_turn,
    rule_premature_play,
)
from contractbridge.core.irregularities.revoke import (
    PlayedTrick,
    Revoke,
    established_revoke_transfer,
    replay,
    rule_revoke,
)
from contractbridge.core.irregularities.rulings import (
    IrregularityError,
    Kind,
    Obligations,
    Option,
    PlayState,
    Ruling,
)
from contractbridge.core.seat import Seat  # noqa: F401

__all__ = [
    "IrregularityError",
    "Kind",
    "Obligations",
    "Option",
    "PlayState",
    "PlayedTrick",
    "Revoke",
    "Ruling",
    "apply_call_out_of_rotation",
    "apply_insufficient_bid",
    "apply_opening_lead_out_of_turn",
    "established_revoke_transfer",
    "lowest_sufficient",
    "replay",
    "rule_call_out_of_rotation",
    "rule_card_exposed_during_auction",
    "rule_exposed_card",
    "rule_insufficient_bid",
    "rule_lead_out_of_turn",
    "rule_opening_lead_out_of_turn",
    "rule_premature_play",
    "rule_revoke",
]
