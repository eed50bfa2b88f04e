"""Card faces: the parts of a face (:func:`halfmoon.view.face_parts`) built once as page
elements, then cloned in one call wherever a card is drawn — the table, and the replay
of a kept game."""

from __future__ import annotations

from typing import Any

from ..view import COURTS, Part, PlaceView, face_parts

SVG = "http://www.w3.org/2000/svg"


class Faces:
    def __init__(self, document: Any) -> None:
        self.doc = document
        self._built: dict[tuple[str, str, bool], Any] = {}

    def face(self, view: PlaceView) -> Any:
        """A fresh copy of the face of ``view``'s card (its parts hidden from screen
        readers: the card's own label names it)."""
        key = (view.rank, view.suit, view.face)
        face = self._built.get(key)
        if face is None:
            face = self.doc.createDocumentFragment()
            for part in face_parts(view):
                face.appendChild(self._part(part, hidden=True))
            self._built[key] = face
        return face.cloneNode(True)

    def _part(self, part: Part, *, hidden: bool = False) -> Any:
        if part.figure:
            return self._figure(part)
        span = self.doc.createElement("span")
        span.className = part.cls
        if hidden:
            span.setAttribute("aria-hidden", "true")
        if part.text:
            span.textContent = part.text
        if part.drawn:
            span.setAttribute("data-t", part.drawn)
        for child in part.children:
            span.appendChild(self._part(child))
        return span

    def _figure(self, part: Part) -> Any:
        svg = self.doc.createElementNS(SVG, "svg")
        svg.setAttribute("class", part.cls)
        svg.setAttribute("aria-hidden", "true")
        svg.setAttribute("focusable", "false")
        use = self.doc.createElementNS(SVG, "use")
        use.setAttribute("href", f"{COURTS}#{part.figure}")
        svg.appendChild(use)
        return svg
