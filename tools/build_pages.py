"""The site's rules and examples pages, in Portuguese and English, written as static
HTML at build time from the engine: every diagram is a real position, every caption is
computed from the move it describes, and cards are drawn from the same parts (and the
same CSS) as the game's.

    regras.html, exemplos.html   (pt-PT)
    rules.html, examples.html    (en)

The examples page replays its games without Python: each distinct place (card, count,
mark) is written once as a ``<template>``, and each step lists which template every
place shows, with its caption; ``static/pages.js`` only swaps them in.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from halfmoon.host.examples import IMPASSE, WON, Example
from halfmoon.host.guide import (
    impasse_reason,
    move_words,
    position,
    position_text,
    replay,
    score_line,
)
from halfmoon.host.locale import own_name, page_text
from halfmoon.page.replay import PLAY_MS
from halfmoon.page.view import table_view
from halfmoon.rules.layout import SLOTS, is_pile
from halfmoon.words.i18n import DEFAULT_LANGUAGE, LANGUAGES, Counted, html_lang, text

from .markup import boot_data, esc, figure, marks, place_inner, places_html, step_control

ROOT = Path(__file__).resolve().parent.parent

PAGES = {
    lang: {page: text(lang, f"link.{page}.href") for page in ("rules", "examples")}
    for lang in LANGUAGES
}
"""Each language's file of each page: the game's own links to them name them
(``link.rules.href``, ``link.examples.href``)."""
COURTS_SOURCE = "https://github.com/htdebeer/SVG-cards"
UNKEPT = "unkept"
"""The mark in a page's address when the offline copy served it in place of the same page
in a language it has not kept (static/sw.js, which the build tells it); the page's note
names it (``data-mark``) for static/unkept.js, which shows the note."""


# ------------------------------------------------------------------ rules page figures
def figure_start(lang: str) -> str:
    game = position(WON, 0)
    views = table_view(game, lang, placement_help=False)
    return figure(views, lang, page_text(lang, "page.fig.start", code=WON.code), {})


def _first_move(example: Example, wanted: Callable[[tuple[str, ...]], bool]) -> int:
    return next(i for i, move in enumerate(example.moves) if wanted(move))


def figure_pair(lang: str) -> str:
    """A pair that mixes a pile and the reserve, from the won example."""
    index = _first_move(WON, lambda m: len(m) == 2 and len({is_pile(s) for s in m}) == 2)
    game, move = position(WON, index), WON.moves[index]
    views = table_view(game, lang, placement_help=False)
    caption = page_text(lang, "page.fig.pair", **move_words(game, move, lang))
    return figure(views, lang, caption, marks(move, ()))


def figure_trio(lang: str) -> str:
    index = _first_move(WON, lambda m: len(m) == 3)
    game, move = position(WON, index), WON.moves[index]
    views = table_view(game, lang, placement_help=False)
    caption = page_text(lang, "page.fig.trio", **move_words(game, move, lang))
    return figure(views, lang, caption, marks(move, ()))


def figure_help(lang: str) -> str:
    """The start of the won example with its first card selected, placement help on."""
    game = position(WON, 0)
    slot = WON.moves[0][0]
    words = move_words(game, (slot,), lang)
    game.tap(slot)
    views = table_view(game, lang, placement_help=True)
    return figure(views, lang, page_text(lang, "page.fig.help", **words), marks((), (), (slot,)))


def figure_impasse(lang: str) -> str:
    game = position(IMPASSE, len(IMPASSE.moves))
    assert game.status == "impasse"
    views = table_view(game, lang, placement_help=False)
    caption = page_text(
        lang,
        "page.fig.impasse",
        code=IMPASSE.code,
        moves=Counted(game.moves, "moves"),
        reason=impasse_reason(game, lang),
    )
    return figure(views, lang, caption, {})


@dataclass(frozen=True)
class Section:
    key: str
    paragraphs: tuple[str, ...]
    figures: tuple[Callable[[str], str], ...] = ()


RULES = (
    Section("setup", ("page.setup.1", "page.setup.2"), (figure_start,)),
    Section("play", ("page.play.1",)),
    Section("pairs", ("page.pairs.1", "page.pairs.2", "page.pairs.3"), (figure_pair, figure_trio)),
    Section("tap", ("page.tap.1", "page.tap.2")),
    Section("options", ("page.options.1", "page.options.2"), (figure_help,)),
    Section("score", ("page.score.1", "page.score.2")),
    Section("end", ("page.end.1",), (figure_impasse,)),
    Section("undo", ("page.undo.1",)),
    Section("codes", ("page.codes.1",)),
    Section("hint", ("page.hint.1",)),
    Section("family", ("page.family.1",)),
)


# ------------------------------------------------------------------ page frame
def game_link(lang: str, code: str | None = None) -> str:
    link = "index.html" + ("" if lang == DEFAULT_LANGUAGE else f"?lang={lang}")
    return link + (f"#{code}" if code else "")


def shell(lang: str, page: str, title: str, description: str, body: str) -> str:
    nav_items = [
        (game_link(lang), page_text(lang, "page.nav.play"), ""),
        (PAGES[lang]["rules"], page_text(lang, "page.nav.rules"), "rules"),
        (PAGES[lang]["examples"], page_text(lang, "page.nav.examples"), "examples"),
    ]
    current = ' aria-current="page"'
    nav = "".join(
        f'<a href="{esc(href)}"{current if key == page else ""}>{esc(label)}</a>'
        for href, label, key in nav_items
    )
    nav += "".join(  # the same page in each other language, by its own name
        f'<a href="{PAGES[other][page]}" hreflang="{html_lang(other)}" lang="{html_lang(other)}"'
        f' class="other-language">{esc(own_name(other))}</a>'
        for other in LANGUAGES
        if other != lang
    )
    unkept = esc(page_text(lang, "page.unkept"))  # shown offline only: static/unkept.js
    alternates = "".join(
        f'<link rel="alternate" hreflang="{html_lang(code)}" href="{PAGES[code][page]}">\n'
        for code in PAGES
    )
    return f"""<!doctype html>
