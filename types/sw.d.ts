// The placeholder the site build fills in static/sw.js (tools/build_site.py): every file
// of the site with its content hash.  For the type check only (tsconfig.worker.json).
declare const __FILES__: Array<[url: string, revision: string]>;
