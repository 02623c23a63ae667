"""Every message the server can send a player reads in each of the page's six languages: the
catalogues hold each one as ``msg.<English>`` (with {0}, {1} where the server puts a value),
and ``messageText`` in ``static/i18n.js`` shows it in the page's language. The messages are
read from the code itself: every text given to an error in ``core``, ``game`` and ``server``
and every reason a ``why_illegal`` returns."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src/contractbridge"
CATALOGUES = {
    p.stem: json.loads(p.read_text("utf-8")) for p in (SRC / "server/i18n").glob("*.json")
}
#: texts no player is shown: a stored log that does not replay, a programming slip, the
#: server's own log lines, the command line's advice to install a driver
INTERNAL = {
    "Deal is immutable", "Hand is immutable", "a hand's mask must be a 52-bit number",
    "a value is needed", "a {0} event is not a {1} event", "a {0} event needs a {1} field",
    "bad {0} in a {1} event: {2}", "cannot encode {0}",
    "this copy of the deal event does not show every hand", "{0} is not a kind of table event",
    "{0} is not a list", "{0} is not a {1}", "a new deal before the last one was scored",
    "a table's log starts with the table being opened", "deal number {0}, expected {1}",
    "event version {0} does not follow version {1}", "the deal scored {0}, not {1}",
    "the scoresheet has {0} dealing at {1}, not {2} at {3}",
    "the series totals do not match the scoresheet", "{0} events cannot be applied to a table",
    "{0}'s last action is version {1}", "an empty log: there is no table to reopen",
    "table %s set aside: %s", "table %s: storing events %d.. failed: %r",
    "PostgreSQL needs its driver: pip install 'contractbridge[postgres]'",
    "{0} changed under us at {1}", "game %s: %s's robot moved %r: %s",
    # said to an outside robot over the Blue Chip protocol (in English, as the protocol is),
    # and a seat only the server's door names
    'expected "Connecting ... using protocol version 18"',
    "no seat for this team name: give the one the table's creator was shown (table:secret)",
    "the connection closed before a Connecting line", "this team name is {0}'s seat",
    "{0} is already seated", "{0}'s seat is not given to a Blue Chip client",
}  # fmt: skip


def template(node: ast.AST) -> str | None:
    """A message's text with {0}, {1}, ... where an f-string puts a value."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out, n = "", 0
        for part in node.values:
            if isinstance(part, ast.Constant):
                out += str(part.value)
            else:
                out, n = out + f"{{{n}}}", n + 1
        return out
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = template(node.left), template(node.right)
        if left is not None and right is not None:
            shift = len(re.findall(r"\{\d\}", left))
            return left + re.sub(r"\{(\d)\}", lambda m: f"{{{int(m[1]) + shift}}}", right)
    return None


def messages() -> set[str]:
    found = set()
    for path in (p for part in ("core", "game", "server") for p in (SRC / part).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name.endswith("Error") or name == "error":
                    found.add(template(node.args[0]))
            if isinstance(node, ast.FunctionDef) and node.name.startswith("why_illegal"):
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and ret.value is not None:
                        found.add(template(ret.value))
    return {m for m in found if m} - INTERNAL


def test_the_messages_are_found_in_the_code() -> None:
    found = messages()
    assert len(found) > 200
    assert "it is {0}'s turn to call, not yours" in found  # an f-string
    assert "{0} must follow suit: {1} were led" in found  # a reason why_illegal returns


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de", "hu", "pl", "pt", "sk"])
def test_every_message_a_player_can_get_is_in_every_catalogue(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    assert sorted(m for m in messages() if f"msg.{m}" not in catalogue) == []


def test_the_translated_messages_keep_their_placeholders() -> None:
    for lang, catalogue in CATALOGUES.items():
        for key, text in catalogue.items():
            if key.startswith("msg."):
                wanted = sorted(re.findall(r"\{\d\}", key[4:]))
                assert sorted(re.findall(r"\{\d\}", text)) == wanted, (lang, key, text)
