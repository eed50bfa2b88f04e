// What the page's modules add to the window, for the type check (tsconfig.json): nothing
// here is shipped.  Test drivers read halfmoonErrors; Python reads halfmoonStart
// (halfmoon/web/start_script.py) and calls the other two.
export {};

declare global {
  /** The facts the build writes into static/embed.js (tools/build_site.py, embed_script). */
  const __FRAME__: unknown;
  interface Window {
    /** What went wrong in the page, at most 50 (static/errors.js). */
    halfmoonErrors: string[];
    /** What Python takes when it is ready (static/boot.js; halfmoon/web/app.py). */
    halfmoonStart: {
      /** The record the table was painted from, or null (static/boot/paint.js). */
      painted: string | null;
      /** A new player's deal, painted from the build's pool, or "" (static/boot/paint.js). */
      drawn: string;
      /** What the player did on the painted table meanwhile (static/boot/kept.js). */
      take: () => unknown[][];
      /** A later task, once the player's input is handled (static/boot/yielding.js). */
      nextTask: () => Promise<void>;
      /** The durable copy of the play on the table, as [key, value] (static/boot/journal.js). */
      copy: Promise<[string, string] | null>;
      /** Keep the durable copy of the play just saved (static/boot/journal.js). */
      keepCopy: (key: string, value: string) => Promise<boolean>;
    };
    /** The cards' motion, once the game is ready (static/boot.js). */
    halfmoonMotion?: typeof import("../static/motion.js");
    /** The moves' sounds, once the game is ready (static/boot.js). */
    halfmoonSound?: typeof import("../static/sound.js");
  }
}
