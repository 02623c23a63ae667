"""The card-play robot: declarer and defender play by double-dummy simulation.

See ``docs/cardplay.md``. :class:`CardPlayer` decides from a
:class:`~contractbridge.core.view.SeatView` only.
"""

from contractbridge.robots.cardplay.carding import Carding
from contractbridge.robots.cardplay.player import CardPlayer, Decision

__all__ = ["CardPlayer", "Carding", "Decision"]
