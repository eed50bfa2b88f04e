"""A challenge by link (issue 42, item 1), in CPython: its text written and read back,
every damaged or forged link refused without a crash and without a move the engine would
not play, a hostile name kept as bounded plain text (its joiners where they join), and
the session that opens one: the deal dealt, the challenge kept with the play across a
reload, its moves hidden until the game ends or is given up."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon.challenges import challenge_link as fmt
from halfmoon.challenges.challenge import (
    Challenge,
    ChallengeError,
    Result,
    line_words,
    of_entry,
    read_challenge,
    replayed,
    share_words,
    verdict,
    verdict_words,
)
from halfmoon.host.examples import WON
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.saved import Play, read_play, write_play
from halfmoon.page.challenge_view import challenge_line, versus
from halfmoon.records.history import Entry
from halfmoon.records.stats import Count
from halfmoon.rules.game import Game
from halfmoon.rules.links import read_link
from halfmoon.session.leaving import link_question
from halfmoon.session.session import Session

WIN = Challenge(WON.code, Result(104, 252, 48), "Ana", tuple(WON.moves))


def partial(moves: int, name: str = "") -> Challenge:
    game = Game.new(WON.code)
    for move in WON.moves[:moves]:
        for slot in move:
            game.tap(slot)
    result = Result(104 - game.cards_left, 61, moves)
    return Challenge(WON.code, result, name, tuple(WON.moves[:moves]))


def test_a_won_game_fits_a_chat_and_reads_back() -> None:
    link = WIN.link_text()
    assert link.startswith(WON.code + "~c1.")
    assert len(link) <= 150
    assert all(ch.isalnum() or ch in "-_.~" for ch in link)
    assert read_challenge("#" + link) == WIN
    assert read_link("#" + link) == WON.code  # the deal link's reading, as ever


def test_the_deal_code_in_any_case_and_percent_encoded() -> None:
    link = WIN.link_text()
    code, tail = link.split("~")
    assert read_challenge("#" + code.lower() + "%7E" + tail) == WIN


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, len(WON.moves)),
    st.text(max_size=40),
    st.integers(0, 359_999),
)
def test_round_trip(moves: int, name: str, seconds: int) -> None:
    made = partial(moves, name)
    challenge = Challenge(
        made.code, Result(made.result.cleared, seconds, moves), name, made.removals
    )
    read = read_challenge("#" + challenge.link_text())
    assert isinstance(read, Challenge)
    assert read.result == challenge.result
    assert read.removals == challenge.removals
    assert read.name == fmt.clean_name(name)
    assert len(read.name) <= fmt.MAX_NAME


def test_a_challenge_of_no_move_is_refused_as_an_impossible_result() -> None:
    """0 cards cleared is no result to beat (any move would): the link is refused and
    says why, as one whose moves do not give its result is."""
    empty = Challenge(WON.code, Result(0, 0, 0), "Ana", ())
    refused = read_challenge("#" + empty.link_text())
    assert isinstance(refused, ChallengeError)
    assert "nothing to beat" in str(refused)


def _legal(challenge: Challenge) -> bool:
    """Whether every move of ``challenge`` is one the engine plays on its deal."""
    game = Game.new(challenge.code)
    for move in challenge.removals:
        results = [game.tap(slot) for slot in move]
        if results[-1].removal is None:
            return False
    return (104 - game.cards_left, game.moves) == (
        challenge.result.cleared,
        challenge.result.moves,
    )


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_mutation_never_crashes_nor_yields_an_illegal_move(data: st.DataObject) -> None:
    link = WIN.link_text()
    at = data.draw(st.integers(0, len(link)))
    kind = data.draw(st.sampled_from(["replace", "insert", "delete", "cut"]))
    ch = data.draw(st.characters(codec="utf-8"))
    if kind == "replace":
        mutated = link[:at] + ch + link[at + 1 :]
    elif kind == "insert":
        mutated = link[:at] + ch + link[at:]
    elif kind == "delete":
        mutated = link[:at] + link[at + 1 :]
    else:
        mutated = link[:at]
    read = read_challenge("#" + mutated)
    if isinstance(read, Challenge):
        assert _legal(read)
        if mutated != link:  # a change the check missed is still a legal game
            assert read.code == WON.code


@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRST", max_size=104), st.integers(0, 104))
@settings(max_examples=150, deadline=None)
def test_forged_moves_with_a_good_check_are_replayed_not_trusted(taps: str, cleared: int) -> None:
    """A forger who computes the check still cannot pass moves the engine refuses, nor
    a result the moves do not give."""
    slots = tuple(fmt.SLOTS[fmt.TAP_LETTERS.index(c)] for c in taps)
    claim = fmt.Claim(WON.code, cleared, len(slots) // 3, 10, slots, "x")
    read = read_challenge("#" + fmt.write(claim))
    if isinstance(read, Challenge):
        assert _legal(read)


def test_a_forged_result_is_refused() -> None:
    for forged in (
        fmt.Claim(WON.code, 104, 48, 5, tuple(s for m in WON.moves[:10] for s in m), "Eve"),
        fmt.Claim(WON.code, 20, 11, 5, tuple(s for m in WON.moves[:10] for s in m), "Eve"),
    ):
        read = read_challenge("#" + fmt.write(forged))
        assert isinstance(read, ChallengeError)
        assert "result" in str(read)


def test_a_flipped_move_letter_is_detected() -> None:
    link = WIN.link_text()
    parts = link.split(".")
    taps = parts[4]
    parts[4] = taps[:5] + ("B" if taps[5] == "A" else "A") + taps[6:]
    flipped = ".".join(parts)
    assert isinstance(read_challenge("#" + flipped), ChallengeError)
    assert read_link("#" + flipped) == WON.code


def test_a_move_the_engine_would_not_play_is_refused_even_with_a_good_check() -> None:
    taps = ("P1", "P1")
    read = read_challenge("#" + fmt.write(fmt.Claim(WON.code, 2, 1, 1, taps, "")))
    assert isinstance(read, ChallengeError)
    half = tuple(WON.moves[0][:1])
    with_half = fmt.Claim(WON.code, 0, 0, 1, half, "")
    assert isinstance(read_challenge("#" + fmt.write(with_half)), ChallengeError)
    try:
        replayed(with_half)
    except ChallengeError as exc:
        assert "half" in str(exc)


def test_no_challenge_and_no_deal() -> None:
    assert read_challenge("#" + WON.code) is None
    assert read_challenge("#daily") is None
    assert read_challenge("#HM9-X~c1.0.0.0...") is None  # no deal: not a challenge either
    assert isinstance(read_challenge("#" + WON.code + "~"), ChallengeError)
    assert isinstance(read_challenge("#" + WON.code + "~c2.0.0.0..AAAA"), ChallengeError)


def test_a_hostile_name_is_plain_bounded_text() -> None:
    hostile = "<img src=x onerror=f()>\u202e\u0000\u200bAna\n\tLuz" + "z" * 40
    name = fmt.clean_name(hostile)
    assert name == "<img src=x onerror=f()>A"  # text (shown as text), cut at 24
    assert len(name) == fmt.MAX_NAME
    assert not any(ord(c) < 32 or c in "\u202e\u200b" for c in name)
    assert fmt.clean_name(" Ana \u202e\u2066Luz ") == "Ana Luz"
    read = read_challenge("#" + Challenge(WON.code, WIN.result, hostile, WIN.removals).link_text())
    assert isinstance(read, Challenge) and read.name == name


# ------------------------------------------------ joiners (issue 52, item 9)
ZWJ, ZWNJ = "\u200d", "\u200c"
FAMILY = f"\U0001f468{ZWJ}\U0001f469{ZWJ}\U0001f467"  # man, woman, girl: one family
PERSIAN = f"\u0645\u06cc{ZWNJ}\u062e\u0648\u0627\u0647\u0645"  # «می‌خواهم»
HALF_KA = f"\u0915\u094d{ZWJ}\u0937"  # Devanagari क्‍ष: a half KA before SSA
CHILLU = f"\u0d1c\u0d4b\u0d23\u0d4d{ZWJ}"  # Malayalam «ജോണ്‍»: a chillu, ZWJ last
NAMES = [
    FAMILY,
    PERSIAN,
    HALF_KA,
    CHILLU,
    f"{CHILLU}, Ana",  # the chillu before a comma
    f"\U0001f469\U0001f3fd{ZWJ}\U0001f4bb",  # woman, a skin tone, a laptop
    f"\U0001f3f3\ufe0f{ZWJ}\U0001f308",  # the rainbow flag: white flag, VS-16, rainbow
    f"{PERSIAN} {FAMILY}",
]


def test_a_name_keeps_its_joiners_where_they_join() -> None:
    for name in NAMES:
        assert fmt.clean_name(name) == name, name
        read = read_challenge("#" + replace(WIN, name=name).link_text())
        assert isinstance(read, Challenge) and read.name == name


def test_a_joiner_that_joins_nothing_goes_and_hostile_characters_with_it() -> None:
    cases = {
        f"{ZWJ}Ana{ZWJ}": "Ana",  # at either end
        f"{ZWNJ}{PERSIAN}{ZWNJ}": PERSIAN,
        f"A{ZWJ}{ZWJ}na": "Ana",  # doubled: neither joins
        f"A{ZWJ}{ZWNJ}{ZWJ}na": "Ana",
        f"Ana {ZWJ} Luz": "Ana Luz",  # beside spaces
        f"Ana{ZWJ} Luz": "Ana Luz",
        f"1{ZWJ}2 ({ZWNJ})": "12 ()",  # digits and punctuation join nothing
        f"\u202e{FAMILY}\u202c": FAMILY,  # a bidi override and its end
        f"\u2066{PERSIAN}\u2069 \u200fAna\u200e": f"{PERSIAN} Ana",  # isolate, RLM, LRM
        "\u061cA\u200bn\ufeffa\u2060": "Ana",  # ALM, zero-width space, BOM, word joiner
        "Ana\u2028Luz\u2029\x00\x1b[31m\x7f\x85": "AnaLuz[31m",  # separators, controls
        f"\U0001f468{ZWJ}\u202e{ZWJ}\U0001f469": "\U0001f468\U0001f469",  # doubled, hidden
        ZWJ * 50 + ZWNJ * 50: "",
    }
    for hostile, cleaned in cases.items():
        assert fmt.clean_name(hostile) == cleaned, hostile
    # cut at 24 characters: a joiner whose next character is cut off goes too
    assert fmt.clean_name("x" * 23 + f"{ZWJ}y") == "x" * 23
    assert fmt.clean_name("x" * 20 + FAMILY) == "x" * 20 + f"\U0001f468{ZWJ}\U0001f469"


NAME_CHARACTERS = st.sampled_from(
    [ZWJ, ZWNJ, " ", "\t", "a", "1", ",", "\u094d", "\u0915", "\u0645", "\ufe0f"]
    + ["\U0001f468", "\U0001f3fd", "\u202e", "\u2066", "\u200b", "\u2028", "\x00", "\n"]
)


@settings(max_examples=300, deadline=None)
@given(st.text(NAME_CHARACTERS, max_size=40) | st.text(max_size=40))
def test_a_cleaned_name_is_clean_and_stays_so(name: str) -> None:
    clean = fmt.clean_name(name)
    assert fmt.clean_name(clean) == clean  # what a link carries reads back the same
    assert len(clean) <= fmt.MAX_NAME and clean == clean.strip() and "  " not in clean
    assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in clean)
    hidden = set(fmt._UNSEEN) - {ord(ZWJ), ord(ZWNJ)}
    assert not any(ord(c) in hidden for c in clean)
    for at, ch in enumerate(clean):
        if ch in (ZWJ, ZWNJ):  # after a letter, a mark or a symbol; never beside another
            assert at > 0 and fmt._joinable(clean[at - 1])
            assert clean[at + 1 : at + 2] not in (ZWJ, ZWNJ)


def test_the_words_and_the_verdict() -> None:
    assert line_words(WIN, "en") == "Ana cleared 104 cards in 4:12 and 48 moves — beat that!"
    assert line_words(WIN, "pt") == (
        "Ana tirou 104 cartas da mesa em 4:12 e 48 jogadas — consegue fazer melhor?"
    )
    unnamed = Challenge(WON.code, Result(1, 1, 0), "", ())
    assert line_words(unnamed, "en").startswith("A friend cleared 1 card in 0:01 and 0 moves")
    assert verdict(Result(104, 200, 48), WIN.result) == "won"
    assert verdict(Result(104, 252, 48), WIN.result) == "tie"
    assert verdict(Result(100, 10, 45), WIN.result) == "lost"
    assert verdict_words(WIN, Result(100, 10, 45), "en") == "Ana is still ahead."


class Shelf:
    """A library in memory: what the browser's storage is to the page."""

    def __init__(self, *plays: Play) -> None:
        self.plays = {play.code: play for play in plays}

    def find(self, code: str) -> Play | None:
        return self.plays.get(code)


