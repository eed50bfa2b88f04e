// The saved table at the first paint.  Whenever the game is saved, the engine also
// writes what the table shows (halfmoon/page/painted.py): each place's card or none, the
// bar's figures, the undo and redo buttons.  Before Python runs, this draws that record
// with the card faces the build wrote as templates (the very markup the game clones,
// tools/markup.py), so a player coming back sees the game as they left it at once.
//
// A new player (no play saved, or storage refused in a frame) has no record: the page
// then paints one of the deals the build dealt and wrote into it (tools/pool.py: their
// cards, and each language's words for them, put together here into the engine's
// record of that deal in the page's language), drawn at random — or, for a link
// to a deal, that deal if it is one of them — with the welcome on the message line;
// Python then starts with that very deal (halfmoon/web/opening.py).
//
// No rule lives here: it only puts given cards in given places.  A saved record is used
// only if it is of this build, in this page's language, for the deal the address asks
// for, and whole and well-formed to the last field (sizes, types, every face a template
// of this page); otherwise the skeleton stays.  Text is set as text, never parsed as HTML.
// The record's version, largest size, games' statuses, most cards a place holds, the
// fields of a place and of the bar and the longest texts are the engine's, handed over
// by the build (halfmoon/page/painted.py, CHECKS).
import { boot, build, keys, lang, stored, words } from "./data.js";
import { deals as newDeals } from "./pool.js";

/** @typedef {Record<string, unknown>} Plain a JSON object */

/**
 * A place of the page, and what the record puts there.
 * @typedef {object} Spot
 * @property {HTMLElement} place
 * @property {string} slot
 * @property {number} n how many cards it holds
 * @property {string} caption
 * @property {HTMLTemplateElement | ""} template its top card's face, or "" for none
 * @property {string} label the card's aria-label
 * @property {boolean} pressed
 * @property {boolean} dimmed
 */

const root = document.documentElement;
const checks = boot.painted || {};
/** @type {unknown[]} */
const GAMES = Array.isArray(checks.games) ? checks.games : [];
const PLACE = Array.isArray(checks.place) ? checks.place : [];
const BAR = Array.isArray(checks.bar) ? checks.bar : [];

/** @type {(value: unknown) => value is Plain} */
const plain = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const MOST = plain(checks.most) ? checks.most : {};
/** @type {(value: unknown, most: number) => value is string} */
const text = (value, most) => typeof value === "string" && value.length <= most;
// a text of the record no longer than the engine's limit for it (none: refused)
// (Number(): as the comparison itself would read a limit)
/** @type {(value: unknown, name: string) => value is string} */
const within = (value, name) => text(value, Object.hasOwn(MOST, name) ? Number(MOST[name]) : -1);
/** @type {(value: unknown) => value is boolean} */
const flag = (value) => typeof value === "boolean";
/** @type {(value: unknown) => value is number} */
const count = (value) =>
  Number.isInteger(value) && Number(value) >= 0 && Number(value) <= Number(checks.cards);

/**
 * @param {unknown} key a face's key
 * @returns {HTMLTemplateElement | "" | null} its template, "" for none, null if there is none such
 */
function face(key) {
  if (key === "") return "";
  const template = within(key, "face") && document.getElementById(`face-${key}`);
  return template instanceof HTMLTemplateElement ? template : null;
}

// The deal the address asks for: its code (upper case), "DAILY", or "" for none.
function asked() {
  let hash = location.hash.slice(1);
  try {
    hash = decodeURIComponent(hash);
  } catch (_) {
    /* left as it is */
  }
  return hash.trim().toUpperCase();
}

