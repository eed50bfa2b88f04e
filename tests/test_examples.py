"""The examples page's stored games and the words the rules and examples pages compute."""

from __future__ import annotations

import shutil

import pytest

from halfmoon import Game
from halfmoon.host.examples import IMPASSE, WON, Example
from halfmoon.host.guide import impasse_reason, move_caption, position, replay, score_line
from halfmoon.host.locale import page_text, po_words
from halfmoon.rules.layout import SLOTS
from halfmoon.words.i18n import LANGUAGES, text
from tests.solver import legal_moves


def play(example: Example) -> Game:
    """Every move through ``tap``, checking each is accepted on its last tap only."""
    game = Game.new(example.code)
    for move in example.moves:
        assert game.status == "playing"
        results = [game.tap(slot) for slot in move]
        assert [r.outcome for r in results[:-1]] == ["select"] * (len(move) - 1), move
        assert results[-1].outcome == ("pair" if len(move) == 2 else "trio"), move
    return game


def test_the_won_example_is_legal_and_ends_won_in_48_moves_and_520_points() -> None:
    game = play(WON)
    assert (game.status, game.moves, game.score, game.cards_left) == ("won", 48, 520, 0)
    assert sum(len(m) == 2 for m in WON.moves) == 40
    assert sum(len(m) == 3 for m in WON.moves) == 8


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_prose_says_what_a_won_game_makes(lang: str) -> None:
    """The rules window, the rules page and the examples page say the moves and points
    of a won game, and the points of a pair and a trio, as the engine counts them."""
    game = play(WON)
    pair = Game.new(WON.code)
    pair.tap(WON.moves[0][0]), pair.tap(WON.moves[0][1])
    trio = Game.new(WON.code)
    for move in WON.moves[:2]:
        for slot in move:
            trio.tap(slot)
    trio_points = trio.score - pair.score
    rules = text(lang, "rules.body")
    assert f" {game.moves} " in rules and f" {game.score} " in rules
    assert f" {pair.score} " in rules and f" {trio_points}." in rules
    score = page_text(lang, "page.score.2")
    assert f"= {game.score} " in score and f" {game.moves} " in score
    assert f" {pair.score} " in page_text(lang, "page.score.1")
    lead = page_text(lang, "example.won.lead", code=WON.code)
    assert WON.code in lead and f" {game.moves} " in lead and f" {game.score} " in lead


def test_the_impasse_example_is_legal_and_ends_in_impasse() -> None:
    game = play(IMPASSE)
    assert game.status == "impasse" and game.cards_left > 0
    tops = game.tops()
    assert legal_moves(tops) == []
    # and it was not stuck a move earlier: the example shows how a game gets there
    assert position(IMPASSE, len(IMPASSE.moves) - 1).status == "playing"