<html lang="{html_lang(lang)}" data-page="{page}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="#0d4f33">
<title>{esc(title if "Half Moon" in title else title + " · Half Moon")}</title>
<meta name="description" content="{esc(description)}">
<link rel="icon" href="static/icon.svg" type="image/svg+xml">
<link rel="manifest" href="static/manifest.webmanifest">
{alternates}<link rel="stylesheet" href="static/halfmoon.css">
<link rel="stylesheet" href="static/pages.css">
<script type="application/json" id="boot-data">{boot_data()}</script>
<script type="module" src="static/pages.js"></script>
</head>
<body class="page">
<header class="bar page-bar">
  <a class="brand" href="{esc(game_link(lang))}"><span class="moon" aria-hidden="true">◗</span>
  Half Moon</a>
  <nav aria-label="{esc(page_text(lang, "page.nav"))}">{nav}</nav>
</header>
<main class="sheet" id="main">
<p class="unkept" data-role="unkept" data-mark="{UNKEPT}" hidden>{unkept}</p>
{body}
</main>
</body>
</html>
"""


def paragraphs(keys: Iterable[str], lang: str) -> str:
    return "".join(f"<p>{esc(page_text(lang, key))}</p>" for key in keys)


def rules_page(lang: str) -> str:
    parts = [
        f"<h1>{esc(page_text(lang, 'page.rules.title'))}</h1>",
        f'<p class="lead">{esc(page_text(lang, "page.rules.lead"))}</p>',
    ]
    for section in RULES:
        parts.append(f'<section id="{section.key}" aria-labelledby="h-{section.key}">')
        parts.append(
            f'<h2 id="h-{section.key}">{esc(page_text(lang, f"page.{section.key}.title"))}</h2>'
        )
        parts.append(paragraphs(section.paragraphs, lang))
        if section.key == "setup":
            parts.append(f'<p class="legend">{esc(page_text(lang, "page.legend"))}</p>')
        parts.extend(make(lang) for make in section.figures)
        parts.append("</section>")
    examples = PAGES[lang]["examples"]
    parts.append(
        f'<p class="more"><a href="{examples}">{esc(page_text(lang, "page.rules.more"))}</a></p>'
    )
    parts.append(
        f'<p class="credits">{esc(page_text(lang, "page.credits"))} '
        f'<a href="static/courts-LICENSE.txt">{esc(page_text(lang, "page.credits.licence"))}</a> · '
        f'<a href="{COURTS_SOURCE}">{esc(page_text(lang, "page.credits.source"))}</a></p>'
    )
    return shell(
        lang,
        "rules",
        page_text(lang, "page.rules.title"),
        page_text(lang, "page.rules.description"),
        "\n".join(parts),
    )


# ------------------------------------------------------------------ examples page
def replay_html(example: Example, lang: str, name: str, lead: str) -> str:
    """A stepper: the stage (first frame written out), controls, caption and the whole
    list of moves; the frames as data and the distinct places as templates."""
    frames = replay(example, lang)
    templates: dict[tuple[str, str], str] = {}  # (slot, inner html) → template id
    template_html: list[str] = []
    steps = []
    total = len(example.moves)
    for frame in frames:
        mark = marks(frame.highlight, frame.revealed)
        ids = []
        for slot in SLOTS:
            view = frame.views[slot]
            inner = place_inner(view, mark.get(slot, ""))
            key = (slot, inner)
            if key not in templates:
                tid = f"{name}-t{len(templates)}"
                templates[key] = tid
                template_html.append(
                    f'<template id="{tid}" data-count="{view.count}">{inner}</template>'
                )
            ids.append(templates[key])
        steps.append(
            {
                "places": ids,
                "caption": frame.caption,
                "note": frame.note,
                "stats": score_line(frame.score, frame.moves, lang),
                "position": position_text(frame, total, lang),
            }
        )
    first = frames[0]
    stage = places_html(first.views, marks(first.highlight, first.revealed))
    data = json.dumps({"slots": list(SLOTS), "pace": PLAY_MS, "steps": steps}, ensure_ascii=False)
    data = data.replace("</", "<\\/")
    moves = "".join(
        f'<li><button type="button" data-step="{i}">{esc(f.caption)}</button></li>'
        for i, f in enumerate(frames)
    )

    def t(key: str, **words: object) -> str:
        return esc(page_text(lang, key, **words))

    button = step_control(lang)
    title = t(f"example.{name}.title")
    play = f'{t("example.play")} · <span class="code">{esc(example.code)}</span>'
    controls = "".join(
        [
            button("first"),
            button("prev"),
            button("play", toggle=True),
            button("next"),
            button("last"),
        ]
    )
    slider = (
        f'<input type="range" min="0" max="{len(frames) - 1}" value="0" step="1"'
        ' data-role="slider">'
    )
    return f"""<section class="replay" id="{name}" data-replay aria-labelledby="{name}-title">
