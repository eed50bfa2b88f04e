"""The site's build and the developers' tools: run each from the repository's root as
``python -m tools.NAME`` (``make site``, ``make play`` and ``make test`` do).  Every
tool reads the game's words from ``locale/`` (halfmoon/host/locale.py).
"""

from halfmoon.host.locale import use_locale

use_locale()
