// The vendored Pyodide and PyScript as the page's modules import them: from the site's
// vendor/ folder, which the site build fills (tools/build_site.py), so they exist only in
// site/.  Pyodide's types are those of the very package the build vendors (package.json
// pins it); PyScript's start code is undocumented (static/boot/pyodide-door.js reads it).
// For the type check only (tsconfig.json, tsconfig.worker.json): nothing here is shipped.

declare module "*/pyodide.mjs" {
  export { loadPyodide, version } from "pyodide";
  export type { PyodideAPI, PyodideConfig } from "pyodide";
  /** The experimental loadPyodide option that builds Pyodide's Emscripten module. */
  export type CreatePyodideModule = NonNullable<
    import("pyodide").PyodideConfig["createPyodideModule"]
  >;
}

declare module "*/vendor/pyscript/core.js" {
  /** PyScript's start code (its undocumented `stdlib` export). */
  export const stdlib: unknown;
}

declare module "*/vendor/fake-indexeddb/auto/index.mjs" {}

// static/pyodide-loader.mjs runs from the site's vendor/pyodide/ folder, beside Pyodide's
// own pyodide.mjs, and takes the page's Python from static/boot/python.js.
declare module "*/static/boot/python.js" {
  /** The Python the page's first module began, with PyScript's own streams. */
  export function python(options?: {
    stdout?: (line: string) => void;
    stderr?: (line: string) => void;
  }): Promise<import("pyodide").PyodideAPI>;
}
