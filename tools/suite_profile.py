"""Where the test suite's time goes: a pytest plugin, and the table it gives.

    HALFMOON_PROFILE=/tmp/profile .venv/bin/python -m pytest -p tools.suite_profile ...
    .venv/bin/python -m tools.suite_profile /tmp/profile

Each pytest process (every xdist worker) writes to the folder named: per test, its wall
time, the CPU its process and every process under it spent (the browsers, their
drivers, Xvfb) and how often the game's page was loaded and how often Python started
from nothing (the engine's archive fetched: a restore from a snapshot does not fetch
it); every second, the whole machine's busy share (``/proc/stat``) and the CPU of each
process under the worker, by kind (Chromium, Firefox, WebKit, Playwright's driver,
Python).  The report is the table docs/testing.md keeps.

A test's CPU is read from ``/proc`` at its start and end: a process counts while it
lives and, once ended, through its parent's ``cutime``; the worker adopts every orphan
(a browser's helpers outlive its main process) so that nothing leaves the count.  Where
a whole browser ends within a test (a persistent profile closed, a driver stopped), the
CPU it spent in earlier tests can land in that test: a test whose CPU exceeds what the
machine's cores could give it in its wall time is set apart in the report.  ``time make
test`` cannot be read for this: Chromium's helpers are handed to init as a browser
closes, and their CPU never reaches ``time`` (it saw a third of what the machine did).
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

TICK = os.sysconf("SC_CLK_TCK")
CORES = os.cpu_count() or 1
KINDS = {
    "chromium": ("chromium", "chrome"),
    "firefox": ("firefox", "geckodriver"),
    "webkit": ("WebKit", "MiniBrowser", "Xvfb"),
    "driver": ("node",),
    "python": ("python",),
}
"""Whose a process is, by its name: a process of no such name (a browser's helper, a
content process) counts as its parent's."""
COUNTED = {"loads": "/", "fresh": "engine.zip"}
"""Requests to the game's site counted per test: its page (``/``), and the engine's
archive, which only a start of Python from nothing fetches."""


def _kind(name: str) -> str:
    for kind, marks in KINDS.items():
        if any(name.startswith(mark) for mark in marks):
            return kind
    return ""