<h2 id="{name}-title">{title}</h2>
<p>{esc(lead)}</p>
<p><a class="button primary" href="{esc(game_link(lang, example.code))}">{play}</a></p>
<div class="stage" tabindex="0" role="group" aria-label="{t("diagram.label")}"
 aria-describedby="{name}-caption">
<div class="diagram"><div class="table">{stage}</div></div>
</div>
<div class="step-text">
<p class="position" data-role="position">{esc(steps[0]["position"])}</p>
<p class="stats-line" data-role="stats">{esc(steps[0]["stats"])}</p>
</div>
<p class="step-caption" id="{name}-caption" data-role="caption" aria-live="polite">
{esc(first.caption)}</p>
<p class="step-note" data-role="note">{esc(first.note)}</p>
<div class="controls" role="group" aria-label="{title}">{controls}</div>
<label class="slider"><span>{t("step.slider")}</span>{slider}</label>
<p class="keys-hint">{t("step.keys")}</p>
<details class="move-list"><summary>{t("example.moves")}</summary><ol>{moves}</ol></details>
<script type="application/json" data-role="steps">{data}</script>
{"".join(template_html)}
</section>"""


def examples_page(lang: str) -> str:
    won_lead = page_text(lang, "example.won.lead", code=WON.code)
    impasse_lead = page_text(
        lang, "example.impasse.lead", code=IMPASSE.code, moves=Counted(len(IMPASSE.moves), "moves")
    )
    body = "\n".join(
        [
            f"<h1>{esc(page_text(lang, 'page.examples.title'))}</h1>",
            f'<p class="lead">{esc(page_text(lang, "page.examples.lead"))}</p>',
            f'<p class="legend">{esc(page_text(lang, "page.legend"))}</p>',
            replay_html(WON, lang, "won", won_lead),
            replay_html(IMPASSE, lang, "impasse", impasse_lead),
        ]
    )
    return shell(
        lang,
        "examples",
        page_text(lang, "page.examples.title"),
        page_text(lang, "page.examples.description"),
        body,
    )


def write_pages(out: Path) -> list[str]:
    """Write the four pages into ``out``; their names, relative to it."""
    written = []
    for lang, names in PAGES.items():
        for page, filename in names.items():
            content = rules_page(lang) if page == "rules" else examples_page(lang)
            (out / filename).write_text(content, encoding="utf-8")
            written.append(filename)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site"
    print(write_pages(target))