def opened(fragment: str, last: Play | None = None, *kept: Play) -> tuple[Session, str]:
    session, said = Session.start(
        last=last, library=Shelf(*kept), prefs=Prefs(), fragment=fragment, lang="en"
    )
    return session, " ".join(p.text("en") for p in said)


def test_a_challenge_link_deals_its_deal_with_the_result_to_beat() -> None:
    session, said = opened("#" + WIN.link_text())
    assert session.game.code == WON.code and session.game.moves == 0
    assert session.play.challenge == WIN
    assert said == "A challenge from Ana on these cards."
    line = challenge_line(session.play, 0.0, "en")
    assert line is not None and line.see and not line.watch  # nothing of theirs shown
    assert versus(session.play, 0.0, "en") is None


def test_the_challenge_is_saved_with_the_play_and_old_saves_still_load() -> None:
    session, _ = opened("#" + WIN.link_text())
    raw = write_play(session.play, 1000.0)
    back = read_play(raw, WON.code)
    assert back.challenge == WIN and not back.seen
    old = json.loads(raw)
    del old["challenge"]
    assert read_play(json.dumps(old)).challenge is None  # a save of before
    damaged = json.loads(raw)
    damaged["challenge"]["link"] = damaged["challenge"]["link"].replace(".QW5h.", ".RXZl.")
    kept = read_play(json.dumps(damaged))
    assert kept.challenge is None and kept.code == WON.code  # the play kept, not the claim
    # a reload opens the plain deal link the address shows, or the challenge link again
    for fragment in ("#" + WON.code, "#" + WIN.link_text()):
        again, _ = opened(fragment, back, back)
        assert again.play is back


