"""The challenge shown beside the play: its line under the table, kept up with the play,
and the two results side by side in the end window (docs/design.md, "Challenges")."""

from __future__ import annotations

from ..page.challenge_view import challenge_line, versus
from ..session.session import Session
from .challenge import Challenges


class ChallengeLine:
    """Follows the table and the end window for the challenge on the table, if any."""

    def __init__(self, session: Session, room: Challenges) -> None:
        self.session, self.room = session, room

    def table(self, t: float) -> None:
        """The table changed: the challenge's line as it is now."""
        play, prefs = self.session.play, self.session.prefs
        self.room.show_line(challenge_line(play, t, self.session.lang, calm=prefs.calm))

    def end(self, t: float) -> None:
        """The end window opened: the two results side by side, if there is a challenge."""
        play, prefs = self.session.play, self.session.prefs
        self.room.show_versus(versus(play, t, self.session.lang, calm=prefs.calm))
