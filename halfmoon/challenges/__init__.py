"""Challenges by link: a deal, the result to beat, who set it and the moves they made,
written into a link and read back from one, refused truthfully when forged.

May import :mod:`halfmoon.rules`, :mod:`halfmoon.words` and :mod:`halfmoon.records`.
"""
