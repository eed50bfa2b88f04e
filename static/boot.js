// Half Moon start-up, before Python: words in the right language on the skeleton,
// an in-memory IndexedDB where the browser refuses one (PyScript opens it at boot),
// then PyScript.  Everything the game does after that is in Python.
//
// The build writes the boot data into the page from the engine's own tables (the
// storage keys, the language-choice table, the start-up strings), so that what this
// script decides is what Python decides (halfmoon/i18n.py choose_language).
import "./errors.js";

const root = document.documentElement;
const status = document.getElementById("boot-status");

let boot = {};
try {
  boot = JSON.parse(document.getElementById("boot-data").textContent);
} catch (_) {
  boot = {};
}
const names = boot.languages || {};

function normaliseLanguage(value) {
  if (typeof value !== "string") return null;
  const primary = value.trim().toLowerCase().replace(/_/g, "-").split("-")[0];
  return Object.hasOwn(names, primary) ? names[primary] : null;
}

function storedLanguage() {
  try {
    const prefs = JSON.parse(localStorage.getItem(boot.keys.prefs) || "{}");
    return prefs.lang;
  } catch (_) {
    return null;
  }
}

function chooseLanguage() {
  const preferred = navigator.languages || [navigator.language];
  return (
    normaliseLanguage(new URLSearchParams(location.search).get("lang")) ||
    normaliseLanguage(storedLanguage()) ||
    preferred.map(normaliseLanguage).find(Boolean) ||
    boot.default ||
    "pt"
  );
}

try {
  if (window.self !== window.top) root.dataset.embedded = "true";
} catch (_) {
  root.dataset.embedded = "true";
}
// Inside a frame, the rules and examples pages open beside the game, not over it.
if (root.dataset.embedded) {
  for (const link of document.querySelectorAll("a[data-i18n-href]")) {
    link.target = "_blank";
    link.rel = "noopener";
  }
}

const lang = chooseLanguage();
const words = (boot.strings || {})[lang] || {};
root.lang = lang === "en" ? "en" : "pt-PT";
for (const el of document.querySelectorAll("[data-i18n]")) {
  const value = words[el.dataset.i18n];
  if (value !== undefined) el.textContent = value;
}

// A first visit downloads about 14 MB before the table can be played: a progress bar
// shows the bytes arrived out of those the first start needs (the build counts them).
// Files fetched by the runtime are counted as they stream in, from a copy of each
// response (the response itself goes on untouched); the others when they are complete.
// Only where no service worker serves the page yet: later visits start from its copy.
const firstStart = Number(boot.first) || 0;
const arrived = new Map();
const progress = document.getElementById("boot-progress");
const progressText = document.getElementById("boot-bytes");
let realFetch = null;

function megabytes(bytes) {
  return (bytes / 1e6).toLocaleString(root.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function showProgress() {
  if (root.dataset.app !== "loading" || !progress) return;
  let done = 0;
  for (const bytes of arrived.values()) done += bytes;
  done = Math.min(done, firstStart);
  progress.hidden = false;
  progress.max = firstStart;
  progress.value = done;
  const template = words["app.progress"] || "{done} MB / {total} MB";
  progressText.textContent = template.replace("{done}", megabytes(done)).replace("{total}", megabytes(firstStart));
}

function note(url, bytes) {
  if (bytes > (arrived.get(url) || 0)) arrived.set(url, bytes);
  if (progress && !progress.hidden) showProgress();
}

async function countStream(url, response) {
  try {
    const reader = response.body.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      bytes += value.byteLength;
      note(url, bytes);
    }
  } catch (_) {
    /* the download failed: the runtime says so */
  }
}

function watchDownloads() {
  if (!firstStart || !window.fetch || (navigator.serviceWorker && navigator.serviceWorker.controller)) return;
  realFetch = window.fetch;
  window.fetch = function (input, init) {
    return realFetch.call(this, input, init).then((response) => {
      if (root.dataset.app === "loading" && response.body) countStream(response.url, response.clone());
      return response;
    });
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) note(entry.name, entry.decodedBodySize || 0);
    }).observe({ type: "resource", buffered: true });
  } catch (_) {
    /* no resource timing: the streamed files alone move the bar */
  }
  setTimeout(() => { if (root.dataset.app === "loading") showProgress(); }, 400);
}

function stopWatching() {
  if (realFetch) window.fetch = realFetch;
  realFetch = null;
}

// The cards are sized from the board's size (halfmoon.css reads --bw and --bh), which a
// ResizeObserver keeps up to date before every paint, the first one included.
const board = document.querySelector(".board");
if (board && "ResizeObserver" in window) {
  new ResizeObserver(([entry]) => {
    const box = entry.contentBoxSize ? entry.contentBoxSize[0] : null;
    const width = box ? box.inlineSize : entry.contentRect.width;
    const height = box ? box.blockSize : entry.contentRect.height;
    board.style.setProperty("--bw", `${width}px`);
    board.style.setProperty("--bh", `${height}px`);
    board.classList.toggle("narrow", width <= 640);
  }).observe(board);
}

function fail(key) {
  root.dataset.app = "error";
  status.classList.add("error");
  status.textContent = words[key] || words["app.error"] || "Half Moon could not start.";
}

