"""A seat of the web table given to an outside robot, as a person sets it up in the browser:
the lobby's choice, the team name to give the robot, and the seat's nameplate as the robot
comes and plays."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Server, free_port
from test_browser_accessibility import violations

from contractbridge.bluechip.client import BlueChipClient, ClientError
from contractbridge.core import Seat
from contractbridge.robots import robot_player

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def door_server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "tables.db", "--bluechip-port", str(free_port()))
    s.start()
    yield s
    s.stop()


def test_a_person_gives_west_to_an_outside_robot_and_sees_it_come(
    browser: Any, door_server: Server, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(door_server.url + "/")
    page.fill("#name-S", "Ann")
    page.select_option("#who-W", "bluechip")
    page.fill("#name-W", "Visitor")
    page.fill("#boards", "2")
    with page.expect_response("**/api/tables") as created:
        page.click("#create")
    table = created.value.json()
    door = table["bluechip"]["W"]
    # the creator is shown what to give the robot, and stays on the lobby to copy it
    team = page.locator(".bluechip-door-W .bluechip-team")
    assert team.input_value() == door["team"]
    assert str(door["port"]) in page.locator(".bluechip-door-W").inner_text()
    assert violations(page) == []
    page.screenshot(path=str(screenshots / "bluechip-lobby.png"), full_page=True)

    page.click(".seat-link-S")
    page.wait_for_selector("#seat-W .tag.bluechip")
    assert "waiting for the outside robot" in page.locator("#seat-W").inner_text()

    client = BlueChipClient(robot_player("basic"), Seat.W, door["team"])
    played: list[int] = []

    def connect() -> None:
        # the server stops at the test's end with the robot still seated: that closing is no error
        with contextlib.suppress(ClientError):
            played.append(asyncio.run(client.run(door["host"], door["port"])))

    thread = threading.Thread(target=connect, daemon=True)
    thread.start()
    # North (a robot) dealt and called before the robot came: it plays from the next deal
    page.wait_for_function(
        "() => document.querySelector('#seat-W .tag.bluechip').textContent.includes('Visitor')",
        timeout=20000,
    )
    assert "from the next deal" in page.locator("#seat-W .tag.bluechip").inner_text()
    page.screenshot(path=str(screenshots / "bluechip-table.png"), full_page=True)
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(page.url)
    phone.wait_for_selector("#seat-W .tag.bluechip")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(screenshots / "bluechip-table-phone.png"), full_page=True)
