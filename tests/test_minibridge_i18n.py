"""The Minibridge page speaks the six languages of the main page: every text it writes is a
catalogue key ("mini.*", or the top bar's "ui.*" it shares with the main page), in every
catalogue, with the placeholders the page fills and, where a language declines a count
("2 lewy", "5 lew"), the plural forms its rules have (``counted`` in ``minibridge.js``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

SERVER = Path(__file__).parents[1] / "src/contractbridge/server"
CATALOGUES = {p.stem: json.loads(p.read_text("utf-8")) for p in (SERVER / "i18n").glob("*.json")}
PAGE = (SERVER / "static/minibridge.html").read_text("utf-8")
SCRIPT = (SERVER / "static/minibridge.js").read_text("utf-8")
#: the plural forms a count may take in each language (Intl.PluralRules, integers only)
PLURALS = {
    "en": {"one", "other"},
    "de": {"one", "other"},
    "pt": {"one", "other"},
    "hu": {"one", "other"},
    "pl": {"one", "few", "many", "other"},
    "sk": {"one", "few", "many", "other"},
}
#: a translation may name the bare count ({count}) where English has the counted noun
#: ({tricks}: "3 tricks"), for a language that declines the noun after it (Hungarian)
SAME = {"count": "tricks"}
#: texts that are the same in a language as in English (a word the language borrows)
BORROWED = {("de", "mini.dummy_hand")}


def used_keys() -> set[str]:
    """The keys the page names: its data-i18n attributes and its script's key strings."""
    in_page = set(re.findall(r'data-i18n(?:-placeholder)?="([\w.]+)"', PAGE))
    in_script = set(re.findall(r'"((?:mini|ui|seat|strain)\.[\w.]+)"', SCRIPT))
    return in_page | in_script


def placeholders(text: str) -> list[str]:
    return sorted(SAME.get(name, name) for name in set(re.findall(r"\{(\w+)\}", text)))


def test_the_page_names_its_texts_by_key() -> None:
    used = used_keys()
    assert {"mini.title", "mini.deal", "mini.your_turn", "mini.log.play_you"} <= used
    assert {"ui.language", "ui.contrast", "ui.skip"} <= used  # the top bar's, shared
    # no English sentence is written by the script itself any more
    assert not re.search(r"`[A-Z][a-z]+ [a-z]+", SCRIPT), "an English text in minibridge.js"
    assert "You and three robots" not in SCRIPT


@pytest.mark.parametrize("lang", ["en", "sk", "hu", "pl", "pt", "de"])
def test_every_key_of_the_minibridge_page_is_in_every_catalogue(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    assert sorted(k for k in used_keys() if k not in catalogue) == []
    mini = {k for k in catalogue if k.startswith("mini.")}
    assert mini == {k for k in CATALOGUES["en"] if k.startswith("mini.")}
    assert len(mini) >= 80


def test_every_minibridge_key_is_used_by_the_page() -> None:
    mini = {k for k in CATALOGUES["en"] if k.startswith("mini.")}
    assert sorted(mini - used_keys()) == []


def test_the_translations_keep_the_placeholders_and_have_the_plural_forms() -> None:
    english = CATALOGUES["en"]
    for lang, catalogue in CATALOGUES.items():
        for key in (k for k in english if k.startswith("mini.")):
            text = catalogue[key]
            forms = dict(f.split(":", 1) for f in text.split("|")) if "|" in text else {"": text}
            if "|" in text:
                assert "other" in forms and set(forms) <= PLURALS[lang], (lang, key, text)
            for form in forms.values():
                assert form.strip() == form and form, (lang, key, text)
                assert placeholders(form) == placeholders(english[key]), (lang, key, text)
            if lang != "en" and " " in english[key] and (lang, key) not in BORROWED:
                assert text != english[key], (lang, key, "not translated")


def test_the_english_texts_are_the_pages_of_before() -> None:
    english = CATALOGUES["en"]
    assert english["mini.deal_title"] == "Deal {n} of {deals}: {dealer} deals; you sit {seat}"
    assert english["mini.contract_took"] == "Contract: {contract}; declarer's side took {tricks}."
    assert english["mini.tricks_n"] == "{n} tricks" and english["mini.thinking"].endswith("…")
    # every language says the robots are thinking with "…" (the tests wait for it to go)
    assert all(c["mini.thinking"].endswith("…") for c in CATALOGUES.values())


@pytest.mark.parametrize("lang", ["en", "sk", "hu", "pl", "pt", "de"])
def test_the_score_sheets_headings_fit_a_phone(lang: str) -> None:
    """The sheet is a <pre> drawn with columns as wide as their headings need (``sheetText``):
    its lines are no wider than English's (37 characters) and one more, or a phone clips it."""
    c = CATALOGUES[lang]
    widths = [
        max(4, len(c["mini.sheet.deal"]), len(c["mini.sheet.total"])),
        max(
            10,
            len(c["mini.sheet.contract"]),
            len("7♠ " + max((c[f"mini.seat_short.{s}"] for s in "NESW"), key=len)),
        ),
        max(6, len(c["mini.sheet.tricks"])),
        max(5, len(c["mini.sheet.ns"])),
        max(5, len(c["mini.sheet.ew"])),
    ]
    assert sum(widths) + 7 <= 38, (lang, widths)
