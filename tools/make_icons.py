"""Render static/icon.svg to the PNG icons of the web app manifest (run by hand when the
icon changes; the PNGs are committed).  Needs Chromium (Playwright)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from .chromium import launch_options

STATIC = Path(__file__).resolve().parent.parent / "static"


def main() -> None:
    svg = (STATIC / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_options())
        for size, name, pad in (
            (192, "icon-192.png", 0),
            (512, "icon-512.png", 0),
            (512, "icon-maskable-512.png", 0.12),
        ):
            page = browser.new_page(viewport={"width": size, "height": size})
            inner = round(size * (1 - 2 * pad))
            body = (
                f'<body style="margin:0;background:#0d5c3b;display:grid;place-items:center;'
                f'width:{size}px;height:{size}px">'
                f'<div style="width:{inner}px;height:{inner}px">{svg}</div></body>'
            )
            if pad == 0:
                body = body.replace("background:#0d5c3b;", "background:transparent;")
            page.set_content(body)
            page.locator("svg").evaluate(
                "s => { s.style.width = '100%'; s.style.height = '100%'; }"
            )
            page.screenshot(path=str(STATIC / name), omit_background=pad == 0)
            print("wrote", name)
        browser.close()


if __name__ == "__main__":
    main()
