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

const TYPES = { i: 0x7f, p: 0x7f, j: 0x7e, f: 0x7d, d: 0x7c, e: 0x6f };

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

const name = (text) => [...leb(text.length), ...new TextEncoder().encode(text)];
const section = (id, entries) => [id, ...leb(entries.length), ...entries];

// One module that imports each function with its signature (Emscripten's: the result's
// letter, then the parameters') and exports it again: each export is a wasm function.
export function wrapAll(functions, signatures) {
  const types = new Map();
  const typeOf = (sig) => {
    if (!types.has(sig)) {
      const params = [...sig.slice(1)].map((t) => TYPES[t]);
      const results = sig[0] === "v" ? [] : [TYPES[sig[0]]];
      if (params.includes(undefined) || results.includes(undefined))
        throw new Error(`signature ${sig}`);
      types.set(sig, {
        index: types.size,
        bytes: [0x60, ...leb(params.length), ...params, ...leb(results.length), ...results],
      });
    }
    return types.get(sig).index;
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
  return functions.map((_, i) => instance.exports[String(i)]);
}

// The JavaScript functions among `names` in Emscripten's imports, replaced by wasm ones.
// A function known by two names (the GL library's aliases) gets one wasm function, as
// Emscripten gives it one place in the table.
function wrapTableFunctions(env, names) {
  const wanted = names.filter((n) => signatureOf(env[n]) !== null);
  const functions = [...new Set(wanted.map((n) => env[n]))];
  try {
    const wrapped = new Map(
      wrapAll(functions, functions.map(signatureOf)).map((w, i) => [functions[i], w]),
    );
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
function compiledAside(url, cache) {
  if (!cache || typeof Worker !== "function") return null;
  let worker;
  try {
    worker = new Worker(new URL("../compile-worker.js", import.meta.url), { type: "module" });
  } catch (_) {
    return null;
  }
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) =>
      data.module ? resolve(data.module) : reject(new Error(data.error));
    worker.onerror = (event) =>
      reject(new Error(event.message || "the compile worker did not start"));
    setTimeout(() => reject(new Error("the compile worker did not answer")), ASIDE_MS);
    worker.postMessage({ url, cache });
  }).finally(() => worker.terminate());
}

// Begin compiling the wasm at `url` (fetched with `request`; on a return visit by a
// worker, from the offline copy's `cache`); returns what prepares the Emscripten settings
// of a start to take it.
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
      wrapTableFunctions(imports.env, names);
      await nextTask();
      return result;
    });
}
