"""The message catalogue and the words for cards, places and languages."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest

from halfmoon import Game, card
from halfmoon.host.examples import WON
from halfmoon.host.locale import (
    HOST_ONLY,
    LOCALE,
    compile_language,
    language,
    plural_categories,
    plural_rules,
    po_words,
)
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.restore import Merged, Outcome, restored_words
from halfmoon.page.replay import ending, score_line
from halfmoon.page.results import Bar, chart_words, daily_today, rows, share_text
from halfmoon.records.history import Entry
from halfmoon.records.localtime import local_time
from halfmoon.session.leaving import leave_question, restart_question
from halfmoon.session.session import Session
from halfmoon.words import plural as cldr_plural
from halfmoon.words.i18n import (
    LANGUAGE_NAMES,
    LANGUAGE_TABLE,
    LANGUAGES,
    Counted,
    card_label,
    card_name,
    choose_language,
    count_text,
    count_words,
    html_lang,
    language_of_page,
    long_day,
    normalise_language,
    pick_language,
    place_name,
    plural,
    short_day,
    text,
    weekdays,
)
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
    "es": {
        "option.errors": "Errores de jugada",
        "option.placement-help": "Ayuda de colocación",
        "error.sum": "La suma debe ser 11",
        "error.trio": "Necesitas una Jota, una Dama y un Rey",
        "action.undo": "Deshacer",
        "action.new": "Nueva partida",
    },
    "fr": {
        "option.errors": "Erreurs de coup",
        "option.placement-help": "Aide au placement",
        "error.sum": "La somme doit faire 11",
        "error.trio": "Il faut un Valet, une Dame et un Roi",
        "action.undo": "Annuler",
        "action.new": "Nouvelle partie",
    },
    "pt-BR": {
        "option.errors": "Erros de jogada",
        "option.placement-help": "Ajuda à colocação",
        "error.sum": "A soma tem que ser igual a 11",
        "error.trio": "É necessário um Valete, uma Dama e um Rei",
        "action.undo": "Desfazer",
        "action.new": "Nova partida",
    },
}
"""Each language's fixed words: pt the seed's own (the player's rules text), en the
product's; es, fr and pt-BR as their translators fixed them."""


@pytest.mark.parametrize("lang", sorted(FIXED_STRINGS))
def test_each_languages_fixed_words(lang: str) -> None:
    for key, value in FIXED_STRINGS[lang].items():
        assert text(lang, key) == value


def test_every_language_has_its_fixed_words_pinned() -> None:
    assert sorted(FIXED_STRINGS) == sorted(LANGUAGES)


def test_zero_is_singular_in_french_and_brazilian_portuguese_only() -> None:
    """CLDR: "0 carte", "0 carta"; but "0 cartas" in Portugal, "0 cards", "0 cartas"."""
    zero = {lang: count_text(0, "cards", lang) for lang in LANGUAGES}
    assert zero == {
        "pt": "0 cartas",
        "en": "0 cards",
        "es": "0 cartas",
        "fr": "0 carte",
        "pt-BR": "0 carta",
    }
    assert [plural(n, "fr") for n in (0, 1, 2, 10**6)] == ["one", "one", "other", "many"]


CATALOGUES = {code: po_words(code) for code in LANGUAGES}
"""Each language's catalogue as its PO file says it (``locale/<code>.po``)."""
COMPILED = {code: dict(compile_language(code, pages=True).words) for code in LANGUAGES}
"""Each language's catalogue with the rules' numbers written in, as the game reads it."""
FIELD = re.compile(r"\{(\w+)\}")


def plural_bases(said: dict[str, str]) -> set[str]:
    """The keys said in a form for each plural category: ``X`` where ``X.one`` and
    ``X.other`` both are keys (``chart.other`` alone is no plural key)."""
    return {k[: -len(".other")] for k in said if k.endswith(".other") and k[:-6] + ".one" in said}


def catalogue_faults(catalogues: dict[str, dict[str, str]]) -> list[str]:
    """What is wrong with the catalogues, each against the default language's: a key
    missing or extra, a placeholder named otherwise, a plural form missing or extra for
    the categories CLDR gives the language, an empty text."""
    faults: list[str] = []
    base = catalogues[LANGUAGES[0]]
    bases = plural_bases(base)

    def plain(said: dict[str, str]) -> set[str]:
        return {
            k
            for k in said
            if not any(k.startswith(b + ".") and k.count(".") == b.count(".") + 1 for b in bases)
        }

    for code, said in catalogues.items():
        for key in sorted(plain(base) - plain(said)):
            faults.append(f"{code}: lacks {key}")
        for key in sorted(plain(said) - plain(base)):
            faults.append(f"{code}: has {key}, which {LANGUAGES[0]} lacks")
        for key in sorted(plain(said) & plain(base)):
            if set(FIELD.findall(said[key])) != set(FIELD.findall(base[key])):
                faults.append(f"{code}: {key} names its placeholders otherwise")
        forms = plural_categories(language(code).cldr)
        for b in sorted(bases):
            wanted = {f"{b}.{form}" for form in forms}
            found = {k for k in said if k.startswith(b + ".") and k.count(".") == b.count(".") + 1}
            faults += [f"{code}: lacks the plural form {k}" for k in sorted(wanted - found)]
            faults += [
                f"{code}: has {k}, a form CLDR does not give it" for k in sorted(found - wanted)
            ]
            fields = set(FIELD.findall(base[f"{b}.other"]))
            for k in sorted(wanted & found):
                if set(FIELD.findall(said[k])) | {"n"} != fields | {"n"}:
                    faults.append(f"{code}: {k} names its placeholders otherwise")
        faults += [f"{code}: {k} is empty" for k, v in sorted(said.items()) if not v.strip()]
    return faults


def test_every_language_says_every_key_with_the_same_placeholders_and_its_plural_forms() -> None:
    assert catalogue_faults(CATALOGUES) == []
    assert len(CATALOGUES[LANGUAGES[0]]) > 350


@pytest.mark.parametrize(
    ("fault", "found"),
    [
        (lambda said: said.pop("action.undo"), "en: lacks action.undo"),
        (
            lambda said: said.update({"action.nothing": "x"}),
            "en: has action.nothing, which pt lacks",
        ),
        (
            lambda said: said.update({"code.copied": "Copied: {url}"}),
            "en: code.copied names its placeholders otherwise",
        ),
        (lambda said: said.pop("count.moves.one"), "en: lacks the plural form count.moves.one"),
        (
            lambda said: said.update({"count.moves.many": "{n} moves"}),
            "en: has count.moves.many, a form CLDR does not give it",
        ),
        (lambda said: said.update({"action.redo": " "}), "en: action.redo is empty"),
    ],
)
def test_the_check_finds_each_planted_fault(fault: object, found: str) -> None:
    planted = {code: dict(said) for code, said in CATALOGUES.items()}
    fault(planted["en"])  # type: ignore[operator]
    assert found in catalogue_faults(planted)


def test_a_language_lacking_a_plural_form_cldr_gives_it_is_found() -> None:
    planted = {code: dict(said) for code, said in CATALOGUES.items()}
    del planted["pt"]["count.cards.many"]
    assert "pt: lacks the plural form count.cards.many" in catalogue_faults(planted)


def test_every_language_has_its_row_and_catalogue() -> None:
    assert sorted(p.stem for p in LOCALE.glob("*.po")) == sorted(LANGUAGES)
    assert len({row.html for row in LANGUAGE_TABLE}) == len(LANGUAGE_TABLE)


@pytest.mark.parametrize("cldr", ["pt_PT", "en", "es", "fr", "pt_BR"])
def test_the_plural_rule_the_build_writes_says_what_cldr_says(cldr: str) -> None:
    """The engine's evaluator of the rule the build compiles gives, for whole numbers,
    the category Babel's own CLDR rule gives (fr and pt-BR: "0 carte", "0 carta";
    pt-PT: "0 cartas"; a million: ``many``)."""
    from babel import Locale

    rules = plural_rules(cldr)
    for n in [*range(0, 2001), 1_000_000, 2_000_000, 1_000_001, 10**7]:
        assert cldr_plural.category(rules, n) == Locale.parse(cldr).plural_form(n), (cldr, n)


def test_each_language_counts_zero_as_cldr_says() -> None:
    assert [plural(n, "pt") for n in (0, 1, 2, 1_000_000)] == ["other", "one", "other", "many"]
    assert [plural(n, "en") for n in (0, 1, 2, 1_000_000)] == ["other", "one", "other", "other"]


def test_month_and_weekday_names_are_cldrs() -> None:
    assert long_day(TODAY, "pt") == "1 de dezembro de 2026"
    assert long_day(TODAY, "en") == "December 1, 2026"
    assert (short_day(TODAY, "pt"), short_day(TODAY, "en")) == ("1 dez.", "Dec 1")
    assert weekdays("pt")[0] == "segunda-feira" and weekdays("en", short=True)[6] == "Sun"
    assert weekdays("pt", short=True) == ("seg.", "ter.", "qua.", "qui.", "sex.", "sáb.", "dom.")


def test_the_pages_words_do_not_ship_to_the_browser() -> None:
    """The rules and examples pages' words are the build's alone: not in the table a
    page downloads, and nothing the browser runs imports the host's catalogues."""
    shipped = engine_files()
    assert "halfmoon/words/__init__.py" in shipped
    assert "halfmoon/host/locale.py" not in shipped
    assert not any(k.startswith(HOST_ONLY) for k in compile_language("pt").words)
    assert any(k.startswith("page.") for k in compile_language("pt", pages=True).words)
    for path in shipped:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import)\s+[\w.]*(host|babel)\b", source, re.M), path


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
        (["pt-BR", "en-US"], "pt-BR"),
        (["pt-PT", "pt-BR"], "pt"),
        (["pt-AO", "en"], "pt"),
        (["fr-FR", "en"], "fr"),
        (["fr-CA", "de"], "fr"),
        (["de-DE", "es-MX"], "es"),
        (["de-DE", "it"], "pt"),
        ([], "pt"),
        (["PT"], "pt"),
        (["es", "pt", "en"], "es"),
    ],
)
def test_first_visit_language(preferred: list[str], lang: str) -> None:
    assert pick_language(preferred) == lang


