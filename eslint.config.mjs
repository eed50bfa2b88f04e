// @ts-check
// ESLint for the project's own JavaScript (make lint): the page's modules in static/, the
// workers, and the build's Node scripts in tools/.  Formatting is Prettier's
// (.prettierrc.json), types are TypeScript's (tsconfig.json): no rule here repeats them.
import js from "@eslint/js";
import globals from "globals";

/** @type {import("eslint").Linter.Config[]} */
export default [
  {
    // the site build's output, the vendored packages and the environments are not ours
    ignores: ["site/", "build/", ".venv/", "node_modules/", "test-results/"],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: 2024, sourceType: "module" },
    rules: {
      eqeqeq: "error",
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
    },
  },
  {
    files: ["static/**/*.js", "static/*.mjs"],
    ignores: ["static/*-worker.js", "static/sw.js"],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["static/compile-worker.js", "static/snapshot-worker.js"],
    languageOptions: { globals: globals.worker },
  },
  {
    // the worker prototype of issue 54 (bench/worker/: not shipped with the site)
    files: ["bench/worker/bridge.js"],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["bench/worker/engine.js"],
    languageOptions: { globals: globals.worker },
  },
  {
    // the site build fills these placeholders (tools/build_site.py)
    files: ["static/sw.js"],
    languageOptions: {
      globals: {
        ...globals.serviceworker,
        __FILES__: "readonly",
        __WORDS__: "readonly",
        __PAGES__: "readonly",
      },
    },
  },
  {
    // a classic script as well as a module (host pages load it either way): no import,
    // export or import.meta
    files: ["static/embed.js"],
    languageOptions: { sourceType: "script", globals: { __FRAME__: "readonly" } },
  },
  {
    files: ["tools/*.mjs", "*.mjs"],
    languageOptions: { globals: globals.node },
  },
];
