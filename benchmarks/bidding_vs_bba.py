"""A duplicate bidding match against BBA (Edward Piwowar's EPBot), both on a SAYC card.

On each deal our SAYC robot sits North-South at one table and East-West at the other; BBA
takes the other seats and is told that both sides play its SAYC card. Each table's final
contract is scored by its double-dummy result (Law 77), and our IMPs on the board are the
difference between the two tables, as in ``bidding_match.py``. Prints IMPs a board with a
95% confidence interval, how many auctions differ, where the IMPs go (by the level reached,
contested or not, who declares, and the rule our robot used at the first call where the two
tables part), the worst boards with both auctions and our robot's explanations, and as the
last line one JSON object.

BBA is an anchor to measure against, never part of this project: point ``CB_BBA_LIB`` at
EPBot's C library (``bin/BBA/linux/x64/libEPBot.so`` in ben's repository, lorserker/ben)
and ``CB_BBA_CARD`` at a convention card (``BBA/CC/BBA-Sayc.bbsa`` there; with
``--system acol`` our Acol robot meets BBA on ``BBA/CC/Acol.bbsa``).

    CB_BBA_LIB=/path/libEPBot.so CB_BBA_CARD=/path/BBA-Sayc.bbsa \\
        python benchmarks/bidding_vs_bba.py --deals 1000 --seed 2718 --jobs 2
"""

from __future__ import annotations

import argparse
import ctypes
import json
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Protocol

from bidding_match import summary
from bidding_par import board_conditions, ns_score
from rich.progress import Progress

from contractbridge.analysis.dd import DDTable, dd_tables
from contractbridge.analysis.search import warm_up
from contractbridge.core import Auction, Call, Deal, SeatView
from contractbridge.core.card import Strain
from contractbridge.core.seat import Seat, Side, Vulnerability
from contractbridge.robots.bidding.robot import SystemRobot
from contractbridge.scoring.imps import imps


class Missing(Exception):
    """BBA's library or card is not where the environment says: the match cannot run."""


def _located(variable: str, what: str) -> Path:
    value = os.environ.get(variable)
    if not value:
        raise Missing(f"{variable} is not set: point it at {what}")
    path = Path(value)
    if not path.is_file():
        raise Missing(f"{variable}={value} is not a file: point it at {what}")
    return path


# -- EPBot through its C ABI -----------------------------------------------------------------
# Every entry point returns an int status (negative on failure, the message from
# epbot_get_last_error); strings go in and out as UTF-8, a hand as its four suits from clubs
# up joined by newlines. Seats are N=0, E=1, S=2, W=3; calls are numbered pass=0, X=1, XX=2,
# then 1C=5 up to 7NT=39; vulnerability is 0 none, 1 EW, 2 NS, 3 both.
_SIGNATURES: dict[str, tuple[object, list[object]]] = {
    "epbot_create": (ctypes.c_void_p, []),
    "epbot_destroy": (None, [ctypes.c_void_p]),
    "epbot_get_last_error": (ctypes.c_char_p, []),
    "epbot_version": (ctypes.c_int, [ctypes.c_void_p]),
    "epbot_new_hand": (
        ctypes.c_int,
        [ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p] + [ctypes.c_int] * 4,
    ),
    "epbot_set_system_type": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]),
    "epbot_set_conventions": (
        ctypes.c_int,
        [ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int],
    ),
    "epbot_set_scoring": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int]),
    "epbot_set_bid": (
        ctypes.c_int,
        [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_char_p],
    ),
    "epbot_get_bid": (ctypes.c_int, [ctypes.c_void_p]),
    "epbot_interpret_bid": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int]),
    "epbot_get_info_meaning": (
        ctypes.c_int,
        [ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int],
    ),
}
_INTERPRETED = 13  # the "seat" whose meaning interpret_bid fills in


def _epbot_id(call: Call) -> int:
    if call.is_pass:
        return 0
    if call.is_double:
        return 1
    if call.is_redouble:
        return 2
    assert call.level is not None and call.strain is not None
    return 5 + (call.level - 1) * 5 + int(call.strain)


