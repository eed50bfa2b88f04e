"""Words of the command line (``python -m halfmoon``)."""

from __future__ import annotations

from typing import Final

PT: Final[dict[str, str]] = {
    "cli.usage": "uso: python -m halfmoon show CÓDIGO | new",
    "cli.reserve": "reserva",
}

EN: Final[dict[str, str]] = {
    "cli.usage": "usage: python -m halfmoon show CODE | new",
    "cli.reserve": "reserve",
}
