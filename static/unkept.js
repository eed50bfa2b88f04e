// @ts-check
// Offline, a rules or examples page asked for in a language this browser has not kept yet
// comes in one it has, its address marked (static/sw.js): the page says so, once.  The
// note names the mark (`data-mark`, written by the site build: tools/build_pages.py,
// UNKEPT), which then leaves the address, so that a reload or a bookmark does not say it
// again.

export function sayUnkept() {
  const note = document.querySelector('[data-role="unkept"]');
  if (!(note instanceof HTMLElement)) return;
  const mark = note.dataset.mark;
  const address = new URL(location.href);
  if (!mark || !address.searchParams.has(mark)) return;
  note.hidden = false;
  address.searchParams.delete(mark);
  history.replaceState(history.state, "", address.href);
}