def test_a_damaged_link_deals_the_deal_alone_and_says_so() -> None:
    flipped = WIN.link_text().replace(".QW5h.", ".QW5i.")
    session, said = opened("#" + flipped)
    assert session.game.code == WON.code and session.play.challenge is None
    assert said == "The challenge in this link could not be read: the deal is dealt without it."
    on_table, _ = opened("#HM1-N-AAAAAAB")
    feedback = on_table.follow_link("#" + flipped, 5.0)
    assert on_table.game.code == WON.code and on_table.play.challenge is None
    assert "could not be read" in feedback.message


def test_following_a_challenge_then_giving_up_then_the_end() -> None:
    session, _ = opened("#HM1-N-AAAAAAB")
    feedback = session.follow_link("#" + WIN.link_text(), 10.0)
    assert feedback.deal and session.play.challenge == WIN
    assert session.follow_link("#" + WIN.link_text(), 20.0).events == ()  # the same: nothing
    for slot in WON.moves[0]:
        session.tap(slot, 25.0)
    library = Shelf(session.play)
    session.library = library
    session.follow_link("#HM1-N-AAAAAAB", 26.0)  # Back; then Forward to the challenge
    session.follow_link("#" + WIN.link_text(), 27.0)
    assert session.play is library.plays[WON.code] and session.game.moves == 1  # resumed
    session.restart(28.0)
    for slot in WON.moves[0]:
        session.tap(slot, 30.0)
    session.see_theirs(40.0)
    line = challenge_line(session.play, 50.0, "en")
    assert line is not None and line.watch and not line.see
    assert line.words == "You gave up Ana's challenge (104 cards, 4:12, 48 moves)."


