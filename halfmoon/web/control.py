"""The table's controller: each thing the player (or another tab) does to the game in
play, carried from the room that heard it to the session, and the session's answer
(:class:`~halfmoon.session.session.Feedback`) carried to the rooms that show it, save it and
tell the embedding page.

The table's buttons and keys are commands of :mod:`.table_commands`; the windows have
controllers of their own (``control_*.py``), composed by app.py with this one: they
hand the table's changes back to :meth:`Controller.apply`."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import Any

import js  # type: ignore[import-not-found]

from ..keeping.saved import KEYS, Play, game_key, is_newer, peek, read_play, read_prefs
from ..page.choosing import Action
from ..page.drag import drop_taps
from ..records import safejson as sj
from ..rules.deal import CodeError, canonical_code
from ..session.leaving import Question, leave_question, link_question, restart_question
from ..session.presenter import Presenter
from ..session.session import EventType, Feedback, Session, code_error_text
from ..words import installed
from ..words.i18n import Phrase, phrase, text
from .autosave import AutoSave
from .bar import Bar
from .clock import now
from .dialogs import Dialogs
from .dom import Handlers, js_object
from .embed import Embed
from .games import Games
from .keeping import Keeping
from .links import Links
from .message import MessageLine
from .opening import address_options
from .persistence import Persistence
from .render import Renderer
from .sound import Sound
from .words import fetch_words


class Controller:
    """Carries what is done to the game on the table to the session, and the
    session's answer to the rooms that show it, save it and tell the embedding page."""

    def __init__(
        self,
        session: Session,
        shown: Presenter,
        handlers: Handlers,
        *,
        saves: Persistence,
        autosave: AutoSave,
        keeping: Keeping,
        render: Renderer,
        dialogs: Dialogs,
        links: Links,
        embed: Embed,
        games: Games,
        sound: Sound,
        line: MessageLine,
        bar: Bar,
    ) -> None:
        self.session = session
        self.shown = shown  # what the page shows of the session
        self.saves, self.autosave, self.keeping = saves, autosave, keeping
        self.render, self.dialogs, self.links, self.embed = render, dialogs, links, embed
        self.games = games  # only for the windows' status line, cleared when a game ends
        self.sound, self.hushed = sound, False  # hushed: a drop's 1st tap
        self.line, self.bar = line, bar
        self.question: Question | None = None  # what the confirmation window asks
        self.handlers = handlers
        self.on_table = (session.play.code, session.play.id)  # the play the windows are about
        # rooms that follow the table (the challenge's line) and the end window (its
        # comparison), each told the moment: given by app.py
        self.follow_table: list[Callable[[float], None]] = []
        self.follow_end: list[Callable[[float], None]] = []

    @property
    def lang(self) -> str:
        return self.session.lang

    @property
    def framed(self) -> bool:
        """Inside another page's frame (where sound is an option of its own)."""
        return bool(self.embed.embedded)

    # ------------------------------------------------- what the player does
    def tap(self, slot: str, event: Any = None) -> None:
        """A card tapped (``event``: the click; None for a tap kept while the page
        started, played now).  While the player has paused, a tap ends the pause."""
        if self.session.paused:
            self.pause(False)
            return
        t = now()
        feedback = self.session.tap(slot, t)
        self.apply(feedback, t, clear=feedback.save)
        if event is None:
            return
        # Tap latency (read by make bench): from the input event, and from the moment
        # this handler started, to the DOM updated.
        done = now()
        for name, start in (("halfmoon-tap", event.timeStamp), ("halfmoon-tap-work", t)):
            js.performance.measure(name, js_object({"start": start, "end": done}))

    def now_do(self, act: Callable[[float], Feedback]) -> None:
        """Do what the session does at this moment, and show its answer."""
        t = now()
        self.apply(act(t), t)

    def leave(
        self,
        action: Action,
        go: Callable[[], None],
        *,
        code: str | None = None,
        day: date | None = None,
        no: Callable[[], None] | None = None,
    ) -> None:
        """An action that leaves the game on the table for another deal: done at once,
        or once confirmed (:func:`~halfmoon.session.leaving.leave_question`); ``no``: what a
        declined question comes back to."""
        self.ask(leave_question(self.session, action, code=code, day=day), go, no)

    def ask(
        self,
        question: Question | None,
        go: Callable[[], None],
        no: Callable[[], None] | None = None,
    ) -> None:
        """``go`` at once when there is nothing to ask, else once confirmed."""
        self.question = question
        if question is None:
            go()
        else:
            self.dialogs.confirm(question.words(self.lang), go, no)

    def drop(self, source: str, target: str) -> None:
        """A card dragged onto another: played as two taps
        (:func:`~halfmoon.page.drag.drop_taps`)."""
        taps = drop_taps(self.session.game.selection, source, target)
        for n, slot in enumerate(taps, start=1):
            self.hushed = n < len(taps)  # one sound for a drop: its outcome's
            self.tap(slot)
        self.hushed = False

    def pause(self, on: bool | None = None) -> None:
        """The player's pause begun or ended (None: the other way round): the table is
        covered and the clock stops (:meth:`~halfmoon.session.session.Session.pause`)."""
        t = now()
        feedback = self.session.pause(t, on)
        self.render.paused(self.session.paused)
        self.apply(feedback, t, clear=False)

    def covered(self, on: bool) -> None:
        """A window covers the table, or the last one closed: the clock stops meanwhile."""
        self.session.hold("window", now(), on)

    def ask_restart(self) -> None:
        """Restart the deal, once confirmed if that undoes moves (a slip costs nothing)."""
        self.ask(restart_question(self.session), self.restart)

    def restart(self) -> None:
        t = now()
        self.apply(self.session.restart(t), t)

    def code(self, typed: str) -> str | None:
        """A code typed in the dialog: play it (once confirmed, when that leaves a
        game under way), or say what is wrong with it."""
        try:
            canonical_code(typed)
        except CodeError as exc:
            return code_error_text(exc, self.lang)

        def play(t: float) -> Feedback:
            return self.session.new_game(t, typed)

        def back_to_window() -> None:
            self.dialogs.open_code(typed)

        self.leave("code", lambda: self.now_do(play), code=typed, no=back_to_window)
        return None

    def link(self, fragment: str) -> None:
        """The address changed (a link, Back, Forward): the session decides, at once or
        once confirmed when it would leave a game under way
        (:func:`~halfmoon.session.leaving.link_question`); declined, the address shows the
        game on the table again."""

        def go() -> None:
            t = now()
            feedback = self.session.follow_link(fragment, t)
            if feedback.said or feedback.events:
                self.apply(feedback, t, push=False)
            self.links.show(self.session.game.code)

        def stay() -> None:
            self.links.show(self.session.game.code)

        self.ask(link_question(self.session, fragment), go, stay)

    def option(self, name: str, value: str | bool) -> None:
        self.session.change_option(name, value, framed=self.framed)
        self.store_prefs()
        self.options_changed()
        self.autosave.save(now())  # the record of the table follows (help, language)

    def store_prefs(self) -> None:
        """The options stored as they are now, but for the address's options where the
        player has not chosen: those are not remembered."""
        prefs = address_options(js.window).kept(self.session.prefs, self.saves.prefs())
        self.saves.save_prefs(prefs)

    def options_changed(self) -> None:
        """Show the options as they are now (changed here or in another tab)."""
        prefs, t = self.session.prefs, now()
        chosen = self.session.language_wanted()
        if chosen is not None:
            if not installed(chosen):  # its words downloaded first, then shown
                fetch_words(
                    chosen,
                    self.handlers.guard(self.words_arrived),
                    self.handlers.guard(lambda _: self.words_missing(chosen)),
                )
                return
            self.dialogs.language_note("")
            self.session.speak(chosen)
            self.render.words(chosen)
            self.render.invalidate()
            self.line.say_again(chosen)
            if self.question is not None and self.dialogs.is_open("confirm"):
                self.dialogs.show_confirm(self.question.words(chosen))
            if self.dialogs.is_open("end"):  # its words, and a challenge's comparison
                self.end_dialog(t)
        self.dialogs.show_options(prefs, self.lang)
        self.show(t)
        self.autosave.notice()

    def words_arrived(self, _event: Any = None) -> None:
        """The words of the language just chosen have arrived: the page speaks it now."""
        self.options_changed()

    def words_missing(self, code: str) -> None:
        """The words of the language just chosen could not be had: the options window
        says so under the language, which shows the page's again (the choice undone,
        and stored so: :meth:`~halfmoon.session.session.Session.words_missing`)."""
        if code != self.session.prefs.lang:
            return  # another choice was made meanwhile
        note = self.session.words_missing(code)
        self.store_prefs()
        self.dialogs.language_note(note.text(self.lang))
        self.options_changed()

    def copied(self, ok: bool, link: str) -> None:
        self.say((phrase("code.copied" if ok else "code.copy-failed", link=link),))

    def visibility(self, hidden: bool) -> None:
        """The clock stops while the page is hidden; hiding also saves."""
        t = now()
        self.session.hold("hidden", t, hidden)
        if hidden:
            self.autosave.save(t)

    def refocus(self) -> None:
        """A window closed and the focus has nowhere to go back to (the card that
        opened it has left the table): the table's card, else New game."""
        if not self.render.focus_table():
            js.document.querySelector('[data-action="new"]').focus()

    # -------------------------------------------------------- other tabs
    def other_tab(self, key: str, value: str) -> None:
        """Another tab changed a key (:mod:`.tabs`): show its newer play of this deal,
        its options; the windows show the rest (their statistics, their games)."""
        t = now()
        if key == game_key(self.session.play.code):
            stored = peek(value)
            if stored is not None and is_newer(stored, self.session.play):
                with contextlib.suppress(sj.Invalid):
                    self.adopt(read_play(value, self.session.play.code), t)
        elif key == KEYS["prefs"]:
            with contextlib.suppress(sj.Invalid):
                theirs = read_prefs(value)
                # a language chosen here stays when the other tab's options name none
                lang = theirs.lang or self.session.prefs.lang
                given = address_options(js.window)
                self.session.use_prefs(given.over(replace(theirs, lang=lang)))
                self.options_changed()

    # ------------------------------------------------------ showing, saving
    def show(self, t: float, feedback: Feedback | None = None) -> None:
        shown = self.shown
        self.render.show(shown.table(), self.session.prefs, feedback)
        self.bar.show(shown.counters(t))
        for follow in self.follow_table:
            follow(t)

    def say(self, said: tuple[Phrase, ...], *, again: bool = False) -> None:
        """The message line (:mod:`.message`): ``said``, in the page's language
        (``again``: said anew even if it is what the line holds)."""
        self.line.say(said, self.lang, again=again)

    def apply(self, feedback: Feedback, t: float, clear: bool = True, push: bool = True) -> None:
        self.show(t, feedback)
        self.follow_windows()
        if feedback.refused or feedback.renewed:
            self.render.sign(feedback.refused, feedback.renewed)
        if feedback.said or clear:
            self.say(feedback.said, again=feedback.reading)
        for kind in feedback.events:
            self.post(kind, t)
        sound = feedback.sound
        if sound and not self.hushed and self.session.prefs.switch("sound", framed=self.framed):
            self.sound.play(sound)
        if feedback.ended and self.session.game.status == "won":
            self.render.celebrate()
        due = self.saves.take(feedback)  # counts and games queued, the play left saved
        if feedback.ended:  # a finished game: the moment to ask the browser to keep them
            self.keeping.ask()
        if due:
            self.autosave.due()
        if feedback.deal:
            self.links.show(self.session.game.code, push=push)
        if feedback.dialog is not None:
            self.end_dialog(t)

    def follow_windows(self) -> None:
        """No window outlives its game: when the play on the table changes (a new deal,
        Back, a link, another tab, a restore), the question and a replay of either deal
        close; the end window closes unless the game now on the table has ended too."""
        play, before = self.session.play, self.on_table[0]
        changed = (play.code, play.id) != self.on_table
        self.on_table = (play.code, play.id)
        if changed:
            self.dialogs.close_confirm()
            self.games.follow((before, play.code))
        if not (changed or self.dialogs.covering):
            return  # the tap's path: nothing open to follow
        ended = self.session.game.status != "playing"
        if self.dialogs.is_open("end") and (changed or not ended):
            self.dialogs.dialog("end").close()

    def adopt(self, newer: Play, t: float) -> None:
        """Show another tab's newer play of this deal."""
        feedback = self.session.adopt(newer, t)
        self.apply(feedback, t, clear=False)

    def end_dialog(self, t: float) -> None:
        won = self.session.game.status == "won"  # a win's record: the statistics, the history
        saves = self.saves
        end = self.shown.end(t, saves.stats(), saves.history()) if won else self.shown.end(t)
        if end is not None:
            self.games.status("")
            for follow in self.follow_end:
                follow(t)
            self.dialogs.show_end(end)

    def post(self, kind: EventType, t: float) -> None:
        self.embed.post(self.shown.event(kind, t))

    def crash(self) -> None:
        """A handler failed: keep the game, and say so with a way out (reload)."""
        with contextlib.suppress(Exception):
            self.autosave.save(now())
        self.dialogs.crash(text(self.lang, "app.crash.title"), text(self.lang, "app.crash"))
