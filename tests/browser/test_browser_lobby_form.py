"""The lobby form offers only what the chosen game allows, and each checkbox sits beside its label."""

import pytest
from conftest import logged_in, unique

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

OFFERED_JS = """(name) => [...document.querySelectorAll(`#create-room [name=${name}] option`)]
  .filter((o) => !o.disabled && !o.hidden).map((o) => o.value)"""

CHECKBOXES_BESIDE_LABELS_JS = """() => [...document.querySelectorAll("#create-room [data-field=variations] input[type=checkbox]")]
  .filter((box) => box.offsetParent !== null)
  .map((box) => {
    const label = box.closest("label").getBoundingClientRect();
    const b = box.getBoundingClientRect();
    const middle = b.top + b.height / 2;
    return { name: box.value, beside: middle > label.top && middle < label.bottom && b.right < label.right - 20 };
  })"""


def test_the_form_follows_the_chosen_game(server, browser, chromium_path):
    context, page, _user = logged_in(browser, server, unique("lobby"))
    page.goto(server.base + "/lobby/")
    page.select_option("#create-room [name=game]", "stealing_bundles")
    assert page.evaluate(OFFERED_JS, "seat_count") == ["2", "3", "4"]
    assert page.evaluate(OFFERED_JS, "bots") == ["0", "1", "2", "3"]
    page.select_option("#create-room [name=seat_count]", "3")
    assert page.evaluate(OFFERED_JS, "bots") == ["0", "1", "2"]
    assert page.is_visible("[data-field=match_games]") and page.is_visible("[data-field=match_scoring]")
    boxes = page.evaluate(CHECKBOXES_BESIDE_LABELS_JS)
    assert len(boxes) == 8 and all(b["beside"] for b in boxes), boxes

    page.select_option("#create-room [name=game]", "crazy_eights")
    assert page.evaluate(OFFERED_JS, "seat_count") == ["2", "3", "4", "5", "6"]
    assert page.evaluate(OFFERED_JS, "target") == ["50", "100", "150", "200"]
    assert page.input_value("#create-room [name=target]") == "100"
    assert page.is_hidden("[data-field=variations]") and page.is_hidden("[data-field=match_games]")

    page.select_option("#create-room [name=game]", "buraco")
    assert page.evaluate(OFFERED_JS, "target") == ["1500", "3000", "5000"]
    assert page.input_value("#create-room [name=target]") == "1500"
    assert page.is_hidden("[data-field=seat_count]")
    page.fill("#create-room [name=name]", "Buraco de 3000")
    page.select_option("#create-room [name=target]", "3000")
    page.select_option("#create-room [name=bots]", "3")
    page.click("#create-room button[type=submit]")
    page.wait_for_url("**/rooms/*/")
    snap = page.wait_for_function("() => window.mesaTable && window.mesaTable.snapshot").json_value()
    assert snap["room"]["options"] == {"target": 3000} and sum(1 for s in snap["room"]["seats"] if s["bot"]) == 3
    context.close()
