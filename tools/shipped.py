"""What the site ships of a script: its code without the lines that are only comments.

The page's scripts explain themselves at length (docs/design.md points into them); a
player's first visit need not download that.  Only whole lines go: a line that is a
``//`` comment, or the lines of a ``/* … */`` block that starts a line and ends one.  A
line that mixes code and a comment is kept whole, and nothing inside a template literal
(`` `…` ``, which may span lines) is touched.  Directives (``//#``, ``//@``) stay.

>>> shipped("// why\\nconst a = 1; // kept\\n/**\\n * a block\\n */\\nf(`\\n// text\\n`);\\n")
'const a = 1; // kept\\nf(`\\n// text\\n`);\\n'
"""

from __future__ import annotations

_DIRECTIVES = ("//#", "//@")


def shipped(script: str) -> str:
    """``script`` without its comment-only lines (see the module's docstring)."""
    kept: list[str] = []
    block: list[str] = []  # the lines of a comment block not yet closed
    in_template = False
    for line in script.splitlines(keepends=True):
        text = line.strip()
        if block:
            block.append(line)
            if "*/" in text:
                if not text.endswith("*/") or text.count("*/") > 1:
                    kept.extend(block)  # code after the block: kept as written
                block = []
            continue
        if not in_template:
            if text.startswith("//") and not text.startswith(_DIRECTIVES):
                continue
            if text.startswith("/*"):
                closed = text.find("*/", 2)
                if closed == -1:
                    block = [line]
                    continue
                if closed == len(text) - 2:
                    continue  # a one-line block
        kept.append(line)
        in_template ^= _backticks(line) % 2 == 1
    kept.extend(block)  # a block never closed: left as it was
    return "".join(kept)


def _backticks(line: str) -> int:
    """How many template-literal quotes a line opens or closes (an escaped one does
    neither)."""
    return line.count("`") - line.count("\\`")
