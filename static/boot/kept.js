// What the player does on the painted table before Python is ready is kept, in order,
// and shown at once: a tapped card looks selected (or let go, tapped again).  Taps on
// cards, the buttons' actions and keys are kept as they happened; Python takes them when
// it is ready (halfmoon/web/input.py) and plays each through its usual path — or drops
// them all if the game it finds is not the one painted (another tab moved on).
const CARD = "button.card[data-card]";

export function keepInput(table = document.getElementById("table")) {
  const kept = [];
  const click = (event) => {
    const card = event.target.closest?.(CARD);
    if (card && table.contains(card)) {
      kept.push(["tap", card.parentElement.dataset.slot]);
      card.setAttribute("aria-pressed", card.getAttribute("aria-pressed") === "true" ? "false" : "true");
      return;
    }
    const action = event.target.closest?.("[data-action]");
    if (action && !action.disabled) kept.push(["action", action.dataset.action, action.getAttribute("data-entry") || ""]);
  };
  const key = (event) => {
    const tag = (event.target.tagName || "").toLowerCase();
    if (["input", "select", "textarea"].includes(tag) || ["Tab", "Shift", "Control", "Alt", "Meta"].includes(event.key)) return;
    const card = event.target.closest?.(CARD);
    const slot = card && table.contains(card) ? card.parentElement.dataset.slot : "";
    kept.push(["key", event.key, event.ctrlKey, event.metaKey, event.shiftKey, event.altKey, event.repeat, slot]);
  };
  document.addEventListener("click", click, true);
  document.addEventListener("keydown", key, true);
  return {
    // Everything kept, in order; from now on nothing more is kept.
    take() {
      document.removeEventListener("click", click, true);
      document.removeEventListener("keydown", key, true);
      return kept.splice(0);
    },
  };
}
