"""Offline play, updates, installability, headers, and embedding in frames."""

from __future__ import annotations

import re
import shutil
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Frame, Page, expect

from tests.browser.conftest import (
    BOOT_TIMEOUT,
    ROOT,
    Problems,
    open_game,
    other_origin,
    snapshot_made,
    wait_ready,
    wait_until,
)
from tests.browser.table import Table
from tools import build_site
from tools.serve import header_rules, headers_for, serve_in_background

READY = "document.documentElement.dataset.app === 'ready'"
pytestmark = pytest.mark.offline  # the service worker is what most of these test (conftest.py)


def wait_for_worker(page: Page) -> None:
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function("Boolean(navigator.serviceWorker.controller)", timeout=BOOT_TIMEOUT)


# ----------------------------------------------------------------------- headers
def fetch(url: str) -> tuple[int, dict[str, str]]:
    with urllib.request.urlopen(url) as response:
        return response.status, {k.lower(): v for k, v in response.headers.items()}


def test_served_responses_carry_the_headers_of_netlify_toml(base_url: str, site: Path) -> None:
    rules = header_rules(ROOT / "netlify.toml")
    version = build_site.npm_version("pyodide")
    paths = [
        "/",
        "/index.html",
        "/sw.js",
        "/static/halfmoon.css",
        "/engine.zip",
        f"/vendor/pyodide-{version}/pyodide.asm.wasm",
        f"/vendor/pyodide-{version}/pyodide.mjs",
    ]
    for path in paths:
        status, got = fetch(base_url + path)
        assert status == 200
        wanted = headers_for(path if path != "/" else "/", rules)
        if path == "/":
            wanted |= headers_for("/index.html", rules)
        for name, value in wanted.items():
            assert got.get(name.lower()) == value, (path, name)
    _, wasm = fetch(f"{base_url}/vendor/pyodide-{version}/pyodide.asm.wasm")
    assert wasm["content-type"] == "application/wasm"
    assert wasm["cache-control"] == "public, max-age=31536000, immutable"
    _, page = fetch(base_url + "/")
    assert page["cache-control"] == "no-cache"
    csp = page["content-security-policy"]
    assert "'unsafe-eval'" in csp and "'wasm-unsafe-eval'" in csp
    assert "frame-ancestors *" in csp and "default-src 'self'" in csp
    assert page["x-content-type-options"] == "nosniff" and "referrer-policy" in page
    assert "x-frame-options" not in page


def test_no_csp_violation_during_boot_and_play(desktop: BrowserContext, base_url: str) -> None:
    desktop.add_init_script(
        "window.__csp = []; document.addEventListener('securitypolicyviolation',"
        " e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    table = Table(open_game(desktop, base_url, "#HM1-N-AAAAAAB"))
    table.tap("P5"), table.tap("P6")
    table.press("rules")
    table.page.keyboard.press("Escape")
    assert table.page.evaluate("window.__csp") == []


# ----------------------------------------------------------------- installable
def test_the_page_is_installable(
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    base_url: str,
    tmp_path: Path,
) -> None:
    # A persistent profile: Chromium never offers to install from an incognito one.
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args
    )
    page = open_game(context, base_url)
    wait_for_worker(page)
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors")
    status, _ = fetch(base_url + "/static/manifest.webmanifest")
    assert status == 200
    data = page.evaluate("fetch('static/manifest.webmanifest').then(r => r.json())")
    assert data["display"] == "standalone" and data["theme_color"]
    purposes = {icon["purpose"] for icon in data["icons"]}
    assert "maskable" in purposes and "any" in purposes
    context.close()


# --------------------------------------------------------------------- offline
def offline_copy(page: Page) -> list[str]:
    """The files the page's version keeps for offline play, as the site names them."""
    names: list[str] = page.evaluate(
        """async () => {
            const name = (await caches.keys()).find((n) => n.startsWith('halfmoon-'));
            const cache = await caches.open(name);
            return (await cache.keys()).map((r) => new URL(r.url).pathname.slice(1));
        }"""
    )
    return sorted(names)


