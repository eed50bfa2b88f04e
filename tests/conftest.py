"""Every test on the host reads the game's words from ``locale/`` (halfmoon/host/locale.py),
as the command line and the site's build do."""

from halfmoon.host.locale import use_locale

use_locale()
