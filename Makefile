# Half Moon — see README.md.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup test test-engine lint bench-engine clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

lint: $(STAMP)
	$(VENV)/bin/ruff check halfmoon tests bench
	$(VENV)/bin/ruff format --check halfmoon tests bench
	$(VENV)/bin/mypy halfmoon

test-engine: $(STAMP)
	$(PY) -m pytest -q -m "not browser"

test: lint test-engine

bench-engine: $(STAMP)
	$(PY) bench/bench_engine.py

clean:
	rm -rf $(VENV) node_modules site .pytest_cache .mypy_cache .ruff_cache .hypothesis
