"""``contractbridge table-manager`` and ``contractbridge bluechip-client`` as a user runs them."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time

import pytest

from contractbridge.cli import main
from contractbridge.formats import load_file


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_table_manager_with_our_robots_in_all_four_seats_records_the_match(tmp_path, capsys):
    pbn, lin, transcript = tmp_path / "m.pbn", tmp_path / "m.lin", tmp_path / "t.txt"
    argv = ["table-manager", "--port", "0", "--robots-at", "NESW", "--robots", "basic"]
    argv += ["--boards", "2", "--seed", "3", "--pbn", str(pbn), "--lin", str(lin)]
    assert main([*argv, "--transcript", str(transcript)]) == 0
    out = capsys.readouterr().out
    assert "Board 1: " in out and "Board 2: " in out and "2 boards" in out
    assert len(load_file(pbn)) == 4 and len(load_file(lin)) == 4
    lines = transcript.read_text().splitlines()
    assert lines[0].endswith(
        'Connecting "contractbridge" as North using protocol version 18'
    ) or any("Connecting" in x for x in lines)
    assert lines[-1].endswith("End of session")


def test_table_manager_refuses_bad_options_with_a_message(capsys):
    assert main(["table-manager", "--boards", "0"]) == 2
    assert "--boards must be at least 1" in capsys.readouterr().err
    assert main(["table-manager", "--call-seconds", "0"]) == 2
    assert "call seconds must be more than 0" in capsys.readouterr().err


def test_bluechip_client_says_when_no_manager_answers(capsys):
    port = _free_port()
    assert main(["bluechip-client", "127.0.0.1", str(port), "--seat", "N", "--quiet"]) == 2
    assert "cannot reach the table manager" in capsys.readouterr().err


@pytest.mark.slow
def test_bluechip_client_plays_a_match_at_a_manager_in_another_process(tmp_path, capsys):
    port = _free_port()
    pbn = tmp_path / "m.pbn"
    manager = subprocess.Popen(
        [sys.executable, "-m", "contractbridge", "table-manager", "--port", str(port),
         "--robots-at", "NES", "--robots", "basic", "--boards", "1", "--quiet",
         "--pbn", str(pbn), "--seat-seconds", "60"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        argv = ["bluechip-client", "127.0.0.1", str(port), "--seat", "West"]
        assert main([*argv, "--robots", "basic", "--quiet", "--name", "Visitors"]) == 0
        assert "session over: 2 boards played" in capsys.readouterr().out
        out, _ = manager.communicate(timeout=30)
    finally:
        manager.kill()
    assert manager.returncode == 0
    # the East-West team is named by whichever of East (ours) and West sat down first
    assert re.search(r"contractbridge v (Visitors|contractbridge): 1 boards", out), out
    assert {r.players.get(r.contract.declarer) for r in load_file(pbn) if r.contract} <= {
        "contractbridge",
        "Visitors",
    }
