"""The composer: builds the page's rooms (one record, :class:`.rooms.Rooms`), opens the
session with what the browser has kept, composes the room that shows
(:class:`.show.Show`), the room that keeps (:class:`.keep.Keep`) and the controllers,
connects the rooms to them, and hands over to the start-up's last step (:mod:`.startup`).

Each room has one job (docs/design.md, "The browser side"); no rule lives in any of
them, and none is built or wired anywhere but here.
"""

from __future__ import annotations

import asyncio
import traceback
from dataclasses import dataclass, replace

import js  # type: ignore[import-not-found]

from ..keeping.backup import MAX_BYTES
from ..keeping.backup_keys import BackupKeys
from ..keeping.saved import KEYS, game_key
from ..page.welcome import first_visit
from ..session.presenter import Presenter
from ..words.i18n import Phrase
from . import start_script
from .autosave import AutoSave
from .bar import Bar
from .challenge import Challenges
from .challenge_line import ChallengeLine
from .clock import now
from .commands import Commands
from .control import Controller
from .control_backup import BackupControl
from .control_calendar import CalendarControl
from .control_challenge import ChallengeControl
from .control_games import GamesControl
from .control_stats import StatsControl
from .dialogs import Dialogs
from .dom import Handlers
from .embed import Embed
from .files import Files
from .games import Games
from .input import Input
from .keep import Keep
from .keeping import Keeping
from .links import Links
from .message import MessageLine
from .month import Calendar
from .opening import open_session, recover
from .persistence import Persistence
from .render import Renderer
from .rooms import Rooms
from .screen import Screen
from .show import Show
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


@dataclass(frozen=True)
class Opening:
    """What the page found as the session opened, for the start's last step."""

    first: bool  # a first visit (before the start stored anything)
    said: tuple[Phrase, ...]  # what opening the session said
    fragment: str  # the address at the opening
    seen: dict[str, str | None]  # what another tab may change before this one hears it


@dataclass(frozen=True)
class Windows:
    """The windows' controllers: the statistics, your games, backups, the calendar, the
    challenge; and the table's commands."""

    stats: StatsControl
    yours: GamesControl
    backups: BackupControl
    month: CalendarControl
    challenge: ChallengeControl
    table: TableCommands


