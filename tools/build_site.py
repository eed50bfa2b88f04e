"""Assemble the deployable site folder: page, config, engine, static assets and the
vendored runtime (Pyodide, PyScript, fake-indexeddb) from node_modules.

    python3 tools/build_site.py [--out site]
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from halfmoon.messages import CATALOGUE  # noqa: E402

NODE = ROOT / "node_modules"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Modules the browser never needs (the command line).
NOT_IN_BROWSER = {"halfmoon/cli.py", "halfmoon/__main__.py", "halfmoon/diagram.py"}
BOOT_KEYS = ("app.error", "app.error.load")

_I18N_TEXT = re.compile(r'(<(\w+)\b[^>]*\sdata-i18n="([^"]+)"[^>]*>)(</\2>)')
_I18N_ATTR = re.compile(r'\sdata-i18n-(title|content|aria-label)="([^"]+)"')


def engine_files() -> list[str]:
    """Every module of the package the page loads, as paths relative to the site."""
    files = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "halfmoon").rglob("*.py")
        if "__pycache__" not in p.parts
    )
    return [f for f in files if f not in NOT_IN_BROWSER]


def render_page(template: str, lang: str = "pt") -> str:
    """Fill the page's catalogue slots (default language) and the boot strings."""
    words = CATALOGUE[lang]
    keys = set(BOOT_KEYS)

    def fill_text(m: re.Match[str]) -> str:
        keys.add(m.group(3))
        return m.group(1) + html.escape(words[m.group(3)]) + m.group(4)

    def fill_attr(m: re.Match[str]) -> str:
        attr, key = m.group(1), m.group(2)
        keys.add(key)
        value = html.escape(words[key], quote=True)
        target = "aria-label" if attr == "aria-label" else attr
        extra = "" if attr == "content" else f' {target}="{value}"'
        return m.group(0) + extra

    page = _I18N_TEXT.sub(fill_text, template)
    page = _I18N_ATTR.sub(fill_attr, page)
    description = html.escape(words["meta.description"], quote=True)
    page = page.replace(
        'data-i18n-content="meta.description" content=""',
        f'data-i18n-content="meta.description" content="{description}"',
    )
    boot = {code: {k: CATALOGUE[code][k] for k in sorted(keys)} for code in CATALOGUE}
    data = json.dumps(boot, ensure_ascii=False).replace("</", "<\\/")
    return page.replace("<!-- BOOT_STRINGS -->", data)


def config_text(files: list[str]) -> str:
    source = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    lines = [source.rstrip(), "", "[files]"]
    lines += [f'"{f}" = "{f}"' for f in files]
    return "\n".join(lines) + "\n"


def build(out: Path) -> None:
    if not (NODE / "pyodide" / "pyodide.mjs").exists():
        raise SystemExit("node_modules is missing: run `npm ci` first (make site does)")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    template = (ROOT / "index.html").read_text(encoding="utf-8")
    (out / "index.html").write_text(render_page(template), encoding="utf-8")
    files = engine_files()
    (out / "pyscript.toml").write_text(config_text(files), encoding="utf-8")
    shutil.copy2(ROOT / "main.py", out / "main.py")
    for f in files:
        (out / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / f, out / f)
    shutil.copytree(ROOT / "static", out / "static")
    vendor = out / "vendor"
    (vendor / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, vendor / "pyodide" / name)
    (vendor / "pyscript").mkdir()
    for item in (NODE / "@pyscript" / "core" / "dist").iterdir():
        if item.suffix in (".js", ".css"):
            shutil.copy2(item, vendor / "pyscript" / item.name)
    fake = NODE / "fake-indexeddb"
    shutil.copytree(fake / "build" / "esm", vendor / "fake-indexeddb" / "build" / "esm")
    (vendor / "fake-indexeddb" / "auto").mkdir()
    shutil.copy2(fake / "auto" / "index.mjs", vendor / "fake-indexeddb" / "auto" / "index.mjs")
    if (ROOT / "netlify.toml").exists():
        shutil.copy2(ROOT / "netlify.toml", out / "netlify.toml")
    print(
        f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: "
        f"{sum(1 for p in out.rglob('*') if p.is_file())} files, {len(files)} engine modules"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    build(args.out.resolve())


if __name__ == "__main__":
    main()
