"""Victory points: the WBF 2013 continuous 20-VP scale, the WBF integer scale drawn from the
same curve, and a club's own scale of IMP bands (read from a CSV or JSON file).

For a match of N boards the blitz margin is X = 15 * sqrt(N); a margin of I IMPs (I < X)
gives the winners ``10 + 10 * (1 - tau**(3*I/X)) / (1 - tau**3)`` with tau the golden ratio
less one, and 20 from X on; the losers get the rest of 20. The WBF rounds each value to two
decimals and then keeps the scale concave: no step may be larger than the step before it
(where rounding makes one larger, the earlier value goes up by 0.01, repeatedly).

>>> victory_points(10, 16), victory_points(-10, 16), victory_points(60, 16)
(12.8, 7.2, 20.0)

The WBF integer (discrete) scale gives whole VPs: a margin scores the continuous value rounded
to the nearest whole VP, and a band of margins is never narrower than the band below it (the
10-10 band counted on both sides of 0). The German/English rules text's example, 15 IMPs
ahead after 24 boards, wins 13-7 on it (13.34 on the continuous scale):

>>> WBF_INTEGER.match(15, 0, 24), WBF.match(15, 0, 24)
((13.0, 7.0), (13.34, 6.66))
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from contractbridge.scoring.imps import ScoringError

TAU = (math.sqrt(5) - 1) / 2


def blitz(boards: int) -> float:
    """The IMP margin from which the winners score 20 (15 * sqrt(boards))."""
    if boards < 1:
        raise ScoringError(f"a match has at least one board, not {boards}")
    return 15 * math.sqrt(boards)


def exact_victory_points(margin: float, boards: int) -> float:
    """The unrounded curve, for the winners of a match won by ``margin`` IMPs (>= 0)."""
    x = blitz(boards)
    if margin >= x:
        return 20.0
    return 10 + 10 * (1 - float(TAU ** (3 * margin / x))) / (1 - TAU**3)


@cache
def vp_table(boards: int) -> tuple[float, ...]:
    """The winners' VPs for 0, 1, 2 ... IMPs up to the blitz (last entry 20.00).

    >>> vp_table(16)[:4]
    (10.0, 10.31, 10.61, 10.91)
    """
    last = math.ceil(blitz(boards))
    hundredths = [round(exact_victory_points(i, boards) * 100) for i in range(last + 1)]
    # Concavity: successive steps never grow. Fix from the top down until nothing changes.
    changed = True
    while changed:
        changed = False
        for i in range(1, last):
            if hundredths[i + 1] - hundredths[i] > hundredths[i] - hundredths[i - 1]:
                hundredths[i] += 1
                changed = True
    return tuple(h / 100 for h in hundredths)


def victory_points(margin: int, boards: int) -> float:
    """VPs of the side that won (``margin`` > 0) or lost (< 0) by ``margin`` IMPs.

    >>> [victory_points(i, 16) for i in (0, 1, 2, 3)]
    [10.0, 10.31, 10.61, 10.91]
    """
    table = vp_table(boards)
    winners = table[min(abs(int(margin)), len(table) - 1)]
    return winners if margin >= 0 else round(20 - winners, 2)


def match_victory_points(home_imps: int, visitor_imps: int, boards: int) -> tuple[float, float]:
    """Both teams' VPs for a match (they add up to 20).

    >>> match_victory_points(45, 35, 16)
    (12.8, 7.2)
    """
    home = victory_points(home_imps - visitor_imps, boards)
    return home, round(20 - home, 2)


@cache
def integer_bands(boards: int) -> tuple[int, ...]:
    """The WBF integer scale: the largest margin scoring 10, 11 ... 19 VPs (from the next
    margin on, 20).

    Each band first ends where the continuous curve reaches the next half VP (so a margin
    scores its continuous value rounded to the nearest whole VP). Then, from the bottom, a
    band narrower than the one below it (the 10-10 band spans both sides of 0) lends the
    lower band's top margin to it, until the widths never shrink.

    >>> integer_bands(24)
    (1, 5, 10, 15, 21, 27, 34, 43, 53, 65)
    """
    x = blitz(boards)
    r = TAU**3
    tops = []
    for vp in range(10, 20):
        crossing = x * math.log(1 - (1 - r) * ((vp + 0.5) / 10 - 1)) / math.log(r)
        tops.append(math.ceil(crossing) - 1)  # the last margin still below vp + 0.5
    changed = True
    while changed:
        changed = False
        widths = [2 * tops[0] + 1] + [b - a for a, b in itertools.pairwise(tops)]
        for k in range(1, len(widths)):
            if widths[k] < widths[k - 1] and tops[k - 1] > (tops[k - 2] + 1 if k > 1 else 0):
                tops[k - 1] -= 1
                changed = True
                break
    return tuple(tops)


def integer_victory_points(margin: int, boards: int) -> int:
    """Whole VPs of the side that won (``margin`` > 0) or lost (< 0) on the WBF integer scale.

    >>> [integer_victory_points(m, 24) for m in (0, 1, 2, 15, 16, -15, 66)]
    [10, 10, 11, 13, 14, 7, 20]
    """
    tops = integer_bands(boards)
    won = next((10 + k for k, top in enumerate(tops) if abs(int(margin)) <= top), 20)
    return won if margin >= 0 else 20 - won


class VpScale(Protocol):
    """A way to turn a match's IMP margin into victory points for both teams."""

    @property
    def name(self) -> str: ...

    def match(self, home_imps: int, visitor_imps: int, boards: int) -> tuple[float, float]:
        """Both teams' VPs for a match of ``boards`` boards."""
        ...

    def rows(self, boards: int) -> list[tuple[str, float, float]]:
        """The scale for a match length: (margins, winners' VPs, losers' VPs) per line."""
        ...

    def to_json(self) -> str | dict[str, Any]:
        """The form an event file keeps: a scale's name, or a file scale's bands."""
        ...


