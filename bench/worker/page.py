"""The prototype page's handlers, in MicroPython (issue 54; bench/worker/index.html runs
it through PyScript's ``<script type="mpy">``).  They paint the table, hear taps and
show what the engine answers; the engine itself (``halfmoon``, its session) runs in
Pyodide in a worker (bench/worker/engine.js), asked through ``hmEngine.ask`` (bench/
worker/bridge.js).  No rule is decided here: a tap goes to the worker, the new view
comes back, the page copies it onto the DOM, only the places that changed.

A return visit paints the view the page kept at its last answer at once
(``localStorage``), keeps the taps made on it before the worker is up (the card looks
selected) and plays them in order once it is.  The page keeps the play the session
asks to save, and hands it to the worker at the next start: a worker has no
``localStorage``.  Not shipped with the site: MicroPython, not CPython, runs this file
(no ``typing`` import; annotations are ignored there).
"""

import asyncio
import json

import js
from pyscript.ffi import create_proxy, to_js

PLAY_KEY = "hm-proto.play"
VIEW_KEY = "hm-proto.view"
ACTIONS = {"undo": "undo", "new": "new_game"}  # a button's data-action → the worker's call
# each place's grid row and column, handed over by the build from the engine's layout
# (bench/worker/__init__.py, halfmoon/rules/layout.py), in the engine's order of places
CONFIG = json.loads(js.document.getElementById("proto-config").textContent)
WHERE = {slot: (place[0], place[1]) for slot, place in CONFIG["places"]}
SLOTS = [slot for slot, _ in CONFIG["places"]]

document = js.document
root = document.documentElement
table = document.getElementById("table")
shown: dict = {}  # slot → the place's fields as last drawn
state: dict = {"ready": False, "kept": []}


def storage():
    """The page's localStorage, or None where the browser blocks it (a frame)."""
    try:
        found = js.localStorage
        found.getItem(PLAY_KEY)
        return found
    except Exception:
        return None


def build_table() -> None:
    for slot in SLOTS:
        place = document.createElement("div")
        place.className = "place"
        place.dataset.slot = slot
        row, column = WHERE[slot]
        place.style.gridArea = f"{row} / {column}"
        table.appendChild(place)


def draw_place(slot: str, fields: list) -> None:
    count, card, rank, suit, red, _face, aria, pressed, dimmed = fields
    place = table.querySelector(f'[data-slot="{slot}"]')
    if card is None:
        place.replaceChildren()
        return
    button = place.querySelector("button")
    if button is None:
        button = document.createElement("button")
        button.type = "button"
        place.appendChild(button)
    button.dataset.card = card
    button.className = "card" + (" red" if red else "") + (" dimmed" if dimmed else "")
    button.setAttribute("aria-label", aria)
    button.setAttribute("aria-pressed", "true" if pressed else "false")
    button.textContent = f"{rank}{suit}"
    place.dataset.count = str(count)


def draw(view: dict) -> None:
    for slot, fields in view["places"].items():
        if shown.get(slot) != fields:
            draw_place(slot, fields)
            shown[slot] = fields
    bar = view["bar"]
    for name in ("score", "moves", "code"):
        document.querySelector(f'[data-stat="{name}"]').textContent = bar[name]
    document.querySelector('[data-action="undo"]').disabled = not bar["undo"]
    root.dataset.status = bar["status"]
    document.querySelector('[data-role="message"]').textContent = view["said"]


def answered(text: str) -> None:
    view = json.loads(text)
    draw(view)
    kept = storage()
    if kept is not None and view["save"]:
        kept.setItem(PLAY_KEY, view["save"])
        kept.setItem(VIEW_KEY, text)


async def ask(kind: str, arg: str, pressed: float, began: float) -> None:
    answered(await js.hmEngine.ask(kind, arg))
    end = js.performance.now()
    if pressed >= 0:
        js.performance.measure("halfmoon-tap", to_js({"start": pressed, "end": end}))
        js.performance.measure("halfmoon-tap-work", to_js({"start": began, "end": end}))


def on_click(event) -> None:
    began = js.performance.now()
    button = event.target.closest("button[data-card]")
    if button is None:
        return
    slot = button.closest("[data-slot]").dataset.slot
    if not state["ready"]:  # kept, shown as selected, played once the engine is up
        state["kept"].append(slot)
        button.classList.toggle("kept")
        return
    state["task"] = asyncio.create_task(ask("tap", slot, event.timeStamp, began))


def on_action(event) -> None:
    action = event.currentTarget.dataset.action
    if state["ready"]:
        state["task"] = asyncio.create_task(ask(ACTIONS[action], "", -1, 0))


async def main() -> None:
    build_table()
    kept = storage()
    painted = kept.getItem(VIEW_KEY) if kept is not None else None
    if painted:
        draw(json.loads(painted))
        root.dataset.painted = "true"
    else:
        document.querySelector('[data-role="message"]').textContent = "A baralhar…"
    root.dataset.shown = "true"
    js.performance.mark("halfmoon-painted")
    table.addEventListener("click", create_proxy(on_click))
    for action in ACTIONS:
        button = document.querySelector(f'[data-action="{action}"]')
        button.addEventListener("click", create_proxy(on_action))
    saved = kept.getItem(PLAY_KEY) if kept is not None else None
    opened = json.dumps({"saved": saved or "", "fragment": js.location.hash})
    text = await js.hmEngine.ask("open", opened)
    for slot in state["kept"]:  # the taps made meanwhile, in order
        text = await js.hmEngine.ask("tap", slot)
    state["kept"] = []
    answered(text)
    for button in table.querySelectorAll(".kept"):
        button.classList.remove("kept")
    state["ready"] = True
    root.dataset.shown = "true"
    root.dataset.app = "ready"
    js.performance.mark("halfmoon-ready")


state["task"] = asyncio.create_task(main())  # the last task begun, kept
