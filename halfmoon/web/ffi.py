"""Small helpers at the Python–JavaScript border."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import jsnull  # type: ignore[import-not-found]


def absent(value: Any) -> bool:
    """Whether a DOM look-up found nothing: JavaScript ``null`` reaches Python as
    ``jsnull``, not ``None``, and ``undefined`` as ``None``."""
    return value is None or value is jsnull
