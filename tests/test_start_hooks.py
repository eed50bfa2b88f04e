"""What the page's start relies on in the vendored Pyodide and PyScript, beyond their
public API (docs/performance.md, "A phone"): if an upgrade changes any of it, these fail
loudly, before a player's start quietly falls back to the slow path — or worse.

- static/boot/memory.js hands Pyodide the snapshot's header alone and writes the memory
  itself: Pyodide's private ``API.restoreSnapshot`` must read the memory's start from
  the header's second word and copy only what follows it; ``loadPyodide`` must size the
  memory from the snapshot before it calls ``createPyodideModule``.
- static/boot/wasm.js wraps the functions of the wasm's ``GOT.func`` imports before
  Emscripten links them: Emscripten must put each into the table as it is when it is a
  wasm function (and only convert it when the table refuses it), take its signature from
  ``.sig``, ask the ``GOT.func`` imports of one proxy, and start its runtime in a task of
  its own when the Module has a ``setStatus``.
- static/boot/python.js runs PyScript's start code itself: PyScript must export that
  code as ``stdlib`` and drop the value of the code it runs before the page's script.

And the kept snapshot (static/snapshot-format.js), which static/boot/memory.js writes
into Python's memory a slice at a time, must read back exactly, whatever the slice.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

NODE = Path(__file__).resolve().parent.parent / "node_modules"
PYODIDE = NODE / "pyodide"
PYSCRIPT = NODE / "@pyscript" / "core" / "dist"

pytestmark = pytest.mark.skipif(not PYODIDE.exists(), reason="npm packages not installed")


def runtime() -> str:
    return (PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8")


def sources(map_file: Path) -> dict[str, str]:
    data = json.loads(map_file.read_text(encoding="utf-8"))
    return dict(zip(data["sources"], data["sourcesContent"], strict=True))


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
