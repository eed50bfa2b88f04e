"""The start-up's last step: the painted table taken over, the game made ready, what the
player did meanwhile played, and what this tab could not hear while it started."""

from __future__ import annotations

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
    """Takes over from the start-up script once every room is connected: keeps the
    table it painted (or draws another), writes the page in the session's language,
    greets a first visit, saves a deal not yet saved, says the game is ready, plays the
    taps kept meanwhile, and catches up with the address and other tabs."""

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
    ) -> None:
        self.session, self.shown, self.control = session, shown, control
        self.render, self.bar, self.dialogs, self.links = render, bar, dialogs, links
        self.saves, self.autosave, self.input, self.tabs = saves, autosave, input, tabs
        self.greeting, self.table, self.build = greeting, table, build

    def run(
        self,
        *,
        first: bool,
        said: tuple[Phrase, ...],
        fragment: str,
        seen: dict[str, str | None],
    ) -> None:
        """The game ready.  ``first``: a first visit; ``said``: what opening the session
        said; ``fragment``: the address at the opening; ``seen``: the keys another tab
        may change, as they were at the opening."""
        doc, win, root = js.document, js.window, js.document.documentElement
        control, session, shown, render = self.control, self.session, self.shown, self.render
        address = str(win.location.hash or "")  # a link followed while the game started
        t = now()
        session.hold("hidden", t, bool(doc.hidden))  # the clock runs while the page is seen
        # The start-up script painted the saved table (static/boot/paint.js) if it could:
        # the same table as the session's is kept as it is, and what the player did on it
        # meanwhile is played below; another (another tab moved on) is drawn again.
        start: Any = getattr(win, "halfmoonStart", None)
        painted = None if absent(start) else start.painted
        views = shown.table()
        same = isinstance(painted, str) and same_table(painted, shown.painted(t, self.build, views))
        kept = [] if absent(start) else start.take().to_py()
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
        render.ready()
        root.dataset.build = self.build
        root.dataset.app = "ready"
        js.performance.mark("halfmoon-ready")  # read by make bench, in every engine
        control.post("ready", t)
        control.end_dialog(t)
        if same:  # played now, as if made this moment: a pair tapped meanwhile leaves
            self.input.replay(kept)
        # what this tab could not hear while it started: the address, another tab's save;
        # and a challenge link that would deal again the game under way, asked about now
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
