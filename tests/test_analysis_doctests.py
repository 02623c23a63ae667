"""The examples in the analysis modules' docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "contractbridge.analysis.dd",
    "contractbridge.analysis.dealing",
    "contractbridge.analysis.evaluation",
    "contractbridge.analysis.search",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
