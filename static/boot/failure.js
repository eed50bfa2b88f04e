// A start that fails says so, instead of "loading" forever; and the crash window's
// Reload works even when Python no longer does.
import { words } from "./data.js";

const root = document.documentElement;

/** @param {string} key the catalogue's key of what to say */
export function fail(key) {
  // the game page's status line (index.html): fail() is the game's
  const status = /** @type {HTMLElement} */ (document.getElementById("boot-status"));
  root.dataset.app = "error";
  status.classList.add("error");
  // the catalogue's words (halfmoon/words/errors.py), handed over by the build; without
  // them the status keeps what it says
  status.textContent = words[key] || words["app.error"] || status.textContent;
}

export function watchFailures() {
  // Python says a start failed by the page's state alone (main.py, halfmoon/web/app.py):
  // the words are written here, once.
  new MutationObserver(() => {
    const status = document.getElementById("boot-status");
    if (root.dataset.app === "error" && !status?.classList.contains("error")) fail("app.error");
  }).observe(root, { attributes: true, attributeFilter: ["data-app"] });
  // A start-up step that fails rejects a promise nobody awaits.  Before Python runs, the
  // cause is a file lost or damaged on its way (the network); once main.py runs it is
  // not, and the message must not send the player to check a connection that works.
  window.addEventListener("unhandledrejection", () => {
    if (root.dataset.app === "loading") fail(root.dataset.python ? "app.error" : "app.error.load");
  });
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('[data-dialog-action="reload"]')) location.reload();
  });
}
