"""Russian Chicago: each deal IMPed against a target set by the high-card points held.

After the play the side with more high-card points (Milton Work: A=4, K=3, Q=2, J=1) looks
up its target score by its points and its vulnerability; the difference between the score
it actually made and that target is converted to IMPs with the Law 78B table. With 20
points each the target is 0.

The rules texts (../shared/rules-texts, the German/English text) describe the method; the
table's numbers were lost from that copy. The table below is the one in common use; it
agrees with both examples the texts and club pages give: 22 points not vulnerable -> 70
(a side with 18 points that bid and made 4S against that target, +420 vs -70, gains 10
IMPs) and 25 points vulnerable -> 440.

>>> target_score(25, vulnerable=True), target_score(22, vulnerable=False)
(440, 70)
>>> russian_imps(420, ns_points=18, ns_vulnerable=False, ew_vulnerable=False)
10
"""

from __future__ import annotations

from contractbridge.core.deal import Deal
from contractbridge.core.seat import Side, Vulnerability
from contractbridge.scoring.imps import ScoringError, imps

# points held by the stronger side -> (target not vulnerable, target vulnerable)
TARGETS: dict[int, tuple[int, int]] = {
    20: (0, 0),
    21: (50, 50),
    22: (70, 70),
    23: (110, 110),
    24: (200, 290),
    25: (300, 440),
    26: (350, 520),
    27: (400, 600),
    28: (430, 630),
    29: (460, 660),
    30: (490, 690),
    31: (600, 900),
    32: (700, 1050),
    33: (900, 1350),
    34: (1000, 1500),
    35: (1100, 1650),
    36: (1200, 1800),
    37: (1300, 1950),
}


def target_score(points: int, *, vulnerable: bool) -> int:
    """The target of a side holding ``points`` high-card points (20 to 40)."""
    if not 20 <= points <= 40:
        raise ScoringError(
            f"the target belongs to the side with 20 or more of the 40 points, not {points}"
        )
    not_vul, vul = TARGETS[min(points, 37)]
    return vul if vulnerable else not_vul


def ns_target(ns_points: int, ns_vulnerable: bool, ew_vulnerable: bool) -> int:
    """The target for North-South (negative when East-West hold more points)."""
    if not 0 <= ns_points <= 40:
        raise ScoringError(f"a side holds 0 to 40 high-card points, not {ns_points}")
    if ns_points >= 20:
        return target_score(ns_points, vulnerable=ns_vulnerable)
    return -target_score(40 - ns_points, vulnerable=ew_vulnerable)


def russian_imps(ns_score: int, *, ns_points: int, ns_vulnerable: bool, ew_vulnerable: bool) -> int:
    """North-South IMPs for one deal: their score against their target."""
    return imps(ns_score - ns_target(ns_points, ns_vulnerable, ew_vulnerable))


def side_points(deal: Deal, side: Side) -> int:
    """High-card points a side holds (A=4, K=3, Q=2, J=1)."""
    total = 0
    for seat in side.seats:
        for card in deal[seat]:
            total += max(card.rank - 10, 0)
    return total


def russian_deal_imps(deal: Deal, ns_score: int, vulnerability: Vulnerability) -> int:
    """North-South IMPs for a deal, counting the points from the deal itself."""
    return russian_imps(
        ns_score,
        ns_points=side_points(deal, Side.NS),
        ns_vulnerable=vulnerability.is_vulnerable(Side.NS),
        ew_vulnerable=vulnerability.is_vulnerable(Side.EW),
    )
