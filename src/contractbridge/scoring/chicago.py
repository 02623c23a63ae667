"""Chicago (four-deal bridge): four deals, each player dealing once, with fixed vulnerability.

Vulnerability: deal 1 neither side, deals 2 and 3 the dealer's side (or, by agreement, the
dealer's opponents), deal 4 both. The German/English rules text plays the second scheme, "the
non-dealing side vulnerable", and calls it the more modern one; the dealer's side is its
"original version" (and the Laws' and the ACBL's rule, the default here). Trick scores go
below the line and partscores carry over, combining toward a game; any game wipes both sides'
partscores. A game scores 300 or 500 by the vulnerability, on the deal that completes it, of
the side completing it. A partscore made on the fourth deal that does not complete a game
scores 100; there is no other partscore premium. A passed-out deal is redealt by the same
dealer and does not count (standards.md §1.6; text 004, "Chicago").

``duplicate_style=True`` scores every deal exactly as duplicate (Law 77, with the 50
partscore premium and nothing carried) under the same vulnerability cycle; then "a multiple
of four hands can be played, repeating the sequence of vulnerabilities" (``deals=8`` ...).

``russian=True`` is Russian Chicago: each deal is scored as in duplicate, then the side that
held more high-card points is given a target by its points and vulnerability, and the
difference between the score and the target is converted to IMPs (``scoring/russian.py``).
The sheet's totals are then IMPs, and a deal passed out is not redealt: it scores 0 against
the target, as a passed-out board does.

>>> sheet = ChicagoScoresheet()
>>> [str(v) for v in sheet.cycle]
['None', 'EW', 'NS', 'All']
>>> _ = sheet.record(Contract.parse("2S N"), 8)
>>> sheet.record(Contract.parse("2H S"), 8).premiums  # 60 + 60 completes a game; S's side NV
(Premium(side=<Side.NS: 0>, points=300, reason='game', deal=2),)
"""

from __future__ import annotations

from dataclasses import dataclass

from contractbridge.core.contract import Contract
from contractbridge.core.deal import Deal
from contractbridge.core.seat import Seat, Side, Vulnerability
from contractbridge.scoring.duplicate import GAME, duplicate_score
from contractbridge.scoring.errors import ScoresheetError, SeriesCompleteError
from contractbridge.scoring.honours import Honours
from contractbridge.scoring.imps import imps
from contractbridge.scoring.rubber import (
    SIDES,
    Premium,
    checked_result,
    contract_premiums,
    render_line_sheet,
    resolve_honours,
    sum_sides,
)

DEALS = 4
#: who is vulnerable on deals 2 and 3: "dealer" (the dealer's side: the Laws, the ACBL, the
#: text's "original version") or "non-dealer" (the dealer's opponents: the text's "more
#: modern scheme")
VULNERABILITY_SCHEMES = ("dealer", "non-dealer")
GAME_NOT_VULNERABLE = 300
GAME_VULNERABLE = 500
FOURTH_DEAL_PARTSCORE = 100


@dataclass(frozen=True, slots=True)
class ChicagoEntry:
    """What one deal wrote on the sheet.

    ``number`` is the deal of the four (a passed-out deal keeps its number, and the redeal
    shares it); ``below`` and ``above`` are indexed by side. In the duplicate style the
    whole duplicate score is in ``above`` and ``below`` is zero.
    """

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    contract: Contract | None
    declarer_tricks: int | None
    below: tuple[int, int]
    above: tuple[int, int]
    honours: Honours | None
    premiums: tuple[Premium, ...]
    game: Side | None
    # Russian Chicago: North-South's duplicate score, high-card points and target
    ns_score: int | None = None
    ns_points: int | None = None
    ns_target: int | None = None

    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer if self.contract is not None else None

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    def points(self, side: Side) -> int:
        return self.below[side] + self.above[side]


def chicago_vulnerability(
    number: int, dealer: Seat, *, dealers_opponents_vulnerable: bool = False
) -> Vulnerability:
    """Vulnerability of deal ``number`` (1-4) dealt by ``dealer``.

    >>> chicago_vulnerability(2, Seat.E), chicago_vulnerability(2, Seat.E,
    ...                                                      dealers_opponents_vulnerable=True)
    (<Vulnerability.EW: 2>, <Vulnerability.NS: 1>)
    """
    position = (number - 1) % DEALS
    if position == 0:
        return Vulnerability.NONE
    if position == 3:
        return Vulnerability.ALL
    side = dealer.side.opponents if dealers_opponents_vulnerable else dealer.side
    return Vulnerability.of(side == Side.NS, side == Side.EW)


