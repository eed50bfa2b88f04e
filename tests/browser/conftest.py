"""Browser tests: the built site, served with netlify.toml's headers, in Chromium.

Every context a test opens, however it opens it, is watched (the autouse ``problems``
fixture): an uncaught error or a console error in any page, frame or dedicated worker (CSP
violations are reported there), or a failed request, fails the test unless the test
declares it expected (``problems.allow``).  Firefox and WebKit: ``test_firefox_webkit.py``.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import functools
import json
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    BrowserType,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
)
from playwright.sync_api import Error as PlaywrightError

from halfmoon.keeping.saved import KEYS
from tools.chromium import launch_options
from tools.serve import serve_in_background

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"

BOOT_TIMEOUT = 45_000
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
PHONE_CONTEXT: dict[str, Any] = {
    "viewport": PHONE,
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


# The suite runs WebAssembly in V8's baseline compiler only (Liftoff): the same code,
# without the optimising tier's compiles in the background, about a third less of the
# machine per start (2.7 s of CPU instead of 3.9 on this 2-core machine), and the suite
# is bound by the machine.  What is timed (the phone test, make bench) runs as shipped.
SUITE_ARGS = ["--js-flags=--liftoff-only"]
# Headless Chromium builds a window's own interface for every context, and with it the
# address bar's two pop-ups, drawn by WebUI in a renderer of their own: 0.57 s of CPU a
# start here, more than half of what the page's own renderer takes, for nothing a page
# can see.  The suite turns them off.
NO_ADDRESS_BAR_POPUPS = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]


def _disabled_features(playwright: Playwright, options: dict[str, Any]) -> list[str]:
    """``--disable-features`` with the address bar's pop-ups added to Playwright's own
    list: Chromium heeds only the last of the switch, so that list (read from
    chrome://version of a first launch) must be in it too.  None where it cannot be read."""
    browser = playwright.chromium.launch(**options)
    try:
        page = browser.new_page()
        page.goto("chrome://version")
        line = page.locator("#command_line").text_content() or ""
    except PlaywrightError:
        return []
    finally:
        browser.close()
    found = re.findall(r"--disable-features=(\S+)", line)
    if not found:
        return []
    return ["--disable-features=" + ",".join([found[-1], *NO_ADDRESS_BAR_POPUPS])]


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], playwright: Playwright
) -> dict[str, Any]:
    options = launch_options()
    args = options["args"] + SUITE_ARGS
    return {
        **browser_type_launch_args,
        **options,
        "args": args + _disabled_features(playwright, {**options, "args": args}),
    }


@pytest.fixture(scope="session")
def site() -> Path:
    if not (SITE / "index.html").exists():
        subprocess.run([sys.executable, "-m", "tools.build_site"], check=True, cwd=ROOT)
    return SITE


@pytest.fixture(scope="session")
def server_log() -> list[str]:
    return []


@pytest.fixture(scope="session")
def served_besides() -> dict[str, Path]:
    """Files the site's server serves besides the site, by path (the suite's snapshot)."""
    return {}


@pytest.fixture(scope="session")
def base_url(site: Path, server_log: list[str], served_besides: dict[str, Path]) -> Iterator[str]:
    server, url = serve_in_background(site, "127.0.0.1", log=server_log, files=served_besides)
    yield url
    server.shutdown()


@pytest.fixture
def host_page(tmp_path: Path) -> Iterator[Callable[[str], str]]:
    """Serves a host page (its HTML) on 127.0.0.1, each page from a server of its own,
    and gives its address; the servers stop after the test.  A page that embeds the game
    from :func:`other_origin` embeds it from another site."""
    servers = []

    def serve(page: str) -> str:
        folder = tmp_path / f"host{len(servers)}"
        folder.mkdir()
        (folder / "index.html").write_text(page, encoding="utf-8")
        server, url = serve_in_background(folder, headers=False)
        servers.append(server)
        return url + "/"

    yield serve
    for server in servers:
        server.shutdown()