async function indexedDBWorks() {
  try {
    if (!("indexedDB" in globalThis) || !globalThis.indexedDB) return false;
    return await new Promise((resolve) => {
      const request = indexedDB.open("halfmoon-probe");
      request.onsuccess = () => { request.result.close(); resolve(true); };
      request.onerror = () => resolve(false);
      request.onblocked = () => resolve(true);
    });
  } catch (_) {
    return false;
  }
}

async function start() {
  if (!(await indexedDBWorks())) {
    // IndexedDB is refused (third-party frame, sandbox, private mode): PyScript still
    // gets one, in memory.  The game saves to localStorage where that is allowed, and
    // otherwise plays without saving.
    await import("../vendor/fake-indexeddb/auto/index.mjs");
    root.dataset.storage = "memory";
  }
  await import("../vendor/pyscript/core.js");
}

// A start-up step that fails inside PyScript rejects a promise nobody awaits: say so
// instead of "loading" forever.  Before Python runs, the cause is a file lost or
// damaged on its way (the network); once main.py runs it is not, and the message must
// not send the player to check a connection that works.
window.addEventListener("unhandledrejection", () => {
  if (root.dataset.app === "loading") fail(root.dataset.python ? "app.error" : "app.error.load");
});

// The crash dialog's button must work even when Python no longer does.
document.addEventListener("click", (event) => {
  if (event.target.closest && event.target.closest('[data-dialog-action="reload"]')) location.reload();
});

// Offline play: a service worker keeps every file of this version.  When a new deploy's
// worker takes over a page that an older worker served, the page reloads into the new
// version whole (the game is saved after every change, so nothing is lost).  The first
// time the offline copy is kept, a short note says the game now works without network.
function registerWorker() {
  try {
    const workers = navigator.serviceWorker;
    if (!workers) return;
    const hadController = Boolean(workers.controller);
    workers.addEventListener("controllerchange", () => {
      if (hadController) location.reload();
    });
    workers.register("sw.js").then(() => {
      if (!hadController) workers.ready.then(offlineReady);
    }).catch(() => {});
  } catch (_) {
    /* no service worker here (sandboxed or storage-less frame): play online only */
  }
}

function offlineReady() {
  const line = document.querySelector('[data-role="offline"]');
  if (!line || root.dataset.app !== "ready") return;
  const now = (boot.strings || {})[root.lang === "en" ? "en" : "pt"] || words;
  line.textContent = now["app.offline-ready"] || "";
  setTimeout(() => { line.textContent = ""; }, 8000);
}

// The cards' motion is drawn by its own small module, fetched once the game is ready.
function loadMotion() {
  import("./motion.js").then((motion) => {
    motion.init(document.querySelector(".board"), document.querySelector('[data-stat="score"]'),
      document.querySelector(".lines"));
    window.halfmoonMotion = motion;
  }).catch(() => { /* no motion: the game plays the same */ });
}

// Back in a blink: once the game is ready and the page idle, a worker makes the memory
// snapshot that the next visit starts Python from (static/pyodide-loader.mjs restores
// it; static/snapshot.js makes it), and the snapshots of other builds are removed.
const SETTLE_MS = 5000;

function makeSnapshot() {
  const { snapshot, snapshotCache, snapshotKey } = root.dataset;
  if (!snapshotCache || typeof caches !== "object") return; // no Cache Storage (not a secure context)
  // the snapshots of other builds will never be used again
  caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("hm-snapshot-") && name !== snapshotCache)
    .map((name) => caches.delete(name)))).catch(() => {});
  if (!["none", "failed"].includes(snapshot) || typeof Worker !== "function") return;
  // Not before the player has settled in: the first taps never share the machine.
  const idle = window.requestIdleCallback || ((run) => setTimeout(run, 1500));
  setTimeout(() => idle(() => {
    let worker;
    try {
      worker = new Worker(new URL("./snapshot.js", import.meta.url), { type: "module" });
    } catch (_) {
      return; // no module workers here: every visit starts Python from nothing
    }
    const started = performance.now(); // measured by make bench: taps meanwhile
    const done = (data) => {
      worker.terminate();
      performance.measure("halfmoon-snapshot", { start: started });
      // the bytes kept, and Python's memory they stand for
      root.dataset.snapshotMade = data.ok ? String(data.bytes) : "failed";
      if (data.ok) root.dataset.snapshotMemory = String(data.memory);
      if (!data.ok) console.warn("Half Moon: no snapshot for the next visit:", data.error);
    };
    worker.onmessage = ({ data }) => done(data);
    worker.onerror = (event) => done({ ok: false, error: event.message || "the worker did not start" });
    worker.postMessage({
      cache: snapshotCache, key: snapshotKey, engine: new URL("../engine.zip", import.meta.url).href,
      build: document.querySelector('meta[name="halfmoon-build"]').content,
    });
  }, { timeout: 4000 }), SETTLE_MS);
}

new MutationObserver((_, observer) => {
  if (root.dataset.app !== "loading") {
    observer.disconnect();
    stopWatching();
    if (root.dataset.app === "ready") {
      loadMotion();
      makeSnapshot();
    } else if (root.dataset.snapshot === "restored" && root.dataset.snapshotCache) {
      // The game could not start from the kept snapshot: the next start (Reload) must
      // not try it again.
      caches.delete(root.dataset.snapshotCache).catch(() => {});
    }
    registerWorker();
  }
}).observe(root, { attributes: true, attributeFilter: ["data-app"] });

watchDownloads();
start().catch(() => fail("app.error.load"));
