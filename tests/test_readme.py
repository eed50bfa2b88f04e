"""The README's engine example runs, and prints exactly what the README says it prints.

A newcomer copies that block first; if the engine's API or a known deal changed under it,
this test fails instead of the newcomer.
"""

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
SECTION = "## The engine in Python"
EXAMPLE = re.compile(
    r"```python\n(?P<code>.*?)```\s*\n(?:[^`\n]*\n)*?```text\n(?P<out>.*?)```", re.S
)


def section_text() -> str:
    """The README's engine section, from its heading to the next heading."""
    text = README.read_text(encoding="utf-8")
    start = text.find(SECTION)
    if start < 0:
        pytest.fail(f"README.md has no section {SECTION!r}")
    end = text.find("\n## ", start + len(SECTION))
    return text[start:] if end < 0 else text[start:end]


def example() -> tuple[str, str]:
    """The section's Python block and the output block that follows it."""
    match = EXAMPLE.search(section_text())
    if match is None:
        pytest.fail("README.md's engine section has no ```python block followed by ```text")
    return match["code"], match["out"]


def test_readme_example_prints_what_the_readme_shows() -> None:
    code, shown = example()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(README), "exec"), {"__name__": "readme_example"})
    assert printed.getvalue() == shown


def test_readme_example_deals_the_known_answer() -> None:
    """The example shows deal 0's first tops as the deal codes' guide gives them."""
    _, shown = example()
    assert "HM1-N-AAAAAAA ['7H', 'KH', 'JC', '9S', '2H']" in shown.splitlines()


def test_readme_links_lead_to_files() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\((?!https?://)([^)#]+)\)", text)
    targets += re.findall(r'src="(?!https?://)([^"]+)"', text)
    assert targets
    missing = [t for t in targets if not (README.parent / t).exists()]
    assert missing == []
