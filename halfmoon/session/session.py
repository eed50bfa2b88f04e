"""One player's session: the game in play, the options, the language, and what to tell
them.

This is the game manager of the web page, with no browser in it: the page's rooms turn
clicks into calls here and copy the resulting views and :class:`Feedback` onto the page.
Time is always passed in: ``now`` in milliseconds on the page's monotonic clock (for the
game clock), and wall-clock milliseconds from :attr:`Session.books` (for what is saved).
Beside the session stand its bookkeeping (:mod:`halfmoon.keeping.books`: new plays, what the
statistics count, what the history records, the deal's day) and what the page shows of
it (:mod:`halfmoon.session.presenter`).

A session plays one deal at a time, but no deal is ever thrown away: the plays of other
deals are kept (:class:`Library`), and opening a deal again, by a link, Back, Forward or
its code, resumes its play where it was left.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any, Protocol

from ..challenges.challenge import Challenge, ChallengeError, read_challenge, who
from ..keeping.books import Books
from ..keeping.prefs import Prefs
from ..keeping.saved import Play
from ..page.challenge_view import line_said
from ..page.choosing import Chosen, chosen_deal
from ..page.view import read_aloud
from ..records.stats import Count
from ..rules.clock import Hold, Holds
from ..rules.deal import CodeError
from ..rules.game import Game, Removal, Status, TapResult
from ..rules.links import DAILY, read_link
from ..words.i18n import DEFAULT_LANGUAGE, Counted, Phrase, phrase
from .feedback import Dialog, EventType, Feedback, Sound, code_error
from .options import Options


class Library(Protocol):
    """Where the plays of every deal are kept: the browser's storage on the page."""

    def find(self, code: str) -> Play | None:
        """The kept play of the deal ``code``, if there is one."""


