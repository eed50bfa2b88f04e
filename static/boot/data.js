// What the build wrote into the page for the scripts that run before Python, read once:
// the storage keys, the language table and each language's <html lang>, the start-up
// strings, where Python comes from, the offline copy's cache, what the first paint
// checks, the kept input's fields, the page's look (tools/markup.py, boot_data).
// And what they all need from it: the page's build, the stored options, and the language
// the page is in — chosen by the same rule as Python's (halfmoon/words/i18n.py,
// choose_language), from the same table.

/**
 * Where the page's Python comes from (tools/build_site.py): its standard library, its
 * lock file's contents, the engine's archive, and the modules imported beforehand.
 * @typedef {object} PythonData
 * @property {string} [stdlib]
 * @property {string} [lock]
 * @property {string} [engine]
 * @property {string[]} [imports] what PyScript's start and the page's script import
 * @property {string[]} [early] what Pyodide imports at its start, in the build's order
 * @property {Record<string, string>} [words] each language's words, compiled by the build
 *   from its catalogue (tools/words.py): the page downloads those of the language it shows
 */

/**
 * What the first paint checks a saved table against (halfmoon/page/painted.py, CHECKS).
 * @typedef {object} PaintChecks
 * @property {number} [v] the record's version
 * @property {number} [max] the record's most characters
 * @property {string[]} [games] the games' statuses
 * @property {number} [cards] the most cards a place holds
 * @property {string[]} [place] a place's fields
 * @property {string[]} [bar] the bar's fields
 * @property {Record<string, number>} [most] the longest texts
 */

/**
 * The boot data (tools/markup.py, boot_data); the game page's adds offline, painted,
 * kept, look, python, first and strings (tools/build_site.py).  Any field may be missing.
 * @typedef {object} BootData
 * @property {Record<string, string>} [keys] the storage keys
 * @property {Record<string, string>} [cookies] where the storage is blocked, the cookie
 *   that holds a key's value (halfmoon/keeping/cookies.py)
 * @property {number} [prefs_chars] the most characters of stored options read
 * @property {Record<string, string>} [languages] a language's name or tag: its code
 * @property {string} [default] the default language
 * @property {Record<string, string>} [html_lang] each language's <html lang>
 * @property {string[]} [themes]
 * @property {string[]} [felts]
 * @property {Record<string, string>} [switches] an option's class: its stored field
 * @property {Record<string, Record<string, [string, unknown]>>} [address] a name the
 *   address may hold: each of its values: the stored field it sets, and to what
 *   (halfmoon/page/address.py)
 * @property {string[]} [calm] the bar's figures a calm table leaves out (data-stat)
 * @property {string} [offline] the offline copy's cache name, less the build
 * @property {PaintChecks} [painted]
 * @property {Record<string, string[]>} [kept] each kept input's fields
 * @property {{ narrow_px?: number, sign_ms?: number }} [look]
 * @property {PythonData} [python]
 * @property {number} [first] the bytes a first start downloads, on the wire
 * @property {Record<string, number>} [shrink] a large file's bytes on the wire per byte
 * @property {Record<string, Record<string, string>>} [strings] each language's start-up strings
 */

/** @type {BootData} */
export const boot = (() => {
  try {
    return JSON.parse(document.getElementById("boot-data")?.textContent ?? "null") || {};
  } catch (_) {
    return {};
  }
})();

export const keys = boot.keys || {};

// The deploy this page belongs to (the build stamps it; "dev" for an unbuilt page).
export const build =
  /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="halfmoon-build"]'))
    ?.content || "dev";

// The cache this version's offline copy is kept in (static/sw.js), or null for an unbuilt
// page.
export const offlineCache = boot.offline && build !== "dev" ? `${boot.offline}${build}` : null;

// A stored value, or null where there is none.  Where storage is refused (merely looking
// at localStorage throws in a storage-blocked frame) the game keeps a little in cookies
// (halfmoon/keeping/cookies.py): the deal played last and the options are read there.
/** @param {string | undefined} key */
export function stored(key) {
  try {
    return key ? localStorage.getItem(key) : null;
  } catch (_) {
    return key ? fromCookie(key) : null;
  }
}

/**
 * The value a cookie holds for ``key``: the deal of the game kept (``code.packed``), or
 * options packed as base64 of their text (``1j…``); null for anything else.
 * @param {string} key
 */
