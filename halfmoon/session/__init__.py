"""The session on top: one player's game in play with its options, language and
challenge (:mod:`.session`), what the page shows of it (:mod:`.presenter`) and asking
before a game in progress is dropped (:mod:`.leaving`).

May import every wing of the engine; only :mod:`halfmoon.web` and :mod:`halfmoon.host`
stand above it.
"""
