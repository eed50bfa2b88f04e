"""Deal codes: parsing, formatting, and the frozen HM1 algorithm's known answers."""

from __future__ import annotations

import secrets
from collections import Counter
from random import Random

import pytest

from halfmoon import CodeError, Game, canonical_code, format_code, parse_code, random_code
from halfmoon.rules.cards import DOUBLE_DECK
from halfmoon.rules.deal import DEAL_COUNT, SplitMix64, shuffled_deck

# Known answers of docs/deal-codes.md: tops P1…P12 | reserve R1…R8, and P1 bottom → top.
KNOWN_ANSWERS = [
    (
        "HM1-N-AAAAAAA",
        "7H KH JC 9S 2H 8D 6H 4C QC 3C KD 10D",
        "AC 8D 10C 9C KS 5C QH 10D",
        "3H 8C JS 6S 4H 2D 10S 7H",
    ),
    ("HM1-N-AAAAAAB", "8S QC KS 9H 6H 5H 2D 7S QD QS 10C 8H", "10H KH JH 10S JH AS 4D 7C", None),
]

# Computed once with this implementation (which reproduces the known answers above) and
# frozen: the whole dealt order, index 0 … 103.  They cover the first deal, the last
# two, numbers near the top of each letter position, and large numbers.
FROZEN = [
    (
        "HM1-N-AAAAAAA",
        0,
        "3H 8C JS 6S 4H 2D 10S 7H AD 8H 10H 6S AD KC JD KH 5H 9H 5C 9S 3D QD 5D JC QS 10H 8S 3D JD 2S AS 9S KC KD 4C 7D 5S 9D 6H 2H 2S 6C 3S KS AS QC JH 8D 4S 9D 5D 3H 6D QD 5S 6H 8S AH 7S 7H 8H 6D 10C 4C 8C QS 2H 7D 2C 2D 9H QC 5H KH 3C 4D 7S 4H JC 3C 7C 3S 10S JH AC 2C JS KD QH 9C 4D 6C 4S AH 7C 10D AC 8D 10C 9C KS 5C QH 10D",
    ),
    (
        "HM1-N-AAAAAAB",
        1,
        "6D 7D JS 8S KC 7H 6C 8S 6S 9S 5S 10D KH JD AD QC 10C 4H 3S 4S JS 9C JC KS 5C 3C 7C AS 8C 9S 8H 9H QH 3H 6S 7H AC AH AC 6H 6D KD 3D KS JC 10H 5C 5H 2H 3C 2S 8D 7S 4C 8D 2D JD 2C 9D 2S 5S 9C 5D 7S 3S 6C 2C AD 10D 4C 9D QD 4S 4H QC QD 2D 9H 4D QS KC 10S 7D 6H 5H 5D AH 10C 2H KD QH 3D 8C QS 3H 8H 10H KH JH 10S JH AS 4D 7C",
    ),
    (
        "HM1-N-AAAAAAC",
        2,
        "10H AD 6D JC 2H QC 5D 3H 7S AS AC 4C KD 2S KS 6H 4S 9S 6H 8H 8S KC 7S 4H 8C 9D 7C KS KC 9C AC 4S JD 10C 7D QH 6C 9H QD 2C AS 10D 4H 10C 3S 2S 6S 8C 8S 4D AD QS 5H 3C 2D QC 9H 5H 10D 2C AH 5C 3S 3D QD 2D 6C 3D 4D 8H JD 7H 6D 6S 7D 10S 8D QH 7C 5S JS JH 5D AH 5C 9S 2H JS JH 3C 7H 4C 8D KH KH QS 9C 5S 3H JC 10H 10S KD 9D",
    ),
    (
        "HM1-N-AAAAABA",
        26,
        "QH 5S AH 2C 7D 6D 2H QC KH 8S 9D KD 8C 3C 10D AC 3C 6C 8H 7D 4S 7H 5D 9C 5D 2C JD KC 4H AH 10D 6D 9H 9H 7S 3D 10H JD JC 5H 6S QS 9D JH 10C 4H 9S 4S 8C 9S QS JS QH 5S 4D 3H 8S AD 5H 4C 2S 5C AC KH 2S 3S 8D KS 4C 8D 9C KD JC 2D JH 5C QD 7C 6C 7H 6H JS 2D 10H 6S AS 8H KC QD 6H 4D AS 7S 2H 3H 10S 10C 7C 10S AD 3D 3S KS QC",
    ),
    (
        "HM1-N-BAAAAAA",
        308915776,
        "QH 6D 7C 7D 7D 10C 4C 4D 5S 3D 8H 7H 8S 3C AC KD 9D 10H 5C 9H 6S 2C 6H JC 5H 2H 5H AS 10C AH 4H 7C 10D AD 6C 10D QS 8D JS 5D 4D 9S 2C QD JD KH 4C JH KS 7S JS 8S JC 9H 8C AD 2H 6S 9D 3H 10S AS QC 9S AH 9C 3D 6H 8C 6C JH 5D 3S KC 8H 2D 3S 10H 5C QD QC KS 2S 6D 2S JD 5S 10S 7S 4S KH 3C 9C 8D AC QS 4H 2D 4S KD KC 7H QH 3H",
    ),
    (
        "HM1-N-HALFMON",
        2167533537,
        "5H 6S 9C 9H QC 7S 10D AH 6D 4D 2S 2H KD QH 3S 10C 9S AD JH 4H KC 10S JH 3C 8S AH KS QS 9H 7H AS 3H AS 6D QD 4C AC 4S KH 3D 7S QC KD 7C 7D 6C 9C 5D QH 7C 4S 6H JS 5S 9S 3H 4D 10H 5H KC 2H 3D 8H 8D 5S 6C 7H 10S KS 4H 8C JC 6S 8S 10H 4C QS JS 2C 2D 2C 9D 10C 2S 9D 2D 5D KH 5C AC AD 10D 6H 8C 7D JD 8D 5C JC JD 3S 3C QD 8H",
    ),
    (
        "HM1-N-LUACHEI",
        3635741052,
        "9H 6S 3S AD JH 2D AS JC 9S 6S 8S 7C 3H KD 8C 2C 4H AS 7D JH KH JD 3C JD 10D 10S KD KS 2C 8D JS 4S 9D 7H 5S 3D 3S 2S 7D QD 6D JS 8D 3H 5C QS 10H QH 10H 5D QH 9C AC 9C 2D 2H 5S 4D 8H 6D 10C 8H 4H JC 5H 8C KH 10D 7S 5D 9S 8S 2S 7C 5C 7H QD 4C QC AH 4D KC 2H AH 3D 4S 7S 5H 6C 6C KC 9H 10C 9D KS AD 6H 4C AC 3C 6H 10S QS QC",
    ),
    (
        "HM1-N-MZZZZZZ",
        4015905087,
        "8H 10C KS 10H JH 9D 2H 4C AC JD 7C 6S 5H AS 7S 2C 3H 3D AC 6H 7S 2H 4H 8D QC 7C 4S 8C 5C QS 5S 4C KC 5C 2C JC KH QD QH 3S 3C 4D 4H 3S 2S 4S 9C JC JH 10D 10D AH 5S JS 8H QH 9D JS AH 9H 6C KS 2S AS KC 5D KH KD 10S 6D QD 7H QC 5D 7H 10S 3C 6D 6C 9S 3D JD 10C 7D 9H 2D 3H 7D KD 2D 6H 8D 9C QS AD 4D 10H AD 6S 8C 9S 5H 8S 8S",
    ),
    (
        "HM1-N-NAAAAAA",
        4015905088,
        "6S QH KH 3S 8C KD JS 6D JH 2H AD 9S KH QC 9C 3C QS 5H KC JS 7C 9C 8S QD AC 5C KS QS 4D 8H 4S 5S 2C 5D 4D QC 10D 5C 7S 10H 6C 9D 3D 3S 7H AH 7C KS JC 4H 7H 4C 6H 4C 8H 10S 3H 7S 2D 2S AC AH 7D 5H 4S 10D 3H 9H AS QD 6S 3C 5S 3D 8D KD QH 6C 6D 9S 2C 10H KC AD 10C 6H 10S AS 10C 8D JH JC 2S 4H 9H 8S 5D 7D JD 8C 2D 9D 2H JD",
    ),
    (
        "HM1-N-QWERTYU",
        5206182872,
        "6H 9C 5H 10S QS 4S 8S KH 6C 5D 4H KH 2H AS JS 9H 7C AD 3D JC 6D 6S JD 3D 3H 3H QD 7D 3C 10C 6H 8D 5C 5D 10D 5C JD AH KC QD QH 2C 6C 7S AC 8S JC 5S 9D 3C 2S 8C AD 3S QH QC 5S 2D 4H AS 2D 9S 7H 4D 8C QC 10H 7S 10H KD KD 9H 7H JS KS 4S 6D 10D JH 9D 4D 2S AH 2H 7D 9S JH 6S 10S 8H 10C 5H QS 3S 2C 8H 4C KS AC 4C 8D 9C 7C KC",
    ),
    (
        "HM1-N-ZZZZZZY",
        8031810174,
        "9S 8D 7C QH 6S 10S 9C 5H KD 10D 7D 8C 10C 7D 4D 3C AS 4D AC 3S KC 2C 7C 3S QC 10C 9H 2S 2H 2D 7H KH 10H 5H QD 2H 8D JS 3D 6C QC AC 6D 9D JH JC KS 6H 8H 4C AH KS QS 2C 8S 5C QD 6C 9C 9S QS 10H 5D 3D 10S 4S 5D 4H 6S 8C 9D JC 2S AS 7S KD JD KC AH 4C JS QH 7S 3H JD KH AD 9H 8S AD 2D 6D 4H 4S 10D 7H 3C JH 8H 6H 5C 3H 5S 5S",
    ),
    (
        "HM1-N-ZZZZZZZ",
        8031810175,
        "7S 9C JH 6C KS AC AD 4C 2H 2S 2C 9H JC 6H 10C 9H 5D JS 4H 8S JS 5S QS 10D 2S 4S 2D 10S 10S QD 7D 3H 8H 6H 6C JC 3S 4H 6S 9D QH 4S 5C JH 8H KC 8D 5C 5H AD 2D 8S 6D 5S KC 7H 4C 2H 9C AS KD AH KS 4D 3H 4D AH JD 3S JD 10C QS QH AC KH 7H 9D 3C 9S QC 7C KD 2C QD 7C 6S 3D AS 8C 8C 5H KH 7S 8D 10H 7D 10D 5D 9S QC 6D 3C 10H 3D",
    ),
]


