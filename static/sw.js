// Half Moon service worker.  The site build fills VERSION and FILES (every file of the
// site with its content hash).  A version is installed whole into its own cache or not
// at all; once active it deletes every other version's cache.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `halfmoon-${VERSION}`;
const scope = new URL(self.registration.scope);

// Where the browser supports it, files other than pages come straight from this
// version's cache without waking this script, which makes the interpreter's megabytes
// reach the page sooner.  Pages still come through the fetch handler below, which maps
// the scope's root and any query to index.html.  A file missing from the cache falls
// back to the network, as in the handler.
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

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await addRoutes(event);
      // Revalidate every file with the server (cheap when unchanged), check it is the
      // very file this version lists, and only then store the whole set.
      const responses = await Promise.all(
        FILES.map(async ([url, revision]) => {
          const response = await fetch(new Request(url, { cache: "no-cache" }));
          if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
          const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
          const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
          if (hex.slice(0, 16) !== revision) throw new Error(`${url}: not the file of ${VERSION}`);
          return [url, response];
        })
      );
      const cache = await caches.open(CACHE);
      await Promise.all(responses.map(([url, response]) => cache.put(url, response)));
      await self.skipWaiting();
    })()
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("halfmoon-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })()
  );
});

self.addEventListener("fetch", (event) => {
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
    })()
  );
});
