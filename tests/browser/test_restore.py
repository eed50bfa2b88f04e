"""A restore in the page, where the engine's tests (tests/test_restore.py) cannot go: a
win made with the page's clock a day ahead comes back after the clock is set right; a
full file restored into a browser with 30 games of its own, first with its storage too
small partway (every key still readable, the words true), then again with room (the
rest comes); the table stays as it was throughout."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from halfmoon import Game
from halfmoon.host.examples import IMPASSE, WON
from halfmoon.keeping.backup import Backup, write_backup
from halfmoon.keeping.restore import left_entry, plan, restored_words
from halfmoon.keeping.saved import KEYS, Play, code_of_key, game_key, write_play
from halfmoon.records.history import Entry, write_history
from halfmoon.records.localtime import utc_day
from halfmoon.records.stats import Stats
from halfmoon.rules.deal import format_code
from tests.browser.conftest import DESKTOP, open_game, wait_saved
from tests.browser.table import Table
from tests.browser.test_backup import STORED, open_stats, restore, stat, status
from tests.devices import readable, stored_of, true_counts
from tests.devices import restore as merged
from tests.solver import legal_moves
from tests.test_history import finished

NOW = datetime.now(UTC).replace(microsecond=0)
MS = NOW.timestamp() * 1000
DAY_MS = 86_400_000

# Values set in localStorage before the page first starts (its reloads leave them).
SEED = """(() => { try {
  const values = %s;
  if (!localStorage.getItem("halfmoon.v2.last"))
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
} catch (_) {} })();"""


def play_of(code: str, moves: int, id: str, saved: float) -> Play:
    game = Game.new(code)
    line = WON.moves if code == WON.code else None
    for n in range(moves):  # (a line that gets stuck stops there)
        move = line[n] if line else next(iter(legal_moves(game.tops())), ())
        for slot in move:
            game.tap(slot, 1_000.0 * n)
    return Play(game, id, begun=saved - 600_000, saved=saved, rev=2, played=True)


def test_a_win_with_the_clock_a_day_ahead_comes_back_after_the_clock_is_set_back(
    browser: Browser, base_url: str, tmp_path: Path
) -> None:
    """The phone's clock runs a day ahead: a game is won then (its end in the history a
    day ahead); the clock is set right and a backup saved: a fresh browser restores it,
    and the win is there.  (The backup used to be refused: "a game of the history ended
    after the backup was made".)"""
    phone = browser.new_context(locale="pt-PT", viewport=DESKTOP)
    ahead = NOW + timedelta(days=1)
    phone.clock.set_fixed_time(ahead)
    almost = play_of(WON.code, len(WON.moves) - 1, "p-ahead", ahead.timestamp() * 1000)
    seeded = {game_key(WON.code): write_play(almost, almost.saved), KEYS["last"]: WON.code}
    phone.add_init_script(SEED % json.dumps(seeded))
    table = Table(open_game(phone, base_url, "#" + WON.code))
    page = table.page
    table.play(WON.moves[-1:])  # the win, a day ahead
    expect(page.locator("#dialog-end")).to_be_visible()
    wait_saved(page)
    phone.clock.set_fixed_time(NOW)  # the clock set right
    page.keyboard.press("Escape")
    open_stats(page)
    with page.expect_download() as download:
        page.locator('#dialog-stats [data-action="backup"]').click()
    path = tmp_path / "backup.json"
    download.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["history"]["games"][0]["ended"] > data["made"]  # what was refused
    phone.close()

    fresh = browser.new_context(locale="pt-PT", viewport=DESKTOP)
    page = open_game(fresh, base_url)
    open_stats(page)
    restore(page, path)
    status(page).to_have_text("Cópia restaurada: 1 partida acrescentada; estatísticas atualizadas.")
    assert (stat(page, "played"), stat(page, "won")) == ("1", "1")
    page.locator('#dialog-stats [data-action="history"]').click()
    row = page.locator("#dialog-history li.game")
    expect(row).to_have_count(1)
    expect(row.locator('[data-role="result"]')).to_have_text("Ganha")
    fresh.close()


# --------------------------------------------------------------- full, both sides
def side(
    tag: str, first: int, saved: float, finished_games: int, moves: int
) -> tuple[list[Play], list[Entry]]:
    """Thirty games in progress (``moves`` long), each left for the next (so listed as
    left) but the last, and some finished games."""
    plays = [
        play_of(format_code(first + i), moves, f"{tag}{i}", saved + i * 1_000) for i in range(30)
    ]
    left = [left_entry(play, utc_day) for play in plays[:-1]]
    done = [
        finished(IMPASSE, id=f"{tag}f{i}", ended=saved - DAY_MS - i * 60_000)
        for i in range(finished_games)
    ]
    return plays, left + done


def stored_in(page: Page) -> dict[str, str]:
    """The game's keys as the page's storage holds them (but the table's picture and the
    memory snapshot's mark, which a restore does not touch)."""
    found: dict[str, str] = page.evaluate(STORED)
    return {k: v for k, v in found.items() if k != KEYS["view"]}


# The storage's quota, made smaller than the restore needs: a write that would take the
# storage past ``window.__quota`` characters (keys and values, as browsers count them)
# is refused as a full storage refuses it.
QUOTA = """() => {
  const setItem = Storage.prototype.setItem;
  window.__setItem = setItem;
  Storage.prototype.setItem = function (key, value) {
    let used = 0;
    for (let i = 0; i < this.length; i++) {
      const k = this.key(i);
      if (k !== key) used += k.length + this.getItem(k).length;
    }
    if (used + key.length + String(value).length > window.__quota)
      throw new DOMException("full", "QuotaExceededError");
    return setItem.call(this, key, value);
  };
}"""


def test_a_full_file_into_a_browser_with_30_games_even_when_storage_runs_out(
    desktop: BrowserContext, base_url: str, tmp_path: Path
) -> None:
    """This browser has 30 games in progress; the file, 30 longer ones saved later.  With the
    storage too small partway, the restore stops, says so with what it did, and leaves
    every key readable with every game in progress kept or listed; with room again, the
    same file brings the rest: the table's game and the file's 29 newest stay, the 30
    that give way are in your games, as left.  The table never changes."""
    mine, my_history = side("a", 300, MS - DAY_MS, 10, moves=1)
    theirs, their_history = side("b", 400, MS - 3_600_000, 20, moves=12)  # longer games
    seeded = {game_key(p.code): write_play(p, p.saved) for p in mine}
    seeded |= {
        KEYS["last"]: mine[-1].code,
        KEYS["history"]: write_history(my_history),
        KEYS["stats"]: json.dumps(
            {"v": 2, "played": 40, "won": 10, "best_time_ms": None, "streak": 0, "best_streak": 3}
        ),
    }
    desktop.add_init_script(SEED % json.dumps(seeded))
    newest_first = tuple(theirs[::-1])
    stats = Stats(played=60, won=20, best_time_ms=None, streak=2, best_streak=5)
    backup = Backup(MS, None, stats, tuple(their_history), newest_first, theirs[-1].code)
    path = tmp_path / "full.json"
    path.write_text(write_backup(backup))
    page = open_game(desktop, base_url)
    table = mine[-1]
    expect(page.locator('[data-stat="code"]')).to_have_text(table.code)
    open_stats(page)
    before = stored_in(page)
    here = stored_of(before).plays[table.code]

    # how far the restore gets before the storage is full (the plan the page makes is
    # this one: the same engine), and what it then says
    steps = plan(stored_of(before), backup, here, utc_day).steps
    sizes, keys = [], dict(before)
    for step in steps:
        keys.pop(step.key, None)
        if step.value is not None:
            keys[step.key] = step.value
        sizes.append(sum(len(k) + len(v) for k, v in keys.items()))
    start = sum(len(k) + len(v) for k, v in before.items())
    adding = [i for i, step in enumerate(steps) if code_of_key(step.key) and step.value]
    stop = next(i for i in adding if sizes[i] > max([start, *sizes[:i]]))  # a game added
    room = page.evaluate(  # what the page's storage holds, all keys (some not the game's)
        "() => Object.entries(localStorage).reduce((n, [k, v]) => n + k.length + v.length, 0)"
    )
    page.evaluate(QUOTA)
    page.evaluate(f"window.__quota = {room - start + sizes[stop] - 1}")
    expected = merged(before, backup, here, refuse=stop)[0]
    assert not expected.complete and expected.done.resumed > 0
    restore(page, path)
    status(page).to_contain_text("A cópia só foi restaurada em parte")
    status(page).to_have_text(restored_words(expected, "pt"))
    partial = stored_in(page)
    readable(partial)
    assert true_counts(before, partial, backup, here) == expected.done
    for play in mine:  # each of this browser's games: still a game, or listed with its moves
        kept = game_key(play.code) in partial
        assert kept or play.id in {e["id"] for e in json.loads(partial[KEYS["history"]])["games"]}

    # room again: the same file brings the rest
    page.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")
    restore(page, path)
    status(page).to_have_text(restored_words(merged(partial, backup, here)[0], "pt"))
    final = stored_in(page)
    assert final == merged(before, backup, here)[1]  # as if there had been room at once
    games = [k for k in final if k.startswith(KEYS["game"])]
    assert len(games) == 30 and game_key(table.code) in final
    expect(page.locator('[data-stat="code"]')).to_have_text(table.code)  # the table stays
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    assert stat(page, "played") == "60"


# ------------------------------------------------------- what a restore did, in view
IN_VIEW = """(line) => {
  const r = line.getBoundingClientRect();
  const window = line.closest('dialog').getBoundingClientRect();
  return r.height > 0 && r.top >= Math.max(0, window.top) - 0.5
    && r.bottom <= Math.min(innerHeight, window.bottom) + 0.5;
}"""


def test_a_restore_says_what_it_did_where_the_player_is_looking(
    browser: Browser, base_url: str, tmp_path: Path
) -> None:
    """On a phone and on a laptop, the restored figures and chart come in above the
    backups: the line saying what the restore did is brought into view, a live region
    (read by screen readers as it changes)."""
    context = browser.new_context(
        locale="pt-PT", viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = open_game(context, base_url)
    open_stats(page)
    line = page.locator('#dialog-stats [data-role="dialog-status"]')
    assert line.get_attribute("role") == "status"
    assert line.evaluate("l => l.getClientRects().length") == 1  # in the tree before it speaks
    page.locator('#dialog-stats [data-dialog-action="to-backup"]').tap()
    for n, size in enumerate(({"width": 390, "height": 844}, {"width": 1366, "height": 768})):
        page.set_viewport_size(size)
        games = tuple(
            finished(IMPASSE, id=f"{n}-{i}", ended=MS - DAY_MS * (1 + i + 3 * n)) for i in range(2)
        )
        backup = Backup(MS, None, Stats(played=2, won=0), games)
        path = tmp_path / f"backup-{n}.json"
        path.write_text(write_backup(backup))
        restore(page, path)
        status(page).to_contain_text("Cópia restaurada: 2 partidas acrescentadas")
        assert line.evaluate(IN_VIEW), size
    context.close()
