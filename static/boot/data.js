// What the build wrote into the page for the scripts that run before Python, read once:
// the storage keys, the language table and each language's <html lang>, the start-up
// strings, where Python comes from, the offline copy's cache, what the first paint
// checks, the kept input's fields, the page's look (tools/markup.py, boot_data).
// And what they all need from it: the page's build, the stored options, and the language
// the page is in — chosen by the same rule as Python's (halfmoon/i18n.py,
// choose_language), from the same table.
export const boot = (() => {
  try {
    return JSON.parse(document.getElementById("boot-data").textContent) || {};
  } catch (_) {
    return {};
  }
})();

export const keys = boot.keys || {};

// The deploy this page belongs to (the build stamps it; "dev" for an unbuilt page).
export const build = document.querySelector('meta[name="halfmoon-build"]')?.content || "dev";

// The cache this version's offline copy is kept in (static/sw.js), or null for an unbuilt
// page.
export const offlineCache = boot.offline && build !== "dev" ? `${boot.offline}${build}` : null;

// A stored value, or null where there is none or storage is refused (merely looking at
// localStorage throws in a storage-blocked frame).
export function stored(key) {
  try {
    return key ? localStorage.getItem(key) : null;
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

// The player's stored options as plain fields (halfmoon/saved.py writes them); {} when
// there are none or they cannot be read.  Each reader checks the fields it uses.
export const prefs = (() => {
  const raw = stored(keys.prefs);
  if (!raw || raw.length > (boot.prefs_chars || 0)) return {};
  try {
    const value = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch (_) {
    return {};
  }
})();

const names = boot.languages || {};

function normalise(value) {
  if (typeof value !== "string") return null;
  const primary = value.trim().toLowerCase().replace(/_/g, "-").split("-")[0];
  return Object.hasOwn(names, primary) ? names[primary] : null;
}

// ?lang= in the address, else the player's choice, else the browser's first language the
// game has, else the default.
export const lang =
  normalise(new URLSearchParams(location.search).get("lang")) ||
  normalise(prefs.lang) ||
  (navigator.languages || [navigator.language]).map(normalise).find(Boolean) ||
  boot.default ||
  "pt";

export const words = (boot.strings || {})[lang] || {};

// Each language's <html lang> (halfmoon/i18n.py, HTML_LANG), and the language a page's
// <html lang> says it is in now (the player may have changed it since the start).
export const htmlLang = boot.html_lang || {};
export function pageLanguage() {
  const tag = document.documentElement.lang;
  return Object.keys(htmlLang).find((code) => htmlLang[code] === tag) || boot.default || lang;
}