def other_origin(base_url: str) -> str:
    """The game's address on another site than a host page's (localhost, not 127.0.0.1)."""
    return base_url.replace("127.0.0.1", "localhost")


class Problems:
    """Errors the browser reported while a test ran: uncaught errors and console errors
    of every page, frame and dedicated worker (CSP violations are reported there), and failed
    requests — in every context the test opens, however it opens it."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.allowed: list[re.Pattern[str]] = []

    def allow(self, *patterns: str) -> None:
        """Errors this test causes on purpose (a regular expression each); any other
        still fails it.  Say in the test why each is expected."""
        self.allowed += [re.compile(p) for p in patterns]

    def watch(self, context: BrowserContext) -> None:
        context.on("weberror", lambda e: _report(f"page error: {e.error}"))
        context.on("console", _console)
        context.on("requestfailed", _failed)

    def unexpected(self) -> list[str]:
        return [i for i in self.items if not any(p.search(i) for p in self.allowed)]


_current: list[Problems] = []  # the running test's: what every watched context reports to


def _report(item: str) -> None:
    if _current:
        _current[-1].items.append(item)


def _console(message: ConsoleMessage) -> None:
    if message.type == "error":
        where = message.location.get("url", "")
        _report(f"console error: {message.text}" + (f" ({where})" if where else ""))


def _failed(request: Request) -> None:
    # A request the browser itself cancels (the page reloads, moves on or closes while
    # it is on its way: the tab's icon, the court figures) is no failure.
    cancelled = "ERR_ABORTED" in str(request.failure)
    if not request.url.startswith("data:") and not cancelled:
        _report(f"request failed: {request.url} {request.failure}")


@functools.cache
def _build() -> str:
    found = re.search(r'name="halfmoon-build" content="([^"]+)"', (SITE / "index.html").read_text())
    return found.group(1) if found else ""


# This build's memory snapshot marked as not to be made (static/boot/snapshot.js), as a
# browser whose quota is too small for it would have it: no test but the snapshot's own
# has a second Python built in a worker at a moment of its own, competing for the
# machine with what the test measures or waits for.
NO_SNAPSHOT = """(() => { try {
  if (!localStorage.getItem(%(key)s))
    localStorage.setItem(%(key)s, JSON.stringify({build: %(build)s, state: "failed", damaged: 0}));
} catch (_) { /* no storage here: no snapshot either */ } })();"""


# A returning player's start, for the tests that do not test the start itself: the page
# finds this build's memory snapshot kept (static/boot/python.js restores it), as a
# browser that played here before would have it.  The snapshot is the one this worker
# made at its first such test (``kept_start``), put into the context's Cache Storage
# under the page's own name and key by every page of the site, before the page can read
# it (its opening of that cache waits for the copy); the page then restores it as it
# would any kept snapshot.  (Where the test names the key first, the test's value stays.)
SEEDED = """(() => { try {
  const build = %(build)s, key = %(key)s;
  if (location.port !== %(port)s) return;
  if (new URLSearchParams(location.search).get("snapshot") === "off") return;
  if (!localStorage.getItem(key))
    localStorage.setItem(key, JSON.stringify({build, state: "made", damaged: 0}));
  const name = %(prefix)s + build, url = new URL(`/snapshot-${build}.bin`, location.href).href;
  const open = CacheStorage.prototype.open;
  const put = open.call(caches, name).then(async (cache) => {
    if (!(await cache.match(url))) await cache.add(url);
  });
  CacheStorage.prototype.open = function (...args) {
    const later = () => open.apply(this, args);
    return args[0] === name ? put.then(later, later) : later();
  };
} catch (_) { /* no storage here: no snapshot either */ } })();"""
PREFIX = "hm-snapshot-"  # the page's name for a build's snapshot cache (static/boot/python.js)


@pytest.fixture(scope="session")
def kept_start(
    browser: Browser,
    base_url: str,
    served_besides: dict[str, Path],
    tmp_path_factory: pytest.TempPathFactory,
    worker_id: str,
) -> str:
    """The seeding script (:data:`SEEDED`) for the memory snapshot of this build, made
    once per run as a player's visit makes it (the first worker to need it makes it for
    all) and served beside the site.  A page it seeds is checked to start from it, so that
    the suite cannot fall back to slower starts unnoticed."""
    build = _build()
    shared = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        shared = shared.parent  # the run's folder, which every worker shares
    path = shared / f"snapshot-{build}.bin"
    with open(shared / "kept-start.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            made = _make_snapshot(browser, base_url)
            partial = path.with_suffix(".part")
            partial.write_bytes(made)
            partial.replace(path)
    served_besides[f"/snapshot-{build}.bin"] = path
    values = {
        "build": json.dumps(build),
        "key": json.dumps(KEYS["snapshot"]),
        "port": json.dumps(base_url.rsplit(":", 1)[1]),
        "prefix": json.dumps(PREFIX),
    }
    script = SEEDED % values
    context = browser.new_context(service_workers="block", reduced_motion="reduce")
    context.add_init_script(script)
    page = context.new_page()
    page.goto(f"{base_url}/")
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "restored"
    context.close()
    return script


def _make_snapshot(browser: Browser, base_url: str) -> bytes:
    """This build's memory snapshot, made by a visit as a player's visit makes it."""
    context = browser.new_context(service_workers="block", reduced_motion="reduce")
    context.clock.install()
    page = context.new_page()
    page.goto(f"{base_url}/")
    wait_ready(page)
    snapshot_made(page)
    name, data = page.evaluate(
        """async () => { const root = document.documentElement.dataset;
        const cache = await caches.open(root.snapshotCache);
        const bytes = new Uint8Array(await (await cache.match(root.snapshotKey)).arrayBuffer());
        let text = ""; for (let i = 0; i < bytes.length; i += 0x8000)
          text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
        return [root.snapshotCache, btoa(text)]; }"""
    )
    context.close()
    assert name == PREFIX + _build(), name
    return base64.b64decode(data)


@pytest.fixture(autouse=True)
def problems(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest, site: Path
) -> Iterator[Problems]:
    """Every browser test, in every context it opens (``browser.new_context``,
    ``browser.new_page``, a persistent profile, pytest-playwright's own), fails on any
    error it did not declare with :meth:`Problems.allow`.  Those contexts make no memory
    snapshot unless the test is marked ``snapshot``, and register no service worker
    unless it is marked ``offline``: the worker's keeping of the offline copy, at every
    first visit, costs a quarter of the machine's time for a start, and only the tests
    of offline play, updates and what follows from them need it.  The contexts it opens
    with ``browser.new_context``/``new_page`` also ask for reduced motion, as a player
    may (no card then moves by an animation, and a played game costs a fifth less of
    the machine), unless the test is marked ``motion`` or asks for motion itself: whole
    games by taps, every engine, drag, the flights, the deal and a refused tap's sign
    are tested with the animations on.  A persistent Chromium profile is launched with
    the suite's flags (``browser_type_launch_args``) unless the test is timed
    (``alone``: the phone's start runs as shipped)."""
    marked = {m.name for m in request.node.iter_markers()}
    worker = "offline" in marked
    motion = "motion" in marked
    timed = "alone" in marked
    quiet = None
    if "snapshot" not in marked:
        values = {"key": json.dumps(KEYS["snapshot"]), "build": json.dumps(_build())}
        quiet = NO_SNAPSHOT % values
    if not marked & {"snapshot", "offline", "alone", "first_start"} and (
        "playwright" in request.fixturenames
    ):
        quiet = request.getfixturevalue("kept_start")
    found = Problems()
    opened: list[BrowserContext] = []
    for owner, name in (
        (Browser, "new_context"),
        (Browser, "new_page"),
        (BrowserType, "launch_persistent_context"),
    ):
        original = getattr(owner, name)

        def watched(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            if not worker:
                kwargs.setdefault("service_workers", "block")
            if not motion and isinstance(self, Browser):
                kwargs.setdefault("reduced_motion", "reduce")
            if isinstance(self, BrowserType) and self.name == "chromium" and not timed:
                given = list(kwargs.get("args", []))
                suite = request.getfixturevalue("browser_type_launch_args")["args"]
                kwargs["args"] = given + [a for a in suite if a not in given]
            made = _original(self, *args, **kwargs)
            context = made.context if isinstance(made, Page) else made
            found.watch(context)
            opened.append(context)
            if quiet is not None:
                context.add_init_script(quiet)
            return made

        monkeypatch.setattr(owner, name, watched)
    _current.append(found)
    yield found
    _current.remove(found)
    # A test that failed before closing its contexts leaves no page or service worker
    # behind to reach the next test's server or report into its problems.
    for context in opened:
        if not context.is_closed():
            with contextlib.suppress(PlaywrightError):
                context.close()
    unexpected = found.unexpected()
    assert unexpected == [], "\n".join(unexpected)


@pytest.fixture
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(locale="pt-PT", viewport=DESKTOP)
    yield context
    context.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(locale="pt-PT", **PHONE_CONTEXT)
    yield context
    context.close()


@pytest.fixture(params=["desktop", "phone"])
def any_context(request: pytest.FixtureRequest) -> BrowserContext:
    context: BrowserContext = request.getfixturevalue(request.param)
    return context


def open_game(context: BrowserContext, base_url: str, fragment: str = "", query: str = "") -> Page:
    page = context.new_page()
    page.goto(f"{base_url}/{query}{fragment}")
    wait_ready(page)
    return page


def wait_ready(page: Page) -> None:
    page.wait_for_function(  # (no element yet: a page still on its way after a link)
        "(document.documentElement?.dataset.app ?? 'loading') !== 'loading'",
        timeout=BOOT_TIMEOUT,
    )
    state = page.evaluate("document.documentElement.dataset.app")
    assert state == "ready", page.locator("#boot-status").text_content()


def wait_saved(page: Page) -> None:
    """Wait until the save a move asked for has run (``<html data-saved>``)."""
    page.wait_for_function("document.documentElement.dataset.saved !== 'pending'")


def wait_until(page: Page, script: str, arg: Any = None, timeout: float = BOOT_TIMEOUT) -> None:
    """Wait until ``script`` (an expression, or a function of ``arg``) is true in the
    page, where it may answer with a promise, as the Cache API does.  Playwright's
    ``wait_for_function`` takes a promise itself for a true answer: it would not wait."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"still false after {timeout:.0f} ms: {script}"
        page.wait_for_timeout(100)


def follow(page: Page, url: str) -> None:
    """Go to ``url`` from the game's page, as a link followed in the page, and wait
    until the game has handled it: a new ``#`` is heard as a ``hashchange``, and the
    game's own listener, added first, has run when the one added here hears it."""
    page.evaluate(
        "() => { window.__followed = new Promise("
        "(done) => addEventListener('hashchange', () => done(true), {once: true})); }"
    )
    before = page.evaluate("location.href")
    page.goto(url)
    if page.evaluate("location.href") != before:
        page.evaluate("window.__followed")


def snapshot_made(page: Page) -> None:
    """Wait for the memory snapshot made in the background (``data-snapshot-made``: its
    size, or ``failed``).  The page waits for the player to settle in (5 s, then an idle
    moment: static/boot/snapshot.js) before it starts the worker; the page's clock,
    installed before it loaded (``context.clock.install()``), is moved on past both, so
    the worker starts at once, as it would have then.  Only in a test marked
    ``snapshot``: elsewhere no snapshot is made."""
    page.clock.fast_forward(5_001)
    page.clock.fast_forward(4_001)
    page.wait_for_function("document.documentElement.dataset.snapshotMade", timeout=60_000)
