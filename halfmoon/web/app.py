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

import traceback
from typing import Any

import js  # type: ignore[import-not-found]

from ..backup import MAX_BYTES
from ..books import Books
from ..i18n import Phrase, choose_language, normalise_language, text
from ..painted import same_table
from ..presenter import Presenter
from ..session import Session
from .backup_store import BackupStore
from .control import Controller
from .control_backup import BackupControl
from .control_calendar import CalendarControl
from .control_games import GamesControl
from .control_stats import StatsControl
from .dialogs import Dialogs
from .dom import Handlers, absent, now, player_day
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

try:  # written into the site by the build, with the version of every file
    from .build import BUILD  # type: ignore[import-not-found,unused-ignore]
except ImportError:
    BUILD = "dev"


class App:
    def __init__(self) -> None:
        doc, win, root = js.document, js.window, js.document.documentElement
        handlers = Handlers()
        embed = Embed(win, root)
        storage = Storage(win, framed=embed.embedded)
        store = Persistence(storage, win, handlers)  # the game's saves, across tabs
        keep = Keeping(win, handlers, storage)  # asking the browser to keep it
        stored = BackupStore(storage, store)  # what a backup takes, what a restore writes
        render = Renderer(doc, win, handlers)
        dialogs = Dialogs(doc, handlers)
        links = Links(win, handlers, framed=embed.embedded)
        keys = Input(doc, handlers, render)
        games = Games(doc, handlers, render.faces)
        files = Files(doc, handlers, too_big=MAX_BYTES)
        calendar = Calendar(doc, handlers)
        screen = Screen(doc, handlers)  # full screen
        sound = Sound()

        try:
            session, said = open_session(store, win)
        except Exception:  # never expected: every stored value is checked before use
            js.console.error(traceback.format_exc())
            storage.give_up()  # start without what the browser kept, and touch none of it
            session, said = open_session(store, win)
        prefs, lang = session.prefs, session.lang
        shown = Presenter(session)

        self.control = control = Controller(
            session, shown, handlers, store=store, storage=storage, keep=keep, render=render,
            dialogs=dialogs, links=links, embed=embed, games=games, build=BUILD,
            screen=screen, sound=sound,
        )  # fmt: skip
        # the windows' controllers: the statistics, your games, backups, the calendar
        stats = StatsControl(
            shown, store=store, storage=storage, keep=keep, games=games, dialogs=dialogs
        )
        yours = GamesControl(
            control, store=store, storage=storage, games=games, links=links, dialogs=dialogs
        )
        backups = BackupControl(
            control, stats, store=store, backups=stored, files=files, games=games
        )
        month = CalendarControl(
            control, shown, store=store, storage=storage, calendar=calendar, games=games
        )
        for room in (stats, yours, backups, month):
            control.actions.update(room.actions)
        control.heard += [stats.heard, yours.heard, month.heard]
        control.turned.append(month.turned)
        handlers.on_error = control.crash
        keys.connect(
            tap=control.tap, action=control.action, shortcut=control.shortcut,
            drop=control.drop, paused=lambda: session.paused,
        )  # fmt: skip
        dialogs.connect(
            option=control.option, code=control.code, end=control.end,
            reset_stats=stats.reset, closed=control.refocus, restart=control.restart,
            covered=control.covered,
        )  # fmt: skip
        links.connect(changed=control.link)
        files.connect(chosen=backups.restore)
        calendar.connect(play=month.play_day, key=month.month_key)
        store.connect(changed=control.other_tab)
        handlers.on(doc, "visibilitychange", lambda e: control.visibility(bool(doc.hidden)))
        handlers.on(win, "pagehide", lambda e: control.save(now()))
        handlers.every(500, lambda e: control.tick())

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
        if str(root.lang) != ("en" if lang == "en" else "pt-PT"):
            render.words(lang)  # the start-up script wrote the page's words in another language
        render.today(shown.day.day)
        dialogs.show_options(prefs, lang)
        control.show(t)
        links.show(session.game.code)
        control.say(said)
        # a link opened another deal: the play saved last was left for it
        store.queue(session.opened.counts, session.opened.recorded)
        if session.play.rev == 0:  # a deal not yet saved: saved now, so a reload finds it
            control.save(t)
        else:
            store.flush()
            control.notice()
        render.ready()
        root.dataset.build = BUILD
        root.dataset.app = "ready"
        js.performance.mark("halfmoon-ready")  # read by make bench, in every engine
        control.post("ready", t)
        control.end_dialog(t)
        if same:  # played now, as if made this moment: a pair tapped meanwhile leaves
            keys.replay(kept)


def open_session(store: Persistence, win: Any) -> tuple[Session, tuple[Phrase, ...]]:
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
        fragment=str(win.location.hash or ""),
        lang=lang,
        books=Books(day_of=player_day),
    )


def main() -> None:
    try:
        app = App()
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


_running: list[App] = []
