// A module worker that makes the memory snapshot a return visit starts from
// (static/boot/python.js restores it): Pyodide with the engine unpacked and every one of
// its modules imported, and the standard-library modules PyScript's start imports; nothing
// of the page's state (a JavaScript object held by Python cannot be kept).  Started by
// static/boot/snapshot.js once the game is ready and the page idle, so no tap waits for
// it; the snapshot goes into Cache Storage under this build's name, its empty pages left
// out (static/snapshot-format.js).  It starts Pyodide exactly as the page does (the same
// standard library, the same lock), or the snapshot would not match the page's files;
// what it asks of Pyodide beyond its public API goes through the page's own door to it
// (static/boot/pyodide-door.js), which refuses a Pyodide it was not checked against.
import {
  loadPyodide,
  makeSnapshot,
  PYODIDE,
  snapshotOptions,
  version,
} from "./boot/pyodide-door.js";
import { unzip } from "./boot/unzip.js";
import { pack } from "./snapshot-format.js";

const IMPORT_ALL = `import sys, zipfile
names = [n[:-4].replace("/", ".").removesuffix(".__init__") for n in files
         if n.startswith("halfmoon/") and n.endswith(".pyc")]
for name in sorted(names) + list(extra):
    __import__(name)
`;

/**
 * What the page asks for (static/boot/snapshot.js).
 * @typedef {object} SnapshotRequest
 * @property {string} cache the Cache Storage name the snapshot goes into
 * @property {string} key its key there
 * @property {string} build the page's build
 * @property {string} engine the engine archive's address
 * @property {string} [stdlib] the standard library's address
 * @property {string} [lock] Pyodide's lock file's contents
 * @property {string[]} imports the modules PyScript's start and the page's script import
 * @property {string[]} [texts] what PyScript ran at the page's start
 */

/** @param {MessageEvent<SnapshotRequest>} event */
self.onmessage = async ({ data }) => {
  try {
    const options = snapshotOptions({
      indexURL: PYODIDE,
      stdLibURL: data.stdlib,
      lockFileContents: data.lock,
    });
    if (!options) throw new Error(`no snapshot of Pyodide ${version}: its hooks were not checked`);
    const pyodide = await loadPyodide(options);
    const engine = await fetch(data.engine);
    if (!engine.ok) throw new Error(`engine: HTTP ${engine.status}`);
    // the engine's files written as the page writes them (static/boot/python.js)
    const files = await unzip(await engine.arrayBuffer());
    for (const [name, bytes] of files) {
      pyodide.FS.mkdirTree(name.split("/").slice(0, -1).join("/") || ".");
      pyodide.FS.writeFile(name, bytes);
    }
    pyodide.globals.set("files", pyodide.toPy(files.map(([name]) => name)));
    pyodide.globals.set("extra", pyodide.toPy(data.imports));
    pyodide.runPython(IMPORT_ALL);
    pyodide.globals.delete("extra");
    pyodide.globals.delete("files");
    // what PyScript runs at every start, compiled now (halfmoon/web/runner.py)
    const remember = pyodide.pyimport("halfmoon.web.runner").remember;
    for (const text of data.texts || []) remember(text);
    remember.destroy();
    // the engine of this page's build, not one a stale cache answered with
    const build = pyodide.runPython("__import__('halfmoon.web.build').web.build.BUILD");
    if (build !== data.build)
      throw new Error(`${data.engine} is of build ${build}, the page of ${data.build}`);
    const snapshot = makeSnapshot(pyodide);
    const bytes = pack(snapshot);
    const cache = await caches.open(data.cache);
    await cache.put(
      data.key,
      new Response(bytes, { headers: { "content-type": "application/octet-stream" } }),
    );
    self.postMessage({ ok: true, bytes: bytes.length, memory: snapshot.length });
  } catch (error) {
    self.postMessage({ ok: false, error: String(error) });
  }
};
