// Compile Python modules to bytecode with the very Pyodide the site ships, so that the
// browser imports them without compiling (Pyodide writes no bytecode cache of its own).
//
//   node tools/compile_engine.mjs SOURCE_ROOT OUT_DIR FILE...
//
// Each FILE (relative to SOURCE_ROOT, e.g. halfmoon/game.py) becomes OUT_DIR/FILE + "c"
// (halfmoon/game.pyc): a sourceless module, found on sys.path like a .py file.
// A FILE written "stdlib:NAME" (e.g. stdlib:html/entities.py) is taken instead from the
// standard library this Pyodide ships as sources (python_stdlib.zip).
//
// Every module is compiled in checked-hash mode (PEP 552): its header carries the hash of
// its source rather than the source file's time, so the same sources always give the
// same bytes (and the same site version, whatever the checkout), and the site's tests
// can tell which source a module came from.  A sourceless module is loaded whatever
// its header says.
import { loadPyodide } from "pyodide";

const [source, out, ...files] = process.argv.slice(2);
if (!source || !out || files.length === 0) {
  console.error("usage: node tools/compile_engine.mjs SOURCE_ROOT OUT_DIR FILE...");
  process.exit(2);
}
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/src");
pyodide.FS.mkdirTree("/out");
pyodide.mountNodeFS("/src", source);
pyodide.mountNodeFS("/out", out);
pyodide.globals.set("files", pyodide.toPy(files));
pyodide.runPython(`
import os, py_compile, sys, tempfile, zipfile
stdlib = next(p for p in sys.path if p.endswith(".zip"))
CHECKED = py_compile.PycInvalidationMode.CHECKED_HASH
for name in files:
    source, dfile = "/src/" + name, name  # dfile: the path tracebacks name, as on the page
    if name.startswith("stdlib:"):
        name = name.removeprefix("stdlib:")
        with zipfile.ZipFile(stdlib) as archive, tempfile.NamedTemporaryFile(suffix=".py", delete=False) as copy:
            copy.write(archive.read(name))
        source, dfile = copy.name, f"{stdlib}/{name}"
    target = "/out/" + name + "c"
    os.makedirs(os.path.dirname(target), exist_ok=True)
    py_compile.compile(source, cfile=target, dfile=dfile, doraise=True, invalidation_mode=CHECKED)
`);
const python = pyodide.runPython("import sys; sys.version.split()[0]");
console.log(`compiled ${files.length} modules with Python ${python} (Pyodide ${pyodide.version})`);