def test_language_override_values() -> None:
    assert normalise_language("en") == "en" and normalise_language("pt-PT") == "pt"
    assert normalise_language("EN") == "en"
    for bad in ("de", "", None, 3, "<script>"):
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
        ("pt_BR", "pt-BR"),
        ("PT-br", "pt-BR"),
        ("brasileiro", "pt-BR"),
        ("pt-PT", "pt"),
        ("pt-AO", "pt"),
        ("POR", "pt"),
        ("es-MX", "es"),
        ("Español", "es"),
        ("fr-CA", "fr"),
        ("français", "fr"),
        ("de", None),
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
    assert choose_language(None, None, ["de", "en-GB"]) == "en"  # then the browser
    assert choose_language(None, 7, []) == "pt"  # else Portuguese
    assert set(LANGUAGE_NAMES.values()) == set(LANGUAGES)


# ------------------------------------------------------------------ every count
NOUNS = r"jogadas?|cartas?|partidas?|pontos?|moves?|cards?|games?|points?"
COUNTED = re.compile(rf"\b(\d+) ({NOUNS})\b")


def agrees(words: str) -> bool:
    """Every "<number> <noun>" in ``words`` is singular exactly when the number is 1."""
    return all((n == "1") == (not noun.endswith("s")) for n, noun in COUNTED.findall(words))


