"""Write static/courts.svg: the twelve court figures (Jack, Queen, King of each suit) of
SVG-cards, the LGPL deck GNOME and KDE players know, as one sprite of ``<symbol>``s
the cards draw with ``<svg><use href="static/courts.svg#QH"/></svg>``.

    python3 -m tools.courts          # rewrite static/courts.svg from node_modules
    python3 -m tools.courts --check  # exit 1 if static/courts.svg is not what it writes

Only the art is kept: no card outline, frame, corner letters or frame pips (the game
draws its own card and corner index).  Each figure is drawn as the deck draws it: one
half, and the same half turned 180° with ``<use>``, over the dotted diagonal divider
(redrawn as dashed strokes).  Transforms are baked into the coordinates at 4 units per
card unit so that svgo (npm, pinned in package-lock.json) can keep whole numbers; after
it, the four colours become CSS custom properties with the deck's colours as fallbacks,
so the page can soften them in its dark theme.  This module and the pinned npm
``svg-cards`` package are the source of the modified file, as the LGPL asks.
"""

from __future__ import annotations

import argparse
import math
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "node_modules" / "svg-cards" / "svg-cards.svg"
SVGO = ROOT / "node_modules" / ".bin" / "svgo"
OUT = ROOT / "static" / "courts.svg"
LICENCE = ROOT / "static" / "courts-LICENSE.txt"

SVG = "http://www.w3.org/2000/svg"
NS = "{" + SVG + "}"
HREF = "{http://www.w3.org/1999/xlink}href"
SCALE = 4.0
HEADER = (
    "<!--! Court figures (art only) from SVG-cards 4.0.2 (npm svg-cards), GNU LGPL "
    "version 2.1 or (at your option) any later version: see courts-LICENSE.txt. "
    "Copyright (C) 2005 David Bellot; Copyright (C) 2016, 2017 Huub de Beer; "
    "contributors desphilboy, Thomas Linard, rhorns. Source: "
    "https://github.com/htdebeer/SVG-cards. Modified for Half Moon by tools/courts.py: "
    "the 12 figures without card frame, corner indices and frame pips; transforms baked "
    "in; the dotted divider as dashed strokes; optimised with svgo; colours read the CSS "
    "properties court-red, court-blue, court-yellow, court-ink, court-dots. -->"
)
COLOURS = {  # the deck's colours → the page's custom properties
    "#e61408": "court-red",
    "#1c1585": "court-blue",
    "#f8c20f": "court-yellow",
    "#000": "court-ink",
    "#fff": "court-dots",
}
SVGO_CONFIG = """export default {
  multipass: true,
  floatPrecision: 0,
  plugins: [{ name: "preset-default",
              params: { overrides: { cleanupIds: false, removeHiddenElems: false } } }],
};
"""

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)
NUMBER = re.compile(r"[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?")


def mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (
        a * p + c * q,
        b * p + d * q,
        a * r + c * s,
        b * r + d * s,
        a * t + c * u + e,
        b * t + d * u + f,
    )


