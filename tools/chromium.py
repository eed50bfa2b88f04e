"""How every tool and test here launches Chromium: Debian's `chromium` when present
(Playwright cannot download its own browser on these machines), as root, with the
flags that keep it off the closed network."""

from __future__ import annotations

import os
import shutil
from typing import Any

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-gpu",
    "--no-first-run",
]


def executable() -> str | None:
    """HALFMOON_CHROMIUM, else the system's `chromium`, else None (Playwright's own)."""
    return os.environ.get("HALFMOON_CHROMIUM") or shutil.which("chromium")


def launch_options() -> dict[str, Any]:
    options: dict[str, Any] = {"args": list(LAUNCH_ARGS)}
    path = executable()
    if path:
        options["executable_path"] = path
    return options