class Session:
    """The play in progress, its actions and its deals; beside it the player's options
    and language (:attr:`options`)."""

    def __init__(
        self,
        play: Play | Game,
        prefs: Prefs,
        lang: str = DEFAULT_LANGUAGE,
        library: Library | None = None,
        *,
        books: Books | None = None,
    ) -> None:
        self.books = books = books or Books()
        self.play = play if isinstance(play, Play) else books.fresh(play)
        self.options = Options(prefs, lang)  # the options, and the language spoken
        self.library = library
        # what opening the page left behind: the play saved last, when a link opened
        # another deal (counted and recorded as a deal left for another)
        self.opened = Feedback(lang=lang)
        # a challenge link the page opened with that would deal again a game under way
        # of its deal: that game is on the table, and the link is followed once
        # confirmed (:func:`~halfmoon.session.leaving.link_question`), as any link later
        self.asks: str | None = None
        self.holds = Holds()  # why the clock is stopped besides the game itself

    @property
    def game(self) -> Game:
        return self.play.game

    # ------------------------------------------------------------------ start-up
    @classmethod
    def start(
        cls,
        *,
        last: Play | None,
        library: Library,
        prefs: Prefs,
        fragment: str,
        lang: str,
        books: Books | None = None,
        drawn: str | None = None,
    ) -> tuple[Session, tuple[Phrase, ...]]:
        """The session a page opens with, and what to tell the player (if anything).

        The address decides as a link does later (:meth:`follow_link`): a link to a deal
        resumes its kept play or starts it (``#daily``: today's deal of the day); an
        invalid link is explained and the play saved last goes on (with none, a new
        deal: the words say so, not that a game goes on).  No link: the play saved last.
        With neither, ``drawn``: the deal the start-up script painted for a new player
        (one of the build's, docs/design.md, "Start-up"), else a deal of fresh randomness.
        A challenge link that would deal again a game under way of its deal opens that
        game as it was, and is kept in :attr:`asks`: the page follows it once confirmed.
        """
        books = books or Books()
        notice: tuple[Phrase, ...] = ()
        target = read_link(fragment)
        claim = read_challenge(fragment)
        if isinstance(target, CodeError):
            notice = (_link_invalid(target, fresh=last is None),)
            target = None
        if target == DAILY:
            today = books.today()
            target = _named(chosen_deal("daily", today=lambda: today))
            notice = (_daily_phrase(today, target),)
        if isinstance(claim, ChallengeError):
            notice = (phrase("challenge.unreadable"),)
        asks: str | None = None
        if isinstance(claim, Challenge) and target == claim.code:
            kept = library.find(target) or (
                last if last is not None and last.code == target else None
            )
            if kept is not None and kept.challenge == claim:  # a reload: resumed
                play = kept
                notice = (_challenge_phrase(claim),)
            elif kept is not None and _replaced(kept, claim) is not None:
                play, asks = kept, fragment  # its game under way first: asked about
            else:
                play = replace(books.fresh(Game.new(target)), challenge=claim)
                notice = (_challenge_phrase(claim),)
        elif target is not None:
            play = library.find(target) or books.fresh(Game.new(target))
        else:
            play = last or books.fresh(_new_deal(drawn))
        session = cls(play, prefs, lang, library, books=books)
        session.asks = asks
        if last is not None and last.code != play.code:
            # A link opened another deal: the play saved last is left for it, as it is
            # when the player goes to another deal during a visit — so an unfinished
            # deal of the day counts for its day however the page is opened next.
            counts, recorded = books.leaving(last), books.left(last, 0.0, current=False)
            session.opened = replace(session.opened, counts=counts, recorded=recorded)
        return session, notice

    # ------------------------------------------------------------------- actions
    def tap(self, slot: str, now: float) -> Feedback:
        before, selected = self.game.status, self.game.selection
        result = self.game.tap(slot, now)
        if self.holds:  # a first tap starts the clock, but not while something holds it
            self.game.pause(now)
        if result.outcome == "ignored":
            return self._feedback()
        said: tuple[Phrase, ...] = ()
        if result.error is not None and self.prefs.errors:
            said = (phrase(f"error.{result.error}"),)  # docs/design.md, "Tapping"
        refused: tuple[str, ...] = ()
        renewed: tuple[str, ...] = ()
        if result.outcome == "clear":  # felt even when the reason is not said (the option)
            refused = (*selected, slot)
        elif result.outcome == "replace":
            renewed = (slot,)
        feedback = self._feedback(
            *said, save=True, sound=_sound(result), refused=refused, renewed=renewed
        )
        if result.removal is None:
            return feedback
        recorded = self._settle(now)
        moved = replace(
            feedback,
            said=(self._removed(result.removal),),
            removed=result.removal.slots,
            events=("move",),
            counts=self._count(),
        )
        return self._ending(before, moved, now, recorded)

    def _settle(self, now: float) -> bool:
        """Whether the move just made gave the play an end to record (the play taking
        it: :meth:`~halfmoon.keeping.books.Books.settle`)."""
        settled = self.books.settle(self.play, now)
        if settled is not None:
            self.play = settled
        return settled is not None

    def _count(self) -> tuple[Count, ...]:
        """What the statistics count of the play now (the play marked as counted)."""
        self.play, counts = self.books.count(self.play)
        return counts

    def saved_as(self, stamped: Play) -> None:
        """The play on the table as its save just wrote it (the save's time and
        revision: :meth:`~halfmoon.keeping.saving.Saver.stamped`), taken while it is the
        same play."""
        if (stamped.code, stamped.id) == (self.play.code, self.play.id):
            self.play = replace(self.play, saved=stamped.saved, rev=stamped.rev)

    def _feedback(self, *said: Phrase, **fields: Any) -> Feedback:
        return Feedback(said=said, lang=self.lang, **fields)

    def _removed(self, removal: Removal, key: str = "announce") -> Phrase:
        """A move in words: its cards, what it scored (``+10 pontos``) and the score
        after it (on a calm table, its cards alone); an undo's (``announce.undo``) and a
        redo's say which cards came back or left again."""
        kind = "pair" if len(removal.cards) == 2 else "trio"
        gain = Counted(removal.points, "points")
        cards = dict(zip("abc", removal.cards))
        calm = "calm." if self.prefs.calm else ""
        return phrase(f"{calm}{key}.{kind}", gain=gain, score=self.game.score, **cards)

    def undo(self, now: float) -> Feedback:
        history = self.game.history
        if not self.game.undo(now):
            return self._feedback()
        said = self._removed(history[-1], "announce.undo")
        returned = history[-1].slots
        return self._feedback(said, events=("undo",), save=True, returned=returned, sound="undo")

    def let_go(self, now: float) -> Feedback:
        """Escape with no window open: the selected cards let go, as tapping each again
        would (nothing changes when nothing is selected)."""
        selection = self.game.selection
        for slot in reversed(selection):
            self.game.tap(slot, now)
        if not selection:
            return self._feedback()
        return self._feedback(phrase("announce.let-go"), save=True, sound="select")

    def redo(self, now: float) -> Feedback:
        before = self.game.status
        if not self.game.redo(now):
            return self._feedback()
        said = self._removed(self.game.history[-1], "announce.redo")
        recorded = self._settle(now)
        counts = self._count()
        removed = self.game.history[-1].slots
        sound: Sound = "pair" if len(removed) == 2 else "trio"
        feedback = self._feedback(
            said, events=("move",), save=True, counts=counts, removed=removed, sound=sound
        )
        return self._ending(before, feedback, now, recorded)

    def new_game(self, now: float, code: str | None = None) -> Feedback:
        """Play the deal ``code`` (its kept play, resumed, or a fresh one), or a new
        random deal when ``code`` is None.  An invalid code raises
        :class:`~halfmoon.rules.deal.CodeError` and changes nothing; the deal in play changes
        nothing either."""
        chosen = chosen_deal("new" if code is None else "code", today=self.books.today, code=code)
        if chosen is None or chosen.code is None:
            return self._switch(self.books.fresh(Game.new()), now, resumed=False)
        canonical = chosen.code
        if canonical == self.game.code:
            return self._feedback(phrase("announce.same", code=canonical))
        kept = self.library.find(canonical) if self.library is not None else None
        if kept is not None:
            return self._switch(kept, now, resumed=True)
        return self._switch(self.books.fresh(Game.new(canonical)), now, resumed=False)

    def restart(self, now: float, day: date | None = None) -> Feedback:
        """The deal in play from its first position again, as a new play: the one left
        counts as left unwon (ending the streak) if it had moves and was not won, and
        goes into the history.  The new play is of the same deal of the day (``day``, or
        the one in play's), so its badge stays."""
        books = self.books
        counts, recorded = books.leaving(self.play), books.left(self.play, now)
        self.game.pause(now)
        left = self.play
        fresh = books.fresh(Game.new(left.code), day or books.daily_date(left))
        # the same to beat; or, once the challenger's moves were seen, the attempt over
        self.play = replace(fresh, challenge=left.challenge, seen=left.seen, attempt=left.attempt)
        self.holds.run(self.game, now)
        said = phrase("announce.restarted", code=self.play.code)
        return self._feedback(said, events=("new",), save=True, counts=counts, recorded=recorded)

    def daily(self, now: float) -> Feedback:
        """Today's deal of the day: its play resumed, or begun."""
        today = self.books.today()
        code = _named(chosen_deal("daily", today=lambda: today))
        return replace(self.new_game(now, code), said=(_daily_phrase(today, code),))

    def again(self, code: str, now: float, day: date | None = None) -> Feedback:
        """Play a deal of the history again: its play in progress if there is one, else
        from its first position (a deal in play that has ended, even if its end was
        undone since, is restarted).  ``day``: the date whose deal of the day it is,
        which a new play keeps (its badge)."""
        chosen = chosen_deal("again", today=self.books.today, code=code, day=day)
        canonical, day = _named(chosen), chosen.day if chosen is not None else None
        if canonical == self.play.code:
            if self.play.open:
                return self._feedback(phrase("announce.same", code=canonical))
            return self.restart(now, day)
        kept = self.library.find(canonical) if self.library is not None else None
        if kept is not None and kept.open:
            return self._switch(kept, now, resumed=True)
        return self._switch(self.books.fresh(Game.new(canonical), day), now, resumed=False)

    def play_day(self, day: date, now: float) -> Feedback:
        """A day chosen in the calendar: its deal of the day, as Play again does — its
        play in progress, else from the start — and said with its date.  A day to come
        changes nothing."""
        chosen = chosen_deal("day", today=self.books.today, day=day)
        if chosen is None:  # a day to come
            return self._feedback()
        code = _named(chosen)
        feedback = self.again(code, now, chosen.day)
        if feedback.events:  # another play (not the one already on the table)
            return replace(feedback, said=(_daily_phrase(day, code),))
        return feedback

    def read_aloud(self, now: float) -> Feedback:
        """The whole table said on the live region, place by place, with the bar's
        figures (:func:`~halfmoon.page.view.read_aloud`); it changes nothing."""
        daily = self.books.daily_date(self.play)
        said = read_aloud(self.game, now, daily, calm=self.prefs.calm)
        challenge = line_said(self.play, now, calm=self.prefs.calm)  # the table's line too
        if challenge is not None:
            said = (*said, challenge)
        return self._feedback(*said, reading=True)

    def restored(self, newer: Play, now: float) -> Feedback:
        """A backup held the deal on the table further on (:mod:`halfmoon.keeping.restore`): the
        table shows it, and says so.  The deal stays; an end is not announced over the
        window the player restored from (the table shows it when the window closes)."""
        said = (phrase("restore.table", code=newer.code),)
        return replace(self.adopt(newer, now), said=said, dialog=None)

    def follow_link(self, fragment: str, now: float) -> Feedback:
        """The address changed to ``fragment`` (a link, Back or Forward): another deal
        is resumed or started, the deal in play (in any case or encoding) changes
        nothing, an invalid link is explained and the game goes on."""
        target = read_link(fragment)
        if isinstance(target, CodeError):
            return self._feedback(_link_invalid(target))
        claim = read_challenge(fragment)
        if isinstance(claim, Challenge):
            return self.take_challenge(claim, now)
        if target == DAILY:
            feedback = self.daily(now)
        elif target is None or target == self.game.code:
            feedback = self._feedback()
        else:
            feedback = self.new_game(now, target)
        if isinstance(claim, ChallengeError):  # the deal alone, and why
            return replace(feedback, said=(*feedback.said, phrase("challenge.unreadable")))
        return feedback

    def take_challenge(self, challenge: Challenge, now: float) -> Feedback:
        """A challenge link followed: its deal's kept play of this very challenge
        resumed (Back and Forward), else a new play of its deal with its result to beat
        (the play on the table left as another deal's is); the same challenge already
        on the table changes nothing.  One play is kept per deal: a game under way of
        the challenge's deal that the new play takes the place of (:meth:`replaces`)
        is counted as left and goes into your games, as the table's would."""
        if self.play.challenge == challenge:
            return self._feedback()
        kept = self._kept(challenge.code)
        if kept is not None and kept.challenge == challenge:
            feedback = self._switch(kept, now, resumed=True)
            return replace(feedback, said=(*feedback.said, _challenge_phrase(challenge)))
        replaced = self.replaces(challenge)
        play = replace(self.books.fresh(Game.new(challenge.code)), challenge=challenge)
        same = play.code == self.play.code
        feedback = self._switch(play, now, resumed=False)
        said = (*feedback.said, _challenge_phrase(challenge))
        counts, recorded = feedback.counts, feedback.recorded
        if replaced is not None and not same:  # the kept one (the table's was, by _switch)
            counts = (*counts, *self.books.leaving(replaced))
            recorded = (*recorded, *self.books.left(replaced, now, current=False))
        # a play of the same deal is not saved as left: the new one takes its place
        left = None if same else feedback.left
        return replace(feedback, said=said, left=left, counts=counts, recorded=recorded)

    def replaces(self, challenge: Challenge) -> Play | None:
        """The game under way that following ``challenge`` would deal again from the
        start, one play being kept per deal: the table's play when it is of the
        challenge's deal, else the kept play of that deal — when it has moves, has not
        ended and is not of this very challenge (that one is resumed).  None: nothing
        under way would be dealt again."""
        if self.play.code == challenge.code:
            return _replaced(self.play, challenge)
        return _replaced(self._kept(challenge.code), challenge)

    def _kept(self, code: str) -> Play | None:
        return self.library.find(code) if self.library is not None else None

    def see_theirs(self, now: float) -> Feedback:
        """The player sees the challenger's moves: given up while the game goes on, or
        watched once it has ended.  The attempt is over there: it is compared as it
        stood (its end, if it had one: :attr:`~halfmoon.keeping.saved.Play.attempt`),
        and nothing played after it — undo, redo, a restart, their line replayed — is
        compared against theirs."""
        play = self.play
        if play.challenge is None or play.seen:
            return self._feedback()
        self.play = replace(play, seen=True, attempt=play.end)
        return self._feedback(save=True)

    def _switch(self, play: Play, now: float, *, resumed: bool) -> Feedback:
        """Leave the play in progress (kept as it is) for ``play``."""
        leaving, books = self.play, self.books
        counts, recorded = books.leaving(leaving), books.left(leaving, now)
        self.game.pause(now)
        self.play = play
        self.holds.run(self.game, now)
        said = phrase("announce.resumed" if resumed else "announce.new", code=play.code)
        events: tuple[EventType, ...] = ("new",)
        dialog: Dialog | None = None
        if play.game.status != "playing":
            dialog = "won" if play.game.status == "won" else "impasse"
            events = (*events, play.game.status)
        return self._feedback(
            said,
            events=events,
            save=True,
            counts=counts,
            deal=True,
            left=leaving,
            recorded=recorded,
            dialog=dialog,
        )

    def adopt(self, newer: Play, now: float) -> Feedback:
        """Another tab went on with this deal: show its newer play instead (quietly when
        only its clock moved on)."""
        moved = _position(newer.game) != _position(self.game)
        self.game.pause(now)
        self.play = newer
        self.holds.run(self.game, now)
        said = (phrase("announce.elsewhere"),) if moved else ()
        if newer.game.status == "playing":
            return self._feedback(*said)
        return self._feedback(*said, dialog="won" if newer.game.status == "won" else "impasse")

    # ----------------------------------------------------- options and language
    @property
    def prefs(self) -> Prefs:
        """The options as they are now (:class:`~halfmoon.session.options.Options`)."""
        return self.options.prefs

    @prefs.setter
    def prefs(self, prefs: Prefs) -> None:
        self.options.prefs = prefs

    @property
    def lang(self) -> str:
        """The language the page speaks."""
        return self.options.lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self.options.lang = lang

    def change_option(self, name: str, value: str | bool, *, framed: bool = False) -> Prefs:
        return self.options.change_option(name, value, framed=framed)

    def language_wanted(self) -> str | None:
        return self.options.language_wanted()

    def words_missing(self, code: str) -> Phrase:
        return self.options.words_missing(code)

    def use_prefs(self, prefs: Prefs) -> None:
        self.options.use_prefs(prefs)

    def speak_at_hand(self) -> Phrase | None:
        return self.options.speak_at_hand()

    def speak(self, lang: str) -> None:
        self.options.speak(lang)

    # ------------------------------------------------------------ the clock held
    def hold(self, reason: Hold, now: float, on: bool = True) -> None:
        """The clock stops while the page is hidden, while a window covers the table and
        while the player has paused (:class:`~halfmoon.rules.clock.Holds`)."""
        self.holds.set(reason, on, self.game, now)

    @property
    def paused(self) -> bool:
        """Whether the player has paused: the table is covered and the clock stopped."""
        return "pause" in self.holds

    def pause(self, now: float, on: bool | None = None) -> Feedback:
        """The player's pause, begun or ended (``on``; None: the other way round).  It is
        never saved: the play is saved with its clock as it stopped, and a reload shows
        the table."""
        on = not self.paused if on is None else on
        if on == self.paused:
            return self._feedback()
        self.hold("pause", now, on)
        return self._feedback(phrase("announce.paused" if on else "announce.unpaused"), save=on)

    def _ending(self, before: Status, feedback: Feedback, now: float, recorded: bool) -> Feedback:
        """A move's answer, and if the move ended the game (won or stuck), what the end
        adds to it: its words and its window; and when the end is ``recorded`` (the
        play's first, or one that went further: :meth:`Books.settle`), its sound, its
        event and its entry in your games.  An end reached again by a redo is shown as
        it was recorded (a win's clock showing its time again), and counted, posted and
        listed no more."""
        status, end = self.game.status, self.play.end
        if status == before or status not in ("won", "impasse"):
            return feedback
        if status == "won" and end is not None and end.won:  # the win, as it was
            self.game.show_time(end.elapsed_ms)
        title = f"end.{status}.title"  # "You won!"; "No moves left."
        ended = phrase(title) if status == "won" else _sentence(title)
        shown = replace(
            feedback,
            dialog="won" if status == "won" else "impasse",
            said=(*feedback.said, ended),
        )
        if not recorded:
            return shown
        return replace(
            shown,
            sound="win" if status == "won" else feedback.sound,
            events=(*feedback.events, status),
            recorded=self.books.entry(self.play, now),
            ended=True,
        )


