// Half Moon's start, before Python: the page's first module.  The page holds its first
// paint until this has run (blocking="render"), so the first frame already shows the
// page in its language, theme and size — and, for a player coming back, the table as
// they left it.  Python's start begins here too, before anything else, and PyScript
// then takes it over.  One module per job (static/boot/); docs/design.md, "Start-up".
import "./errors.js";
import { cacheStorage, serviceWorkers } from "./boot/data.js";
import { fail, watchFailures } from "./boot/failure.js";
import { readCopy, writeCopy } from "./boot/journal.js";
import { keepInput } from "./boot/kept.js";
import { applyTable, applyTheme, applyToday } from "./boot/look.js";
import { registerWorker } from "./boot/offline.js";
import { paint, showCourts } from "./boot/paint.js";
import { stopWatching, watchDownloads } from "./boot/progress.js";
import { afterFirstPaint, afterPaint, rememberSnapshot, startPython } from "./boot/python.js";
import { probeStorage, startPyScript } from "./boot/pyscript.js";
import { watchSize } from "./boot/size.js";
import { makeSnapshot } from "./boot/snapshot.js";
import { frame, translate } from "./boot/words.js";
import { nextTask } from "./boot/yielding.js";

const root = document.documentElement;

watchFailures();
watchDownloads(); // first: it counts (and keeps for offline play) what the start fetches
// What takes longest begins first — from the offline copy.  A first visit fetches
// Python's few megabytes over the network: once the first frame is shown, so that they
// share neither the link nor the processor with the little that frame needs
// (docs/performance.md, "A new player's first visit").
const served = Boolean(serviceWorkers()?.controller);
if (served) startPython();
const storage = probeStorage();
translate();
frame();
applyTheme();
applyTable();
applyToday();
watchSize();
const { painted, drawn } = paint({ holdCourts: !served });
const input = painted ? keepInput() : null;
// What Python takes when it is ready (halfmoon/web/start_script.py): the record the table
// was painted from, the new deal drawn for a new player (the deal Python starts with),
// what the player did on it meanwhile, the way its own start steps give way to the
// player (static/boot/yielding.js), and the durable copy of the play on the table, read
// now and kept after each save (static/boot/journal.js).
window.halfmoonStart = {
  painted,
  drawn,
  take: () => (input ? input.take() : []),
  nextTask,
  copy: readCopy(),
  keepCopy: writeCopy,
};
// PyScript's own start needs nothing before the first frame: it begins after it.
(served ? afterPaint() : afterFirstPaint())
  .then(() => {
    showCourts(); // (drawn already, from the offline copy)
    startPython(); // (begun already, from the offline copy)
    return startPyScript(storage);
  })
  .catch(() => fail("app.error.load"));

// The cards' motion, dragging and sound each have a small module of their own, fetched
// once the game is ready (nothing of them is needed before): without them the game plays
// the same, by taps and in silence.
function loadMotion() {
  import("./motion.js")
    .then((motion) => {
      const board = document.querySelector(".board");
      const score = document.querySelector('[data-stat="score"]');
      const deck = document.querySelector(".lines");
      if (!(board instanceof HTMLElement) || !score || !deck) return; // the game page has them
      motion.init(board, score, deck);
      window.halfmoonMotion = motion;
    })
    .catch(() => {
      /* no motion: the game plays the same */
    });
  import("./drag.js")
    .then((drag) => {
      const table = document.getElementById("table");
      if (table) drag.init(table);
    })
    .catch(() => {});
  import("./sound.js")
    .then((sound) => {
      sound.init();
      window.halfmoonSound = sound;
    })
    .catch(() => {});
}

new MutationObserver((_, observer) => {
  if (root.dataset.app === "loading") return;
  observer.disconnect();
  stopWatching();
  if (root.dataset.app === "ready") {
    loadMotion();
    makeSnapshot();
  } else if (root.dataset.snapshot === "restored" && root.dataset.snapshotCache) {
    // The game could not start from the kept snapshot: no later start tries it again.
    rememberSnapshot("failed");
    cacheStorage()
      ?.delete(root.dataset.snapshotCache)
      .catch(() => {});
  }
  registerWorker();
}).observe(root, { attributes: true, attributeFilter: ["data-app"] });
