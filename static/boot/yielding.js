// The start gives way between its steps: each step is a task of its own, so that a tap
// made on the painted table meanwhile is handled — and its frame drawn — between two
// steps, not after the whole start (docs/performance.md, "A phone").
const root = document.documentElement;

// The time of the last input the page saw, to let its frame be drawn before the start
// goes on (a phone that is busy starting Python would otherwise draw it late).
let touched = -Infinity;
for (const type of ["pointerdown", "keydown", "click"]) {
  addEventListener(type, () => { touched = performance.now(); }, { capture: true, passive: true });
}

function task() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

// Resolve in a later task: the browser handles what the player did meanwhile first (the
// scheduler's own yield where there is one: input comes before it), and when the player
// has just touched the page, the frame that shows it is drawn first.
export async function nextTask() {
  const recent = performance.now() - touched < 100;
  if (recent && document.visibilityState === "visible" && root.dataset.app === "loading") {
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return task();
}
