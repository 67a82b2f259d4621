// The countdowns of the tournament lists (/tournaments/, the lobby's and the home page's teasers):
// the <b> of every [data-countdown-to="ISO"] shows the time left as m:ss (h:mm:ss), once a second; once it
// is past, the box says its data-countdown-done ("Começando…").

function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

const boxes = [...document.querySelectorAll("[data-countdown-to]")].filter((box) => box.querySelector("b"));

function tick() {
  boxes.forEach((box) => {
    const left = (Date.parse(box.dataset.countdownTo) - Date.now()) / 1000;
    if (left <= 0 && box.dataset.countdownDone) box.textContent = box.dataset.countdownDone;
    else if (box.querySelector("b")) box.querySelector("b").textContent = clockText(left);
  });
}
if (boxes.length) { tick(); setInterval(tick, 1000); }