@dataclass(frozen=True, slots=True)
class WbfContinuousScale:
    """The WBF 2013 continuous 20-VP scale, in hundredths."""

    name: str = "wbf"

    def match(self, home_imps: int, visitor_imps: int, boards: int) -> tuple[float, float]:
        return match_victory_points(home_imps, visitor_imps, boards)

    def rows(self, boards: int) -> list[tuple[str, float, float]]:
        return [(str(m), vp, round(20 - vp, 2)) for m, vp in enumerate(vp_table(boards))]

    def to_json(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class WbfIntegerScale:
    """The WBF integer (discrete) 20-VP scale: whole VPs, bands drawn from the 2013 curve."""

    name: str = "wbf-integer"

    def match(self, home_imps: int, visitor_imps: int, boards: int) -> tuple[float, float]:
        home = float(integer_victory_points(home_imps - visitor_imps, boards))
        return home, 20 - home

    def rows(self, boards: int) -> list[tuple[str, float, float]]:
        tops = integer_bands(boards)
        rows = []
        low = 0
        for vp, top in enumerate(tops, start=10):
            rows.append((_margins(low, top), float(vp), float(20 - vp)))
            low = top + 1
        rows.append((f"{low}+", 20.0, 0.0))
        return rows

    def to_json(self) -> str:
        return self.name


def _margins(low: int, high: int | None) -> str:
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


@dataclass(frozen=True, slots=True)
class Band:
    """Margins ``low`` to ``high`` IMPs (None: and more) score ``winners`` and ``losers``."""

    low: int
    high: int | None
    winners: float
    losers: float


@dataclass(frozen=True, slots=True)
class BandScale:
    """A scale of IMP bands, the same for any match length (a club's table for the length
    it plays). A margin past the last band scores as the last band.

    >>> scale = parse_scale("0-2,10,10\\n3-6,11,9\\n7+,12,8\\n", "club")
    >>> scale.match(5, 10, 24), scale.match(40, 0, 24)
    ((9.0, 11.0), (12.0, 8.0))
    """

    name: str
    bands: tuple[Band, ...]

    def __post_init__(self) -> None:
        if not self.bands:
            raise ScoringError(f"the VP scale {self.name!r} has no bands")
        expect = 0
        for band in self.bands:
            shown = _margins(band.low, band.high)
            if band.low != expect:
                raise ScoringError(
                    f"the VP scale {self.name!r}: the band {shown} should start at {expect} IMPs"
                    " (bands start at 0 and follow on without gaps or overlaps)"
                )
            if band.high is not None and band.high < band.low:
                raise ScoringError(f"the VP scale {self.name!r}: {shown} is not a band")
            if band.winners < band.losers:
                raise ScoringError(
                    f"the VP scale {self.name!r}: the winners of {shown} IMPs score less than"
                    " the losers"
                )
            if band.high is None and band is not self.bands[-1]:
                raise ScoringError(f"the VP scale {self.name!r}: only the last band is open")
            expect = (band.high or 0) + 1
        first = self.bands[0]
        if first.winners != first.losers:
            raise ScoringError(
                f"the VP scale {self.name!r}: a drawn match (0 IMPs) scores the same for both"
                f" teams, not {first.winners:g}-{first.losers:g}"
            )
        for lower, upper in itertools.pairwise(self.bands):
            if upper.winners < lower.winners or upper.losers > lower.losers:
                raise ScoringError(
                    f"the VP scale {self.name!r}: a larger margin cannot score the winners less"
                    f" or the losers more ({_margins(upper.low, upper.high)} IMPs)"
                )

    def band(self, margin: int) -> Band:
        size = abs(int(margin))
        for band in self.bands:
            if band.high is None or size <= band.high:
                return band
        return self.bands[-1]

    def match(self, home_imps: int, visitor_imps: int, boards: int) -> tuple[float, float]:
        margin = home_imps - visitor_imps
        band = self.band(margin)
        return (band.winners, band.losers) if margin >= 0 else (band.losers, band.winners)

    def rows(self, boards: int) -> list[tuple[str, float, float]]:
        return [(_margins(b.low, b.high), b.winners, b.losers) for b in self.bands]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "bands": [[b.low, b.high, b.winners, b.losers] for b in self.bands],
        }


