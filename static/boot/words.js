// The skeleton's words in the page's language, before the first paint: every text and
// attribute the build marked (data-i18n, data-i18n-title, -aria-label, -href), from the
// start-up strings the build wrote for each language (the same catalogue as Python's).
// Inside a frame, the rules and examples pages open beside the game, not over it.
import { htmlLang, lang, words } from "./data.js";

const root = document.documentElement;

export function translate() {
  const tag = htmlLang[lang];
  if (tag) root.lang = tag;
  for (const el of document.querySelectorAll("[data-i18n]")) {
    const value = words[/** @type {string} */ (el.getAttribute("data-i18n"))];
    if (value !== undefined && el.textContent !== value) el.textContent = value;
  }
  for (const name of ["title", "aria-label", "href"]) {
    for (const el of document.querySelectorAll(`[data-i18n-${name}]`)) {
      const value = words[/** @type {string} */ (el.getAttribute(`data-i18n-${name}`))];
      if (value !== undefined) el.setAttribute(name, value);
    }
  }
  const description = words["meta.description"];
  if (description)
    document.querySelector('meta[name="description"]')?.setAttribute("content", description);
}

export function frame() {
  try {
    if (window.self !== window.top) root.dataset.embedded = "true";
  } catch (_) {
    root.dataset.embedded = "true";
  }
  if (!root.dataset.embedded) return;
  for (const link of document.querySelectorAll("a[data-i18n-href]")) {
    if (!(link instanceof HTMLAnchorElement)) continue; // (an <a>, by the selector)
    link.target = "_blank";
    link.rel = "noopener";
  }
}
