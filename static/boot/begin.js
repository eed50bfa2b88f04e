// What takes longest begins first: this small module runs as soon as it has loaded,
// while the page is still being read (async), and starts Python — after the downloads'
// counter, which on a first visit counts (and keeps for offline play) what the start
// fetches.  static/boot.js, which paints the page, does the rest.
import { watchDownloads } from "./progress.js";
import { startPython } from "./python.js";

watchDownloads();
startPython();
