// The worker of the prototype (issue 54): Pyodide, the unmodified engine and its
// session, off the page's thread.  A plain module worker that calls loadPyodide itself
// (no PyScript here: PyScript's worker would add its own start, its IndexedDB and a
// second copy of its package for nothing this worker needs).  Not shipped with the site.
//
// Messages from the page (bench/worker/bridge.js): first {kind: "config", ...} (where
// Pyodide, the standard library, the engine, the words and the glue are), then
// {id, kind, arg} for "open", "tap", "undo" or "new_game": the answer is
// {id, ok, text}, the text the glue returns (bench/worker/hm_engine.py).
//
// Start: on a build's first visit Pyodide starts plainly, the engine is unpacked and
// imported, then, once the first answer is sent, a memory snapshot is kept in Cache
// Storage (static/snapshot-format.js's pages); a later visit restores it, the engine
// already imported.  Where Cache Storage cannot be opened (storage blocked), every
// start is a plain one.  The page hears {kind: "snapshot", made, memory} or
// {kind: "snapshot", failed}.
import { pack, reader } from "../static/snapshot-format.js";
import { unzip } from "../static/boot/unzip.js";

const CACHE = "hm-proto-snapshot";
const IMPORT_ALL = `import sys
names = [n[:-4].replace("/", ".").removesuffix(".__init__") for n in files
         if n.startswith("halfmoon/") and n.endswith(".pyc")
         and not n.startswith(("halfmoon/web/", "halfmoon/host/"))]
for name in sorted(names):
    __import__(name)
import hm_engine
del names, files
`;

/** @type {Promise<any> | null} */
let python = null;
/** @type {any} */
let config = null;

async function openCache() {
  try {
    return await caches.open(CACHE);
  } catch {
    return null; // storage blocked: no snapshot
  }
}

// the worker's steps, in the page's clock (performance.timeOrigin differs): marks for
// the page (bridge.js sets them as "halfmoon-worker-<step>")
/** @type {[string, number][]} */
const steps = [];
const step = (/** @type {string} */ name) =>
  steps.push([name, performance.timeOrigin + performance.now()]);

async function start() {
  const t0 = performance.now();
  step("begun");
  const words = fetch(config.words).then((r) => r.text());
  const cache = await openCache();
  const key = new URL(`snapshot-${config.build}`, self.location.href).href;
  const kept = cache ? await cache.match(key) : undefined;
  const options = {
    indexURL: config.pyodide,
    stdLibURL: config.stdlib,
    lockFileContents: JSON.stringify(config.lock),
  };
  const { loadPyodide } = await import(config.pyodide + "pyodide.mjs");
  step("pyodide.mjs");
  let pyodide = null;
  let how = "none";
  if (kept) {
    try {
      const stored = reader(await kept.arrayBuffer());
      step("snapshot-read");
      pyodide = await loadPyodide({ ...options, _loadSnapshot: stored.bytes(0, stored.length) });
      how = "restored";
      step("pyodide");
    } catch (error) {
      console.warn("prototype: the snapshot did not restore", error);
      await cache?.delete(key);
    }
  }
  let snapshot = null;
  if (!pyodide) {
    const [engine, glue] = await Promise.all([
      fetch(config.engine).then((r) => r.arrayBuffer()),
      fetch(config.glue).then((r) => r.text()),
    ]);
    pyodide = await loadPyodide({ ...options, _makeSnapshot: Boolean(cache) });
    step("pyodide");
    const files = await unzip(engine);
    for (const [name, bytes] of files) {
      pyodide.FS.mkdirTree(name.split("/").slice(0, -1).join("/") || ".");
      pyodide.FS.writeFile(name, bytes);
    }
    pyodide.FS.writeFile("hm_engine.py", glue);
    pyodide.globals.set("files", pyodide.toPy(files.map(([name]) => name)));
    pyodide.runPython(IMPORT_ALL);
    if (cache) snapshot = () => keep(pyodide, cache, key);
  }
  const glue = pyodide.pyimport("hm_engine");
  step("python");
  self.postMessage({ kind: "started", how, ms: performance.now() - t0, steps });
  return { glue, words: await words, snapshot };
}

/**
 * @param {any} pyodide
 * @param {Cache} cache
 * @param {string} key
 */
async function keep(pyodide, cache, key) {
  try {
    const memory = pyodide.makeMemorySnapshot();
    const bytes = pack(memory);
    await cache.put(
      key,
      new Response(bytes, { headers: { "content-type": "application/octet-stream" } }),
    );
    self.postMessage({ kind: "snapshot", made: bytes.length, memory: memory.length });
  } catch (error) {
    self.postMessage({ kind: "snapshot", failed: String(error) });
  }
}

const wall = () => performance.timeOrigin + performance.now();

self.onmessage = async ({ data }) => {
  if (data.kind === "config") {
    config = data;
    python = start();
    return;
  }
  const { id, kind, arg } = data;
  try {
    if (!python) throw new Error("no config yet");
    const started = await python;
    let text;
    if (kind === "open") {
      const asked = JSON.parse(arg);
      text = started.glue.open_session(JSON.stringify({ ...asked, words: started.words }), wall());
    } else if (kind === "tap" || kind === "undo" || kind === "new_game") {
      text = started.glue[kind](arg, wall());
    } else {
      throw new Error(`no such call: ${kind}`);
    }
    self.postMessage({ id, ok: true, text });
    if (kind === "open" && started.snapshot) {
      const make = started.snapshot;
      started.snapshot = null;
      setTimeout(make, config.snapshotDelay ?? 0);
    }
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error) });
  }
};
