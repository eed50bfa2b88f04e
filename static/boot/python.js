// Python's start, begun by the page's first module rather than when PyScript gets to
// it.  At once and in parallel: Pyodide's own files (its wasm, compiled as it streams in;
// the standard library the game uses, tools/stdlib.py; the lock file is handed over, not
// fetched), the engine, and on a return visit the memory snapshot an earlier visit of
// this build made — Python with the engine already imported.  PyScript starts meanwhile and then takes this Python
// (static/pyodide-loader.mjs, its interpreter).
//
// A return visit restores the snapshot only where one was made for this very build
// (the page remembers it: static/boot/snapshot.js); anything else starts Pyodide as
// usual: `?snapshot=off`, no Cache Storage (a sandboxed or storage-less frame), no
// snapshot yet, or one that fails to restore (another Pyodide build, a damaged copy,
// another engine), which is then removed and not made again for this build.
// The page says which on <html data-snapshot>: restored, none, off, or failed.
// docs/performance.md, "Back in a blink" and "Ready in a third of the time".
//
// What of Pyodide's and PyScript's insides this relies on is reached through
// static/boot/pyodide-door.js; on a Pyodide the door was not checked against, the start
// is Pyodide's own: no snapshot (data-snapshot off), no early compile, no quick runs.
import {
  boot,
  build,
  cacheStorage,
  keys,
  lang,
  offlineCache,
  serviceWorkers,
  stored,
} from "./data.js";
import { fail } from "./failure.js";
import { prepare } from "./memory.js";
import {
  buildModule,
  fetchRuntime,
  heap,
  hooked,
  loadPyodide,
  PYODIDE,
  pyscriptStartCode,
  runRaw,
  startOptions,
  withoutPackageImport,
  wrapRuns,
} from "./pyodide-door.js";
import { unzip } from "./unzip.js";
import { compileEarly } from "./wasm.js";
import { nextTask } from "./yielding.js";

/** @typedef {import("./pyodide-door.js").PyodideAPI} PyodideAPI */
/** @typedef {import("./pyodide-door.js").Settings} Settings */
/** @typedef {import("./memory.js").Prepared} Prepared */

/**
 * Where this build's snapshot is kept.
 * @typedef {object} Place
 * @property {string} build
 * @property {string} cache its Cache Storage name
 * @property {string} key its key there
 */

/**
 * What this page remembers of this build's snapshot.
 * @typedef {object} State
 * @property {string} [build]
 * @property {string | null} [state] made, failed or damaged
 * @property {number} [damaged] how many times it could not be read back
 */

/** @typedef {(line: string) => void} Stream a line of Python's output written */

const root = document.documentElement;
export const PREFIX = "hm-snapshot-";

// After a restore: the snapshot's random generator would repeat the values it held then;
// and the engine it holds must be this build's (its modules are not imported again).
// (Modules asked of Python directly: no text for runPython to parse.)
/**
 * @param {PyodideAPI} pyodide
 * @returns {unknown} the build of the engine the snapshot holds
 */
function afterRestore(pyodide) {
  const random = pyodide.pyimport("random");
  random.seed();
  random.destroy();
  const stamp = pyodide.pyimport("halfmoon.web.build");
  const made = stamp.BUILD;
  stamp.destroy();
  return made;
}

class Missing extends Error {}
class Damaged extends Error {}

// Where this build's snapshot is kept (its Cache Storage name and key), or null.
/** @returns {Place | null} */
export function snapshotPlace() {
  if (!hooked || build === "dev" || !cacheStorage() || !keys.snapshot) return null;
  if (new URLSearchParams(location.search).get("snapshot") === "off") return null;
  return {
    build,
    cache: PREFIX + build,
    key: new URL(`snapshot-${build}.bin`, location.href).href,
  };
}

// What this page remembers of this build's snapshot (the start and the worker write it):
// made; failed — it could not be made here, or not restored, and is not tried again for
// this build; damaged — it could not be read back, and is made again, once.
/** @returns {State} */
export function snapshotState() {
  try {
    const value = JSON.parse(stored(keys.snapshot) || "null");
    return value && value.build === build ? value : {};
  } catch (_) {
    return {};
  }
}

/** @param {string | null} state made, failed or damaged; null: nothing known */
export function rememberSnapshot(state) {
  try {
    const damaged = (snapshotState().damaged || 0) + (state === "damaged" ? 1 : 0);
    const value = state === "damaged" && damaged > 1 ? "failed" : state;
    localStorage.setItem(
      /** @type {string} */ (keys.snapshot),
      JSON.stringify({ build, state: value, damaged }),
    );
  } catch (_) {
    /* nothing can be remembered here: the next visit tries again */
  }
}