def test_counts_in_pt_and_en() -> None:
    for lang, forms in {
        "pt": ("0 jogadas", "1 jogada", "2 jogadas", "48 jogadas"),
        "en": ("0 moves", "1 move", "2 moves", "48 moves"),
    }.items():
        assert tuple(count_text(n, "moves", lang) for n in (0, 1, 2, 48)) == forms


def test_no_count_is_written_into_a_phrase() -> None:
    """A number and its noun come from the plural rule (a Counted value, or a phrase
    with a form for one and for other), never from a template that says "{n} jogadas"."""
    for lang, table in COMPILED.items():
        for key, template in table.items():
            if key.startswith("count.") or key.endswith((".one", ".many", ".other")):
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
    for key, template in COMPILED[lang].items():
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


def test_the_page_reads_back_the_table_the_build_writes_and_refuses_any_other() -> None:
    """What the build writes for a language (static/words/<code>.json) is read back
    whole by the engine in the page; a damaged or foreign table is refused, saying why."""
    from halfmoon.words import from_json

    for code in LANGUAGES:
        built = compile_language(code)
        assert from_json(built.to_json()) == built
    good = compile_language("fr").to_json()
    for bad, why in (
        ("", "not JSON"),
        (good.replace('"format":1', '"format":2'), "format 1"),
        (good.replace('"months":["', '"months":["x","'), "months are not 12 names"),
        (good.replace('"plural":[["', '"plural":[["many",["mod"]],["'), "not a plural"),
        (good.replace('"words":{', '"words":{"x":3,'), "not texts by key"),
    ):
        with pytest.raises(ValueError, match=why):
            from_json(bad)


