"""The start-up's last two steps: the painted table taken over; then (a task later, when
what the player did on it is kept) the game made ready, what the player did meanwhile
played, and what this tab could not hear while it started."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]

from ..page.painted import same_table
from ..page.welcome import welcome
from ..rules.links import followed_at_start
from ..session.presenter import Presenter
from ..session.session import Session
from ..words.i18n import Phrase, html_lang
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
    """Takes over from the start-up script once every room is connected but what the
    player, the address and other tabs can change (:meth:`run`): keeps the table it
    painted (or draws another), writes the page in the session's language and saves a
    deal not yet saved.  Then (:meth:`follow`) listens to the player, the address and
    other tabs, greets a first visit, says the game is ready, plays what the player did
    meanwhile, and catches up with the address and other tabs.

    When the painted table is kept, :meth:`follow` comes a task later: until then the
    start-up script keeps what the player does, as it did while Python started
    (``static/boot/kept.js``), so that the page is drawn between the two and a tap that
    came meanwhile is played after the others, in its order (docs/performance.md, "A
    phone")."""

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
        listen: Callable[[], None],
    ) -> None:
        self.session, self.shown, self.control = session, shown, control
        self.render, self.bar, self.dialogs, self.links = render, bar, dialogs, links
        self.saves, self.autosave, self.input, self.tabs = saves, autosave, input, tabs
        self.greeting, self.table, self.build = greeting, table, build
        self.listen = listen  # the player's input, the address, other tabs: to the game
        self.keeper: Any = None  # the start-up script, while it keeps what is done
        # the address as run() found it (a link followed while Python started), and as
        # it left it (the game's own)
        self.found = self.left = ""

    def run(self) -> bool:
        """The table taken over.  Whether what the player did on it is kept, to be played
        by :meth:`follow` (a task later)."""
        doc, win, root = js.document, js.window, js.document.documentElement
        control, session, shown, render = self.control, self.session, self.shown, self.render
        self.found = str(win.location.hash or "")
        t = now()
        session.hold("hidden", t, bool(doc.hidden))  # the clock runs while the page is seen
        # The start-up script painted the saved table (static/boot/paint.js) if it could:
        # the same table as the session's is kept as it is, and what the player did on it
        # meanwhile is played by follow(); another (another tab moved on) is drawn again.
        start: Any = getattr(win, "halfmoonStart", None)
        painted = None if absent(start) else start.painted
        views = shown.table()
        same = isinstance(painted, str) and same_table(painted, shown.painted(t, self.build, views))
        if same:
            self.keeper = start
        else:  # what was done on another table is dropped, and the page listened to now
            if not absent(start):
                start.take()
            self.listen()
        render.take_over(views if same else None)
        if str(root.lang) != html_lang(session.lang):
            render.words(session.lang)  # the start-up script wrote the page in another language
        self.bar.today(shown.day.day)
        self.dialogs.show_options(session.prefs, session.lang)
        control.show(t)
        self.links.show(session.game.code)
        self.left = str(win.location.hash or "")
        # a link opened another deal: the play saved last was left for it
        self.saves.queue(session.opened.counts, session.opened.recorded)
        if session.play.rev == 0:  # a deal not yet saved: saved now, so a reload finds it
            self.autosave.save(t)
        else:
            self.saves.flush()
            self.autosave.notice()
        return same

    def follow(
        self,
        *,
        first: bool,
        said: tuple[Phrase, ...],
        fragment: str,
        seen: dict[str, str | None],
    ) -> None:
        """The game ready.  ``first``: a first visit; ``said``: what opening the session
        said; ``fragment``: the address at the opening; ``seen``: the keys another tab
        may change, as they were at the opening.

        What the player did on the painted table is played as if made this moment (a
        pair tapped meanwhile leaves); then what this tab could not hear while it
        started: the address, another tab's save; and a challenge link that would deal
        again the game under way, asked about now."""
        win, root = js.window, js.document.documentElement
        control, session, t = self.control, self.session, now()
        keeper, self.keeper = self.keeper, None
        kept = [] if keeper is None else keeper.take().to_py()
        if keeper is not None:
            self.listen()
        if first and not said:  # a first visit says what to do, once
            self.greet()
        else:
            control.say(said)
        self.render.ready()
        root.dataset.build = self.build
        root.dataset.app = "ready"
        js.performance.mark("halfmoon-ready")  # read by make bench, in every engine
        control.post("ready", t)
        control.end_dialog(t)
        self.input.replay(kept)
        # a link followed while the game started, or since run() (then no one heard it)
        address = followed_at_start(self.found, self.left, str(win.location.hash or ""))
        if address != fragment or session.asks is not None:
            control.link(address)
        self.tabs.catch_up(seen)

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
