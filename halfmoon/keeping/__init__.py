"""What the game keeps for the player, and how: the key-value store as the engine sees
it, every storage key and stored format (plays, options, statistics, history), the
session's bookkeeping of plays, saving across tabs, backups and restores.

May import :mod:`halfmoon.rules`, :mod:`halfmoon.words`, :mod:`halfmoon.records` and
:mod:`halfmoon.challenges`; never the page, the session or the browser side.
"""
