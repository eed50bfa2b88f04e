// The rules and examples pages: the player's theme and deck colours, and the replay of
// the example games.  Every diagram, caption and card was written by the site build from
// the engine; this file only shows one step at a time (no card is drawn here).
import "./errors.js";
import { applyTheme } from "./boot/look.js";

applyTheme(); // the player's theme and deck colours (the system's where none is stored)

function replay(box) {
  const data = JSON.parse(box.querySelector('[data-role="steps"]').textContent);
  const steps = data.steps;
  const pace = data.pace; // ms a move, when it plays on its own (the engine's PLAY_MS)
  const places = data.slots.map((slot) => box.querySelector(`.stage [data-slot="${slot}"]`));
  const shown = places.map(() => null);
  const text = (role) => box.querySelector(`[data-role="${role}"]`);
  const caption = text("caption");
  const note = text("note");
  const stats = text("stats");
  const where = text("position");
  const slider = text("slider");
  const buttons = {};
  for (const button of box.querySelectorAll("[data-step-action]")) buttons[button.dataset.stepAction] = button;
  const items = [...box.querySelectorAll(".move-list [data-step]")];
  const play = buttons.play;
  const stage = box.querySelector(".stage");
  const motion = matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  let index = 0;
  let timer = null;

  function show(next) {
    index = Math.max(0, Math.min(steps.length - 1, next));
    const step = steps[index];
    step.places.forEach((id, k) => {
      if (shown[k] === id) return;
      const template = document.getElementById(id);
      places[k].replaceChildren(template.content.cloneNode(true));
      places[k].dataset.count = template.dataset.count;
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
    if (focused && focused.disabled) stage.focus();
    items.forEach((item, k) => {
      if (k === index) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    });
    if (index === steps.length - 1) stop();
  }

  function setPlaying(on) {
    play.setAttribute("aria-pressed", on ? "true" : "false");
    play.querySelector(".label").textContent = on ? play.dataset.labelPause : play.dataset.labelPlay;
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
      actions[name]();
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
    })
  );
  const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  box.addEventListener("keydown", (event) => {
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    const name = keys[event.key];
    if (!name) return;
    event.preventDefault();
    stop();
    actions[name]();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) stop();
  });
  box.dataset.ready = "true";
  show(0);
}

for (const box of document.querySelectorAll("[data-replay]")) replay(box);
