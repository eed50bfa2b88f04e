// Half Moon start-up, before Python: words in the right language on the skeleton,
// an in-memory IndexedDB where the browser refuses one (PyScript opens it at boot),
// then PyScript.  Everything the game does after that is in Python.
//
// The build writes the boot data into the page from the engine's own tables (the
// storage keys, the language-choice table, the start-up strings), so that what this
// script decides is what Python decides (halfmoon/i18n.py choose_language).
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
// version whole (the game is saved after every change, so nothing is lost).
function registerWorker() {
  try {
    const workers = navigator.serviceWorker;
    if (!workers) return;
    const hadController = Boolean(workers.controller);
    workers.addEventListener("controllerchange", () => {
      if (hadController) location.reload();
    });
    workers.register("sw.js").catch(() => {});
  } catch (_) {
    /* no service worker here (sandboxed or storage-less frame): play online only */
  }
}

new MutationObserver((_, observer) => {
  if (root.dataset.app !== "loading") {
    observer.disconnect();
    registerWorker();
  }
}).observe(root, { attributes: true, attributeFilter: ["data-app"] });

start().catch(() => fail("app.error.load"));
