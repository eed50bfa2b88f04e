"""What the player did on the painted table before Python was ready, as the start-up
script keeps it (``static/boot/kept.js``): taps on cards, the buttons' actions, keys.

Each kind is a frozen value whose fields are named here once; the build hands their
names to the script (the boot data's ``kept``, :data:`FIELDS`), which writes each
record as its kind followed by those fields' values in that order.  :func:`read` turns
a record back into its value, or ``None`` when it is not one (the script is trusted
with nothing: a record of another shape is dropped)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Final

from ..rules.layout import SLOTS


@dataclass(frozen=True, slots=True)
class Tap:
    """A tap on the card of ``slot``."""

    slot: str


@dataclass(frozen=True, slots=True)
class Action:
    """A button pressed for ``action`` (``data-action``), with its ``data-entry`` or
    ``""``."""

    action: str
    entry: str


@dataclass(frozen=True, slots=True)
class Key:
    """A key pressed, with its modifiers, whether it repeats, and the place of the card
    that had the focus (``""`` for none)."""

    key: str
    ctrl: bool
    meta: bool
    shift: bool
    alt: bool
    repeat: bool
    slot: str


Kept = Tap | Action | Key
KINDS: Final[dict[str, type[Tap] | type[Action] | type[Key]]] = {
    "tap": Tap,
    "action": Action,
    "key": Key,
}
FIELDS: Final[dict[str, list[str]]] = {
    kind: [field.name for field in fields(value)] for kind, value in KINDS.items()
}
"""Each kind's fields in the order the start-up script writes them (the boot data's
``kept``)."""


def read(item: object) -> Kept | None:
    """The value a kept record stands for, or ``None``: a kind of :data:`KINDS`, then
    each of its fields (a text for a name, a boolean for a modifier), a place being one
    of the table's."""
    if not isinstance(item, Sequence) or isinstance(item, str) or not item:
        return None
    kind = KINDS.get(item[0]) if isinstance(item[0], str) else None
    if kind is None or len(item) != len(fields(kind)) + 1:
        return None
    values: dict[str, object] = {}
    for field, value in zip(fields(kind), item[1:], strict=True):
        wanted = bool if field.type == "bool" else str
        if not isinstance(value, wanted):
            return None
        values[field.name] = value
    if kind is Tap and values["slot"] not in SLOTS:
        return None
    if kind is Key and values["slot"] not in SLOTS:
        values["slot"] = ""
    return kind(**values)  # type: ignore[arg-type]
