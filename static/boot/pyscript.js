// PyScript's own start: it opens an IndexedDB at every boot, so where the browser
// refuses one (a third-party or sandboxed frame, a private mode) an in-memory one stands
// in (fake-indexeddb; the game then saves to localStorage where that is allowed, and
// otherwise plays without saving).  Then PyScript runs the page's Python script, taking
// the Python static/boot/python.js has begun.
const root = document.documentElement;

async function indexedDBWorks() {
  try {
    if (!("indexedDB" in globalThis) || !globalThis.indexedDB) return false;
    return await new Promise((resolve) => {
      const request = indexedDB.open("halfmoon-probe");
      request.onsuccess = () => {
        request.result.close();
        resolve(true);
      };
      request.onerror = () => resolve(false);
      request.onblocked = () => resolve(true);
    });
  } catch (_) {
    return false;
  }
}

// The probe begins at once (it only waits on the disk, and PyScript's own opening of its
// IndexedDB, later, is the sooner for it); PyScript itself after the first frame.
export function probeStorage() {
  return indexedDBWorks();
}

export async function startPyScript(probe = indexedDBWorks()) {
  if (!(await probe)) {
    await import("../../vendor/fake-indexeddb/auto/index.mjs");
    root.dataset.storage = "memory";
  }
  await import("../../vendor/pyscript/core.js");
}
