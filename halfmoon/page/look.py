"""Facts of the page's look that Python and the page's scripts and stylesheet share:
how long a refused tap's sign lasts, and how narrow a board is drawn for a phone.

The renderer times the sign with :data:`SIGN_MS`; the build hands both numbers to the
start-up scripts (the boot data's ``look``) and writes them into the stylesheet it
ships (tools/build_site.py); tests/test_facts.py fails when a literal left in the
scripts or the stylesheet says otherwise."""

from __future__ import annotations

from typing import Final

SIGN_MS: Final = 450
"""How long a refused tap's sign (or a new selection's) lasts, in milliseconds: the
renderer takes the ``data-sign`` attribute off after it, the stylesheet's animation
lasts as long."""

NARROW_PX: Final = 640
"""The widest board drawn for a narrow screen (``.narrow`` on the board, and the
stylesheet's ``max-width`` query of the same width), in CSS pixels."""

LOOK: Final[dict[str, int]] = {"sign_ms": SIGN_MS, "narrow_px": NARROW_PX}
"""What the build hands the page (the boot data's ``look``)."""

FRAME_UPRIGHT: Final = 4 / 3
"""An embedded frame's height per pixel of its width (embed.js's ``<half-moon>``) up to
:data:`NARROW_PX` wide: the table upright, as on a phone held upright;
the whole table shows from 320 px wide (tests/browser/test_frame.py)."""

FRAME_WIDE: Final = 5 / 8
"""An embedded frame's height per pixel of its width when wider than :data:`NARROW_PX`:
the table beside the bar and the actions, as on a screen held sideways."""
