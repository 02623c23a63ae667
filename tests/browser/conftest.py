"""Browser tests: a real server on loopback and Debian's Chromium driven by Playwright.

Chromium comes from the system (``apt-get install chromium``); Playwright's own browser
download is never used. Without Chromium the tests are skipped, except in CI (``CI=true``),
where a missing browser is a failure of the set-up.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
IN_CI = os.environ.get("CI", "").lower() == "true"
ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Screenshots go to a temporary folder, so the suite never changes tracked files; to refresh
# the pictures in the docs: CB_SCREENSHOTS=docs/screenshots make test ARGS=tests/browser
SCREENSHOTS = os.environ.get("CB_SCREENSHOTS")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``contractbridge serve`` in a subprocess, on loopback; can be killed and restarted."""

    def __init__(self, db: Path, *options: str) -> None:
        self.db = db
        self.options = options  # more of serve's options
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "contractbridge",
                "serve",
                "--port",
                str(self.port),
                "--db",
                f"sqlite:///{self.db}",
                "--robots",
                "basic",
                "--workers",
                "1",
                "--log-level",
                "warning",
                *self.options,
            ],
        )
        deadline = time.monotonic() + 90  # a loaded CI machine starts the robots slowly
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/readyz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.process.kill()  # never leave a server behind
        self.process.wait()
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flushing; what was acknowledged must already be stored."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None

    def create_table(self, humans: dict[str, str], **extra: Any) -> dict[str, Any]:
        seats = {s: {"name": n} for s, n in humans.items()}
        r = httpx.post(self.url + "/api/tables", json={"seats": seats, **extra}, timeout=10)
        r.raise_for_status()
        return dict(r.json())


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "tables.db")
    s.start()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if CHROMIUM is None:
        if IN_CI:
            pytest.fail("CI=true but chromium is not installed (apt-get install -y chromium)")
        pytest.skip("chromium is not installed (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if IN_CI:
            pytest.fail("CI=true but playwright is not installed (pip install playwright)")
        pytest.skip("playwright is not installed (pip install playwright)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield Unpaced(b)
        b.close()


#: the page pauses after each trick (1.5 s) and between others' cards; tests that do not
#: look at the pacing turn it off, or every hand would take a minute
NO_PAUSE = "localStorage.getItem('cb.trickPause') ?? localStorage.setItem('cb.trickPause', '0')"


class Unpaced:
    """The browser, whose new pages and contexts start with the trick pause off (a test may
    set ``cb.trickPause`` itself before its page's first load)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)

    def new_page(self, **options: Any) -> Any:
        page = self._browser.new_page(**options)
        page.add_init_script(NO_PAUSE)
        return page

    def new_context(self, **options: Any) -> Any:
        context = self._browser.new_context(**options)
        context.add_init_script(NO_PAUSE)
        return context


@pytest.fixture
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
