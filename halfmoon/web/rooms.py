"""The page's rooms, as the composer built them (:mod:`.app`): one record, handed to
the few that need several of them, so that no one builds or finds a room but the
composer."""

from __future__ import annotations

from dataclasses import dataclass

from .bar import Bar
from .challenge import Challenges
from .dialogs import Dialogs
from .embed import Embed
from .files import Files
from .games import Games
from .input import Input
from .links import Links
from .message import MessageLine
from .month import Calendar
from .render import Renderer
from .screen import Screen
from .sound import Sound
from .welcome import Welcome


@dataclass(frozen=True)
class Rooms:
    """Each room of the page, of one job each."""

    render: Renderer  # the table and the page's words
    bar: Bar  # the counters and the clock
    line: MessageLine  # the message line under the table
    greeting: Welcome  # a first visit's welcome
    dialogs: Dialogs  # the windows
    links: Links  # the address, copying and sharing
    input: Input  # taps, keys and drags
    games: Games  # your games and the replays
    challenges: Challenges  # the challenge's line, its comparison, the name asked
    files: Files  # a backup's file chosen
    calendar: Calendar  # the month of the deals of the day
    screen: Screen  # full screen
    sound: Sound
    embed: Embed  # the embedding page
