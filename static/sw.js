// Half Moon service worker.  The site build fills VERSION, FILES (every file of the
// site with its content hash) and PREFIX (tools/build_site.py, OFFLINE_CACHE).  A version is installed whole into its own cache, every
// file checked against its hash, or not at all (it never serves a page then); once
// active it deletes every other version's cache.  The first version installed takes
// charge at once; a later one waits until a page says the moment is safe
// (static/boot/offline.js), so that no page is pulled from under its player.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const PREFIX = "__CACHE__";
const CACHE = PREFIX + VERSION;
/** This service worker's global scope: `self`, which TypeScript's worker types give as any
 * worker's. */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const scope = new URL(sw.registration.scope);

// Where the browser supports it, files other than pages come straight from this
// version's cache without waking this script, which makes the interpreter's megabytes
// reach the page sooner.  Pages still come through the fetch handler below, which maps
// the scope's root and any query to index.html.  A file missing from the cache falls
// back to the network, as in the handler.
/**
 * @param {ExtendableEvent & { addRoutes?: (rules: object[]) => Promise<void> }} event the
 *   install event: its addRoutes where the browser has a router (InstallEvent)
 */
async function addRoutes(event) {
  if (typeof event.addRoutes !== "function") return;
  try {
    const path = scope.pathname.replace(/[:*?+(){}\\]/g, "\\$&");
    await event.addRoutes([
      { condition: { requestMode: "navigate" }, source: "fetch-event" },
      {
        condition: { urlPattern: new URLPattern({ pathname: `${path}*`, baseURL: scope.href }) },
        source: { cacheName: CACHE },
      },
    ]);
  } catch (_) {
    /* a router that refuses these rules: the fetch handler serves everything */
  }
}

/**
 * @param {Response} response
 * @returns {Promise<string>} the first 16 hex digits of its SHA-256
 */
async function digest(response) {
  const hash = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return [...new Uint8Array(hash)]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 16);
}

sw.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await addRoutes(event);
      // A first visit's page has already kept what its start fetched in this version's
      // cache (static/boot/progress.js): each of those is kept if it is the very file this
      // version lists.  Every other file is revalidated with the server (cheap when
      // unchanged) and checked the same way; only then is the whole set stored.
      const cache = await caches.open(CACHE);
      const responses = await Promise.all(
        FILES.map(
          /** @returns {Promise<[string, Response] | null>} */
          async ([url, revision]) => {
            const kept = await cache.match(url);
            if (kept && (await digest(kept)) === revision) return null;
            const response = await fetch(new Request(url, { cache: "no-cache" }));
            if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
            if ((await digest(response.clone())) !== revision)
              throw new Error(`${url}: not the file of ${VERSION}`);
            return [url, response];
          },
        ),
      );
      await Promise.all(
        responses
          .filter((entry) => entry !== null)
          .map(([url, response]) => cache.put(url, response)),
      );
      if (!sw.registration.active) await sw.skipWaiting(); // the first: nothing to wait for
    })(),
  );
});

// A page's word: the moment is safe to take over; and the question of which version
// this worker is (a page under another version's worker reloads).
sw.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "halfmoon-update") event.waitUntil(sw.skipWaiting());
  else if (type === "halfmoon-version") event.ports[0]?.postMessage({ version: VERSION });
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  // The game is index.html (also for the scope's root and any query or hash); the
  // rules and examples pages are files of their own.
  const game = new URL("index.html", scope).href;
  const key = url.pathname === scope.pathname ? game : url.origin + url.pathname;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(key);
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (error) {
        // Offline and not a file of this version: a page opens the game instead.
        if (request.mode === "navigate") return (await cache.match(game)) || Response.error();
        throw error;
      }
    })(),
  );
});
