"""The page's cookies as the engine's jar (:class:`halfmoon.keeping.cookies.Jar`): the
only room that touches ``document.cookie``.  Each cookie is partitioned — kept for the
page that frames the game, apart from every other — and goes to the game's site only
over HTTPS or to localhost (``Partitioned; Secure; SameSite=None``), for 400 days, the
most a browser allows."""

from __future__ import annotations

from typing import Any

from ..keeping.cookies import CookieStore

ATTRIBUTES = "Path=/; Secure; SameSite=None; Partitioned"
KEEP_S = 400 * 24 * 3600
PROBE = "hm.t"


class DocumentJar:
    """``document.cookie``, read whole and written one cookie at a time."""

    def __init__(self, document: Any) -> None:
        self.doc = document

    def read(self) -> str:
        value = self.doc.cookie
        return value if isinstance(value, str) else ""

    def write(self, name: str, value: str | None) -> None:
        age = KEEP_S if value is not None else 0
        self.doc.cookie = f"{name}={value or ''}; Max-Age={age}; {ATTRIBUTES}"


def cookie_store(document: Any) -> CookieStore | None:
    """The game's keys in the page's cookies, or None where the browser keeps none (a
    cookie written is not read back, or merely looking throws)."""
    jar = DocumentJar(document)
    try:
        jar.write(PROBE, "1")
        kept = f"{PROBE}=1" in jar.read().replace(" ", "").split(";")
        jar.write(PROBE, None)
    except Exception:
        return None
    return CookieStore(jar) if kept else None
