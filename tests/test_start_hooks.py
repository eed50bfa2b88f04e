"""What the page's start relies on in the vendored Pyodide and PyScript, beyond their
public API (docs/performance.md, "A phone"): every such use is made through one module,
static/boot/pyodide-door.js, and each is pinned here against the vendored files.  If an
upgrade changes any of it, these fail loudly, before a player's start quietly falls back
to the slow path — or worse.  The door opens only on the Pyodide it was checked against
(its ``VERIFIED``): an upgrade fails here until that is the vendored version, that is,
until every pin below has been looked at again.

- The module (static/boot/python.js): loadPyodide must take the start's own maker of the
  Emscripten module (``createPyodideModule``) and a snapshot's header
  (``_loadSnapshot``), size the memory from the snapshot before it makes the module, and
  read the memory's start from the header's second word, copying only what follows;
  the module must show its memory as ``HEAP8`` and run Python before Pyodide's own
  start has finished (``API.rawRun``).
- The snapshot (static/snapshot-worker.js): made only with ``_makeSnapshot``, as a
  header whose second word says where the memory begins, then the memory.
- The wasm (static/boot/wasm.js): Pyodide must fetch it with the global ``fetch`` as it
  makes Emscripten's settings and stream that response in its ``instantiateWasm``;
  Emscripten must put each function into the table as it is when it is a wasm function
  (and only convert it when the table refuses it), take its signature from ``.sig``,
  ask the ``GOT.func`` imports of one proxy, and start its runtime in a task of its own
  when the Module has a ``setStatus``.
- PyScript's start (static/boot/python.js, halfmoon/web/runner.py): PyScript must
  export its start code as ``stdlib``, drop the value of the code it runs before the
  page's script, and run both through Pyodide's ``runPython``, which names the code it
  runs as halfmoon/web/runner.py does; its start code must import its package by two
  lines of its own, which the page leaves out (the package still written whole).

And the kept snapshot (static/snapshot-format.js), which static/boot/memory.js writes
into Python's memory a slice at a time, must read back exactly, whatever the slice.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from halfmoon.web import runner
from tools import vendored

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
PYODIDE = NODE / "pyodide"
PYSCRIPT = NODE / "@pyscript" / "core" / "dist"
STATIC = ROOT / "static"
DOOR = STATIC / "boot" / "pyodide-door.js"

pytestmark = pytest.mark.skipif(not PYODIDE.exists(), reason="npm packages not installed")


def runtime() -> str:
    return (PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8")


def sources(map_file: Path) -> dict[str, str]:
    data = json.loads(map_file.read_text(encoding="utf-8"))
    return dict(zip(data["sources"], data["sourcesContent"], strict=True))


def pyodide_source(name: str) -> str:
    """One of the TypeScript sources pyodide.mjs was built from, as its map carries it."""
    return sources(PYODIDE / "pyodide.mjs.map")[f"../src/js/{name}"]


def verified() -> str:
    found = re.search(r'^export const VERIFIED = "([^"]+)";$', DOOR.read_text("utf-8"), re.M)
    assert found, "the door names the Pyodide it was checked against"
    return found.group(1)


def test_the_door_was_checked_against_the_vendored_pyodide() -> None:
    package = json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))
    assert package["version"] == verified()
    # the version pyodide.mjs exports, which the door compares at every start
    assert f'export const version: string = "{verified()}";' in pyodide_source("version.ts")
    assert "export const version: string = version_;" in pyodide_source("pyodide.ts")
    loader = (PYODIDE / "pyodide.mjs").read_text(encoding="utf-8")
    assert re.search(r"export\{\w+ as loadPyodide,\w+ as version\}", loader)


def test_load_pyodide_takes_the_start_s_module_maker_and_a_snapshot_header() -> None:
    loader = pyodide_source("pyodide.ts")
    assert "createPyodideModule?: CreatePyodideModuleFn;" in loader
    assert "if (config.createPyodideModule) {\n    return config.createPyodideModule;" in loader
    assert "const module = await createPyodideModule(emscriptenSettings);" in loader
    # the header: a promise of its bytes, awaited before the module is made
    assert "  _loadSnapshot?:\n    | Uint8Array\n    | ArrayBuffer\n    | PromiseLike" in loader
    assert "const snp = await config._loadSnapshot;" in loader
    assert "ArrayBuffer.isView(snp)" in loader
    built = (PYODIDE / "pyodide.mjs").read_text(encoding="utf-8")
    assert "e._loadSnapshot" in built and ".createPyodideModule" in built


def test_the_module_shows_its_memory_and_runs_python_before_pyodide_has_started() -> None:
    code = runtime()
    assert "export default _createPyodideModule;" in code
    assert 'Module["HEAP8"]=HEAP8=new Int8Array(b)' in code
    assert "const API=Module.API;" in code
    # rawRun: the text run as Python's own C API runs it (an error printed, not thrown)
    raw = re.search(
        r"API\.rawRun=\w+\(function\((\w)\)\{let (\w)=Module\.stringToNewUTF8\(\1\);", code
    )
    assert raw, "API.rawRun(code) as the start calls it"
    body = code[raw.end() : code.index("}", raw.end())]
    assert f"_PyRun_SimpleString({raw.group(2)})" in body


def test_a_snapshot_is_made_only_with_make_snapshot_its_memory_after_its_header() -> None:
    code = runtime()
    assert "static makeMemorySnapshot({serializer:e}={}){if(!API.config._makeSnapshot)throw" in code
    assert "return API.makeSnapshot(e)}" in code
    start = code.index("API.makeSnapshot=function(t){")
    make = code[start : code.index("};", start)]
    assert make.startswith("API.makeSnapshot=function(t){if(!API.config._makeSnapshot)throw")
    # word 1 of the header: where the memory begins (static/boot/memory.js reads it)
    assert "l=new Uint32Array(o.buffer);return l[0]=$r,l[1]=n," in make
    assert "o.subarray(n).set(Module.HEAP8),o" in make


def test_pyodide_restores_a_snapshot_by_copying_what_follows_its_header() -> None:
    code = runtime()
    start = code.index("API.restoreSnapshot=function(t){")
    restore = code[start : code.index("};", start)]
    # the header: word 0 the magic number, word 1 where the memory begins
    assert "let e=new Uint32Array(t.buffer,t.byteOffset,t.byteLength/4)" in restore
    assert "if(e[0]!==" in restore
    assert "let r=e[1]" in restore
    # the memory copied is what follows it, and nothing else is written
    assert "t=t.subarray(r)" in restore
    assert "Module.HEAP8.set(t)" in restore
    assert restore.count("HEAP8") == 1


def test_load_pyodide_sizes_the_memory_from_the_snapshot_before_building_the_module() -> None:
    loader = sources(PYODIDE / "pyodide.mjs.map")["../src/js/pyodide.ts"]
    assert "emscriptenSettings.INITIAL_MEMORY = snapshot.length;" in loader
    assert "if (config.createPyodideModule) {" in loader
    # stage 4 (the snapshot's size) comes before stage 5 (the module made)
    assert loader.index("await prepareSnapshot(") < loader.index("await instantiatePyodideModule(")
    assert "snapshotConfig = API.restoreSnapshot(snapshot);" in loader


def test_pyodide_fetches_its_wasm_with_the_global_fetch_and_streams_it() -> None:
    compat = pyodide_source("compat.ts")
    browser = compat[compat.index("function browser_getBinaryResponse(") :]
    assert "return { response: fetch(url, options) };" in browser[: browser.index("\n}")]
    settings = pyodide_source("emscripten-settings.ts")
    assert "instantiateWasm: getInstantiateWasmFunc(config.indexURL)," in settings
    made = settings[settings.index("function getInstantiateWasmFunc(") :]
    # fetched as the settings are made, before the function Emscripten calls
    fetched = made.index('getBinaryResponse(indexURL + "pyodide.asm.wasm");')
    assert fetched < made.index("return function (")
    assert "res = await WebAssembly.instantiateStreaming(response, imports);" in made
    assert "const emscriptenSettings = createEmscriptenSettings(config);" in pyodide_source(
        "pyodide.ts"
    )


def test_the_build_finds_the_shared_memory_pyodide_makes_as_it_loads() -> None:
    """tools/vendored.py makes it lazily, as the site copies Pyodide's runtime."""
    assert runtime().count(vendored.EAGER_MEMORY) == 1


