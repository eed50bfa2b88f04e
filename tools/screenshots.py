"""Take the README's screenshots (phone 390×844 and desktop 1366×768) of the built
site in the middle of a game.

    python3 -m tools.screenshots [--out docs]
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Literal

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tests.solver import solve_code

from .chromium import launch_options
from .serve import serve_in_background

ROOT = Path(__file__).resolve().parent.parent

CODE = "HM1-N-AAAAAAB"
SIZES = {"phone": (390, 844, True), "desktop": (1366, 768, False)}
MATRIX = [(320, 480), (390, 844), (844, 390), (768, 1024), (1366, 768), (1920, 1080)]
LIGHT_TOO = {(390, 844), (844, 390), (1366, 768)}  # phone portrait and landscape, desktop


def play_to(
    context: BrowserContext, url: str, line: list[tuple[str, ...]], moves: int, *options: str
) -> Page:
    """The deal with ``options`` on, ``moves`` moves into it, and the next move's first
    card selected."""
    page = context.new_page()
    page.goto(f"{url}/#{CODE}")
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=60000)
    page.locator('[data-action="options"]').click()
    for option in options:
        page.locator(f'[data-option="{option}"]').check()
    page.keyboard.press("Escape")
    for move in line[:moves]:
        for slot in move:
            page.locator(f'[data-slot="{slot}"] button[data-card]').click()
    page.locator(f'[data-slot="{line[moves][0]}"] button[data-card]').click()
    return page


def shoot_matrix(
    browser: Browser,
    url: str,
    line: list[tuple[str, ...]],
    width: int,
    height: int,
    theme: Literal["dark", "light"],
    out: Path,
) -> None:
    """One screen size: four moves into the deal, a card selected, pile numbers on."""
    mobile = width < 900
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale="pt-PT",
        color_scheme=theme,
        has_touch=mobile,
        is_mobile=mobile,
    )
    page = play_to(context, url, line, 4, "pile-numbers")
    page.wait_for_timeout(700)
    name = f"{width}x{height}" + ("" if theme == "dark" else "-light")
    page.screenshot(path=str(out / "screens" / f"{name}.png"))
    print(f"wrote {out / 'screens' / name}.png")
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--lang", default="pt")
    parser.add_argument(
        "--matrix", action="store_true", help="also every screen size (dark; some light too)"
    )
    args = parser.parse_args()
    line = solve_code(CODE)
    assert line is not None
    server, url = serve_in_background(ROOT / "site")
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_options())
        for name, (width, height, mobile) in SIZES.items():
            context = browser.new_context(
                viewport={"width": width, "height": height},
                device_scale_factor=2 if mobile else 1,
                is_mobile=mobile,
                has_touch=mobile,
                locale="pt-PT" if args.lang == "pt" else "en-GB",
            )
            page = play_to(context, url, line, 9, "placement-help", "pile-numbers")
            page.wait_for_timeout(400)
            out = args.out / f"screenshot-{name}.png"
            page.screenshot(path=str(out))
            print(f"wrote {out}")
            context.close()
        if args.matrix:
            (args.out / "screens").mkdir(exist_ok=True)
            for width, height in MATRIX:
                for theme in ("dark", "light") if (width, height) in LIGHT_TOO else ("dark",):
                    shoot_matrix(browser, url, line, width, height, theme, args.out)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