class App:
    """The page's rooms and controllers, composed.  Built in four steps, a task apart
    (:func:`main`), so that a phone stays free to answer taps on the painted table while
    the game starts (docs/performance.md, "A phone"): the rooms (:meth:`__init__`), the
    session and its controllers (:meth:`open`), then the table taken over (:meth:`show`),
    then the game ready (:meth:`follow`).  Until the player's input, the address and
    other tabs are listened to (:meth:`listen`), what the player does is kept by the
    start-up script (``static/boot/kept.js``) and played by :class:`.startup.Startup`."""

    def __init__(self) -> None:
        doc, win = js.document, js.window
        self.handlers = handlers = Handlers()
        embed = Embed(win, doc.documentElement)
        # the browser's storage, key by key; the game saved in it, across tabs; the
        # keys a backup takes and a restore writes; the browser asked to keep them
        self.storage = storage = Storage(win, framed=embed.embedded)
        self.saves = Persistence(storage, win, handlers)
        self.keeping = Keeping(win, handlers, storage)
        render = Renderer(doc, win, handlers)
        greeting = Welcome(doc, handlers)
        self.rooms = Rooms(
            render=render,
            bar=Bar(doc),
            line=MessageLine(doc, storage, greeting),
            greeting=greeting,
            dialogs=Dialogs(doc, handlers),
            links=Links(win, handlers, framed=embed.embedded),
            input=Input(doc, handlers, render),
            games=Games(doc, handlers, render.faces),
            challenges=Challenges(doc, handlers),
            files=Files(doc, handlers, too_big=MAX_BYTES),
            calendar=Calendar(doc, handlers),
            screen=Screen(doc, handlers),  # full screen
            sound=Sound(),
            embed=embed,
        )
        self.commands = Commands()

    def open(self, copied: tuple[str, str] | None = None) -> None:
        """The session this visit opens with, the rooms that show and keep it, and the
        controllers around it; ``copied``: the durable copy of the play on the table,
        written back first where the quick store lost it (:func:`.opening.recover`)."""
        storage, saves, rooms = self.storage, self.saves, self.rooms
        recover(storage, copied)
        fragment = str(js.window.location.hash or "")  # the address at the opening
        first = first_visit(storage.get)  # before the start stores anything
        try:
            session, said = open_session(saves, js.window, fragment)
        except Exception:  # never expected: every stored value is checked before use
            js.console.error(traceback.format_exc())
            storage.give_up()  # start without what the browser kept, and touch none of it
            session, said = open_session(saves, js.window, fragment)
        self.session = session
        watched = (game_key(session.play.code), KEYS["prefs"])
        seen = {key: storage.get(key) for key in watched}
        self.opening = Opening(first=first, said=said, fragment=fragment, seen=seen)
        self.shown = shown = Presenter(session)
        autosave = AutoSave(
            session,
            shown,
            self.handlers,
            saves=saves,
            storage=storage,
            render=rooms.render,
            build=BUILD,
        )
        self.keep = keep = Keep(session, saves=saves, autosave=autosave, keeping=self.keeping)
        line = ChallengeLine(session, rooms.challenges)
        self.show_room = show = Show(session, shown, rooms, saves, followers=(line,))
        self.control = control = Controller(session, show, keep, self.handlers)
        autosave.connect(adopt=control.adopt)
        self.windows = windows = self._windows(control, show)
        self.tabs = OtherTabs(
            storage,
            table=control.other_tab,
            windows=(windows.stats.heard, windows.yours.heard, windows.month.heard),
        )
        self.ticker = Ticker(rooms.bar, shown, show=show.show, turned=(windows.month.turned,))

    def _windows(self, control: Controller, show: Show) -> Windows:
        """The windows' controllers, and the table's commands, each added to the one
        table of commands."""
        storage, saves, rooms, shown = self.storage, self.saves, self.rooms, self.shown
        games, dialogs, links = rooms.games, rooms.dialogs, rooms.links
        stats = StatsControl(
            shown, saves=saves, storage=storage, keep=self.keeping, games=games, dialogs=dialogs
        )
        windows = Windows(
            stats=stats,
            yours=GamesControl(
                control, saves=saves, storage=storage, games=games, links=links, dialogs=dialogs
            ),
            backups=BackupControl(
                control,
                stats,
                saves=saves,
                keep=self.keep,
                backups=BackupKeys(storage, saves),
                files=rooms.files,
                games=games,
            ),
            month=CalendarControl(
                control, shown, saves=saves, storage=storage, calendar=rooms.calendar, games=games
            ),
            challenge=ChallengeControl(
                control,
                show,
                room=rooms.challenges,
                saves=saves,
                storage=storage,
                games=games,
                links=links,
            ),
            table=TableCommands(control, show, self.commands, rooms),
        )
        self.commands.add(windows.table.table())
        for room in (windows.stats, windows.yours, windows.backups, windows.month):
            self.commands.add(room.commands)
        self.commands.add(windows.challenge.commands)
        return windows

    def speak_at_hand(self) -> None:
        """The words of the session's language cannot be had: the page speaks a language
        it has, and its line says why (:meth:`~halfmoon.session.session.Session.speak_at_hand`)."""
        said = self.session.speak_at_hand()
        if said is not None:
            self.opening = replace(self.opening, said=(*self.opening.said, said))

    def show(self) -> bool:
        """Everything connected but what the player, the address and other tabs can
        change, then the table shown (the painted one taken over:
        :meth:`.startup.Startup.run`).  Whether the rest (:meth:`follow`) waits a task:
        it does when what the player did on the painted table is kept to be played."""
        doc, handlers, control, windows = js.document, self.handlers, self.control, self.windows
        handlers.on_error = control.crash
        self.rooms.dialogs.connect(
            option=control.option,
            code=control.code,
            end=windows.table.end,
            reset_stats=windows.stats.reset,
            closed=self.show_room.refocus,
            covered=control.covered,
        )
        self.rooms.files.connect(chosen=windows.backups.restore)
        self.rooms.calendar.connect(play=windows.month.play_day, key=windows.month.month_key)
        handlers.on(doc, "visibilitychange", lambda e: control.visibility(bool(doc.hidden)))
        handlers.on(js.window, "pagehide", lambda e: self.keep.save(now()))
        handlers.every(500, lambda e: self.ticker.tick())
        self.startup = startup = Startup(
            self.session,
            self.shown,
            control,
            show=self.show_room,
            keep=self.keep,
            rooms=self.rooms,
            table=windows.table,
            listen=self.listen,
        )
        return startup.run()

    def listen(self) -> None:
        """The player's taps, actions, keys and drags, the address and other tabs' saves,
        to the game."""
        control, session, table = self.control, self.session, self.windows.table
        self.rooms.input.connect(
            tap=control.tap,
            action=table.action,
            shortcut=table.shortcut,
            drop=control.drop,
            paused=lambda: session.paused,
        )
        self.rooms.links.connect(changed=control.link)
        self.saves.connect(changed=self.tabs.changed)

    def follow(self) -> None:
        """The start-up's last step: the game ready (:meth:`.startup.Startup.follow`),
        then what another tab saved while this one started."""
        opening = self.opening
        self.startup.follow(first=opening.first, said=opening.said, fragment=opening.fragment)
        self.tabs.catch_up(opening.seen)


async def start() -> None:
    """Build the game in its steps, each in a task of its own (the start-up script's
    ``nextTask``: static/boot/yielding.js); a step that fails says so on the page
    (static/boot/failure.js, when the page's ``data-app`` turns to ``error``)."""
    use_page_words()
    try:
        app = App()
        await start_script.next_task()
        copied = await start_script.copy()  # read as the page started: at hand by now
        app.open(copied)
        if not await words_at_hand(app.session.lang):  # the session's language may be another
            app.speak_at_hand()
        await start_script.next_task()
        if app.show():
            await start_script.next_task()  # the table drawn, and a tap that came meanwhile kept
        app.follow()
    except Exception:
        js.console.error(traceback.format_exc())
        js.document.documentElement.dataset.app = "error"
        return
    _running.append(app)  # keeps the app alive for the page's lifetime


def main() -> None:
    """Start the game (main.py, which PyScript runs, calls this): its steps follow,
    a task apart."""
    _starting.append(asyncio.ensure_future(start()))


_running: list[App] = []
_starting: list[asyncio.Future[None]] = []