def test_offline_after_one_visit(
    browser: Browser, base_url: str, server_log: list[str], site: Path, problems: Problems
) -> None:
    # the words of languages not kept yet, asked for offline
    problems.allow(r"ERR_INTERNET_DISCONNECTED.*static/words/(?:fr|en)\.json")
    problems.allow(r"static/words/(?:fr|en)\.json.*ERR_INTERNET_DISCONNECTED")
    # ... and the French rules page, followed offline from the Portuguese one
    problems.allow(r"regles\.html.*ERR_INTERNET_DISCONNECTED")
    context = browser.new_context(locale="pt-PT")
    begun = len(server_log)
    asked: set[str] = set()
    context.on("request", lambda request: asked.add(urllib.parse.urlsplit(request.url).path))
    page = open_game(context, base_url, "#HM1-N-AAAAAAB")
    wait_for_worker(page)
    page.wait_for_load_state("networkidle")
    # Every file the game asked for online is one the worker keeps for offline play
    # (it leaves out the parts of PyScript the game never loads)...
    listed = set(re.findall(r'\["\./([^"]+)", "', (site / "sw.js").read_text(encoding="utf-8")))
    assert any(k.endswith("pyodide.asm.wasm") for k in listed)
    assert {path.lstrip("/") for path in asked} - {"", "sw.js"} <= listed
    # The worker takes the game's page from the address it was opened at (a
    # revalidation: no second download of it as index.html).
    assert "/index.html" not in server_log[begun:]
    # ... and a first visit keeps the language it showed: its words and pages, no other's.
    kept = offline_copy(page)
    assert {"static/words/pt.json", "regras.html", "exemplos.html"} <= set(kept)
    others = ("static/words/fr.json", "static/words/en.json", "regles.html", "examples.html")
    assert not set(others) & set(kept)
    # A language picked online joins the copy at once.
    table = Table(page)
    table.press("options")
    language = page.locator('[data-option="language"]')
    language.select_option("es")
    expect(page.locator('[data-action="new"]')).to_contain_text("Nueva partida")
    spanish = {"static/words/es.json", "reglas.html", "ejemplos.html"}
    wait_until(
        page,
        """async (wanted) => {
            const name = (await caches.keys()).find((n) => n.startsWith('halfmoon-'));
            const cache = await caches.open(name);
            const found = await Promise.all(wanted.map((url) => cache.match(url)));
            return found.every(Boolean);
        }""",
        arg=sorted(spanish),
    )
    language.select_option("pt")
    page.keyboard.press("Escape")
    seen = len(server_log)

    # Offline, nothing reaches the server — but for the browser's own check for a newer
    # worker script after a navigation, which Playwright's emulated offline does not stop
    # (on a device without network it fails quietly, and the game goes on)
    def fetched() -> list[str]:
        return [path for path in server_log[seen:] if path != "/sw.js"]

    context.set_offline(True)
    page.reload()
    wait_ready(page)
    table.tap("P5"), table.tap("P6")
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    assert fetched() == []
    # Files come straight from the offline cache, without waking the worker's script
    # (its static routes); the page itself goes through the worker's fetch handler; and
    # the start reads the biggest (the wasm, the engine) from that cache itself, without
    # a request at all.
    sources = page.evaluate(
        "performance.getEntriesByType('resource').map(e => [e.name, e.workerFinalSourceType])"
    )
    assert any(name.endswith("pyodide.asm.mjs") for name, _ in sources), sources
    assert not any(name.endswith(("pyodide.asm.wasm", "engine.zip")) for name, _ in sources)
    assert {source for _, source in sources} == {"cache"}, sources
    # A language the copy has not kept, picked offline: the window says why, and the
    # game goes on as it was, the choice undone.
    table.press("options")
    language.select_option("fr")
    note = page.locator("#language-note")
    expect(note).to_contain_text("Não foi possível descarregar o idioma escolhido")
    expect(language).to_have_value("pt")
    assert page.evaluate("document.documentElement.lang") == "pt-PT"
    page.keyboard.press("Escape")
    # A link in such a language opens the game in the one it has, and says why.
    page.goto(f"{base_url}/?lang=en#HM1-N-AAAAAAC")
    wait_ready(page)
    assert table.stat("code") == "HM1-N-AAAAAAC"
    expect(page.locator('[data-role="message"]')).to_contain_text("o Half Moon fala português")
    expect(page.locator('[data-action="new"]')).to_contain_text("Nova partida")
    # The page's own rules and examples pages are kept, replays included.
    page.goto(f"{base_url}/regras.html")
    expect(page.locator("h1")).to_have_text("Regras do Half Moon")
    expect(page.locator("figure.diagram-figure")).to_have_count(5)
    unkept = page.locator('[data-role="unkept"]')
    expect(unkept).to_be_hidden()
    # The same page in a language not kept yet: this one again, saying why, at its own
    # address; in a language kept (Spanish, picked above): that one.
    page.locator('a.other-language[hreflang="fr"]').click()
    expect(unkept).to_be_visible()
    expect(unkept).to_have_text(
        "Não foi possível descarregar esta página no idioma pedido, e este navegador ainda"
        " não a guardou para a ler sem rede: aqui está em português de Portugal."
    )
    expect(page.locator("h1")).to_have_text("Regras do Half Moon")
    expect(page).to_have_url(f"{base_url}/regras.html")
    page.locator('a.other-language[hreflang="es"]').click()
    expect(page.locator("h1")).to_have_text("Reglas de Half Moon")
    expect(page).to_have_url(f"{base_url}/reglas.html")
    expect(unkept).to_be_hidden()
    # From there, French again: in the language of the page the player came from.
    page.locator('a.other-language[hreflang="fr"]').click()
    expect(unkept).to_be_visible()
    expect(unkept).to_contain_text("aquí la tienes en español")
    expect(page).to_have_url(f"{base_url}/reglas.html")
    page.goto(f"{base_url}/exemplos.html")
    page.locator('#won [data-step-action="next"]').click()
    expect(page.locator('#won [data-role="position"]')).to_have_text("Jogada 2 de 48")
    assert fetched() == []

    # Online again, a later visit keeps the rest once the player has settled in (time
    # runs as usual, and is moved on past the settling in).
    context.set_offline(False)
    context.clock.install()
    page.goto(f"{base_url}/#HM1-N-AAAAAAB")
    wait_ready(page)
    page.clock.fast_forward(5_001)
    page.clock.fast_forward(4_001)
    page.wait_for_function("document.documentElement.dataset.offlineCopy === 'whole'")
    assert set(offline_copy(page)) == listed
    context.set_offline(True)
    seen = len(server_log)
    page.reload()
    wait_ready(page)
    table.press("options")
    language.select_option("fr")
    expect(page.locator('[data-action="new"]')).to_contain_text("Nouvelle partie")
    assert page.evaluate("document.documentElement.lang") == "fr"
    expect(note).to_be_hidden()
    page.keyboard.press("Escape")
    page.goto(f"{base_url}/examples.html")
    page.locator('#won [data-step-action="next"]').click()
    expect(page.locator('#won [data-role="position"]')).to_have_text("Move 2 of 48")
    assert fetched() == []
    context.close()


