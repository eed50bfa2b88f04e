// The new deals a new player's first visit paints (static/boot/paint.js): each
// language's records of the same deals, as JSON text, read only when one is painted.
// The build writes them here (tools/pool.py); the sources hold none.
export const deals = "{}";
