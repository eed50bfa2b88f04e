// What the page's modules add to the window, for the type check (tsconfig.json): nothing
// here is shipped.  Test drivers read halfmoonErrors; Python calls the other two.
export {};

declare global {
  interface Window {
    /** What went wrong in the page, at most 50 (static/errors.js). */
    halfmoonErrors: string[];
    /** The cards' motion, once the game is ready (static/boot.js). */
    halfmoonMotion?: typeof import("../static/motion.js");
    /** The moves' sounds, once the game is ready (static/boot.js). */
    halfmoonSound?: typeof import("../static/sound.js");
  }
}
