// Offline play: a service worker keeps every file of this version (static/sw.js).  When
// a new deploy's worker takes over a page that an older worker served, the page reloads
// into the new version whole (the game is saved after every change, so nothing is lost).
// The first time the offline copy is kept, a short note says the game now works without
// a network.
import { boot, build, cacheStorage, serviceWorkers } from "./data.js";

const root = document.documentElement;
const NOTE_MS = 8000;

function offlineReady() {
  const line = document.querySelector('[data-role="offline"]');
  if (!line || root.dataset.app !== "ready") return;
  const now = (boot.strings || {})[root.lang === "en" ? "en" : "pt"] || {};
  line.textContent = now["app.offline-ready"] || "";
  setTimeout(() => {
    line.textContent = "";
  }, NOTE_MS);
}

export function registerWorker() {
  try {
    const workers = serviceWorkers();
    if (!workers) return;
    const hadController = Boolean(workers.controller);
    workers.addEventListener("controllerchange", () => {
      if (hadController) location.reload();
    });
    workers
      .register("sw.js")
      .then(() => {
        if (!hadController) workers.ready.then(offlineReady);
      })
      .catch(() => {
        // no offline copy here: what the first start kept for it goes (static/boot/progress.js)
        if (!hadController) cacheStorage()?.delete(`halfmoon-${build}`).catch(() => {});
      });
  } catch (_) {
    /* no service worker here (sandboxed or storage-less frame): play online only */
  }
}
