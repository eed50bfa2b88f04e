"""``python -m halfmoon``: show a deal as a diagram, or print a fresh deal code."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..rules.deal import random_code
from ..rules.game import Game
from ..words.i18n import DEFAULT_LANGUAGE, LANGUAGES
from .diagram import draw
from .locale import use_locale


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"halfmoon: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="python -m halfmoon", description="Half Moon solitaire deals.")
    sub = parser.add_subparsers(dest="command", required=True)
    show = sub.add_parser("show", help="draw the starting table of a deal code")
    show.add_argument("code", help="a deal code such as HM1-N-AAAAAAB")
    show.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE)
    sub.add_parser("new", help="print a fresh random deal code")
    args = parser.parse_args(argv)
    use_locale()
    if args.command == "new":
        print(random_code())
        return 0
    try:
        game = Game.new(args.code)
    except ValueError as exc:
        print(f"halfmoon: invalid deal code: {exc}", file=sys.stderr)
        return 2
    print(game.code)
    print()
    print(draw(game, args.lang))
    return 0
