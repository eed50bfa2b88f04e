// The prototype page's one JavaScript module (issue 54): it starts the engine's worker
// (bench/worker/engine.js) as the page is read, before MicroPython is up, and gives the
// page's MicroPython one function, `hmEngine.ask(kind, arg)`: a promise of the worker's
// answer, a string.  The worker answers in the order it is asked.  Not shipped.
const root = document.documentElement;
const config = JSON.parse(document.getElementById("proto-config")?.textContent ?? "{}");
const worker = new Worker(new URL("./engine.js", import.meta.url), { type: "module" });
worker.postMessage({ kind: "config", ...config });

/** @type {Map<number, {resolve: (text: string) => void, reject: (e: Error) => void}>} */
const waiting = new Map();
let next = 0;

worker.onmessage = ({ data }) => {
  if (data.kind === "started") {
    root.dataset.snapshot = data.how;
    for (const [name, wall] of data.steps)
      performance.mark(`halfmoon-worker-${name}`, { startTime: wall - performance.timeOrigin });
    return;
  }
  if (data.kind === "snapshot") {
    if (data.failed) console.warn("prototype: no snapshot:", data.failed);
    root.dataset.snapshotMemory = String(data.memory ?? 0);
    root.dataset.snapshotMade = data.failed ? "failed" : String(data.made);
    return;
  }
  const asked = waiting.get(data.id);
  waiting.delete(data.id);
  if (!asked) return;
  if (data.ok) asked.resolve(data.text);
  else asked.reject(new Error(data.error));
};
worker.onerror = (event) => console.error("prototype: the engine's worker failed", event.message);

window.hmEngine = {
  /**
   * @param {string} kind
   * @param {string} arg
   * @returns {Promise<string>}
   */
  ask(kind, arg) {
    const id = next++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, kind, arg });
    });
  },
};