/**
 * @param {Place} place
 * @returns {Promise<ArrayBuffer>}
 */
async function readSnapshot(place) {
  // The page opens (and so makes) the cache the worker keeps the snapshot in: WebKit does
  // not show the page what a worker put into a cache the worker itself made.
  const cache = await caches.open(place.cache);
  const kept = await cache.match(place.key);
  if (!kept) throw new Missing("no snapshot kept");
  return kept.arrayBuffer();
}

/**
 * @param {ArrayBuffer} bytes
 * @returns {Prepared}
 */
function prepared(bytes) {
  try {
    return prepare(bytes);
  } catch (error) {
    throw new Damaged(/** @type {Error} */ (error).message);
  }
}

// A file of this version: from the offline copy's cache directly where the service worker
// has kept it (read whole from disk, many times sooner than through a request the worker
// answers, and a response Chromium keeps compiled wasm for), else from the network.
// (`request`: the page's fetch as it was when the start began.)
/**
 * @param {string | URL} url
 * @param {(url: string | URL) => Promise<Response>} request
 * @returns {Promise<Response>}
 */
async function kept(url, request = window.fetch.bind(window)) {
  try {
    const storage = cacheStorage();
    if (serviceWorkers()?.controller && storage && offlineCache) {
      const response = await (await storage.open(offlineCache)).match(url);
      if (response) return response;
    }
  } catch (_) {
    /* no cache here: the network */
  }
  return request(url);
}

/** @param {string | URL} url */
async function bytes(url) {
  const response = await kept(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// Python's output goes to PyScript's own streams once it takes over; until then it waits.
/** @type {{ stdout: Stream | null, stderr: Stream | null, early: Array<["stdout" | "stderr", string]> }} */
const streams = { stdout: null, stderr: null, early: [] };
/** @type {(name: "stdout" | "stderr") => Stream} */
const write = (name) => (line) => {
  streams[name] ? streams[name](line) : streams.early.push([name, line]);
};

// The first frame comes first: the files are requested at once, but the work that holds
// the page's one thread for a while (building Pyodide, restoring the snapshot) waits
// until the browser has painted (a hidden page does not paint: it waits for nothing).
const PAINT_WAIT_MS = 250;
export function afterPaint() {
  if (document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, PAINT_WAIT_MS);
  });
}

// The page's first contentful paint shown (the browser has reported it), or at once
// where there is none to wait for (a hidden page paints nothing), or after
// FIRST_PAINT_WAIT_MS where the browser reports no paint.
const FIRST_PAINT_WAIT_MS = 3000;
/** @returns {Promise<void>} */
export function afterFirstPaint() {
  if (document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, FIRST_PAINT_WAIT_MS);
    try {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName("first-contentful-paint").length === 0) return;
        observer.disconnect();
        resolve();
      }).observe({ type: "paint", buffered: true });
    } catch (_) {
      resolve(); // no paint timing: nothing to wait for
    }
  });
}

// A start without a snapshot imports a few hundred modules: Pyodide's last step some
// hundred at once (≈1.6 s of the page's thread on a slow phone), the page's script the
// engine at once.  Imported beforehand, each after those it imports (the build's order:
// tools/stdlib.py), the page gets a turn every few milliseconds; a module that will not
// import is left to the step that imports it, to fail there as it always would.
const SLICE_MS = 16;
/**
 * @param {(name: string) => void} load
 * @param {string[]} names
 */
async function importSliced(load, names = []) {
  let slice = performance.now();
  for (const name of names) {
    try {
      load(name);
    } catch (_) {
      /* imported again, and reported, where it is needed */
    }
    if (performance.now() - slice > SLICE_MS) {
      await nextTask();
      slice = performance.now();
    }
  }
}

/** @type {Promise<PyodideAPI> | null} */
let started = null;