@pytest.fixture
def own_site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    out = tmp_path / "site"
    shutil.copytree(ROOT / "site", out)
    server, url = serve_in_background(out)
    yield out, url
    server.shutdown()


@pytest.mark.snapshot  # the old version's snapshot is made, and must go with it
def test_an_update_replaces_every_file_at_once(
    browser: Browser, own_site: tuple[Path, str]
) -> None:
    out, url = own_site
    first = build_site.seal(out)
    context = browser.new_context(locale="pt-PT")
    context.clock.install()  # time runs as usual; snapshot_made() skips the settling in
    page = open_game(context, url, "#HM1-N-AAAAAAB")
    wait_for_worker(page)
    assert page.evaluate("document.documentElement.dataset.build") == first
    Table(page).tap("P5"), Table(page).tap("P6")
    snapshot_made(page)
    old = page.evaluate("document.documentElement.dataset.snapshotCache")
    assert page.evaluate("document.documentElement.dataset.snapshotMade") != "failed"
    assert old in page.evaluate("caches.keys()")
    # A new deploy: a changed stylesheet, a changed Python module and changed words.
    css = out / "static" / "halfmoon.css"
    css.write_text(css.read_text() + '\n:root { --deploy: "second"; }\n')
    engine = build_site.read_archive(out / build_site.ENGINE_ARCHIVE)
    source = (ROOT / "halfmoon" / "words" / "i18n.py").read_text()  # a source module wins over .pyc
    engine["halfmoon/words/i18n.py"] = (source + "\nDEPLOY = 2\n").encode()
    build_site.write_archive(out / build_site.ENGINE_ARCHIVE, engine)
    words = out / "static" / "words" / "pt.json"
    said = "Jogada anulada: {a} e {b} voltaram à mesa; total {score}."
    changed = words.read_text().replace(said, said.replace("anulada:", "anulada!"))
    assert changed != words.read_text()
    words.write_text(changed)
    second = build_site.seal(out)
    assert second != first
    page.reload()
    page.wait_for_function(
        f"document.documentElement.dataset.build === '{second}' && "
        "document.documentElement.dataset.app === 'ready'",
        timeout=BOOT_TIMEOUT * 2,
    )
    meta = page.locator('meta[name="halfmoon-build"]').get_attribute("content")
    marker = page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--deploy')"
    )
    assert (meta, marker.strip()) == (second, '"second"')
    Table(page).press("undo")  # Python's words are the new version's
    expect(page.locator('[data-role="message"]')).to_contain_text("Jogada anulada! ")
    Table(page).press("redo")
    # the old version's copies are gone: its files and its snapshot (whose cache the
    # page names: static/boot/python.js)
    snapshot = page.evaluate("document.documentElement.dataset.snapshotCache")
    assert second in snapshot and first not in snapshot and old != snapshot
    wait_until(
        page,
        f"caches.keys().then(names => names.includes('halfmoon-{second}') && "
        f"names.every(n => ['halfmoon-{second}', '{snapshot}'].includes(n)))",
    )
    kept = set(page.evaluate("caches.keys()"))
    assert f"halfmoon-{second}" in kept and old not in kept
    assert kept <= {f"halfmoon-{second}", snapshot}
    assert Table(page).stat("moves") == "1"  # the game survived the update
    context.close()


