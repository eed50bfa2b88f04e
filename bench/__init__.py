"""Benchmarks that print figures (``make bench``, ``make bench-rules``); not tests."""
