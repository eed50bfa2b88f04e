"""The table of named commands: every button's ``data-action``, every keyboard shortcut
and every window's button is a name here, and what it does."""

from __future__ import annotations

from collections.abc import Callable, Mapping

Command = Callable[[str], None]


class Commands:
    """One table from a command's name to what it does (called with the button's
    ``data-entry``, a game of your games, or ``""``).  The rooms that own commands give
    them here once, as the page is composed; a name given twice is refused, so that no
    room quietly takes over another's button."""

    def __init__(self) -> None:
        self._table: dict[str, Command] = {}

    def add(self, commands: Mapping[str, Command]) -> None:
        """Take ``commands`` into the table; a name it already has is refused
        (:class:`ValueError`) and nothing of ``commands`` is taken."""
        twice = sorted(set(commands) & set(self._table))
        if twice:
            raise ValueError(f"commands given twice: {', '.join(twice)}")
        self._table.update(commands)

    def run(self, name: str, entry: str = "") -> None:
        """Do the command ``name`` (a name the table lacks is a :class:`KeyError`)."""
        self._table[name](entry)
