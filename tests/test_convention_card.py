"""The convention card is made from the system: every call on it is the robots' own
explanation of that call in that auction (so it cannot drift from what they bid), its ranges
are the ones the robots open with, a new system gets a card of its own, and the card reads in
the six languages; served as JSON, as a page and on the command line."""

from __future__ import annotations

import json
import random
import re
import sys
import types
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from contractbridge.analysis.evaluation import hcp
from contractbridge.cli import main
from contractbridge.core import Auction, Deal, Seat, Vulnerability
from contractbridge.core.call import Call
from contractbridge.robots.bidding import SystemRobot, bidder
from contractbridge.robots.bidding.card import (
    ENGLISH,
    SITUATIONS,
    ConventionCard,
    available_systems,
    bidding_card,
    convention_card,
    signals,
)
from contractbridge.robots.bidding.engine import _shared_bidder
from contractbridge.robots.bidding.rules import Rule
from contractbridge.robots.cardplay.carding import AGREEMENTS
from contractbridge.server.app import create_app
from test_explanations_i18n import translated

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

pytestmark = pytest.mark.slow  # making a card explains some 1,300 calls: about 2 s

I18N = Path(__file__).parents[1] / "src/contractbridge/server/i18n"
CATALOGUES = {p.stem: json.loads(p.read_text("utf-8")) for p in I18N.glob("*.json")}


@pytest.fixture(scope="module")
def card() -> ConventionCard:
    return convention_card("sayc")


def test_every_call_on_the_card_is_the_robots_own_explanation(card: ConventionCard) -> None:
    robot = SystemRobot(judgement=False)
    b = bidder("sayc")
    entries = list(card.entries())
    assert len(entries) > 200
    for group, entry in entries:
        calls = tuple(Call.parse(c) for c in (*group.auction, entry.call))
        meaning = b.explain(Auction(Seat.N, calls))[-1]
        assert not meaning.undiscussed, (group.auction, entry.call)
        assert entry.text == meaning.text == robot.explain_call(calls, Seat.N, len(calls) - 1)
        assert (entry.hcp, entry.forcing) == (meaning.hcp, meaning.forcing)
        assert (entry.alertable, entry.artificial) == (meaning.alertable, meaning.artificial)


def test_the_card_leaves_out_only_what_the_system_does_not_cover(card: ConventionCard) -> None:
    """In the first seat, every opening the system covers is on the card; the other seats
    list only the openings whose meaning differs from the first seat's."""
    b = bidder("sayc")
    first = card.section("openings").groups[0]
    assert first.auction == ()
    covered = [
        str(c)
        for c in Auction(Seat.N).legal_calls()
        if c.is_bid and not b.explain([c])[0].undiscussed
    ]
    assert [e.call for e in first.entries] == covered
    for group in card.section("openings").groups[1:]:
        for e in group.entries:
            assert e.text != b.explain([Call.parse(e.call)])[0].text


def test_the_ranges_on_the_card_are_those_the_robot_opens_with(card: ConventionCard) -> None:
    b = bidder("sayc")
    one_nt = card.entry("openings", (), "1NT")
    assert one_nt.hcp == b.explain(["1NT"])[0].hcp
    lo, hi = one_nt.hcp
    notrump = [f.params for f in card.facts if f.key == "cc.fact.notrump"]
    assert {"calls": ["1NT"], "range": f"{lo}-{hi}"} in notrump
    # and the robot, dealt hands, opens each call on the card only within the card's range
    openings = {e.call: e for e in card.section("openings").groups[0].entries}
    rng = random.Random(38)
    seen: dict[str, int] = {}
    for _ in range(600):
        hand = Deal.random(rng).hands[Seat.N]
        call = str(b.choose(hand, Auction(Seat.N), Vulnerability.NONE))
        if call == "Pass":
            continue
        seen[call] = seen.get(call, 0) + 1
        low, high = openings[call].hcp
        assert low <= hcp(hand) <= high, (call, hand, openings[call].text)
    assert seen.get("1NT", 0) > 10 and len(seen) >= 6


def test_the_sections_of_a_sayc_card(card: ConventionCard) -> None:
    keys = [s.key for s in card.sections]
    assert keys == [key for key, _ in SITUATIONS]
    # conventional responses bring opener's rebids: Stayman's answers, the transfers'
    rebids = {g.calls for g in card.section("notrump").groups if g.title == "cc.group.rebids"}
    assert {("1NT", "2C"), ("1NT", "2D"), ("1NT", "2H")} <= rebids
    assert "Stayman" in card.entry("notrump", ("1NT", "Pass"), "2C").text
    assert card.entry("notrump", ("1NT", "Pass"), "2D").alertable
    # the defence: take-out doubles, Michaels, the unusual 2NT, over 1NT
    assert "takeout double" in card.entry("competitive", ("1H",), "X").text
    assert "Michaels" in card.entry("competitive", ("1H",), "2H").text
    assert "unusual" in card.entry("competitive", ("1S",), "2NT").text
    # slam: Blackwood's answers and Gerber's
    slam = card.section("slam")
    answers = next(g for g in slam.groups if g.auction[-2:] == ("4NT", "Pass"))
    assert [e.call for e in answers.entries] == ["5C", "5D", "5H", "5S"]
    assert "ace" in answers.entries[1].text
    assert "Gerber" in card.entry("slam", ("1NT", "Pass"), "4C").text
    # the other groups leave out the general rules of later rounds (game in a long suit)
    assert all(e.call != "6NT" for g in card.section("one_level").groups for e in g.entries)