@pytest.mark.parametrize(("code", "tops", "reserve", "p1"), KNOWN_ANSWERS)
def test_spec_known_answers(code: str, tops: str, reserve: str, p1: str | None) -> None:
    game = Game.new(code)
    assert " ".join(game.top(f"P{i}").code for i in range(1, 13)) == tops  # type: ignore[union-attr]
    assert " ".join(c.code for c in game.reserve) == reserve  # type: ignore[union-attr]
    if p1 is not None:
        assert " ".join(c.code for c in game.piles[0]) == p1


@pytest.mark.parametrize(("code", "number", "order"), FROZEN)
def test_frozen_deals(code: str, number: int, order: str) -> None:
    assert parse_code(code) == number
    assert format_code(number) == code
    assert " ".join(c.code for c in shuffled_deck(number)) == order
    game = Game.new(code)
    cards = order.split()
    for p in range(12):
        assert [c.code for c in game.piles[p]] == cards[8 * p : 8 * p + 8]
    assert [c.code for c in game.reserve if c] == cards[96:]


def test_first_and_last_codes() -> None:
    assert format_code(0) == "HM1-N-AAAAAAA"
    assert format_code(1) == "HM1-N-AAAAAAB"
    assert format_code(26) == "HM1-N-AAAAABA"
    assert format_code(DEAL_COUNT - 1) == "HM1-N-ZZZZZZZ"
    assert DEAL_COUNT - 1 == 8_031_810_175