def deploy_again(out: Path) -> str:
    """A new deploy of the site in ``out``: a changed stylesheet; its version."""
    css = out / "static" / "halfmoon.css"
    css.write_text(css.read_text() + '\n:root { --deploy: "second"; }\n')
    return build_site.seal(out)


def is_whole(page: Page, version: str) -> bool:
    """Whether the page, its Python and its stylesheet are all of ``version``."""
    meta = page.locator('meta[name="halfmoon-build"]').get_attribute("content")
    python = page.evaluate("document.documentElement.dataset.build")
    marker = page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--deploy')"
    )
    return meta == python == version and marker.strip() == '"second"'


UPDATE = '[data-role="update"]'


@pytest.mark.snapshot  # each version makes its snapshot, as a player's browser would
def test_an_update_waits_while_a_window_is_open_and_the_player_chooses(
    browser: Browser, own_site: tuple[Path, str]
) -> None:
    out, url = own_site
    first = build_site.seal(out)
    context = browser.new_context(locale="pt-PT")
    page = open_game(context, url, "#HM1-N-AAAAAAB")
    wait_for_worker(page)
    table = Table(page)
    table.tap("P5"), table.tap("P6")
    page.evaluate("window.sameDocument = true")
    table.press("stats")  # a window open: no moment to reload
    other = open_game(context, url, "#HM1-N-AAAAAAB")  # another tab, at rest
    second = deploy_again(out)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    # the tab at rest takes the new version at once, whole, its game resumed
    other.wait_for_function(
        f"document.documentElement.dataset.build === '{second}' && "
        "document.documentElement.dataset.app === 'ready'",
        timeout=BOOT_TIMEOUT * 2,
    )
    assert is_whole(other, second) and Table(other).stat("moves") == "1"
    note = page.locator(UPDATE)
    expect(note).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(note).to_have_text("Está pronta uma nova versão. Atualizar")
    assert page.locator("#dialog-stats").is_visible()  # the window stays, the page too
    assert page.evaluate("window.sameDocument && document.documentElement.dataset.build") == first
    page.keyboard.press("Escape")
    assert page.evaluate("window.sameDocument === true")
    note.locator("button").click()  # the player's choice
    page.wait_for_function(
        f"document.documentElement.dataset.build === '{second}' && "
        "document.documentElement.dataset.app === 'ready'",
        timeout=BOOT_TIMEOUT * 2,
    )
    assert is_whole(page, second)
    assert Table(page).stat("moves") == "1"  # the game resumed
    context.close()


