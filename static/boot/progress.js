// A first visit (no service worker serves the page yet) downloads a few megabytes before
// the game can be played: a progress bar shows the bytes arrived on the wire out of those
// the first start needs there (the build counts them as a static host sends them,
// compressed: tools/build_site.py, first_start).  A file that is in is counted as the
// browser says it took on the wire (its resource timing); one the start fetches is
// counted as it streams in, from a copy of the response (the response itself goes on
// untouched) — uncompressed there, so each large file's bytes are counted by how much
// it shrinks on the wire (the build's figure, "shrink").
//
// The same copy is kept for the offline copy (the version's own cache, which the service
// worker then checks file by file and fills only with what is missing: static/sw.js), so
// a first visit never downloads a file twice, even where the browser keeps no HTTP cache
// (a private window) — docs/performance.md, "Bytes".
import { boot, cacheStorage, offlineCache, serviceWorkers, words } from "./data.js";

const root = document.documentElement;
/** @type {Map<string, number>} each file's bytes arrived, on the wire */
const arrived = new Map();
/** @type {Set<string>} the files the browser has said the bytes on the wire of */
const exact = new Set();
// each large file's bytes on the wire per byte of it, by its address
const shrink = new Map(
  Object.entries(boot.shrink || {}).map(([path, ratio]) => [
    new URL(path, document.baseURI).href,
    Number(ratio) || 1,
  ]),
);
const SHOWN_AFTER_MS = 400; // a start that is over sooner shows no bar at all
/** @type {typeof window.fetch | null} */
let realFetch = null;
let visible = false;

/** @param {number} bytes */
function megabytes(bytes) {
  return (bytes / 1e6).toLocaleString(root.lang, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/** @param {number} total */
function show(total) {
  const progress = /** @type {HTMLProgressElement | null} */ (
    document.getElementById("boot-progress")
  );
  // beside the bar (index.html)
  const line = /** @type {HTMLElement} */ (document.getElementById("boot-bytes"));
  if (!visible || root.dataset.app !== "loading" || root.dataset.painted === "true" || !progress)
    return;
  let done = 0;
  for (const bytes of arrived.values()) done += bytes;
  // (a file's count made exact may be a little under its estimate: the bar never goes back)
  done = Math.max(Math.min(done, total), progress.value);
  progress.hidden = false;
  progress.max = total;
  progress.value = done;
  const template = words["app.progress"] || "{done} MB / {total} MB";
  line.textContent = template
    .replace("{done}", megabytes(done))
    .replace("{total}", megabytes(total));
}

// Count a response's bytes as they arrive, and keep it for the offline copy.
/**
 * @param {string} url
 * @param {Response} response a copy, with a body
 * @param {(url: string, bytes: number) => void} note
 * @param {Promise<Cache> | null} keep the offline copy's cache, or null
 */
function follow(url, response, note, keep) {
  let bytes = 0;
  /** @type {TransformStream<Uint8Array, Uint8Array>} */
  const counter = new TransformStream({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      note(url, bytes);
      controller.enqueue(chunk);
    },
  });
  const body = /** @type {ReadableStream<Uint8Array>} */ (response.body);
  const copy = new Response(body.pipeThrough(counter), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  const done = keep ? keep.then((cache) => cache.put(url, copy)) : copy.arrayBuffer();
  done.catch(() => {
    /* the download failed (the start says so), or the copy could not be kept */
  });
}

export function watchDownloads() {
  const total = Number(boot.first) || 0;
  const workers = serviceWorkers();
  if (!total || !window.fetch || (workers && workers.controller)) return;
  // Kept only where a service worker will take them (not in a storage-less frame).
  const storage = cacheStorage();
  const keep = workers && storage && offlineCache ? storage.open(offlineCache) : null;
  keep?.catch(() => {});
  // A file's bytes: streamed (uncompressed, counted by how much it shrinks) or, once
  // it is in, on the wire as the browser says (that figure stands).
  /** @type {(url: string, bytes: number, wire?: boolean) => void} */
  const note = (url, bytes, wire = false) => {
    if (exact.has(url)) return;
    const counted = wire ? bytes : Math.round(bytes * (shrink.get(url) ?? 1));
    if (wire) exact.add(url);
    if (wire || counted > (arrived.get(url) || 0)) arrived.set(url, counted);
    show(total);
  };
  realFetch = window.fetch;
  /**
   * @this {unknown}
   * @param {RequestInfo | URL} input
   * @param {RequestInit} [init]
   */
  window.fetch = function (input, init) {
    // (read at each call, as it always was: stopWatching puts the page's own fetch back)
    const real = /** @type {typeof window.fetch} */ (realFetch);
    return real.call(this, input, init).then((response) => {
      const same = new URL(response.url || location.href).origin === location.origin;
      if (root.dataset.app === "loading" && response.body && response.ok && same) {
        follow(
          response.url,
          response.clone(),
          note,
          (init?.method || "GET") === "GET" ? keep : null,
        );
      }
      return response;
    });
  };
  setTimeout(() => {
    visible = true;
    show(total);
  }, SHOWN_AFTER_MS);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const resource = /** @type {PerformanceResourceTiming} */ (entry); // type "resource"
        if (resource.encodedBodySize > 0) note(entry.name, resource.encodedBodySize, true);
        else note(entry.name, resource.decodedBodySize || 0);
      }
    }).observe({ type: "resource", buffered: true });
  } catch (_) {
    /* no resource timing: the streamed files alone move the bar */
  }
}

export function stopWatching() {
  if (realFetch) window.fetch = realFetch;
  realFetch = null;
}