def test_the_end_sets_the_two_results_side_by_side() -> None:
    session, _ = opened("#" + partial(10, "Bo").link_text())
    for move in WON.moves:
        for slot in move:
            session.tap(slot, 1000.0)
    assert session.game.status == "won"
    shown = versus(session.play, 2000.0, "pt")
    assert shown is not None
    assert shown.heads == ("Bo", "Você")
    assert shown.rows[0][1:] == ("23 cartas", "104 cartas")
    assert shown.verdict == "Bateu o resultado de Bo!"
    line = challenge_line(session.play, 2000.0, "pt")
    assert line is not None and line.watch and line.words == "Bateu o resultado de Bo!"
    restarted = session.restart(3000.0)
    assert restarted.save and session.play.challenge is not None  # the same to beat


def _play_their_line(session: Session, moves: int, now: float) -> None:
    for move in WON.moves[:moves]:
        for slot in move:
            session.tap(slot, now)


def test_once_their_moves_are_seen_nothing_played_after_is_compared() -> None:
    """(a) One move, *Give up and see their game*, then their line played to the end on
    the same game: not "You beat Ana's result!" but a game played after seeing theirs,
    on the line, in the end window and in Your games; a reload keeps it so."""
    session, _ = opened("#" + partial(10, "Ana").link_text())
    _play_their_line(session, 1, 10.0)
    session.see_theirs(20.0)
    for move in WON.moves[1:]:
        for slot in move:
            session.tap(slot, 30.0)
    assert session.game.status == "won"
    shown = versus(session.play, 40.0, "en")
    assert shown is not None and shown.verdict == "Played after seeing Ana's game: not compared."
    line = challenge_line(session.play, 40.0, "en")
    assert line is not None and line.words.startswith("You gave up Ana's challenge")
    entry = session.books.entry(session.play, 40.0)[0]
    assert entry.result == "won" and entry.seen
    back = read_play(write_play(session.play, 1000.0), WON.code)
    assert back.seen and back.attempt is None
    again = versus(back, 40.0, "en")
    assert again is not None and again.verdict == shown.verdict


