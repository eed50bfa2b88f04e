"""What every test shares.

- **The game's words**: every test on the host reads them from ``locale/``
  (halfmoon/host/locale.py), as the command line and the site's build do.
- **The suite's grouping across pytest-xdist's workers** (``make test``: ``--dist
  loadgroup``).  pytest-xdist 3.8 marks a test of an ``xdist_group`` by adding
  ``@<group>`` to its node id through ``item._nodeid``, an attribute pytest 9 no longer
  reads (a node's id is now ``item._id``): without the hook below every group's tests
  were shared out one by one, so a module's browsers were launched, or its Python
  compiled, once per worker.  The hook gives the ids their suffix the way pytest 9 keeps
  them; the scheduler then sends a group to one worker.  (It does nothing where xdist
  already did, or without loadgroup.)
"""

from __future__ import annotations

import pytest
from _pytest.nodeid import coerce_node_id

from halfmoon.host.locale import use_locale

use_locale()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        groups = sorted({str(mark.args[0]) for mark in item.iter_markers("xdist_group")})
        if groups and "@" not in item.nodeid:
            item._id = coerce_node_id(f"{item.nodeid}@{'_'.join(groups)}")
