// @ts-check
// Half Moon's motion: removed cards fly to the score, undone ones fly back from it, a
// new deal flies out from the open bottom of the arch.  Python (halfmoon/web/motion.py)
// decides what moves; this module only draws it, one call per card: dozens of small
// calls from Python into the page would cost more than the animation itself.
//
// Only copies move ("ghosts", inert and hidden from assistive technology): the cards are
// in their places at once, so a tap during an animation counts at once.  Each copy is
// placed now and told where to fly in the next frame, when the page's layout is known.
// The flights are the stylesheet's (.ghost.away, .returning, .dealt in halfmoon.css).
const STAGGER_MS = 18; // between two cards of a deal

/**
 * The page's elements, once init() has run: the board the copies fly over, the score
 * they fly to and the deck they are dealt from.
 * @type {{ board: HTMLElement, score: Element, deck: Element } | null}
 */
let page = null;
/** @typedef {"away" | "returning" | "dealt"} Flight a copy's flight (its class) */
/** @type {Array<[Flight, HTMLElement, HTMLElement]>} the copies to start, with their places */
let queued = [];
let dealt = 0;
let flying = 0;

/**
 * @param {HTMLElement} board the board (.board)
 * @param {Element} score the score the cards fly to
 * @param {Element} deck the deck they are dealt from
 */
export function init(board, score, deck) {
  page = { board, score, deck };
  board.addEventListener("animationend", ended);
}

/**
 * The card is about to leave its place: a copy of it flies to the score.
 * @param {HTMLElement} place the card's place
 * @param {Element} card the card
 */
export function leave(place, card) {
  queue("away", place, card);
}

/**
 * The card came back to its place (an undo): a copy flies in from the score.
 * @param {HTMLElement} place the card's place
 * @param {Element} card the card
 */
export function back(place, card) {
  land(place, card, 0);
  queue("returning", place, card);
}

/**
 * The card is dealt to its place: a copy flies in from the deck, in turn.
 * @param {HTMLElement} place the card's place
 * @param {Element} card the card
 */
export function deal(place, card) {
  land(place, card, dealt++ * STAGGER_MS);
  queue("dealt", place, card);
}

// A game won: a short burst of suits and stars from the places the cards left, over the
// emptied table (never with reduced motion: Python does not call this then, and the
// stylesheet hides it too).  It delays nothing and is gone in about a second.
const SPARKS = ["♠", "♥", "♦", "♣", "✦"];

export function celebrate() {
  if (!page) return;
  const board = page.board;
  const layer = document.createElement("div");
  layer.className = "celebration";
  layer.setAttribute("aria-hidden", "true");
  const frame = board.getBoundingClientRect();
  const places = board.querySelectorAll("#table .place");
  places.forEach((place, i) => {
    const box = place.getBoundingClientRect();
    const spark = document.createElement("span");
    spark.className = i % 5 === 1 || i % 5 === 2 ? "spark red" : "spark";
    spark.textContent = SPARKS[i % SPARKS.length] ?? "";
    const angle = (i / places.length) * 2 * Math.PI;
    spark.style.cssText =
      `left:${(box.left - frame.left + box.width / 2).toFixed(1)}px;` +
      `top:${(box.top - frame.top + box.width / 2).toFixed(1)}px;--delay:${(i % 7) * 60}ms;` +
      `--dx:${(Math.cos(angle) * 40).toFixed(1)}px;--dy:${(-60 - (i % 3) * 30).toFixed(1)}px`;
    layer.append(spark);
  });
  let left = places.length;
  layer.addEventListener("animationend", () => {
    if (--left <= 0) layer.remove();
  });
  board.append(layer);
}

// Motion was turned off: no copy stays behind.
export function clear() {
  if (page) for (const ghost of page.board.querySelectorAll(".ghost, .celebration")) ghost.remove();
  queued = [];
  flying = 0;
  dealt = 0;
}

/**
 * @param {HTMLElement} place
 * @param {Element} card
 * @param {number} delay ms before the copy flies
 */
function land(place, card, delay) {
  // the card waits, unseen but tappable, until its copy lands
  place.style.setProperty("--delay", `${delay}ms`);
  card.classList.add("landing");
}

/**
 * @param {Flight} kind
 * @param {HTMLElement} place
 * @param {Element} card
 */
function queue(kind, place, card) {
  // A plain element, never a card button (each place has one card, and only one): a
  // deal flies face down, each card turning up as it lands; the others fly as they are.
  const ghost = document.createElement("div");
  if (kind === "dealt") {
    ghost.className = "back ghost waiting";
  } else {
    ghost.className =
      card.className.replace(" landing", "") + " ghost" + (kind === "away" ? "" : " waiting");
    for (const part of card.children) ghost.append(part.cloneNode(true));
  }
  ghost.setAttribute("aria-hidden", "true");
  place.append(ghost);
  if (queued.length === 0) requestAnimationFrame(start);
  queued.push([kind, ghost, place]);
}

/**
 * @param {Element} element
 * @returns {[number, number]} the element's centre in the viewport
 */
function centre(element) {
  const box = element.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}

function start() {
  const moves = queued;
  queued = [];
  dealt = 0;
  if (!page) return;
  const toScore = centre(page.score);
  const fromDeck = centre(page.deck);
  for (const [kind, ghost, place] of moves) {
    if (!ghost.isConnected) continue;
    const here = place.getBoundingClientRect();
    const [x, y] = kind === "dealt" ? fromDeck : toScore;
    ghost.style.setProperty("--dx", `${(x - here.left - here.width / 2).toFixed(1)}px`);
    ghost.style.setProperty("--dy", `${(y - here.top - here.height / 2).toFixed(1)}px`);
    ghost.classList.remove("waiting");
    ghost.classList.add(kind);
    flying += 1;
  }
}

/**
 * A copy has flown: hidden at once (no layout), and all the copies removed together once
 * the last one has flown (one layout, not one each).
 * @param {AnimationEvent} event
 */
function ended(event) {
  const ghost = event.target;
  if (!page || !(ghost instanceof Element)) return;
  if (!ghost.classList.contains("ghost") || ghost.classList.contains("done")) return;
  ghost.classList.add("done");
  if (!ghost.classList.contains("away")) {
    const card = ghost.parentElement?.querySelector(".card.landing");
    if (card) card.classList.remove("landing");
  }
  flying -= 1;
  if (flying <= 0) {
    flying = 0;
    for (const done of page.board.querySelectorAll(".ghost.done")) done.remove();
  }
}