STUCK = (("P1", "R2"), ("R1", "R4"), ("P6", "R7"), ("P12", "R3"))
"""Four moves on the examples page's deal that leave no move: stuck."""


def test_watching_after_the_end_closes_the_attempt_as_it_ended() -> None:
    """(b) Stuck, *Watch their game*, undo back to the start, their line replayed to a
    win: the line under the table still gives the attempt's verdict (Ana is still
    ahead), the end window says the win came after seeing their game, and so does Your
    games; the statistics count the win as any."""
    session, _ = opened("#" + WIN.link_text())
    for move in STUCK:
        for slot in move:
            session.tap(slot, 10.0)
    assert session.game.status == "impasse"
    stuck = session.play.end
    line = challenge_line(session.play, 20.0, "en")
    assert line is not None and line.watch and line.words == "Ana is still ahead."
    session.see_theirs(30.0)  # Watch their game
    assert session.play.seen and session.play.attempt == stuck
    while session.game.moves:
        session.undo(40.0)
    _play_their_line(session, len(WON.moves), 50.0)
    assert session.game.status == "won" and session.play.end != stuck
    line = challenge_line(session.play, 60.0, "en")
    assert line is not None and line.words == "Ana is still ahead."  # the attempt's
    shown = versus(session.play, 60.0, "en")
    assert shown is not None and shown.verdict == "Played after seeing Ana's game: not compared."
    entry = session.books.entry(session.play, 60.0)[0]
    assert entry.result == "won" and entry.seen
    back = read_play(write_play(session.play, 1000.0), WON.code)
    assert stuck is not None and back.attempt is not None  # kept across a reload
    assert (back.attempt.left, back.attempt.moves) == (stuck.left, stuck.moves)
    assert challenge_line(back, 60.0, "en") == line


