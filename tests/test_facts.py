"""Every fact the page's scripts, stylesheet and markup share with Python is said once,
in Python, and handed to them by the build: this fails when a copy of one is written
into a script, the stylesheet, the page or the web layer, or when a literal that must
stay (a media query cannot read a custom property) disagrees with its source."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

from halfmoon.host.locale import po_words
from halfmoon.keeping.prefs import FELTS, THEMES
from halfmoon.page.kept import FIELDS as KEPT_FIELDS
from halfmoon.page.kept import Action, Key, Tap, read
from halfmoon.page.look import NARROW_PX, SIGN_MS
from halfmoon.page.painted import CHECKS
from halfmoon.words.i18n import HTML_LANG, LANGUAGES, html_lang
from tools.archive import ENGINE_ARCHIVE
from tools.build_site import CHOICES, render_page, stylesheet

FAILURE_KEYS = ("app.error", "app.error.load")
ROOT = Path(__file__).resolve().parent.parent
CSS = (ROOT / "static" / "halfmoon.css").read_text(encoding="utf-8")

SCRIPTS = ("static/**/*.js",)
PAGE = (*SCRIPTS, "static/*.css", "index.html", "main.py")
EVERYWHERE = (*PAGE, "halfmoon/**/*.py", "tools/build_*.py", "tools/markup.py", "tools/archive.py")


@dataclass(frozen=True)
class Copy:
    """What a copy of a fact looks like, the one file that may say it, and where to
    look for copies."""

    pattern: str
    source: str
    where: tuple[str, ...] = EVERYWHERE


def _any(values: Iterable[str]) -> str:
    return "(?:" + "|".join(re.escape(v) for v in values) + ")"


COPIES: dict[str, Copy] = {
    "html lang": Copy(
        rf"""["'`]{_any(t for code, t in HTML_LANG.items() if t != code)}["'`]"""
        rf"""|(?:===?|!=)\s*["']{_any(LANGUAGES)}["']|startswith\(["']{_any(LANGUAGES)}""",
        "halfmoon/words/i18n.py",
    ),
    "engine archive": Copy(rf"""["'`]{re.escape(ENGINE_ARCHIVE)}""", "tools/archive.py"),
    "sign duration": Copy(rf"(?<![\w.]){SIGN_MS}(?![\w.])", "halfmoon/page/look.py"),
    "narrow breakpoint": Copy(rf"<=\s*{NARROW_PX}\b", "halfmoon/page/look.py"),
    "kept input": Copy(
        rf"""\[\s*["']{_any(KEPT_FIELDS)}["']\s*,|len\(rest\)\s*==\s*\d""",
        "halfmoon/page/kept.py",
    ),
    "painted limits": Copy(
        r"\btext\([^()]*,\s*\d+\)|entry\.length\s*!==\s*\d", "halfmoon/page/painted.py", SCRIPTS
    ),
    "themes and felts": Copy(
        rf"""<option value=|\[\s*["']{_any((*THEMES, *FELTS))}["']\s*,""",
        "halfmoon/keeping/prefs.py",
        PAGE,
    ),
    "start-failure words": Copy(
        _any(po_words(lang)[key][:24] for lang in LANGUAGES for key in FAILURE_KEYS),
        "locale/",
    ),
}


def copies(fact: str) -> set[str]:
    """The files that write a copy of ``fact`` (outside its one source)."""
    copy = COPIES[fact]
    found = set()
    for pattern in copy.where:
        for path in ROOT.glob(pattern):
            rel = path.relative_to(ROOT).as_posix()
            if rel != copy.source and re.search(copy.pattern, path.read_text(encoding="utf-8")):
                found.add(rel)
    return found


@pytest.mark.parametrize("fact", sorted(COPIES))
def test_each_fact_is_written_in_its_source_alone(fact: str) -> None:
    assert copies(fact) == set(), f"{fact}: read it from {COPIES[fact].source}"


