"""The statistics' controller: the statistics window's figures, today's deal of the day,
the chart of the recent games, whether this browser has promised to keep the games,
and the reset; shown again when another tab changes them."""

from __future__ import annotations

from collections.abc import Callable

import js  # type: ignore[import-not-found]

from ..keeping.backup import keeping
from ..keeping.saved import KEYS
from ..page.results import chart, chart_words
from ..page.view import stats_view
from ..session.presenter import Presenter
from ..words.i18n import say, text
from .dialogs import Dialogs
from .games import Games
from .keeping import Keeping
from .persistence import Persistence
from .storage import Storage


class StatsControl:
    """Fills the statistics window, and resets the statistics."""

    def __init__(
        self,
        shown: Presenter,
        *,
        saves: Persistence,
        storage: Storage,
        keep: Keeping,
        games: Games,
        dialogs: Dialogs,
    ) -> None:
        self.shown = shown
        self.saves, self.storage, self.keep = saves, storage, keep
        self.games, self.dialogs = games, dialogs

    @property
    def lang(self) -> str:
        return self.shown.session.lang

    @property
    def commands(self) -> dict[str, Callable[[str], None]]:
        """The statistics' button (``data-action``)."""
        return {"stats": lambda entry: self.open()}

    def open(self) -> None:
        values = self.values()
        self.games.status(say(self.storage.take_said(), self.lang))  # damaged values found
        self.dialogs.open_stats(values)

    def values(self) -> dict[str, str]:
        """The statistics' figures, the deal of the day's, the chart and whether this
        browser keeps the games (told when the browser answers)."""
        history = self.saves.history()
        values = stats_view(self.saves.stats(), self.lang) | self.shown.daily_results(history)
        bars = chart(history)
        self.games.chart(bars, chart_words(bars, self.lang))
        self.keep.promised(self.keeping)
        return values

    def keeping(self, promised: bool | None) -> None:
        """Say whether this browser has promised to keep the games, and what to do if not."""
        installed = bool(js.window.matchMedia("(display-mode: standalone)").matches)
        storage = self.storage
        blocked, framed = storage.blocked, storage.framed
        cookies = storage.in_cookies  # a frame whose storage is blocked: what fits in cookies
        key = keeping(
            promised, blocked=blocked, installed=installed, framed=framed, cookies=cookies
        )
        self.dialogs.show_keeping(text(self.lang, key), key)

    def reset(self) -> dict[str, str]:
        return stats_view(self.saves.reset_stats(), self.lang)

    def refresh(self) -> None:
        """The figures again, if the statistics window is open."""
        if self.dialogs.is_open("stats"):
            self.dialogs.show_stats(self.values())

    def heard(self, key: str) -> None:
        """Another tab changed a key: the statistics it changed, shown if open."""
        if key in (KEYS["stats"], KEYS["history"]):
            self.refresh()
