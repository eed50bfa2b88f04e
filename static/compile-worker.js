// Pyodide's wasm compiled off the page's thread: a return visit takes it from the offline
// copy (static/sw.js), and V8 takes its compiled code from its cache as it reads it — that
// reading is tens of milliseconds of the page's thread in several tasks on a phone,
// while the player may be tapping the painted table.  Here it is the worker's; the
// compiled module is handed to the page, which shares its code (static/boot/wasm.js).
// Anything that fails is said, and the page compiles as it always did.
/** @param {MessageEvent<{ cache: string, url: string }>} event (static/boot/wasm.js) */
self.onmessage = async ({ data }) => {
  try {
    const response = await (await caches.open(data.cache)).match(data.url);
    if (!response) throw new Error(`${data.url} is not in the offline copy`);
    self.postMessage({ module: await WebAssembly.compileStreaming(response) });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