// Begin Python's start (once); a promise of the running Pyodide, the engine unpacked.
/** @returns {Promise<PyodideAPI>} */
export function startPython() {
  if (started) return started;
  performance.mark("halfmoon-python-begun"); // the start's steps, read by make bench
  const python = boot.python || {};
  const place = snapshotPlace();
  const restore = place !== null && snapshotState().state === "made";
  root.dataset.snapshot = !place ? "off" : restore ? "restored" : "none";
  if (place) Object.assign(root.dataset, { snapshotCache: place.cache, snapshotKey: place.key });
  // Where Cache Storage is refused (a storage-less frame) no snapshot is tried, nor made.
  const usable = place
    ? caches.open(place.cache).then(
        () => true,
        () => false,
      )
    : Promise.resolve(false);
  const frame = afterPaint();
  const snapshot = restore ? readSnapshot(place).then(prepared) : null;
  snapshot?.catch(() => {}); // seen below, where it is awaited
  // the engine's files, inflated as soon as they arrive (Pyodide is not built by then);
  // none from a snapshot, which has every module of the engine imported already, unless
  // the snapshot cannot be used
  /** @type {() => Promise<import("./unzip.js").Member[]>} */
  const members = () =>
    python.engine
      ? bytes(new URL(python.engine, location.href)).then((zip) => unzip(zip))
      : Promise.reject(
          new Error("the page names no engine archive (its boot data's python.engine)"),
        );
  let early = restore ? null : members();
  early?.catch(() => {}); // seen below, where it is awaited
  // the words of the language the page shows, and only those: another language's are
  // fetched when the player picks it (halfmoon/web/words.py).  Where they cannot be had
  // (offline, before the offline copy has kept that language), another language's that
  // can: Python then speaks that one, and says why.
  const paths = python.words || {};
  const said = (async () => {
    const codes = [lang, ...Object.keys(paths).filter((code) => code !== lang)];
    let failure = new Error(`the page names no words for ${lang} (its boot data's python.words)`);
    for (const code of codes) {
      const path = paths[code];
      if (!path) continue;
      try {
        return { code, words: await bytes(new URL(path, location.href)) };
      } catch (error) {
        if (code === lang) failure = /** @type {Error} */ (error);
      }
    }
    throw failure;
  })();
  said.catch(() => {});
  if (hooked) fetchRuntime();
  const request = window.fetch.bind(window); // the page's fetch as it was when the start began
  // a return visit, the offline copy in charge: the wasm compiled off the page's thread
  const aside = serviceWorkers()?.controller && cacheStorage() ? offlineCache : null;
  const compiled = hooked
    ? compileEarly(PYODIDE + "pyodide.asm.wasm", (url) => kept(url, request), aside)
    : null;
  const options = {
    indexURL: PYODIDE,
    stdLibURL: python.stdlib ? new URL(python.stdlib, location.href).href : undefined,
    lockFileContents: python.lock,
    stdout: write("stdout"),
    stderr: write("stderr"),
  };
  // Pyodide fetches its wasm and standard library at once; it builds itself from them
  // (this function) once the first frame is out, in steps (static/boot/wasm.js); from a
  // snapshot, its memory is written in slices before Pyodide is handed the module
  // (static/boot/memory.js).
  /** @type {(stored: Promise<Prepared> | null) => (settings: Settings) => Promise<import("./pyodide-door.js").Made>} */
  const create = (stored) => async (settings) => {
    const [memory] = await Promise.all([stored, frame]);
    compiled?.(settings); // (a start the door does not hook never gets here)
    await nextTask();
    const made = await buildModule(settings, memory ? memory.length : 0);
    if (memory) await memory.restore(heap(made));
    else
      await importSliced(
        (name) => runRaw(made, `__import__(${JSON.stringify(name)})`),
        python.early,
      );
    await nextTask();
    return made;
  };
  started = (async () => {
    let pyodide = null;
    if (snapshot) {
      try {
        const header = snapshot.then((stored) => stored.header);
        pyodide = await loadPyodide(startOptions(options, create(snapshot), header));
        await nextTask();
        const made = afterRestore(pyodide);
        if (made !== build) throw new Error(`a snapshot of build ${made}`);
      } catch (error) {
        // Gone (evicted): made again.  Unreadable: dropped, made again once.  Refused by
        // Python (another build, another Pyodide): dropped, not made again for this build.
        pyodide = null;
        early = members(); // a start from nothing needs the engine's files after all
        early.catch(() => {});
        const missing = error instanceof Missing;
        root.dataset.snapshot = missing ? "none" : "failed";
        rememberSnapshot(missing ? null : error instanceof Damaged ? "damaged" : "failed");
        if (!missing) {
          console.warn(
            "Half Moon: the kept start of Python could not be used; starting afresh.",
            error,
          );
          caches.delete(/** @type {Place} */ (place).cache).catch(() => {}); // a snapshot: a place
        }
      }
    }
    if (place && !(await usable)) root.dataset.snapshot = "off";
    const restored = pyodide !== null;
    pyodide ??= await loadPyodide(startOptions(options, create(null)));
    performance.mark("halfmoon-pyodide");
    // The engine into Python's working directory (after a restore, nothing: the engine's
    // modules are all imported already).
    const files = restored ? [] : await (early ?? members());
    for (const [name, data] of files) {
      pyodide.FS.mkdirTree(name.split("/").slice(0, -1).join("/") || ".");
      pyodide.FS.writeFile(name, data);
    }
    pyodide.FS.mkdirTree("words"); // where halfmoon/web/words.py reads them
    const { code, words } = await said;
    pyodide.FS.writeFile(`words/${code}.json`, new Uint8Array(words));
    if (!restored) {
      // what PyScript's start and the page's script import, each in its own time
      const engine = files
        .map(([name]) => name)
        .filter((name) => /^halfmoon\/.*\.pyc$/.test(name))
        .map((name) =>
          name
            .slice(0, -4)
            .replace(/\//g, ".")
            .replace(/\.__init__$/, ""),
        );
      await importSliced(
        (name) => pyodide.pyimport(name).destroy(),
        [...(python.imports || []), ...engine],
      );
    }
    performance.mark("halfmoon-engine");
    return pyodide;
  })();
  return started;
}

// The texts PyScript runs at every start — its own start code (its package written, then
// its hooks' code: what it runs before the page's script, whose value it drops) and the
// page's script (main.py, which gives none back) — are run by halfmoon/web/runner.py
// rather than by Pyodide's runPython, which parses and walks each text in Python before
// compiling it (≈100 ms of a return visit here, several times that on a phone); on a
// return visit their code comes compiled in the snapshot, which is made with the texts
// this start ran (`ranQuickly`).  PyScript's start code runs without its package's import
// (the door's withoutPackageImport).  Any other text runs as it always did.
/** @type {string[]} */
export const ranQuickly = [];

/** @returns {Promise<(text: string) => string | null>} the text to run quickly, or null */
async function quickTexts() {
  if (!hooked) return () => null;
  const prefix = await pyscriptStartCode(); // null: it runs as it always did
  const script = document.querySelector('script[type="py"]')?.textContent.trim() || null;
  return (text) => {
    if (prefix !== null && text.startsWith(prefix)) return withoutPackageImport(text);
    return text === script ? text : null;
  };
}

// A promise, or a Python awaitable (which has `then` and `catch` too).
/**
 * @param {unknown} value
 * @returns {value is Promise<unknown>}
 */
function thenable(value) {
  return Boolean(value) && typeof (/** @type {{ then?: unknown }} */ (value).then) === "function";
}

// Python code that fails while the page starts (PyScript's own, or main.py) is a start
// that failed: PyScript only logs it, so the page says so (failure.js chooses the words:
// once main.py runs, it is not the network's fault) — even when the failure kills the
// interpreter outright, which no Python code can catch.
/**
 * @param {PyodideAPI} pyodide
 * @param {(text: string) => string | null} quickText
 */
function watchRuns(pyodide, quickText) {
  const failed = () => {
    if (root.dataset.app === "loading") fail(root.dataset.python ? "app.error" : "app.error.load");
  };
  /** @type {((text: string) => unknown) | null | undefined} */
  let runner;
  /** @type {(args: unknown[]) => (() => unknown) | null} */
  const quick = (args) => {
    const given = args.length === 1 && typeof args[0] === "string" ? args[0].trim() : null;
    const text = given === null ? null : quickText(given);
    if (text === null) return null;
    if (runner === undefined) {
      try {
        runner = pyodide.pyimport("halfmoon.web.runner").run;
      } catch (error) {
        runner = null; // every text runs as Pyodide runs it
        console.warn("Half Moon: PyScript's start runs as Pyodide runs it", error);
      }
    }
    const run = runner;
    if (!run) return null;
    ranQuickly.push(text);
    root.dataset.quickRuns = String(ranQuickly.length); // tests read it
    return () => run(text);
  };
  return wrapRuns(pyodide, (name, run, args) => {
    try {
      const fast = name === "runPython" ? quick(args) : null;
      const result = fast ? fast() : run(args);
      if (thenable(result)) result.catch(failed);
      return result;
    } catch (error) {
      failed();
      throw error;
    }
  });
}

// PyScript asks for its interpreter: the Python begun above, with PyScript's own streams.
/**
 * @param {{ stdout?: Stream, stderr?: Stream }} options
 * @returns {Promise<PyodideAPI>}
 */
export async function python(options = {}) {
  performance.mark("halfmoon-pyscript");
  streams.stdout = options.stdout || console.log;
  streams.stderr = options.stderr || console.error;
  for (const [name, line] of streams.early.splice(0)) streams[name]?.(line);
  const [pyodide, quickText] = await Promise.all([startPython(), quickTexts()]);
  return watchRuns(pyodide, quickText);
}
