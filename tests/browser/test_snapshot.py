"""Back in a blink: a visit makes, in the background, the memory snapshot that the next
visit starts Python from; a damaged snapshot falls back to a normal start (and is made
again); ``?snapshot=off`` turns it off.  A return visit is a browser that quits and
starts again on the same profile."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Route, expect

from halfmoon.host.examples import WON
from halfmoon.keeping.saved import KEYS
from tests.browser.conftest import BOOT_TIMEOUT, DESKTOP, snapshot_made, wait_ready
from tests.browser.table import Table
from tools.chromium import launch_options

SNAPSHOT = "document.documentElement.dataset.snapshot"
MADE = "document.documentElement.dataset.snapshotMade"
NEXT = "document.documentElement.dataset.snapshotNext"  # what this visit decided for the next

# its contexts make the snapshot, and keep the offline copy a return visit compiles its
# wasm from (conftest.py)
pytestmark = [pytest.mark.snapshot, pytest.mark.offline]


@pytest.fixture
def profile() -> Iterator[str]:
    # (a browser may still be writing its disk cache as it closes)
    with tempfile.TemporaryDirectory(
        prefix="halfmoon-profile-", ignore_cleanup_errors=True
    ) as folder:
        yield folder


def visit(playwright: Playwright, profile: str, url: str) -> tuple[BrowserContext, Page]:
    """The browser started on ``profile``, at ``url``, the game ready."""
    context = playwright.chromium.launch_persistent_context(
        profile, **launch_options(), locale="pt-PT", viewport=DESKTOP
    )
    context.clock.install()  # time runs as usual; snapshot_made() skips the settling in
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    wait_ready(page)
    return context, page


def test_a_return_visit_starts_from_the_snapshot_and_plays(
    playwright: Playwright, profile: str, base_url: str
) -> None:
    url = f"{base_url}/#{WON.code}"
    context, page = visit(playwright, profile, url)
    assert page.evaluate(SNAPSHOT) == "none"
    snapshot_made(page)  # in the background
    kept, memory = page.evaluate(
        "[+document.documentElement.dataset.snapshotMade,"
        " +document.documentElement.dataset.snapshotMemory]"
    )
    assert kept > 1_000_000 and kept < 0.6 * memory  # its empty pages are not kept
    context.close()
    codes = []
    # the second return visit in another language than the snapshot's heap was made in:
    # the page hands Python the words it downloaded for it
    for query, said in (("", "Par retirado"), ("?lang=en", "Pair removed")):
        context, page = visit(playwright, profile, f"{base_url}/{query}#{WON.code}")
        assert page.evaluate(SNAPSHOT) == "restored"
        table = Table(page)
        table.play(WON.moves[:1])
        expect(page.locator('[data-stat="score"]')).to_have_text("10")
        assert said in (page.locator('[data-role="message"]').text_content() or "")
        table.press("undo")
        table.press("new")  # from the operating system's random source: never repeated
        codes.append(table.stat("code"))
        context.close()
    assert codes[0] != codes[1]


# what can become of a kept snapshot (static/snapshot-format.js says what its words are)
DAMAGE = """async (damage) => {
    const {snapshotCache, snapshotKey} = document.documentElement.dataset;
    const cache = await caches.open(snapshotCache);
    const good = new Uint8Array(await (await cache.match(snapshotKey)).arrayBuffer());
    const damaged = {
      "cut short": () => good.slice(0, good.length / 3),
      "another format": () => good.fill(7, 0, 4),  // its first word, the format's mark
      "pages out of order": () => good.copyWithin(12, 16, 20),  // a page number twice
    }[damage]();
    await cache.put(snapshotKey, new Response(damaged));
}"""


# the page's record of its snapshot, with no damage counted yet
FIRST_DAMAGE = """(key) => {
    const record = JSON.parse(localStorage.getItem(key));
    localStorage.setItem(key, JSON.stringify({...record, damaged: 0}));
}"""


def test_a_damaged_snapshot_falls_back_and_is_made_again(
    playwright: Playwright, profile: str, base_url: str
) -> None:
    """Each damage in turn, in one browser: the start falls back, the game resumes and
    plays on, and the next rest makes a good snapshot again, which the next start uses.
    (A build whose snapshot is damaged twice stops making it: before each damage the
    page's count of damages is set back to none, as if each were the first.)"""
    url = f"{base_url}/#{WON.code}"
    context, page = visit(playwright, profile, url)
    snapshot_made(page)
    for played, damage in enumerate(["cut short", "another format", "pages out of order"]):
        page.evaluate(FIRST_DAMAGE, KEYS["snapshot"])
        page.evaluate(DAMAGE, damage)
        page.reload()
        wait_ready(page)
        assert page.evaluate(SNAPSHOT) == "failed", damage
        Table(page).play(WON.moves[played : played + 1])
        expect(page.locator('[data-stat="moves"]')).to_have_text(str(played + 1))
        snapshot_made(page)  # a good one again
        page.reload()
        wait_ready(page)
        assert page.evaluate(SNAPSHOT) == "restored", damage
        expect(page.locator('[data-stat="moves"]')).to_have_text(str(played + 1))
    context.close()


# Counts the workers the page starts (the snapshot's is the only one it can start).
COUNT_WORKERS = """window.workersStarted = 0;
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(...args) { super(...args); window.workersStarted += 1; }
};"""
NO_CACHE_STORAGE = {
    "?snapshot=off": "",
    "no Cache Storage": "Object.defineProperty(window, 'caches', {value: undefined});",
    "Cache Storage refused": """for (const name of ["open", "match", "has", "keys", "delete"])
      CacheStorage.prototype[name] = () =>
        Promise.reject(new DOMException("refused", "SecurityError"));""",
}


@pytest.mark.parametrize("way", list(NO_CACHE_STORAGE))
def test_without_a_snapshot_the_game_starts_as_before(
    playwright: Playwright, profile: str, base_url: str, way: str
) -> None:
    """Turned off, or nowhere to keep it: Python starts as it always did, and no worker
    spends the player's machine on a snapshot that could not be kept."""
    context = playwright.chromium.launch_persistent_context(
        profile, **launch_options(), locale="pt-PT", viewport=DESKTOP
    )
    context.add_init_script(COUNT_WORKERS + NO_CACHE_STORAGE[way])
    page = context.pages[0] if context.pages else context.new_page()
    query = "?snapshot=off" if way == "?snapshot=off" else ""
    page.goto(f"{base_url}/{query}#{WON.code}")
    wait_ready(page)
    assert page.evaluate(SNAPSHOT) == "off"
    Table(page).play(WON.moves[:1])
    expect(page.locator('[data-stat="score"]')).to_have_text("10")
    page.wait_for_function(NEXT)  # the decision, made once the game is ready
    assert page.evaluate(NEXT) == "off"
    assert page.evaluate("window.workersStarted") == 0 and page.evaluate(MADE) is None
    # the next start, served by the offline copy (whose cache the page cannot open here)
    page.wait_for_function("navigator.serviceWorker.controller", timeout=BOOT_TIMEOUT)
    page.reload()
    wait_ready(page)
    assert page.evaluate(SNAPSHOT) == "off"
    expect(page.locator('[data-stat="score"]')).to_have_text("10")
    context.close()


def test_a_full_storage_keeps_no_snapshot_and_the_game_plays(
    playwright: Playwright, profile: str, base_url: str
) -> None:
    """A quota too small for the snapshot: the worker says it failed, nothing of it is
    kept, the next start is a normal one, and no visit of this build tries again (a
    3-4 s build and a 15 MB write at every visit, all for nothing)."""
    context = playwright.chromium.launch_persistent_context(
        profile, **launch_options(), locale="pt-PT", viewport=DESKTOP
    )
    context.add_init_script(COUNT_WORKERS)
    context.clock.install()  # time runs as usual; snapshot_made() skips the settling in
    page = context.pages[0] if context.pages else context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": base_url, "quotaSize": 4_000_000})
    page.goto(f"{base_url}/#{WON.code}")
    wait_ready(page)
    Table(page).play(WON.moves[:1])
    snapshot_made(page)
    assert page.evaluate(MADE) == "failed"
    assert page.evaluate("window.workersStarted") == 1
    for _ in range(2):
        page.reload()
        wait_ready(page)
        assert page.evaluate(SNAPSHOT) == "none"
        expect(page.locator('[data-stat="score"]')).to_have_text("10")
        page.wait_for_function(NEXT)
        assert page.evaluate(NEXT) == "failed"
        assert page.evaluate("window.workersStarted") == 0
    context.close()


# The page as another build would serve it: the same files, another build name.
def as_build(name: str) -> Callable[[Route], None]:
    def serve(route: Route) -> None:
        page = route.fetch()
        text = re.sub(r'(name="halfmoon-build" content=")[^"]+', rf"\g<1>{name}", page.text())
        route.fulfill(response=page, body=text)

    return serve


def test_a_snapshot_of_another_build_is_neither_made_nor_used(
    browser: Browser, base_url: str
) -> None:
    """A snapshot holds an engine: it is never kept from an engine of another build (a
    stale copy), and one that holds another build's engine is dropped, not run — and
    neither is tried again for that build."""
    context = browser.new_context(locale="pt-PT", viewport=DESKTOP, service_workers="block")
    context.add_init_script(COUNT_WORKERS)
    context.clock.install()  # time runs as usual; snapshot_made() skips the settling in
    page = context.new_page()
    url = f"{base_url}/#{WON.code}"
    page.goto(url)  # this build: its snapshot is made
    wait_ready(page)
    snapshot_made(page)
    assert page.evaluate(MADE) != "failed"
    # this build's snapshot, kept as if another build had made it (in the cache that
    # build's page would name: static/boot/python.js)
    build = page.evaluate("document.documentElement.dataset.build")
    other = page.evaluate("document.documentElement.dataset.snapshotCache").replace(build, "0ther")
    page.evaluate(
        """async ([other, memory]) => {
        const {snapshotCache, snapshotKey, build} = document.documentElement.dataset;
        const good = await (await caches.open(snapshotCache)).match(snapshotKey);
        await (await caches.open(other)).put(snapshotKey.replace(build, '0ther'), good);
        localStorage.setItem(memory, JSON.stringify({build: '0ther', state: 'made'}));
        }""",
        [other, KEYS["snapshot"]],
    )
    # the same page as that other build: the snapshot is not run
    page.route(f"{base_url}/", as_build("0ther"))
    page.goto("about:blank")  # (the same address again would only move to its #)
    page.goto(url)
    wait_ready(page)
    assert page.evaluate(SNAPSHOT) == "failed"
    Table(page).play(WON.moves[:1])
    expect(page.locator('[data-stat="score"]')).to_have_text("10")
    page.wait_for_function(NEXT)
    assert page.evaluate(NEXT) == "failed" and page.evaluate("window.workersStarted") == 0
    assert other not in page.evaluate("caches.keys()")
    # and a worker asked by that other build will not keep a snapshot of this engine
    page.evaluate("(key) => localStorage.removeItem(key)", KEYS["snapshot"])
    page.goto("about:blank")
    page.goto(url)
    wait_ready(page)
    snapshot_made(page)
    assert page.evaluate(MADE) == "failed" and page.evaluate("window.workersStarted") == 1
    kept = page.evaluate("(name) => caches.open(name).then((c) => c.keys())", other)
    assert kept == []
    context.close()


def test_a_private_window_restores_its_snapshot_on_a_reload(
    browser: Browser, base_url: str
) -> None:
    """A private window keeps Cache Storage in memory while it is open."""
    context = browser.new_context(locale="pt-PT", viewport=DESKTOP)
    context.clock.install()  # time runs as usual; snapshot_made() skips the settling in
    page = context.new_page()
    page.goto(f"{base_url}/#{WON.code}")
    wait_ready(page)
    snapshot_made(page)
    page.reload()
    wait_ready(page)
    assert page.evaluate(SNAPSHOT) == "restored"
    Table(page).play(WON.moves[:1])
    expect(page.locator('[data-stat="score"]')).to_have_text("10")
    context.close()


# Pyodide's own module as another Pyodide would serve it: the same code, another version.
def as_pyodide(version: str) -> Callable[[Route], None]:
    def serve(route: Route) -> None:
        module = route.fetch()
        text, found = re.subn(
            r"export\{(\w+) as loadPyodide,\w+ as version\}",
            rf'const otherVersion="{version}";export{{\g<1> as loadPyodide,otherVersion as version}}',
            module.text(),
        )
        assert found == 1, "pyodide.mjs exports its version otherwise"
        route.fulfill(response=module, body=text)

    return serve


def test_a_pyodide_the_start_was_not_checked_against_starts_plainly(
    browser: Browser, base_url: str
) -> None:
    """The start reaches into Pyodide's insides only on the Pyodide it was checked
    against (static/boot/pyodide-door.js): on any other, Python starts as Pyodide's own
    start does — no snapshot restored or made, no early compile, no quick runs — and the
    game plays; the snapshot kept for this build is still there for the next start, on
    the Pyodide it was checked against, with every hook in use."""
    context = browser.new_context(locale="pt-PT", viewport=DESKTOP, service_workers="block")
    context.add_init_script(COUNT_WORKERS)
    context.clock.install()  # time runs as usual; snapshot_made() skips the settling in
    page = context.new_page()
    url = f"{base_url}/#{WON.code}"
    page.goto(url)
    wait_ready(page)
    snapshot_made(page)
    assert page.evaluate(MADE) != "failed"
    page.route("**/pyodide.mjs", as_pyodide("314.0.99"))
    page.goto("about:blank")  # (the same address again would only move to its #)
    page.goto(url)
    wait_ready(page)
    assert page.evaluate(SNAPSHOT) == "off"
    hooks = "(({wrapped, compiled, quickRuns}) => [wrapped, compiled, quickRuns])"
    assert page.evaluate(f"{hooks}(document.documentElement.dataset)") == [None, None, None]
    Table(page).play(WON.moves[:1])
    expect(page.locator('[data-stat="score"]')).to_have_text("10")
    page.wait_for_function(NEXT)
    assert page.evaluate(NEXT) == "off" and page.evaluate("window.workersStarted") == 0
    # the Pyodide it was checked against again: the kept snapshot is restored
    page.unroute("**/pyodide.mjs")
    context.new_cdp_session(page).send("Network.clearBrowserCache")  # its other module
    page.goto("about:blank")
    page.goto(url)
    wait_ready(page)
    root = page.evaluate("({...document.documentElement.dataset})")
    assert (root.get("snapshot"), root.get("quickRuns")) == ("restored", "2"), root
    assert int(root.get("wrapped", 0)) > 200, root  # its table functions wrapped in one module
    context.close()
