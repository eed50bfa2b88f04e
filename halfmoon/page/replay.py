"""Replays: a game drawn move by move, as the examples page and the history's replay
show it — each position with its places' names and counts, the move about to be played
marked, what the move before uncovered, and a caption computed from the move itself.

Pure and browser-free: the site build writes the examples page from it
(``tools/build_pages.py``) and the page's history dialog draws a player's own games with
it (``halfmoon/web/games.py``).  Every move is checked on the deal as it is replayed: a
stored game that is not legal raises ``ValueError`` and draws nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..rules.cards import FACES, Card
from ..rules.game import Game, play_move
from ..rules.layout import is_pile, place_number
from ..rules.rules import partner
from ..words.i18n import Counted, card_label, count_text, rank_label, text, text_for
from .view import PlaceView, table_view

PLAY_MS: Final = 1400
"""The pace of a replay that plays on its own, one move each: in the game's window of
a kept game (``halfmoon/web/games.py``) and on the examples page (the build writes it
into each stepper for ``static/pages.js``)."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One diagram of a replay: the position before move ``number`` (or the final
    position when ``number`` is past the last move), with that move's places marked."""

    number: int
    views: dict[str, PlaceView]
    highlight: tuple[str, ...]
    revealed: tuple[str, ...]
    caption: str
    note: str
    score: int
    moves: int


def from_place(slot: str, lang: str) -> str:
    """``do monte 8`` / ``from reserve R3``."""
    kind = "guide.from.pile" if is_pile(slot) else "guide.from.reserve"
    return text(lang, kind, n=place_number(slot))


def _tops(game: Game, slots: tuple[str, ...]) -> list[Card]:
    cards = []
    for slot in slots:
        card = game.top(slot)
        if card is None:
            raise ValueError(f"{slot} is empty")
        cards.append(card)
    return cards


def move_words(game: Game, move: tuple[str, ...], lang: str) -> dict[str, object]:
    """The words of a move's cards for a caption: ``a``, ``b``, ``c`` (``5♠``), where
    each comes from (``from_a`` …: ``do monte 1``) and their values (``x``, ``y``, ``z``)."""
    words: dict[str, object] = {}
    for name, value, slot, card in zip("abc", "xyz", move, _tops(game, move), strict=False):
        words[name] = card_label(card, lang)
        words["from_" + name] = from_place(slot, lang)
        words[value] = card.rank
    return words


def move_caption(game: Game, move: tuple[str, ...], number: int, lang: str) -> str:
    """``Jogada 1: 5♠ do monte 1 e 6♦ do monte 8 (5 + 6 = 11)``, for a move about to be
    played on ``game``."""
    kind = "guide.move.pair" if len(move) == 2 else "guide.move.trio"
    return text(lang, kind, n=number, **move_words(game, move, lang))


def moves_words(moves: int, lang: str) -> str:
    """``1 jogada`` / ``48 moves``."""
    return count_text(moves, "moves", lang)


def score_line(score: int, moves: int, lang: str) -> str:
    """``10 pontos · 1 jogada`` / ``520 points · 48 moves``."""
    points, made = Counted(score, "points"), Counted(moves, "moves")
    return text(lang, "diagram.stats", points=points, moves=made)


def _join(items: list[str], lang: str, last: str = "guide.and") -> str:
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + text(lang, last) + items[-1]


def impasse_reason(game: Game, lang: str) -> str:
    """Why no move is left: the numbers in play and their missing partners, and the face
    rank(s) a trio would lack."""
    cards = list(game.tops().values())
    numbers = sorted({c.rank for c in cards if not c.is_face})
    faces = {c.rank for c in cards if c.is_face}
    label = {c.rank: rank_label(c, lang) for c in cards}
    if numbers:
        partners = sorted({partner(n) for n in numbers}, reverse=True)
        ace = text(lang, "rank-short.1")
        parts = [
            text(
                lang,
                "guide.impasse.pairs",
                values=_join([label[n] for n in numbers], lang),
                partners=_join([ace if p == 1 else str(p) for p in partners], lang, "guide.or"),
            )
        ]
    else:
        parts = [text(lang, "guide.impasse.no-numbers")]
    missing = [text(lang, f"guide.face.{r}") for r in FACES if r not in faces]
    if len(missing) == 3:
        parts.append(text(lang, "guide.impasse.no-faces"))
    elif missing:
        parts.append(
            text(lang, "guide.impasse.trio", missing=text(lang, "guide.nor").join(missing))
        )
    return " ".join(parts)


def uncovered_note(after: Game, move: tuple[str, ...], number: int, lang: str) -> str:
    """What a move left in view on the piles it touched (reserve places just empty)."""
    cards, emptied = [], []
    for slot in filter(is_pile, move):
        card = after.top(slot)
        if card is None:
            emptied.append(str(place_number(slot)))
        else:
            cards.append(
                text(
                    lang, "guide.uncovered.card", card=card_label(card, lang), p=place_number(slot)
                )
            )
    parts = [text(lang, "guide.uncovered", n=number, what=_join(cards, lang))] if cards else []
    if emptied:
        parts.append(text_for(lang, "guide.emptied", len(emptied), p=_join(emptied, lang)))
    return " ".join(parts)


def position_text(frame: Frame, total: int, lang: str) -> str:
    """``Jogada 3 de 48``, or the end of the game for the last frame."""
    if frame.number > total:
        return text(lang, "step.end")
    return text(lang, "step.position", n=frame.number, total=total)


def frames(code: str, moves: Sequence[tuple[str, ...]], lang: str) -> list[Frame]:
    """One frame per move (the position before it, its places highlighted, its caption)
    and a last frame with the final position and how the game ended: won, stuck (and
    why), or left with cards on the table.

    >>> from halfmoon.host.locale import use_locale
    >>> use_locale()  # on the host, the words come from locale/*.po
    >>> last = frames("HM1-N-AAAAAAA", [("P4", "P5")], "en")[-1]
    >>> last.caption
    'Game left after 1 move (10 points), with 102 cards on the table.'
    >>> last.note
    'Move 1 uncovered A♠ on pile 4 and 6♥ on pile 5.'
    """
    game = Game.new(code)
    out: list[Frame] = []
    revealed: tuple[str, ...] = ()
    note = ""
    for number, move in enumerate(moves, start=1):
        out.append(
            Frame(
                number,
                table_view(game, lang, placement_help=False),
                move,
                revealed,
                move_caption(game, move, number, lang),
                note,
                game.score,
                game.moves,
            )
        )
        play_move(game, move)
        note = uncovered_note(game, move, number, lang)
        revealed = tuple(s for s in move if is_pile(s) and game.top(s) is not None)
    out.append(
        Frame(
            len(moves) + 1,
            table_view(game, lang, placement_help=False),
            (),
            revealed,
            ending(game, lang),
            note,
            game.score,
            game.moves,
        )
    )
    return out


def ending(game: Game, lang: str) -> str:
    """How a replayed game ended, in words."""
    if game.status == "won":
        return text(lang, "guide.won", moves=_moves(game), points=_points(game))
    if game.status == "impasse":
        end = text(lang, "guide.impasse", moves=_moves(game), points=_points(game))
        return end + " " + impasse_reason(game, lang)
    left = Counted(game.cards_left, "cards")
    return text(lang, "guide.left", moves=_moves(game), points=_points(game), left=left)


def _moves(game: Game) -> Counted:
    return Counted(game.moves, "moves")


def _points(game: Game) -> Counted:
    return Counted(game.score, "points")
