// The start gives way between its steps: each step is a task of its own, so that a tap
// made on the painted table meanwhile is handled — and its frame drawn — between two
// steps, not after the whole start (docs/performance.md, "A phone").
const root = document.documentElement;

// The time of the last input the page saw, to let its frame be drawn before the start
// goes on (a phone that is busy starting Python would otherwise draw it late).
let touched = -Infinity;
for (const type of ["pointerdown", "keydown", "click"]) {
  addEventListener(
    type,
    () => {
      touched = performance.now();
    },
    { capture: true, passive: true },
  );
}

/** @returns {Promise<void>} */
function task() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

// A task of the lowest priority (the scheduler's "background") where there is one:
// anything the browser has waiting — the player's touch, the frame that shows it, a file
// arriving — goes first.
/**
 * @param {boolean} seen whether the page is visible
 * @returns {Promise<unknown>}
 */
function laterTask(seen) {
  const scheduler = globalThis.scheduler;
  if (seen && typeof scheduler?.postTask === "function") {
    return scheduler.postTask(() => {}, { priority: "background" });
  }
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return task();
}

/** @type {() => Promise<void>} */
const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

// Resolve in a later task, once what the player did meanwhile has been handled and
// drawn.  Measured on a phone's start (make bench's phone row): taps answered in a
// median of 100 ms against 184 ms with the scheduler's own yield, whose continuation
// goes before them.
export async function nextTask() {
  const seen = document.visibilityState === "visible";
  if (seen && performance.now() - touched < 100 && root.dataset.app === "loading") await frame();
  await laterTask(seen);
}

const SETTLE_MS = 5000; // not before the player has settled in: the first taps never share the machine
const IDLE_MS = 4000;

// Work a visit does for the next ones (the snapshot, the rest of the offline copy): run
// once the player has settled in and the page is idle.
/** @param {() => void} run */
export function whenSettled(run) {
  const idle = window.requestIdleCallback || ((later) => setTimeout(later, 1500));
  setTimeout(() => idle(run, { timeout: IDLE_MS }), SETTLE_MS);
}
