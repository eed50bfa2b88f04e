// The one door to Pyodide's and PyScript's insides.  Every use the start makes of their
// private or undocumented parts is here, and nowhere else: the page's start
// (static/boot/python.js, wasm.js, memory.js) and the snapshot worker
// (static/snapshot-worker.js) call the functions below.  tests/test_start_hooks.py pins
// each of them against the vendored files (docs/performance.md, "A phone").
//
// The hooks hold for the Pyodide they were checked against (VERIFIED).  Any other
// Pyodide running here (an upgrade whose hooks were not checked again, a stale copy) gets
// none of them: `hooked` is false, and each function below leaves Pyodide to do as its
// documentation says — the page starts Python plainly, with no snapshot made or
// restored, no early compile, no quick runs.  Nothing here touches the page (the
// snapshot worker imports it too) but standInForWasm, which only the page calls.
import { loadPyodide, version } from "../../vendor/pyodide/pyodide.mjs";

export { loadPyodide, version };

/** @typedef {import("../../vendor/pyodide/pyodide.mjs").PyodideAPI} PyodideAPI */
/** @typedef {import("../../vendor/pyodide/pyodide.mjs").PyodideConfig} PyodideConfig */

/** @typedef {import("../../vendor/pyodide/pyodide.mjs").CreatePyodideModule} CreatePyodideModule */

/** @typedef {Parameters<CreatePyodideModule>[0]} EmscriptenSettings */

/**
 * Emscripten's settings for Pyodide's module, which the start changes, and the hook it
 * adds (Emscripten's status line).
 * @typedef {{ -readonly [K in keyof EmscriptenSettings]: EmscriptenSettings[K] }
 *   & { setStatus?: (text: string) => void }} Settings
 */

/** @typedef {Awaited<ReturnType<CreatePyodideModule>>} Made Pyodide's Emscripten module */

/**
 * The wasm instantiated from a response, with the imports Emscripten gave.
 * @callback Stream
 * @param {Response | PromiseLike<Response>} response
 * @returns {Promise<WebAssembly.WebAssemblyInstantiatedSource>}
 */

/**
 * The start's own instantiation of the wasm (static/boot/wasm.js).
 * @callback Instantiator
 * @param {WebAssembly.Imports} imports Emscripten's imports
 * @param {Stream} stream instantiates as Pyodide would
 * @returns {Promise<WebAssembly.WebAssemblyInstantiatedSource>}
 */

/**
 * Pyodide's ways of running Python text, as the page wraps them (methods: each takes
 * its own arguments).
 * @typedef {{ runPython(...args: unknown[]): unknown, runPythonAsync(...args: unknown[]): unknown }} Runs
 */

// The Pyodide (package.json's version) whose insides every hook below was checked
// against; the test fails until it is the vendored one.
export const VERIFIED = "314.0.8";
export const hooked = version === VERIFIED;
if (!hooked) console.warn(`Half Moon: Pyodide ${version} is not ${VERIFIED}: it starts plainly`);

export const PYODIDE = new URL("../../vendor/pyodide/", import.meta.url).href;

// ---- The module: loadPyodide's `createPyodideModule` (experimental) and `_loadSnapshot`
// (private) options; Emscripten's `INITIAL_MEMORY` setting and `HEAP8`; Pyodide's
// private `API.rawRun`.

/** @type {Promise<{ default: (settings: Settings) => Promise<Made> }> | null} */
let runtime = null;

// Pyodide's Emscripten module (pyodide.asm.mjs), fetched once, from the first call.
export function fetchRuntime() {
  runtime ??= import(PYODIDE + "pyodide.asm.mjs");
  return runtime;
}

// loadPyodide's `options` with the start's own maker of the module, `make(settings)`,
// and on a restore the snapshot's `header` (a promise of its bytes); the options as
// they are on a plain start.
/**
 * @param {PyodideConfig} options
 * @param {(settings: Settings) => Promise<Made>} make
 * @param {Promise<Uint8Array> | null} header
 * @returns {PyodideConfig}
 */
