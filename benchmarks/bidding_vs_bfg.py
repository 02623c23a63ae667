"""A duplicate bidding match against Bid for Game (``bfgbidding``, Jeff Watkins's Acol robot).

On each deal our robot sits North-South at one table and East-West at the other; Bid for Game
(BfG) takes the other seats and bids Acol, the only system it knows. Our robot reads BfG's
calls by Acol too (``--their-system``). Each table's final contract is scored by its
double-dummy result (Law 77), and our IMPs on the board are the difference between the two
tables, as in ``bidding_match.py``. Prints IMPs a board with a 95% confidence interval, how
many auctions differ, where the IMPs go (by the level reached, contested or not, who
declares, and the rule our robot used at the first call where the two tables part), the
worst boards with both auctions, and as the last line one JSON object.

BfG is an anchor to measure against, never part of this project: install it in a virtualenv
of its own and point ``CB_BFG_PYTHON`` at that virtualenv's python. It runs in a process of
its own, one JSON question a line (the seat's own hand, the dealer, the vulnerability and the
calls so far: never another hand), one call a line back. bfgbidding 0.1.9 declares
``Requires-Python ==3.10.17`` but is pure Python and runs on 3.11; of its dependencies the
bidding imports only bridgeobjects, appdirs, python-dotenv, structlog and termcolor:

    python3 -m venv /work/bfgvenv
    /work/bfgvenv/bin/pip install bridgeobjects appdirs python-dotenv structlog termcolor
    /work/bfgvenv/bin/pip install --no-deps --ignore-requires-python bfgbidding==0.1.9
    CB_BFG_PYTHON=/work/bfgvenv/bin/python \\
        python benchmarks/bidding_vs_bfg.py --deals 1000 --seed 1066 --rules-only
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bidding_par import board_conditions
from bidding_vs_bba import Rooms, report, tally
from rich.progress import Progress

from contractbridge.analysis.dd import dd_tables
from contractbridge.core import Auction, Call, Deal
from contractbridge.core.errors import ParseError
from contractbridge.core.seat import Seat, Side, Vulnerability
from contractbridge.robots.bidding.robot import SystemRobot

INSTALL = (
    "install Bid for Game in a virtualenv of its own and point CB_BFG_PYTHON at its python:\n"
    "  python3 -m venv /work/bfgvenv\n"
    "  /work/bfgvenv/bin/pip install bridgeobjects appdirs python-dotenv structlog termcolor\n"
    "  /work/bfgvenv/bin/pip install --no-deps --ignore-requires-python bfgbidding==0.1.9\n"
    "  export CB_BFG_PYTHON=/work/bfgvenv/bin/python"
)

# BfG's process, run by BfG's python. A question: {"hand": ["AS", "TH", ...] (rank then
# suit), "dealer": "N", "vul": "None"|"NS"|"EW"|"All", "calls": ["P", "1H", "D", ...]}
# (bridgeobjects' names: D double, R redouble). The answer: {"call": "1S", "id": "1017",
# "note": "..."} or {"error": "..."} when BfG raises. BfG 0.1.9 reads only the hand and
# the calls; the board's dealer and vulnerability are set anyway.
SERVE = r"""
import importlib.metadata, json, re, sys, traceback
from bridgeobjects import Board, Card
from bfgbidding import Hand, Player, comment_xrefs, comments
TAG = re.compile(r"<[^>]+>")

def note(call_id):
    key = (comment_xrefs or {}).get(call_id)
    text = TAG.sub("", (comments or {}).get(key, "")) if key else ""
    return " ".join(f"[{call_id}] {text}".split())

print(json.dumps({"version": importlib.metadata.version("bfgbidding")}), flush=True)
for line in sys.stdin:
    q = json.loads(line)
    try:
        board = Board()
        board.dealer = q["dealer"]
        board.vulnerable = q["vul"]
        board.bid_history = list(q["calls"])
        player = Player(board, Hand([Card(name) for name in q["hand"]]), "NESW".index(q["seat"]))
        bid = player.make_bid(update_bid_history=False)
        answer = {"call": bid.name, "id": bid.call_id, "note": note(bid.call_id)}
    except Exception as e:
        answer = {"error": f"{type(e).__name__}: {e}", "trace": traceback.format_exc()[-600:]}
    print(json.dumps(answer), flush=True)
"""


class Missing(Exception):
    """BfG's python is not set, not there, or has no bfgbidding: the match cannot run."""


