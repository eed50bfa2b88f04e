"""Your games go with you: a backup saved from the statistics and restored in another
browser (games in progress resume, nothing counted twice, the same file twice changes
nothing); hostile and damaged files refused with a clear message while nothing stored
changes; the browser asked to keep the games after the first finished game, never in a
frame, and the statistics saying whether it promised to."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from halfmoon import Game
from halfmoon.host.examples import IMPASSE
from halfmoon.keeping.backup import Backup, write_backup
from halfmoon.records.stats import Stats
from tests.browser.conftest import DESKTOP, open_game, wait_saved
from tests.browser.table import Table
from tests.solver import legal_moves
from tests.test_history import NOON, finished
from tools.serve import serve_in_background

CODE = "HM1-N-AAAAAAB"
STORED = (
    "Object.fromEntries(Object.entries(localStorage).filter(([k]) => k !== 'halfmoon.v2.snapshot'))"
)


def open_stats(page: Page) -> None:
    page.locator('[data-action="stats"]').click()
    expect(page.locator("#dialog-stats")).to_be_visible()


def stat(page: Page, name: str) -> str:
    return (page.locator(f'[data-stats="{name}"]').text_content() or "").strip()


def status(page: Page) -> object:
    return expect(page.locator('#dialog-stats [data-role="dialog-status"]'))


def restore(page: Page, files: object) -> None:
    """Press Restore in the statistics and choose ``files`` in the system's chooser."""
    with page.expect_file_chooser() as chooser:
        page.locator('#dialog-stats [data-action="restore"]').click()
    chooser.value.set_files(files)  # type: ignore[arg-type]


def first_pair(code: str) -> tuple[str, ...]:
    return legal_moves(Game.new(code).tops())[0]


def test_a_backup_restored_in_another_browser_brings_everything_back_once(
    browser: Browser, base_url: str, tmp_path: Path
) -> None:
    old = browser.new_context(locale="pt-PT", viewport=DESKTOP)
    table = Table(open_game(old, base_url, "#" + IMPASSE.code))
    table.play(IMPASSE.moves)  # a game that ends stuck: in the history
    expect(table.page.locator("#dialog-end")).to_be_visible()
    table.page.keyboard.press("Escape")
    table.page.goto(f"{base_url}/#{CODE}")
    expect(table.page.locator('[data-stat="code"]')).to_have_text(CODE)
    table.play([first_pair(CODE)])  # a game in progress, saved last
    table.set_option("four-colour", True)
    page = table.page
    open_stats(page)
    assert stat(page, "played") == "2"
    with page.expect_download() as download:
        page.locator('#dialog-stats [data-action="backup"]').click()
    name = f"halfmoon-{date.today().isoformat()}.json"  # the browser's clock is the machine's
    assert download.value.suggested_filename == name
    status(page).to_have_text(f"Cópia guardada: {name}.")
    path = tmp_path / name
    download.value.save_as(path)
    data = json.loads(path.read_text())
    assert (data["format"], data["v"], data["last"]) == ("halfmoon-backup", 1, CODE)
    assert {g["game"]["code"] for g in data["games"]} == {CODE, IMPASSE.code}
    old.close()

    # Another browser, a random deal on its table (no move made): the backup brings the
    # game in progress back (listed in your games, to resume), the finished one to the
    # history, the figures and the options — and leaves the table as it is, even when
    # there is nothing to add (issue 33, item 11).
    new = browser.new_context(locale="pt-PT", viewport=DESKTOP)
    page = open_game(new, base_url)
    dealt = page.locator('[data-stat="code"]').text_content()
    open_stats(page)
    expect(page.locator('[data-role="keeping"]')).not_to_be_empty()
    restore(page, path)
    status(page).to_have_text(
        "Cópia restaurada: 1 partida acrescentada; 1 partida em curso recuperada; "
        "estatísticas atualizadas; opções recuperadas."
    )
    assert (stat(page, "played"), stat(page, "won")) == ("2", "0")
    assert page.locator('[data-option="four-colour"]').is_checked()
    # the same file again changes nothing
    before = page.evaluate(STORED)
    restore(page, path)
    status(page).to_have_text(
        "Nada a acrescentar: tudo o que esta cópia tem já está neste navegador (1 partida)."
    )
    assert page.evaluate(STORED) == before
    assert stat(page, "played") == "2"
    expect(page.locator('[data-stat="code"]')).to_have_text(dealt or "")  # the table stays
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    page.locator('#dialog-stats [data-action="history"]').click()
    history = page.locator("#dialog-history")
    expect(history.locator(".game")).to_have_count(2)
    expect(history.locator('[data-role="code"]')).to_have_text([CODE, IMPASSE.code])
    # the restored game goes on where it was, when the player asks for it
    history.locator('.game[data-ending="left"] [data-action="again"]').click()
    expect(page.locator('[data-stat="code"]')).to_have_text(CODE)
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    Table(page).play([legal_moves(_after_first_pair(CODE))[0]])
    expect(page.locator('[data-stat="moves"]')).to_have_text("2")
    new.close()