export function startOptions(options, make, header = null) {
  if (!hooked) return options;
  /** @type {PyodideConfig} */
  const hooks = { createPyodideModule: (settings) => make(settings) };
  if (header) hooks._loadSnapshot = header;
  return { ...options, ...hooks };
}

// The Emscripten module built from `settings` (inside `make`), asked for `memory` bytes
// of memory when a snapshot is to be written into it.  (As Pyodide's own loader asks;
// this Pyodide's wasm makes its memory itself, 480 pages (31.5 MB), whatever is asked,
// and memory.js refuses a snapshot larger than the memory made: the start is then a
// fresh one.)
/**
 * @param {Settings} settings
 * @param {number} memory the bytes asked for, or 0 for Pyodide's own
 * @returns {Promise<Made>}
 */
export async function buildModule(settings, memory = 0) {
  const module = await fetchRuntime();
  if (memory) settings.INITIAL_MEMORY = memory;
  return module.default(settings);
}

// The module's whole memory, as bytes.
/** @param {Made} made */
export function heap(made) {
  return new Uint8Array(made.HEAP8.buffer, made.HEAP8.byteOffset, made.HEAP8.length);
}

// Python code run before Pyodide's own start has finished (its private `API.rawRun`:
// no result, nothing thrown).
/**
 * @param {Made} made
 * @param {string} code
 */
export function runRaw(made, code) {
  made.API.rawRun(code);
}

// ---- The snapshot: its header as Pyodide's private `API.restoreSnapshot` reads it;
// loadPyodide's private `_makeSnapshot` option and `makeMemorySnapshot`.

// Where the memory begins in a snapshot Pyodide made: the header's second word (the first
// is a magic number).
/** @param {Uint8Array} header */
export function memoryStart(header) {
  return new DataView(header.buffer, header.byteOffset, 8).getUint32(4, true);
}

// loadPyodide's `options` for a Pyodide that can make a snapshot, or null.
/**
 * @param {PyodideConfig} options
 * @returns {PyodideConfig | null}
 */
export function snapshotOptions(options) {
  return hooked ? { ...options, _makeSnapshot: true } : null;
}

/**
 * @param {PyodideAPI} pyodide
 * @returns {Uint8Array}
 */
export function makeSnapshot(pyodide) {
  return pyodide.makeMemorySnapshot();
}

// ---- The wasm: Pyodide fetches it with the global `fetch` as it builds Emscripten's
// settings and hands the response to `WebAssembly.instantiateStreaming` inside its
// `instantiateWasm`; Emscripten asks the `GOT.func` imports for functions it puts in
// its table (each a JavaScript function with its signature in `.sig`), and starts its
// runtime in a task of its own when the Module has a `setStatus`.

// Pyodide's own request for the wasm at `url`, answered with an empty stand-in (the
// wasm comes compiled: takeWasm).  Only the page calls this.
/** @param {string} url */
export function standInForWasm(url) {
  if (!hooked) return;
  const previous = globalThis.fetch;
  /**
   * @this {unknown}
   * @param {RequestInfo | URL} input
   * @param {RequestInit} [init]
   */
  globalThis.fetch = function (input, init) {
    if (new URL(input instanceof Request ? input.url : input, location.href).href !== url) {
      return previous.call(this, input, init);
    }
    globalThis.fetch = previous; // Pyodide asks once
    return Promise.resolve(
      new Response(new Uint8Array(0), { headers: { "content-type": "application/wasm" } }),
    );
  };
}

// Emscripten's `settings` made to take the wasm from `instantiate(imports, stream)`
// (which gives { module, instance }; `stream(response)` instantiates as Pyodide would),
// and to start its runtime in a task of its own.
/**
 * @param {Settings} settings
 * @param {Instantiator} instantiate
 */