def _call_of(epbot_id: int) -> Call:
    if epbot_id in (0, 1, 2):
        return Call.parse(("P", "X", "XX")[epbot_id])
    level, strain = divmod(epbot_id - 5, 5)
    return Call.bid(level + 1, Strain(strain))


def _read_card(path: Path) -> tuple[int, dict[str, int]]:
    """A ``.bbsa`` card: ``System type = N`` then one ``Convention = 0|1`` a line."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    key, _, value = lines[0].partition(" = ")
    if key.strip() != "System type":
        raise Missing(f"{path} does not start with 'System type = N': not a BBA card")
    conventions = {}
    for line in lines[1:]:
        name, _, selected = line.partition(" = ")
        conventions[name.strip()] = int(selected)
    return int(value), conventions


class EPBot:
    """One seat of BBA: told its hand and every call, asked for its own."""

    _dll: ctypes.CDLL | None = None

    @classmethod
    def load(cls, path: Path) -> ctypes.CDLL:
        if cls._dll is None:
            dll = ctypes.CDLL(str(path))
            for name, (restype, argtypes) in _SIGNATURES.items():
                fn = getattr(dll, name)
                fn.restype = restype
                fn.argtypes = argtypes
            cls._dll = dll
        return cls._dll

    def __init__(self, lib: Path, card: Path) -> None:
        self.dll = self.load(lib)
        self.handle = self.dll.epbot_create()
        if not self.handle:
            raise RuntimeError(f"epbot_create failed: {self._error()}")
        system, conventions = _read_card(card)
        for side in (0, 1):  # our side and theirs both play the card
            self._ok(self.dll.epbot_set_system_type(self.handle, side, system), "system type")
            for name, selected in conventions.items():
                self._ok(
                    self.dll.epbot_set_conventions(self.handle, side, name.encode(), selected),
                    f"convention {name!r}",
                )
        self._ok(self.dll.epbot_set_scoring(self.handle, 1), "IMP scoring")

    def version(self) -> int:
        return int(self.dll.epbot_version(self.handle))

    def _error(self) -> str:
        message = self.dll.epbot_get_last_error()
        return message.decode("utf-8", "replace") if message else ""

    def _ok(self, status: int, what: str) -> None:
        if status < 0:
            raise RuntimeError(f"EPBot {what} failed ({status}): {self._error()}")

    def new_hand(self, seat: Seat, deal: Deal, dealer: Seat, vul: Vulnerability) -> None:
        suits = "\n".join(reversed(deal.hands[seat].to_pbn().split(".")))  # clubs first
        bba_vul = 2 * vul.is_vulnerable(Side.NS) + vul.is_vulnerable(Side.EW)
        self._ok(
            self.dll.epbot_new_hand(self.handle, seat, suits.encode(), dealer, bba_vul, 0, 0),
            "new hand",
        )

    def heard(self, seat: Seat, call: Call) -> None:
        self._ok(self.dll.epbot_set_bid(self.handle, seat, _epbot_id(call), b""), "set bid")

    def call(self) -> tuple[Call, str]:
        """Its call now, and what it means by it."""
        chosen = self.dll.epbot_get_bid(self.handle)
        self._ok(chosen, "get bid")
        self._ok(self.dll.epbot_interpret_bid(self.handle, chosen), "interpret bid")
        buffer = ctypes.create_string_buffer(4096)
        self.dll.epbot_get_info_meaning(self.handle, _INTERPRETED, buffer, len(buffer))
        return _call_of(chosen), buffer.value.decode("utf-8", "replace").strip()

    def __del__(self) -> None:
        if getattr(self, "handle", None):
            self.dll.epbot_destroy(self.handle)
            self.handle = None


# -- one deal, both rooms ---------------------------------------------------------------------
class Opponent(Protocol):
    """One seat of the robot we measure against (EPBot here; Bid for Game in bidding_vs_bfg)."""

    def new_hand(self, seat: Seat, deal: Deal, dealer: Seat, vul: Vulnerability) -> None: ...

    def heard(self, seat: Seat, call: Call) -> None: ...

    def call(self) -> tuple[Call, str]: ...


class Rooms:
    """Both rooms of a deal: our robot on one side, the other robot's seats on the other,
    then swapped."""

    def __init__(self, robot: SystemRobot, bots: Mapping[Seat, Opponent]) -> None:
        self.robot = robot
        self.bots = bots

    def room(self, deal: Deal, dealer: Seat, vul: Vulnerability, ours: Side) -> dict[str, Any]:
        """One room bid out: its calls, what each means (by whoever made it), the rule our
        robot used at each of its calls (keyed by position), and our seconds a call."""
        auction = Auction(dealer)
        theirs = [seat for seat in Seat if seat.side != ours]
        for seat in theirs:
            self.bots[seat].new_hand(seat, deal, dealer, vul)
        notes: list[str] = []
        rules: dict[str, tuple[str, str]] = {}
        seconds: list[float] = []
        while not auction.is_complete:
            seat = auction.turn
            if len(auction) >= 80:  # a robot that never stops: the rest are passes
                call, note = Call.parse("P"), "(stopped)"
            elif seat.side == ours:
                view = SeatView.of(seat, deal, auction, vulnerability=vul)
                start = time.perf_counter()
                call = self.robot.call(view)
                seconds.append(time.perf_counter() - start)
                note = self.robot.explain(view, call) or ""
                ruled, rule = self.robot.bidder.choose_with_rule(view.hand, auction, vul)
                name = rule.name if rule is not None else "(no rule: pass)"
                if ruled != call:
                    name = f"judge over {name} ({ruled})"
                rules[str(len(auction))] = (name, str(call))
            else:
                call, note = self.bots[seat].call()
            auction.add(call)
            notes.append(note)
            for bot_seat in theirs:
                self.bots[bot_seat].heard(seat, call)
        calls = [str(c) for c in auction.calls]
        return {"calls": calls, "notes": notes, "rules": rules, "seconds": seconds}


class Match(Rooms):
    """Both rooms of a deal against BBA."""

    def __init__(
        self, lib: Path, card: Path, every_layout: bool, rules_only: bool, system: str = "sayc"
    ) -> None:
        # BBA plays its card at both its seats; our robot reads its calls by our own system
        # (the card is chosen to be that system: BBA-Sayc for sayc, Acol for acol)
        robot = SystemRobot(system=system, judgement=not rules_only)
        if every_layout:
            for judge in robot.judges.values():
                judge.budget = 1e9
        super().__init__(robot, {seat: EPBot(lib, card) for seat in Seat})


def bid_deals(
    job: tuple[list[tuple[int, str]], str, str, bool, bool, str],
) -> list[dict[str, object]]:
    """Both rooms of each deal (``(index, pbn)``), in a process of its own."""
    numbered, lib, card, every_layout, rules_only, system = job
    match = Match(Path(lib), Path(card), every_layout, rules_only, system)
    if not rules_only:
        # the judge's searches run in a child process loaded first, as the server's robots
        # have it (until it is ready they run here, without the valve)
        warm_up(wait=30.0)
    out = []
    for i, pbn in numbered:
        deal = Deal.from_pbn(pbn)
        dealer, vul = board_conditions(i)
        rooms = {ours.name: match.room(deal, dealer, vul, ours) for ours in (Side.NS, Side.EW)}
        seconds = [t for room in rooms.values() for t in room.pop("seconds")]
        out.append({"deal": i, "pbn": pbn, "rooms": rooms, "seconds": seconds})
    return out


# -- the breakdown -----------------------------------------------------------------------------
def _level(auctions: Iterable[Auction]) -> str:
    reached = "part score"
    for auction in auctions:
        c = auction.contract
        if c is None:
            continue
        game = 3 if c.strain == Strain.NT else 4 if c.strain >= Strain.H else 5
        if c.level >= 6:
            return "slam"
        if c.level >= game:
            reached = "game"
    return reached


def _contested(auctions: Iterable[Auction]) -> bool:
    """Both sides made a call other than a pass at either table."""
    for auction in auctions:
        sides = {auction.seat_of(i).side for i, c in enumerate(auction.calls) if not c.is_pass}
        if len(sides) == 2:
            return True
    return False


def _declarers(open_room: Auction, closed_room: Auction) -> str:
    """Who declares at each table, from our side's point of view (NS in the open room)."""

    def ours(auction: Auction, side: Side) -> str:
        c = auction.contract
        if c is None or c.declarer is None:
            return "passed out"
        return "we" if c.declarer.side == side else "they"

    return f"{ours(open_room, Side.NS)} / {ours(closed_room, Side.EW)}"