def test_the_won_example_is_the_game_the_users_rules_text_quotes() -> None:
    """«na primeira jogada, o 5♠ do monte 1 e o 6♦ do monte 8 […] O monte 8 revela então
    um V♣, que é retirado na jogada seguinte com a D♥ do monte 5 e o R♥ do monte 3», and
    the refused taps it names (5♠ with A♥, two R♥) are possible in that deal."""
    game = Game.new(WON.code)
    tops = {s: game.top(s).code for s in game.playable()}  # type: ignore[union-attr]
    assert (tops["P1"], tops["P8"], tops["P5"], tops["P3"]) == ("5S", "6D", "QH", "KH")
    assert "AH" in tops.values() and list(tops.values()).count("KH") == 2
    assert WON.moves[:2] == (("P1", "P8"), ("P8", "P5", "P3"))
    game.tap("P1"), game.tap("P8")
    assert game.top("P8") is not None and game.top("P8").code == "JC"
    assert move_caption(position(WON, 0), WON.moves[0], 1, "pt") == (
        "Jogada 1: 5♠ do monte 1 e 6♦ do monte 8 (5 + 6 = 11)"
    )
    assert move_caption(position(WON, 0), WON.moves[0], 1, "en") == (
        "Move 1: 5♠ from pile 1 and 6♦ from pile 8 (5 + 6 = 11)"
    )
    assert move_caption(game, WON.moves[1], 2, "pt") == (
        "Jogada 2: V♣ do monte 8, D♥ do monte 5 e R♥ do monte 3 (Valete, Dama e Rei)"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("example", [WON, IMPASSE], ids=["won", "impasse"])
def test_every_frame_of_a_replay_is_the_engines_position(example: Example, lang: str) -> None:
    frames = replay(example, lang)
    assert len(frames) == len(example.moves) + 1
    for number, frame in enumerate(frames):
        game = position(example, number)
        assert frame.number == number + 1
        assert (frame.score, frame.moves) == (game.score, game.moves)
        for slot in SLOTS:
            top = game.top(slot)
            assert frame.views[slot].card == (top.code if top else None)
            assert frame.views[slot].count == game.count(slot)
        if number < len(example.moves):
            assert frame.highlight == example.moves[number]
            assert frame.caption == move_caption(game, example.moves[number], number + 1, lang)
        # what the previous move uncovered is what its piles show now
        if number:
            before = example.moves[number - 1]
            assert set(frame.revealed) == {
                s for s in before if s.startswith("P") and game.top(s) is not None
            }
    assert frames[0].revealed == () and frames[0].note == ""


def test_the_score_line_counts_moves_in_words() -> None:
    assert score_line(10, 1, "pt") == "10 pontos · 1 jogada"
    assert score_line(0, 0, "pt") == "0 pontos · 0 jogadas"
    assert score_line(520, 48, "en") == "520 points · 48 moves"
    assert score_line(10, 1, "en") == "10 points · 1 move"


def test_replay_captions_use_the_reserve_places_names() -> None:
    index = next(i for i, m in enumerate(WON.moves) if any(s.startswith("R") for s in m))
    frame = replay(WON, "en")[index]
    reserve = [s for s in WON.moves[index] if s.startswith("R")]
    assert f"from reserve {reserve[0]}" in frame.caption


def test_the_last_frames_say_how_the_games_ended() -> None:
    assert replay(WON, "pt")[-1].caption == (
        "Partida ganha: as 104 cartas saíram em 48 jogadas, 520 pontos."
    )
    end = replay(IMPASSE, "en")[-1].caption
    assert end.startswith(f"Impasse after {len(IMPASSE.moves)} moves")
    assert impasse_reason(position(IMPASSE, len(IMPASSE.moves)), "en") in end


@pytest.mark.parametrize(
    ("piles", "reserve", "pt", "en"),
    [
        (
            [["3S"], ["5H"], ["JS"], ["KD"]],
            [None] * 8,
            "Os números à vista são 3 e 5; para somar 11 seria preciso 8 ou 6, e nenhum "
            "está à vista. Não há nenhuma Dama à vista, por isso também não há trio.",
            "The numbers in play are 3 and 5; making 11 would take 8 or 6, and none is "
            "in play. There is no Queen in play, so there is no trio either.",
        ),
        (
            [["AS"], ["AH"], ["QC"]],
            ["2D", None, None, None, None, None, None, None],
            "Os números à vista são A e 2; para somar 11 seria preciso 10 ou 9, e nenhum "
            "está à vista. Não há nenhum Valete nem nenhum Rei à vista, por isso também não "
            "há trio.",
            "The numbers in play are A and 2; making 11 would take 10 or 9, and none is in "
            "play. There is no Jack and no King in play, so there is no trio either.",
        ),
        (
            [["JS"], ["JH"]],
            [None] * 8,
            "Não há nenhuma carta numérica à vista, por isso não há pares. Não há nenhuma "
            "Dama nem nenhum Rei à vista, por isso também não há trio.",
            "No number card is in play, so there is no pair. There is no Queen and no King "
            "in play, so there is no trio either.",
        ),
        (
            [["7S"]],
            [None] * 8,
            "Os números à vista são 7; para somar 11 seria preciso 4, e nenhum está à vista. "
            "Não há figuras à vista, por isso também não há trio.",
            "The numbers in play are 7; making 11 would take 4, and none is in play. No face "
            "card is in play, so there is no trio either.",
        ),
    ],
)
def test_an_impasse_is_explained_from_the_cards_in_play(
    piles: list[list[str]], reserve: list[str | None], pt: str, en: str
) -> None:
    game = Game.from_layout(piles + [[]] * (12 - len(piles)), reserve)
    assert game.status == "impasse"
    assert impasse_reason(game, "pt") == pt
    assert impasse_reason(game, "en") == en


def test_page_words_exist_in_every_language() -> None:
    said = {lang: po_words(lang) for lang in LANGUAGES}
    page_keys = {k for k in said["pt"] if k.split(".")[0] in {"step", "page"}}
    assert page_keys and all(page_keys <= said[lang].keys() for lang in LANGUAGES)


@pytest.mark.skipif(shutil.which("gcc") is None, reason="the scan needs a C compiler")
def test_the_example_search_finds_the_stored_deal() -> None:
    """The compiled scan agrees with the Python dealer on the deal it found."""
    from halfmoon.rules.deal import parse_code
    from tests.find_examples import scan, won_line

    number = parse_code(WON.code)
    assert scan(number - 2000, number + 2000) == [number]
    found = won_line(number)
    assert found is not None and found[0] == WON.code
    assert tuple(found[1][:2]) == WON.moves[:2]


def test_a_stored_move_that_is_not_legal_stops_the_build() -> None:
    wrong = Example(WON.code, (("P1", "P3"),))  # 5♠ with K♥: no pair
    with pytest.raises(ValueError, match="is not a move here"):
        replay(wrong, "pt")
    with pytest.raises(ValueError, match="is not a move here"):
        position(wrong, 1)