HOLD_REGISTRATION = """
if (typeof ServiceWorkerContainer !== "undefined" && !window.top.__letRegister) {
  const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = function (...args) {
    window.registerNow = () => register.apply(this, args);
    return new Promise(() => {});
  };
}
"""


@pytest.mark.snapshot  # each version makes its snapshot, as a player's browser would
def test_a_first_visit_never_runs_with_files_of_two_versions(
    browser: Browser, own_site: tuple[Path, str]
) -> None:
    """A first visit's page, no worker yet, whose worker arrives after a new deploy (its
    registration is held until then): the new version's worker takes charge of a page
    of the old one.  The page must not go on mixing the two: it reloads into the new
    version whole, at a safe moment — not while a card is selected."""
    out, url = own_site
    first = build_site.seal(out)
    context = browser.new_context(locale="pt-PT")
    context.add_init_script(HOLD_REGISTRATION)
    page = open_game(context, url, "#HM1-N-AAAAAAB")
    assert page.evaluate("navigator.serviceWorker.controller") is None
    table = Table(page)
    table.tap("P5")  # a card selected: no moment to reload
    second = deploy_again(out)
    page.evaluate("window.registerNow()")
    note = page.locator(UPDATE)
    expect(note).to_be_visible(timeout=BOOT_TIMEOUT)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
    assert page.evaluate("document.documentElement.dataset.build") == first
    assert table.selected() == ["P5"]
    table.tap("P6")  # the pair leaves; the page waits for the player's word
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    note.locator("button").click()
    page.wait_for_function(
        f"document.documentElement.dataset.build === '{second}' && "
        "document.documentElement.dataset.app === 'ready'",
        timeout=BOOT_TIMEOUT * 2,
    )
    assert is_whole(page, second)
    assert Table(page).stat("moves") == "1"
    context.close()


# -------------------------------------------------------------------- embedding
HOST = """<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"></head>
<body style="margin:0"><iframe id="game" src="{src}" width="{w}" height="{h}" {attrs}
style="border:0"></iframe>
<script>
window.events = [];
window.addEventListener("message", (e) => {{
  if (e.source === document.getElementById("game").contentWindow) window.events.push(e.data);
}});
</script></body></html>"""

BLOCK_STORAGE_IN_FRAMES = """
if (window.top !== window) {
  for (const name of ["localStorage", "sessionStorage", "indexedDB", "caches"]) {
    Object.defineProperty(window, name, {
      configurable: true,
      get() { throw new DOMException("storage is blocked", "SecurityError"); },
    });
  }
}
"""


@pytest.fixture
def host(host_page: Callable[[str], str], base_url: str) -> Callable[..., str]:
    """Serves a host page that embeds the game's ``path`` (HOST's frame, ``w`` by ``h``,
    with ``attrs``) and gives its address: the host on 127.0.0.1, the game on
    localhost, another origin."""

    def serve(path: str, w: int, h: int, attrs: str = "") -> str:
        src = f"{other_origin(base_url)}/{path}"
        return host_page(HOST.format(src=src, w=w, h=h, attrs=attrs))

    return serve


def game_frame(page: Page) -> Frame:
    handle = page.wait_for_selector("#game")
    frame = handle.content_frame()
    assert frame is not None
    frame.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    return frame


def play_a_pair_in(page: Page, frame: Frame) -> None:
    frame.locator('[data-slot="P5"] button[data-card]').click()
    frame.locator('[data-slot="P6"] button[data-card]').click()
    page.wait_for_function("window.events.some(e => e.type === 'move')")
    events = page.evaluate("window.events")
    ready = [e for e in events if e["type"] == "ready"]
    move = [e for e in events if e["type"] == "move"]
    assert ready and ready[0]["source"] == "halfmoon" and ready[0]["code"] == "HM1-N-AAAAAAB"
    assert (move[0]["score"], move[0]["moves"], move[0]["code"]) == (10, 1, "HM1-N-AAAAAAB")
    assert isinstance(move[0]["time"], int)


def fits(frame: Frame) -> bool:
    return bool(
        frame.evaluate(
            "document.scrollingElement.scrollHeight <= innerHeight && "
            "document.scrollingElement.scrollWidth <= innerWidth"
        )
    )


