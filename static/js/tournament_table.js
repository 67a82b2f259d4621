// A tournament table's page: when its match ends (the table's data-status becomes "match_over", or
// "closed", set by table.js) a player seated there when the page opened is sent back to the
// tournament's page after a short countdown, where they wait to be seated again. Spectators stay.
// The banner's link goes back at any time.

import { fill } from "./cards.js";

const box = document.querySelector("[data-tournament-table]");
const table = document.getElementById("table");
const S = JSON.parse(document.getElementById("tournament-strings").textContent);
const BACK_SECONDS = 4;
let leaving = null;

function back() {
  if (leaving) return;
  let left = BACK_SECONDS;
  const text = box.querySelector("[data-tournament-table-text]");
  const say = () => { text.textContent = fill(S.back_in, { s: left }); };
  say();
  leaving = setInterval(() => {
    left -= 1;
    if (left <= 0) { clearInterval(leaving); location.assign(box.dataset.back); } else say();
  }, 1000);
}

function check() {
  const over = table.dataset.status === "match_over" || table.dataset.status === "closed";
  if (over && box.hasAttribute("data-seated")) back();
}

new MutationObserver(check).observe(table, { attributes: true, attributeFilter: ["data-status"] });
check();
