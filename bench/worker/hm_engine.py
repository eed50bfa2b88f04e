"""The engine's side of the worker prototype (issue 54): run by Pyodide in a module
worker (bench/worker/engine.js), the unmodified engine behind it.

Every call takes and returns plain strings, so nothing but text crosses the worker's
boundary and no JavaScript object is ever held by Python (a memory snapshot keeps
none).  The page (MicroPython, bench/worker/page.py) draws what :func:`view` returns:
each place of the table (:func:`halfmoon.page.view.table_view` through the session's
presenter), the bar's counters, what the game says, and the play to keep when the
session asks for a save (the page keeps it: a worker has no ``localStorage``).

Not shipped with the site: ``make bench-worker`` and tests/browser/
test_worker_prototype.py build it beside the site they serve.
"""

from __future__ import annotations

import json
from dataclasses import asdict

from halfmoon import words
from halfmoon.keeping.books import Books
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.saved import Play, read_play, write_play
from halfmoon.records.safejson import Invalid
from halfmoon.rules.layout import SLOTS
from halfmoon.session.feedback import Feedback
from halfmoon.session.presenter import Presenter
from halfmoon.session.session import Session
from halfmoon.words import from_json

LANG = "pt"
PLACE = ("count", "card", "rank", "suit", "red", "face", "aria", "pressed", "dimmed")
"""A place's fields as the page reads them, in this order."""


class _Kept:
    """The session's library: the one play the page kept (a prototype keeps one)."""

    def __init__(self, play: Play | None) -> None:
        self.play = play

    def find(self, code: str) -> Play | None:
        return self.play if self.play is not None and self.play.code == code else None


class _State:
    session: Session | None = None
    presenter: Presenter | None = None


_state = _State()


def _session() -> tuple[Session, Presenter]:
    if _state.session is None or _state.presenter is None:
        raise RuntimeError("no session: open one first")
    return _state.session, _state.presenter


def open_session(asked: str, now: float) -> str:
    """The session the page opens with: ``asked`` is JSON with the words of the page's
    language (``words``: static/words/<lang>.json), the play the page kept (``saved``,
    as :func:`write_play` wrote it, or empty) and the address's fragment."""
    request = json.loads(asked)
    words.install(from_json(request["words"]))
    last: Play | None = None
    if request.get("saved"):
        try:
            last = read_play(request["saved"])
        except Invalid:
            last = None
    session, _notice = Session.start(
        last=last,
        library=_Kept(last),
        prefs=Prefs(),
        fragment=request.get("fragment", ""),
        lang=LANG,
        books=Books(),
    )
    _state.session, _state.presenter = session, Presenter(session)
    return view(Feedback(lang=LANG, save=True), now)


def tap(slot: str, now: float) -> str:
    session, _ = _session()
    return view(session.tap(slot, now), now)


def undo(_arg: str, now: float) -> str:
    session, _ = _session()
    return view(session.undo(now), now)


def new_game(_arg: str, now: float) -> str:
    session, _ = _session()
    return view(session.new_game(now), now)


def view(feedback: Feedback, now: float) -> str:
    """What the page draws after an action, as JSON."""
    session, presenter = _session()
    table = presenter.table()
    places = {slot: [asdict(table[slot])[field] for field in PLACE] for slot in SLOTS}
    counters = presenter.counters(now)
    saved = write_play(session.play, session.books.wall(), clock_at=now) if feedback.save else ""
    return json.dumps(
        {
            "places": places,
            "bar": {
                "score": counters.score,
                "moves": counters.moves,
                "code": counters.code,
                "undo": counters.can_undo,
                "status": counters.status,
            },
            "said": feedback.message,
            "refused": list(feedback.refused),
            "save": saved,
        },
        separators=(",", ":"),
        ensure_ascii=False,
    )
