"""The page's one table of named commands (halfmoon/web/commands.py): every button,
key and window button is a name there, and no room can take over another's name."""

from __future__ import annotations

import pytest

from halfmoon.web.commands import Commands


def test_a_command_runs_with_its_entry_and_a_name_given_twice_is_refused() -> None:
    heard: list[tuple[str, str]] = []
    commands = Commands()
    commands.add({"undo": lambda entry: heard.append(("undo", entry))})
    commands.add({"again": lambda entry: heard.append(("again", entry))})
    with pytest.raises(ValueError, match="undo"):
        commands.add({"share": lambda entry: None, "undo": lambda entry: None})
    commands.run("undo")
    commands.run("again", "game-7")
    assert heard == [("undo", ""), ("again", "game-7")]  # the first undo still runs
    with pytest.raises(KeyError):
        commands.run("share")  # nothing of the refused batch was taken
