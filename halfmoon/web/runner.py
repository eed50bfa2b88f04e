"""The Python that PyScript runs while the page starts, run as Python itself runs a
module: compiled at once by the interpreter's own compiler, or not compiled at all.

PyScript runs two texts at every start through Pyodide's ``runPython``: its own start
code (it writes its Python package into the working directory: 33 kB of source; the page
leaves out its import of that package, which nothing on the page uses as it starts) and
the page's script (``main.py``).  ``runPython`` parses each text into a tree,
walks it in Python (to give the last expression's value back) and tokenises it again
before it compiles it: for PyScript's start code that took ≈100 ms of a return visit's
start on this machine, several times that on a phone (docs/performance.md, "A phone").
Neither text gives a value back, so ``static/boot/python.js`` has them run by
:func:`run` instead: the same code in the same namespace (``__main__``'s), compiled by
the built-in ``compile`` — or, on a return visit, taken compiled from the memory snapshot,
where :func:`remember` put it when the snapshot was made (``static/snapshot-worker.js``).

Nothing of Pyodide's private parts is used here: only the name Pyodide's documented
``eval_code`` gives the code ``runPython`` runs (:data:`FILENAME`), which
``tests/test_start_hooks.py`` pins against the vendored Pyodide.  Whether PyScript's texts
come here at all is decided by the page, through ``static/boot/pyodide-door.js``.
"""

from __future__ import annotations

import sys
from types import CodeType

FILENAME = "<exec>"  # as Pyodide names the code it runs: tracebacks read the same

_compiled: dict[str, CodeType] = {}


def remember(text: str) -> None:
    """Compile ``text`` now and keep it, for :func:`run` (and in a snapshot made after)."""
    _compiled[text] = compile(text, FILENAME, "exec", dont_inherit=True)


def run(text: str) -> None:
    """Run ``text`` in ``__main__``'s namespace, as ``runPython`` would; its code compiled
    already when :func:`remember` saw the same text."""
    code = _compiled.get(text)
    if code is None:
        code = compile(text, FILENAME, "exec", dont_inherit=True)
    exec(code, vars(sys.modules["__main__"]))
