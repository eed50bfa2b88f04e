// What went wrong in this page, kept where a test driver can read it (WebKit's
// WebDriver cannot read the console): uncaught errors and failed loads, refused
// promises, console errors (Python's tracebacks go there), CSP refusals.  At most 50.
// Imported first by the game's and the rules pages' start-up scripts.
const errors = (window.halfmoonErrors = []);
const note = (what) => errors.length < 50 && errors.push(String(what));
addEventListener("error", (e) => note(e.message || e.target?.src || e.target?.href || e.type), true);
addEventListener("unhandledrejection", (e) => note(e.reason));
addEventListener("securitypolicyviolation", (e) => note(`CSP: ${e.violatedDirective} ${e.blockedURI}`));
const consoleError = console.error.bind(console);
console.error = (...args) => {
  note(args.join(" "));
  consoleError(...args);
};
