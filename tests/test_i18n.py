"""The message catalogue and the words for cards, places and languages."""

from __future__ import annotations

import re

import pytest

from halfmoon import card
from halfmoon.i18n import (
    LANGUAGE_NAMES,
    card_label,
    card_name,
    choose_language,
    count_words,
    normalise_language,
    pick_language,
    place_name,
    text,
)
from halfmoon.messages import CATALOGUE

FIXED_STRINGS = {
    "pt": {
        "option.errors": "Erros de jogada",
        "option.placement-help": "Ajuda à colocação",
        "error.sum": "A soma tem de ser igual a 11",
        "error.trio": "É necessário um Valete, uma Dama e um Rei",
        "action.undo": "Anular",
        "action.new": "Nova partida",
    },
    "en": {
        "option.errors": "Move errors",
        "option.placement-help": "Placement help",
        "error.sum": "The sum must be 11",
        "error.trio": "You need a Jack, a Queen and a King",
        "action.undo": "Undo",
        "action.new": "New game",
    },
}


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_spec_strings_verbatim(lang: str) -> None:
    for key, value in FIXED_STRINGS[lang].items():
        assert text(lang, key) == value


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    pt, en = CATALOGUE["pt"], CATALOGUE["en"]
    assert pt.keys() == en.keys()
    for key in pt:
        fields = re.compile(r"\{(\w+)\}")
        assert set(fields.findall(pt[key])) == set(fields.findall(en[key])), key
        assert pt[key].strip() and en[key].strip()


@pytest.mark.parametrize(
    ("code", "pt_label", "en_label", "pt_name", "en_name"),
    [
        ("QH", "D♥", "Q♥", "Dama de Copas", "Queen of Hearts"),
        ("JC", "V♣", "J♣", "Valete de Paus", "Jack of Clubs"),
        ("KS", "R♠", "K♠", "Rei de Espadas", "King of Spades"),
        ("AD", "A♦", "A♦", "Ás de Ouros", "Ace of Diamonds"),
        ("10S", "10♠", "10♠", "Dez de Espadas", "Ten of Spades"),
    ],
)
def test_card_words(code: str, pt_label: str, en_label: str, pt_name: str, en_name: str) -> None:
    c = card(code)
    assert (card_label(c, "pt"), card_label(c, "en")) == (pt_label, en_label)
    assert (card_name(c, "pt"), card_name(c, "en")) == (pt_name, en_name)


def test_place_and_count_words() -> None:
    assert place_name("P5", "pt") == "monte 5" and place_name("R3", "en") == "reserve 3"
    assert [count_words(n, "pt") for n in (0, 1, 6)] == ["vazio", "1 carta", "6 cartas"]
    words = {"label": "D♥", "card": "Dama de Copas", "place": "monte 5", "count": "6 cartas"}
    assert text("pt", "card.aria", **words) == "D♥ Dama de Copas, monte 5, 6 cartas"


@pytest.mark.parametrize(
    ("preferred", "lang"),
    [
        (["en-US", "en"], "en"),
        (["en-GB", "pt-PT"], "en"),
        (["pt-BR", "en-US"], "pt"),
        (["fr-FR", "en"], "en"),
        (["fr-FR", "de"], "pt"),
        ([], "pt"),
        (["PT"], "pt"),
        (["es", "pt", "en"], "pt"),
    ],
)
def test_first_visit_language(preferred: list[str], lang: str) -> None:
    assert pick_language(preferred) == lang


def test_language_override_values() -> None:
    assert normalise_language("en") == "en" and normalise_language("pt-PT") == "pt"
    assert normalise_language("EN") == "en"
    for bad in ("fr", "", None, 3, "<script>"):
        assert normalise_language(bad) is None


def test_unknown_language_falls_back_to_portuguese() -> None:
    assert text("xx", "action.undo") == "Anular"


@pytest.mark.parametrize(
    ("value", "lang"),
    [
        ("english", "en"), ("English", "en"), ("ENGLISH", "en"), ("en_GB", "en"),
        (" en-us ", "en"), ("eng", "en"), ("inglês", "en"), ("Português", "pt"),
        ("portuguese", "pt"), ("pt_BR", "pt"), ("POR", "pt"), ("fr", None), ("englishman", None),
        ("e", None), ("-en", None), ("", None),
    ],
)  # fmt: skip
def test_every_spelling_of_a_language(value: str, lang: str | None) -> None:
    assert normalise_language(value) == lang


def test_the_language_of_the_page_is_chosen_in_one_order() -> None:
    assert choose_language("english", "pt", ["pt-PT"]) == "en"  # the address first
    assert choose_language("klingon", "en", ["pt-PT"]) == "en"  # then the stored choice
    assert choose_language(None, None, ["fr", "en-GB"]) == "en"  # then the browser
    assert choose_language(None, 7, []) == "pt"  # else Portuguese
    assert set(LANGUAGE_NAMES.values()) == {"pt", "en"}
