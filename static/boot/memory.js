// The snapshot put back into Python's memory in slices, each a task of its own, straight
// from the pages kept in Cache Storage (static/snapshot-format.js): no whole copy of the
// 31.5 MB is built first, and no single copy of it holds the page (docs/performance.md,
// "A phone").
//
// Pyodide restores a snapshot with one copy of it into the wasm memory (its private
// `API.restoreSnapshot`): the snapshot is a header — a magic number, the offset where
// the memory begins, the size of a JSON description, the build's id, the description —
// then the memory.  Here Pyodide is handed the header alone: it checks it and reads the
// description as it always does, and copies nothing (the memory after the header is
// empty), while the memory itself is written beforehand, slice by slice.  The header is
// read through static/boot/pyodide-door.js, whose Pyodide tests/test_start_hooks.py checks
// still restores this way; a restore that fails for any reason starts Python afresh.
import { reader } from "../snapshot-format.js";
import { memoryStart } from "./pyodide-door.js";
import { nextTask } from "./yielding.js";

const SLICE = 4 << 20; // bytes written per task: a few milliseconds on a slow phone

// The kept snapshot, read: its header (what Pyodide is handed), its whole length (the
// memory Pyodide must be made with), and `restore(heap)`, which writes the memory into
// Python's heap (a Uint8Array over the wasm memory) in slices.
/**
 * @typedef {object} Prepared
 * @property {Uint8Array} header what Pyodide is handed
 * @property {number} length the snapshot's whole length
 * @property {(heap: Uint8Array) => Promise<void>} restore writes the memory into `heap`
 */

/**
 * @param {ArrayBuffer} buffer the kept snapshot
 * @returns {Prepared}
 */
export function prepare(buffer) {
  const kept = reader(buffer);
  const start = memoryStart(kept.bytes(0, 8));
  if (start < 8 || start >= kept.length) throw new Error("a snapshot without its header");
  return {
    header: kept.bytes(0, start),
    length: kept.length,
    async restore(heap) {
      const size = kept.length - start;
      if (heap.length < size) throw new Error("Python's memory is smaller than the snapshot");
      for (let at = 0; at < size; at += SLICE) {
        kept.copy(heap, at, start + at, start + Math.min(size, at + SLICE));
        await nextTask();
      }
    },
  };
}
