// The members of a zip archive (the engine: tools/build_site.py writes it), read in the
// page rather than by Python's zipfile: no Python work at start-up, and after a restore
// only the members still needed.  Stored and deflated members (the browser inflates
// them); the engine's archive is solid — its one member a zip of its modules stored,
// deflated as a whole (tools/archive.py) — and read through.  Anything else, or
// an archive that does not read back, is refused with an error.
/** @typedef {[name: string, bytes: Uint8Array<ArrayBuffer>]} Member a file of the archive */

/** @type {(view: DataView, at: number) => number} */
const u16 = (view, at) => view.getUint16(at, true);
/** @type {(view: DataView, at: number) => number} */
const u32 = (view, at) => view.getUint32(at, true);
const names = new TextDecoder();

/** @param {Uint8Array<ArrayBuffer>} bytes */
async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// [name, bytes] of every file member whose name `wanted` accepts.
/**
 * @param {ArrayBuffer} buffer
 * @param {(name: string) => boolean} wanted
 * @returns {Promise<Member[]>}
 */
export async function unzip(buffer, wanted = () => true) {
  const view = new DataView(buffer);
  let end = buffer.byteLength - 22;
  while (end >= 0 && u32(view, end) !== 0x06054b50) end -= 1; // after a comment, if any
  if (end < 0) throw new Error("not a zip archive");
  const count = u16(view, end + 10);
  let at = u32(view, end + 16);
  /** @type {Array<[string, Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>>] | Promise<Member[]>>} */
  const found = [];
  for (let n = 0; n < count; n++) {
    if (u32(view, at) !== 0x02014b50) throw new Error("a damaged zip archive");
    const method = u16(view, at + 10);
    const size = u32(view, at + 20);
    const nameLength = u16(view, at + 28);
    const skip = nameLength + u16(view, at + 30) + u16(view, at + 32);
    const local = u32(view, at + 42);
    const name = names.decode(new Uint8Array(buffer, at + 46, nameLength));
    at += 46 + skip;
    const solid = count === 1 && name.endsWith(".zip"); // a zip inside: its members are the archive's
    if (name.endsWith("/") || (!solid && !wanted(name))) continue;
    if (u32(view, local) !== 0x04034b50) throw new Error("a damaged zip archive");
    const start = local + 30 + u16(view, local + 26) + u16(view, local + 28);
    const data = new Uint8Array(buffer, start, size);
    if (method === 0) found.push([name, data.slice()]);
    else if (method === 8) found.push([name, inflate(data)]);
    else throw new Error(`a zip member packed in an unknown way (${method})`);
    if (solid) {
      // the member just found: the zip inside
      const inside =
        /** @type {[string, Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>>]} */ (
          found.pop()
        );
      found.push(Promise.resolve(inside[1]).then((inner) => unzip(inner.buffer, wanted)));
    }
  }
  const read = await Promise.all(
    found.map(
      /** @returns {Promise<Member[]>} */
      async (entry) => {
        if (!Array.isArray(entry)) return entry; // the members of the zip inside
        return [[entry[0], await entry[1]]];
      },
    ),
  );
  return read.flat();
}
