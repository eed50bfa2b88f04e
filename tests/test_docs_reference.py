"""docs/design.md and docs/performance.md stay references: each at most 300 lines, no
paragraph over 12, and every pointer into them from the code and the other docs
(``docs/design.md, "Tapping"``, ``design.md#what-is-saved``) names a section they have."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ("design.md", "performance.md")
MOST_LINES = 300
MOST_PARAGRAPH = 12
POINTER = re.compile(
    r'(?:docs/)?(?P<doc>[a-z-]+\.md)\)?,\s*(?P<names>"[^"\n]+"(?:\s*(?:,|and)\s*"[^"\n]+")*)'
)
ANCHOR = re.compile(r"(?P<doc>[a-z-]+\.md)#(?P<anchor>[a-z0-9-]+)")
# A line's comment marks, so that a pointer broken over two lines of a comment reads whole.
BREAK = re.compile(r"\n\s*(?://+|#+|\*+(?!\*))?[ \t]*")


def sources() -> list[Path]:
    found = [ROOT / "main.py", ROOT / "index.html", ROOT / "README.md", ROOT / "Makefile"]
    for folder, pattern in (
        ("halfmoon", "**/*.py"),
        ("tools", "**/*.py"),
        ("bench", "*.py"),
        ("tests", "**/*.py"),
        ("static", "**/*.js"),
        ("static", "**/*.mjs"),
        ("static", "**/*.css"),
        ("docs", "*.md"),
    ):
        found += (ROOT / folder).glob(pattern)
    return sorted(p for p in found if p.is_file() and "__pycache__" not in p.parts)


def pointers() -> Iterator[tuple[str, str, str]]:
    """(where, doc, section) for every pointer into DOCS by section name or anchor."""
    for path in sources():
        text = path.read_text(encoding="utf-8")
        flat = BREAK.sub(" ", text)
        where = str(path.relative_to(ROOT))
        for found in POINTER.finditer(flat):
            if found["doc"] in DOCS:
                for name in re.findall(r'"([^"]+)"', found["names"]):
                    yield where, found["doc"], name
        for found in ANCHOR.finditer(text):
            if found["doc"] in DOCS:
                yield where, found["doc"], "#" + found["anchor"]


def slug(heading: str) -> str:
    """GitHub's anchor of a heading."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def sections(doc: str) -> set[str]:
    """A doc's headings and its paragraphs' bold run-in names (``**A win is a fact.**``),
    and each heading's anchor (``#what-is-saved``)."""
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    headings = re.findall(r"^#+ (.+)$", text, flags=re.M)
    run_ins = re.findall(r"^(?:- )?\*\*([^*]+?)\.?\*\*", text, flags=re.M)
    return {*headings, *run_ins, *("#" + slug(h) for h in headings)}


def names(section: str, have: set[str]) -> bool:
    return any(h == section or h.startswith((section + ":", section + ",")) for h in have)


def paragraphs(text: str) -> Iterator[tuple[int, int]]:
    """(first line, length) of each paragraph: outside code blocks and tables, a list
    item its own."""
    start, length, fenced = 0, 0, False
    for number, line in enumerate([*text.splitlines(), ""], 1):
        if line.startswith("```"):
            fenced = not fenced
        item = re.match(r"\s*(?:[-*]|\d+\.) ", line)
        if fenced or line.startswith(("```", "|", "#")) or not line.strip() or item:
            if length:
                yield start, length
            start, length = number, 0
            if item and not fenced:
                length = 1
            continue
        if not length:
            start = number
        length += 1


def test_every_pointer_names_a_section_of_its_doc() -> None:
    have = {doc: sections(doc) for doc in DOCS}
    found = list(pointers())
    assert len(found) > 20  # the scan reads the pointers at all
    broken = [
        f'{where}: {doc}, "{section}"'
        for where, doc, section in found
        if not names(section, have[doc])
    ]
    assert not broken, "pointers to no section (rename the pointer or keep a section):\n" + (
        "\n".join(broken)
    )


def test_a_pointer_broken_over_two_comment_lines_reads_whole() -> None:
    perf, design = "performance.md", "design.md"  # not pointers of this file's own
    text = f'slow (docs/{perf}, "A\n    // phone") and (docs/{design},\n"Words")'
    flat = BREAK.sub(" ", text)
    assert [m["names"] for m in POINTER.finditer(flat)] == ['"A phone"', '"Words"']


@pytest.mark.parametrize("doc", DOCS)
def test_the_doc_is_a_reference_not_a_notebook(doc: str) -> None:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    lines = len(text.splitlines())
    assert lines <= MOST_LINES, f"docs/{doc} has {lines} lines (at most {MOST_LINES})"
    long = [f"line {start}: {n} lines" for start, n in paragraphs(text) if n > MOST_PARAGRAPH]
    assert not long, f"docs/{doc}: paragraphs over {MOST_PARAGRAPH} lines: {long}"