def inverse(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def transform(text: str | None) -> Matrix:
    m = IDENTITY
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = [float(x) for x in NUMBER.findall(args)]
        if name == "matrix":
            n: Matrix = (v[0], v[1], v[2], v[3], v[4], v[5])
        elif name == "translate":
            n = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale":
            n = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        else:
            raise ValueError(f"unexpected transform {name}")
        m = mul(m, n)
    return m


def point(m: Matrix, x: float, y: float) -> str:
    a, b, c, d, e, f = m
    return f"{a * x + c * y + e:.4f} {b * x + d * y + f:.4f}"


def bake_path(d: str, m: Matrix) -> str:
    """A path with ``m`` applied to every point, in absolute M, L, C and Z commands."""
    tokens = re.findall(r"[A-Za-z]|" + NUMBER.pattern, d)
    out: list[str] = []
    i, x, y, start_x, start_y = 0, 0.0, 0.0, 0.0, 0.0
    command, last, control = "", "", (0.0, 0.0)

    def take(k: int) -> list[float]:
        nonlocal i
        values = [float(t) for t in tokens[i : i + k]]
        i += k
        return values

    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        elif command in ("M", "m"):  # more pairs after a moveto are linetos
            command = "L" if command == "M" else "l"
        relative, kind = command.islower(), command.upper()
        dx, dy = (x, y) if relative else (0.0, 0.0)
        if kind == "Z":
            out.append("Z")
            x, y = start_x, start_y
        elif kind in ("M", "L"):
            px, py = take(2)
            x, y = px + dx, py + dy
            out.append(f"{kind} {point(m, x, y)}")
            if kind == "M":
                start_x, start_y = x, y
        elif kind == "H":
            x = take(1)[0] + dx
            out.append(f"L {point(m, x, y)}")
        elif kind == "V":
            y = take(1)[0] + dy
            out.append(f"L {point(m, x, y)}")
        elif kind in ("C", "S"):
            if kind == "C":
                x1, y1, x2, y2, ex, ey = take(6)
                x1, y1 = x1 + dx, y1 + dy
            else:
                x2, y2, ex, ey = take(4)
                x1, y1 = (2 * x - control[0], 2 * y - control[1]) if last in ("C", "S") else (x, y)
            x2, y2, ex, ey = x2 + dx, y2 + dy, ex + dx, ey + dy
            out.append(f"C {point(m, x1, y1)} {point(m, x2, y2)} {point(m, ex, ey)}")
            control, x, y = (x2, y2), ex, ey
        else:
            raise ValueError(f"unexpected path command {command}")
        last = kind
    return " ".join(out)


def bake(element: ET.Element, m: Matrix, out: list[str]) -> None:
    """Every visible shape under ``element`` as a baked ``<path>``."""
    tag, style = element.tag.removeprefix(NS), element.get("style", "")
    m = mul(m, transform(element.get("transform")))
    if tag == "g":
        for child in element:
            bake(child, m, out)
        return
    if "fill:none" in style and "stroke" not in style:
        return
    fill = re.search(r"fill:(#[0-9A-Fa-f]{3,6})", style)
    colour = f' fill="{fill[1].lower()}"' if fill else ""
    if tag == "path":
        d = bake_path(element.get("d", ""), m)
    elif tag in ("polygon", "polyline"):  # filled as closed shapes; no strokes in this art
        v = [float(n) for n in NUMBER.findall(element.get("points", ""))]
        d = "M " + " L ".join(point(m, v[k], v[k + 1]) for k in range(0, len(v), 2)) + " Z"
    elif tag == "rect":
        x, y, w, h = (float(element.get(k, "0")) for k in ("x", "y", "width", "height"))
        corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        d = "M " + " L ".join(point(m, *c) for c in corners) + " Z"
    else:
        raise ValueError(f"unexpected element {tag}")
    out.append(f'<path{colour} d="{d}"/>')


def frame(card: ET.Element) -> tuple[float, float, float, float]:
    """The picture frame inside a court card (its four frame lines): x, y, w, h."""
    xs, ys = [], []
    for group in card.findall(NS + "g"):
        if group.get("style", "").startswith("fill:none"):
            for line in group:
                x, y, dx, dy = (float(v) for v in NUMBER.findall(line.get("d", "")))
                xs += [x, x + dx]
                ys += [y, y + dy]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def number(v: float) -> str:
    return f"{v:.6f}".rstrip("0").rstrip(".")


def symbols(deck: Path) -> str:
    """The 12 ``<symbol>``s, before optimisation."""
    root = ET.parse(deck).getroot()
    defs = root.find(NS + "defs")
    assert defs is not None
    by_id = {d.get("id"): d for d in defs}
    out = []
    for suit, s in (("club", "C"), ("diamond", "D"), ("heart", "H"), ("spade", "S")):
        for rank, r in (("jack", "J"), ("queen", "Q"), ("king", "K")):
            code, card = r + s, by_id[f"{suit}_{rank}"]
            x0, y0, w, h = frame(card)
            base: Matrix = (SCALE, 0, 0, SCALE, -SCALE * x0, -SCALE * y0)
            halves = [
                u
                for u in card.findall(NS + "use")
                if re.fullmatch(r"#(jack|queen|king)_\d", u.get(HREF, ""))
            ]
            first, second = (mul(base, transform(u.get("transform"))) for u in halves)
            paths: list[str] = []
            bake(by_id[halves[0].get(HREF, "")[1:]], first, paths)
            turn = mul(second, inverse(first))  # the first half onto the second
            out.append(
                f'<symbol id="{code}" viewBox="0 0 {number(w * SCALE)} {number(h * SCALE)}">'
                + divider(card, base)
                + f'<g id="h{code}">{"".join(paths)}</g>'
                + f'<use href="#h{code}" transform="matrix({",".join(map(number, turn))})"/>'
                + "</symbol>"
            )
    return "".join(out)


def divider(card: ET.Element, base: Matrix) -> str:
    """The dotted diagonal line between the two halves: a black line, then white dots
    with black centres, drawn as dashed strokes."""
    group = next(g for g in card.findall(NS + "g") if g.find(NS + "line") is not None)
    m = mul(base, transform(group.get("transform")))
    scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
    line = group.find(NS + "line")
    assert line is not None
    x1, y1, x2, y2 = (float(line.get(k, "0")) for k in ("x1", "y1", "x2", "y2"))
    dots = [c for c in group.findall(NS + "circle") if float(c.get("r", "0")) > 1]
    (ax, ay), (bx, by) = (
        tuple(float(v) for v in point(m, float(c.get("cx", "0")), float(c.get("cy", "0"))).split())
        for c in (dots[0], dots[-1])
    )
    step = math.dist((ax, ay), (bx, by)) / (len(dots) - 1)
    out = [
        f'<path stroke="#000" stroke-width="{7.25 * scale:.3f}" '
        f'd="M {point(m, x1, y1)} L {point(m, x2, y2)}"/>'
    ]
    for radius, colour in ((2.2, "#fff"), (0.7, "#000")):
        out.append(
            f'<path stroke="{colour}" stroke-width="{2 * radius * scale:.3f}" '
            f'stroke-linecap="round" stroke-dasharray="0 {step:.4f}" '
            f'd="M {ax:.4f} {ay:.4f} L {bx:.4f} {by:.4f}"/>'
        )
    return "".join(out)


def themable(svg: str) -> str:
    """Each of the deck's colours as a custom property with that colour as fallback."""
    for colour, name in COLOURS.items():
        for attribute in ("fill", "stroke"):
            svg = svg.replace(
                f'{attribute}="{colour}"', f'style="{attribute}:var(--{name},{colour})"'
            )
    return svg


def build() -> str:
    raw = f'<svg xmlns="{SVG}">{HEADER}{symbols(DECK)}</svg>\n'
    with tempfile.TemporaryDirectory() as tmp:
        config, source, target = (Path(tmp) / n for n in ("svgo.config.mjs", "in.svg", "out.svg"))
        config.write_text(SVGO_CONFIG)
        source.write_text(raw)
        subprocess.run(
            [str(SVGO), "-q", "--config", str(config), "-i", str(source), "-o", str(target)],
            check=True,
        )
        return themable(target.read_text()).rstrip("\n") + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    svg = build()
    if args.check:
        same = OUT.read_text(encoding="utf-8") == svg
        print("static/courts.svg is " + ("up to date" if same else "NOT what tools.courts writes"))
        sys.exit(0 if same else 1)
    OUT.write_text(svg, encoding="utf-8")
    LICENCE.write_text((DECK.parent / "LICENSE").read_text(encoding="utf-8"), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(svg.encode()):,} bytes) and {LICENCE.name}")


if __name__ == "__main__":
    main()
