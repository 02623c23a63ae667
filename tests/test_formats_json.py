"""The JSON format: its documented schema, round trips of the corpus, errors."""

from __future__ import annotations

import json as std_json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from contractbridge.core import Call, Card, Contract, Seat, Vulnerability
from contractbridge.formats import FormatError, GameRecord, lin, pbn
from contractbridge.formats import json as fj
from corpus import CORPUS as CORPUS_ROOT

ROOT = Path(__file__).resolve().parents[1]
CORPUS = CORPUS_ROOT
CORPUS_FILES = sorted((CORPUS / "pbn").glob("*.pbn")) + sorted((CORPUS / "lin").glob("*.lin"))


@cache
def load_corpus(path: Path) -> list[GameRecord]:
    module = pbn if path.suffix == ".pbn" else lin
    with open(path, "rb") as fp:
        return list(module.load(fp))


def documented_example() -> str:
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, re.DOTALL)
    assert len(blocks) == 1
    return str(blocks[0])


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_json_round_trip_gives_back_every_game_of_the_corpus(path: Path) -> None:
    games = load_corpus(path)
    assert list(fj.loads(fj.dumps(games))) == games


def test_the_documented_example_reads_as_documented() -> None:
    (game,) = fj.loads(documented_example())
    assert game.board == 1 and game.dealer == Seat.N
    assert game.vulnerability == Vulnerability.NONE
    assert game.deal is not None and game.deal.is_complete
    assert game.players[Seat.S] == "Leufkens"
    assert len(game.auction) == 15 and game.auction[4] == Call.parse("4NT")
    assert game.annotation(4).alert and game.annotation(4).note == "two colors: clubs and diamonds"
    assert game.play[0] == Card.parse("SK") and game.play_annotations[0].note
    assert game.contract == Contract.parse("5HX S") and game.result == 9 and game.claim == 9
    assert game.score == -300
    assert game.tables["OptimumResultTable"].names == ["Declarer", "Denomination", "Result"]
    assert game.to_auction().contract == game.contract  # the example is a legal auction


def test_writing_uses_only_documented_keys() -> None:
    doc = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    section = doc[doc.index("## JSON") :]
    first_cells = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    documented = {key for cell in first_cells for key in re.findall(r"`(\w+)`", cell)}
    for path in CORPUS_FILES:
        for game in std_json.loads(fj.dumps(load_corpus(path)[:300]))["games"]:
            assert set(game) <= documented, path.name


def schema_errors(
    value: Any, schema: dict[str, Any], root: dict[str, Any], at: str = "$"
) -> list[str]:
    """The subset of JSON Schema that games.schema.json uses, enough to hold writer to it."""
    if "$ref" in schema:
        target: Any = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return schema_errors(value, target, root, at)
    kinds = {"object": dict, "array": list, "string": str, "integer": int, "boolean": bool}
    kind = schema.get("type")
    if kind is not None and (
        not isinstance(value, kinds[kind]) or (kind == "integer" and isinstance(value, bool))
    ):
        return [f"{at}: {value!r} is not {kind}"]
    errors = []
    if "const" in schema and value != schema["const"]:
        errors.append(f"{at}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{at}: {value!r} not in {schema['enum']}")
    if "pattern" in schema and not re.search(schema["pattern"], value):
        errors.append(f"{at}: {value!r} does not match {schema['pattern']}")
    if "minimum" in schema and value < schema["minimum"]:
        errors.append(f"{at}: {value} < {schema['minimum']}")
    if "maximum" in schema and value > schema["maximum"]:
        errors.append(f"{at}: {value} > {schema['maximum']}")
    if isinstance(value, list):
        if len(value) > schema.get("maxItems", len(value)):
            errors.append(f"{at}: more than {schema['maxItems']} items")
        for i, item in enumerate(value):
            errors += schema_errors(item, schema.get("items", {}), root, f"{at}[{i}]")
    if isinstance(value, dict):
        errors += [f"{at}: no {key!r}" for key in schema.get("required", ()) if key not in value]
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in properties:
                errors += schema_errors(item, properties[key], root, f"{at}.{key}")
            elif extra is False:
                errors.append(f"{at}: {key!r} is not allowed")
            elif isinstance(extra, dict):
                errors += schema_errors(item, extra, root, f"{at}.{key}")
    return errors


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_what_the_writer_writes_follows_the_shipped_json_schema(path: Path) -> None:
    schema = fj.schema()
    document = std_json.loads(fj.dumps(load_corpus(path)[:300]))
    assert schema_errors(document, schema, schema) == []