def _after_first_pair(code: str) -> dict:
    game = Game.new(code)
    for slot in first_pair(code):
        game.tap(slot)
    return game.tops()


def backup_text(**changes: object) -> str:
    """A backup as the game writes it (one game of the history, statistics), changed."""
    backup = Backup(
        made=NOON + 1000,
        stats=Stats(played=3, won=1, best_time_ms=300_000, streak=1, best_streak=1),
        history=(finished(),),
    )
    data = json.loads(write_backup(backup))
    data.update(changes)
    return json.dumps(data)


def forged() -> str:
    data = json.loads(backup_text())
    game = data["history"]["games"][0]
    _first, rest = game["removals"].split(",", 1)
    game["removals"] = "P1-P2," + rest  # the first move replaced by one the deal cannot make
    return json.dumps(data)


def impossible() -> str:
    data = json.loads(backup_text())
    data["statistics"]["won"] = 7  # more games won than played
    return json.dumps(data)


PT_DAMAGED = (
    "Esta cópia de segurança está danificada ou foi alterada: há um erro {}. Nada foi alterado."
)
HOSTILE = {
    "not JSON": (
        b"\x89PNG\r\n\x1a\n not a backup",
        "Este ficheiro não é uma cópia de segurança do Half Moon. Nada foi alterado.",
    ),
    "another format": (
        b'{"format": "other-game-save", "v": 1}',
        "Este ficheiro não é uma cópia de segurança do Half Moon. Nada foi alterado.",
    ),
    "another version": (
        backup_text(v=2).encode(),
        "Esta cópia de segurança é de outra versão do Half Moon, que esta não sabe ler. Nada foi alterado.",
    ),
    "10,000 deep": (b"[" * 10_000 + b"]" * 10_000, PT_DAMAGED.format("no ficheiro")),
    "a 400-digit number": (backup_text(made=10**400).encode(), PT_DAMAGED.format("no ficheiro")),
    "forged moves": (forged().encode(), PT_DAMAGED.format("na lista das partidas")),
    "impossible statistics": (impossible().encode(), PT_DAMAGED.format("nas estatísticas")),
    "20 MB": (
        b'{"format": "halfmoon-backup", "pad": "' + b"x" * 20_000_000 + b'"}',
        "Este ficheiro é grande demais para ser uma cópia de segurança do Half Moon. Nada foi alterado.",
    ),
}


def test_hostile_and_damaged_files_change_nothing_and_say_why(
    desktop: BrowserContext, base_url: str, tmp_path: Path
) -> None:
    table = Table(open_game(desktop, base_url, "#" + CODE))
    page = table.page
    table.play([first_pair(CODE)])
    open_stats(page)
    before = page.evaluate(STORED)
    for n, (name, (payload, said)) in enumerate(HOSTILE.items()):
        # chosen from the disk, as a player chooses a file (the 20 MB one is not copied
        # through the test's driver)
        chosen = tmp_path / str(n) / "halfmoon-2026-12-01.json"
        chosen.parent.mkdir()
        chosen.write_bytes(payload)
        restore(page, chosen)
        status(page).to_have_text(said)
        assert page.evaluate(STORED) == before, name
        page.locator('#dialog-stats [data-role="dialog-status"]').evaluate(
            "p => p.textContent = ''"
        )
    assert stat(page, "played") == "1"
    page.keyboard.press("Escape")
    table.play([legal_moves(_after_first_pair(CODE))[0]])  # the game goes on
    expect(page.locator('[data-stat="moves"]')).to_have_text("2")


