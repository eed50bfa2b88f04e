// Half Moon's start of Python.  PyScript imports this module as its interpreter (the
// build writes it next to Pyodide's own pyodide.mjs, under a name that changes with its
// content, and names it in pyscript.json) and calls its loadPyodide.
//
// A return visit restores the memory snapshot that an earlier visit of this very build
// made in the background (static/snapshot.js): Python with the engine already imported,
// about four times sooner than a start from nothing.  Anything else starts Pyodide as
// usual: no snapshot yet, `?snapshot=off`, no Cache Storage (a sandboxed or
// storage-less frame), or a snapshot that fails to restore (another Pyodide build, a
// damaged copy, another format: static/snapshot-format.js, another engine) — which is
// then removed.
// The page says which on <html data-snapshot>: restored, none, off, or failed.
// docs/performance.md, "Back in a blink".
import { loadPyodide as load, version } from "./pyodide.mjs";
// the build writes this file two folders down, in vendor/pyodide-<version>/
import { unpack } from "../../static/snapshot-format.js";

export { version };

export const PREFIX = "hm-snapshot-";
const root = document.documentElement;

// Where this build's snapshot is kept (its Cache Storage name and key), or null.
export function snapshotPlace() {
  const build = document.querySelector('meta[name="halfmoon-build"]')?.content;
  if (!build || build === "dev") return null;
  if (new URLSearchParams(location.search).get("snapshot") === "off") return null;
  return { build, cache: PREFIX + build, key: new URL(`snapshot-${build}.bin`, location.href).href };
}

// The kept snapshot, null if there is none yet, undefined if there is no Cache Storage
// here (then none is made either: boot.js starts no worker without a place to keep it).
async function storedSnapshot(place) {
  try {
    // The page opens (and so makes) the cache the worker then keeps the snapshot in:
    // WebKit does not show the page what a worker put in a cache the worker made.
    const cache = await caches.open(place.cache);
    return (await cache.match(place.key)) || null;
  } catch (_) {
    return undefined;
  }
}

// After a restore: the snapshot's random generator would repeat the values it held then;
// and the engine it holds must be this build's (its modules are not imported again).
const AFTER_RESTORE = `import sys
if 'random' in sys.modules: sys.modules['random'].seed()
getattr(sys.modules.get('halfmoon.web.build'), 'BUILD', None)`;

export async function loadPyodide(options) {
  const found = snapshotPlace();
  const stored = found && (await storedSnapshot(found));
  const place = stored === undefined ? null : found;
  root.dataset.snapshot = !place ? "off" : stored ? "restored" : "none";
  if (place) Object.assign(root.dataset, { snapshotCache: place.cache, snapshotKey: place.key });
  if (stored) {
    try {
      const pyodide = await load({ ...options, _loadSnapshot: stored.arrayBuffer().then(unpack) });
      const build = pyodide.runPython(AFTER_RESTORE);
      if (build !== place.build) throw new Error(`a snapshot of build ${build}`);
      return pyodide;
    } catch (error) {
      root.dataset.snapshot = "failed";
      console.warn("Half Moon: the kept start of Python could not be used; starting afresh.", error);
      caches.delete(place.cache).catch(() => {});
    }
  }
  return load(options);
}
