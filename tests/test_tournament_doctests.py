"""The examples in the tournament modules' docstrings run (the suite's doctest paths stop at
core and scoring)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["movement", "results", "pairs", "teams", "event"])
def test_docstring_examples_give_what_they_show(name: str) -> None:
    module = importlib.import_module(f"contractbridge.tournament.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