function fromCookie(key) {
  const name = (boot.cookies || {})[key];
  if (!name) return null;
  try {
    const found = document.cookie.split("; ").find((pair) => pair.startsWith(`${name}=`));
    const value = found ? found.slice(name.length + 1) : "";
    if (key === keys.last) return value.split(".")[0] || null;
    if (!value.startsWith("1j")) return null;
    const text = atob(value.slice(2).replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder().decode(Uint8Array.from(text, (c) => c.charCodeAt(0)));
  } catch (_) {
    return null;
  }
}

// The page's service workers, or null where there are none (merely looking throws in a
// storage-blocked frame).
export function serviceWorkers() {
  try {
    return navigator.serviceWorker || null;
  } catch (_) {
    return null;
  }
}

// The page's Cache Storage, or null where there is none (not a secure context) or it is
// refused (looking at it throws in a storage-blocked frame).
export function cacheStorage() {
  try {
    return typeof caches === "object" && caches ? caches : null;
  } catch (_) {
    return null;
  }
}

// The player's stored options as plain fields (halfmoon/keeping/saved.py writes them); {} when
// there are none or they cannot be read.  Each reader checks the fields it uses.
/** @type {Record<string, unknown>} */
const storedPrefs = (() => {
  const raw = stored(keys.prefs);
  if (!raw || raw.length > (boot.prefs_chars || 0)) return {};
  try {
    const value = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch (_) {
    return {};
  }
})();

// The options this visit starts with: the stored ones, and over them those the address
// gives (?theme=dark&calm=1 …) where the player has not chosen, as Python decides
// (halfmoon/page/address.py, Given.over); unknown names and values are ignored.
/** @type {Record<string, unknown>} */
export const prefs = (() => {
  const table = boot.address || {};
  const switches = boot.switches || {};
  const chosen = typeof storedPrefs.chosen === "string" ? storedPrefs.chosen.split(",") : [];
  const params = new URLSearchParams(location.search);
  const options = { ...storedPrefs };
  for (const name of Object.keys(table)) {
    const raw = params.get(name);
    const values = table[name] || {};
    const key = raw === null ? "" : raw.trim().toLowerCase();
    const given = Object.hasOwn(values, key) ? values[key] : undefined;
    if (!given) continue;
    const [field, value] = given;
    const option = Object.keys(switches).find((n) => switches[n] === field) || field;
    if (!chosen.includes(option)) options[field] = value;
  }
  return options;
})();

const names = boot.languages || {};

/**
 * @param {unknown} value a language's name or tag, perhaps
 * @returns {string | null} the game's code for it
 */
function normalise(value) {
  if (typeof value !== "string") return null;
  const tag = value.trim().toLowerCase().replace(/_/g, "-");
  // the whole tag where the table names it (pt-br), else its first part (pt-PT, en-GB)
  for (const name of [tag, tag.split("-")[0] ?? ""])
    if (Object.hasOwn(names, name)) return names[name] ?? null;
  return null;
}

// The player's choice for this page (on a page whose address asks for a language, the one
// chosen on such a page: halfmoon/page/address.py, Given.over), else the address's ?lang=,
// else the browser's first language the game has, else the default.
const asked = normalise(new URLSearchParams(location.search).get("lang"));
export const lang =
  (asked ? chosenOver(asked, storedPrefs.langs) : normalise(prefs.lang)) ||
  asked ||
  (navigator.languages || [navigator.language]).map(normalise).find(Boolean) ||
  boot.default ||
  "pt";

export const words = (boot.strings || {})[lang] || {};

/**
 * The language the player chose on a page whose address asked for ``asked``, from the
 * stored ``"fr:es,en:pt"`` (halfmoon/keeping/saved.py).
 * @param {string} asked the address's language
 * @param {unknown} langs the stored pairs, perhaps
 * @returns {string | null}
 */
function chosenOver(asked, langs) {
  if (typeof langs !== "string") return null;
  for (const pair of langs.split(",")) {
    const [from, to] = pair.split(":");
    if (normalise(from) === asked) return normalise(to);
  }
  return null;
}

// Each language's <html lang> (halfmoon/words/i18n.py, HTML_LANG), and the language a page's
// <html lang> says it is in now (the player may have changed it since the start).
export const htmlLang = boot.html_lang || {};
export function pageLanguage() {
  const tag = document.documentElement.lang;
  return Object.keys(htmlLang).find((code) => htmlLang[code] === tag) || boot.default || lang;
}
