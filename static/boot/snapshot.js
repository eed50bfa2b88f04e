// Back in a blink: once the game is ready and the page idle, a module worker makes the
// memory snapshot that the next visit starts Python from (static/snapshot-worker.js;
// static/boot/python.js restores it), and the snapshots of other builds are removed.
// Made once per build: the page remembers that it was made, or that it could not be
// (a quota too small for it, a browser without module workers, one Python refused), and
// does not try again for this build; one that could not be read back is made again once.
import { boot, build } from "./data.js";
import { PREFIX, ranQuickly, rememberSnapshot, snapshotPlace, snapshotState } from "./python.js";
import { whenSettled } from "./yielding.js";

const root = document.documentElement;

// What this visit does about the next one, said on <html data-snapshot-next> (tests and
// make bench wait for it): making (a worker is on its way), or why not: made (this build
// has one), failed (not to be tried again for this build), restored (this visit started
// from it), off (no Cache Storage here).
/**
 * @param {string} next
 * @returns {boolean} whether a worker is on its way
 */
function decide(next) {
  root.dataset.snapshotNext = next;
  return next === "making";
}

/** @returns {boolean} whether a worker is on its way */
export function makeSnapshot() {
  const place = snapshotPlace();
  if (!place || root.dataset.snapshot === "off") return decide("off");
  // the snapshots of other builds will never be used again
  caches
    .keys()
    .then((names) =>
      Promise.all(
        names
          .filter((name) => name.startsWith(PREFIX) && name !== place.cache)
          .map((name) => caches.delete(name)),
      ),
    )
    .catch(() => {});
  const state = snapshotState().state;
  if (state === "made" || state === "failed") return decide(state);
  if (root.dataset.snapshot === "restored") return decide("restored");
  if (typeof Worker !== "function") {
    rememberSnapshot("failed"); // no workers here: every visit starts Python from nothing
    return decide("failed");
  }
  const making = decide("making");
  whenSettled(() => {
    let worker;
    try {
      worker = new Worker(new URL("../snapshot-worker.js", import.meta.url), {
        type: "module",
      });
    } catch (_) {
      rememberSnapshot("failed"); // no module workers here: every visit starts Python from nothing
      return;
    }
    const started = performance.now(); // measured by make bench: taps meanwhile
    /** @param {{ ok: boolean, bytes?: number, memory?: number, error?: string }} data */
    const done = (data) => {
      worker.terminate();
      performance.measure("halfmoon-snapshot", { start: started });
      rememberSnapshot(data.ok ? "made" : "failed");
      // the bytes kept, and Python's memory they stand for
      root.dataset.snapshotMade = data.ok ? String(data.bytes) : "failed";
      if (data.ok) root.dataset.snapshotMemory = String(data.memory);
      if (!data.ok) console.warn("Half Moon: no snapshot for the next visit:", data.error);
    };
    worker.onmessage = ({ data }) => done(data);
    worker.onerror = (event) =>
      done({ ok: false, error: event.message || "the worker did not start" });
    const python = boot.python || {};
    worker.postMessage({
      cache: place.cache,
      key: place.key,
      build,
      engine: new URL(/** @type {string} */ (python.engine), location.href).href, // named by the page, as the start has it
      stdlib: python.stdlib ? new URL(python.stdlib, location.href).href : undefined,
      lock: python.lock,
      imports: python.imports || [],
      texts: ranQuickly, // compiled into the snapshot (halfmoon/web/runner.py)
    });
  });
  return making;
}
