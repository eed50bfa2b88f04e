"""The start-up's last two steps: the painted table taken over; then, a task later, the
game made ready, what the player did meanwhile played, and what this tab could not hear
while it started."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]

from ..i18n import Phrase, html_lang
from ..painted import same_table
from ..presenter import Presenter
from ..session import Session
from ..welcome import welcome
from .autosave import AutoSave
from .bar import Bar
from .clock import now
from .control import Controller
from .dialogs import Dialogs
from .dom import absent
from .input import Input
from .links import Links
from .persistence import Persistence
from .render import Renderer
from .table_commands import TableCommands
from .tabs import OtherTabs
from .welcome import Welcome


class Startup:
    """Takes over from the start-up script once every room but the input is connected
    (:meth:`run`): keeps the table it painted (or draws another), writes the page in the
    session's language, greets a first visit and saves a deal not yet saved.  Then, in a
    task of its own (:meth:`follow`), connects the input, says the game is ready, plays
    the taps kept meanwhile, and catches up with the address and other tabs.

    Until :meth:`follow` the start-up script keeps what the player does, as it did
    while Python started (``static/boot/kept.js``): between the two, the page is drawn
    and a tap that came meanwhile is kept, to be played after the others, in its order
    (docs/performance.md, "A phone")."""

    def __init__(
        self,
        session: Session,
        shown: Presenter,
        control: Controller,
        *,
        render: Renderer,
        bar: Bar,
        dialogs: Dialogs,
        links: Links,
        saves: Persistence,
        autosave: AutoSave,
        input: Input,
        tabs: OtherTabs,
        greeting: Welcome,
        table: TableCommands,
        build: str,
        connect: Callable[[], None],
    ) -> None:
        self.session, self.shown, self.control = session, shown, control
        self.render, self.bar, self.dialogs, self.links = render, bar, dialogs, links
        self.saves, self.autosave, self.input, self.tabs = saves, autosave, input, tabs
        self.greeting, self.table, self.build = greeting, table, build
        self.connect = connect  # the page's input, connected to the game
        self.keeper: Any = None  # the start-up script's, while it keeps what is done
        self.fragment = self.address = ""  # the address at the opening, and at run()
        self.seen: dict[str, str | None] = {}

    def run(
        self,
        *,
        first: bool,
        said: tuple[Phrase, ...],
        fragment: str,
        seen: dict[str, str | None],
    ) -> None:
        """The table taken over, ready to be played.  ``first``: a first visit;
        ``said``: what opening the session said; ``fragment``: the address at the
        opening; ``seen``: the keys another tab may change, as they were at the
        opening."""
        doc, win, root = js.document, js.window, js.document.documentElement
        control, session, shown, render = self.control, self.session, self.shown, self.render
        address = str(win.location.hash or "")  # a link followed while the game started
        t = now()
        session.hold("hidden", t, bool(doc.hidden))  # the clock runs while the page is seen
        # The start-up script painted the saved table (static/boot/paint.js) if it could:
        # the same table as the session's is kept as it is, and what the player did on it
        # meanwhile is played by follow(); another (another tab moved on) is drawn again.
        start: Any = getattr(win, "halfmoonStart", None)
        painted = None if absent(start) else start.painted
        views = shown.table()
        same = isinstance(painted, str) and same_table(painted, shown.painted(t, self.build, views))
        self.fragment, self.address, self.seen = fragment, address, seen
        if same:
            self.keeper = start  # what is done on this table is played by follow()
        else:  # what was done on another table is dropped, and the input connected now
            if not absent(start):
                start.take()
            self.connect()
        render.take_over(views if same else None)
        if str(root.lang) != html_lang(session.lang):
            render.words(session.lang)  # the start-up script wrote the page in another language
        self.bar.today(shown.day.day)
        self.dialogs.show_options(session.prefs, session.lang)
        control.show(t)
        self.links.show(session.game.code)
        if first and not said:  # a first visit says what to do, once
            self.greet()
        else:
            control.say(said)
        # a link opened another deal: the play saved last was left for it
        self.saves.queue(session.opened.counts, session.opened.recorded)
        if session.play.rev == 0:  # a deal not yet saved: saved now, so a reload finds it
            self.autosave.save(t)
        else:
            self.saves.flush()
            self.autosave.notice()

    def follow(self) -> None:
        """A task after :meth:`run`: the input connected, the game said ready, what the
        player did on the painted table played, as if made this moment (a pair tapped
        meanwhile leaves), and what this tab could not hear while it started: the
        address, another tab's save; and a challenge link that would deal again the
        game under way, asked about now."""
        root, control, t = js.document.documentElement, self.control, now()
        keeper, self.keeper = self.keeper, None
        kept = [] if keeper is None else keeper.take().to_py()
        if keeper is not None:
            self.connect()
        self.render.ready()
        root.dataset.build = self.build
        root.dataset.app = "ready"
        js.performance.mark("halfmoon-ready")  # read by make bench, in every engine
        control.post("ready", t)
        control.end_dialog(t)
        self.input.replay(kept)
        if self.address != self.fragment or self.session.asks is not None:
            self.control.link(self.address)
        self.tabs.catch_up(self.seen)

    def greet(self) -> None:
        """The first visit's welcome: said on the message line, with the way to the rules
        and a button that puts it away (:mod:`.welcome`)."""
        control = self.control
        said = welcome(True)

        def rules() -> None:
            self.table.action("rules")

        def close() -> None:
            control.say(())
            self.render.focus_table()

        self.greeting.show(said, self.session.lang, rules=rules, close=close)
        control.say(said)