def test_emscripten_puts_a_wasm_function_into_the_table_as_it_is() -> None:
    code = runtime()
    assert (
        "try{setWasmTableEntry(ret,func)}catch(err){if(!(err instanceof TypeError)){throw err}"
        "var wrapped=convertJsFunctionToWasm(func,sig)" in code
    )
    # the table's functions, in the order of the GOT entries: each once (an alias finds
    # the place its function has already)
    assert (
        "var addFunction=(func,sig)=>{var rtn=getFunctionAddress(func);if(rtn){return rtn}" in code
    )
    assert "entry.value=addFunction(value,value.sig)" in code
    assert '"GOT.func":GOTProxyHandler' in code
    assert "var isSymbolDefined=symName=>{var existing=wasmImports[symName];" in code


def test_emscripten_starts_its_runtime_in_a_task_of_its_own_given_a_set_status() -> None:
    code = runtime()
    assert 'if(Module["setStatus"]){Module["setStatus"]("Running...");setTimeout(' in code
    assert (
        'Module["instantiateWasm"](info,(inst,mod)=>{resolve(receiveInstance(inst,mod))})' in code
    )


def test_pyscript_exports_its_start_code_and_drops_the_value_of_what_runs_first() -> None:
    entry = (PYSCRIPT / "core.js").read_text(encoding="utf-8")
    assert " as stdlib," in entry
    polyscript = next(
        text
        for name, text in sources(next(PYSCRIPT.glob("core-*.js.map"))).items()
        if name.endswith("polyscript/esm/utils.js")
    )
    assert "if (before) method(interpreter, before, ...args);" in polyscript