def bfg_python() -> tuple[Path, str]:
    """The python of BfG's virtualenv, from ``CB_BFG_PYTHON``, and bfgbidding's version."""
    value = os.environ.get("CB_BFG_PYTHON")
    if not value:
        raise Missing("CB_BFG_PYTHON is not set")
    path = Path(value)
    if not path.is_file() or not os.access(path, os.X_OK):
        raise Missing(f"CB_BFG_PYTHON={value} is not an executable python")
    try:
        found = subprocess.run(
            [str(path), "-c", "import importlib.metadata as m; print(m.version('bfgbidding'))"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        raise Missing(f"CB_BFG_PYTHON={value} does not run: {e}") from e
    if found.returncode != 0:
        raise Missing(f"{value} has no bfgbidding package")
    return path, found.stdout.strip()


def _bfg_name(call: Call) -> str:
    if call.is_pass:
        return "P"
    if call.is_double:
        return "D"
    if call.is_redouble:
        return "R"
    return str(call)


def _call_of(name: str) -> Call:
    return Call.parse({"D": "X", "R": "XX"}.get(name, name))


def _cards(deal: Deal, seat: Seat) -> list[str]:
    """One hand's cards by bridgeobjects' names (rank then suit: ``"TH"``)."""
    holdings = deal.hands[seat].to_pbn().split(".")  # spades, hearts, diamonds, clubs
    return [rank + suit for suit, ranks in zip("SHDC", holdings, strict=True) for rank in ranks]


class BfG:
    """Bid for Game in a process of its own (one per match process)."""

    def __init__(self, python: Path, scratch: Path) -> None:
        # BfG writes a log (BFG_LOG_DIR) and looks for trace files in its working folder:
        # a folder of its own under ``scratch`` (which the match removes at the end)
        folder = tempfile.mkdtemp(prefix="bfg-", dir=scratch)
        self.errors = Path(folder) / "stderr.txt"
        with self.errors.open("w") as stderr:
            self.process = subprocess.Popen(
                [str(python), "-c", SERVE],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                text=True,
                cwd=folder,
                env={"PATH": "/usr/bin:/bin", "HOME": folder, "BFG_LOG_DIR": folder},
            )
        self.version = str(self._read()["version"])

    def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            tail = self.errors.read_text(errors="replace")[-2000:]
            raise RuntimeError(f"Bid for Game's process stopped:\n{tail}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def ask(self, question: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(question) + "\n")
        self.process.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class BfGSeat:
    """One seat of BfG: told its own hand and every call, asked for its own call. A call BfG
    cannot make (an exception, or an illegal call) becomes a pass, its note saying so."""

    def __init__(self, bfg: BfG) -> None:
        self.bfg = bfg
        self.question: dict[str, Any] = {}
        self.auction = Auction(Seat.N)

    def new_hand(self, seat: Seat, deal: Deal, dealer: Seat, vul: Vulnerability) -> None:
        self.question = {
            "seat": seat.name,
            "hand": _cards(deal, seat),
            "dealer": dealer.name,
            "vul": str(vul),
            "calls": [],
        }
        self.auction = Auction(dealer)

    def heard(self, seat: Seat, call: Call) -> None:
        self.question["calls"].append(_bfg_name(call))
        self.auction.add(call)

    def call(self) -> tuple[Call, str]:
        answer = self.bfg.ask(self.question)
        if "error" in answer:
            return Call.parse("P"), f"!BfG failed ({answer['error']}): pass"
        try:
            call = _call_of(str(answer["call"]))
        except ParseError:
            return Call.parse("P"), f"!BfG's {answer['call']!r} is not a call: pass"
        why = self.auction.why_illegal(call)
        if why is not None:
            return Call.parse("P"), f"!BfG's {call} is illegal ({why}): pass"
        return call, str(answer["note"])


# -- the match ---------------------------------------------------------------------------------
_rooms: Rooms | None = None
_bfg: BfG | None = None


def start(python: str, scratch: str, system: str, their_system: str, rules_only: bool) -> None:
    """This process's robot and BfG process (a pool's initializer, or called once)."""
    global _rooms, _bfg
    robot = SystemRobot(system=system, their_system=their_system, judgement=not rules_only)
    _bfg = BfG(Path(python), Path(scratch))
    _rooms = Rooms(robot, {seat: BfGSeat(_bfg) for seat in Seat})


def stop() -> None:
    global _bfg
    if _bfg is not None:
        _bfg.close()
        _bfg = None


def bid_deals(numbered: list[tuple[int, str]]) -> list[dict[str, object]]:
    """Both rooms of each deal (``(index, pbn)``)."""
    assert _rooms is not None, "start() first"
    out = []
    for i, pbn in numbered:
        deal = Deal.from_pbn(pbn)
        dealer, vul = board_conditions(i)
        rooms = {ours.name: _rooms.room(deal, dealer, vul, ours) for ours in (Side.NS, Side.EW)}
        seconds = [t for room in rooms.values() for t in room.pop("seconds")]
        out.append({"deal": i, "pbn": pbn, "rooms": rooms, "seconds": seconds})
    return out


def _bfg_trouble(records: list[dict[str, object]]) -> int:
    """BfG's calls that failed or were illegal (each made a pass instead)."""
    count = 0
    for record in records:
        rooms = record["rooms"]
        assert isinstance(rooms, dict)
        for room in rooms.values():
            count += sum(1 for note in room["notes"] if note.startswith("!BfG"))
    return count


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("-n", "--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1066)
    parser.add_argument("--system", default="acol", help="our robot's system")
    parser.add_argument("--their-system", default="acol",
                        help="our robot reads BfG's calls by it (BfG bids Acol)")  # fmt: skip
    parser.add_argument("--rules-only", action="store_true",
                        help="our robot without judgement by simulation")  # fmt: skip
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes bidding at once, each with its own BfG")  # fmt: skip
    parser.add_argument("--worst", type=int, default=10, help="worst boards to print")
    parser.add_argument("--records", help="write every board (auctions, notes, IMPs) as JSON lines")
    args = parser.parse_args()
    try:
        python, bfg_version = bfg_python()
    except Missing as e:
        print(f"bidding_vs_bfg: Bid for Game is not available, so there is no match: {e}\n"
              f"{INSTALL}", file=sys.stderr)  # fmt: skip
        sys.exit(2)

    rng = random.Random(args.seed)
    deals = [Deal.random(rng) for _ in range(args.deals)]
    started = time.perf_counter()
    numbered = [(i, d.to_pbn()) for i, d in enumerate(deals)]
    chunks = [numbered[k : k + 10] for k in range(0, len(numbered), 10)]
    scratch = tempfile.TemporaryDirectory(prefix="cb-bfg-")
    setup = (str(python), scratch.name, args.system, args.their_system, args.rules_only)
    records: list[dict[str, object]] = []
    with scratch, Progress(transient=True) as progress:
        task = progress.add_task("bidding", total=len(deals))
        if args.jobs > 1:
            context = multiprocessing.get_context("spawn")
            with context.Pool(args.jobs, initializer=start, initargs=setup) as pool:
                for done in pool.imap_unordered(bid_deals, chunks):
                    records += done
                    progress.advance(task, len(done))
        else:
            start(*setup)
            try:
                for chunk in chunks:
                    done = bid_deals(chunk)
                    records += done
                    progress.advance(task, len(done))
            finally:
                stop()
        records.sort(key=lambda r: int(str(r["deal"])))
        progress.update(task, description="double dummy")
        tables = dd_tables(deals)
    bidding_seconds = time.perf_counter() - started

    figures, scored = tally(records, tables)
    whole = figures["imps_per_board"]
    result = {
        "deals": args.deals,
        "seed": args.seed,
        "bfg_version": bfg_version,
        "system": args.system,
        "their_system": args.their_system,
        "judgement": not args.rules_only,
        **figures,
        "bfg_calls_failed_or_illegal": _bfg_trouble(records),
        "seconds": round(bidding_seconds, 1),
    }
    if args.records:
        with open(args.records, "w", encoding="utf-8") as out:
            for gain, record in scored:
                out.write(json.dumps({**record, "imps": gain}) + "\n")
    report(result, scored, args.worst, "BfG")
    print(f"\nour robot ({args.system}) against Bid for Game {bfg_version}: "
          f"{whole['mean']:+.2f} IMPs a board (95% CI {whole['low']:+.2f} to "
          f"{whole['high']:+.2f}) on {args.deals} deals; {figures['auctions_differ']} auctions "
          f"differ, {figures['same_contract']} same contract; BfG calls failed or illegal: "
          f"{result['bfg_calls_failed_or_illegal']}")  # fmt: skip
    sys.stdout.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
