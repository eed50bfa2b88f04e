"""A game of Half Moon: the table, the tap state machine, score, undo/redo and clock.

The table is 20 places (12 piles, then 8 reserve places), each a stack of cards from
bottom to top; a reserve place holds at most one card.  Only top cards are playable,
so a removal pops one card from each place it uses and an undo pushes it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from . import game_format
from .cards import Card
from .clock import Clock
from .deal import canonical_code, deal, parse_code, random_code
from .layout import PILE_COUNT, SLOTS, read_layout, slot_index
from .rules import PAIR_POINTS, TRIO_POINTS, cannot_complete, has_move, is_pair, is_trio

Outcome = Literal["select", "deselect", "pair", "trio", "replace", "clear", "ignored"]
ErrorKind = Literal["sum", "trio"]
Status = Literal["playing", "won", "impasse"]

PLAYING: Final = "playing"
WON: Final = "won"
IMPASSE: Final = "impasse"


@dataclass(frozen=True, slots=True)
class Removal:
    """One move: the places used, in tap order, and the cards that left them."""

    slots: tuple[str, ...]
    cards: tuple[Card, ...]

    @property
    def kind(self) -> Literal["pair", "trio"]:
        return "pair" if len(self.slots) == 2 else "trio"

    @property
    def points(self) -> int:
        return PAIR_POINTS if len(self.slots) == 2 else TRIO_POINTS


@dataclass(frozen=True, slots=True)
class TapResult:
    """What a tap did.

    ``outcome``: ``"select"`` (the card joined the selection), ``"deselect"``,
    ``"pair"`` / ``"trio"`` (removed), ``"replace"`` (a face of the same rank took
    the place of a selected one), ``"clear"`` (a wrong card emptied the selection) or
    ``"ignored"`` (nothing playable there, or the game is over).  ``error`` is
    ``"sum"`` or ``"trio"`` when the tap was a mistake the player may be told about.
    """

    outcome: Outcome
    error: ErrorKind | None
    selection: tuple[str, ...]
    removal: Removal | None = None
    status: Status = "playing"


class Game:
    """A Half Moon position with its history.  Create with :meth:`new`,
    :meth:`from_layout` or :meth:`from_dict`.

    The rules let a player take back the last 100 removals; a game never has more than
    48 (40 pairs and 8 trios clear the table), so every removal can be undone."""

    __slots__ = (
        "_clock",
        "_code",
        "_history",
        "_layout",
        "_places",
        "_redo",
        "_score",
        "_selection",
        "_started",
        "_status",
    )

    def __init__(
        self,
        places: list[list[Card]],
        *,
        code: str | None,
        layout: tuple[tuple[tuple[str, ...], ...], tuple[str | None, ...]] | None,
    ) -> None:
        self._places = places
        self._code = code
        self._layout = layout
        self._history: list[Removal] = []
        self._redo: list[Removal] = []
        self._selection: tuple[str, ...] = ()
        self._score = 0
        self._clock = Clock()
        self._started = False
        self._status: Status = self._compute_status()

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, code: str | None = None) -> Game:
        """The deal for ``code`` (any case, spaces around allowed), or a random deal.

        Raises :class:`~halfmoon.rules.deal.CodeError` (a ``ValueError``) for an invalid code.

        >>> Game.new("  hm1-n-aaaaaab ").code
        'HM1-N-AAAAAAB'
        >>> Game.new("HM1-N-AAAA")
        Traceback (most recent call last):
          ...
        halfmoon.rules.deal.CodeError: the last part must have 7 letters; it has 4
        """
        canonical = random_code() if code is None else canonical_code(code)
        piles, reserve = deal(parse_code(canonical))
        places = [list(p) for p in piles] + [[c] for c in reserve]
        return cls(places, code=canonical, layout=None)

    @classmethod
    def from_layout(cls, piles: Sequence[Sequence[str]], reserve: Sequence[str | None]) -> Game:
        """A position from card codes: 12 piles bottom → top and 8 reserve entries
        (a code or ``None``).  Raises ``ValueError`` for impossible input."""
        places = read_layout(piles, reserve)
        layout = (
            tuple(tuple(c.code for c in stack) for stack in places[:PILE_COUNT]),
            tuple(stack[0].code if stack else None for stack in places[PILE_COUNT:]),
        )
        return cls(places, code=None, layout=layout)

    # --------------------------------------------------------------- the table
    @property
    def code(self) -> str | None:
        """The canonical deal code, or ``None`` for a position made by from_layout."""
        return self._code

    @property
    def piles(self) -> list[list[Card]]:
        """The 12 piles, bottom → top (a copy)."""
        return [list(stack) for stack in self._places[:PILE_COUNT]]

    @property
    def reserve(self) -> list[Card | None]:
        """The 8 reserve places (a copy)."""
        return [stack[-1] if stack else None for stack in self._places[PILE_COUNT:]]

    def top(self, slot: str) -> Card | None:
        """The playable card of a place, or ``None`` if it is empty."""
        stack = self._places[slot_index(slot)]
        return stack[-1] if stack else None

    def count(self, slot: str) -> int:
        """How many cards a place holds."""
        return len(self._places[slot_index(slot)])

    def playable(self) -> tuple[str, ...]:
        """The places that hold a card, in place order."""
        return tuple(s for s, stack in zip(SLOTS, self._places) if stack)

    def tops(self) -> dict[str, Card]:
        """Every playable card by its place, in place order."""
        return {s: stack[-1] for s, stack in zip(SLOTS, self._places) if stack}

    @property
    def cards_left(self) -> int:
        return sum(len(stack) for stack in self._places)

    # ----------------------------------------------------------------- counters
    @property
    def selection(self) -> tuple[str, ...]:
        """The selected places, in tap order."""
        return self._selection

    @property
    def score(self) -> int:
        """10 points per pair and 15 per trio on the table's removals now."""
        return self._score

    @property
    def moves(self) -> int:
        """Removals made and not undone (a pair or a trio is one move)."""
        return len(self._history)

    @property
    def status(self) -> Status:
        """``"playing"``, ``"won"`` (the table is empty) or ``"impasse"`` (no move)."""
        return self._status

    @property
    def history(self) -> tuple[Removal, ...]:
        """The removals made, in order (undone ones are not among them)."""
        return tuple(self._history)

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        """Whether an undone removal can be made again (until a new one is made)."""
        return bool(self._redo)

    @property
    def started(self) -> bool:
        """Whether the player has tapped this deal yet (the clock starts then)."""
        return self._started

    def elapsed(self, now: float | None = None) -> float:
        """Milliseconds of play (see :class:`~halfmoon.rules.clock.Clock`)."""
        return self._clock.elapsed(now)

    @property
    def clock_running(self) -> bool:
        return self._clock.running

    def _compute_status(self) -> Status:
        tops = [stack[-1] for stack in self._places if stack]
        if not tops:
            return WON
        return PLAYING if has_move(tops) else IMPASSE

    # -------------------------------------------------------------- placement help
    def dimmed(self) -> frozenset[str]:
        """Playable places whose card could not complete a pair or trio with the
        current selection (empty when nothing is selected): see
        :func:`~halfmoon.rules.rules.cannot_complete`."""
        if not self._selection:
            return frozenset()
        tops = self.tops()
        chosen = [tops[s] for s in self._selection]
        others = {s: c for s, c in tops.items() if s not in self._selection}
        return cannot_complete(chosen, others)

    # --------------------------------------------------------------------- taps
    def tap(self, slot: str, now: float | None = None) -> TapResult:
        """Tap the card of ``slot`` (docs/design.md, "Tapping").  ``now`` feeds the
        clock, which starts at the first tap of a deal.

        9♠ and 2♥ make 11: the first tap selects, the second takes the pair; a wrong
        card clears the selection, and says why:

        >>> game = Game.new("HM1-N-AAAAAAA")
        >>> game.tap("P4").selection
        ('P4',)
        >>> game.tap("P5").removal
        Removal(slots=('P4', 'P5'), cards=(Card('9S'), Card('2H')))
        >>> game.score, game.moves, game.top("P4")
        (10, 1, Card('AS'))
        >>> game.tap("P1").outcome  # 7♥ ...
        'select'
        >>> wrong = game.tap("P2")  # ... and K♥ do not go together
        >>> wrong.outcome, wrong.error, game.selection
        ('clear', 'sum', ())

        A Jack, a Queen and a King leave together, whatever their suits:

        >>> [game.tap(slot).outcome for slot in ("P2", "P3", "R7")], game.score
        (['select', 'select', 'trio'], 25)
        """
        index = slot_index(slot)
        stack = self._places[index]
        if self._status != PLAYING or not stack:
            return TapResult("ignored", None, self._selection, None, self._status)
        if not self._started:
            self._started = True
            if now is not None:
                self._clock.start(now)
        tapped = stack[-1]
        selection = self._selection
        if slot in selection:
            self._selection = tuple(s for s in selection if s != slot)
            return self._result("deselect", None)
        if not selection:
            self._selection = (slot,)
            return self._result("select", None)
        first = self._places[slot_index(selection[0])][-1]
        if not first.is_face:
            if is_pair(first, tapped):
                return self._remove(selection + (slot,), now)
            self._selection = ()
            return self._result("clear", "sum")
        if not tapped.is_face:
            self._selection = ()
            return self._result("clear", "trio")
        chosen = [self._places[slot_index(s)][-1] for s in selection]
        same = [s for s, c in zip(selection, chosen) if c.rank == tapped.rank]
        if same:
            self._selection = tuple(s for s in selection if s != same[0]) + (slot,)
            return self._result("replace", "trio")
        if len(selection) == 1:
            self._selection = selection + (slot,)
            return self._result("select", None)
        return self._remove(selection + (slot,), now)

    def _result(self, outcome: Outcome, error: ErrorKind | None) -> TapResult:
        return TapResult(outcome, error, self._selection, None, self._status)

    def _remove(self, slots: tuple[str, ...], now: float | None) -> TapResult:
        cards = tuple(self._places[slot_index(s)][-1] for s in slots)
        removal = Removal(slots, cards)
        self._apply(removal, now)
        self._redo.clear()
        return TapResult(removal.kind, None, (), removal, self._status)

    def _apply(self, removal: Removal, now: float | None) -> None:
        for s in removal.slots:
            self._places[slot_index(s)].pop()
        self._history.append(removal)
        self._score += removal.points
        self._selection = ()
        self._status = self._compute_status()
        if self._status != PLAYING and now is not None:
            self._clock.stop(now)

    # ----------------------------------------------------------------- undo/redo
    def undo(self, now: float | None = None) -> bool:
        """Take back the last removal (clearing the selection); ``False``, with nothing
        changed at all, if there is none to take back.

        >>> game = Game.new("HM1-N-AAAAAAA")
        >>> game.tap("P4").outcome, game.tap("P5").outcome
        ('select', 'pair')
        >>> game.undo(), game.top("P4"), game.score, game.can_redo
        (True, Card('9S'), 0, True)
        >>> game.redo(), game.top("P4"), game.score, game.can_redo
        (True, Card('AS'), 10, False)
        >>> game.undo(), game.undo()
        (True, False)
        """
        if not self.can_undo:
            return False
        removal = self._history.pop()
        for s, c in zip(removal.slots, removal.cards):
            self._places[slot_index(s)].append(c)
        self._redo.append(removal)
        self._score -= removal.points
        self._selection = ()
        was_over = self._status != PLAYING
        self._status = self._compute_status()
        if was_over and self._status == PLAYING and self._started and now is not None:
            self._clock.start(now)
        return True

    def redo(self, now: float | None = None) -> bool:
        """Re-apply the last undone removal (clearing the selection); ``False``, with
        nothing changed at all, if there is none."""
        if not self._redo:
            return False
        self._selection = ()
        self._apply(self._redo.pop(), now)
        return True

    # --------------------------------------------------------------------- clock
    def pause(self, now: float) -> None:
        """The page was hidden: the clock stops until :meth:`resume`."""
        self._clock.stop(now)

    def show_time(self, elapsed_ms: float) -> None:
        """A game that is over shows ``elapsed_ms`` on its stopped clock: its end as it
        was recorded (:mod:`halfmoon.records.ending`), when the player comes back to it by
        redoing.  Nothing changes while the game goes on."""
        if self._status != PLAYING:
            self._clock = Clock(elapsed_ms)

    def resume(self, now: float) -> None:
        """The page is visible again: the clock runs if the deal is under way."""
        if self._started and self._status == PLAYING:
            self._clock.start(now)

    # ------------------------------------------------------------------ snapshots
    def to_dict(self, now: float | None = None) -> dict[str, Any]:
        """A JSON-safe snapshot: deal (code or layout), removals, redo, selection,
        clock.  ``now`` reads a running clock exactly.

        >>> game = Game.new("HM1-N-AAAAAAA")
        >>> [game.tap(slot).outcome for slot in ("P4", "P5", "P1")]
        ['select', 'pair', 'select']
        >>> again = Game.from_dict(game.to_dict())
        >>> again.moves, again.score, again.selection, again.top("P4")
        (1, 10, ('P1',), Card('AS'))
        """
        return game_format.encode(
            code=self._code,
            layout=self._layout,
            removals=[r.slots for r in self._history],
            redo=[r.slots for r in reversed(self._redo)],
            selection=self._selection,
            elapsed_ms=self._clock.elapsed(now),
            started=self._started,
        )

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """Rebuild a game from :meth:`to_dict`'s output.  Anything corrupt, tampered
        or from an unknown version raises ``ValueError``; nothing is half-loaded.
        The clock is restored stopped: call :meth:`resume` to run it.

        Every removal is replayed on the deal, so a move the rules forbid is found:

        >>> snapshot = Game.new("HM1-N-AAAAAAA").to_dict()
        >>> Game.from_dict({**snapshot, "removals": [["P1", "P2"]]})
        Traceback (most recent call last):
          ...
        halfmoon.rules.game_format.SnapshotError: removal 1 (7H KH) is not a pair or trio
        """
        snap = game_format.decode(data)
        try:
            if snap.code is not None:
                game = cls.new(snap.code)
                if game.code != snap.code:
                    raise ValueError("the deal code is not in canonical form")
            else:
                assert snap.layout is not None
                game = cls.from_layout(*snap.layout)
        except ValueError as exc:
            raise game_format.SnapshotError(f"bad deal: {exc}") from None
        for number, slots in enumerate(snap.removals + snap.redo, start=1):
            game._replay(slots, number)
        for _ in snap.redo:
            if not game.undo():
                raise game_format.SnapshotError("too many undone removals")
        game._started = snap.started or bool(snap.removals) or bool(snap.redo)
        game._clock = Clock(snap.elapsed_ms)
        for slot in snap.selection:
            result = game.tap(slot)
            if result.outcome != "select":
                raise game_format.SnapshotError(f"impossible selection {snap.selection}")
        return game

    def _replay(self, slots: tuple[str, ...], number: int) -> None:
        if self._status != PLAYING:
            raise game_format.SnapshotError(f"removal {number} comes after the game ended")
        cards = []
        for s in slots:
            stack = self._places[slot_index(s)]
            if not stack:
                raise game_format.SnapshotError(f"removal {number} uses the empty place {s}")
            cards.append(stack[-1])
        legal = is_pair(*cards) if len(cards) == 2 else is_trio(cards)
        if not legal:
            codes = " ".join(c.code for c in cards)
            raise game_format.SnapshotError(f"removal {number} ({codes}) is not a pair or trio")
        self._apply(Removal(slots, tuple(cards)), None)


def play_move(game: Game, move: tuple[str, ...]) -> None:
    """Tap a stored move; ``ValueError`` unless its last tap removes the cards."""
    results = [game.tap(slot) for slot in move]
    if results[-1].outcome not in ("pair", "trio"):
        raise ValueError(f"{game.code}: {move} is not a move here")