class ChicagoScoresheet:
    """One Chicago: four deals, the first dealt by ``dealer``.

    Options: ``dealers_opponents_vulnerable`` switches deals 2 and 3 to the dealer's
    opponents; ``duplicate_style`` scores each deal as in duplicate, and may then play any
    multiple of four ``deals``; ``russian`` scores Russian Chicago (IMPs against a target by
    the high-card points; any multiple of four deals too); ``honours=True`` adds honours
    premiums as in rubber (off by default, as most Chicago tables play).
    """

    def __init__(
        self,
        dealer: Seat = Seat.N,
        *,
        dealers_opponents_vulnerable: bool = False,
        duplicate_style: bool = False,
        honours: bool = False,
        deals: int = DEALS,
        russian: bool = False,
    ) -> None:
        if isinstance(deals, bool) or not isinstance(deals, int) or deals < DEALS or deals % DEALS:
            raise ScoresheetError(
                f"a Chicago plays four deals or a multiple of four (8, 12 ...), not {deals}"
            )
        if deals > DEALS and not (duplicate_style or russian):
            raise ScoresheetError(
                f"{deals} deals are played in the duplicate style or as Russian Chicago:"
                " partscores carried from deal to deal make a Chicago of four deals"
            )
        self._first_dealer = dealer
        self._opponents_vulnerable = dealers_opponents_vulnerable
        self._duplicate_style = duplicate_style or russian
        self._russian = russian
        self._honours = honours
        self._deals = deals
        self._entries: list[ChicagoEntry] = []
        self._played = 0
        self._partscore = [0, 0]

    @property
    def duplicate_style(self) -> bool:
        return self._duplicate_style

    @property
    def russian(self) -> bool:
        return self._russian

    @property
    def dealers_opponents_vulnerable(self) -> bool:
        """Whether deals 2 and 3 have the dealer's opponents vulnerable (the "modern" scheme)."""
        return self._opponents_vulnerable

    @property
    def deals(self) -> int:
        """How many deals this Chicago plays (4, or a multiple of 4)."""
        return self._deals

    @property
    def cycle(self) -> tuple[Vulnerability, ...]:
        """The vulnerability of the four deals, in order."""
        return tuple(
            chicago_vulnerability(
                n,
                self._first_dealer.next(n - 1),
                dealers_opponents_vulnerable=self._opponents_vulnerable,
            )
            for n in range(1, DEALS + 1)
        )

    # -- the Scoresheet protocol -----------------------------------------------------------

    @property
    def deal_number(self) -> int:
        """The number (from 1) of the next deal."""
        return self._played + 1

    @property
    def dealer(self) -> Seat:
        """Who deals next; the same player again after a passed-out deal."""
        return self._first_dealer.next(self._played % DEALS)

    @property
    def vulnerability(self) -> Vulnerability:
        return chicago_vulnerability(
            self.deal_number, self.dealer, dealers_opponents_vulnerable=self._opponents_vulnerable
        )

    @property
    def is_complete(self) -> bool:
        return self._played >= self._deals

    def record(
        self,
        contract: Contract | str | None,
        declarer_tricks: int,
        deal: Deal | None = None,
        *,
        honours: Honours | None = None,
    ) -> ChicagoEntry:
        """Score one deal; a passed-out deal (None / "Pass") is written and redealt."""
        if self.is_complete:
            count = "four" if self._deals == DEALS else str(self._deals)
            raise SeriesCompleteError(f"this Chicago's {count} deals have been played")
        if self._russian and deal is None:
            raise ScoresheetError(
                "Russian Chicago counts the high-card points each side held: give the deal"
            )
        parsed, tricks = checked_result(contract, declarer_tricks)
        number = self.deal_number
        vulnerability = self.vulnerability
        held = (
            resolve_honours(parsed, deal, honours)
            if self._honours and not self._duplicate_style
            else None
        )
        below = [0, 0]
        above = [0, 0]
        premiums: list[Premium] = []
        game: Side | None = None
        russian: tuple[int, int, int] | None = None
        if self._russian:
            assert deal is not None
            russian = self._russian_result(parsed, tricks, deal, vulnerability)
            gained = imps(russian[0] - russian[2])
            above[Side.NS if gained > 0 else Side.EW] = abs(gained)
            # a deal passed out counts here, as a board does: its 0 misses the target
            self._played += 1
        elif parsed is not None and parsed.declarer is not None:
            side = parsed.declarer.side
            vulnerable = vulnerability.is_vulnerable(side)
            if self._duplicate_style:
                score = duplicate_score(parsed, tricks, vulnerable)
                above[side if score > 0 else side.opponents] = abs(score)
            else:
                points, premiums = contract_premiums(parsed, tricks, vulnerable, number)
                below[side] = points
                if held is not None:
                    premiums.append(Premium(held.side, held.points, "honours", number))
                self._partscore[side] += points
                if self._partscore[side] >= GAME:
                    game = side
                    bonus = GAME_VULNERABLE if vulnerable else GAME_NOT_VULNERABLE
                    premiums.append(Premium(side, bonus, "game", number))
                    self._partscore = [0, 0]  # any game wipes both sides' partscores
                elif points and number % DEALS == 0:
                    premiums.append(Premium(side, FOURTH_DEAL_PARTSCORE, "partscore", number))
                above = list(sum_sides(premiums))
            self._played += 1
        entry = ChicagoEntry(
            number=number,
            dealer=self._first_dealer.next(number - 1),
            vulnerability=vulnerability,
            contract=parsed,
            declarer_tricks=tricks if parsed is not None else None,
            below=(below[0], below[1]),
            above=(above[0], above[1]),
            honours=held,
            premiums=tuple(premiums),
            game=game,
            ns_score=russian[0] if russian else None,
            ns_points=russian[1] if russian else None,
            ns_target=russian[2] if russian else None,
        )
        self._entries.append(entry)
        return entry

    @staticmethod
    def _russian_result(
        contract: Contract | None, tricks: int, deal: Deal, vulnerability: Vulnerability
    ) -> tuple[int, int, int]:
        """North-South's duplicate score, high-card points and target on one deal."""
        from contractbridge.scoring.russian import ns_target, side_points

        score = 0
        if contract is not None and contract.declarer is not None:
            side = contract.declarer.side
            score = duplicate_score(contract, tricks, vulnerability.is_vulnerable(side))
            score = score if side == Side.NS else -score
        points = side_points(deal, Side.NS)
        target = ns_target(
            points, vulnerability.is_vulnerable(Side.NS), vulnerability.is_vulnerable(Side.EW)
        )
        return score, points, target

    def totals(self) -> dict[Side, int]:
        totals = {side: 0 for side in SIDES}
        for entry in self._entries:
            for side in SIDES:
                totals[side] += entry.points(side)
        return totals

    @property
    def entries(self) -> list[ChicagoEntry]:
        """One record per deal played, passed-out deals included, in order."""
        return list(self._entries)

    @property
    def partscores(self) -> dict[Side, int]:
        """Trick points each side carries toward a game (always 0 in the duplicate style)."""
        return {side: self._partscore[side] for side in SIDES}

    def render(self) -> str:
        """The WE (NS) | THEY (EW) sheet; in the duplicate style, a table of the deals."""
        if self._duplicate_style:
            return self._render_table()
        premiums: dict[Side, list[int]] = {side: [] for side in SIDES}
        games: list[tuple[list[int], list[int], bool]] = [([], [], False)]
        for entry in self._entries:
            for premium in entry.premiums:
                premiums[premium.side].append(premium.points)
            ns, ew, _ = games[-1]
            for side, column in zip(SIDES, (ns, ew), strict=True):
                if entry.below[side]:
                    column.append(entry.below[side])
            if entry.game is not None:
                games[-1] = (ns, ew, True)
                games.append(([], [], False))
        return render_line_sheet(premiums, games, self.totals())

    def _render_table(self) -> str:
        if self._russian:
            return self._render_russian()
        lines = [
            f"{'Deal':<5}{'Dealer':<7}{'Vul':<5}{'Contract':<10}{'Tricks':>6}{'WE':>7}{'THEY':>7}"
        ]
        for entry in self._entries:
            contract = str(entry.contract) if entry.contract is not None else "Passed out"
            tricks = "" if entry.declarer_tricks is None else str(entry.declarer_tricks)
            lines.append(
                f"{entry.number:<5}{entry.dealer.name:<7}{entry.vulnerability!s:<5}{contract:<10}"
                f"{tricks:>6}{entry.points(Side.NS) or '':>7}{entry.points(Side.EW) or '':>7}"
            )
        totals = self.totals()
        lines.append(f"{'Total':<33}{totals[Side.NS]:>7}{totals[Side.EW]:>7}")
        return "\n".join(line.rstrip() for line in lines)

    def _render_russian(self) -> str:
        """Each deal's NS score, NS high-card points and NS target, and the IMPs."""
        lines = [
            f"{'Deal':<5}{'Dealer':<7}{'Vul':<5}{'Contract':<10}{'Tricks':>6}{'NS HCP':>7}"
            f"{'Target':>7}{'Score':>7}{'WE':>5}{'THEY':>5}"
        ]
        for entry in self._entries:
            contract = str(entry.contract) if entry.contract is not None else "Passed out"
            tricks = "" if entry.declarer_tricks is None else str(entry.declarer_tricks)
            lines.append(
                f"{entry.number:<5}{entry.dealer.name:<7}{entry.vulnerability!s:<5}{contract:<10}"
                f"{tricks:>6}{entry.ns_points!s:>7}{entry.ns_target:>+7}{entry.ns_score:>+7}"
                f"{entry.points(Side.NS) or '':>5}{entry.points(Side.EW) or '':>5}"
            )
        totals = self.totals()
        lines.append(f"{'Total (IMPs)':<54}{totals[Side.NS]:>5}{totals[Side.EW]:>5}")
        return "\n".join(line.rstrip() for line in lines)
