"""The examples in the formats modules' docstrings run (the suite's doctest paths stop at
core and scoring)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["record", "pbn", "lin", "json"])
def test_docstring_examples_give_what_they_show(name: str) -> None:
    module = importlib.import_module(f"contractbridge.formats.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
