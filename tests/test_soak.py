"""CI's short soak profile (``make soak`` runs the full million steps)."""

from tests.soak import soak


def test_short_soak_finds_no_violation() -> None:
    report = soak(steps=6_000, seed=7)
    assert report.violations == []
    assert (
        report.removals > 1_000 and report.deals > 10 and report.wins >= 1 and report.impasses > 5
    )
