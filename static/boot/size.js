import { boot } from "./data.js";

// The cards are sized from the board's size (halfmoon.css reads --bw and --bh): measured
// once at once, so that the first layout is already the right one (a change after it
// would move every card), then kept up to date by a ResizeObserver before every paint.
// (CSS size containment would do it without script but makes every layout of the table
// several times slower: docs/performance.md.)
// The widest board drawn for a narrow screen, the engine's (halfmoon/page/look.py), handed
// over by the build; the stylesheet's media query of the same width is checked against
// it (tests/test_facts.py).
const NARROW = (boot.look || {}).narrow_px;

/**
 * @param {HTMLElement} board
 * @param {number} width
 * @param {number} height
 */
function write(board, width, height) {
  board.style.setProperty("--bw", `${width}px`);
  board.style.setProperty("--bh", `${height}px`);
  board.classList.toggle("narrow", NARROW !== undefined && width <= NARROW);
}

/** @param {HTMLElement | null} board */
export function watchSize(board = document.querySelector(".board")) {
  if (!board) return;
  const box = board.getBoundingClientRect(); // the board has no border nor padding
  write(board, box.width, box.height);
  if (!("ResizeObserver" in window)) return;
  new ResizeObserver((entries) => {
    const entry = /** @type {ResizeObserverEntry} */ (entries[0]); // the board's
    const box = entry.contentBoxSize ? entry.contentBoxSize[0] : null;
    write(
      board,
      box ? box.inlineSize : entry.contentRect.width,
      box ? box.blockSize : entry.contentRect.height,
    );
  }).observe(board);
}
