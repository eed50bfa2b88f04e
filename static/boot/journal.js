// A durable copy of the play on the table, beside the quick one in localStorage, which a
// browser writes to disk late: a browser killed a second after a move (as a phone's
// system kills one in the background) loses what localStorage had not written yet.
// IndexedDB with `durability: "strict"` has it on disk once its transaction completes.
// The game writes the copy after each save (halfmoon/web/journal.py) and, at its next
// start, writes it back where localStorage lost it (halfmoon/keeping/saving.py,
// recovered); docs/reliability.md, "A killed browser".  Where IndexedDB is blocked or
// broken, nothing is copied and nothing fails.

const NAME = "halfmoon-journal";
const STORE = "copy";
const TABLE = "table"; // the one record: the play on the table, its key and value
const WAIT_MS = 1000; // the longest the start waits for the copy

/** @type {Promise<IDBDatabase | null> | null} */
let opening = null;

/** @returns {Promise<IDBDatabase | null>} */
function open() {
  opening ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch (_) {
      resolve(null); // blocked storage throws at once
    }
  });
  return opening;
}

/**
 * The copy kept, as [key, value], or null.
 * @returns {Promise<[string, string] | null>}
 */
export function readCopy() {
  // never holds the start: an IndexedDB that does not answer (seen in WebKitGTK offline)
  // is no copy
  /** @type {Promise<null>} */
  const late = new Promise((resolve) => setTimeout(() => resolve(null), WAIT_MS));
  return Promise.race([read(), late]);
}

/** @returns {Promise<[string, string] | null>} */
async function read() {
  const db = await open();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const request = db.transaction(STORE, "readonly").objectStore(STORE).get(TABLE);
      request.onsuccess = () => {
        /** @type {unknown} */
        const found = request.result;
        if (!Array.isArray(found) || found.length !== 2) return resolve(null);
        const [key, value] = found;
        resolve(typeof key === "string" && typeof value === "string" ? [key, value] : null);
      };
      request.onerror = () => resolve(null);
    } catch (_) {
      resolve(null);
    }
  });
}

/**
 * Keep `value` under `key` as the copy, on disk once the promise settles.
 * @param {string} key
 * @param {string} value
 * @returns {Promise<boolean>} whether it was written
 */
export async function writeCopy(key, value) {
  const db = await open();
  if (!db) return false;
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(STORE, "readwrite", { durability: "strict" });
      tx.objectStore(STORE).put([key, value], TABLE);
      tx.oncomplete = () => resolve(true);
      tx.onerror = tx.onabort = () => resolve(false);
    } catch (_) {
      resolve(false);
    }
  });
}
