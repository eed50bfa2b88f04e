"""The backups' controller: everything the game keeps saved as a file, and a file chosen
to restore refused whole (saying why) or merged, with the options and the statistics
window shown as the merge left them.  The table stays on its deal: it shows the file's
play of that deal only where the merge wrote it (:mod:`halfmoon.keeping.restore`)."""

from __future__ import annotations

from collections.abc import Callable

import js  # type: ignore[import-not-found]

from ..keeping.backup import MAX_BYTES, Refused, file_name, read_backup, refused_words, write_backup
from ..keeping.backup_keys import BackupKeys
from ..keeping.restore import restored_words
from ..words.i18n import text
from .clock import now
from .control import Controller
from .control_stats import StatsControl
from .files import Files
from .games import Games
from .keep import Keep
from .opening import address_options
from .persistence import Persistence


class BackupControl:
    """Saves everything the game keeps as a file, and restores a chosen file."""

    def __init__(
        self,
        control: Controller,
        stats: StatsControl,
        *,
        saves: Persistence,
        keep: Keep,
        backups: BackupKeys,
        files: Files,
        games: Games,
    ) -> None:
        self.control, self.session, self.stats = control, control.session, stats
        self.saves, self.keep, self.backups = saves, keep, backups
        self.files, self.games = files, games

    @property
    def lang(self) -> str:
        return self.session.lang

    @property
    def commands(self) -> dict[str, Callable[[str], None]]:
        """The statistics window's Save and Restore buttons (``data-action``)."""
        return {"backup": lambda entry: self.backup(), "restore": lambda entry: self.files.choose()}

    def backup(self) -> None:
        """Save everything the game keeps as a file (the play on the table saved first)."""
        t = now()
        self.keep.save(t)
        session = self.session
        data = self.backups.backup(session.play, session.prefs, session.books.wall())
        name = file_name(session.books.today())
        saved = self.files.save(name, write_backup(data))
        self.games.status(text(self.lang, "backup.saved" if saved else "backup.failed", name=name))

    def restore(self, raw: str | None, size: int) -> None:
        """A file chosen to restore: refused whole (saying why), or merged and said what
        changed, where the player is looking (the figures and chart it changed may
        have pushed the line out of sight)."""
        self.games.status_in_view(self._restore(raw, size))

    def _restore(self, raw: str | None, size: int) -> str:
        if raw is None:
            return text(
                self.lang, "restore.error.size" if size > MAX_BYTES else "restore.error.read"
            )
        try:
            backup = read_backup(raw)
        except Refused as exc:
            return refused_words(exc, self.lang)
        if self.backups.storage.in_cookies:  # a frame keeping a short record: no room
            return text(self.lang, "restore.error.page")
        t = now()
        control, session = self.control, self.session
        if self.keep.pending:  # the play on the table is stored first, merged like any other
            self.keep.save(t)
        outcome = self.backups.restore(backup, session.books.day_of, session.play)
        if outcome is None:
            return text(self.lang, "restore.error.blocked")
        if outcome.shown is not None:  # the file held the deal on the table further on
            control.apply(session.restored(outcome.shown, t), t, clear=False)
        if outcome.done.prefs:
            # the address's options still where the file's player had not chosen
            session.use_prefs(address_options(js.window).over(self.saves.prefs()))
            control.options_changed()
        self.keep.notice()  # a storage that refused a write says so, as a save's would
        self.stats.refresh()
        return restored_words(outcome, self.lang)