def test_a_refused_file_is_explained_in_english(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url, "#" + CODE, "?lang=en")
    open_stats(page)
    restore(
        page, {"name": "x.json", "mimeType": "application/json", "buffer": impossible().encode()}
    )
    status(page).to_have_text(
        "This backup is damaged or has been altered: there is an error in the statistics. "
        "Nothing was changed."
    )


# ---------------------------------------------------------- storage the browser keeps
SPY = """
if (typeof window !== "undefined" && typeof StorageManager !== "undefined") {
  window.__persist = [];
  window.__checked = [];
  window.__promised = %s;
  StorageManager.prototype.persisted = function () {
    window.__checked.push(document.documentElement.dataset.game);
    return Promise.resolve(window.__promised);
  };
  StorageManager.prototype.persist = function () {
    window.__persist.push(document.documentElement.dataset.game);
    return Promise.resolve(window.__promised);
  };
}
"""
"""The browser's answers, stubbed: whether it has promised to keep the storage
(``persisted``: each call's ``<html data-game>`` in ``__checked``) and the request to
keep it (``persist``: in ``__persist``)."""


def asked_after_the_end(page: Page) -> list[str]:
    """The requests to keep the storage, once any the end of the game asked for has
    run: the statistics window's line on keeping is written when the browser answers
    its own question, which was asked after the end's (both answers come at once, and
    are handled in the order they were asked)."""
    open_stats(page)
    expect(page.locator('[data-role="keeping"]')).not_to_be_empty()
    persist: list[str] = page.evaluate("window.__persist")
    return persist


@pytest.mark.parametrize("promised", [False, True])
def test_the_browser_is_asked_to_keep_the_games_after_the_first_finished_game(
    browser: Browser, base_url: str, promised: bool
) -> None:
    context = browser.new_context(locale="pt-PT", viewport=DESKTOP)
    context.add_init_script(SPY % ("true" if promised else "false"))
    table = Table(open_game(context, base_url, "#" + IMPASSE.code))
    page = table.page
    table.play(IMPASSE.moves[:-1])
    wait_saved(page)
    assert page.evaluate("window.__checked") == []  # not at the first visit, nor mid-game
    table.play(IMPASSE.moves[-1:])
    expect(page.locator("#dialog-end")).to_be_visible()
    page.keyboard.press("Escape")
    # asked once, at the end (if already promised: the question only, nothing to ask)
    assert asked_after_the_end(page) == ([] if promised else ["impasse"])
    assert page.evaluate("window.__checked") == ["impasse", "impasse"]  # the end, the statistics
    keeping = page.locator('[data-role="keeping"]')
    if promised:
        expect(keeping).to_have_text(
            "Este navegador prometeu guardar as suas partidas: não as apaga para arranjar espaço."
        )
    else:
        expect(keeping).to_contain_text("Este navegador não prometeu guardar as suas partidas")
        expect(keeping).to_contain_text("Instale o jogo no ecrã principal ou guarde uma cópia")
    context.close()


HOST = """<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"></head>
<body style="margin:0"><iframe id="game" src="{src}" width="390" height="640"
style="border:0"></iframe></body></html>"""


def test_a_framed_game_never_asks_the_browser(
    browser: Browser, base_url: str, tmp_path: Path
) -> None:
    (tmp_path / "index.html").write_text(HOST.format(src=f"{base_url}/#{IMPASSE.code}"))
    server, host = serve_in_background(tmp_path, headers=False)
    try:
        context = browser.new_context(locale="pt-PT", viewport=DESKTOP)
        context.add_init_script(SPY % "false")
        page = context.new_page()
        page.goto(host + "/")
        frame = page.frame_locator("#game")
        game = page.frames[1]
        ready = "document.documentElement.dataset.app === 'ready'"
        game.wait_for_function(ready, timeout=45_000)
        for move in IMPASSE.moves:
            for slot in move:
                frame.locator(f'[data-slot="{slot}"] button[data-card]').click()
        expect(frame.locator("#dialog-end")).to_be_visible()
        frame.locator("#dialog-end").press("Escape")
        frame.locator('[data-action="stats"]').click()
        # once the statistics' own question is answered, the end's would have been too
        expect(frame.locator('[data-role="keeping"]')).to_contain_text("guarde de vez em quando")
        assert game.evaluate("window.__persist") == []
        assert game.evaluate("window.__checked") == ["impasse"]  # the statistics' question
        context.close()
    finally:  # the host page's server goes, whatever the test found
        server.shutdown()
