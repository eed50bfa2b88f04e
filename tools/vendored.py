"""What the build changes in the vendored runtime (Pyodide, PyScript) as it copies it
into the site: nothing of what the code does, only what a browser would complain of
(docs/performance.md, "Lighthouse")."""

from __future__ import annotations

import re
from pathlib import Path

SOURCE_MAP = re.compile(r"\n?(?://|/\*)# sourceMappingURL=[^\n]*?(?:\*/)?[ \t]*(?=\n|$)")


def without_maps(script: Path) -> None:
    """A vendored script without its ``sourceMappingURL`` comment: the site leaves the
    ``.map`` files out, and a browser asked to fetch one would find nothing (404s that
    Lighthouse counts against best practices)."""
    text = script.read_text(encoding="utf-8")
    stripped = SOURCE_MAP.sub("", text)
    if stripped != text:
        script.write_text(stripped, encoding="utf-8")


EAGER_MEMORY = (
    "var io=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer);"
    "function so(t){try{return Atomics.wait(io,0,0,t),!0}catch{return!1}}"
)
LAZY_MEMORY = (
    "var io;function so(t){try{return io??=new Int32Array(new WebAssembly.Memory("
    "{shared:!0,initial:1,maximum:1}).buffer),Atomics.wait(io,0,0,t),!0}catch{return!1}}"
)


def lazy_shared_memory(script: Path) -> None:
    """Pyodide's runtime makes a shared memory as it loads, for a sleep it only needs when
    a file read would block (never here): outside cross-origin isolation, Chromium warns
    of that shared memory as deprecated (Lighthouse's best practices).  Made at that
    sleep's first use instead, the same memory, the same sleep.  A Pyodide whose code
    differs is left as it is, and the build says so."""
    text = script.read_text(encoding="utf-8")
    if EAGER_MEMORY in text:
        script.write_text(text.replace(EAGER_MEMORY, LAZY_MEMORY, 1), encoding="utf-8")
    elif LAZY_MEMORY not in text:
        print(f"note: {script.name} makes its shared memory otherwise: left as it is")
