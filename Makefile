# Half Moon — see README.md.  `make play` to play, `make test` to test.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
NPM_STAMP := node_modules/.installed
PORT ?= 8000
RUNS ?= 7
# pytest's workers (pytest-xdist), given tests one by one as each is free (the
# cross-engine tests stay together on one: their browsers are launched once): three on
# this 2-core machine, whose two left it idle 4% of the time, three under 1%
# (docs/testing.md). WORKERS=0 runs in one process.
WORKERS ?= 3
PYTEST := $(PY) -m pytest -q $(if $(filter 0,$(WORKERS)),,-n $(WORKERS) --dist loadgroup)

# What the site is built from, and what lint reads: the site (its index.html) and lint's
# stamp are made again only when one of these is newer (a second `make test` goes
# straight to the tests).
SITE_SOURCES := $(shell find halfmoon static tools locale -type f -not -path '*/__pycache__/*') \
	index.html main.py pyscript.toml netlify.toml embed-demo.html package-lock.json
LINT_SOURCES := $(SITE_SOURCES) $(shell find tests bench types -type f -not -path '*/__pycache__/*') \
	pyproject.toml eslint.config.mjs .prettierrc.json .prettierignore $(wildcard tsconfig*.json)
SITE_STAMP := site/index.html
LINT_STAMP := .cache/lint.stamp

.PHONY: setup site play test prepare test-rules test-browser test-browsers lint chromium browsers bench bench-browsers bench-phone bench-rules bench-worker lighthouse soak clean

$(STAMP): pyproject.toml
	@bash tools/ensure_venv.sh $(PYTHON) $(VENV)
	@touch $(STAMP)

$(NPM_STAMP): package.json package-lock.json
	@printf 'npm: ' && npm ci --no-audit --no-fund --loglevel=error
	@touch $(NPM_STAMP)

setup: $(STAMP) $(NPM_STAMP)

## site: assemble the deployable folder site/ (page, engine, vendored Pyodide and PyScript)
site: $(SITE_STAMP)

$(SITE_STAMP): $(STAMP) $(NPM_STAMP) $(SITE_SOURCES)
	$(PY) -m tools.build_site
	@touch $(SITE_STAMP)

## play: build, then serve on http://127.0.0.1:$(PORT)/
play: site
	$(PY) -m tools.serve --port $(PORT)

chromium: $(STAMP)
	bash tools/ensure_chromium.sh $(PY)

## browsers: Chromium, Firefox ESR and WebKitGTK for the browser tests (Debian's packages)
browsers:
	@bash tools/ensure_browsers.sh $(PY)

lint: $(LINT_STAMP)

$(LINT_STAMP): $(STAMP) $(NPM_STAMP) $(LINT_SOURCES)
	$(VENV)/bin/ruff check halfmoon tests bench tools main.py
	$(VENV)/bin/ruff format --check halfmoon tests bench tools main.py
	$(VENV)/bin/mypy halfmoon tools
	node_modules/.bin/eslint --max-warnings 0
	node_modules/.bin/prettier --check "static/**/*.js" "static/*.mjs" "tools/*.mjs" "*.mjs" "types/*.d.ts" "tsconfig*.json" \
		"static/**/*.css" index.html embed-demo.html
	node_modules/.bin/tsc --noEmit -p tsconfig.json
	node_modules/.bin/tsc --noEmit -p tsconfig.worker.json
	node_modules/.bin/tsc --noEmit -p tsconfig.node.json
	@mkdir -p .cache && touch $(LINT_STAMP)

## test-rules: the rules engine's tests in CPython (no browser)
test-rules: $(STAMP)
	$(PYTEST) -m "not browser"

# Tests marked `alone` (a phone's start, timed at a slowed CPU) run by themselves after
# the parallel part: a second browser on the same two cores would slow them beyond any phone.
test-browser: site browsers
	$(PYTEST) -m "browser and not alone" --durations=15
	$(PY) -m pytest -q -m alone

## test-browsers: the cross-engine suite alone, in Firefox and WebKit (ENGINE=firefox for one)
test-browsers: site browsers
	$(PY) -m pytest -q tests/browser/test_firefox_webkit.py $(if $(ENGINE),-k $(ENGINE))

## test: everything CI runs — lint, rules tests, browser tests on the built site; it
## prints the 15 slowest tests.  What it needs is made side by side (the browsers'
## packages, the Python and npm packages, then lint and the site), each step skipped
## where it is done already.
test: prepare
	$(PYTEST) -m "not alone" --durations=15
	$(PY) -m pytest -q -m alone

prepare:
	@$(MAKE) --no-print-directory -j4 --output-sync=target lint site browsers

## bench: start-up, tap latency, bytes and memory against a bare Pyodide page
bench: site chromium
	RUNS=$(RUNS) $(PY) -m bench.bench_web

## bench-browsers: start-up in Chromium, Firefox and WebKit against the bare Pyodide page
bench-browsers: site chromium browsers
	RUNS=$(if $(filter 7,$(RUNS)),5,$(RUNS)) $(PY) -m bench.bench_browsers

## bench-phone: a mid-range phone (CPU slowed 4x, touch): start-up, blocking and taps
bench-phone: site chromium
	RUNS=$(if $(filter 7,$(RUNS)),5,$(RUNS)) $(PY) -m bench.bench_phone

## bench-worker: issue 54's prototype (MicroPython page, engine in a worker) against the game and the bare page; PARTS=lighthouse,phone,desktop,bytes,taps
bench-worker: site chromium
	RUNS=$(if $(filter 7,$(RUNS)),3,$(RUNS)) CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} $(PY) -m bench.bench_worker $(if $(PARTS),--parts $(PARTS))

## lighthouse: Lighthouse (pinned in package.json) on a first visit, mobile: scores and metrics
lighthouse: site
	CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} $(PY) -m bench.bench_lighthouse --runs $(if $(filter 7,$(RUNS)),2,$(RUNS))

## bench-rules: the rules engine's speed in CPython
bench-rules: $(STAMP)
	$(PY) -m bench.bench_rules

## soak: 1,000,000 random taps, undos and redos with every invariant checked (CI runs a short profile)
soak: $(STAMP)
	$(PY) -m tests.soak --steps 1000000

clean:
	rm -rf $(VENV) node_modules site .cache .pytest_cache .mypy_cache .ruff_cache .hypothesis
