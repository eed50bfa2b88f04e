"""The message catalogue and the words for cards, places and languages."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest

from halfmoon import Game, card
from halfmoon.history import Entry
from halfmoon.host.examples import WON
from halfmoon.host.page_words import CATALOGUE as PAGE_WORDS
from halfmoon.i18n import (
    LANGUAGE_NAMES,
    Counted,
    card_label,
    card_name,
    choose_language,
    count_text,
    count_words,
    html_lang,
    language_of_page,
    normalise_language,
    pick_language,
    place_name,
    plural,
    text,
)
from halfmoon.leaving import leave_question, restart_question
from halfmoon.localtime import local_time
from halfmoon.prefs import Prefs
from halfmoon.replay import ending, score_line
from halfmoon.restore import Merged, Outcome, restored_words
from halfmoon.results import Bar, chart_words, daily_today, rows, share_text
from halfmoon.session import Session
from halfmoon.words import CATALOGUE, SUBJECTS
from tools.stdlib import ROOT, engine_files

NOON = datetime(2026, 12, 1, 12, tzinfo=UTC).timestamp() * 1000
TODAY = date(2026, 12, 1)


def local(wall_ms: float) -> datetime:
    return local_time(wall_ms, 0)


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


@pytest.mark.parametrize("catalogue", [CATALOGUE, PAGE_WORDS], ids=["game", "pages"])
def test_both_languages_have_the_same_keys_and_placeholders(
    catalogue: dict[str, dict[str, str]],
) -> None:
    pt, en = catalogue["pt"], catalogue["en"]
    assert pt.keys() == en.keys()
    for key in pt:
        fields = re.compile(r"\{(\w+)\}")
        assert set(fields.findall(pt[key])) == set(fields.findall(en[key])), key
        assert pt[key].strip() and en[key].strip()


def test_each_key_is_said_by_one_subject() -> None:
    """The catalogue is split by subject; a key in two of them would say one thing in
    one place and another elsewhere, whichever module came last."""
    for lang in ("PT", "EN"):
        seen: dict[str, str] = {}
        for subject in SUBJECTS:
            for key in getattr(subject, lang):
                assert key not in seen, (key, seen.get(key), subject.__name__)
                seen[key] = subject.__name__
        assert seen.keys() == CATALOGUE[lang.lower()].keys()
    assert not CATALOGUE["pt"].keys() & PAGE_WORDS["pt"].keys()


def test_the_pages_words_do_not_ship_to_the_browser() -> None:
    """The rules and examples pages' words are the build's alone: not in the engine
    archive, and nothing the browser runs imports them."""
    shipped = engine_files()
    assert "halfmoon/words/__init__.py" in shipped
    assert "halfmoon/host/page_words.py" not in shipped
    assert not any(k.startswith("page.") for k in CATALOGUE["pt"])
    for path in shipped:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import)\s+[\w.]*page_words", source, re.M), path


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
        ("english", "en"),
        ("English", "en"),
        ("ENGLISH", "en"),
        ("en_GB", "en"),
        (" en-us ", "en"),
        ("eng", "en"),
        ("inglês", "en"),
        ("Português", "pt"),
        ("portuguese", "pt"),
        ("pt_BR", "pt"),
        ("POR", "pt"),
        ("fr", None),
        ("englishman", None),
        ("e", None),
        ("-en", None),
        ("", None),
    ],
)
def test_every_spelling_of_a_language(value: str, lang: str | None) -> None:
    assert normalise_language(value) == lang


def test_the_language_of_the_page_is_chosen_in_one_order() -> None:
    assert choose_language("english", "pt", ["pt-PT"]) == "en"  # the address first
    assert choose_language("klingon", "en", ["pt-PT"]) == "en"  # then the stored choice
    assert choose_language(None, None, ["fr", "en-GB"]) == "en"  # then the browser
    assert choose_language(None, 7, []) == "pt"  # else Portuguese
    assert set(LANGUAGE_NAMES.values()) == {"pt", "en"}


# ------------------------------------------------------------------ every count
NOUNS = r"jogadas?|cartas?|partidas?|pontos?|moves?|cards?|games?|points?"
COUNTED = re.compile(rf"\b(\d+) ({NOUNS})\b")


def agrees(words: str) -> bool:
    """Every "<number> <noun>" in ``words`` is singular exactly when the number is 1."""
    return all((n == "1") == (not noun.endswith("s")) for n, noun in COUNTED.findall(words))


def test_one_plural_rule_for_both_languages() -> None:
    assert [plural(n) for n in (0, 1, 2, 5, 48, 104)] == ["other", "one", *["other"] * 4]
    for lang, forms in {
        "pt": ("0 jogadas", "1 jogada", "2 jogadas", "48 jogadas"),
        "en": ("0 moves", "1 move", "2 moves", "48 moves"),
    }.items():
        assert tuple(count_text(n, "moves", lang) for n in (0, 1, 2, 48)) == forms


def test_no_count_is_written_into_a_phrase() -> None:
    """A number and its noun come from the plural rule (a Counted value, or a phrase
    with a form for one and for other), never from a template that says "{n} jogadas"."""
    for lang, table in CATALOGUE.items():
        for key, template in table.items():
            if key.startswith("count.") or key.endswith((".one", ".other")):
                continue
            assert not re.search(rf"\{{\w+\}} ({NOUNS})\b", template), (lang, key)
            assert agrees(template), key  # the game's own numbers: "8 cartas", "48 jogadas"


COUNTS = (0, 1, 2, 48)


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("n", COUNTS)
def test_every_count_a_player_reads_agrees_with_its_number(lang: str, n: int) -> None:
    """Each phrase that says a count, made by the code that shows it, for 0, 1, 2 and
    many: "1 jogada", "2 jogadas", "0 cards"."""
    shown: list[str] = [count_words(n, lang), score_line(5 * n, n, lang)]
    # the history, the share text, today's deal: n cards left after n moves
    for result in ("won", "stuck", "left"):
        entry = Entry("a", WON.code, 0.0, NOON, result, n, 61_000, n, TODAY)  # type: ignore[arg-type]
        shown += [rows([entry], TODAY, local, lang)[0].summary, share_text(entry, "L", lang)]
        shown.append(daily_today([entry], TODAY, False, lang))
    shown.append(chart_words([Bar(100, n % 2 == 0)] * n, lang))
    # what a restore says it changed
    every = Merged(added=n, known=n, resumed=n, left=n)
    shown.append(restored_words(Outcome(every, complete=True, written=1), lang))
    shown.append(restored_words(Outcome(every, complete=False, written=1), lang))
    shown.append(restored_words(Outcome(Merged(known=n), complete=True, written=0), lang))
    # a game left after n moves, and the restart's question (a game with moves)
    game = Game.new(WON.code)
    for move in WON.moves[:n]:
        for slot in move:
            game.tap(slot)
    shown.append(ending(game, lang))
    if n:
        session = Session(game, Prefs(), lang)
        asked = [restart_question(session), leave_question(session, "new")]
        shown += [q.words(lang)[1] for q in asked if q is not None]
    # every catalogue phrase with a count in it, whatever code fills it
    names = {"moves": "moves", "points": "points", "left": "cards", "n": "games"}
    for key, template in CATALOGUE[lang].items():
        fields = set(re.findall(r"\{(\w+)\}", template))
        if fields & {"moves", "points", "left"}:
            values = {f: Counted(n, names[f]) if f in names else "…" for f in fields}
            shown.append(text(lang, key, **values))
    for words in shown:
        assert agrees(words), words
    assert len([w for w in shown if COUNTED.search(w)]) >= 20  # the counts were said


def test_the_counts_in_full() -> None:
    bars = [Bar(104, True)]
    assert chart_words(bars, "pt") == "Cartas retiradas na última partida: 104 (ganha). Ganhas: 1."
    assert chart_words(bars * 2, "en").startswith("Cards cleared in each of the last 2 games")
    left = Entry("a", WON.code, 0.0, NOON, "stuck", 1, 61_000, 1, None)
    assert (
        share_text(left, "L", "pt")
        == f"Half Moon · {WON.code}: sem saída com 1 carta na mesa · 1:01 · 1 jogada\nL"
    )
    assert count_words(0, "pt") == "vazio" and count_words(1, "en") == "1 card"


def test_a_pages_lang_attribute_names_its_language_and_back() -> None:
    """``<html lang>`` is ``pt-PT`` or ``en``, and a page's attribute reads back as the
    language it was written for (what the web layer does after a change of language)."""
    assert (html_lang("pt"), html_lang("en"), html_lang("xx")) == ("pt-PT", "en", "pt-PT")
    for lang in ("pt", "en"):
        assert language_of_page(html_lang(lang)) == lang
    assert language_of_page("") == language_of_page(None) == "pt"