def test_leads_and_signals_are_the_carding_agreements_words() -> None:
    standard, lavinthal = signals("standard"), signals("lavinthal")
    assert [s.key for s in standard][:3] == [
        "cc.signal.lead",
        "cc.signal.attitude",
        "cc.signal.count",
    ]
    assert "Lavinthal" not in " ".join(s.text for s in standard)
    first = next(s for s in lavinthal if s.key == "cc.signal.first_discard")
    assert first.text.startswith("Lavinthal discard")
    assert set(AGREEMENTS) == {"standard", "lavinthal"}


@pytest.fixture
def toy_system() -> Iterator[str]:
    """A made-up system of a few rules, as a new system module would be: Acol-like 1NT."""
    name = "toy_weak_nt"
    module = types.ModuleType(f"contractbridge.robots.bidding.systems.{name}")
    module.__doc__ = "Toy Acol (a weak notrump), for the tests."
    module.RULES = (  # type: ignore[attr-defined]
        Rule("1N", hcp=(12, 14), shape="bal", priority=90),
        Rule("1{M}", hcp=(12, 19), suits="M>=4", priority=70),
        Rule("2C", after="1N P", force="forcing", artificial=True, text="Stayman"),
        Rule("2D", after="1N P 2C P", suits="H<=3 S<=3", text="no major"),
    )
    sys.modules[module.__name__] = module
    yield name
    del sys.modules[module.__name__]
    _shared_bidder.cache_clear()  # the shared bidders behind bidder()
    bidding_card.cache_clear()


def test_a_new_system_gets_its_card_from_its_rules(toy_system: str) -> None:
    card = convention_card(toy_system)
    assert card.name == "Toy Acol"
    first = card.section("openings").groups[0]
    assert [e.call for e in first.entries] == ["1H", "1S", "1NT"]
    assert card.entry("openings", (), "1NT").hcp == (12, 14)
    facts = {f.key: f.params for f in card.facts}
    assert facts["cc.fact.notrump"]["range"] == "12-14"
    assert facts["cc.fact.majors"] == {"n": 4}
    rebids = [g for g in card.section("notrump").groups if g.title == "cc.group.rebids"]
    assert [(g.calls, [e.call for e in g.entries]) for g in rebids] == [(("1NT", "2C"), ["2D"])]
    assert [s.key for s in card.sections] == ["openings", "notrump"]  # nothing else covered


def test_the_card_reads_in_every_language(card: ConventionCard) -> None:
    english = CATALOGUES["en"]
    for key, text in ENGLISH.items():
        assert english[key] == text  # the command line's English is the page's
    keys = {k for k in english if k.startswith("cc.")}
    for lang, catalogue in CATALOGUES.items():
        assert keys <= catalogue.keys(), lang
        for key in keys:
            wanted = sorted(re.findall(r"\{\w+\}", english[key]))
            assert sorted(re.findall(r"\{\w+\}", catalogue[key])) == wanted, (lang, key)
    parts = {p for _, e in card.entries() for p in e.text.split(", ")}
    for lang in ("de", "hu", "pl", "pt", "sk"):
        assert sorted(p for p in parts if not translated(p, CATALOGUES[lang])) == [], lang
    # the leads and signals are the carding explanations' messages (msg.*)
    messages = [
        re.compile("^" + ".+?".join(map(re.escape, re.split(r"\{\d\}", k[4:]))) + "$")
        for k in english
        if k.startswith("msg.")
    ]
    for carding in AGREEMENTS:
        for s in signals(carding):
            assert any(m.match(s.text) for m in messages), s.text


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("card") / "card.db"
    with TestClient(create_app(f"sqlite:///{db}", robots="basic")) as c:
        yield c


def test_the_card_is_served_as_json_and_as_a_page(client: TestClient, card: ConventionCard) -> None:
    assert client.get("/api/systems").json()["systems"] == list(available_systems())
    r = client.get("/api/systems/sayc/card")
    assert r.status_code == 200
    assert r.json() == json.loads(json.dumps(card.to_dict()))
    lavinthal = client.get("/api/systems/sayc/card", params={"carding": "lavinthal"}).json()
    assert lavinthal["carding"] == "lavinthal" and lavinthal["sections"] == r.json()["sections"]
    assert lavinthal["signals"] != r.json()["signals"]
    page = client.get("/card/sayc")
    assert page.status_code == 200 and 'src="/static/card.js"' in page.text
    assert "@media print" in page.text
    assert client.get("/static/card.js").status_code == 200


def test_an_unknown_system_or_carding_is_refused_with_a_reason(client: TestClient) -> None:
    for url in ("/api/systems/precision/card", "/card/precision", "/api/systems/SAYC/card"):
        r = client.get(url)
        assert r.status_code == 404, url
        assert "the systems are acol, forumd, sayc" in r.json()["error"]
    r = client.get("/api/systems/sayc/card", params={"carding": "upside-down"})
    assert r.status_code == 400
    assert f"msg.{r.json()['error']}" in CATALOGUES["de"]


def test_the_command_line_prints_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "sayc", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "Standard American Yellow Card" in out
    assert "1NT opening: 15-17 HCP, balanced" in out
    assert "Responses to 1NT" in out and "Stayman" in out
    assert main(["card", "nope"]) == 2
    assert "the systems are acol, forumd, sayc" in capsys.readouterr().err