def test_pyscript_runs_its_python_through_run_python_which_names_it_as_the_runner_does() -> None:
    python = next(
        text
        for name, text in sources(next(PYSCRIPT.glob("core-*.js.map"))).items()
        if name.endswith("polyscript/esm/interpreter/_python.js")
    )
    assert "return interpreter.runPython(dedent(code), ...args);" in python
    with zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as stdlib:
        base = stdlib.read("_pyodide/_base.py").decode("utf-8")
    # runPython is eval_code in __main__'s namespace, given only the text
    assert (
        "static runPython(e,r={}){return r.globals||(r.globals=API.globals),"
        "API.pyodide_code.eval_code.callKwargs(e,r)}" in runtime()
    )
    # eval_code: its code named as the runner names it (tracebacks read the same)
    eval_code = base[base.index("\ndef eval_code(") :]
    assert f'filename: str = "{runner.FILENAME}",' in eval_code[: eval_code.index(") -> Any:")]


# PyScript's start code as its core.js makes it (its own modules, out of the source map),
# and as the page runs it (the door's withoutPackageImport), printed by Node.
START_CODE = """
import { stdlib } from "./src/stdlib.js";
import { withoutPackageImport } from "./static/boot/pyodide-door.js";
process.stdout.write(JSON.stringify([stdlib, withoutPackageImport(stdlib)]));
"""


def test_the_page_runs_pyscripts_start_code_writing_its_package_without_importing_it(
    tmp_path: Path,
) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js here")
    for name, text in sources(next(PYSCRIPT.glob("core-*.js.map"))).items():
        if name.startswith("../src/stdlib"):
            place = tmp_path / name.removeprefix("../")
            place.parent.mkdir(parents=True, exist_ok=True)
            place.write_text(text, encoding="utf-8")
    door = tmp_path / "static" / "boot" / "pyodide-door.js"
    door.parent.mkdir(parents=True)
    shutil.copy(DOOR, door)
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "pyodide").symlink_to(PYODIDE)
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    (tmp_path / "start.js").write_text(START_CODE, encoding="utf-8")
    result = subprocess.run(
        [node, "start.js"], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    stdlib, lean = json.loads(result.stdout)
    # the very lines PyScript adds to import its package, and nothing else, left out
    dropped = [line for line in stdlib.split("\n") if line not in lean.split("\n")]
    assert dropped == ["import pyscript as _pyscript", "del _pyscript"]
    # run as the page runs it: the package written, every module of it, none imported
    work = tmp_path / "work"
    work.mkdir()
    check = (
        "import sys\n"
        f"exec(compile({lean!r}, {runner.FILENAME!r}, 'exec'), {{}})\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'pyscript'))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", check], cwd=work, capture_output=True, text=True, check=True
    )
    assert ran.stdout.strip() == "[]"
    written = sorted(path.name for path in (work / "pyscript").glob("*.py"))
    assert {"__init__.py", "context.py", "display.py", "events.py", "ffi.py"} <= set(written)
    # run as PyScript runs it, the same code imports the package (here, with no `js`, fails)
    whole = subprocess.run(
        [sys.executable, "-c", f"exec(compile({stdlib!r}, 'x', 'exec'), {{}})"],
        cwd=tmp_path / "work",
        capture_output=True,
        text=True,
        check=False,
    )
    assert "No module named 'polyscript'" in whole.stderr or "No module named 'js'" in whole.stderr


