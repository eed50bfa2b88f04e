"""docs/design.md's picture of the wings is drawn from the code: its Mermaid block's
arrows are the transitive reduction of the imports between the wings (read by
tests/test_layering.py), no more and no fewer, in the plain subset of Mermaid GitHub
draws; and each wing's section names every room of it."""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

from tests.test_layering import LAYERS, PACKAGE, ROOT, TOP, wing_arrows

DESIGN = ROOT / "docs" / "design.md"
WINGS = (*LAYERS, *TOP)
NODE = re.compile(r'(?P<id>[a-z]+)\["(?P<label>[^"\[\]]+)"\]')
ARROW = re.compile(r"(?P<source>[a-z]+) --> (?P<to>[a-z]+)")
SECTIONS = {wing: wing.capitalize() for wing in (*LAYERS, "host")}
"""Each wing's section of design.md (``## Rules`` …); the browser side's is told by its
jobs, not by its rooms."""

Arrow = tuple[str, str]


def reduction(arrows: Iterable[Arrow]) -> set[Arrow]:
    """The arrows no longer path implies: ``a -> b`` stays unless ``a`` reaches ``b``
    through some other wing."""
    arrows = set(arrows)

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            node = todo.pop()
            if node == goal:
                return True
            if node not in seen:
                seen.add(node)
                todo.extend(to for source, to in arrows if source == node)
        return False

    return {
        (a, b)
        for a, b in arrows
        if not any(source == a and to != b and reaches(to, b) for source, to in arrows)
    }


def mermaid_blocks(text: str) -> list[str]:
    return re.findall(r"^```mermaid\n(.*?)^```$", text, flags=re.S | re.M)


def picture(block: str) -> tuple[dict[str, str], set[Arrow]]:
    """The nodes (id -> label) and arrows of a ``flowchart TB`` block, refusing any line
    outside the plain subset: ``flowchart TB``, ``id["label"]``, ``a --> b``."""
    lines = [line.strip() for line in block.splitlines() if line.strip()]
    assert lines and lines[0] == "flowchart TB", "the picture must open with `flowchart TB`"
    nodes: dict[str, str] = {}
    arrows: set[Arrow] = set()
    for line in lines[1:]:
        if node := NODE.fullmatch(line):
            assert node["id"] not in nodes, f"{node['id']} is declared twice"
            nodes[node["id"]] = node["label"]
        elif arrow := ARROW.fullmatch(line):
            assert (arrow["source"], arrow["to"]) not in arrows, f"{line} is drawn twice"
            arrows.add((arrow["source"], arrow["to"]))
        else:
            raise AssertionError(f'not in the plain subset (`id["label"]`, `a --> b`): {line!r}')
    return nodes, arrows


def the_picture() -> tuple[dict[str, str], set[Arrow]]:
    blocks = mermaid_blocks(DESIGN.read_text(encoding="utf-8"))
    assert len(blocks) == 1, f"docs/design.md has {len(blocks)} Mermaid blocks, not one"
    return picture(blocks[0])


def test_the_reduction_leaves_out_only_what_a_longer_path_implies() -> None:
    chain = {("c", "b"), ("b", "a"), ("c", "a"), ("d", "a")}
    assert reduction(chain) == {("c", "b"), ("b", "a"), ("d", "a")}
    assert reduction(set()) == set()


def test_the_picture_keeps_to_plain_mermaid() -> None:
    block = 'flowchart TB\n    a["the a"]\n    a --> b\n'
    assert picture(block) == ({"a": "the a"}, {("a", "b")})
    for wrong in ("graph TD\n    a --> b", "flowchart TB\n    a -> b", "flowchart TB\n    a(x)"):
        with pytest.raises(AssertionError):
            picture(wrong)


def test_the_picture_draws_every_wing_once() -> None:
    nodes, arrows = the_picture()
    assert sorted(nodes) == sorted(WINGS), "the picture's nodes are not the wings"
    for wing, label in nodes.items():
        assert label.startswith(f"{wing}: "), f"{wing}'s label should start with its name"
    unknown = {end for arrow in arrows for end in arrow} - set(nodes)
    assert not unknown, f"arrows to or from undeclared nodes: {sorted(unknown)}"


def test_the_pictures_arrows_are_the_wings_imports() -> None:
    _, drawn = the_picture()
    real = wing_arrows()
    expected = reduction(real)
    wrong = [
        f"missing: {a} --> {b} (halfmoon/{a}/ imports halfmoon/{b}/, and no longer path "
        "leads there)"
        for a, b in sorted(expected - drawn)
    ] + [
        f"extra: {a} --> {b} ("
        + (
            "a longer path implies it: the picture draws the transitive reduction)"
            if (a, b) in real
            else f"halfmoon/{a}/ does not import halfmoon/{b}/)"
        )
        for a, b in sorted(drawn - expected)
    ]
    assert not wrong, "docs/design.md's picture of the wings:\n" + "\n".join(wrong)


@pytest.mark.parametrize("wing", sorted(SECTIONS))
def test_each_wings_section_names_its_rooms(wing: str) -> None:
    text = DESIGN.read_text(encoding="utf-8")
    found = re.search(rf"^## {SECTIONS[wing]}\n(.*?)(?=^## |\Z)", text, flags=re.S | re.M)
    assert found, f'docs/design.md has no section "## {SECTIONS[wing]}"'
    section = found[1]
    assert f"`halfmoon/{wing}/`" in section, f"its section does not name halfmoon/{wing}/"
    rooms = sorted(p.name for p in (PACKAGE / wing).glob("*.py") if p.name != "__init__.py")
    missing = [room for room in rooms if f"`{room}`" not in section]
    assert not missing, f"design.md's section {SECTIONS[wing]} does not name {missing}"
