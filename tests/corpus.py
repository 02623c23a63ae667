"""Where the outside reference corpus is, and what a test does when it is not there.

The corpus (real public data: DDS reference results, tournament PBN and LIN files, the 906
SAYC cases, movements) lives beside the project in development and CI, as
``../shared/corpus`` from the project's root, or wherever ``CB_CORPUS`` says. It is not on
a user's machine: there the tests that read it skip and say why, and under ``CI=true`` they
fail instead, since CI provides it. This module is also the pytest plugin that does so
(``-p corpus`` in ``pyproject.toml``): a test needs the corpus if its code names it
(``CORPUS`` or a constant for one of its files) or if it stops on a corpus file that is not
there.
"""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("CB_CORPUS") or ROOT.parent / "shared" / "corpus")
IN_CI = os.environ.get("CI", "").lower() == "true"
MISSING = (
    f"the reference corpus is not at {CORPUS} (../shared/corpus beside the project, or "
    "CB_CORPUS): this test reads its real files; CI provides them"
)


def corpus_missing() -> bool:
    return not (CORPUS / "README.md").is_file()


def inside_corpus(path: object) -> bool:
    try:
        return Path(str(path)).resolve().is_relative_to(CORPUS.resolve())
    except (OSError, ValueError):
        return False


# the names the test modules give the corpus and its files
_NAMES = re.compile(
    r"\b(CORPUS|CORPUS_FILES|RUTER|BBO_LIN|VUGRAPH|BEN|REALBRIDGE|PBN_DIR|MOVEMENTS|WB|LIST100|LIST1000|"
    r"SAYC_CASES)\b"
)


def _without_corpus() -> None:
    if IN_CI:
        pytest.fail(f"CI=true but {MISSING}", pytrace=False)
    pytest.skip(MISSING)


def _names_the_corpus(item: pytest.Item) -> bool:
    function = getattr(item, "function", None)
    try:
        source = inspect.getsource(function) if function is not None else ""
    except (OSError, TypeError):
        source = ""
    return bool(_NAMES.search(source))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    if corpus_missing() and _names_the_corpus(item):
        _without_corpus()
    return (yield from _skipping_a_missing_corpus_file())


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    return (yield from _skipping_a_missing_corpus_file())


def _skipping_a_missing_corpus_file() -> Iterator[None]:
    """A test or fixture that stops on a file of the missing corpus skips (fails in CI)."""
    try:
        return (yield)
    except FileNotFoundError as error:
        if corpus_missing() and inside_corpus(error.filename):
            _without_corpus()
        raise
