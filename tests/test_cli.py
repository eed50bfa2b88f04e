"""``python -m halfmoon``: the diagram people read, and one-line errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from halfmoon.host.cli import main
from halfmoon.rules.deal import canonical_code


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "halfmoon", *args], capture_output=True, text=True, check=False
    )


def test_show_draws_the_arch_with_names_and_counts() -> None:
    out = run("show", "HM1-N-AAAAAAB")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "HM1-N-AAAAAAB"
    top_cards, top_names = lines[2].split(), lines[3]
    # Top row: piles 4 … 10 left to right (known answer of docs/deal-codes.md: 9H 6H 5H 2D 7S QD QS).
    assert top_cards == ["9♥", "6♥", "5♥", "2♦", "7♠", "D♦", "D♠"]
    assert top_names.split() == [w for n in range(4, 11) for w in (str(n), "(8)")]
    # Second row: pile 3, reserve R1–R4, pile 11; third: pile 2, R5–R8, pile 12.
    assert lines[5].split() == ["R♠", "10♥", "R♥", "V♥", "10♠", "10♣"]
    reserve_names = [w for n in range(1, 5) for w in (f"R{n}", "(1)")]
    assert lines[6].split() == ["3", "(8)", *reserve_names, "11", "(8)"]
    assert lines[8].split() == ["D♣", "V♥", "A♠", "4♦", "7♣", "8♥"]
    assert lines[11].split() == ["8♠"] and lines[12].split() == ["1", "(8)"]
    # The reserve sits inside the arch: its first card starts right of pile 3's.
    assert lines[5].index("10♥") > lines[5].index("R♠") + 4


def test_show_in_english_and_lenient_input() -> None:
    out = run("show", "  hm1-n-aaaaaab ", "--lang", "en")
    assert out.returncode == 0
    assert out.stdout.splitlines()[2].split()[-2:] == ["Q♦", "Q♠"]


@pytest.mark.parametrize("bad", ["HM2-N-AAAAAAB", "", "<script>", "HM1-N-AAAAAA"])
def test_bad_code_is_a_one_line_error_with_status_2(bad: str) -> None:
    out = run("show", bad)
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1
    assert out.stderr.startswith("halfmoon: ")


def test_bad_usage_is_status_2() -> None:
    for args in ([], ["deal"], ["show"]):
        out = run(*args)
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1


def test_new_prints_a_fresh_valid_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new"]) == 0
    code = capsys.readouterr().out.strip()
    assert canonical_code(code) == code
