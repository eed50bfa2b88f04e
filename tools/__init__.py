"""The site's build and the developers' tools: run each from the repository's root as
``python -m tools.NAME`` (``make site``, ``make play`` and ``make test`` do).
"""
