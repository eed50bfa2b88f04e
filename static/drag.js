// Dragging a card onto another, beside tapping, by mouse, pen or touch.  This module only
// follows the pointer: a copy of the card follows it and the card under it is marked as
// the drop target, whether or not it fits (nothing here knows the rules).  A drop on a
// card is handed to Python as one "halfmoon-drop" event on the table, which plays it as
// two taps (halfmoon/drag.py); a drop anywhere else puts the card back.  A tap stays a
// tap: the drag begins only once the pointer has moved beyond a threshold, and the click
// that ends a drag is swallowed.  The keyboard never comes here.
const THRESHOLD = { mouse: 6, pen: 8, touch: 10 }; // CSS px before a press becomes a drag
const CARD = "button.card[data-card]";

let table = null;
let press = null; // {id, card, x, y, kind}: a press on a card, not yet a drag
let drag = null; // {id, card, copy, dx, dy, over}: a drag under way
let swallow = false; // the click the browser sends after a drag is not a tap

export function init(tableElement) {
  table = tableElement;
  table.addEventListener("pointerdown", down);
  table.addEventListener("click", swallowed, true);
  addEventListener("pointermove", move, { passive: true });
  addEventListener("pointerup", up);
  addEventListener("pointercancel", cancel);
  addEventListener("blur", cancel);
}

function down(event) {
  if (drag || !event.isPrimary || event.button !== 0) return;
  const card = event.target.closest(CARD);
  if (!card || document.documentElement.hasAttribute("data-paused")) return;
  swallow = false;
  press = { id: event.pointerId, card, x: event.clientX, y: event.clientY, kind: event.pointerType };
}

function move(event) {
  if (drag && event.pointerId === drag.id) {
    follow(event.clientX, event.clientY);
    return;
  }
  if (!press || event.pointerId !== press.id) return;
  const far = THRESHOLD[press.kind] ?? THRESHOLD.mouse;
  if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < far) return;
  begin(event.clientX, event.clientY);
}

function begin(x, y) {
  const { card, id } = press;
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
  table.parentElement.append(copy);
  drag = { id, card, copy, dx: x - box.left, dy: y - box.top, x0: box.left, y0: box.top, over: null };
  table.dataset.dragging = "true";
  follow(x, y);
}

function follow(x, y) {
  const { copy, dx, dy, x0, y0 } = drag;
  copy.style.transform = `translate(${(x - dx - x0).toFixed(1)}px, ${(y - dy - y0).toFixed(1)}px)`;
  const under = document.elementFromPoint(x, y)?.closest(CARD);
  const over = under && under !== drag.card && table.contains(under) ? under : null;
  if (over === drag.over) return;
  drag.over?.removeAttribute("data-drop");
  over?.setAttribute("data-drop", "true");
  drag.over = over;
}

function up(event) {
  if (press && event.pointerId === press.id) press = null;
  if (!drag || event.pointerId !== drag.id) return;
  const { card, over } = drag;
  end();
  swallow = true; // a click may follow on the card (or the table): it is no tap
  setTimeout(() => { swallow = false; }, 0);
  if (over && over.isConnected && card.isConnected) {
    const detail = { source: card.parentElement.dataset.slot, target: over.parentElement.dataset.slot };
    table.dispatchEvent(new CustomEvent("halfmoon-drop", { detail }));
  }
}

function cancel(event) {
  if (press && (!event || event.type === "blur" || event.pointerId === press.id)) press = null;
  if (drag && (!event || event.type === "blur" || event.pointerId === drag.id)) end();
}

function end() {
  drag.copy.remove();
  drag.card.classList.remove("dragged");
  drag.over?.removeAttribute("data-drop");
  delete table.dataset.dragging;
  drag = null;
}

function swallowed(event) {
  if (!swallow) return;
  swallow = false;
  event.stopPropagation();
  event.preventDefault();
}