# Pyodide's and PyScript's private or undocumented parts the start uses, by name: only
# the door reaches them (comments aside).
PRIVATE = (
    "_loadSnapshot",
    "_makeSnapshot",
    "createPyodideModule",
    "rawRun",
    "HEAP8",
    "INITIAL_MEMORY",
    "instantiateWasm",
    "instantiateStreaming",
    "GOT.func",
    "setStatus",
    "makeMemorySnapshot",
    "pyodide.asm.mjs",
    "vendor/pyodide/pyodide.mjs",
)
COMMENT = re.compile(r"(?:^|\s)//.*$", re.M)


def test_only_the_door_reaches_inside_pyodide_and_pyscript() -> None:
    door = COMMENT.sub("", DOOR.read_text(encoding="utf-8"))
    for name in PRIVATE:
        assert name in door, name
    assert re.search(r"\w\.sig\b", door) and re.search(r"\{ stdlib \}", door)
    for script in sorted([*STATIC.rglob("*.js"), *STATIC.rglob("*.mjs")]):
        if script == DOOR:
            continue
        code = COMMENT.sub("", script.read_text(encoding="utf-8"))
        used = [name for name in PRIVATE if name in code]
        used += re.findall(r"\w\.sig\b|\{ stdlib \}", code)
        assert used == [], f"{script.relative_to(ROOT)} reaches {used} itself"


# The snapshot as kept (static/snapshot-format.js) read back into a dirty memory, range by
# range, as static/boot/memory.js writes it: every byte as Pyodide made it, zeros where no
# page was kept, nothing written outside the range.  Run by the very module, in Node.
FORMAT_CHECK = """
import { pack, reader } from "FORMAT";
let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
for (let trial = 0; trial < 60; trial++) {
  const length = 4096 * (1 + Math.floor(random() * 40)) + Math.floor(random() * 4096);
  const made = new Uint8Array(length);
  for (let page = 0; page * 4096 < length; page++)
    if (random() < 0.5)
      for (let i = page * 4096; i < Math.min(length, (page + 1) * 4096); i += 1 + Math.floor(random() * 600))
        made[i] = 1 + (i % 250);
  const packed = pack(made);
  const kept = reader(packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.byteLength));
  if (kept.length !== length) throw new Error("length");
  for (let k = 0; k < 25; k++) {
    const from = Math.floor(random() * length);
    const to = k === 0 ? length : from + Math.floor(random() * (length - from));
    const memory = new Uint8Array(to - from + 10).fill(77);
    kept.copy(memory, 5, from, to);
    for (let i = from; i < to; i++)
      if (memory[5 + i - from] !== made[i]) throw new Error(`byte ${i} of ${from}-${to}`);
    if (memory[4] !== 77 || memory[5 + to - from] !== 77) throw new Error("written outside");
  }
}
console.log("read back");
"""


def test_a_kept_snapshot_reads_back_exactly_into_a_dirty_memory(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js here")
    fmt = Path(__file__).resolve().parent.parent / "static" / "snapshot-format.js"
    module = tmp_path / "format.mjs"  # an ES module by its name, wherever it lies
    module.write_text(fmt.read_text(encoding="utf-8"), encoding="utf-8")
    script = tmp_path / "check.mjs"
    script.write_text(FORMAT_CHECK.replace("FORMAT", module.as_uri()), encoding="utf-8")
    result = subprocess.run([node, str(script)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "read back"
