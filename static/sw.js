// Half Moon service worker.  The site build fills VERSION, FILES (every file of the
// site with its content hash and the part of the offline copy it belongs to), WORDS
// (each language's words), DEFAULT, PAGES, UNKEPT and PREFIX (tools/build_site.py,
// offline_part, OFFLINE_CACHE).  A version is installed whole into its own cache, every
// file checked against its hash, or not at all (it never serves a page then); once
// active it deletes every other version's cache.  The first version installed takes
// charge at once; a later one waits until a page says the moment is safe
// (static/boot/offline.js), so that no page is pulled from under its player.
//
// Whole means: the game, and the words and pages of each language a page has shown
// (their words are kept already: by this version's first page, or by an older
// version).  The other languages, the icons of an installed app and the courts'
// licence join the copy at a later visit, when a page asks (halfmoon-complete): a first
// visit downloads one language only (docs/reliability.md, "Offline").
const VERSION = "__VERSION__";
const FILES = __FILES__; // each file: its address, its hash, its part
const WORDS = __WORDS__; // each language's words, by its code
const DEFAULT = "__DEFAULT__"; // kept where no page has shown a language yet
const PAGES = __PAGES__; // the rules and examples pages: each one's file in each language
const UNKEPT = "__UNKEPT__"; // the mark of such a page served in another language
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

/**
 * A file of this version, fetched and checked against its hash.
 * @param {string} url
 * @param {string} revision
 * @returns {Promise<Response>}
 */
async function checked(url, revision) {
  const response = await fetch(new Request(url, { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  if ((await digest(response.clone())) !== revision)
    throw new Error(`${url}: not the file of ${VERSION}`);
  return response;
}

const GAME = new URL("index.html", scope).href;

/**
 * The game's page, from the address a page of it was opened at (the scope's root or
 * index.html, with its query): the browser has just downloaded it there, so asking
 * again is a revalidation that carries no body (a 304), where index.html, an address
 * it has no copy of, would download the page a second time (docs/performance.md,
 * "Bytes").  Else as any file.
 * @param {string} revision
 * @returns {Promise<Response>}
 */
async function gamePage(revision) {
  const windows = await sw.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const client of windows) {
    const url = new URL(client.url);
    url.hash = "";
    const page = url.pathname === scope.pathname || url.pathname === new URL(GAME).pathname;
    if (url.origin !== scope.origin || !page) continue;
    try {
      return await checked(url.href, revision);
    } catch (_) {
      /* not this version's page: the next, or index.html */
    }
  }
  return checked(GAME, revision);
}

/**
 * Whether the cache already holds this very file.
 * @param {Cache} cache
 * @param {string} url
 * @param {string} revision
 */
async function held(cache, url, revision) {
  const kept = await cache.match(url);
  return kept !== undefined && (await digest(kept)) === revision;
}

/**
 * The files an install keeps: the game's; each language whose words a page or an older
 * version has kept (the default where none has); what an older version kept of the rest.
 * @returns {Promise<Array<[string, string, string]>>}
 */
async function whole() {
  const shown = new Set();
  for (const [lang, url] of Object.entries(WORDS)) if (await caches.match(url)) shown.add(lang);
  if (shown.size === 0) shown.add(DEFAULT);
  const files = [];
  for (const file of FILES) {
    const part = file[2];
    if (part === "" || shown.has(part) || (await caches.match(file[0]))) files.push(file);
  }
  return files;
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
        (await whole()).map(
          /** @returns {Promise<[string, Response] | null>} */
          async ([url, revision]) =>
            (await held(cache, url, revision))
              ? null
              : [
                  url,
                  await (new URL(url, scope).href === GAME
                    ? gamePage(revision)
                    : checked(url, revision)),
                ],
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

// A later visit's page asks for the rest of the copy, a page that now speaks another
// language for that language's part: each file of this version not kept yet, checked
// and kept as it comes (one that cannot be had now is tried at the next visit).  The
// page is told how many are still missing.
/** @param {string | undefined} part one part (a language's code), or every file */
async function complete(part) {
  const cache = await caches.open(CACHE);
  let missing = 0;
  const wanted = part === undefined ? FILES : FILES.filter((file) => file[2] === part);
  await Promise.all(
    wanted.map(async ([url, revision]) => {
      if (await held(cache, url, revision)) return;
      try {
        await cache.put(url, await checked(url, revision));
      } catch (_) {
        missing += 1; // offline, or a deploy under way: the next visit tries again
      }
    }),
  );
  return missing;
}

// A page's word: the moment is safe to take over; and the question of which version
// this worker is (a page under another version's worker reloads).
sw.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "halfmoon-update") event.waitUntil(sw.skipWaiting());
  else if (type === "halfmoon-version") event.ports[0]?.postMessage({ version: VERSION });
  else if (type === "halfmoon-complete") {
    const part = typeof event.data.part === "string" ? event.data.part : undefined;
    event.waitUntil(complete(part).then((missing) => event.ports[0]?.postMessage({ missing })));
  }
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

/**
 * Offline, a rules or examples page in a language the copy has not kept yet: the same
 * page in a language it has (first the language of the page the player came from), at
 * that page's address marked `?unkept`, where the page says why (static/unkept.js).
 * Null for any other page, or where no language's copy of it is kept.
 * @param {Cache} cache
 * @param {URL} url the page asked for
 * @param {string} referrer the address of the page the player came from, if any
 * @returns {Promise<Response | null>}
 */
async function samePageKept(cache, url, referrer) {
  const path = (/** @type {string} */ file) => new URL(file, scope).pathname;
  const page = Object.values(PAGES).find((files) =>
    Object.values(files).some((file) => path(file) === url.pathname),
  );
  if (!page) return null;
  // the language of the page the player came from, then each in the build's order
  const cameFrom = referrer ? new URL(referrer) : null;
  const from = cameFrom?.origin === scope.origin ? cameFrom.pathname : "";
  const came = Object.values(PAGES).flatMap((files) =>
    Object.entries(files)
      .filter(([, file]) => path(file) === from)
      .map(([lang]) => lang),
  );
  const order = Object.entries(page).sort(
    ([a], [b]) => Number(!came.includes(a)) - Number(!came.includes(b)),
  );
  for (const [, file] of order) {
    const address = new URL(file, scope);
    if (!(await cache.match(address.href))) continue;
    address.searchParams.set(UNKEPT, "");
    return Response.redirect(address.href, 303);
  }
  return null;
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  // The game is index.html (also for the scope's root and any query or hash); the
  // rules and examples pages are files of their own.
  const key = url.pathname === scope.pathname ? GAME : url.origin + url.pathname;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(key);
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (error) {
        // Offline and not a file of this version: a rules or examples page comes in a
        // language kept, any other page opens the game instead.
        if (request.mode === "navigate")
          return (
            (await samePageKept(cache, url, request.referrer)) ||
            (await cache.match(GAME)) ||
            Response.error()
          );
        throw error;
      }
    })(),
  );
});
