// PyScript's interpreter.  PyScript imports this module (the build writes it beside
// Pyodide's own pyodide.mjs, under a name that changes with its content, and names it in
// PyScript's config) and calls its loadPyodide: it gets the Python that the page's first
// module began to start before PyScript itself had loaded (static/boot/python.js).
import { python } from "../../static/boot/python.js";

export { version } from "./pyodide.mjs";

/** @param {{ stdout?: (line: string) => void, stderr?: (line: string) => void }} options PyScript's */
export function loadPyodide(options) {
  return python(options);
}
