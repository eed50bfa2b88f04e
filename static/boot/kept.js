// What the player does on the painted table before Python is ready is kept, in order,
// and shown at once: a tapped card looks selected (or let go, tapped again).  Taps on
// cards, the buttons' actions and keys are kept as they happened; Python takes them when
// it is ready (halfmoon/web/input.py) and plays each through its usual path — or drops
// them all if the game it finds is not the one painted (another tab moved on).  Each
// is its kind, then the values of that kind's fields in the order the engine names them
// (halfmoon/page/kept.py, FIELDS), handed over by the build.
import { boot } from "./data.js";

const CARD = "button.card[data-card]";
const FIELDS = boot.kept || {};

// One kept record: [kind, ...its fields' values, in the engine's order].
/**
 * @param {string} kind
 * @param {Record<string, unknown>} values
 * @returns {unknown[]}
 */
function record(kind, values) {
  return [kind, ...(FIELDS[kind] || []).map((name) => values[name])];
}

// The place a card is in (its parent, data-slot).
/** @param {Element} card */
const slotOf = (card) => /** @type {HTMLElement} */ (card.parentElement).dataset.slot;

/**
 * @param {HTMLElement} table the painted table (keepInput is called only once it is painted)
 */
export function keepInput(table = /** @type {HTMLElement} */ (document.getElementById("table"))) {
  /** @type {unknown[][]} */
  const kept = [];
  /** @param {MouseEvent} event */
  const click = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const card = target?.closest(CARD);
    if (card && table.contains(card)) {
      kept.push(record("tap", { slot: slotOf(card) }));
      card.setAttribute(
        "aria-pressed",
        card.getAttribute("aria-pressed") === "true" ? "false" : "true",
      );
      return;
    }
    const action = /** @type {HTMLElement | null | undefined} */ (target?.closest("[data-action]"));
    if (action && !("disabled" in action && action.disabled)) {
      kept.push(
        record("action", {
          action: action.dataset.action,
          entry: action.getAttribute("data-entry") || "",
        }),
      );
    }
  };
  /** @param {KeyboardEvent} event */
  const press = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const tag = (target?.tagName || "").toLowerCase();
    if (
      ["input", "select", "textarea"].includes(tag) ||
      ["Tab", "Shift", "Control", "Alt", "Meta"].includes(event.key)
    )
      return;
    const card = target?.closest(CARD);
    const slot = card && table.contains(card) ? slotOf(card) : "";
    const { key, ctrlKey: ctrl, metaKey: meta, shiftKey: shift, altKey: alt, repeat } = event;
    kept.push(record("key", { key, ctrl, meta, shift, alt, repeat, slot }));
  };
  document.addEventListener("click", click, true);
  document.addEventListener("keydown", press, true);
  return {
    // Everything kept, in order; from now on nothing more is kept.
    take() {
      document.removeEventListener("click", click, true);
      document.removeEventListener("keydown", press, true);
      return kept.splice(0);
    },
  };
}
