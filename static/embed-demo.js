// @ts-check
// Listens to the <half-moon> element (embed.js) and lists what the game reports, and
// sets the element's attributes from the form beside it (the frame follows).  The
// element dispatches each message of the game as a "halfmoon-<type>" event, having
// checked that it came from its own frame.

/**
 * What the game posts (docs/embedding.md), the events' detail.
 * @typedef {object} GameMessage
 * @property {"halfmoon"} source
 * @property {string} type ready, move, undo, won, impasse or new
 * @property {string} code the deal code
 * @property {number} score
 * @property {number} moves
 * @property {number} time seconds of play
 */

const TYPES = ["ready", "move", "undo", "won", "impasse", "new"];
const game = document.getElementById("game");
const log = document.getElementById("log");

/**
 * @param {string} id a summary field of the page
 * @param {unknown} value
 */
function show(id, value) {
  const field = document.getElementById(id);
  if (field) field.textContent = String(value);
}

/** @param {Event} event */
function heard(event) {
  if (!(event instanceof CustomEvent)) return;
  /** @type {GameMessage} */
  const data = event.detail;
  show("score", data.score);
  show("moves", data.moves);
  show("code", data.code ?? "—");
  const item = document.createElement("li");
  item.textContent = `${data.type}: score ${data.score}, moves ${data.moves}, ${data.time} s`;
  item.dataset.type = String(data.type);
  log?.prepend(item);
}

for (const type of TYPES) game?.addEventListener(`halfmoon-${type}`, heard);

for (const control of document.querySelectorAll("[data-attribute]")) {
  if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) continue;
  const name = control.dataset.attribute ?? "";
  const current = game?.getAttribute(name);
  if (control instanceof HTMLInputElement) control.checked = current !== null;
  else control.value = current ?? "";
  control.addEventListener("change", () => {
    const on = control instanceof HTMLInputElement ? control.checked : control.value !== "";
    if (!on) game?.removeAttribute(name);
    else game?.setAttribute(name, control instanceof HTMLInputElement ? "" : control.value);
  });
}
