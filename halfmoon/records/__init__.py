"""What the player's games leave behind: a play's end as it was, the statistics, the
history of games (Your games), the deal of the day and its month, the player's calendar
(local time), and the safe reading of what was stored (:mod:`.safejson`).

May import :mod:`halfmoon.rules` and :mod:`halfmoon.words`.
"""
