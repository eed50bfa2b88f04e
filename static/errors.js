// @ts-check
// What went wrong in this page, kept where a test driver can read it (WebKit's
// WebDriver cannot read the console): uncaught errors and failed loads, refused
// promises, console errors (Python's tracebacks go there), CSP refusals.  At most 50.
// Imported first by the game's and the rules pages' start-up scripts.
/** @type {string[]} */
const errors = (window.halfmoonErrors = []);

/** @param {unknown} what */
function note(what) {
  if (errors.length < 50) errors.push(String(what));
}

/**
 * An uncaught error's message, else the address of what failed to load, else the event's
 * type.
 * @param {Event} event an error, or a failed load (it reaches the window as it is captured)
 * @returns {unknown}
 */
function failure(event) {
  if (event instanceof ErrorEvent && event.message) return event.message;
  const target = event.target;
  if (target && "src" in target && target.src) return target.src;
  if (target && "href" in target && target.href) return target.href;
  return event.type;
}

addEventListener("error", (e) => note(failure(e)), true);
addEventListener("unhandledrejection", (e) => note(e.reason));
addEventListener("securitypolicyviolation", (e) =>
  note(`CSP: ${e.violatedDirective} ${e.blockedURI}`),
);
const consoleError = console.error.bind(console);
/** @param {unknown[]} args */
console.error = (...args) => {
  note(args.join(" "));
  consoleError(...args);
};
