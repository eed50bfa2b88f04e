"""The half-second tick: the bar's clock, and the day turning at midnight."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..session.presenter import Presenter
from .bar import Bar
from .clock import now


class Ticker:
    """Every half second, the game clock on the bar; past midnight (a tab left open
    overnight), the new day on the deal of the day's button and the bar's badge, and
    the windows that show the date told."""

    def __init__(
        self,
        bar: Bar,
        shown: Presenter,
        *,
        show: Callable[[float], None],
        turned: Iterable[Callable[[], None]],
    ) -> None:
        self.bar, self.shown, self.show, self.turned = bar, shown, show, tuple(turned)

    def tick(self) -> None:
        t = now()
        self.bar.time(self.shown.time_text(t))
        if self.shown.turn_day():
            self.bar.today(self.shown.day.day)
            self.show(t)
            for turned in self.turned:
                turned()
