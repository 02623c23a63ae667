"""Minibridge in a real browser, played to the end of the series through its page; and the
lobby's way to it and to the director's assistant."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_browser_accessibility import violations

pytestmark = [pytest.mark.browser, pytest.mark.slow]

POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
#: a ten written "T" (a rank of its own, or after a suit symbol); "NT" is not one
TEN_AS_T = re.compile(r"[♠♥♦♣]\s?T|\bT\b")
CARD = re.compile(r"[♠♥♦♣](?:10|[2-9AKQJ])")
THINKING = "() => !document.querySelector('#status').textContent.includes('thinking')"
I18N = Path(__file__).parents[2] / "src/contractbridge/server/i18n"
#: English words of the Minibridge page, none of which is left on it in another language
#: (words the languages share, like "West" in German or "Dummy", are not among them)
ENGLISH = re.compile(
    r"\b(Deal|Deals|Your|You|you|The robots|thinking|What happened|Score|Announce|Pass|"
    r"North|South|East|points|tricks|Contract|declarer|dummy|won by|Trick|Previous trick|"
    r"Waiting|Next deal|Skip to content|Language|High contrast|Form|Seed|random|NT|total)\b"
)


def catalogue(lang: str) -> dict[str, str]:
    return dict(json.loads((I18N / f"{lang}.json").read_text("utf-8")))


def thinking(lang: str) -> str:
    """The wait for the robots, in ``lang``: until the page no longer says they think."""
    text = json.dumps(catalogue(lang)["mini.thinking"])
    return f"() => !document.querySelector('#status').textContent.includes({text})"


def card_text(card: str) -> str:
    """The card "HT" as the page writes it: "♥10"."""
    return "♠♥♦♣"["SHDC".index(card[0])] + ("10" if card[1] == "T" else card[1])


def start(page: Any, url: str, deals: int, seed: int = 3, lang: str | None = None) -> str:
    """A new game from the page's form (points form, the learner South); its API address.
    With ``lang``, the page is opened as ``/minibridge?lang=...``."""
    page.goto(url + "/minibridge" + (f"?lang={lang}" if lang else ""))
    page.select_option("select[name=form]", "points")
    page.fill("input[name=deals]", str(deals))
    page.fill("input[name=seed]", str(seed))
    with page.expect_response("**/api/minibridge") as created:
        page.click("#start button[type=submit]")
    page.wait_for_function(thinking(lang) if lang else THINKING)
    return f"{url}/api/minibridge/{created.value.json()['id']}"


def played(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The deals played to the end (not one redealt: 20-20 points, or four passes)."""
    return [f for f in state["finished"] if not f["redeal"]]


def play(
    page: Any, api: str, until: Callable[[dict[str, Any]], bool], wait: str = THINKING
) -> dict[str, Any]:
    """Answers through the page (the true count, open, the first contract or card offered)
    until the state the server answered satisfies ``until``; that state. ``wait``: the wait
    for the robots in the page's language (see ``thinking``)."""
    for _ in range(80):
        state = dict(httpx.get(api, timeout=30).json())
        if until(state):
            return state
        assert not state["over"], "the series ended first"
        assert state["mine"]
        # no ten is ever written "T", whatever the page shows
        assert not TEN_AS_T.search(page.inner_text("#game")), page.inner_text("#game")
        answer = page.locator("#answer")
        with page.expect_response(api):
            if state["phase"] == "announce":
                answer.locator("input").fill(str(sum(POINTS.get(c[1], 0) for c in state["hand"])))
                answer.locator("button").click()
            else:  # open, name the contract, or the first card offered
                answer.locator("button").first.click()
        page.wait_for_function(wait)
    pytest.fail("the game did not get there")


