"""The player's options: what they are, their names on the page, and how a change to
one is read.  All options are off at first; the theme follows the system and the
language the browser, until the player chooses; the felt is green."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from ..words.i18n import normalise_language

Theme = Literal["auto", "light", "dark"]
THEMES: Final[tuple[Theme, ...]] = ("auto", "light", "dark")
Felt = Literal["green", "blue", "burgundy", "grey"]
FELTS: Final[tuple[Felt, ...]] = ("green", "blue", "burgundy", "grey")
"""The table's colours (``data-felt`` on ``<html>``; each drawn in the light and dark
themes by static/halfmoon.css), the first one the felt of a first visit."""

SWITCHES: Final[dict[str, str]] = {
    "errors": "errors",
    "placement-help": "placement_help",
    "pile-numbers": "pile_numbers",
    "four-colour": "four_colour",
    "large-index": "large_index",
    "reduce-motion": "reduce_motion",
    "calm": "calm",
    "sound": "sound",
}
"""The on/off options: their name on the page (``data-option``) → the field below."""

FRAMED: Final[dict[str, str]] = {"sound": "sound_in_frame"}
"""The on/off options kept apart inside another page's frame (``data-option`` → the
field used there): a game embedded in a page stays silent unless sound is turned on in
that frame, whatever the player chose on the game's own page."""


@dataclass(frozen=True)
class Prefs:
    """The player's remembered choices: a value, changed by making another
    (:meth:`change`, :meth:`give`, ``dataclasses.replace``) in the one room that decides,
    the session."""

    errors: bool = False
    placement_help: bool = False
    pile_numbers: bool = False
    four_colour: bool = False
    large_index: bool = False  # the rank in large print (docs/design.md, "The table")
    reduce_motion: bool = False
    calm: bool = False  # no clock, score or moves in the bar (docs/features.md, "A calm table")
    sound: bool = False  # short, soft sounds for the player's own moves
    sound_in_frame: bool = False  # the same, inside another page's frame
    theme: Theme = "auto"  # auto follows the system's light or dark preference
    felt: Felt = "green"  # the table's colour
    lang: str | None = None  # an explicit choice; None = follow the browser
    # the languages chosen on pages whose address asked for one (``?lang=``, a
    # <half-moon lang>): that address's language → the player's choice there, so that
    # each frame keeps its own until the player chooses in it (halfmoon/page/address.py)
    langs: tuple[tuple[str, str], ...] = ()
    chosen: tuple[str, ...] = ()  # the options the player changed (page names), in order:
    # an address's options never override these (halfmoon/page/address.py)

    def switch(self, name: str, *, framed: bool = False) -> bool:
        """The state of the on/off option called ``name`` on the page (``framed``: the
        page is inside another's frame)."""
        return bool(getattr(self, _field(name, framed)))

    def change(self, name: str, value: str | bool, *, framed: bool = False) -> Prefs:
        """These options with the page's option ``name`` set to ``value`` (a checkbox's
        state, or a select's value), as the player's own choice.  Unknown names and
        values change nothing.

        >>> Prefs().change("felt", "blue").change("calm", True).chosen
        ('felt', 'calm')
        >>> Prefs().change("felt", "purple") == Prefs()
        True
        """
        chosen = self.chosen
        if is_option(name, value) and name not in chosen:
            chosen = (*chosen, name)
        return replace(self.give(name, value, framed=framed), chosen=chosen)

    def give(self, name: str, value: str | bool, *, framed: bool = False) -> Prefs:
        """These options with the page's option ``name`` set to ``value``, not counted
        as the player's choice (an address's option).  Unknown names and values change
        nothing."""
        if name == "language":
            return replace(self, lang=normalise_language(value) or self.lang)
        if name == "theme":
            return replace(self, theme=next((t for t in THEMES if t == value), self.theme))
        if name == "felt":
            return replace(self, felt=next((f for f in FELTS if f == value), self.felt))
        if name in SWITCHES:
            switched: dict[str, Any] = {_field(name, framed): bool(value)}
            return replace(self, **switched)
        return self


def is_option(name: str, value: object) -> bool:
    """Whether the page's option ``name`` can be set to ``value`` (the language apart:
    it is remembered on its own, ``Prefs.lang``)."""
    if name == "theme":
        return value in THEMES
    if name == "felt":
        return value in FELTS
    return name in SWITCHES


def field(name: str) -> str:
    """The stored field of the page's option ``name`` (``theme``, ``felt`` or a switch)."""
    return SWITCHES.get(name, name)


def _field(name: str, framed: bool) -> str:
    return FRAMED.get(name, SWITCHES[name]) if framed else SWITCHES[name]
