"""The composer: builds the page's rooms, opens the session with what the browser has
kept, composes the controllers, connects the rooms to them, and hands over to the
start-up's last step (:mod:`.startup`).

Each room has one job (docs/design.md, "The browser side"); no rule lives in any of
them, and none is built or wired anywhere but here.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

import js  # type: ignore[import-not-found]

from ..keeping.backup import MAX_BYTES
from ..keeping.backup_keys import BackupKeys
from ..keeping.saved import KEYS, game_key
from ..page.welcome import first_visit
from ..session.presenter import Presenter
from ..words.i18n import language_of_page, text
from .autosave import AutoSave
from .bar import Bar
from .challenge import Challenges
from .clock import now
from .commands import Commands
from .control import Controller
from .control_backup import BackupControl
from .control_calendar import CalendarControl
from .control_challenge import ChallengeControl
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
from .message import MessageLine
from .month import Calendar
from .opening import open_session
from .persistence import Persistence
from .render import Renderer
from .screen import Screen
from .sound import Sound
from .startup import Startup
from .storage import Storage
from .table_commands import TableCommands
from .tabs import OtherTabs
from .ticking import Ticker
from .welcome import Welcome
from .words import use_page_words, words_at_hand

try:  # written into the site by the build, with the version of every file
    from .build import BUILD  # type: ignore[import-not-found,unused-ignore]
except ImportError:
    BUILD = "dev"


class App:
    """The page's rooms and controllers, composed.  Built in four steps, a task apart
    (:func:`main`), so that a phone stays free to answer taps on the painted table while
    the game starts (docs/performance.md, "A phone"): the rooms (:meth:`__init__`), the
    session and its controllers (:meth:`open`), then the table taken over (:meth:`show`),
    then the game ready (:meth:`follow`).  Until the player's input, the address and
    other tabs are listened to (:meth:`listen`), what the player does is kept by the
    start-up script (``static/boot/kept.js``) and played by :class:`.startup.Startup`."""

    def __init__(self) -> None:
        self.doc, self.win = js.document, js.window
        self.handlers = handlers = Handlers()
        self.embed = embed = Embed(self.win, self.doc.documentElement)
        # the browser's storage, key by key; the game saved in it, across tabs; the
        # keys a backup takes and a restore writes; the browser asked to keep them
        self.storage = storage = Storage(self.win, framed=embed.embedded)
        self.saves = saves = Persistence(storage, self.win, handlers)
        self.backup_keys = BackupKeys(storage, saves)
        self.keeping = Keeping(self.win, handlers, storage)
        self.render = render = Renderer(self.doc, self.win, handlers)
        self.greeting = greeting = Welcome(self.doc, handlers)
        self.line = MessageLine(self.doc, storage, greeting)
        self.bar = Bar(self.doc)
        self.dialogs = Dialogs(self.doc, handlers)
        self.links = Links(self.win, handlers, framed=embed.embedded)
        self.input = Input(self.doc, handlers, render)
        self.games = Games(self.doc, handlers, render.faces)
        self.challenges = Challenges(self.doc, handlers)
        self.files = Files(self.doc, handlers, too_big=MAX_BYTES)
        self.calendar = Calendar(self.doc, handlers)
        self.screen = Screen(self.doc, handlers)  # full screen
        self.sound = Sound()
        self.commands = Commands()

    def open(self) -> None:
        """The session this visit opens with, and the controllers around it."""
        storage, saves, games, dialogs = self.storage, self.saves, self.games, self.dialogs
        self.fragment = str(self.win.location.hash or "")  # the address at the opening
        self.first = first_visit(storage.get)  # before the start stores anything
        try:
            session, self.said = open_session(saves, self.win, self.fragment)
        except Exception:  # never expected: every stored value is checked before use
            js.console.error(traceback.format_exc())
            storage.give_up()  # start without what the browser kept, and touch none of it
            session, self.said = open_session(saves, self.win, self.fragment)
        self.session = session
        # what another tab may change before this one hears it (Startup catches up)
        watched = (game_key(session.play.code), KEYS["prefs"])
        self.seen = {key: storage.get(key) for key in watched}
        self.shown = shown = Presenter(session)
        self.autosave = autosave = AutoSave(
            session,
            shown,
            self.handlers,
            saves=saves,
            storage=storage,
            render=self.render,
            build=BUILD,
        )
        self.control = control = Controller(
            session,
            shown,
            self.handlers,
            saves=saves,
            autosave=autosave,
            keeping=self.keeping,
            render=self.render,
            dialogs=dialogs,
            links=self.links,
            embed=self.embed,
            games=games,
            sound=self.sound,
            line=self.line,
            bar=self.bar,
        )
        # the windows' controllers: the statistics, your games, backups, the calendar
        self.stats = stats = StatsControl(
            shown, saves=saves, storage=storage, keep=self.keeping, games=games, dialogs=dialogs
        )
        self.yours = yours = GamesControl(
            control,
            saves=saves,
            storage=storage,
            games=games,
            links=self.links,
            dialogs=dialogs,
        )
        self.backups = backups = BackupControl(
            control,
            stats,
            saves=saves,
            autosave=autosave,
            backups=self.backup_keys,
            files=self.files,
            games=games,
        )
        self.month = month = CalendarControl(
            control, shown, saves=saves, storage=storage, calendar=self.calendar, games=games
        )
        self.table = TableCommands(
            control,
            self.commands,
            render=self.render,
            dialogs=dialogs,
            links=self.links,
            screen=self.screen,
        )
        self.commands.add(self.table.table())
        self.challenge = challenge = ChallengeControl(
            control,
            room=self.challenges,
            saves=saves,
            storage=storage,
            games=games,
            links=self.links,
        )
        control.follow_table.append(challenge.follow)
        control.follow_end.append(challenge.end)
        for room in (stats, yours, backups, month, challenge):
            self.commands.add(room.commands)
        self.tabs = OtherTabs(
            storage, table=control.other_tab, windows=(stats.heard, yours.heard, month.heard)
        )
        self.ticker = Ticker(self.bar, shown, show=control.show, turned=(month.turned,))

    def speak_at_hand(self) -> None:
        """The words of the session's language cannot be had: the page speaks a language
        it has, and its line says why (:meth:`~halfmoon.session.session.Session.speak_at_hand`)."""
        said = self.session.speak_at_hand()
        if said is not None:
            self.said = (*self.said, said)

    def show(self) -> bool:
        """Everything connected but what the player, the address and other tabs can
        change, then the table shown (the painted one taken over:
        :meth:`.startup.Startup.run`).  Whether the rest (:meth:`follow`) waits a task:
        it does when what the player did on the painted table is kept to be played."""
        doc, handlers, control, session = self.doc, self.handlers, self.control, self.session
        handlers.on_error = control.crash
        self.dialogs.connect(
            option=control.option,
            code=control.code,
            end=self.table.end,
            reset_stats=self.stats.reset,
            closed=control.refocus,
            covered=control.covered,
        )
        self.files.connect(chosen=self.backups.restore)
        self.calendar.connect(play=self.month.play_day, key=self.month.month_key)
        self.autosave.connect(adopt=control.adopt)
        handlers.on(doc, "visibilitychange", lambda e: control.visibility(bool(doc.hidden)))
        handlers.on(self.win, "pagehide", lambda e: self.autosave.save(now()))
        handlers.every(500, lambda e: self.ticker.tick())
        self.startup = startup = Startup(
            session,
            self.shown,
            control,
            render=self.render,
            bar=self.bar,
            dialogs=self.dialogs,
            links=self.links,
            saves=self.saves,
            autosave=self.autosave,
            input=self.input,
            tabs=self.tabs,
            greeting=self.greeting,
            table=self.table,
            build=BUILD,
            listen=self.listen,
        )
        return startup.run()

    def listen(self) -> None:
        """The player's taps, actions, keys and drags, the address and other tabs' saves,
        to the game."""
        control, session = self.control, self.session
        self.input.connect(
            tap=control.tap,
            action=self.table.action,
            shortcut=self.table.shortcut,
            drop=control.drop,
            paused=lambda: session.paused,
        )
        self.links.connect(changed=control.link)
        self.saves.connect(changed=self.tabs.changed)

    def follow(self) -> None:
        """The start-up's last step: the game ready (:meth:`.startup.Startup.follow`)."""
        self.startup.follow(
            first=self.first, said=self.said, fragment=self.fragment, seen=self.seen
        )


async def start() -> None:
    """Build the game in its steps, each in a task of its own (the start-up script's
    ``nextTask``: static/boot/yielding.js); a step that fails says so on the page."""
    use_page_words()
    try:
        app = App()
        await next_task()
        app.open()
        if not await words_at_hand(app.session.lang):  # the session's language may be another
            app.speak_at_hand()
        await next_task()
        if app.show():
            await next_task()  # the table drawn, and a tap that came meanwhile kept
        app.follow()
    except Exception:
        js.console.error(traceback.format_exc())
        root = js.document.documentElement
        root.dataset.app = "error"
        status = js.document.getElementById("boot-status")
        status.classList.add("error")
        lang = language_of_page(str(root.lang))
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
