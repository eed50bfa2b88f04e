// @ts-check
// Dragging a card onto another, beside tapping, by mouse, pen or touch.  This module only
// follows the pointer: a copy of the card follows it and the card under it is marked as
// the drop target, whether or not it fits (nothing here knows the rules).  A drop on a
// card is handed to Python as one "halfmoon-drop" event on the table, which plays it as
// two taps (halfmoon/page/drag.py); a drop anywhere else puts the card back.  A tap stays a
// tap: the drag begins only once the pointer has moved beyond a threshold, and the click
// that ends a drag is swallowed.  The keyboard never comes here.

const THRESHOLD = { mouse: 6, pen: 8, touch: 10 }; // CSS px before a press becomes a drag
const CARD = "button.card[data-card]";

/**
 * A press on a card, not yet a drag: the pointer, where it went down and its type.
 * @typedef {{ id: number, card: Element, x: number, y: number, kind: string }} Press
 */

/**
 * A drag under way: the pointer, the card and the copy that follows the pointer, where
 * the pointer holds the card (dx, dy), where the copy started (x0, y0) and the card
 * under the pointer.
 * @typedef {object} Drag
 * @property {number} id
 * @property {Element} card
 * @property {HTMLElement} copy
 * @property {number} dx
 * @property {number} dy
 * @property {number} x0
 * @property {number} y0
 * @property {Element | null} over
 */

/** @type {HTMLElement} the table: set by init(), before any listener that reads it */
let table;
/** @type {Press | null} */
let press = null;
/** @type {Drag | null} */
let drag = null;
let swallow = false; // the click the browser sends after a drag is not a tap

/** @param {HTMLElement} tableElement the game's table (#table) */
export function init(tableElement) {
  table = tableElement;
  table.addEventListener("pointerdown", down);
  table.addEventListener("click", swallowed, true);
  addEventListener("pointermove", move, { passive: true });
  addEventListener("pointerup", up);
  addEventListener("pointercancel", cancel);
  addEventListener("blur", cancel);
}

/** @param {PointerEvent} event */
function down(event) {
  if (drag || !event.isPrimary || event.button !== 0) return;
  const card = event.target instanceof Element ? event.target.closest(CARD) : null;
  if (!card || document.documentElement.hasAttribute("data-paused")) return;
  swallow = false;
  press = {
    id: event.pointerId,
    card,
    x: event.clientX,
    y: event.clientY,
    kind: event.pointerType,
  };
}

/** @param {PointerEvent} event */
function move(event) {
  if (drag && event.pointerId === drag.id) {
    follow(drag, event.clientX, event.clientY);
    return;
  }
  if (!press || event.pointerId !== press.id) return;
  const kind = press.kind;
  const far = kind === "pen" || kind === "touch" ? THRESHOLD[kind] : THRESHOLD.mouse;
  if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < far) return;
  begin(press, event.clientX, event.clientY);
}

/**
 * @param {Press} pressed the press that has become a drag
 * @param {number} x
 * @param {number} y
 */
function begin(pressed, x, y) {
  const { card, id } = pressed;
  press = null;
  if (!card.isConnected) return;
  const box = card.getBoundingClientRect();
  const copy = document.createElement("div");
  copy.className = card.className.replace(" landing", "") + " drag-copy";
  for (const part of card.children) copy.append(part.cloneNode(true));
  copy.setAttribute("aria-hidden", "true");
  copy.style.width = `${box.width}px`;
  copy.style.height = `${box.height}px`;
  copy.style.left = `${box.left}px`;
  copy.style.top = `${box.top}px`;
  card.classList.add("dragged");
  table.parentElement?.append(copy);
  drag = {
    id,
    card,
    copy,
    dx: x - box.left,
    dy: y - box.top,
    x0: box.left,
    y0: box.top,
    over: null,
  };
  table.dataset.dragging = "true";
  follow(drag, x, y);
}

/**
 * @param {Drag} dragged the drag under way
 * @param {number} x
 * @param {number} y
 */
function follow(dragged, x, y) {
  const { copy, dx, dy, x0, y0 } = dragged;
  copy.style.transform = `translate(${(x - dx - x0).toFixed(1)}px, ${(y - dy - y0).toFixed(1)}px)`;
  const under = document.elementFromPoint(x, y)?.closest(CARD);
  const over = under && under !== dragged.card && table.contains(under) ? under : null;
  if (over === dragged.over) return;
  dragged.over?.removeAttribute("data-drop");
  over?.setAttribute("data-drop", "true");
  dragged.over = over;
}

/** @param {PointerEvent} event */
function up(event) {
  if (press && event.pointerId === press.id) press = null;
  if (!drag || event.pointerId !== drag.id) return;
  const { card, over } = drag;
  end(drag);
  swallow = true; // a click may follow on the card (or the table): it is no tap
  setTimeout(() => {
    swallow = false;
  }, 0);
  if (over && over.isConnected && card.isConnected) {
    const detail = { source: slot(card), target: slot(over) };
    table.dispatchEvent(new CustomEvent("halfmoon-drop", { detail }));
  }
}

/**
 * The slot a card is in: its place's data-slot.
 * @param {Element} card a card on the table
 * @returns {string | undefined}
 */
function slot(card) {
  return card.parentElement?.dataset.slot;
}

/** @param {PointerEvent | FocusEvent} event a pointer cancelled, or the window's blur */
function cancel(event) {
  const all = event.type === "blur";
  const id = "pointerId" in event ? event.pointerId : null;
  if (press && (all || id === press.id)) press = null;
  if (drag && (all || id === drag.id)) end(drag);
}

/** @param {Drag} dragged the drag that ends */
function end(dragged) {
  dragged.copy.remove();
  dragged.card.classList.remove("dragged");
  dragged.over?.removeAttribute("data-drop");
  delete table.dataset.dragging;
  drag = null;
}

/** @param {MouseEvent} event */
function swallowed(event) {
  if (!swallow) return;
  swallow = false;
  event.stopPropagation();
  event.preventDefault();
}
