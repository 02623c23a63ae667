"""Tests that read the outside reference corpus skip, saying why, when it is missing (on a
new user's machine), and fail instead under ``CI=true`` (see ``corpus.py``).

A test needs the corpus if its code names it (``CORPUS`` or a constant for one of its
files) or if it stops on a corpus file that is not there.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator

import pytest

from corpus import IN_CI, MISSING, corpus_missing, inside_corpus

# the names the test modules give the corpus and its files
_NAMES = re.compile(
    r"\b(CORPUS|CORPUS_FILES|RUTER|BBO_LIN|VUGRAPH|BEN|REALBRIDGE|PBN_DIR|MOVEMENTS|WB|"
    r"SAYC_CASES)\b"
)


def _without_corpus() -> None:
    if IN_CI:
        pytest.fail(f"CI=true but {MISSING}", pytrace=False)
    pytest.skip(MISSING)


def pytest_runtest_setup(item: pytest.Item) -> None:
    if not corpus_missing():
        return
    function = getattr(item, "function", None)
    try:
        source = inspect.getsource(function) if function is not None else ""
    except (OSError, TypeError):
        source = ""
    if _NAMES.search(source):
        _without_corpus()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    try:
        return (yield)
    except FileNotFoundError as error:
        if corpus_missing() and inside_corpus(error.filename):
            _without_corpus()
        raise