def test_a_restart_after_seeing_their_moves_does_not_bring_the_challenge_back() -> None:
    """(c) After watching, *Restart*: no "beat that!" and no *Give up…* again."""
    session, _ = opened("#" + WIN.link_text())
    _play_their_line(session, 2, 10.0)
    session.see_theirs(20.0)
    session.restart(30.0)
    line = challenge_line(session.play, 40.0, "en")
    assert line is not None and not line.see and line.watch
    assert "beat that" not in line.words
    _play_their_line(session, len(WON.moves), 50.0)
    shown = versus(session.play, 60.0, "en")
    assert shown is not None and shown.verdict == "Played after seeing Ana's game: not compared."


def test_a_game_of_your_games_makes_a_challenge_its_moves_replayed() -> None:
    entry = Entry(
        id="e1",
        code=WON.code,
        begun=0.0,
        ended=1.0,
        result="won",
        left=0,
        time_ms=252_700.0,
        moves=48,
        removals=tuple(WON.moves),
    )
    made = of_entry(entry, "  Ana\u202e ")
    assert made == WIN
    assert read_challenge("#" + made.link_text()) == WIN
    # a stored entry whose figures disagree with its moves: the moves decide
    assert of_entry(replace(entry, moves=47, left=3), "Ana") == WIN
    broken = replace(entry, removals=(("P1", "P1"),))
    try:
        of_entry(broken, "Ana")
    except ChallengeError:
        pass
    else:
        raise AssertionError("illegal stored moves made a challenge")


def under_way(code: str = WON.code, moves: int = 2) -> Play:
    """A play of ``code`` with ``moves`` of the won game's (or a new deal's first taps)."""
    session, _ = opened("#" + code)
    for move in WON.moves[:moves]:
        for slot in move:
            session.tap(slot, 100.0)
    assert session.game.moves == moves
    return session.play


def test_a_challenge_never_deals_again_a_kept_game_under_way_unasked_nor_unkept() -> None:
    link = "#" + WIN.link_text()
    kept = under_way()
    session, _ = opened("#HM1-N-AAAAAAB", None, kept)
    question = link_question(session, link)
    assert question is not None
    title, words, yes, no = question.words("en")
    assert (title, yes, no) == ("Take the challenge?", "Take the challenge", "Keep playing")
    assert words.startswith(f"Your game of deal {WON.code} is under way (2 moves).")
    assert "replay it but not resume it" in words
    assert "não retomar" in question.words("pt")[1]
    feedback = session.follow_link(link, 200.0)
    assert session.play.challenge == WIN and session.game.moves == 0
    assert [entry.id for entry in feedback.recorded] == [kept.id]  # in your games
    assert [entry.moves for entry in feedback.recorded] == [2]
    assert Count("left") in feedback.counts
    # the table's own game under way on another deal is named too: kept, to resume
    session, _ = opened("#HM1-N-AAAAAAB", None, kept)
    session.tap("P5", 100.0)
    session.tap("P6", 100.0)  # 6♥ + 5♥: one move
    question = link_question(session, link)
    assert question is not None
    words = question.words("en")[1]
    assert words.startswith(f"Your game of deal {WON.code} is under way (2 moves).")
    assert words.endswith(
        "Deal HM1-N-AAAAAAB, on the table, stays in Your games too, where you can resume it."
    )
    feedback = session.follow_link(link, 300.0)
    assert {entry.code for entry in feedback.recorded} == {WON.code, "HM1-N-AAAAAAB"}
    assert feedback.left is not None and feedback.left.code == "HM1-N-AAAAAAB"  # saved


