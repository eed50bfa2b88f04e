"""Benchmarks that print figures (``make bench``, ``make bench-engine``); not tests."""
