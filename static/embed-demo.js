// Listens to the Half Moon frame and lists what it reports.  Only messages that come
// from the frame's own window and say source "halfmoon" are taken.
const frame = document.getElementById("game");
const log = document.getElementById("log");

window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow) return;
  const data = event.data;
  if (!data || data.source !== "halfmoon") return;
  document.getElementById("score").textContent = String(data.score);
  document.getElementById("moves").textContent = String(data.moves);
  document.getElementById("code").textContent = String(data.code ?? "—");
  const item = document.createElement("li");
  item.textContent = `${data.type}: score ${data.score}, moves ${data.moves}, ${data.time} s`;
  item.dataset.type = String(data.type);
  log.prepend(item);
});
