"""What the page shows and takes in, decided without the browser: the table, the bar
and the end as plain values, the table painted at the next visit's first frame, the
taps kept before Python is ready, keys and drags, the address's options, which deal an
action chooses, replays, results in words, a challenge as the page shows it, and the
first visit's welcome.

May import every wing below the session (:mod:`halfmoon.rules`, :mod:`halfmoon.words`,
:mod:`halfmoon.records`, :mod:`halfmoon.challenges`, :mod:`halfmoon.keeping`).
"""
