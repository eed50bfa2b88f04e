"""Card faces: the build writes every face once into the page, as a ``<template
id="face-KEY">`` made from the parts of :func:`halfmoon.page.view.face_parts`
(``tools/markup.py``); the table and the replay of a kept game clone them, as the page's
first paint does (``static/boot/paint.js``) — one piece of markup per card, so a card
looks the same from the first frame on."""

from __future__ import annotations

from typing import Any

from ..page.view import PlaceView, face_key

SVG = "http://www.w3.org/2000/svg"


class Faces:
    """Hands out card faces, cloned from the templates the build wrote."""

    def __init__(self, document: Any) -> None:
        self.doc = document
        self._templates: dict[str, Any] = {}

    def face(self, view: PlaceView) -> Any:
        """A fresh copy of the face of ``view``'s card (its parts are hidden from screen
        readers: the card's own label names it)."""
        key = face_key(view)
        content = self._templates.get(key)
        if content is None:
            content = self._templates[key] = self.doc.getElementById(f"face-{key}").content
        return content.cloneNode(True)
