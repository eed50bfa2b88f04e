"""The table's commands: what the bar's and the actions row's buttons, the keyboard's
shortcuts and the end window's choices do, handed to the table's controller."""

from __future__ import annotations

from collections.abc import Callable

from ..session.feedback import Feedback
from ..session.leaving import restart_question
from .clock import now
from .commands import Command, Commands
from .control import Controller
from .rooms import Rooms
from .show import Show


class TableCommands:
    """Names the table's commands (``data-action`` and the keys' names) and runs every
    command the player gives through the one table (:mod:`.commands`): while the
    player has paused, a window's button ends the pause first (the bar's and the
    actions row's only end it: :mod:`.input`)."""

    def __init__(
        self,
        control: Controller,
        show: Show,
        commands: Commands,
        rooms: Rooms,
    ) -> None:
        self.control, self.session, self.commands = control, control.session, commands
        self.show = show
        self.render, self.dialogs, self.links = rooms.render, rooms.dialogs, rooms.links
        self.screen = rooms.screen

    def action(self, name: str, entry: str = "") -> None:
        """A button of the bar, the actions row or a window (``data-action``); ``entry``
        names a game of the history, for the buttons of its row.  While the player has
        paused, a window's button ends the pause first (a button outside the windows
        never gets here then: it only ends the pause, :mod:`.input`)."""
        if name != "pause" and self.session.paused:
            self.control.pause(False)
        self.commands.run(name, entry)

    def shortcut(self, name: str) -> None:
        """A keyboard shortcut (:mod:`halfmoon.page.keys`): the command of that name."""
        self.commands.run(name)

    def end(self, choice: str) -> None:
        """The end window's Undo, Restart or New game."""
        control = self.control
        if choice == "restart":  # declined: the end window again, as it was

            def end_again() -> None:
                self.show.end_dialog(now())

            self.show.ask(restart_question(self.session), control.restart, end_again)
        else:
            self.shortcut("undo" if choice == "undo" else "new")

    def table(self) -> dict[str, Command]:
        """The commands of the table: the bar's and the actions row's buttons, the table
        read aloud (T) and the selection let go (Escape)."""
        session, control = self.session, self.control
        return {
            "pause": _command(control.pause),
            "fullscreen": _command(self.screen.toggle),
            "undo": self._now(session.undo),
            "redo": self._now(session.redo),
            "read": self._now(session.read_aloud),
            "let-go": self._now(session.let_go),
            "new": _command(self.ask_new),
            "daily": _command(self.ask_daily),
            "code": _command(self.dialogs.open_code),
            "restart": _command(control.ask_restart),
            "copy": _command(self.copy),
            "rules": _command(self.open_rules),
            "options": _command(self.open_options),
        }

    def _now(self, act: Callable[[float], Feedback]) -> Command:
        """A command that is the session's ``act`` at this moment, its answer shown."""

        def command(entry: str) -> None:
            self.control.now_do(act)

        return command

    def ask_new(self) -> None:
        """A new random deal, once confirmed when that leaves a game under way."""
        self.control.leave("new", lambda: self.control.now_do(self.session.new_game))

    def ask_daily(self) -> None:
        """Today's deal of the day, once confirmed when that leaves a game under way."""
        self.control.leave("daily", lambda: self.control.now_do(self.session.daily))

    def copy(self) -> None:
        """The link to the deal on the table, copied (said on the message line)."""
        code = self.session.game.code
        if code is not None:
            self.links.copy(code, self.show.copied)

    def open_rules(self) -> None:
        self.render.rules(self.session.lang)
        self.dialogs.open("rules")

    def open_options(self) -> None:
        self.dialogs.language_note("")  # a note from an earlier opening is old news
        self.dialogs.open("options")


def _command(do: Callable[[], None]) -> Command:
    """A command that needs no ``data-entry``."""

    def command(entry: str) -> None:
        do()

    return command
