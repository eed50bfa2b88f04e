// Pyodide's wasm: compiled as soon as the start begins, then instantiated and linked in
// steps that each leave the page free between them (docs/performance.md, "A phone").
//
// Compiled early: at once, while the snapshot and the rest are read, not when Pyodide
// gets to it (after the snapshot, whole).  Pyodide's own request for the wasm is handed a
// stand-in, and its instantiation takes the compiled module.  A streamed compile is what
// Chromium keeps compiled code for, so a return visit takes it from its cache — in a
// worker (static/compile-worker.js), whose module the page then shares: reading that
// cache is tens of milliseconds of the page's thread on a phone.  Should that compile
// fail, Pyodide's instantiation streams the wasm itself, as it would have (it does not
// report a failure of its own: the start would hang).
//
// Linked in steps: Emscripten links Pyodide (its dynamic linking) in one synchronous
// block once the instance is handed over.  Part of that block is turning each of the
// ~280 JavaScript functions the wasm takes the address of (the GL library's, the
// console's: its `GOT.func` imports) into a wasm function, one tiny module compiled and
// instantiated for each, after a failed attempt to put the JavaScript function into the
// table.  Here they are wrapped beforehand, in a task of their own, all in one module
// built from their signatures; Emscripten then finds wasm functions and puts them in
// the table as they are (in the same order, so at the same places).  And Emscripten is
// given a `setStatus` (its Module's public hook for a status line), which makes it start
// its runtime in a task of its own rather than straight after the linking.
//
// What of Pyodide and Emscripten this relies on is reached through
// static/boot/pyodide-door.js: on a Pyodide it was not checked against, none of this is
// tried (static/boot/python.js does not call compileEarly).
import { recordTableImports, signatureOf, standInForWasm, takeWasm } from "./pyodide-door.js";
import { nextTask } from "./yielding.js";

/** @type {Record<string, number>} each signature letter's value type */
const TYPES = { i: 0x7f, p: 0x7f, j: 0x7e, f: 0x7d, d: 0x7c, e: 0x6f };

/**
 * @param {number} n
 * @returns {number[]} `n` as an unsigned LEB128
 */
function leb(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

/** @type {(text: string) => number[]} */
const name = (text) => [...leb(text.length), ...new TextEncoder().encode(text)];
/** @type {(id: number, entries: number[]) => number[]} */
const section = (id, entries) => [id, ...leb(entries.length), ...entries];

/**
 * @param {Array<number | undefined>} values
 * @returns {values is number[]} whether each is a value type
 */
const known = (values) => !values.includes(undefined);

// One module that imports each function with its signature (Emscripten's: the result's
// letter, then the parameters') and exports it again: each export is a wasm function.
/**
 * @param {Function[]} functions
 * @param {string[]} signatures each function's
 * @returns {Function[]} each function as a wasm function
 */
export function wrapAll(functions, signatures) {
  /** @type {Map<string, { index: number, bytes: number[] }>} */
  const types = new Map();
  /** @type {(sig: string) => number} */
  const typeOf = (sig) => {
    let type = types.get(sig);
    if (!type) {
      const params = [...sig.slice(1)].map((t) => TYPES[t]);
      const results = sig.charAt(0) === "v" ? [] : [TYPES[sig.charAt(0)]];
      if (!known(params) || !known(results)) throw new Error(`signature ${sig}`);
      type = {
        index: types.size,
        bytes: [0x60, ...leb(params.length), ...params, ...leb(results.length), ...results],
      };
      types.set(sig, type);
    }
    return type.index;
  };
  const imports = signatures.flatMap((sig, i) => [
    ...name("e"),
    ...name(String(i)),
    0x00,
    ...leb(typeOf(sig)),
  ]);
  const exports = functions.flatMap((_, i) => [...name(String(i)), 0x00, ...leb(i)]);
  const typeBytes = [...leb(types.size), ...[...types.values()].flatMap((t) => t.bytes)];
  const bytes = new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, typeBytes),
    ...section(2, [...leb(functions.length), ...imports]),
    ...section(7, [...leb(functions.length), ...exports]),
  ]);
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {
    e: Object.fromEntries(functions.map((f, i) => [String(i), f])),
  });
  // the module exports every function it imports, each a wasm function
  return functions.map((_, i) => /** @type {Function} */ (instance.exports[String(i)]));
}