WBF = WbfContinuousScale()
WBF_INTEGER = WbfIntegerScale()
#: the built-in scales by the name an event or a command gives
SCALES: dict[str, VpScale] = {WBF.name: WBF, WBF_INTEGER.name: WBF_INTEGER}


def scale_named(name: str) -> VpScale:
    """A built-in scale: "wbf" (continuous, the default) or "wbf-integer"."""
    try:
        return SCALES[name.strip().lower()]
    except KeyError:
        raise ScoringError(
            f"{name!r} is not a VP scale: use {' or '.join(SCALES)}, or a CSV/JSON file of"
            " IMP bands"
        ) from None


def _number(text: Any, what: str, name: str) -> float:
    try:
        value = float(text)
    except (TypeError, ValueError):
        raise ScoringError(f"the VP scale {name!r}: {text!r} is not a number of {what}") from None
    if not math.isfinite(value):
        raise ScoringError(f"the VP scale {name!r}: {text!r} is not a number of {what}")
    return value


def _band_margins(text: str, name: str) -> tuple[int, int | None]:
    """ "0-2" / "3" / "66+" as (low, high)."""
    cleaned = text.strip().replace("\u2013", "-")
    try:
        if cleaned.endswith("+"):
            return int(cleaned[:-1]), None
        if "-" in cleaned[1:]:
            low, high = cleaned.split("-", 1)
            return int(low), int(high)
        return int(cleaned), int(cleaned)
    except ValueError:
        raise ScoringError(
            f"the VP scale {name!r}: {text!r} is not a band of IMPs (write 0-2, 3, or 66+)"
        ) from None


def _band(low: int, high: int | None, winners: Any, losers: Any, name: str) -> Band:
    return Band(low, high, _number(winners, "VPs", name), _number(losers, "VPs", name))


def parse_scale(text: str, name: str, *, kind: str = "csv") -> VpScale:
    """A scale from the text of a file: ``kind`` "csv" (lines ``IMPs,winners,losers`` with
    IMPs as 0-2, 3 or 66+; a header line and ``#`` comments are skipped) or "json"
    (``{"name": ..., "bands": [[low, high or null, winners, losers], ...]}``, or the bands
    as ``{"imps": "0-2", "vp": [10, 10]}``)."""
    if kind == "json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ScoringError(f"the VP scale {name!r} is not JSON: {error}") from None
        return scale_from_json(data, name)
    if kind != "csv":
        raise ScoringError(f"a VP scale file is CSV or JSON, not {kind!r}")
    bands: list[Band] = []
    for row in csv.reader(io.StringIO(text)):
        cells = [c.strip() for c in row]
        if not cells or not cells[0] or cells[0].startswith("#"):
            continue
        if not bands and not cells[0][0].isdigit():
            continue  # a header line
        if len(cells) < 3:
            raise ScoringError(
                f"the VP scale {name!r}: {','.join(row)!r} should read IMPs,winners,losers"
            )
        low, high = _band_margins(cells[0], name)
        bands.append(_band(low, high, cells[1], cells[2], name))
    return BandScale(name, tuple(bands))


def scale_from_json(data: Any, name: str = "") -> VpScale:
    """The scale an event file keeps (a built-in's name, or a file scale's bands)."""
    if isinstance(data, str):
        return scale_named(data)
    if not isinstance(data, Mapping) or not isinstance(data.get("bands"), Sequence):
        raise ScoringError(f"the VP scale {name!r} needs a list of bands")
    name = str(data.get("name") or name)
    bands: list[Band] = []
    for item in data["bands"]:
        if isinstance(item, Mapping):
            low, high = _band_margins(str(item.get("imps", "")), name)
            vp = item.get("vp")
            if not isinstance(vp, Sequence) or isinstance(vp, str) or len(vp) != 2:
                raise ScoringError(f"the VP scale {name!r}: give each band's vp as [won, lost]")
            bands.append(_band(low, high, vp[0], vp[1], name))
        elif isinstance(item, Sequence) and not isinstance(item, str) and len(item) == 4:
            low_text, high_text, winners, losers = item
            low = int(_number(low_text, "IMPs", name))
            high = None if high_text is None else int(_number(high_text, "IMPs", name))
            bands.append(_band(low, high, winners, losers, name))
        else:
            raise ScoringError(
                f"the VP scale {name!r}: a band is [low, high, winners, losers], not {item!r}"
            )
    return BandScale(name, tuple(bands))