def test_a_language_whose_words_cannot_be_had_is_no_dead_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Offline, before the offline copy has kept a language (docs/reliability.md,
    "Offline"): picked in the options, the choice is undone and the window says why;
    asked for as the page starts (a link's ``?lang=``, the stored choice, the browser),
    the page speaks a language it has and its line says why, the choice kept."""
    from halfmoon import words
    from halfmoon.keeping.prefs import Prefs
    from halfmoon.session.session import Session

    game = Game.new("HM1-N-AAAAAAB")
    for before in (None, "en"):
        session = Session(game, Prefs(lang=before), "pt")
        assert session.change_option("language", "fr").lang == "fr"
        note = session.words_missing("fr")
        assert session.prefs.lang == before  # stored so: the next start is not in French
        assert note.text("pt").startswith("Não foi possível descarregar o idioma escolhido")
        assert session.language_wanted() == before  # French no more: the one before
    session = Session(game, Prefs(), "pt")
    session.change_option("language", "fr")
    session.change_option("language", "es")  # another choice made meanwhile stays
    session.words_missing("fr")
    assert session.prefs.lang == "es"

    # the page has only the words of European Portuguese and of English
    at_hand = {code: compile_language(code) for code in ("en", "pt")}
    monkeypatch.setattr(words, "_catalogues", {})
    monkeypatch.setattr(words, "_source", [at_hand.get])
    session = Session(game, Prefs(lang="fr"), "fr")
    said = session.speak_at_hand()
    assert said is not None and session.lang == "pt" and session.prefs.lang == "fr"
    assert said.text("pt").endswith("o Half Moon fala português de Portugal.")
    assert session.speak_at_hand() is None  # now at hand
    assert session.language_wanted() is None  # not asked for again at every option...
    session.change_option("language", "fr")
    assert session.language_wanted() == "fr"  # ... until the player chooses it again
    english = Session(game, Prefs(), "en")
    assert english.speak_at_hand() is None and english.lang == "en"
    monkeypatch.setattr(words, "_catalogues", {})
    monkeypatch.setattr(words, "_source", [lambda code: None])  # none at all: nothing to do
    assert Session(game, Prefs(), "fr").speak_at_hand() is None