def _parting(record: dict[str, object]) -> str:
    rooms = record["rooms"]
    assert isinstance(rooms, dict)
    a, b = rooms["NS"]["calls"], rooms["EW"]["calls"]
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            for side in ("NS", "EW"):
                rule = rooms[side]["rules"].get(str(i))
                if rule is not None:
                    return str(rule[0])
            return "(theirs)"
    return "(same auction)" if len(a) == len(b) else "(ours)"


def _group(rows: dict[str, list[int]]) -> dict[str, dict[str, float]]:
    stats = {k: {**summary(v), "total": sum(v)} for k, v in rows.items()}
    return dict(sorted(stats.items(), key=lambda kv: kv[1]["total"]))


def _show(record: dict[str, object], gain: int, them: str = "BBA") -> str:
    rooms = record["rooms"]
    assert isinstance(rooms, dict)
    i = int(str(record["deal"]))
    dealer, vul = board_conditions(i)
    lines = [f"deal {i} (board {i % 16 + 1}, dealer {dealer.name}, {vul}): {gain:+d} IMPs",
             f"  {record['pbn']}"]  # fmt: skip
    for side, label in (("NS", "we NS"), ("EW", "we EW")):
        room = rooms[side]
        auction = Auction(dealer, room["calls"])
        lines.append(f"  {label}: {' '.join(room['calls'])}  -> {auction.contract}")
        for k, (call, note) in enumerate(zip(room["calls"], room["notes"], strict=True)):
            seat = auction.seat_of(k)
            who = "us " if seat.side.name == side else them
            if note and (not Call.parse(call).is_pass or who == "us "):
                lines.append(f"      {seat.name} {who} {call:3s} {note}")
    return "\n".join(lines)


