"""The composer: builds the page's rooms, opens the session with what the browser has
kept, composes the controllers, connects the rooms to them, and shows the table.

Each room has one job (docs/design.md, "The browser side"): :mod:`.render` draws,
:mod:`.input` hears the pointer and the keys, :mod:`.dialogs` runs the windows,
:mod:`.storage` reads and writes the browser's storage key by key, :mod:`.persistence`
saves the game across tabs, :mod:`.backup_store` gathers and restores a backup's keys,
:mod:`.keeping` asks the browser to keep the storage, :mod:`.links` keeps the address
and shares, :mod:`.games` shows your games, their replays and the chart, :mod:`.month`
the calendar, :mod:`.files` saves and reads files, :mod:`.embed` talks to a parent
page.  :mod:`.control` carries each action on the table between them and the session,
and the windows' controllers (``control_stats``, ``control_games``, ``control_backup``,
``control_calendar``) theirs.  No rule lives in any of them.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

import js  # type: ignore[import-not-found]

from ..backup import MAX_BYTES
from ..books import Books
from ..i18n import Phrase, choose_language, normalise_language, text
from ..painted import same_table
from ..presenter import Presenter
from ..saved import KEYS, game_key
from ..session import Session
from ..welcome import first_visit, welcome
from .backup_store import BackupStore
from .clock import now, player_day
from .control import Controller
from .control_backup import BackupControl
from .control_calendar import CalendarControl
from .control_games import GamesControl
from .control_stats import StatsControl
from .dialogs import Dialogs
from .dom import Handlers, absent
from .embed import Embed
from .files import Files
from .games import Games
from .input import Input
from .keeping import Keeping
from .links import Links
from .month import Calendar
from .persistence import Persistence
from .render import Renderer
from .screen import Screen
from .sound import Sound
from .storage import Storage
from .welcome import Welcome

try:  # written into the site by the build, with the version of every file
    from .build import BUILD  # type: ignore[import-not-found,unused-ignore]
except ImportError:
    BUILD = "dev"


class App:
    """The page's rooms and controllers, composed, and the table shown.  Built in three
    steps, a task apart (:func:`main`), so that a phone stays free to answer taps on the
    painted table while the game starts (docs/performance.md, "A phone"): the rooms
    (:meth:`__init__`), the session and its controllers (:meth:`open`), then everything
    connected, the painted table taken over and the game ready (:meth:`show`).  Until
    :meth:`show` the rooms hear nothing: what the player does meanwhile is kept by the
    start-up script (``static/boot/kept.js``) and played at once by :meth:`show`."""

    def __init__(self) -> None:
        self.doc, self.win, self.root = js.document, js.window, js.document.documentElement
        self.handlers = handlers = Handlers()
        self.embed = embed = Embed(self.win, self.root)
        self.storage = storage = Storage(self.win, framed=embed.embedded)
        self.store = store = Persistence(storage, self.win, handlers)  # saves, across tabs
        self.keep = Keeping(self.win, handlers, storage)  # asking the browser to keep it
        self.stored = BackupStore(storage, store)  # what a backup takes, a restore writes
        self.render = render = Renderer(self.doc, self.win, handlers)
        self.dialogs = Dialogs(self.doc, handlers)
        self.links = Links(self.win, handlers, framed=embed.embedded)
        self.keys = Input(self.doc, handlers, render)
        self.games = Games(self.doc, handlers, render.faces)
        self.files = Files(self.doc, handlers, too_big=MAX_BYTES)
        self.calendar = Calendar(self.doc, handlers)
        self.screen = Screen(self.doc, handlers)  # full screen
        self.sound = Sound()

    def open(self) -> None:
        """The session this visit opens with, and the controllers around it."""
        storage, store, games = self.storage, self.store, self.games
        self.fragment = str(self.win.location.hash or "")  # the address at the opening
        self.first = first_visit(storage.get)  # before the start stores anything
        try:
            session, self.said = open_session(store, self.win, self.fragment)
        except Exception:  # never expected: every stored value is checked before use
            js.console.error(traceback.format_exc())
            storage.give_up()  # start without what the browser kept, and touch none of it
            session, self.said = open_session(store, self.win, self.fragment)
        self.session = session
        # what another tab may change before this one hears it (:meth:`show`)
        self.seen = {key: storage.get(key) for key in (game_key(session.play.code), KEYS["prefs"])}
        self.shown = shown = Presenter(session)
        self.control = control = Controller(
            session, shown, self.handlers, store=store, storage=storage, keep=self.keep,
            render=self.render, dialogs=self.dialogs, links=self.links, embed=self.embed,
            games=games, build=BUILD, screen=self.screen, sound=self.sound,
        )  # fmt: skip
        # the windows' controllers: the statistics, your games, backups, the calendar
        self.stats = stats = StatsControl(
            shown, store=store, storage=storage, keep=self.keep, games=games, dialogs=self.dialogs
        )
        yours = GamesControl(
            control, store=store, storage=storage, games=games, links=self.links,
            dialogs=self.dialogs,
        )  # fmt: skip
        self.backups = BackupControl(
            control, stats, store=store, backups=self.stored, files=self.files, games=games
        )
        self.month = month = CalendarControl(
            control, shown, store=store, storage=storage, calendar=self.calendar, games=games
        )
        for room in (stats, yours, self.backups, month):
            control.actions.update(room.actions)
        control.heard += [stats.heard, yours.heard, month.heard]
        control.turned.append(month.turned)

    def show(self) -> None:
        """Everything connected, the table shown (the painted one taken over), the game
        ready, and what the player did meanwhile played."""
        doc, win, root, handlers = self.doc, self.win, self.root, self.handlers
        control, session, shown, render = self.control, self.session, self.shown, self.render
        stats, month, dialogs, links = self.stats, self.month, self.dialogs, self.links
        handlers.on_error = control.crash
        self.keys.connect(
            tap=control.tap, action=control.action, shortcut=control.shortcut,
            drop=control.drop, paused=lambda: session.paused,
        )  # fmt: skip
        dialogs.connect(
            option=control.option, code=control.code, end=control.end,
            reset_stats=stats.reset, closed=control.refocus,
            covered=control.covered,
        )  # fmt: skip
        links.connect(changed=control.link)
        self.files.connect(chosen=self.backups.restore)
        self.calendar.connect(play=month.play_day, key=month.month_key)
        self.store.connect(changed=control.other_tab)
        handlers.on(doc, "visibilitychange", lambda e: control.visibility(bool(doc.hidden)))
        handlers.on(win, "pagehide", lambda e: control.save(now()))
        handlers.every(500, lambda e: control.tick())
        address = str(win.location.hash or "")  # a link followed while the game started

        t = now()
        session.hold("hidden", t, bool(doc.hidden))  # the clock runs while the page is seen
        # The start-up script painted the saved table (static/boot/paint.js) if it could:
        # the same table as the session's is kept as it is, and what the player did on it
        # meanwhile is played below; another (another tab moved on) is drawn again.
        start: Any = getattr(win, "halfmoonStart", None)
        painted = None if absent(start) else start.painted
        views = shown.table()
        same = isinstance(painted, str) and same_table(painted, shown.painted(t, BUILD, views))
        kept = [] if absent(start) else start.take().to_py()
        render.take_over(views if same else None)
        if str(root.lang) != ("en" if session.lang == "en" else "pt-PT"):
            render.words(session.lang)  # the start-up script wrote the page in another language
        render.today(shown.day.day)
        dialogs.show_options(session.prefs, session.lang)
        control.show(t)
        links.show(session.game.code)
        if self.first and not self.said:  # a first visit says what to do, once
            self.greet()
        else:
            control.say(self.said)
        # a link opened another deal: the play saved last was left for it
        self.store.queue(session.opened.counts, session.opened.recorded)
        if session.play.rev == 0:  # a deal not yet saved: saved now, so a reload finds it
            control.save(t)
        else:
            self.store.flush()
            control.notice()
        render.ready()
        root.dataset.build = BUILD
        root.dataset.app = "ready"
        js.performance.mark("halfmoon-ready")  # read by make bench, in every engine
        control.post("ready", t)
        control.end_dialog(t)
        if same:  # played now, as if made this moment: a pair tapped meanwhile leaves
            self.keys.replay(kept)
        # what this tab could not hear while it started: the address, another tab's save
        if address != self.fragment:
            control.link(address)
        for key, value in self.seen.items():
            now_stored = self.storage.get(key)
            if now_stored != value:
                control.other_tab(key, now_stored)

    def greet(self) -> None:
        """The first visit's welcome: said on the message line, with the way to the rules
        and a button that puts it away (:mod:`.welcome`)."""
        control, greeting = self.control, Welcome(self.doc, self.handlers)
        said = welcome(True)

        def close() -> None:
            control.say(())
            self.render.focus_table()

        greeting.show(said, self.session.lang, rules=lambda: control.action("rules"), close=close)
        control.saying.append(greeting.heard)
        control.say(said)


def open_session(store: Persistence, win: Any, fragment: str) -> tuple[Session, tuple[Phrase, ...]]:
    """The session this visit opens with: version 1's save carried over once, the
    options, the page's language (a ``?lang=`` is remembered as the player's choice),
    and the deal the address names or the one saved last."""
    store.migrate()
    store.stats()  # checked now, so that damaged statistics are said at once
    prefs = store.prefs()
    asked = normalise_language(js.URLSearchParams.new(win.location.search).get("lang"))
    if asked is not None and asked != prefs.lang:
        prefs.lang = asked
        store.save_prefs(prefs)
    lang = choose_language(asked, prefs.lang, list(win.navigator.languages or []))
    return Session.start(
        last=store.last(),
        library=store,
        prefs=prefs,
        fragment=fragment,
        lang=lang,
        books=Books(day_of=player_day),
    )


async def start() -> None:
    """Build the game in its steps, each in a task of its own (the start-up script's
    ``nextTask``: static/boot/yielding.js); a step that fails says so on the page."""
    try:
        app = App()
        await next_task()
        app.open()
        await next_task()
        app.show()
    except Exception:
        js.console.error(traceback.format_exc())
        root = js.document.documentElement
        root.dataset.app = "error"
        status = js.document.getElementById("boot-status")
        status.classList.add("error")
        lang = "en" if str(root.lang).startswith("en") else "pt"
        status.textContent = text(lang, "app.error")
        return
    _running.append(app)  # keeps the app alive for the page's lifetime


async def next_task() -> None:
    """Let the page answer what the player did before the start goes on."""
    boot: Any = getattr(js.window, "halfmoonStart", None)
    step: Any = None if absent(boot) else getattr(boot, "nextTask", None)
    if step is None or absent(step):
        await asyncio.sleep(0)
    else:
        await step()


def main() -> None:
    """Start the game (main.py, which PyScript runs, calls this): its steps follow,
    a task apart."""
    _starting.append(asyncio.ensure_future(start()))


_running: list[App] = []
_starting: list[asyncio.Future[None]] = []