// The JavaScript functions among `names` in Emscripten's imports, replaced by wasm ones.
// A function known by two names (the GL library's aliases) gets one wasm function, as
// Emscripten gives it one place in the table.
/**
 * @param {Record<string, unknown>} env Emscripten's `env` imports
 * @param {string[]} names
 */
function wrapTableFunctions(env, names) {
  const wanted = names.filter((n) => signatureOf(env[n]) !== null);
  // each a function with its signature (signatureOf)
  const functions = /** @type {Function[]} */ ([...new Set(wanted.map((n) => env[n]))]);
  try {
    const signatures = /** @type {string[]} */ (functions.map(signatureOf));
    /** @type {Map<unknown, Function>} */
    const wrapped = new Map(wrapAll(functions, signatures).map((w, i) => [functions[i], w]));
    for (const n of wanted) env[n] = wrapped.get(env[n]);
    document.documentElement.dataset.wrapped = String(functions.length); // tests read it
  } catch (error) {
    console.warn("Half Moon: linking as Pyodide does", error); // slower, never wrong
  }
}

// The wasm at `url` compiled by a worker from the offline copy's cache (`cache`), or
// null where that cannot be tried; the page's own compile should the worker fail (or
// not answer: a compile from the cache takes a fraction of a second, one from nothing a
// few seconds on a slow phone).
const ASIDE_MS = 20000;
/**
 * @param {string} url
 * @param {string | null} cache
 * @returns {Promise<WebAssembly.Module> | null}
 */
function compiledAside(url, cache) {
  if (!cache || typeof Worker !== "function") return null;
  let worker;
  try {
    worker = new Worker(new URL("../compile-worker.js", import.meta.url), { type: "module" });
  } catch (_) {
    return null;
  }
  /** @type {Promise<WebAssembly.Module>} */
  const compiled = new Promise((resolve, reject) => {
    /** @param {MessageEvent<{ module?: WebAssembly.Module, error?: string }>} event */
    worker.onmessage = ({ data }) =>
      data.module ? resolve(data.module) : reject(new Error(data.error));
    worker.onerror = (event) =>
      reject(new Error(event.message || "the compile worker did not start"));
    setTimeout(() => reject(new Error("the compile worker did not answer")), ASIDE_MS);
    worker.postMessage({ url, cache });
  });
  return compiled.finally(() => worker.terminate());
}

// Begin compiling the wasm at `url` (fetched with `request`; on a return visit by a
// worker, from the offline copy's `cache`); returns what prepares the Emscripten settings
// of a start to take it.
/**
 * @param {string} url
 * @param {(url: string) => Promise<Response>} request
 * @param {string | null} cache
 * @returns {(settings: import("./pyodide-door.js").Settings) => void}
 */
export function compileEarly(url, request, cache = null) {
  const aside = compiledAside(url, cache);
  if (aside) document.documentElement.dataset.compiled = "worker"; // tests read it
  const compiled = aside
    ? aside.catch(() => WebAssembly.compileStreaming(request(url)))
    : WebAssembly.compileStreaming(request(url));
  compiled.catch(() => {}); // awaited where it is used
  standInForWasm(url);
  return (settings) =>
    takeWasm(settings, async (imports, stream) => {
      const names = recordTableImports(imports);
      /** @type {WebAssembly.Module | null} */
      let module = null;
      try {
        module = await compiled;
      } catch (_) {
        /* streamed again below */
      }
      await nextTask();
      const result = module
        ? { module, instance: await WebAssembly.instantiate(module, imports) }
        : await stream(request(url));
      await nextTask();
      wrapTableFunctions(/** @type {WebAssembly.ModuleImports} */ (imports.env), names); // Emscripten's own
      await nextTask();
      return result;
    });
}