def tally(
    records: list[dict[str, object]], tables: list[DDTable]
) -> tuple[dict[str, Any], list[tuple[int, dict[str, object]]]]:
    """The match's figures from its boards (as :func:`bid_deals` returns them, in deal order)
    and their double-dummy tables; and each board with our IMPs on it."""
    gains: list[int] = []
    by: dict[str, dict[str, list[int]]] = {
        k: {} for k in ("level", "contest", "declarers", "parting rule")
    }
    seconds: list[float] = []
    per_auction: list[float] = []
    differ = same_contract = 0
    scored = []
    for record, table in zip(records, tables, strict=True):
        i = int(str(record["deal"]))
        dealer, vul = board_conditions(i)
        rooms = record["rooms"]
        assert isinstance(rooms, dict)
        open_room = Auction(dealer, rooms["NS"]["calls"])
        closed_room = Auction(dealer, rooms["EW"]["calls"])
        gain = imps(ns_score(open_room, table, vul) - ns_score(closed_room, table, vul))
        gains.append(gain)
        differ += open_room.calls != closed_room.calls
        same_contract += open_room.contract == closed_room.contract
        times = record["seconds"]
        assert isinstance(times, list)
        seconds += times
        per_auction.append(sum(times) / 2)
        keys = {
            "level": _level((open_room, closed_room)),
            "contest": "competitive" if _contested((open_room, closed_room)) else "uncontested",
            "declarers": _declarers(open_room, closed_room),
            "parting rule": _parting(record),
        }
        for group, key in keys.items():
            by[group].setdefault(key, []).append(gain)
        scored.append((gain, record))
    seconds.sort()
    per_auction.sort()
    figures = {
        "imps_per_board": summary(gains),
        "auctions_differ": differ,
        "same_contract": same_contract,
        "by_level": _group(by["level"]),
        "by_contest": _group(by["contest"]),
        "by_declarers": _group(by["declarers"]),
        "by_parting_rule": dict(list(_group(by["parting rule"]).items())[:15]),
        "our_seconds_per_call": {
            "median": round(seconds[len(seconds) // 2], 4) if seconds else 0.0,
            "slowest": round(seconds[-1], 3) if seconds else 0.0,
        },
        "our_median_seconds_per_auction": (
            round(per_auction[len(per_auction) // 2], 3) if per_auction else 0.0
        ),
    }
    return figures, scored


def report(
    result: dict[str, Any], scored: list[tuple[int, dict[str, object]]], worst: int, them: str
) -> None:
    """Print the worst boards for us with both auctions, and where the IMPs went."""
    print(f"\nworst {worst} boards for us:")
    for gain, record in sorted(scored, key=lambda gr: gr[0])[:worst]:
        print(_show(record, gain, them))
    for name in ("by_level", "by_contest", "by_declarers", "by_parting_rule"):
        print(f"\n{name.replace('_', ' ')} (IMPs a board, boards, total):")
        for key, s in result[name].items():
            print(f"  {s['mean']:+6.2f} {s['boards']:5d} {s['total']:+6d}  {key}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("-n", "--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2718)
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes bidding at once (more jobs than free cores bring "
                             "more of the judge's calls to its 2 s valve)")  # fmt: skip
    parser.add_argument("--every-layout", action="store_true",
                        help="no safety valve: same answers on any load")  # fmt: skip
    parser.add_argument("--rules-only", action="store_true",
                        help="our robot without judgement by simulation")  # fmt: skip
    parser.add_argument("--worst", type=int, default=10, help="worst boards to print")
    parser.add_argument("--system", default="sayc",
                        help="our robot's system (give BBA the card of the same system: "
                        "CB_BBA_CARD=.../Acol.bbsa for acol)")  # fmt: skip
    parser.add_argument("--records", help="write every board (auctions, notes, IMPs) as JSON lines")
    args = parser.parse_args()
    try:
        lib = _located("CB_BBA_LIB", "EPBot's libEPBot.so (bin/BBA/linux/x64 in lorserker/ben)")
        card = _located("CB_BBA_CARD", "a BBA convention card (BBA/CC/BBA-Sayc.bbsa in ben)")
        version = EPBot(lib, card).version()
    except (Missing, OSError) as e:
        sys.exit(f"bidding_vs_bba: BBA is not available, so there is no match: {e}")

    rng = random.Random(args.seed)
    deals = [Deal.random(rng) for _ in range(args.deals)]
    started = time.perf_counter()
    numbered = [(i, d.to_pbn()) for i, d in enumerate(deals)]
    chunks = [numbered[k : k + 10] for k in range(0, len(numbered), 10)]
    jobs = [
        (c, str(lib), str(card), args.every_layout, args.rules_only, args.system) for c in chunks
    ]
    records: list[dict[str, object]] = []
    with Progress(transient=True) as progress:
        task = progress.add_task("bidding", total=len(deals))
        if args.jobs > 1:
            with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
                for done in pool.imap_unordered(bid_deals, jobs):
                    records += done
                    progress.advance(task, len(done))
        else:
            for job in jobs:
                done = bid_deals(job)
                records += done
                progress.advance(task, len(done))
        records.sort(key=lambda r: int(str(r["deal"])))
        progress.update(task, description="double dummy")
        tables = dd_tables(deals)
    bidding_seconds = time.perf_counter() - started

    figures, scored = tally(records, tables)
    whole = figures["imps_per_board"]
    differ, same_contract = figures["auctions_differ"], figures["same_contract"]
    result = {
        "deals": args.deals,
        "seed": args.seed,
        "bba_version": version,
        "system": args.system,
        "judgement": not args.rules_only,
        "every_layout": args.every_layout,
        **figures,
        "seconds": round(bidding_seconds, 1),
    }
    if args.records:
        with open(args.records, "w", encoding="utf-8") as out:
            for gain, record in scored:
                out.write(json.dumps({**record, "imps": gain}) + "\n")
    report(result, scored, args.worst, "BBA")
    print(f"\nour robot against BBA {version}: {whole['mean']:+.2f} IMPs a board "
          f"(95% CI {whole['low']:+.2f} to {whole['high']:+.2f}) on {args.deals} deals; "
          f"{differ} auctions differ, {same_contract} same contract")  # fmt: skip
    sys.stdout.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
