"""HTML the build writes into more than one page: places and cards (the game's loading
skeleton and every diagram of the rules and examples pages are drawn from the same
parts as the game's own cards, :func:`halfmoon.page.view.face_parts`), the replay's step
buttons, and the boot data the pages' scripts read before Python runs."""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Iterable, Mapping

from halfmoon.keeping.cookies import NAMES as COOKIES
from halfmoon.keeping.prefs import FELTS, SWITCHES, THEMES
from halfmoon.keeping.saved import KEYS, MAX_CHARS
from halfmoon.page.address import table as address_table
from halfmoon.page.view import (
    CALM_HIDES,
    COURTS,
    Part,
    PlaceView,
    card_class,
    face_key,
    face_parts,
    faces,
)
from halfmoon.rules.layout import SLOTS, grid_area, is_pile
from halfmoon.words.i18n import DEFAULT_LANGUAGE, HTML_LANG, LANGUAGE_NAMES, text


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


def face_templates() -> str:
    """Every card face, once, as a ``<template id="face-KEY">`` (:func:`halfmoon.page.view.
    face_key`) with the card's code and class: the page's first paint
    (``static/boot/paint.js``) and the game (``halfmoon/web/faces.py``) both clone these,
    so a card is drawn by one piece of markup, made from the same parts as every
    diagram's."""
    return "\n".join(
        f'<template id="face-{esc(face_key(view))}" data-code="{esc(view.card)}"'
        f' data-class="{card_class(view)}">'
        + "".join(part_html(p, hidden=True) for p in face_parts(view))
        + "</template>"
        for view in faces()
    )


def place_shell(slot: str, count: int, inner: str, name: str = "data-slot") -> str:
    """A place of the table (the game's and every diagram's), at its spot in the arch;
    ``name`` is the attribute that names it (the game page's replay uses
    ``data-place``, so that ``data-slot`` names only the game's own places)."""
    kind = "pile" if is_pile(slot) else "reserve"
    return (
        f'<div class="place {kind}" {name}="{slot}" data-count="{count}"'
        f' style="grid-area: {grid_area(slot)}">{inner}</div>'
    )


def boot_data(game: Mapping[str, object] | None = None) -> str:
    """What a page's scripts need before Python runs, from the engine's own tables: the
    storage keys (and the cookies that hold two of them where the storage is blocked:
    :mod:`halfmoon.keeping.cookies`) and the most characters of stored options they read, the
    language-choice table, the options' names; and for the game page what its build
    adds (``game``: tools/build_site.py, ``render_page``).  Written into each page as
    JSON (``<script type="application/json" id="boot-data">``), so the scripts and
    Python cannot disagree."""
    data: dict[str, object] = {
        "keys": KEYS,
        # where the storage is blocked: the cookies of the game played last and the options
        "cookies": {KEYS["last"]: COOKIES["game"], KEYS["prefs"]: COOKIES["prefs"]},
        "prefs_chars": MAX_CHARS["prefs"],
        "languages": LANGUAGE_NAMES,
        "default": DEFAULT_LANGUAGE,
        "html_lang": HTML_LANG,
        "themes": THEMES,
        "felts": FELTS,
        "switches": SWITCHES,
        "address": address_table(),
        "calm": CALM_HIDES,
        **(game or {}),
    }
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


# ------------------------------------------------------------------ replays
_CHEVRON = (
    '<path d="{}" fill="none" stroke="currentColor" stroke-width="2.6"'
    ' stroke-linecap="round" stroke-linejoin="round"/>'
)
ICONS = {
    "first": _CHEVRON.format("M6 5v14M17 5l-7 7 7 7"),
    "prev": _CHEVRON.format("M15 5l-7 7 7 7"),
    "play": '<path d="M8 5v14l11-7z" fill="currentColor"/>',
    "pause": '<path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor"/>',
    "next": _CHEVRON.format("M9 5l7 7-7 7"),
    "last": _CHEVRON.format("M18 5v14M7 5l7 7-7 7"),
}


def icon(name: str) -> str:
    return (
        f'<svg class="icon icon-{name}" viewBox="0 0 24 24" width="20" height="20"'
        f' aria-hidden="true" focusable="false">{ICONS[name]}</svg>'
    )


def step_control(lang: str | None) -> Callable[..., str]:
    """The replay's step buttons: in ``lang`` (the examples pages, written once per
    language), or (None: the game page) with ``data-i18n`` labels that follow the
    page's language."""

    def button(action: str, *, toggle: bool = False) -> str:
        extra, kind = "", "button"
        if toggle and lang is not None:
            extra = (
                f' data-label-play="{esc(text(lang, "step.play"))}"'
                f' data-label-pause="{esc(text(lang, "step.pause"))}"'
            )
        if toggle:
            kind = "button primary"
            extra = ' aria-pressed="false"' + extra
        words = (
            esc(text(lang, f"step.{action}"))
            if lang is not None
            else f'<span data-i18n="step.{action}"></span>'
        )
        return (
            f'<button type="button" class="{kind}" data-step-action="{action}"{extra}>'
            + icon(action)
            + (icon("pause") if toggle else "")
            + f'<span class="label">{words}</span></button>'
        )

    return button


STEPS = ("first", "prev", "play", "next", "last")


def step_controls(lang: str | None) -> str:
    """The five step buttons, in order."""
    button = step_control(lang)
    return "".join(button(action, toggle=action == "play") for action in STEPS)