def test_the_schema_check_catches_what_the_schema_forbids() -> None:
    schema = fj.schema()
    bad = {
        "games": [
            {
                "board": 0,
                "auction": [{"call": "1N"}],
                "play": [{"card": "S10"}],
                "deal": "N:AKQ",
                "extra": 1,
            }
        ]
    }
    found = schema_errors(bad, schema, schema)
    assert len(found) == 5, found
    assert schema_errors(std_json.loads(documented_example()), schema, schema) == []


def test_unknown_values_are_left_out() -> None:
    assert fj.to_dict(GameRecord()) == {}
    assert fj.to_dict(GameRecord(passed_out=True)) == {"contract": "Pass"}


def test_bare_list_single_game_and_bare_strings_are_read() -> None:
    one = {"board": 4, "dealer": "W", "auction": ["1NT", "Pass", "Pass", "Pass"], "play": ["SA"]}
    assert fj.loads(std_json.dumps([one]))[0] == fj.loads(std_json.dumps(one))[0]
    game = fj.loads(std_json.dumps(one))[0]
    assert game.auction[0] == Call.parse("1NT") and game.play == [Card.parse("SA")]
    assert game.to_auction().contract == Contract.parse("1NT W")


def test_text_that_is_not_json_names_the_line() -> None:
    with pytest.raises(FormatError) as info:
        fj.loads('{"games": [\n  {"board": 1},\n  {"board": 2,,}\n]}')
    assert info.value.line == 3 and "not JSON" in str(info.value)


@pytest.mark.parametrize(
    ("game", "message"),
    [
        ({"board": "x"}, "game 1 'board': 'x' is not a whole number"),
        ({"board": 0}, "game 1 'board': 0 is not a board number"),
        ({"dealer": "Q"}, "game 1 'dealer': 'Q' is not a seat"),
        ({"auction": [{"call": "8S"}]}, "game 1 'auction': '8S' is not a call"),
        ({"play": [{"note": "x"}]}, "game 1 'play' item 1"),
        ({"result": 14}, "game 1 'result': 14 is not 0 to 13 tricks"),
        ({"claim": 14}, "game 1 'claim': 14 is not 0 to 13 tricks"),  # as the schema says
        ({"auction": [{"call": "1S", "alert": "yes"}]}, "alert 'yes' is not true or false"),
        ({"tables": {"T": {"rows": []}}}, "'tables': T needs 'columns' and 'rows' lists"),
    ],
)
def test_a_wrong_key_names_the_game_and_the_key(game: dict[str, object], message: str) -> None:
    with pytest.raises(FormatError) as info:
        fj.loads(std_json.dumps({"format": fj.FORMAT, "version": 1, "games": [game]}))
    assert message in str(info.value)


def test_other_format_or_version_is_refused() -> None:
    with pytest.raises(FormatError, match="version 2"):
        fj.loads('{"format": "contractbridge/games", "version": 2, "games": []}')
    with pytest.raises(FormatError, match="is not 'contractbridge/games'"):
        fj.loads('{"format": "other", "games": []}')


def test_lenient_load_skips_a_bad_game() -> None:
    text = std_json.dumps({"games": [{"board": 1}, {"board": "x"}, {"board": 3}]})
    loaded = fj.loads(text, strict=False)
    assert [g.board for g in loaded] == [1, 3]
    assert len(loaded.errors) == 1 and "game 2" in str(loaded.errors[0])