function today() {
  const now = new Date();
  /** @type {(n: number) => string} */
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** @param {Plain} record */
function forThisPage(record) {
  if (record.v !== checks.v || record.build !== build || record.lang !== lang) return false;
  if (!within(record.code, "code") || !within(record.daily, "daily")) return false;
  const wanted = asked();
  if (wanted === "") return record.code === stored(keys.last);
  if (wanted === "DAILY") return record.daily !== "" && record.daily === today();
  return wanted === record.code;
}

// Every place of the page, with what the record puts there; null if anything is amiss.
/**
 * @param {Plain} record
 * @param {HTMLElement[]} places
 * @returns {Spot[] | null}
 */
function layout(record, places) {
  if (!plain(record.places) || Object.keys(record.places).length !== places.length) return null;
  const drawn = [];
  for (const place of places) {
    const slot = /** @type {string} */ (place.dataset.slot); // [data-slot], by the selector
    const entry = Object.hasOwn(record.places, slot) ? record.places[slot] : null;
    if (!Array.isArray(entry) || PLACE.length === 0 || entry.length !== PLACE.length) return null;
    /** @type {Plain} */
    const field = Object.fromEntries(PLACE.map((name, i) => [name, entry[i]]));
    const template = face(field.face);
    if (!count(field.count) || !within(field.caption, "caption") || template === null) return null;
    if (!within(field.aria, "aria") || !flag(field.pressed) || !flag(field.dimmed)) return null;
    // each checked just above
    const {
      count: n,
      caption,
      aria: label,
      pressed,
      dimmed,
    } = /** @type {{ count: number, caption: string, aria: string, pressed: boolean, dimmed: boolean }} */ (
      field
    );
    drawn.push({ place, slot, n, caption, template, label, pressed, dimmed });
  }
  return drawn;
}

/**
 * @param {Plain} record
 * @returns {Record<string, string> | null} the bar's fields, each a text
 */
function bar(record) {
  const values = record.bar;
  if (!plain(values)) return null;
  if (BAR.length === 0 || BAR.some((name) => !within(values[name], "bar"))) return null;
  if (!flag(record.undo) || !flag(record.redo) || !GAMES.includes(record.game)) return null;
  if (!within(record.tab, "tab")) return null;
  return /** @type {Record<string, string>} */ (values); // each of BAR's checked above
}

// Where the page is not served by the offline copy (a first visit), the court figures'
// sprite (static/courts.svg, 89 kB on the wire) is asked for once the first frame is
// shown, not while that frame's own files still come: the painted cards' figures are
// held (their `href` kept aside) until showCourts.  They are drawn a moment after the
// table; their boxes are there from the first frame, so nothing moves.
let holding = false;

/**
 * @param {ParentNode} face a card's face, about to be put on the table
 */
function hold(face) {
  for (const use of face.querySelectorAll("use[href]")) {
    use.setAttribute("data-href", /** @type {string} */ (use.getAttribute("href")));
    use.removeAttribute("href");
  }
}

// The held figures drawn (their sprite asked for now).
export function showCourts() {
  performance.mark("halfmoon-courts"); // tests read it
  for (const use of document.querySelectorAll("#table use[data-href]")) {
    use.setAttribute("href", /** @type {string} */ (use.getAttribute("data-href")));
    use.removeAttribute("data-href");
  }
}

/**
 * @param {Spot & { template: HTMLTemplateElement }} spot
 * @param {unknown} tab the slot whose card takes the focus
 */
function card(spot, tab) {
  const button = document.createElement("button");
  button.type = "button";
  button.tabIndex = spot.slot === tab ? 0 : -1;
  // a face template of this page has both (tools/markup.py)
  const code = /** @type {string} */ (spot.template.dataset.code);
  button.dataset.card = code;
  button.dataset.suit = code.slice(-1);
  button.className = /** @type {string} */ (spot.template.dataset.class);
  const face = /** @type {DocumentFragment} */ (spot.template.content.cloneNode(true));
  if (holding) hold(face);
  button.append(face);
  button.setAttribute("aria-label", spot.label);
  button.setAttribute("aria-pressed", spot.pressed ? "true" : "false");
  if (spot.dimmed) button.setAttribute("data-dimmed", "true");
  return button;
}

/**
 * The record saved with the game, if it is for this page.
 * @returns {{ raw: string, record: Plain } | null}
 */
function saved() {
  const raw = stored(keys.view);
  if (!raw || !(raw.length <= Number(checks.max))) return null;
  let record;
  try {
    record = JSON.parse(raw);
  } catch (_) {
    return null;
  }
  return plain(record) && forThisPage(record) ? { raw, record } : null;
}

/**
 * A new deal's record in the page's language, put together from the pool (./pool.js,
 * tools/pool.py): the card on each place, this language's words for the cards and the
 * places (each place's entry, the card's face, corner letters and name put in at the
 * pool's marks), the rest of every new deal's record.  Null if anything is missing;
 * what it makes is checked as a saved record is (layout, bar).
 * @param {Plain} pool
 * @param {unknown} deal [code, the card on each place]
 * @returns {Plain | null}
 */
function together(pool, deal) {
  const all = plain(pool.words) ? pool.words : {};
  const words = Object.hasOwn(all, lang) ? all[lang] : null;
  const rest = pool.record;
  const marks = pool.marks;
  if (!Array.isArray(deal) || !plain(words) || !plain(rest) || !plain(rest.bar)) return null;
  if (
    !Array.isArray(marks) ||
    marks.length !== 2 ||
    !marks.every((mark) => typeof mark === "string")
  )
    return null;
  const [code, tops] = deal;
  const cards = plain(words.cards) ? words.cards : {};
  const spots = plain(words.places) ? words.places : {};
  const slots = Object.keys(spots);
  if (typeof code !== "string" || !Array.isArray(tops) || tops.length !== slots.length) return null;
  const fields = Array.isArray(checks.place) ? checks.place : [];
  const [face, aria] = [fields.indexOf("face"), fields.indexOf("aria")];
  /** @type {Plain} */
  const places = {};
  for (const [n, slot] of slots.entries()) {
    const entry = spots[slot];
    const card =
      typeof tops[n] === "string" && Object.hasOwn(cards, tops[n]) ? cards[tops[n]] : null;
    if (!Array.isArray(entry) || !Array.isArray(card) || face < 0 || aria < 0) return null;
    const [shown = "", label = "", name = ""] = card.map(String);
    const place = [...entry];
    place[face] = shown;
    place[aria] = String(entry[aria])
      .replace(String(marks[0]), () => label)
      .replace(String(marks[1]), () => name);
    places[slot] = place;
  }
  return { ...rest, lang, code, places, bar: { ...rest.bar, code } };
}

/**
 * For a new player with no link to another deal: one of the page's new deals in its
 * language (./pool.js), drawn at random, or the one a link names.
 * @returns {Plain | null}
 */
function dealt() {
  if (stored(keys.last) !== null) return null; // a player coming back: theirs, or none
  let pool;
  try {
    pool = JSON.parse(newDeals);
  } catch (_) {
    return null;
  }
  const deals = plain(pool) && Array.isArray(pool.deals) ? pool.deals : [];
  if (deals.length === 0) return null;
  const wanted = asked();
  const [random = 0] = crypto.getRandomValues(new Uint32Array(1));
  const deal =
    wanted === ""
      ? deals[random % deals.length]
      : deals.find((each) => Array.isArray(each) && each[0] === wanted);
  const record = together(/** @type {Plain} */ (pool), deal);
  if (!record || record.v !== checks.v || record.lang !== lang) return null;
  return within(record.code, "code") && record.daily === "" ? record : null;
}

/**
 * Draw a record's table, if it is whole and well-formed; whether it was drawn.
 * @param {Plain} record
 * @param {string} kind data-painted: "true" (the saved table) or "new" (a new deal)
 */
function draw(record, kind) {
  const places = /** @type {HTMLElement[]} */ ([
    ...document.querySelectorAll("#table [data-slot]"),
  ]);
  const drawn = layout(record, places);
  const values = bar(record);
  if (!drawn || !values) return false;
  for (const spot of drawn) {
    const caption = document.createElement("span");
    caption.className = "caption";
    caption.setAttribute("aria-hidden", "true");
    caption.textContent = spot.caption;
    spot.place.dataset.count = String(spot.n);
    const top =
      spot.template === "" ? [] : [card({ ...spot, template: spot.template }, record.tab)];
    spot.place.replaceChildren(...top, caption);
  }
  for (const name of BAR.filter((field) => field !== "daily")) {
    // the bar's figures are the game page's (index.html)
    const figure = /** @type {HTMLElement} */ (document.querySelector(`[data-stat="${name}"]`));
    figure.textContent = values[name] ?? null;
  }
  const badge = /** @type {HTMLElement} */ (document.querySelector('[data-stat="daily"]'));
  badge.textContent = values.daily ?? null;
  badge.hidden = !values.daily;
  root.dataset.game = /** @type {string} */ (record.game); // one of GAMES (bar)
  // The buttons work from now on: what they are pressed for is kept for Python (kept.js).
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (
    document.querySelectorAll("[data-action]")
  )) {
    const name = button.dataset.action;
    button.disabled = name === "undo" ? !record.undo : name === "redo" ? !record.redo : false;
  }
  root.dataset.painted = kind;
  return true;
}

/**
 * Draw the saved table if there is a record for this page, else a new deal for a new
 * player.  `painted`: the text of the record drawn (what Python compares with its own),
 * or null (the skeleton stays); `drawn`: the new deal's code, or "" for none.
 * `holdCourts`: the court figures held until showCourts.
 * @param {{ holdCourts?: boolean }} [options]
 * @returns {{ painted: string | null, drawn: string }}
 */
export function paint({ holdCourts = false } = {}) {
  holding = holdCourts;
  const own = saved();
  if (own) return { painted: draw(own.record, "true") ? own.raw : null, drawn: "" };
  const record = dealt();
  if (!record || !draw(record, "new")) return { painted: null, drawn: "" };
  // the welcome, as Python will say it on a first visit (halfmoon/page/welcome.py)
  const line = document.querySelector('[data-role="message"]');
  if (line) line.textContent = words["welcome.text"] || "";
  return { painted: JSON.stringify(record), drawn: /** @type {string} */ (record.code) };
}
