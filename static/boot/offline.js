// Offline play: a service worker keeps every file of this version (static/sw.js).  The
// first time the offline copy is kept, a short note says the game now works without a
// network.
//
// An update never pulls the page from under the player.  A new deploy's worker installs
// whole and then waits for a page's word before it takes over; a page gives that word at
// a safe moment — no window open, no card selected (a replay runs in a window) — and
// then reloads into the new version whole (the game is saved after every change, so it
// resumes).  At any other moment the page says "A new version is ready" and the player
// chooses when.  A page that finds itself under another version's worker (a first visit
// that started before a deploy, or a tab whose neighbour let the new worker in) would
// mix files of two versions: it reloads, by the same rule.
//
// A first visit's copy holds the game in the language it showed; a later visit, once
// the player has settled in, asks the worker for the rest (the other languages, the
// icons of an installed app): <html data-offline-copy> then says "whole", or "partial"
// where some file could not be had (the next visit tries again).
import { boot, build, cacheStorage, offlineCache, pageLanguage, serviceWorkers } from "./data.js";
import { whenSettled } from "./yielding.js";

const root = document.documentElement;
const NOTE_MS = 8000;
const ASK_MS = 3000; // how long a worker has to say its version

/** @type {ServiceWorker | null} */
let waiting = null; // a new version's worker, installed, waiting for this page's word
let asked = false; // this page gave that word: the takeover that follows reloads it

function offlineReady() {
  const line = document.querySelector('[data-role="offline"]');
  if (!line || root.dataset.app !== "ready") return;
  const now = (boot.strings || {})[pageLanguage()] || {};
  line.textContent = now["app.offline-ready"] || "";
  setTimeout(() => {
    line.textContent = "";
  }, NOTE_MS);
}

// No window open (the crash window excepted: a reload is its way out) and no card selected.
function safe() {
  const open = [...document.querySelectorAll("dialog[open]")].some((d) => d.id !== "dialog-crash");
  return !open && !document.querySelector('#table [aria-pressed="true"]');
}

function update() {
  // a worker still waiting is told to take over (the takeover reloads); one that took
  // over meanwhile (another tab gave the word) is in charge already: a reload is enough
  if (waiting && waiting.state === "installed") {
    asked = true;
    waiting.postMessage({ type: "halfmoon-update" }); // the takeover then reloads the page
  } else {
    location.reload();
  }
}

// Something newer is there: taken now if the moment is safe, else the player chooses.
function newVersion() {
  root.dataset.update = "ready";
  if (safe()) {
    update();
    return;
  }
  const line = document.querySelector('[data-role="update"]');
  if (line instanceof HTMLElement) line.hidden = false;
}

// The version of the worker in charge of this page (null: it does not say).
/**
 * @param {ServiceWorker} worker
 * @returns {Promise<string | null>}
 */
function workerVersion(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data?.version || null);
    setTimeout(() => resolve(null), ASK_MS);
    worker.postMessage({ type: "halfmoon-version" }, [channel.port2]);
  });
}

// Ask the worker in charge to keep the rest of the copy (or only a language's part).
/**
 * @param {ServiceWorker | null | undefined} worker
 * @param {string} [part]
 */
function complete(worker, part) {
  if (!worker) return;
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => {
    if (part === undefined)
      root.dataset.offlineCopy = event.data?.missing === 0 ? "whole" : "partial";
  };
  worker.postMessage({ type: "halfmoon-complete", part }, [channel.port2]);
}

// A language the player picks joins the copy at once (its words came from the network).
/** @param {ServiceWorkerContainer} workers */
function keepLanguages(workers) {
  let spoken = root.lang;
  new MutationObserver(() => {
    if (root.lang === spoken) return;
    spoken = root.lang;
    complete(workers.controller, pageLanguage());
  }).observe(root, { attributes: true, attributeFilter: ["lang"] });
}

/** @param {ServiceWorkerRegistration} registration */
function follow(registration) {
  /** @param {ServiceWorker | null} worker */
  const found = (worker) => {
    if (worker && registration.active) {
      waiting = worker;
      newVersion();
    }
  };
  if (registration.waiting) found(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") found(worker);
    });
  });
}

export function registerWorker() {
  try {
    const workers = serviceWorkers();
    if (!workers) return;
    const hadController = Boolean(workers.controller);
    document.addEventListener("click", (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[data-update-action="reload"]')) update();
    });
    workers.addEventListener("controllerchange", () => {
      if (asked) {
        location.reload();
        return;
      }
      const worker = workers.controller;
      if (!worker) return;
      workerVersion(worker).then((version) => {
        // another version's worker serves this page now (one that does not say is older)
        if (version ? version !== build : hadController) {
          waiting = null;
          newVersion();
        }
      });
    });
    workers
      .register("sw.js")
      .then((registration) => {
        follow(registration);
        if (!hadController) workers.ready.then(offlineReady);
        else whenSettled(() => complete(registration.active));
        keepLanguages(workers);
      })
      .catch(() => {
        // no offline copy here: what the first start kept for it goes (static/boot/progress.js)
        if (!hadController && offlineCache)
          cacheStorage()
            ?.delete(offlineCache)
            .catch(() => {});
      });
  } catch (_) {
    /* no service worker here (sandboxed or storage-less frame): play online only */
  }
}
