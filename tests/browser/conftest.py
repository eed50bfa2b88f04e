"""Browser tests: the built site, served with netlify.toml's headers, in Chromium.

Every page opened through these fixtures fails its test on an uncaught page error, a
console error (CSP violations are reported there) or a failed request.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request

from tools.chromium import launch_options
from tools.serve import serve_in_background

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"

BOOT_TIMEOUT = 45_000
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, **launch_options()}


@pytest.fixture(scope="session")
def site() -> Path:
    if not (SITE / "index.html").exists():
        subprocess.run([sys.executable, "-m", "tools.build_site"], check=True, cwd=ROOT)
    return SITE


@pytest.fixture(scope="session")
def server_log() -> list[str]:
    return []


@pytest.fixture(scope="session")
def base_url(site: Path, server_log: list[str]) -> Iterator[str]:
    server, url = serve_in_background(site, "127.0.0.1", log=server_log)
    yield url
    server.shutdown()


class Problems:
    """Errors a page reported while a test ran."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def watch(self, page: Page) -> None:
        page.on("pageerror", lambda e: self.items.append(f"page error: {e}"))
        page.on(
            "console",
            lambda m: (
                self.items.append(f"console {m.type}: {m.text}") if m.type == "error" else None
            ),
        )
        page.on("requestfailed", self._failed)

    def _failed(self, request: Request) -> None:
        # A request the browser itself cancels (the page reloads or the tab closes while
        # the tab's icon or the court figures are on their way) is no failure.
        cancelled = "ERR_ABORTED" in str(request.failure)
        if not request.url.startswith("data:") and not cancelled:
            self.items.append(f"request failed: {request.url} {request.failure}")


@pytest.fixture
def problems() -> Iterator[Problems]:
    found = Problems()
    yield found
    assert found.items == [], "\n".join(found.items)


def _context(browser: Browser, problems: Problems, **options: Any) -> BrowserContext:
    context = browser.new_context(locale="pt-PT", **options)
    context.on("page", problems.watch)
    return context


@pytest.fixture
def desktop(browser: Browser, problems: Problems) -> Iterator[BrowserContext]:
    context = _context(browser, problems, viewport=DESKTOP)
    yield context
    context.close()


@pytest.fixture
def phone(browser: Browser, problems: Problems) -> Iterator[BrowserContext]:
    context = _context(
        browser, problems, viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
    )
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
    page.wait_for_function(
        "document.documentElement.dataset.app !== 'loading'", timeout=BOOT_TIMEOUT
    )
    state = page.evaluate("document.documentElement.dataset.app")
    assert state == "ready", page.locator("#boot-status").text_content()