def _named(chosen: Chosen | None) -> str:
    """The code of a deal an action named (:func:`~halfmoon.page.choosing.chosen_deal`)."""
    if chosen is None or chosen.code is None:
        raise ValueError("this action names a deal")  # never: daily, code, day, again do
    return chosen.code


def _sound(result: TapResult) -> Sound:
    """A tap as it sounds: refused, a pair or a trio, or a card taken or let go."""
    if result.error is not None:
        return "refused"
    if result.removal is not None:
        return result.removal.kind
    return "select"


def _position(game: Game) -> dict[str, Any]:
    """What a player sees of a game, all but its clock."""
    data = game.to_dict()
    del data["clock"]
    return data


def _sentence(key: str) -> Phrase:
    """A line of the catalogue that is also a title (no full stop of its own), said on
    the message line as a sentence, ending like the others."""
    return phrase("line.sentence", words=phrase(key))


def _daily_phrase(today: date, code: str) -> Phrase:
    return phrase("announce.daily", day=today, code=code)


def _new_deal(drawn: str | None) -> Game:
    """The deal painted before Python for a new player (``drawn``), or, with none or
    one that is no deal code, a deal of fresh randomness."""
    if drawn is not None:
        try:
            return Game.new(drawn)
        except CodeError:
            pass
    return Game.new()


def _replaced(play: Play | None, challenge: Challenge) -> Play | None:
    """``play`` if a new play of ``challenge`` would take the place of a game under way
    (moves, no end, another challenge or none), else None."""
    if play is None or play.challenge == challenge:
        return None
    return play if play.game.moves > 0 and play.open else None


def _challenge_phrase(challenge: Challenge) -> Phrase:
    """A challenge just opened, said on the message line (its result to beat is on the
    challenge's own line, which screen readers hear too)."""
    return phrase("challenge.opened", who=who(challenge, start=False))


def _link_invalid(error: CodeError, *, fresh: bool = False) -> Phrase:
    """An invalid link explained; ``fresh``: no game was under way, a new deal is on
    the table (else the game in progress goes on)."""
    key = "code.link-invalid-new" if fresh else "code.link-invalid"
    return phrase(key, reason=code_error(error))
