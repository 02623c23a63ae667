"""``contractbridge play --face-to-face``: a practice table where irregularities happen.

Not a command of its own (the name starts with ``_``): ``cli/play.py`` hands over to
:func:`run` when ``--face-to-face`` is given. One seat is a person, three are robots that
wait their turn: an empty line lets the robot in turn act, and anything typed instead is
the person acting *out of turn* — a call out of rotation, a lead out of turn, a premature
play. At the person's own turn an insufficient bid, a revoke or ``expose SK`` are made as
typed. The Director (the Laws, :mod:`contractbridge.core.irregularities`) rules each one and
the robots choose the non-offending side's options (:mod:`contractbridge.game.facetoface`).

As at a club, the caller's partner alerts: the robots alert their partner's calls (yours
too), and you alert your partner's with ``alert`` before letting the next robot act; ``ask
N`` has an opponent's call explained by the caller's partner.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from contractbridge.core.call import Call
from contractbridge.core.card import SUITS_HIGH_FIRST, Card
from contractbridge.core.deal import Board
from contractbridge.core.errors import BridgeError, ParseError
from contractbridge.core.hand import Hand
from contractbridge.core.seat import Seat, Side
from contractbridge.game.facetoface import FaceToFaceDeal
from contractbridge.game.table import deal_for
from contractbridge.robots import robot_player
from contractbridge.scoring.duplicate import duplicate_score

HELP = """\
Face to face: the robots wait their turn.
  (empty line)   let the robot in turn act
  1h p x xx      a call (at another seat's turn: a call out of rotation)
  SA h7          a card (at another seat's turn: a lead or play out of turn)
  expose SK      drop a card face up
  down SA        make the opening lead face down (Law 41A; out of turn it is withdrawn)
  alert          alert your partner's last call (the caller's partner alerts here)
  announce       announce it, where the regulations say so ("15-17", "hearts")
  ask N          the opponents' call number N (from 1) explained by the caller's partner
  hand           show your hand (and dummy)
  quit           stop
Irregular calls and cards are not refused: the Director rules them by the Laws."""


def run(args: argparse.Namespace, lines: TextIO | None = None, out: TextIO | None = None) -> int:
    """Play ``--duplicate N`` boards (default 1) face to face from ``args.seat``."""
    source = lines if lines is not None else sys.stdin
    sink = out if out is not None else sys.stdout
    seed = args.seed if args.seed is not None else 0
    me: Seat = args.seat
    # each side's robots bid its system (``--system`` the person's side's, ``--their-system``
    # the opponents'): they alert, announce and explain by it, the person's calls too
    mine, theirs = getattr(args, "system", "sayc"), getattr(args, "their_system", "sayc")
    robots = {
        side: robot_player(
            args.robots,
            system=mine if side == me.side else theirs,
            their_system=theirs if side == me.side else mine,
        )
        for side in Side
    }
    total = 0
    for number in range(1, (args.boards or 1) + 1):
        board = Board(number)
        game = FaceToFaceDeal(
            deal_for(seed, number),
            dealer=board.dealer,
            vulnerability=board.vulnerability,
            players={seat: None if seat == me else robots[seat.side] for seat in Seat},
            auto=False,
        )
        print(
            f"Board {number}: dealer {board.dealer.full_name}, vulnerable {board.vulnerability}",
            file=sink,
        )
        print(f"Your hand ({me.full_name}): {_hand(game.deal[me])}", file=sink)
        finished = _board(game, me, source, sink)
        if not finished:
            return 0
        total += _result(game, me, sink)
    if (args.boards or 1) > 1:
        print(f"Total for your side: {total:+d}", file=sink)
    return 0


def _board(game: FaceToFaceDeal, me: Seat, lines: TextIO, out: TextIO) -> bool:
    shown = 0
    while True:
        for note in game.notes[shown:]:
            print(note.text, file=out)
            if note.ruling is not None:
                print("  " + str(note.ruling).replace("\n", "\n  "), file=out)
        shown = len(game.notes)
        if game.is_over:
            return True
        seat = game.waiting_for
        assert seat is not None
        doing = "call" if game.play is None else "play"
        if seat == me:
            prompt = f"{me.full_name} to {doing}> "
        else:
            prompt = f"{seat.full_name} to {doing} (Enter: let it act)> "
        print(prompt, end="", file=out, flush=True)
        line = lines.readline()
        if not line:
            print("\n(input ended)", file=out)
            return False
        text = line.strip()
        if not lines.isatty():  # through a pipe, show what was read after its prompt
            print(text, file=out)
        if text.lower() in ("quit", "q", "exit"):
            return False
        try:
            _act(game, me, seat, text, out)
        except BridgeError as error:
            print(f"  {error}", file=out)


def _act(game: FaceToFaceDeal, me: Seat, seat: Seat, text: str, out: TextIO) -> None:
    word = text.lower()
    if not word:
        if seat == me:
            raise ParseError("it is your turn")
        game.step()
    elif word in ("help", "?"):
        print(HELP, file=out)
    elif word == "hand":
        hand = game.play.hand(me) if game.play is not None else game.deal[me]
        print(f"  {me.full_name}: {_hand(hand)}", file=out)
        if game.play is not None and game.play.cards:
            dummy = game.play.dummy
            print(f"  dummy {dummy.full_name}: {_hand(game.play.hand(dummy))}", file=out)
    elif word.startswith("expose "):
        game.expose(me, Card.parse(text.split(None, 1)[1]))
    elif word.startswith("down "):
        game.lead_face_down(me, Card.parse(text.split(None, 1)[1]))
    elif word == "alert":
        game.alert(me)
    elif word == "announce":
        game.announce(me)
    elif word.startswith("ask"):
        number = word[3:].strip()
        if not number.isdigit():
            raise ParseError("write 'ask N' with N the call's number in the auction, from 1")
        game.ask(me, int(number) - 1)
    elif game.play is None:
        game.call(me, Call.parse(text))
    else:
        game.card(me, Card.parse(text))


def _hand(hand: Hand) -> str:
    return " ".join(
        suit.symbol + ("".join(c.rank.char for c in hand.cards_in(suit)) or "-")
        for suit in SUITS_HIGH_FIRST
    )


def _result(game: FaceToFaceDeal, me: Seat, out: TextIO) -> int:
    contract = game.contract
    if contract is None or contract.declarer is None:
        print("Passed out.", file=out)
        return 0
    tricks = game.declarer_tricks
    vulnerable = game.vulnerability.is_vulnerable(contract.declarer)
    score = duplicate_score(contract, tricks, vulnerable)
    ours = score if contract.declarer.side == me.side else -score
    moved = ""
    if game.revoke_ruling is not None and game.revoke_ruling.transfer:
        moved = f" ({game.revoke_ruling.transfer} transferred for the revoke)"
    print(f"{contract}: declarer's side {tricks} tricks{moved}; your side {ours:+d}", file=out)
    return ours
