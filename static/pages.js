// @ts-check
// The rules and examples pages: the player's theme and deck colours, offline why the page
// is in its language (static/unkept.js), and the replay of the example games.  Every
// diagram, caption and card was written by the site build from the engine; this file
// only shows one step at a time (no card is drawn here).
import "./errors.js";
import { applyTheme } from "./boot/look.js";
import { sayUnkept } from "./unkept.js";

applyTheme(); // the player's theme and deck colours (the system's where none is stored)
sayUnkept(); // offline, why this page is in this language

/**
 * One step of an example game, as the site build wrote it (tools/build_pages.py): the
 * template each place shows, and the texts.
 * @typedef {object} Step
 * @property {string[]} places the id of each place's template, in the order of the slots
 * @property {string} caption
 * @property {string} note
 * @property {string} stats
 * @property {string} position
 */

/**
 * An example game's replay data (its data-role="steps" script).
 * @typedef {object} Replay
 * @property {string[]} slots the places' data-slot, in order
 * @property {number} pace ms a move, when it plays on its own (the engine's PLAY_MS)
 * @property {Step[]} steps
 */

/**
 * The element of this kind the site build wrote under this selector (a missing one is
 * the build's mistake, said as such).
 * @template {Element} T
 * @param {ParentNode} within
 * @param {string} selector
 * @param {{ new (): T, prototype: T }} kind the element's class, e.g. HTMLInputElement
 * @returns {T}
 */
function find(within, selector, kind) {
  const element = within.querySelector(selector);
  if (!(element instanceof kind)) throw new Error(`the replay has no ${kind.name} ${selector}`);
  return element;
}

/** @param {HTMLElement} box a replay (data-replay) */
function replay(box) {
  /** @type {Replay} */
  const data = JSON.parse(find(box, '[data-role="steps"]', HTMLElement).textContent ?? "");
  const steps = data.steps;
  const pace = data.pace;
  const places = data.slots.map((slot) => find(box, `.stage [data-slot="${slot}"]`, HTMLElement));
  /** @type {Array<string | null>} the template each place shows now */
  const shown = places.map(() => null);
  /** @param {string} role */
  const text = (role) => find(box, `[data-role="${role}"]`, Element);
  const caption = text("caption");
  const note = text("note");
  const stats = text("stats");
  const where = text("position");
  const slider = find(box, '[data-role="slider"]', HTMLInputElement);
  /** @param {string} action */
  const control = (action) => find(box, `[data-step-action="${action}"]`, HTMLButtonElement);
  const buttons = {
    first: control("first"),
    prev: control("prev"),
    play: control("play"),
    next: control("next"),
    last: control("last"),
  };
  const items = [...box.querySelectorAll(".move-list [data-step]")];
  const play = buttons.play;
  const stage = find(box, ".stage", HTMLElement);
  const motion = matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  let index = 0;
  /** @type {number | null} */
  let timer = null;

  /** @param {number} next the step to show (kept within the game) */
  function show(next) {
    index = Math.max(0, Math.min(steps.length - 1, next));
    const step = steps[index];
    if (!step) return; // a game of no step: nothing to show
    step.places.forEach((id, k) => {
      const place = places[k];
      if (!place || shown[k] === id) return;
      const template = document.getElementById(id);
      if (!(template instanceof HTMLTemplateElement)) throw new Error(`the replay has no #${id}`);
      place.replaceChildren(template.content.cloneNode(true));
      place.dataset.count = template.dataset.count;
      shown[k] = id;
    });
    caption.textContent = step.caption;
    note.textContent = step.note;
    stats.textContent = step.stats;
    where.textContent = step.position;
    slider.value = String(index);
    const focused = document.activeElement;
    buttons.first.disabled = buttons.prev.disabled = index === 0;
    buttons.last.disabled = buttons.next.disabled = index === steps.length - 1;
    // a button that just became disabled would drop the keyboard focus on the page
    if (focused instanceof HTMLButtonElement && focused.disabled) stage.focus();
    items.forEach((item, k) => {
      if (k === index) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    });
    if (index === steps.length - 1) stop();
  }

  /** @param {boolean} on */
  function setPlaying(on) {
    play.setAttribute("aria-pressed", on ? "true" : "false");
    const label = on ? play.dataset.labelPause : play.dataset.labelPlay;
    find(play, ".label", Element).textContent = label ?? "";
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    setPlaying(false);
  }

  function start() {
    if (index === steps.length - 1) show(0);
    setPlaying(true);
    timer = setInterval(() => show(index + 1), pace);
  }

  /** @type {Record<string, () => void>} */
  const actions = {
    first: () => show(0),
    prev: () => show(index - 1),
    next: () => show(index + 1),
    last: () => show(steps.length - 1),
    play: () => (timer === null ? start() : stop()),
  };
  for (const [name, button] of Object.entries(buttons)) {
    button.addEventListener("click", () => {
      if (name !== "play") stop();
      actions[name]?.();
    });
  }
  slider.addEventListener("input", () => {
    stop();
    show(Number(slider.value));
  });
  items.forEach((item, k) =>
    item.addEventListener("click", () => {
      stop();
      show(k);
      stage.scrollIntoView({ block: "nearest", behavior: motion });
    }),
  );
  /** @type {Record<string, string>} */
  const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  box.addEventListener("keydown", (event) => {
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    const name = Object.hasOwn(keys, event.key) ? keys[event.key] : null;
    if (!name) return;
    event.preventDefault();
    stop();
    actions[name]?.();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) stop();
  });
  box.dataset.ready = "true";
  show(0);
}

for (const box of document.querySelectorAll("[data-replay]")) {
  if (box instanceof HTMLElement) replay(box);
}
