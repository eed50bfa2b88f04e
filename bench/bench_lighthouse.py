"""Lighthouse on a first visit of the built site: its four scores and the metrics.

    python -m bench.bench_lighthouse [--runs N] [--desktop]

Serves ``site/`` as a static host does (compressed: tools/serve.py) and runs the
Lighthouse pinned in package.json (``node_modules/.bin/lighthouse``) on it, headless
Chromium (``CHROME_PATH``, /usr/bin/chromium by default), its mobile default unless
``--desktop``: a slow 4G link and a CPU slowed four times, simulated.  Each run is a
fresh browser, so a first visit.  Prints each run's performance, accessibility, best
practices and SEO scores, its first and largest contentful paint, total blocking time,
layout shift and time to interactive, and the element of its largest paint
(docs/performance.md, "Lighthouse")."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from tools.serve import serve_in_background

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = {
    "FCP": "first-contentful-paint",
    "LCP": "largest-contentful-paint",
    "TBT": "total-blocking-time",
    "CLS": "cumulative-layout-shift",
    "TTI": "interactive",
}


def run(url: str, report: Path, *, desktop: bool) -> dict[str, Any]:
    """One Lighthouse run on ``url``: its report, as JSON."""
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    command = [
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={report}",
        f"--only-categories={','.join(CATEGORIES)}",
        "--chrome-flags=--headless=new --no-sandbox",
    ]
    if desktop:
        command.append("--preset=desktop")
    subprocess.run(command, check=True, env=env)
    data: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    return data


def figures(report: dict[str, Any]) -> dict[str, Any]:
    """The four scores (0-100), the metrics (ms; CLS as it is) and the largest paint's
    element."""
    scores = {name: round(100 * (report["categories"][name]["score"] or 0)) for name in CATEGORIES}
    metrics = {short: report["audits"][audit]["numericValue"] for short, audit in METRICS.items()}
    element = ""
    details = report["audits"].get("largest-contentful-paint-element", {}).get("details", {})
    for item in details.get("items", []):
        for row in item.get("items", []):
            node = row.get("node", {})
            element = element or str(node.get("selector") or node.get("snippet") or "")
    return {"scores": scores, "metrics": metrics, "lcp_element": element}


def line(found: dict[str, Any]) -> str:
    scores, metrics = found["scores"], found["metrics"]
    shown = " ".join(f"{name} {scores[name]}" for name in CATEGORIES)
    timed = " ".join(
        f"{short} {metrics[short]:.3f}"
        if short == "CLS"
        else f"{short} {metrics[short] / 1000:.2f} s"
        for short in METRICS
    )
    return f"{shown} | {timed} | largest paint: {found['lcp_element']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=int(os.environ.get("RUNS", "2") or 2))
    parser.add_argument("--desktop", action="store_true")
    parser.add_argument("--dir", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is missing: run `npm ci` first (make setup does)")
    server, base = serve_in_background(args.dir)
    try:
        with tempfile.TemporaryDirectory() as folder:
            for n in range(args.runs):
                found = figures(
                    run(base + "/", Path(folder) / f"run{n}.json", desktop=args.desktop)
                )
                print(f"run {n + 1}: {line(found)}", flush=True)
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
