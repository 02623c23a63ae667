"""The rules engine: seats, cards, hands, deals, boards, calls, the auction and the play.

Pure and fast: no I/O, no global state, small immutable value types (except the
:class:`Auction` and :class:`Play` records, which grow call by call and card by card).
"""

from contractbridge.core.auction import Auction
from contractbridge.core.call import BIDS, CALLS, DOUBLE, PASS, REDOUBLE, Call
from contractbridge.core.card import (
    CARDS,
    RANKS,
    STRAINS,
    SUITS,
    SUITS_HIGH_FIRST,
    Card,
    Rank,
    Strain,
    Suit,
)
from contractbridge.core.contract import Contract, Doubled
from contractbridge.core.deal import Board, Deal
from contractbridge.core.errors import (
    AuctionNotCompleteError,
    BridgeError,
    CardNotHeldError,
    CardOutOfTurnError,
    IllegalCallError,
    IllegalPlayError,
    InvalidDealError,
    ParseError,
    PlayCompleteError,
    RevokeError,
)
from contractbridge.core.hand import Hand
from contractbridge.core.play import Claim, Play, Trick, trick_winner
from contractbridge.core.seat import SEATS, VULNERABILITIES, Seat, Side, Vulnerability
from contractbridge.core.view import SeatView

__all__ = [
    "BIDS",
    "CALLS",
    "CARDS",
    "DOUBLE",
    "PASS",
    "RANKS",
    "REDOUBLE",
    "SEATS",
    "STRAINS",
    "SUITS",
    "SUITS_HIGH_FIRST",
    "VULNERABILITIES",
    "Auction",
    "AuctionNotCompleteError",
    "Board",
    "BridgeError",
    "Call",
    "Card",
    "CardNotHeldError",
    "CardOutOfTurnError",
    "Claim",
    "Contract",
    "Deal",
    "Doubled",
    "Hand",
    "IllegalCallError",
    "IllegalPlayError",
    "InvalidDealError",
    "ParseError",
    "Play",
    "PlayCompleteError",
    "Rank",
    "RevokeError",
    "Seat",
    "SeatView",
    "Side",
    "Strain",
    "Suit",
    "Trick",
    "Vulnerability",
    "trick_winner",
]
