// A module worker that makes the memory snapshot a return visit starts from
// (static/pyodide-loader.mjs): Pyodide with the engine unpacked and imported, nothing
// of the page's state (a JavaScript object held by Python cannot be kept).  Started by
// boot.js once the game is ready and the page idle, so no tap waits for it; the snapshot
// goes into Cache Storage under this build's name, its empty pages left out
// (static/snapshot-format.js).
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { pack } from "./snapshot-format.js";

self.onmessage = async ({ data }) => {
  try {
    const pyodide = await loadPyodide({
      indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
      _makeSnapshot: true,
    });
    const engine = await fetch(data.engine);
    if (!engine.ok) throw new Error(`engine: HTTP ${engine.status}`);
    pyodide.unpackArchive(await engine.arrayBuffer(), "zip");
    pyodide.runPython("import halfmoon.web.app");
    // the engine of this page's build, not one a stale cache answered with
    const build = pyodide.runPython("__import__('halfmoon.web.build').web.build.BUILD");
    if (build !== data.build) throw new Error(`engine.zip is of build ${build}, the page of ${data.build}`);
    const snapshot = pyodide.makeMemorySnapshot();
    const bytes = pack(snapshot);
    const cache = await caches.open(data.cache);
    await cache.put(data.key, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
    self.postMessage({ ok: true, bytes: bytes.length, memory: snapshot.length });
  } catch (error) {
    self.postMessage({ ok: false, error: String(error) });
  }
};
