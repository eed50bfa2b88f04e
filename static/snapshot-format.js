// How Python's memory snapshot is kept in Cache Storage: only its 4 KiB pages that hold
// something.  Half of a fresh interpreter's memory is zeros; keeping the other half
// halves the quota used (31.5 → 15.2 MB) and the read a return visit waits for (measured
// on a browser just started: 167 ms raw, 100 ms this way, 250 ms gzip-compressed with
// the browser's own DecompressionStream; docs/performance.md, "Back in a blink").
//
// The layout, little-endian 32-bit words then pages:
//   MAGIC, the snapshot's length, the number N of pages kept, N page numbers (rising),
//   then the N pages, 4,096 bytes each (the last one padded with zeros).
// Made by static/snapshot-worker.js, read back page by page by static/boot/memory.js;
// anything that does not read back exactly (another format, a cut-short copy, pages out
// of order) is refused with an error.
const MAGIC = 0x31534d48; // "HMS1"
const PAGE = 4096;
const WORDS = PAGE / 4;

/**
 * @param {Uint8Array} snapshot Python's memory snapshot
 * @returns {Uint8Array<ArrayBuffer>} its pages that hold something, as kept
 */
export function pack(snapshot) {
  const bytes = new Uint8Array(snapshot.length + ((PAGE - (snapshot.length % PAGE)) % PAGE));
  bytes.set(snapshot);
  const words = new Uint32Array(bytes.buffer);
  /** @type {number[]} */
  const kept = [];
  for (let page = 0; page * WORDS < words.length; page++) {
    const end = (page + 1) * WORDS;
    for (let i = page * WORDS; i < end; i++) {
      if (words[i] !== 0) {
        kept.push(page);
        break;
      }
    }
  }
  const head = new Uint32Array(3 + kept.length);
  head.set([MAGIC, snapshot.length, kept.length]);
  head.set(kept, 3);
  const out = new Uint8Array(head.byteLength + kept.length * PAGE);
  out.set(new Uint8Array(head.buffer));
  kept.forEach((page, n) =>
    out.set(bytes.subarray(page * PAGE, (page + 1) * PAGE), head.byteLength + n * PAGE),
  );
  return out;
}

// A kept snapshot, checked whole (another format, a copy cut short or pages out of order
// are refused with an error): its length, and its bytes read back from the pages kept.
/**
 * @typedef {object} Reader
 * @property {number} length the snapshot's length
 * @property {(into: Uint8Array, at: number, from: number, to: number) => void} copy
 *   the snapshot's bytes [from, to) written into `into` at `at`
 * @property {(from: number, to: number) => Uint8Array} bytes the snapshot's bytes [from, to)
 */

/**
 * @param {ArrayBuffer} buffer a kept snapshot
 * @returns {Reader}
 */
export function reader(buffer) {
  const words = buffer.byteLength >= 12 ? new Uint32Array(buffer, 0, 3) : null;
  if (!words || words[0] !== MAGIC) throw new Error("not a Half Moon snapshot");
  const [, length = 0, count = 0] = words;
  const pages = Math.ceil(length / PAGE);
  const start = 12 + count * 4;
  if (count > pages || buffer.byteLength !== start + count * PAGE)
    throw new Error("a snapshot cut short");
  const numbers = new Uint32Array(buffer, 12, count);
  const source = new Uint8Array(buffer, start);
  // the pages kept, as runs of consecutive pages: [first page, pages, place among those kept]
  /** @type {Array<[number, number, number]>} */
  const runs = [];
  let last = -1;
  for (let n = 0; n < count; n++) {
    const page = numbers[n] ?? pages; // n < count: always a page number
    if (page <= last || page >= pages) throw new Error("a damaged snapshot");
    const previous = runs[runs.length - 1];
    if (page === last + 1 && previous) previous[1] += 1;
    else runs.push([page, 1, n]);
    last = page;
  }
  // The snapshot's bytes [from, to) written into `into` at `at` (zeros where no page was kept).
  /**
   * @param {Uint8Array} into
   * @param {number} at
   * @param {number} from
   * @param {number} to
   */
  function copy(into, at, from, to) {
    let done = from; // the snapshot's bytes before this one are written
    for (const [page, run, n] of runs) {
      const a = Math.max(from, page * PAGE);
      const b = Math.min(to, (page + run) * PAGE);
      if (b <= a) {
        if (page * PAGE >= to) break;
        continue;
      }
      if (a > done) into.fill(0, at + done - from, at + a - from);
      into.set(
        source.subarray(n * PAGE + a - page * PAGE, n * PAGE + b - page * PAGE),
        at + a - from,
      );
      done = b;
    }
    if (to > done) into.fill(0, at + done - from, at + to - from);
  }
  return {
    length,
    copy,
    bytes(from, to) {
      const out = new Uint8Array(to - from);
      copy(out, 0, from, to);
      return out;
    },
  };
}
