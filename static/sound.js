// @ts-check
// Short, soft sounds for the player's own moves, made here with Web Audio (no file to
// download).  Python (halfmoon/web/sound.py) asks for one only when the option is on, and
// only for what the player just did; this module adds that nothing sounds before the
// player's first gesture on the page, nor while the page is hidden.  Each sound is a few
// notes: a frequency (Hz), when it starts and how long it lasts (seconds), and its wave
// where it is not a sine.

/** @typedef {[number, number, number, OscillatorType?]} Note */

/** @type {Record<string, Note[]>} */
const SOUNDS = {
  select: [[660, 0, 0.06]],
  pair: [
    [523, 0, 0.09],
    [784, 0.07, 0.14],
  ],
  trio: [
    [523, 0, 0.08],
    [659, 0.07, 0.08],
    [784, 0.14, 0.16],
  ],
  refused: [[196, 0, 0.12, "triangle"]],
  undo: [
    [587, 0, 0.07],
    [440, 0.06, 0.1],
  ],
  win: [
    [523, 0, 0.12],
    [659, 0.1, 0.12],
    [784, 0.2, 0.12],
    [1047, 0.3, 0.4],
  ],
};
const VOLUME = 0.08;

/** @type {AudioContext | null} made at the first sound */
let audio = null;
let gestured = false;

export function init() {
  for (const kind of ["pointerdown", "keydown"]) {
    addEventListener(kind, gesture, { capture: true, once: true });
  }
  document.addEventListener("visibilitychange", () => {
    if (document.hidden && audio) audio.suspend().catch(() => {});
  });
}

function gesture() {
  gestured = true;
}

/** @param {string} kind the sound's name (a key of SOUNDS; any other plays nothing) */
export function play(kind) {
  const notes = Object.hasOwn(SOUNDS, kind) ? SOUNDS[kind] : null;
  const active = navigator.userActivation ? navigator.userActivation.hasBeenActive : gestured;
  if (!notes || document.hidden || !(active || gestured)) return;
  try {
    audio = audio || new AudioContext();
  } catch (_) {
    return; // no Web Audio here: the game plays the same, silently
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const start = audio.currentTime + 0.01;
  for (const [frequency, at, length, wave] of notes) {
    const tone = new OscillatorNode(audio, { type: wave || "sine", frequency });
    const gain = new GainNode(audio, { gain: 0 });
    const t = start + at;
    gain.gain.setValueAtTime(0, t);
    gain.gain.linearRampToValueAtTime(VOLUME, t + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
    tone.connect(gain).connect(audio.destination);
    tone.start(t);
    tone.stop(t + length + 0.02);
  }
}
