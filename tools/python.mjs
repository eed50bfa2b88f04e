// The build's Python: run the very Pyodide the site ships (in Node) to compile what the
// browser's Python imports, and to find which of its standard library the page can
// import at all (tools/in_pyodide.py does the work; tools/stdlib.py and
// tools/build_site.py use what it writes).
//
//   node tools/python.mjs REQUEST.json
//
// REQUEST names the source root, the output folder, and the engine's files and modules.
// PyScript's own Python package (read from the artifact @pyscript/core builds its bundle
// from) is not compiled: the page does not import it as it starts (static/boot/
// pyodide-door.js, withoutPackageImport), but what it imports is kept, so that it can be.
//
// Every module is compiled in checked-hash mode (PEP 552): its header carries the hash of
// its source rather than the source file's time, so the same sources always give the
// same bytes (and the same site version, whatever the checkout).  A sourceless module is
// loaded whatever its header says.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [requestFile] = process.argv.slice(2);
if (!requestFile) {
  console.error("usage: node tools/python.mjs REQUEST.json");
  process.exit(2);
}
const request = JSON.parse(readFileSync(requestFile, "utf8"));
const core = new URL("../node_modules/@pyscript/core/", import.meta.url);
const pyscript = (await import(new URL("src/stdlib/pyscript.js", core).href)).default.pyscript;

const pyodide = await loadPyodide();
// What Pyodide imports to start, before anything else runs: it imports them at every start.
const started = pyodide.runPython("import sys; sorted(sys.modules)").toJs();
pyodide.FS.mkdirTree("/src");
pyodide.FS.mkdirTree("/out");
pyodide.mountNodeFS("/src", request.source);
pyodide.mountNodeFS("/out", request.out);
const stdlibZip = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('.zip'))");
const inside = {
  ...request,
  source: "/src",
  out: "/out",
  main: "/src/" + request.main,
  started,
  stdlib_zip: stdlibZip,
  pyscript_sources: pyscript,
  pyscript_modules: Object.keys(pyscript).map((name) =>
    name === "__init__.py" ? "pyscript" : "pyscript." + name.replace(/\.py$/, ""),
  ),
};
pyodide.globals.set("request", pyodide.toPy(inside));
pyodide.runPython(
  readFileSync(new URL("in_pyodide.py", import.meta.url), "utf8") + "\nmain(request)\n",
);
const python = pyodide.runPython("import sys; sys.version.split()[0]");
console.log(`compiled with Python ${python} (Pyodide ${pyodide.version})`);