def test_a_copy_is_found() -> None:
    """The search finds the copies it is for (else every test above passes for nothing)."""
    samples = {
        "html lang": 'root.lang = lang === "en" ? "en" : "pt-PT";',
        "engine archive": 'new URL(python.engine || "engine.zip", location.href)',
        "sign duration": f"SIGN_MS = {SIGN_MS}",
        "narrow breakpoint": f'board.classList.toggle("narrow", width <= {NARROW_PX});',
        "kept input": 'kept.push(["tap", card.parentElement.dataset.slot]);',
        "painted limits": "if (!text(caption, 12)) return null;",
        "themes and felts": 'const felts = boot.felts || ["green", "blue"];',
        "start-failure words": 'status.textContent = "Half Moon could not start.";',
    }
    assert samples.keys() == COPIES.keys()
    for fact, sample in samples.items():
        assert re.search(COPIES[fact].pattern, sample), fact


def test_the_narrow_query_of_the_stylesheet_is_the_engines_breakpoint() -> None:
    """A media query cannot read a custom property: the stylesheet names the board's
    narrow width (``.narrow``, static/boot/size.js) and the build writes it in."""
    queries = re.findall(r"/\* the narrow breakpoint[^*]*\*/\s*@media \((--[\w-]+)\)", CSS)
    assert queries == ["--narrow"]
    assert "--narrow (" not in CSS and f"{NARROW_PX}px" not in CSS
    assert stylesheet(CSS).count(f"@media (max-width: {NARROW_PX}px) {{") == CSS.count(
        "@media (--narrow) {"
    )


def test_the_refused_sign_lasts_as_long_as_the_renderer_keeps_it() -> None:
    """The sign's animations take the engine's duration, which the shipped stylesheet
    declares first."""
    rules = re.findall(r'\[data-sign="refused"\] \{\s*animation: \w+ ([^ ;]+)', CSS)
    assert rules and set(rules) == {"var(--sign-ms)"}
    assert stylesheet(CSS).startswith(f":root {{ --sign-ms: {SIGN_MS}ms; }}")


def test_the_stylesheet_draws_each_felt_and_no_other() -> None:
    drawn = set(re.findall(r'\[data-felt="([\w-]+)"\]', CSS))
    assert drawn == set(FELTS) - {FELTS[0]}, "the first felt is the page's own colour"


def _boot(page: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="boot-data">(.*?)</script>', page, re.S)
    assert found
    data: dict[str, object] = json.loads(found.group(1))
    return data


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_is_handed_what_python_knows(lang: str) -> None:
    page = render_page((ROOT / "index.html").read_text(encoding="utf-8"), lang)
    boot = _boot(page)
    assert f'<html lang="{html_lang(lang)}"' in page
    assert boot["html_lang"] == HTML_LANG
    assert boot["look"] == {"sign_ms": SIGN_MS, "narrow_px": NARROW_PX}
    assert boot["kept"] == KEPT_FIELDS
    assert boot["painted"] == CHECKS
    for name, (values, _) in CHOICES.items():
        select = "language" if name == "lang" else name
        options = re.search(rf'<select data-option="{select}"[^>]*>(.*?)</select>', page, re.S)
        assert options and re.findall(r'<option value="([^"]+)"', options.group(1)) == list(values)


def test_the_kept_records_are_read_by_their_fields() -> None:
    """What the start-up script writes — a kind, then its fields in the handed order —
    is read back as the value it stands for; anything else is dropped."""

    def written(kind: str, **values: object) -> list[object]:
        return [kind, *(values[name] for name in KEPT_FIELDS[kind])]

    key = {"key": "z", "ctrl": True, "meta": False, "shift": False, "alt": False}
    assert read(written("tap", slot="P3")) == Tap("P3")
    assert read(written("action", action="undo", entry="")) == Action("undo", "")
    assert read(written("key", **key, repeat=False, slot="R2")) == Key(
        "z", True, False, False, False, False, "R2"
    )
    assert read(written("key", **key, repeat=False, slot="nowhere")) == Key(
        "z", True, False, False, False, False, ""
    )
    for bad in ([], ["tap"], ["tap", "P99"], ["tap", "P1", "P2"], ["key", "z"], ["jump", "P1"]):
        assert read(bad) is None, bad
    assert read(written("key", **{**key, "ctrl": "yes"}, repeat=False, slot="")) is None


def test_the_host_keeps_the_engine_archive_fresh_by_its_name() -> None:
    """The host's headers name the archive (a TOML file cannot read a name): the engine
    of a new deploy is asked for again, never taken from a stale cache."""
    config = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
    fresh = {rule["for"] for rule in config["headers"] if "no-cache" in str(rule["values"])}
    assert f"/{ENGINE_ARCHIVE}" in fresh
