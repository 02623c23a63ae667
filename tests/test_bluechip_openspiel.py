"""Our client at a table manager nobody here wrote: OpenSpiel's ``bluechip_bridge.py``.

OpenSpiel drives an outside Blue Chip robot (WBridge5, in its own tests) from its bridge game:
it is the manager side, one connection a seat, and it matches WBridge5's spelling exactly
(``WEST PASSES``, ``NORTH plays tc``). Four of our clients (basic robots) play OpenSpiel
bridge deals through it; OpenSpiel checks every call and card against its own rules.
"""

from __future__ import annotations

import asyncio
import random
import socket
import threading

import pytest

pyspiel = pytest.importorskip("pyspiel")
bluechip_bridge = pytest.importorskip("open_spiel.python.bots.bluechip_bridge")

from contractbridge.bluechip.client import BlueChipClient  # noqa: E402
from contractbridge.robots.basic import BasicRobot  # noqa: E402


class SocketController:
    """OpenSpiel's controller interface (read_line, send_line, terminate) over TCP."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(30)
        self.port = self.server.getsockname()[1]
        self.file = None
        self.sent: list[str] = []

    def __call__(self) -> SocketController:
        """OpenSpiel asks a factory for a connected controller: wait for our client."""
        if self.file is None:
            conn, _ = self.server.accept()
            conn.settimeout(30)
            self.file = conn.makefile("rwb")
        return self

    def terminate(self) -> None:
        raise AssertionError("OpenSpiel gave up on one of our clients")

    def read_line(self) -> str:
        return self.file.readline().decode("ascii").rstrip("\r\n")

    def send_line(self, line: str) -> None:
        self.sent.append(line)
        self.file.write(line.encode("ascii") + b"\r\n")
        self.file.flush()


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_four_of_our_clients_play_openspiel_deals_through_its_manager_side():
    game = pyspiel.load_game(bluechip_bridge.GAME_STR)
    controllers = [SocketController() for _ in range(4)]
    clients = [BlueChipClient(BasicRobot(), None, "contractbridge") for _ in range(4)]

    async def play() -> list[object]:
        tasks = [c.run("127.0.0.1", ctl.port) for c, ctl in zip(clients, controllers, strict=True)]
        return await asyncio.gather(*tasks, return_exceptions=True)

    outcome: list[object] = []
    thread = threading.Thread(target=lambda: outcome.extend(asyncio.run(play())), daemon=True)
    thread.start()
    bots = [bluechip_bridge.BlueChipBridgeBot(game, p, controllers[p]) for p in range(4)]
    rng = random.Random(5)
    deals = 3
    played = 0
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            state.apply_action(bots[state.current_player()].step(state))
        assert len(state.history()) >= 52 + 4  # dealt, and at least four calls
        played += len(state.history()) > 52 + 4 + 52
        for bot in bots:
            bot.inform_state(state)  # the last calls or cards, then the Timing line
            bot.restart()
    for ctl in controllers:
        ctl.send_line("End of session")
    thread.join(30)
    assert outcome == [deals] * 4  # each client saw each deal to its end
    # OpenSpiel named our seats in upper case, and our clients answered in its spelling
    assert controllers[3].sent[0] == 'WEST ("contractbridge") seated'
    assert played, "every deal was passed out: the play went untried"