def assert_shown_as_it_ended(page: Any, deal: dict[str, Any], sheet_line: str) -> None:
    """The end of ``deal`` on the page: no card left in a hand, the last trick whole (the
    cards the server says, with who won it), the count the score has, the whole log."""
    hands = page.inner_text("#hands")
    assert "Your hand" not in hands and "Dummy" not in hands, hands  # nothing left to hold
    assert "no cards are left in any hand" in hands
    assert f"declarer's side took {deal['tricks']} tricks" in hands, hands
    assert re.search(rf"\b{deal['tricks']}\b", sheet_line), sheet_line  # the score says so too
    last = page.inner_text("#last-trick")
    cards = [card for _, card in deal["last_trick"]["cards"]]
    assert CARD.findall(last) == [card_text(c) for c in cards], last
    log = page.locator("#log li").all_inner_texts()
    assert len([line for line in log if " play" in line]) == 52, log
    assert log[-1].endswith(card_text(cards[-1])), (log[-1], last)  # the 52nd card
    assert not TEN_AS_T.search(page.inner_text("#game"))


def test_a_minibridge_series_ends_with_its_deal_shown_whole(
    browser: Any, server: Any, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    api = start(page, server.url, deals=1)
    state = play(page, api, lambda s: s["over"])
    page.wait_for_selector("#title:has-text('The series is over')")
    last = state["finished"][-1]
    sheet = page.inner_text("#sheet").splitlines()[1]
    # the last trick four cards, no hand holding a card, no count the score contradicts
    assert_shown_as_it_ended(page, last, sheet)
    assert page.locator("#next-deal").count() == 0
    finished = page.inner_text("#finished")
    assert f"{last['tricks']} tricks" in finished
    # a ten is "10", as on a card, never "T"
    assert "10" in finished and not TEN_AS_T.search(finished)
    page.screenshot(path=str(screenshots / "minibridge-end.png"), full_page=True)
    assert violations(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(screenshots / "minibridge-end-phone.png"), full_page=True)


def test_each_deal_of_a_series_is_shown_as_it_ended_before_the_next(
    browser: Any, server: Any, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    api = start(page, server.url, deals=2)
    # in the play, the trick turned last stays readable, whole, with who won it
    state = play(page, api, lambda s: s.get("last_trick") is not None and s["mine"])
    previous = page.locator("#hands p", has_text="Previous trick")
    assert len(CARD.findall(previous.inner_text())) == 4
    assert "won by" in previous.inner_text()
    # the answer to the first deal's last card holds the second deal already; the page
    # shows the first as it ended, until "Next deal"
    state = play(page, api, lambda s: len(played(s)) == 1)
    page.wait_for_selector("#next-deal")
    assert "Deal 1 of 2 is over" in page.inner_text("#title")
    first = played(state)[0]
    assert_shown_as_it_ended(page, first, page.inner_text("#sheet").splitlines()[1])
    assert violations(page) == []
    page.screenshot(path=str(screenshots / "minibridge-deal-over.png"))
    page.click("#next-deal")
    assert page.inner_text("#title").startswith("Deal 2 of 2")
    assert page.evaluate("document.activeElement.id") == "title"
    assert "Your hand" in page.inner_text("#hands") and page.locator("#next-deal").count() == 0
    assert violations(page) == []


def test_the_lobby_leads_to_minibridge_and_the_directors_assistant(
    browser: Any, server: Any, screenshots: Path
) -> None:
    wide = browser.new_page(viewport={"width": 1280, "height": 800})
    wide.goto(server.url + "/")
    wide.wait_for_selector("#to-minibridge")
    assert violations(wide) == []
    wide.screenshot(path=str(screenshots / "lobby.png"), full_page=True)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("#to-director")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the lobby fits
    assert violations(page) == []
    page.screenshot(path=str(screenshots / "lobby-phone.png"), full_page=True)
    page.click("#to-minibridge")
    page.wait_for_url("**/minibridge")
    page.wait_for_selector("#start")
    page.go_back()
    page.click("#to-director")
    page.wait_for_url("**/director")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def held_points(state: dict[str, Any]) -> int:
    return sum(POINTS.get(c[1], 0) for c in state["hand"])


def test_minibridge_speaks_german_from_the_address(
    browser: Any, server: Any, screenshots: Path
) -> None:
    de = catalogue("de")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server.url + "/minibridge?lang=de")
    page.wait_for_selector("#start button[type=submit]:has-text('Geben')")
    # the page before a game: its top bar, its form and its title in German
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.input_value("#lang") == "de" and page.inner_text("#lang-label") == "Sprache"
    assert page.inner_text("#contrast") == "Hoher Kontrast"
    assert page.title() == "Minibridge · contractbridge"
    form = page.inner_text("#start")
    assert "Sie und drei Roboter." in form and "Alleinspieler" in form and "Variante" in form
    assert page.get_attribute("input[name=seed]", "placeholder") == "zufällig"
    assert not ENGLISH.search(page.inner_text("body")), page.inner_text("body")
    api = start(page, server.url, deals=1, lang="de")
    state = httpx.get(api, timeout=30).json()
    assert state["phase"] == "announce" and state["mine"]
    dealer = de[f"seat.{state['dealer']}"]
    assert page.inner_text("#title") == f"Spiel 1 von 1: {dealer} gibt; Ihr Platz: Süd"
    assert page.inner_text("#status") == "Sie sind am Zug."
    answer = page.inner_text("#answer")
    assert "Ihre Punkte (Ass 4, König 3, Dame 2, Bube 1):" in answer and "Ansagen" in answer
    # a count the server refuses: its message in German, the seat's name too
    held = held_points(state)
    with page.expect_response(api):
        page.fill("#answer input", str(held + 1))
        page.click("#answer button")
    page.wait_for_function(thinking("de"))
    refusal = de["msg.{0} holds {1} points, not {2} (count ace 4, king 3, queen 2, jack 1)"]
    assert page.inner_text("#error") == refusal.format("Süd", held, held + 1)
    # in the play: the trick turned last, whose it was, the contract, the log, all German
    state = play(page, api, lambda s: s.get("last_trick") is not None and s["mine"], thinking("de"))
    hands = page.inner_text("#hands")
    assert "Voriger Stich:" in hands and "gewonnen von" in hands, hands
    assert re.search(
        r"Kontrakt: \d(♠|♥|♦|♣|SA) von (Nord|Ost|West|Ihnen); die Seite des "
        r"Alleinspielers hat \d+ Stich",
        hands,
    ), hands
    assert page.inner_text("#answer").startswith("Ihre Karte")
    assert page.inner_text("#log-title") == "Verlauf"
    log = page.locator("#log li").all_inner_texts()
    # (seed 3's first deal is redealt, 20-20: the count the learner gave is the new deal's)
    assert any(re.fullmatch(r"Sie sagen \d+ Punkte? an\.", line) for line in log), log
    assert any(re.fullmatch(r"(Nord|Ost|West) sagt \d+ Punkte? an\.", line) for line in log), log
    assert not ENGLISH.search(page.inner_text("body")), page.inner_text("body")
    page.screenshot(path=str(screenshots / "minibridge-de-play.png"), full_page=True)
    # the end of the series: its summary and the score sheet in German
    state = play(page, api, lambda s: s["over"], thinking("de"))
    page.wait_for_selector("#title:has-text('Die Serie ist zu Ende')")
    assert page.inner_text("#status").startswith("Endstand: Nord-Süd ")
    assert "Alle dreizehn Stiche sind gespielt" in page.inner_text("#hands")
    last = played(state)[-1]
    sheet = page.inner_text("#sheet").splitlines()
    assert sheet[0].split() == ["Spiel", "Kontrakt", "Stiche", "NS", "OW"], sheet
    assert sheet[-1].split() == ["Summe", str(state["totals"]["NS"]), str(state["totals"]["EW"])]
    assert re.search(rf"^\s+1\s+\d(♠|♥|♦|♣|SA) [NOSW]\s+{last['tricks']}\b", sheet[1]), sheet
    finished = page.inner_text("#finished")
    assert "Spiel 1: " in finished and f"; NS {last['ns']}, OW {last['ew']}" in finished
    assert not ENGLISH.search(page.inner_text("body")), page.inner_text("body")
    assert violations(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the score sheet (a <pre>) fits the phone, German headings and all
    assert page.evaluate("(e => e.scrollWidth <= e.clientWidth)(document.getElementById('sheet'))")
    page.screenshot(path=str(screenshots / "minibridge-de-end-phone.png"), full_page=True)


def polish_points(n: int) -> str:
    """A count of points as Polish says it: 1 punkt, 2-4 punkty (not 12-14), else punktów."""
    if n == 1:
        return "punkt"
    return "punkty" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "punktów"


def test_minibridge_speaks_polish_remembers_it_and_changes_language_mid_game(
    browser: Any, server: Any, screenshots: Path
) -> None:
    pl = catalogue("pl")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    api = start(page, server.url, deals=2, lang="pl")
    assert page.evaluate("document.documentElement.lang") == "pl"
    assert page.inner_text("h1") == "Minibrydż"
    state = httpx.get(api, timeout=30).json()
    dealer = pl[f"seat.{state['dealer']}"]
    assert page.inner_text("#title") == f"Rozdanie 1 z 2: rozdaje {dealer}; grasz jako Południe"
    assert page.inner_text("#status") == "Twoja kolej."
    assert page.inner_text("#answer").startswith("Twoje punkty (as 4, król 3, dama 2, walet 1):")
    # the points announced, each count with the Polish form its number asks for
    state = play(page, api, lambda s: s["phase"] == "play" and s["mine"], thinking("pl"))
    log = page.locator("#log li").all_inner_texts()
    counts = [re.fullmatch(r"(?:\w+ podaje|Podajesz) (\d+) (\w+)\.", line) for line in log[:4]]
    assert all(counts), log
    assert [m[2] for m in counts if m] == [polish_points(int(m[1])) for m in counts if m], log
    assert any(line.startswith("Podajesz ") for line in log), log
    hands = page.inner_text("#hands")
    assert re.search(
        r"Kontrakt: \d(♠|♥|♦|♣|BA) \((gra \w+|grasz ty)\); strona "
        r"rozgrywającego ma \d+ (lewę|lewy|lew)\b",
        hands,
    ), hands
    assert page.inner_text("#answer").startswith("Twoja karta")
    assert page.inner_text("#log-title") == "Przebieg"
    assert not ENGLISH.search(page.inner_text("body")), page.inner_text("body")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert violations(page) == []
    page.screenshot(path=str(screenshots / "minibridge-pl-play-phone.png"), full_page=True)
    # the choice is remembered: the page (and the main page) open in Polish without ?lang=
    other = context.new_page()
    other.goto(server.url + "/minibridge")
    other.wait_for_selector("#start button[type=submit]:has-text('Rozdaj')")
    assert other.evaluate("document.documentElement.lang") == "pl"
    other.goto(server.url + "/")
    other.wait_for_function("document.documentElement.lang === 'pl'")
    other.close()
    # another language chosen mid-game: the game shown again in it, as it stands
    page.select_option("#lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert page.inner_text("#status") == "Sie sind am Zug."
    assert page.inner_text("#title").startswith("Spiel 1 von 2: ")
    assert page.inner_text("#answer").startswith("Ihre Karte")
    assert not ENGLISH.search(page.inner_text("body")), page.inner_text("body")
    page.select_option("#lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    seat = {"N": "North", "E": "East", "S": "South", "W": "West"}[state["dealer"]]
    assert page.inner_text("#title") == f"Deal 1 of 2: {seat} deals; you sit South"
    assert page.inner_text("#status") == "Your turn."
    assert page.inner_text("#start button[type=submit]") == "Deal"
    assert page.inner_text("#sheet") == state["sheet"]  # the server's own, in English
    assert page.title() == "Minibridge · contractbridge"