def test_a_challenge_of_the_deal_on_the_table_asks_and_keeps_the_game_in_your_games() -> None:
    link = "#" + WIN.link_text()
    session = Session(under_way(moves=3), Prefs(), "en", Shelf())
    question = link_question(session, link)
    assert question is not None
    assert question.words("en")[1].startswith(f"Your game of deal {WON.code} is under way (3")
    left = session.play
    feedback = session.follow_link(link, 200.0)
    assert [entry.id for entry in feedback.recorded] == [left.id]
    assert session.play.challenge == WIN and session.game.moves == 0
    assert link_question(session, link) is None  # the same challenge: nothing to ask
    # a deal link never asks (Back and Forward resume each deal's play as it was)
    session.tap(WON.moves[0][0], 300.0)
    session.tap(WON.moves[0][1], 300.0)
    assert link_question(session, "#HM1-N-AAAAAAB") is None
    # another deal's challenge leaves this game kept, to resume: the words as ever
    other = Challenge("HM1-N-AAAAAAB", Result(2, 5, 1), "", (("P4", "P7"),))
    leave = link_question(session, "#" + other.link_text())
    assert leave is not None and leave.words("en")[0] == "Leave this game?"


def test_at_start_up_a_challenge_of_the_last_game_under_way_is_asked_about_first() -> None:
    link = "#" + WIN.link_text()
    last = under_way()
    session, said = opened(link, last, last)
    assert session.play is last and session.play.challenge is None  # the game, as it was
    assert session.asks == link and said == ""
    question = link_question(session, link)
    assert question is not None and "(2 moves)" in question.words("en")[1]
    feedback = session.follow_link(link, 10.0)  # once confirmed
    assert [entry.id for entry in feedback.recorded] == [last.id]
    assert session.play.challenge == WIN and session.game.moves == 0
    # the challenge's own play, reloaded, is resumed with nothing to ask
    again, said = opened(link, session.play, session.play)
    assert again.play is session.play and again.asks is None
    assert said == "A challenge from Ana on these cards."


def test_the_table_read_aloud_says_the_challenge() -> None:
    session, _ = opened("#" + WIN.link_text())
    said = session.read_aloud(0.0).message
    assert said.endswith("Ana cleared 104 cards in 4:12 and 48 moves — beat that!")
    plain, _ = opened("#" + WON.code)
    assert "beat that" not in plain.read_aloud(0.0).message


def test_a_calm_table_is_challenged_without_times() -> None:
    """A calm player sees no clock: the line, the giving up, the comparison, the share
    and the table read aloud speak of cards and moves, and as many cards is a tie."""
    assert line_words(WIN, "en", calm=True) == "Ana cleared 104 cards in 48 moves — beat that!"
    assert verdict(Result(104, 900, 48), WIN.result, calm=True) == "tie"
    assert verdict(Result(100, 10, 45), WIN.result, calm=True) == "lost"
    shared = share_words(WIN, "https://x/#link", "en", calm=True)
    assert (
        shared
        == "Half Moon challenge: I cleared 104 cards in 48 moves. Can you beat that? https://x/#link"
    )
    session, _ = Session.start(
        last=None,
        library=Shelf(),
        prefs=Prefs(calm=True),
        fragment="#" + WIN.link_text(),
        lang="en",
    )
    said = session.read_aloud(0.0).message
    assert said.endswith("Ana cleared 104 cards in 48 moves — beat that!") and "4:12" not in said
    for move in WON.moves:
        for slot in move:
            session.tap(slot, 1000.0)
    shown = versus(session.play, 2000.0, "en", calm=True)
    assert shown is not None
    assert [row[0] for row in shown.rows] == ["Cards cleared", "Moves"]
    assert shown.verdict == "A tie with Ana."
    seen, _ = opened("#" + partial(10, "Bo").link_text())
    seen.see_theirs(0.0)
    line = challenge_line(seen.play, 0.0, "en", calm=True)
    assert line is not None and ":" not in line.words, line.words
