"""Our table manager with our clients, well and badly behaved, over real TCP sockets.

The robots are the basic ones: a board takes them milliseconds, so a 16-board teams match
(32 table-boards) runs in a few seconds; the best robots take about 20 s a board.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from contractbridge.bluechip.client import BlueChipClient, ClientError
from contractbridge.bluechip.connection import run_to_end
from contractbridge.bluechip.manager import (
    BoardSpec,
    MatchResult,
    Settings,
    TableManager,
    random_boards,
    teams_imps,
)
from contractbridge.bluechip.protocol import (
    CallMessage,
    Connect,
    Message,
    ReadyForTeams,
    hand_text,
    parse,
)
from contractbridge.core import SEATS, Call, Card, Seat, SeatView, Side
from contractbridge.formats import load_file
from contractbridge.robots.basic import BasicRobot

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
Lines = list[tuple[str, str]]
ClientFactory = Callable[[Seat, Lines], BlueChipClient]


def basic(seat: Seat, lines: Lines) -> BlueChipClient:
    team = "Ours" if seat.side == Side.NS else "Theirs"
    return BlueChipClient(BasicRobot(), seat, team)


async def _match(
    boards: list[BoardSpec],
    settings: Settings,
    factories: dict[Seat, ClientFactory],
    tmp_path: Path,
    lines: Lines,
    later: Callable[[int], asyncio.Future[object] | None] | None = None,
) -> tuple[MatchResult, TableManager, list[object]]:
    manager = TableManager(
        boards, settings, pbn=tmp_path / "m.pbn", lin=tmp_path / "m.lin",
        transcript=lambda who, line: lines.append((who, line)),
    )  # fmt: skip
    [port] = await manager.listen("127.0.0.1", 0)
    clients = [factories.get(seat, basic)(seat, lines) for seat in SEATS]
    tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in clients]
    extra = later(port) if later is not None else None
    result = await asyncio.wait_for(manager.run(), 60)
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    if extra is not None:
        outcomes.append(await extra)
    return result, manager, list(outcomes)


def run_match(tmp_path, boards=2, settings=None, factories=None, later=None, seed=11):
    lines: Lines = []
    result, manager, outcomes = run_to_end(
        _match(random_boards(boards, seed), settings or Settings(), factories or {}, tmp_path,
               lines, later)
    )  # fmt: skip
    return result, manager, outcomes, lines


def sent_to(lines: Lines, seat: Seat) -> list[str]:
    return [line for who, line in lines if who == f"TM -> {seat.full_name}"]


def received_from(lines: Lines, seat: Seat) -> list[str]:
    return [line for who, line in lines if who == f"{seat.full_name} -> TM"]


# -- a whole match --------------------------------------------------------------------
@pytest.mark.slow
def test_four_of_our_clients_play_a_16_board_teams_match_end_to_end(tmp_path):
    result, _manager, outcomes, _lines = run_match(tmp_path, boards=16)
    assert result.stopped is None
    assert outcomes == [32, 32, 32, 32]  # every client saw every table-board to the end
    assert [b.number for b in result.boards] == list(range(1, 17))
    records = load_file(tmp_path / "m.pbn")
    assert len(records) == 32
    assert [r.room for r in records[:4]] == ["Open", "Closed", "Open", "Closed"]
    for rec in records:
        if rec.passed_out:
            continue
        assert len(rec.play) == 52
        # the record is the deal's own orientation: replaying it gives the recorded score
        play = rec.to_play()
        assert play.declarer_tricks == rec.result
    lin = load_file(tmp_path / "m.lin")
    assert [(r.board, r.contract, r.result) for r in lin] == [
        (r.board, r.contract, r.result) for r in records
    ]
    # the IMPs are those of the two rooms' scores, in the deal's orientation
    for board, (opened, closed) in zip(
        result.boards, zip(records[::2], records[1::2], strict=True), strict=True
    ):
        assert opened.deal == closed.deal and opened.players[N] == closed.players[E]
        from contractbridge.scoring.imps import imps

        assert board.imps == imps(opened.score - closed.score)
    assert "16 boards" in result.summary()


def test_each_seat_sees_its_own_hand_and_dummy_only_after_the_opening_lead(tmp_path):
    _result, manager, _outcomes, lines = run_match(tmp_path, boards=3)
    played = 0
    for seat in SEATS:
        boards: list[list[str]] = []
        for line in sent_to(lines, seat):
            if line == "Start of board":
                boards.append([])
            elif boards:
                boards[-1].append(line)
        assert len(boards) == len(manager.results) == 6
        for board, table in zip(boards, manager.results, strict=True):
            hands = [x for x in board if "'s cards" in x and not x.startswith("Dummy")]
            assert hands == [f"{seat.full_name}'s cards : " + hand_text(table.spec.deal[seat])]
            faced = [i for i, x in enumerate(board) if x.startswith("Dummy's cards")]
            if table.contract is None:
                assert not faced
                continue
            played += 1
            dummy = table.contract.declarer.partner
            if seat == dummy:
                assert not faced  # dummy is never sent its own hand back
                continue
            [at] = faced
            lead = [i for i, x in enumerate(board) if " plays " in x or x.endswith(" to lead")]
            assert lead and lead[0] < at  # after the opening lead (or its "to lead")
    assert played


class Alerting(BlueChipClient):
    """Alerts every call it makes."""

    def _call(self, view: SeatView) -> tuple[Call, bool, str | None]:
        call, _, _ = super()._call(view)
        return call, True, "at least 4 cards in hearts"


def test_alerts_go_to_the_opponents_only_and_into_the_record(tmp_path):
    def alerting(seat, lines):
        return Alerting(BasicRobot(), seat, "Ours")

    _result, _manager, _outcomes, lines = run_match(tmp_path, boards=1, factories={N: alerting})
    norths = [ln for ln in sent_to(lines, E) + sent_to(lines, W) if ln.startswith("North ")
              and (" bids " in ln or " passes" in ln or "doubles" in ln)]  # fmt: skip
    assert norths and all(ln.endswith("Alert. at least 4 cards in hearts.") for ln in norths)
    partner = [ln for ln in sent_to(lines, S) if ln.startswith("North ") and " plays " not in ln]
    assert partner and not any("Alert" in ln for ln in partner)
    rec = load_file(tmp_path / "m.pbn")[0]
    north_calls = [i for i in range(len(rec.auction)) if (rec.dealer + i) % 4 == N]
    assert all(rec.annotation(i).note == "at least 4 cards in hearts" for i in north_calls)


@pytest.mark.slow
def test_pairs_match_scores_each_board_against_par(tmp_path):
    from contractbridge.analysis.dd import par
    from contractbridge.scoring.imps import imps

    result, _manager, _outcomes, _lines = run_match(
        tmp_path, boards=2, settings=Settings(form="pairs")
    )
    assert len(result.boards) == 2 and len(load_file(tmp_path / "m.pbn")) == 2
    for board in result.boards:
        [table] = board.results
        spec = table.spec
        assert board.imps == imps(
            table.score - par(spec.deal, spec.vulnerability, spec.dealer).score
        )


def test_the_closed_room_plays_the_board_turned_so_the_teams_swap_cards():
    spec = random_boards(1, 3)[0]
    turned = spec.turned()
    assert turned.deal[E] == spec.deal[N] and turned.deal[N] == spec.deal[W]
    assert turned.dealer == spec.dealer.lho
    assert turned.vulnerability.is_vulnerable(Side.EW) == spec.vulnerability.is_vulnerable(Side.NS)
    assert turned.turned().turned().turned() == spec


# -- a client that goes wrong ---------------------------------------------------------
class IllegalCaller(BlueChipClient):
    """Doubles with no bid to double, its first call."""

    tried = False

    def _call(self, view):
        if not self.tried and not any(c.is_bid for c in view.calls):
            self.tried = True
            return Call.parse("X"), False, None
        return super()._call(view)


def test_an_illegal_call_is_answered_illegal_bid_and_the_seat_calls_again(tmp_path):
    def bad(seat, lines):
        return IllegalCaller(
            BasicRobot(),
            seat,
            "Ours",
        )

    result, manager, _outcomes, lines = run_match(tmp_path, boards=1, factories={N: bad})
    assert "North doubles" in received_from(lines, N)
    assert "Illegal bid" in sent_to(lines, N)
    assert result.stopped is None and result.boards[0].imps is not None
    assert all(Call.parse("X") != c for c in manager.results[0].calls[:1])


class Revoker(BlueChipClient):
    """Its first card in the play is one it may not play (a card of another seat)."""

    tried = False

    def _card(self, view):
        if not self.tried:
            self.tried = True
            others = [c for c in range(52) if Card.from_index(c) not in view.legal_cards()
                      and Card.from_index(c) not in view.hand]  # fmt: skip
            return Card.from_index(others[0])
        return super()._card(view)


def test_an_illegal_card_is_answered_illegal_card_and_the_seat_plays_again(tmp_path):
    def bad(seat, lines):
        return Revoker(BasicRobot(), seat, "Theirs")

    result, manager, _outcomes, lines = run_match(tmp_path, boards=1, factories={E: bad})
    assert "Illegal card" in sent_to(lines, E)
    assert result.stopped is None
    assert all(len(t.cards) in (0, 52) for t in manager.results)


class OutOfTurn(BlueChipClient):
    """Bids 7NT the moment it has its cards, in whatever turn."""

    async def on(self, message: Message) -> None:
        from contractbridge.bluechip.protocol import CardsMessage

        board = self.board
        if isinstance(message, CardsMessage) and board is not None and board.dealer != self.me:
            await self._send(CallMessage(self.me, Call.parse("7NT")))
        await super().on(message)


def test_a_call_out_of_turn_is_answered_illegal_bid_and_the_board_goes_on(tmp_path):
    def bad(seat, lines):
        return OutOfTurn(BasicRobot(), seat, "Ours")

    result, manager, _outcomes, lines = run_match(tmp_path, boards=1, factories={S: bad})
    assert "South bids 7NT" in received_from(lines, S)
    assert "Illegal bid" in sent_to(lines, S)
    assert result.stopped is None
    assert all(Call.parse("7NT") not in t.calls[:2] for t in manager.results)


class Slow(BlueChipClient):
    """Thinks too long over its first call of the match."""

    slept = False

    async def _think(self, decide):
        if not self.slept and self.board is not None and not self.played:
            self.slept = True
            await asyncio.sleep(0.6)
        return await super()._think(decide)


@pytest.mark.slow
def test_a_call_not_made_in_time_ends_the_board_average_minus_and_the_match_goes_on(tmp_path):
    def slow(seat, lines):
        return Slow(BasicRobot(), seat, "Theirs")

    settings = Settings(call_seconds=0.3, card_seconds=5)
    result, manager, outcomes, _lines = run_match(tmp_path, boards=2, settings=settings,
                                                 factories={E: slow})  # fmt: skip
    first = manager.results[0]
    assert first.at_fault == Side.EW and "East sent no call within 0.3 s" in first.reason
    assert result.stopped is None and len(result.boards) == 2
    assert result.boards[0].imps == 3  # average-plus to N/S (Law 12C2), the other room normal
    rec = load_file(tmp_path / "m.pbn")[0]
    assert rec.result is None and "Average-minus to EW" in " ".join(rec.commentary)
    # the late call was dropped; the four clients finished the match together
    assert all(isinstance(o, int) for o in outcomes)


class Leaver(BlueChipClient):
    """Closes its connection after its cards on the first board."""

    async def on(self, message: Message) -> None:
        from contractbridge.bluechip.protocol import CardsMessage

        await super().on(message)
        if isinstance(message, CardsMessage):
            raise ClientError("gone")


def test_a_client_that_leaves_and_comes_back_replays_the_board(tmp_path):
    def leaver(seat, lines):
        return Leaver(BasicRobot(), seat, "Ours")

    def comeback(port):
        async def back():
            await asyncio.sleep(0.3)
            client = BlueChipClient(BasicRobot(), W, "Theirs")
            return await client.run("127.0.0.1", port)

        return asyncio.ensure_future(back())

    result, _manager, outcomes, lines = run_match(
        tmp_path, boards=1, settings=Settings(reconnect_seconds=5),
        factories={W: leaver}, later=comeback,
    )  # fmt: skip
    assert result.stopped is None and len(result.boards) == 1
    assert isinstance(outcomes[3], ClientError) and outcomes[-1] == 2
    # board 1 was dealt twice in the open room (again after West came back), once closed
    dealt = [x for x in sent_to(lines, N) if x.startswith("Board number 1.")]
    assert dealt == ["Board number 1. Dealer North. Neither vulnerable."] * 2 + [
        "Board number 1. Dealer East. Neither vulnerable."
    ]


def test_a_client_that_leaves_for_good_stops_the_match_and_keeps_what_was_played(tmp_path):
    class LeavesOnBoard2(BlueChipClient):
        async def on(self, message):
            from contractbridge.bluechip.protocol import BoardMessage

            if isinstance(message, BoardMessage) and message.number == 2:
                raise ClientError("gone")
            await super().on(message)

    def leaver(seat, lines):
        return LeavesOnBoard2(BasicRobot(), seat, "Ours")

    result, _manager, outcomes, lines = run_match(
        tmp_path, boards=3, settings=Settings(reconnect_seconds=0.3), factories={S: leaver}
    )
    assert result.stopped == "a client left and did not come back"
    assert [b.number for b in result.boards] == [1]
    assert len(load_file(tmp_path / "m.pbn")) == 2  # both rooms of board 1
    for seat in (N, E, W):
        assert sent_to(lines, seat)[-1] == "End of session"
    assert outcomes[0] == 2  # North played board 1 in both rooms, then the session ended


# -- seating --------------------------------------------------------------------------
OPEN: list[asyncio.StreamWriter] = []  # seated test connections, kept open until the end


async def _raw(port: int, first: str) -> list[str]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    OPEN.append(writer)
    writer.write(first.encode() + b"\r\n")
    await writer.drain()
    lines = []
    while True:
        raw = await asyncio.wait_for(reader.readline(), 5)
        if not raw:
            break
        lines.append(raw.decode().strip())
        message = parse(lines[-1])
        if not isinstance(message, Connect) and lines[-1].endswith("seated"):
            writer.write(f"{lines[-1].split()[0]} ready for teams\r\n".encode())
            await writer.drain()
            break
    return lines


def test_a_taken_seat_and_a_wrong_team_name_are_refused_with_the_reason():
    async def main():
        manager = TableManager(random_boards(1, 1), Settings(ns_team="Ours"))
        [port] = await manager.listen("127.0.0.1", 0)
        first = await _raw(port, 'Connecting "Ours" as North using protocol version 18')
        taken = await _raw(port, 'Connecting "Ours" as North using protocol version 18')
        wrong = await _raw(port, 'Connecting "Other" as South using protocol version 18')
        anyone = await _raw(port, 'Connecting "WBridge5" as ANYPL using protocol version 18')
        nonsense = await _raw(port, "Hello")
        await manager.close()
        for writer in OPEN:
            writer.close()
        return first, taken, wrong, anyone, nonsense

    first, taken, wrong, anyone, nonsense = run_to_end(main())
    assert first == ['North ("Ours") seated']
    assert taken == ["Error North is already seated"]
    assert wrong == ["Error Team name mismatch"]
    assert anyone == ['East ("WBridge5") seated']  # ANYPL: the first free seat
    assert nonsense[0].startswith("Error ")


def test_one_port_a_seat_when_asked():
    async def main():
        manager = TableManager(random_boards(1, 1), Settings())
        ports = await manager.listen("127.0.0.1", 0, seat_ports=True)
        south = await _raw(ports[2], 'Connecting "x" as ANYPL using protocol version 18')
        wrong = await _raw(ports[1], 'Connecting "x" as North using protocol version 18')
        await manager.close()
        for writer in OPEN:
            writer.close()
        return ports, south, wrong

    ports, south, wrong = run_to_end(main())
    assert len(set(ports)) == 4
    assert south == ['South ("x") seated']
    assert wrong == ["Error this port is East's"]


def test_teams_imps_scores_an_unfinished_board_three_imps_to_the_side_not_at_fault():
    from contractbridge.bluechip.manager import TableResult

    spec = random_boards(1, 1)[0]
    opened = TableResult(spec, "Open", {}, score=420)
    closed = TableResult(spec.turned(), "Closed", {}, score=-450)
    assert teams_imps(opened, closed) == -1  # +420 and -450: 30 points to the other team
    closed.at_fault, closed.score = Side.EW, None
    assert teams_imps(opened, closed) == 3
    assert isinstance(ReadyForTeams(N), ReadyForTeams)


def test_a_match_stopped_on_request_ends_after_both_rooms_of_the_board_in_play(tmp_path):
    async def main():
        manager = TableManager(random_boards(3, 5), Settings(), pbn=tmp_path / "m.pbn")
        manager.on_board = lambda score: manager.request_stop()
        [port] = await manager.listen("127.0.0.1", 0)
        tasks = [asyncio.create_task(basic(s, []).run("127.0.0.1", port)) for s in SEATS]
        result = await manager.run()
        return result, await asyncio.gather(*tasks)

    result, outcomes = run_to_end(main())
    assert result.stopped == "stopped on request" and len(result.boards) == 1
    assert outcomes == [2, 2, 2, 2] and len(load_file(tmp_path / "m.pbn")) == 2
