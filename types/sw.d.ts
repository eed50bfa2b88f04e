// The placeholders the site build fills in static/sw.js (tools/build_site.py): every file
// of the site with its content hash and its part of the offline copy; each language's
// words; the rules and examples pages' file in each language.  For the type check only
// (tsconfig.worker.json).
declare const __FILES__: Array<[url: string, revision: string, part: string]>;
declare const __WORDS__: Record<string, string>;
declare const __PAGES__: Record<string, Record<string, string>>;
