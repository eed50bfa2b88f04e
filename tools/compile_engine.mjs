// Compile Python modules to bytecode with the very Pyodide the site ships, so that the
// browser imports them without compiling (Pyodide writes no bytecode cache of its own).
//
//   node tools/compile_engine.mjs SOURCE_ROOT OUT_DIR FILE...
//
// Each FILE (relative to SOURCE_ROOT, e.g. halfmoon/game.py) becomes OUT_DIR/FILE + "c"
// (halfmoon/game.pyc): a sourceless module, found on sys.path like a .py file.
// A FILE written "stdlib:NAME" (e.g. stdlib:html/entities.py) is taken instead from the
// standard library this Pyodide ships as sources (python_stdlib.zip).
// A FILE written "pyscript:NAME" (e.g. pyscript:display.py) is a module of PyScript's own
// Python package, which PyScript writes as sources into the working directory at every
// start: it becomes OUT_DIR/pyscript/__pycache__/display.cpython-314.pyc, the cache file
// Python looks for next to that source.  The sources are read from the artifact
// @pyscript/core builds its bundle from, and each must appear verbatim in the bundle the
// site serves (else the build stops: the cache files would not match).
//
// Every module is compiled in checked-hash mode (PEP 552): its header carries the hash of
// its source rather than the source file's time, so the same sources always give the
// same bytes (and the same site version, whatever the checkout), and the site's tests
// can tell which source a module came from.  A sourceless module is loaded whatever
// its header says.
import { readFileSync, readdirSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [source, out, ...files] = process.argv.slice(2);
if (!source || !out || files.length === 0) {
  console.error("usage: node tools/compile_engine.mjs SOURCE_ROOT OUT_DIR FILE...");
  process.exit(2);
}
const core = new URL("../node_modules/@pyscript/core/", import.meta.url);
const pyscript = (await import(new URL("src/stdlib/pyscript.js", core))).default.pyscript;
const dist = new URL("dist/", core);
const bundle = readdirSync(dist)
  .filter((name) => name.endsWith(".js"))
  .map((name) => readFileSync(new URL(name, dist), "utf8"))
  .join("\n");
const pyscriptSources = {};
for (const file of files.filter((f) => f.startsWith("pyscript:"))) {
  const name = file.slice("pyscript:".length);
  const text = pyscript[name];
  if (typeof text !== "string" || !bundle.includes(JSON.stringify(text))) {
    console.error(`PyScript's bundle does not carry ${name} as src/stdlib/pyscript.js has it`);
    process.exit(1);
  }
  pyscriptSources[name] = text;
}
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/src");
pyodide.FS.mkdirTree("/out");
pyodide.mountNodeFS("/src", source);
pyodide.mountNodeFS("/out", out);
pyodide.globals.set("files", pyodide.toPy(files));
pyodide.globals.set("pyscript_sources", pyodide.toPy(pyscriptSources));
pyodide.runPython(`
import importlib.util, os, py_compile, sys, tempfile, zipfile
stdlib = next(p for p in sys.path if p.endswith(".zip"))
CHECKED = py_compile.PycInvalidationMode.CHECKED_HASH
for name in files:
    source, dfile = "/src/" + name, name  # dfile: the path tracebacks name, as on the page
    target = "/out/" + name + "c"
    if name.startswith("pyscript:"):
        source = dfile = "/home/pyodide/pyscript/" + name.removeprefix("pyscript:")  # as on the page
        os.makedirs(os.path.dirname(source), exist_ok=True)
        with open(source, "w", encoding="utf-8", newline="") as copy:
            copy.write(pyscript_sources[os.path.basename(source)])
        target = "/out/" + os.path.relpath(importlib.util.cache_from_source(source), "/home/pyodide")
    elif name.startswith("stdlib:"):
        name = name.removeprefix("stdlib:")
        with zipfile.ZipFile(stdlib) as archive, tempfile.NamedTemporaryFile(suffix=".py", delete=False) as copy:
            copy.write(archive.read(name))
        source, dfile, target = copy.name, f"{stdlib}/{name}", "/out/" + name + "c"
    os.makedirs(os.path.dirname(target), exist_ok=True)
    py_compile.compile(source, cfile=target, dfile=dfile, doraise=True, invalidation_mode=CHECKED)
`);
const python = pyodide.runPython("import sys; sys.version.split()[0]");
console.log(`compiled ${files.length} modules with Python ${python} (Pyodide ${pyodide.version})`);
