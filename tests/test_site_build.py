"""The site build: the engine files PyScript loads stay in sync with the package."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402


def test_config_lists_every_browser_module_of_the_package() -> None:
    files = build_site.engine_files()
    on_disk = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "halfmoon").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert set(files) == on_disk - build_site.NOT_IN_BROWSER
    config = build_site.config(files)
    assert config["files"] == {f: f for f in files}
    version = build_site.npm_version("pyodide")
    assert config["interpreter"] == f"vendor/pyodide-{version}/pyodide.mjs"
    assert "packages" not in config  # a packages key makes PyScript fetch micropip


def test_no_browser_module_imports_one_left_out_of_the_site() -> None:
    left_out = {f.removesuffix(".py").replace("/", ".") for f in build_site.NOT_IN_BROWSER}
    for path in build_site.engine_files() + ["main.py"]:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        package = path.removesuffix(".py").replace("/", ".").rsplit(".", 1)[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")
                if node.level:
                    base = base[: len(base) - node.level + 1]
                    name = ".".join([*base, node.module] if node.module else base)
                else:
                    name = node.module or ""
                assert name not in left_out, f"{path} imports {name}"


def test_page_strings_come_from_the_catalogue() -> None:
    page = build_site.render_page((ROOT / "index.html").read_text(encoding="utf-8"))
    assert ">Anular</span>" in page and ">Nova partida</span>" in page
    assert ">Erros de jogada</span>" in page and ">Ajuda à colocação</span>" in page
    assert "<!-- BOOT_STRINGS -->" not in page
    assert '"app.loading": "Setting the table…"' in page