def test_splitmix64_reference_values() -> None:
    # The reference SplitMix64 (Vigna) seeded with 0 starts with these outputs.
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_bounded_draw_rejects_the_biased_top_range() -> None:
    # Force a first draw inside the rejected range [limit, 2^64) and check it is skipped.
    class Scripted(SplitMix64):
        def __init__(self, values: list[int]) -> None:
            super().__init__(0)
            self.values = values

        def next(self) -> int:
            return self.values.pop(0)

    k = 3
    limit = (1 << 64) - ((1 << 64) % k)
    assert Scripted([limit, 7]).below(k) == 7 % k
    assert Scripted([limit - 1]).below(k) == (limit - 1) % k


def test_every_deal_is_a_full_double_deck() -> None:
    for number in (0, 1, 12345, DEAL_COUNT // 2, DEAL_COUNT - 1):
        assert Counter(shuffled_deck(number)) == Counter(DOUBLE_DECK)


@pytest.mark.parametrize(
    "text",
    ["HM1-N-AAAAAAB", "hm1-n-aaaaaab", "  Hm1-N-aAaAaAb\t", "\nHM1-N-AAAAAAB\r\n"],
)
def test_lenient_about_case_and_surrounding_space(text: str) -> None:
    assert canonical_code(text) == "HM1-N-AAAAAAB"
    assert Game.new(text).code == "HM1-N-AAAAAAB"


INVALID = {
    "": "empty",
    "   ": "empty",
    "HM2-N-AAAAAAB": "version",
    "HM0-N-AAAAAAB": "version",
    "XX1-N-AAAAAAB": "version",
    "HM1-X-AAAAAAB": "kind",
    "HM1-R-AAAAAAB": "kind",
    "HM1-N-AAAAAA": "length",
    "HM1-N-AAAAAAAB": "length",
    "HM1-N-": "length",
    "HM1-N-AAAAAA1": "letters",
    "HM1-N-1234567": "letters",
    "HM1-N-AAA_AAA": "letters",
    "HM1-N-AAA AAA": "letters",
    "HM1--AAAAAAB": "kind",
    "HM1NAAAAAAB": "format",
    "HM1-N-AAAAAAB-X": "format",
    "HM1_N_AAAAAAB": "format",
    "HM1-N-AAAAAAΒ": "characters",  # Greek capital beta
    "HM1-N-AAAAAAА": "characters",  # Cyrillic capital a
    "HM1-N-AAAAAAſ": "characters",  # long s, which upper-cases to S
    "HM1-N-AAAAAAＢ": "characters",  # fullwidth B
    "HM1-N-AAA\u200bAAAB": "characters",  # zero-width space inside
    "<img src=x onerror=alert(1)>": "format",
    "javascript:alert(1)": "format",
    "HM1-N-AAAAAAB\x00": "characters",
    "HM1%2DN%2DAAAAAAB": "format",
    "x" * 10_000: "too-long",
    " " * 65: "too-long",
}


@pytest.mark.parametrize(("text", "reason"), list(INVALID.items()))
def test_invalid_codes_are_refused_clearly(text: str, reason: str) -> None:
    with pytest.raises(CodeError) as info:
        parse_code(text)
    assert info.value.reason == reason
    message = str(info.value)
    assert message and len(message) < 200
    with pytest.raises(ValueError):
        Game.new(text)


def test_non_text_is_refused() -> None:
    for value in (None, 5, b"HM1-N-AAAAAAB", ["HM1-N-AAAAAAB"]):
        with pytest.raises(CodeError):
            parse_code(value)


def test_format_refuses_out_of_range_numbers() -> None:
    for bad in (-1, DEAL_COUNT, True, 1.0):
        with pytest.raises(ValueError):
            format_code(bad)  # type: ignore[arg-type]


def test_parse_and_format_round_trip() -> None:
    rng = Random(7)
    for _ in range(500):
        n = rng.randrange(DEAL_COUNT)
        assert parse_code(format_code(n)) == n


def test_random_codes_are_valid_and_vary() -> None:
    codes = {random_code() for _ in range(50)}
    assert len(codes) == 50
    for code in codes:
        assert canonical_code(code) == code
    game = Game.new()
    assert game.code is not None and canonical_code(game.code) == game.code


def test_random_code_draws_from_the_secure_source(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def fake_randbelow(k: int) -> int:
        seen.append(k)
        return DEAL_COUNT - 1

    monkeypatch.setattr(secrets, "randbelow", fake_randbelow)
    assert random_code() == "HM1-N-ZZZZZZZ"
    assert seen == [DEAL_COUNT]


def test_shuffle_is_unbiased() -> None:
    """Where each card of the canonical deck lands, over 3,000 spread-out deals: a
    chi-square over the 104 × 104 table must be within 6 standard deviations of what
    a uniform shuffle gives.  The classic biased shuffle (j drawn below 104 at every
    step) run on the same deals is far outside the same bound."""
    rng = Random(2026)
    deals = 3000
    counts = [[0] * 104 for _ in range(104)]
    numbers = [rng.randrange(DEAL_COUNT) for _ in range(deals)]
    for number in numbers:
        deck = list(range(104))
        gen = SplitMix64(number)
        for i in range(103, 0, -1):
            j = gen.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        for position, original in enumerate(deck):
            counts[original][position] += 1
    expected = deals / 104
    chi2 = sum((c - expected) ** 2 / expected for row in counts for c in row)
    dof = 103 * 103
    assert abs(chi2 - dof) < 6 * (2 * dof) ** 0.5, chi2
    # The same statistic catches a classic bias: swapping with any index every time.
    biased = [[0] * 104 for _ in range(104)]
    for number in numbers:
        deck = list(range(104))
        gen = SplitMix64(number)
        for i in range(103, 0, -1):
            j = gen.below(104)
            deck[i], deck[j] = deck[j], deck[i]
        for position, original in enumerate(deck):
            biased[original][position] += 1
    chi2_biased = sum((c - expected) ** 2 / expected for row in biased for c in row)
    assert abs(chi2_biased - dof) > 6 * (2 * dof) ** 0.5, chi2_biased


def test_shuffled_deck_refuses_bad_numbers() -> None:
    with pytest.raises(ValueError):
        shuffled_deck(DEAL_COUNT)
