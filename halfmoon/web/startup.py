"""The start-up's last two steps: the painted table taken over; then (a task later, when
what the player did on it is kept) the game made ready, what the player did meanwhile
played, and the address followed if it changed while the game started."""

from __future__ import annotations

from collections.abc import Callable

import js  # type: ignore[import-not-found]

from ..page.painted import same_table
from ..page.welcome import welcome
from ..rules.links import followed_at_start
from ..session.presenter import Presenter
from ..session.session import Session
from ..words.i18n import Phrase, html_lang
from . import start_script
from .clock import now
from .control import Controller
from .keep import Keep
from .rooms import Rooms
from .show import Show
from .table_commands import TableCommands


class Startup:
    """Takes over from the start-up script once every room is connected but what the
    player, the address and other tabs can change (:meth:`run`): keeps the table it
    painted (or draws another), writes the page in the session's language and saves a
    deal not yet saved.  Then (:meth:`follow`) listens to the player, the address and
    other tabs, greets a first visit, says the game is ready, plays what the player did
    meanwhile, and catches up with the address.

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
        show: Show,
        keep: Keep,
        rooms: Rooms,
        table: TableCommands,
        listen: Callable[[], None],
    ) -> None:
        self.session, self.shown, self.control = session, shown, control
        self.show, self.keep, self.rooms, self.table = show, keep, rooms, table
        self.listen = listen  # the player's input, the address, other tabs: to the game
        self.kept = False  # the start-up script keeps what the player does, until follow()
        # the address as run() found it (a link followed while Python started), and as
        # it left it (the game's own)
        self.found = self.left = ""

    def run(self) -> bool:
        """The table taken over.  Whether what the player did on it is kept, to be played
        by :meth:`follow` (a task later)."""
        doc, win, root = js.document, js.window, js.document.documentElement
        session, shown, rooms, render = self.session, self.shown, self.rooms, self.rooms.render
        self.found = str(win.location.hash or "")
        t = now()
        session.hold("hidden", t, bool(doc.hidden))  # the clock runs while the page is seen
        # The start-up script painted the saved table (static/boot/paint.js) if it could:
        # the same table as the session's is kept as it is, and what the player did on it
        # meanwhile is played by follow(); another (another tab moved on) is drawn again.
        painted = start_script.painted()
        views = shown.table()
        same = painted is not None and same_table(painted, shown.painted(t, self.keep.build, views))
        self.kept = same
        if not same:  # what was done on another table is dropped, and the page listened to now
            start_script.take_kept()
            self.listen()
        render.take_over(views if same else None)
        if str(root.lang) != html_lang(session.lang):
            render.words(session.lang)  # the start-up script wrote the page in another language
        rooms.bar.today(shown.day.day)
        rooms.dialogs.show_options(session.prefs, session.lang)
        self.show.show(t)
        self.show.address()
        self.left = str(win.location.hash or "")
        self.keep.opened(t)
        return same

    def follow(
        self,
        *,
        first: bool,
        said: tuple[Phrase, ...],
        fragment: str,
    ) -> None:
        """The game ready.  ``first``: a first visit; ``said``: what opening the session
        said; ``fragment``: the address at the opening.

        What the player did on the painted table is played as if made this moment (a
        pair tapped meanwhile leaves); then the address, if it changed while the game
        started (no one heard it); and a challenge link that would deal again the game
        under way, asked about now.  (Another tab's save meanwhile: the composer's
        last step, :meth:`.app.App.follow`.)"""
        win, root = js.window, js.document.documentElement
        show, session, t = self.show, self.session, now()
        kept = start_script.take_kept() if self.kept else []
        if self.kept:
            self.kept = False
            self.listen()
        if first and not said:  # a first visit says what to do, once
            self.greet()
        else:
            show.say(said)
        self.rooms.render.ready()
        root.dataset.build = self.keep.build
        root.dataset.app = "ready"
        js.performance.mark("halfmoon-ready")  # read by make bench, in every engine
        show.post("ready", t)
        show.end_dialog(t)
        self.rooms.input.replay(kept)
        # a link followed while the game started, or since run() (then no one heard it)
        address = followed_at_start(self.found, self.left, str(win.location.hash or ""))
        if address != fragment or session.asks is not None:
            self.control.link(address)

    def greet(self) -> None:
        """The first visit's welcome: said on the message line, with the way to the rules
        and a button that puts it away (:mod:`.welcome`)."""
        show = self.show
        said = welcome(True)

        def rules() -> None:
            self.table.action("rules")

        def close() -> None:
            show.say(())
            self.rooms.render.focus_table()

        self.rooms.greeting.show(said, self.session.lang, rules=rules, close=close)
        show.say(said)
