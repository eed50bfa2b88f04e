"""The player's options: what they are, their names on the page, and how a change to
one is read.  All options are off at first; the theme follows the system and the
language the browser, until the player chooses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .i18n import normalise_language

Theme = Literal["auto", "light", "dark"]
THEMES: Final[tuple[Theme, ...]] = ("auto", "light", "dark")

SWITCHES: Final[dict[str, str]] = {
    "errors": "errors",
    "placement-help": "placement_help",
    "pile-numbers": "pile_numbers",
    "four-colour": "four_colour",
    "large-index": "large_index",
    "reduce-motion": "reduce_motion",
}
"""The on/off options: their name on the page (``data-option``) → the field below."""


@dataclass
class Prefs:
    """The player's remembered choices."""

    errors: bool = False
    placement_help: bool = False
    pile_numbers: bool = False
    four_colour: bool = False
    large_index: bool = False  # the rank in large print (docs/design.md, "The table")
    reduce_motion: bool = False
    theme: Theme = "auto"  # auto follows the system's light or dark preference
    lang: str | None = None  # an explicit choice; None = follow the browser

    def switch(self, name: str) -> bool:
        """The state of the on/off option called ``name`` on the page."""
        return bool(getattr(self, SWITCHES[name]))

    def change(self, name: str, value: str | bool) -> None:
        """Apply the page's option ``name`` set to ``value`` (a checkbox's state, or a
        select's value).  Unknown names and values change nothing."""
        if name == "language":
            self.lang = normalise_language(value) or self.lang
        elif name == "theme":
            self.theme = next((t for t in THEMES if t == value), self.theme)
        elif name in SWITCHES:
            setattr(self, SWITCHES[name], bool(value))