def _processes() -> dict[int, tuple[int, int, int, str]]:
    """Every process: pid → (parent, its own CPU ticks, with its reaped children's, its
    kind by name)."""
    found: dict[int, tuple[int, int, int, str]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", encoding="ascii", errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        name = text[text.find("(") + 1 : text.rfind(")")]
        fields = text[text.rfind(")") + 2 :].split()
        # fields[1] is the parent; fields[11:15] utime, stime, cutime, cstime
        own = int(fields[11]) + int(fields[12])
        reaped = int(fields[13]) + int(fields[14])
        found[int(entry.name)] = (int(fields[1]), own, own + reaped, _kind(name))
    return found


def _tree(root: int) -> dict[int, tuple[int, int, str]]:
    """``root`` and every process under it: pid → (own ticks, with reaped children's,
    kind, inherited from the parent where its name says none)."""
    processes = _processes()
    children: dict[int, list[int]] = defaultdict(list)
    for pid, (parent, *_) in processes.items():
        children[parent].append(pid)
    found: dict[int, tuple[int, int, str]] = {}
    stack = [(root, "python")]
    while stack:
        pid, inherited = stack.pop()
        if pid not in processes:
            continue
        _, own, whole, named = processes[pid]
        kind = named or inherited
        found[pid] = (own, whole, kind)
        stack.extend((child, kind) for child in children.get(pid, ()))
    return found


def tree_cpu(root: int) -> float:
    """The CPU seconds of ``root`` and every process under it, those ended included
    where a process of the tree reaped them."""
    return sum(whole for _, whole, _ in _tree(root).values()) / TICK


def machine() -> tuple[float, float]:
    """The whole machine's (busy, total) CPU seconds since it started."""
    with open("/proc/stat", encoding="ascii") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return (sum(values) - idle) / TICK, sum(values) / TICK


class Recorder:
    """One worker's records, written as lines of JSON; a thread samples the machine and
    the worker's processes every second."""

    def __init__(self, folder: Path, name: str, processes: bool = True) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.processes = processes  # not in xdist's controller, whose tree holds the workers
        self.out = (folder / f"{name}.jsonl").open("a", encoding="utf-8")
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.seen: dict[int, tuple[int, int, str]] = {}  # pid → (first, last own, kind)
        self.sampler = threading.Thread(target=self._sample, daemon=True)
        self.sampler.start()

    def write(self, record: dict[str, Any]) -> None:
        with self.lock:
            self.out.write(json.dumps(record) + "\n")
            self.out.flush()

    def _sample(self) -> None:
        last = machine()
        self._processes(first=True)
        while not self.stop.wait(1.0):
            now = machine()
            self.write({"machine": [time.time(), now[0] - last[0], now[1] - last[1]]})
            last = now
            self._processes()

    def _processes(self, first: bool = False) -> None:
        if not self.processes:
            return
        for pid, (own, _, kind) in _tree(os.getpid()).items():
            start = self.seen[pid][0] if pid in self.seen else (own if first else 0)
            self.seen[pid] = (start, own, kind)

    def close(self) -> None:
        self.stop.set()
        self.sampler.join()
        kinds: dict[str, float] = defaultdict(float)
        for start, own, kind in self.seen.values():
            kinds[kind] += (own - start) / TICK
        self.write({"kinds": kinds})


_recorder: Recorder | None = None
_requests: dict[str, int] = defaultdict(int)


def _adopt_orphans() -> None:
    """Become the subreaper of every process under this one: a browser's helpers
    outlive its main process as it closes, and would be handed to init, their CPU lost
    to the count."""
    import ctypes

    pr_set_child_subreaper = 36
    ctypes.CDLL(None).prctl(pr_set_child_subreaper, 1, 0, 0, 0)


def _count_requests() -> None:
    from tools import serve

    original = serve.Handler.log_message

    def counted(self: serve.Handler, format: str, *args: object) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        for name, suffix in COUNTED.items() if self.rules else ():  # the game's site
            if path.endswith(suffix) or (suffix == "/" and path == "/index.html"):
                _requests[name] += 1
        original(self, format, *args)

    serve.Handler.log_message = counted  # type: ignore[method-assign]


def pytest_configure(config: pytest.Config) -> None:
    global _recorder
    folder = os.environ.get("HALFMOON_PROFILE")
    if not folder:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    controller = worker == "main" and bool(getattr(config.option, "numprocesses", None))
    _adopt_orphans()
    _count_requests()
    _recorder = Recorder(Path(folder), f"{worker}-{os.getpid()}", processes=not controller)


def pytest_unconfigure(config: pytest.Config) -> None:
    if _recorder is not None:
        _recorder.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    if _recorder is None:
        yield
        return
    pid = os.getpid()
    _requests.clear()
    wall, cpu = time.time(), tree_cpu(pid)
    yield
    _recorder.write(
        {
            "test": item.nodeid,
            "start": wall,
            "wall": time.time() - wall,
            "cpu": tree_cpu(pid) - cpu,
            **_requests,
        }
    )


def report(folder: Path, top: int = 25) -> str:
    """The table of a profiled run: the machine's busy share, CPU by kind of process, the
    tests by CPU, and the files."""
    tests: list[dict[str, Any]] = []
    samples: list[tuple[float, float, float]] = []
    kinds: dict[str, float] = defaultdict(float)
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if "machine" in record:
                samples.append(tuple(record["machine"]))
            elif "kinds" in record:
                for kind, seconds in record["kinds"].items():
                    kinds[kind] += seconds
            elif "test" in record:
                tests.append(record)
    if not tests:
        return "no tests recorded"
    begin = min(t["start"] for t in tests)
    end = max(t["start"] + t["wall"] for t in tests)
    seen: dict[int, tuple[float, float]] = {}
    for at, busy, total in samples:  # each worker samples the same machine: once a second
        if begin <= at <= end + 1:
            seen.setdefault(round(at), (busy, total))
    busy = sum(b for b, _ in seen.values())
    capacity = sum(t for _, t in seen.values())
    apart = [t for t in tests if t["cpu"] > CORES * t["wall"] + 1]
    ranked = [t for t in tests if t not in apart]
    lines = [
        f"{len(tests)} tests, {end - begin:.0f} s from the first start to the last end; "
        f"the machine busy {100 * busy / max(capacity, 1e-9):.0f}% of it "
        f"({busy:.0f} of {capacity:.0f} CPU-s)",
        "CPU by kind of process (sampled each second): "
        + ", ".join(f"{k} {v:.0f}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]))
        + " CPU-s",
        f"the game's page loaded {sum(t.get('loads', 0) for t in tests)} times; Python "
        f"started from nothing {sum(t.get('fresh', 0) for t in tests)} times",
        "",
        "| test | wall s | CPU s | loads |",
        "|---|---|---|---|",
    ]
    for t in sorted(ranked, key=lambda t: -t["cpu"])[:top]:
        lines.append(f"| {t['test']} | {t['wall']:.1f} | {t['cpu']:.1f} | {t.get('loads', 0)} |")
    if apart:
        lines.append(
            f"\n({len(apart)} tests set apart: a browser that ended in them counted there "
            f"what it spent before: {', '.join(t['test'] for t in apart)})"
        )
    by_file: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0, 0])
    for t in ranked:
        row = by_file[t["test"].split("::")[0]]
        row[0] += t["wall"]
        row[1] += t["cpu"]
        row[2] += 1
        row[3] += t.get("loads", 0)
    lines += ["", "| file | tests | wall s | CPU s | loads |", "|---|---|---|---|---|"]
    for name, (w, c, n, b) in sorted(by_file.items(), key=lambda kv: -kv[1][1]):
        lines.append(f"| {name} | {n:.0f} | {w:.0f} | {c:.0f} | {b:.0f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 25))
