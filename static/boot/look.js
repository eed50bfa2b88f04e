// The options that change how the page looks, applied before the first paint (Python's
// renderer keeps them up to date afterwards, halfmoon/web/render.py): the theme, the
// felt, the deck's colours and the large index everywhere cards are drawn, and on the
// game's table the pile numbers, reduced motion and a calm table's bar, and whether full
// screen is offered; and today's date on the deal of the day's button.  The names and
// values are the engine's (halfmoon/keeping/prefs.py), handed over in the boot data; the options
// are the stored ones with those the address gives over them (./data.js).  The rules
// and examples pages use the first half.
import { boot, prefs } from "./data.js";

const root = document.documentElement;
// the first of each is a first visit's
const themes = boot.themes || [];
const felts = boot.felts || [];
const switches = boot.switches || {};

/** @param {string} name */
function on(name) {
  const field = switches[name];
  return Object.hasOwn(switches, name) && field !== undefined && prefs[field] === true;
}

export function applyTheme() {
  const { theme: stored, felt: storedFelt } = prefs;
  const theme = typeof stored === "string" && themes.includes(stored) ? stored : themes[0];
  const felt = typeof storedFelt === "string" && felts.includes(storedFelt) ? storedFelt : felts[0];
  if (theme) root.dataset.theme = theme;
  if (felt) root.dataset.felt = felt;
  root.classList.toggle("four-colour", on("four-colour"));
  root.classList.toggle("large-index", on("large-index"));
}

// The day of the month on the deal of the day's button (the player's own calendar, as
// Python's is: halfmoon/web/render.py, today).
export function applyToday() {
  const today = document.querySelector('[data-role="today"]');
  if (today) today.textContent = String(new Date().getDate());
}

export function applyTable() {
  for (const name of ["pile-numbers", "reduce-motion"]) root.classList.toggle(name, on(name));
  // a calm table's bar leaves out the clock, the score and the moves (halfmoon/page/view.py,
  // CALM_HIDES), each with its name, from the first frame
  for (const name of boot.calm || []) {
    const figure = document.querySelector(`[data-stat="${name}"]`)?.parentElement;
    if (figure) figure.hidden = on("calm");
  }
  // full screen only where the browser offers it (in a frame: where the host allows it)
  root.classList.toggle("no-fullscreen", !document.fullscreenEnabled);
}
