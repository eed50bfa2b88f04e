"""HTML the build writes into more than one page: places and cards (the game's loading
skeleton and every diagram of the rules and examples pages are drawn from the same
parts as the game's own cards, :func:`halfmoon.view.face_parts`), and the boot data the
pages' scripts read before Python runs."""

from __future__ import annotations

import html
import json
from collections.abc import Iterable

from halfmoon.i18n import DEFAULT_LANGUAGE, LANGUAGE_NAMES, text
from halfmoon.layout import SLOTS, grid_area, is_pile
from halfmoon.saved import KEYS
from halfmoon.view import COURTS, Part, PlaceView, card_class, face_parts


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


# ------------------------------------------------------------------ diagrams
def part_html(part: Part, *, hidden: bool = False) -> str:
    if part.figure:
        return (
            f'<svg class="{esc(part.cls)}" aria-hidden="true" focusable="false">'
            f'<use href="{COURTS}#{esc(part.figure)}"/></svg>'
        )
    inner = esc(part.text) + "".join(part_html(child) for child in part.children)
    aria = ' aria-hidden="true"' if hidden else ""
    drawn = f' data-t="{esc(part.drawn)}"' if part.drawn else ""
    return f'<span class="{esc(part.cls)}"{aria}{drawn}>{inner}</span>'


def place_inner(view: PlaceView, mark: str = "") -> str:
    """What a place holds: its card (if any) and the caption under it."""
    card = ""
    if view.card is not None:
        attrs = f' data-card="{esc(view.card)}" data-suit="{esc(view.card[-1])}"'
        if mark:
            attrs += f' data-mark="{mark}"'
        if view.dimmed:
            attrs += ' data-dimmed="true"'
        face = "".join(part_html(p, hidden=True) for p in face_parts(view))
        card = (
            f'<span class="{card_class(view)}" role="img" aria-label="{esc(view.aria)}"'
            f"{attrs}>{face}</span>"
        )
    return card + f'<span class="caption" aria-hidden="true">{esc(view.caption)}</span>'


def place_shell(slot: str, count: int, inner: str) -> str:
    """A place of the table (the game's and every diagram's), at its spot in the arch."""
    kind = "pile" if is_pile(slot) else "reserve"
    return (
        f'<div class="place {kind}" data-slot="{slot}" data-count="{count}"'
        f' style="grid-area: {grid_area(slot)}">{inner}</div>'
    )


def boot_data(strings: dict[str, dict[str, str]] | None = None, first: int = 0) -> str:
    """What a page's scripts need before Python runs, from the engine's own tables: the
    storage keys, the language-choice table and, for the game, its start-up strings and
    how many bytes its first start downloads (``first``, for the progress bar).
    Written into each page as JSON (``<script type="application/json" id="boot-data">``),
    so the scripts and Python cannot disagree."""
    data: dict[str, object] = {
        "keys": KEYS,
        "languages": LANGUAGE_NAMES,
        "default": DEFAULT_LANGUAGE,
    }
    if strings is not None:
        data["strings"] = strings
    if first:
        data["first"] = first
    return json.dumps(data, ensure_ascii=False).replace("</", "<\\/")


def marks(
    highlight: Iterable[str], revealed: Iterable[str], selected: Iterable[str] = ()
) -> dict[str, str]:
    result = {slot: "new" for slot in revealed}
    result.update({slot: "move" for slot in highlight})
    result.update({slot: "selected" for slot in selected})
    return result


def places_html(views: dict[str, PlaceView], mark: dict[str, str]) -> str:
    """The 20 places of a diagram, with their cards, captions and marks."""
    return "".join(
        place_shell(s, views[s].count, place_inner(views[s], mark.get(s, ""))) for s in SLOTS
    )


def table_html(views: dict[str, PlaceView], lang: str, mark: dict[str, str]) -> str:
    label = esc(text(lang, "diagram.label"))
    return f'<div class="table" role="group" aria-label="{label}">{places_html(views, mark)}</div>'


def figure(views: dict[str, PlaceView], lang: str, caption: str, mark: dict[str, str]) -> str:
    return (
        '<figure class="diagram-figure">'
        f'<div class="diagram">{table_html(views, lang, mark)}</div>'
        f"<figcaption>{esc(caption)}</figcaption></figure>"
    )