export function takeWasm(settings, instantiate) {
  if (!hooked) return;
  settings.setStatus ??= () => {};
  const pyodides = settings.instantiateWasm;
  if (!pyodides) return;
  settings.instantiateWasm = (imports, done) => {
    const streaming = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = (_standIn, withImports) => {
      WebAssembly.instantiateStreaming = streaming;
      // Emscripten always gives its imports
      const given = /** @type {WebAssembly.Imports} */ (withImports);
      return instantiate(given, (response) => streaming(response, given));
    };
    return pyodides(imports, done);
  };
}

// The names the wasm asks of its `GOT.func` imports as it is instantiated, filled in
// as it asks.
/**
 * @param {WebAssembly.Imports} imports
 * @returns {string[]}
 */
export function recordTableImports(imports) {
  /** @type {string[]} */
  const names = [];
  const table = imports["GOT.func"];
  if (table) {
    imports["GOT.func"] = new Proxy(table, {
      get(target, key, receiver) {
        if (typeof key === "string") names.push(key);
        return Reflect.get(target, key, receiver);
      },
    });
  }
  return names;
}

// The signature Emscripten gave a JavaScript function of its imports (the result's
// letter, then the parameters'), or null.
/**
 * @param {unknown} func
 * @returns {string | null}
 */
export function signatureOf(func) {
  if (typeof func !== "function" || !("sig" in func)) return null;
  return typeof func.sig === "string" ? func.sig : null;
}

// ---- PyScript: its start code (the undocumented `stdlib` export of its core.js), run
// through Pyodide's runPython like the page's script.

// PyScript's start code, or null (then it runs as it always did).
export async function pyscriptStartCode() {
  if (!hooked) return null;
  try {
    const { stdlib } = await import("../../vendor/pyscript/core.js");
    return typeof stdlib === "string" && stdlib.trim() ? stdlib.trim() : null;
  } catch (_) {
    return null;
  }
}

// PyScript's start code ends by importing the package it has just written: the line
// below, then `del _pyscript` (its source: "in order to fix js.document in the Worker
// case").  On the page's thread nothing needs it then — PyScript's own JavaScript never
// asks Python for it, and the game reaches the page through `js` — yet it is eleven
// modules run at once: ≈40 ms of a return visit here, 160–180 ms of a phone's longest
// task.  The page runs the start code without those two lines: the package is written as
// before and imported by whatever imports it, when it does.  The code unchanged when
// either line is not there exactly once.
const PACKAGE_IMPORT = ["import pyscript as _pyscript", "del _pyscript"];

/**
 * @param {string} code PyScript's start code, and what follows it
 * @returns {string}
 */
export function withoutPackageImport(code) {
  if (!hooked) return code;
  const lines = code.split("\n");
  const once = PACKAGE_IMPORT.every((line) => lines.filter((seen) => seen === line).length === 1);
  return once ? lines.filter((line) => !PACKAGE_IMPORT.includes(line)).join("\n") : code;
}

// Pyodide's runPython and runPythonAsync replaced by `around(name, run, args)`, where
// `run(args)` is the method as it was.  (Public methods, wrapped: the page watches what
// PyScript runs on any Pyodide; only `quick` texts need the hooks.)
/**
 * @template {Runs} P
 * @param {P} pyodide
 * @param {(name: string, run: (given: unknown[]) => unknown, args: unknown[]) => unknown} around
 * @returns {P}
 */
export function wrapRuns(pyodide, around) {
  /** @type {Runs} */
  const runs = pyodide;
  for (const name of /** @type {const} */ (["runPython", "runPythonAsync"])) {
    const run = runs[name];
    /**
     * @this {unknown}
     * @param {unknown[]} args
     */
    runs[name] = function (...args) {
      return around(name, (given) => run.apply(this, given), args);
    };
  }
  return pyodide;
}