@pytest.mark.parametrize(
    ("name", "attrs", "block"),
    [
        ("cross-origin", "", False),
        ("sandboxed", 'sandbox="allow-scripts allow-same-origin"', False),
        ("storage blocked", "", True),
    ],
)
def test_embedded_from_another_origin(
    browser: Browser, host: Callable[..., str], name: str, attrs: str, block: bool
) -> None:
    address = host("#HM1-N-AAAAAAB", 360, 480, attrs)
    context = browser.new_context(locale="pt-PT")
    if block:
        context.add_init_script(BLOCK_STORAGE_IN_FRAMES)
    page = context.new_page()
    page.goto(address)
    frame = game_frame(page)
    assert frame.evaluate("location.origin") != page.evaluate("location.origin")
    play_a_pair_in(page, frame)
    assert fits(frame)
    # the code copies its link though the host allows the frame no clipboard API (no
    # error in the console: the copy command copies)
    context.grant_permissions(["clipboard-read"], origin=address.rstrip("/"))
    frame.locator('[data-stat="code"]').click()
    expect(frame.locator('[data-role="message"]')).to_have_text("Ligação da partida copiada.")
    assert page.evaluate("navigator.clipboard.readText()") == frame.evaluate("location.href")
    if block:
        assert frame.evaluate("document.documentElement.dataset.storage") == "memory"
    # no snapshot is tried where storage is refused (this Chromium refuses a frame from
    # another site its storage, as browsers that block third-party storage do): the
    # game started as it always did
    root = "document.documentElement.dataset"
    refused = frame.evaluate(f"{root}.storage") == "memory"
    assert frame.evaluate(f"{root}.snapshot") == ("off" if refused else "none")
    # the rules and examples pages open beside the game, not inside the small frame
    for link in frame.locator("#dialog-rules a").all():
        assert (link.get_attribute("target"), link.get_attribute("rel")) == ("_blank", "noopener")
    context.close()


def test_the_examples_page_works_inside_a_frame_from_another_origin(
    browser: Browser, host: Callable[..., str]
) -> None:
    address = host("exemplos.html", 360, 600)
    context = browser.new_context(locale="pt-PT")
    context.add_init_script(BLOCK_STORAGE_IN_FRAMES)
    page = context.new_page()
    page.goto(address)
    handle = page.wait_for_selector("#game")
    frame = handle.content_frame()
    assert frame is not None
    frame.wait_for_selector("#won[data-ready='true']")
    frame.locator('#won [data-step-action="next"]').click()
    expect(frame.locator('#won [data-role="position"]')).to_have_text("Jogada 2 de 48")
    assert frame.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    right = frame.locator("#won .diagram .table").evaluate("t => t.getBoundingClientRect().right")
    assert right <= 360
    context.close()


def test_embedded_on_the_same_origin_demo_page(desktop: BrowserContext, base_url: str) -> None:
    page = desktop.new_page()
    page.goto(base_url + "/embed-demo.html")
    frame = page.wait_for_selector("half-moon iframe").content_frame()  # embed.js's element
    assert frame is not None
    frame.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    frame.locator('[data-slot="P5"] button[data-card]').click()
    frame.locator('[data-slot="P6"] button[data-card]').click()
    expect(page.locator("#log li").first).to_have_attribute("data-type", "move")
    assert page.locator("#score").text_content() == "10"
    assert page.locator("#moves").text_content() == "1"
    assert page.locator('#log li[data-type="ready"]').count() == 1
    assert fits(frame)


def test_an_embedded_game_leaves_the_host_pages_history_alone(
    browser: Browser, host: Callable[..., str]
) -> None:
    address = host("#HM1-N-AAAAAAB", 390, 640)
    context = browser.new_context(locale="pt-PT")
    page = context.new_page()
    page.goto(address)
    frame = game_frame(page)
    entries = page.evaluate("history.length")
    codes = {"HM1-N-AAAAAAB"}
    for _ in range(3):  # three new deals
        frame.locator('[data-action="new"]').click()
        frame.wait_for_function(f"!{sorted(codes)}.includes(location.hash.slice(1))")
        code = frame.locator('[data-stat="code"]').text_content()
        assert frame.evaluate("location.hash") == f"#{code}"  # the frame's address follows
        codes.add(code or "")
    assert page.evaluate("history.length") == entries  # the host's Back is the host's
    context.close()
