// @ts-check
// Listens to the Half Moon frame and lists what it reports.  Only messages that come
// from the frame's own window and say source "halfmoon" are taken.

/**
 * What the game posts (docs/embedding.md); a message from elsewhere may hold anything.
 * @typedef {object} GameMessage
 * @property {"halfmoon"} source
 * @property {string} type ready, move, undo, won, impasse or new
 * @property {string} code the deal code
 * @property {number} score
 * @property {number} moves
 * @property {number} time seconds of play
 */

const frame = document.getElementById("game");
const log = document.getElementById("log");

/**
 * @param {unknown} data a message's data
 * @returns {data is GameMessage}
 */
function fromHalfmoon(data) {
  return (
    typeof data === "object" && data !== null && "source" in data && data.source === "halfmoon"
  );
}

/**
 * @param {string} id a summary field of the page
 * @param {unknown} value
 */
function show(id, value) {
  const field = document.getElementById(id);
  if (field) field.textContent = String(value);
}

window.addEventListener("message", (event) => {
  if (!(frame instanceof HTMLIFrameElement) || event.source !== frame.contentWindow) return;
  const data = event.data;
  if (!fromHalfmoon(data)) return;
  show("score", data.score);
  show("moves", data.moves);
  show("code", data.code ?? "—");
  const item = document.createElement("li");
  item.textContent = `${data.type}: score ${data.score}, moves ${data.moves}, ${data.time} s`;
  item.dataset.type = String(data.type);
  log?.prepend(item);
});
