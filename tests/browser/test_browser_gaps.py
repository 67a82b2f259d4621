"""What the other browser tests leave out: a Buraco hand played to its end and the breakdown
between hands, a move the server makes when the time runs out, and touch on a phone."""

import re

import pytest
from conftest import (
    create_room,
    logged_in,
    my_turn_js,
    play_buraco_turn,
    result_at_both_sizes,
    result_dialog_in_view,
    snapshot,
    table_rows,
    unique,
    wait_snapshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

BREAKDOWN_ROWS = [
    ("melded", "Melded cards"),
    ("canastras", "Canastras"),
    ("going_out", "Going out"),
    ("hand", "Cards in hand"),
    ("morto", "Morto not taken"),
    ("total", "Hand total"),
]


def test_a_buraco_hand_to_its_end_then_the_breakdown_and_the_next_hand(server, browser, chromium_path):
    name = unique("bh")
    context, page, _user = logged_in(browser, server, name)
    # Normal bots take the pile only when it helps them and meld eagerly: the hand ends within about
    # a dozen turns of the person (at the latest when the stock runs out). The highest target keeps
    # the match going after one hand.
    code = create_room(server, name, "buraco", bots=3, level="normal", options={"target": 5000})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.you.host")
    page.click("[data-action=start]")
    wait_snapshot(page, "s.room.status === 'playing'")

    for _step in range(400):
        snap = wait_snapshot(page, f"s.room.status !== 'playing' || ({my_turn_js()})", timeout=30000)
        if snap["room"]["status"] != "playing":
            break
        play_buraco_turn(page, snap)
    assert snap["room"]["status"] == "hand_over", snap["room"]["status"]

    # The result panel breaks the hand down team by team, with the values of the snapshot.
    last = snap["room"]["history"][0]
    assert last["number"] == 1
    breakdown = last["result"]["breakdown"]
    page.wait_for_selector("#result-panel:not([hidden]) .breakdown")
    assert page.inner_text("#result .result__winners").strip()
    # The dialog is in view, says why the hand ended, does not call the hand a victory while the
    # match goes on, and offers the host the next hand.
    result_dialog_in_view(page)
    assert "The match goes on." in page.inner_text("#result .result__winners")
    assert page.inner_text("#result .result__why").strip()
    assert page.locator("#result-actions [data-action=next_hand]").count() == 1
    rows = table_rows(page, "#result .breakdown tbody tr")
    assert [r[0] for r in rows] == [label for _key, label in BREAKDOWN_ROWS]
    for (key, label), row in zip(BREAKDOWN_ROWS, rows, strict=True):
        assert row[1:] == [str(breakdown["0"][key]), str(breakdown["1"][key])], (label, row, breakdown)
    for team in "01":
        parts = breakdown[team]
        assert (
            parts["melded"] + parts["canastras"] + parts["going_out"] + parts["hand"] + parts["morto"] == parts["total"]
        )
    # The history lists the hand with its scores and the match totals.
    scores, totals = last["result"]["scores"], snap["room"]["match"]["totals"]
    assert table_rows(page, "#history table.history thead tr") == [["#", "Team 1", "Team 2"]]
    body = table_rows(page, "#history table.history tbody tr")
    assert body == [["1", f"{scores['0']} ({scores['0']})", f"{scores['1']} ({scores['1']})"]], body
    foot = table_rows(page, "#history table.history tfoot tr")
    assert foot == [["Total", str(totals["0"]), str(totals["1"])]], foot
    result_at_both_sizes(page, "buraco_hand_over")

    # The host deals the next hand: playing again, the first hand kept in the history.
    page.click("#host-controls [data-action=next_hand]")
    snap = wait_snapshot(page, "s.room.status === 'playing' && s.room.history.length === 1 && !!s.view")
    assert snap["room"]["history"][0]["result"] == last["result"]
    assert snap["room"]["match"]["totals"] == totals
    page.wait_for_selector("#result-panel", state="hidden")
    assert table_rows(page, "#history table.history tbody tr") == body
    assert page.locator("#hand .card").count() >= 11 or not snap["legal"]
    assert not errors, errors
    context.close()


def timer_seconds(page) -> int | None:
    text = page.evaluate(
        "() => { const t = document.getElementById('timer'); return !t || t.hidden ? '' : t.textContent; }"
    )
    found = re.search(r"(\d+)", text or "")
    return int(found.group(1)) if found else None


def test_a_move_made_when_the_time_runs_out_is_marked_automatic(server, browser, chromium_path):
    name = unique("to")
    context, page, _user = logged_in(browser, server, name)
    code = create_room(server, name, "rouba_monte", bots=1, time_limit=10, start=True)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/rooms/{code}/")
    snap = wait_snapshot(page, f"({my_turn_js()}) && s.room.deadline_kind === 'turn'")
    assert snap["room"]["time_limit"] == 10
    me = snap["you"]["seat"]
    # The countdown runs on the seat whose turn it is, and only there.
    page.wait_for_function("() => { const t = document.getElementById('timer'); return !!t && !t.hidden; }")
    first = timer_seconds(page)
    assert first is not None and 5 <= first <= 10, first
    page.wait_for_timeout(1600)
    second = timer_seconds(page)
    assert second is not None and second < first, (first, second)
    assert page.locator("[data-countdown]").count() == 1
    assert page.locator(f'.seat[data-seat="{me}"][data-turn="true"] [data-countdown]#timer').count() == 1
    # The person does nothing: after the deadline the server moves for them, and the table says so.
    page.wait_for_selector("#log li.log__auto", timeout=12000)
    entry = page.inner_text("#log li.log__auto")
    assert entry.startswith("You") and "automatic: time ran out" in entry, entry
    assert "automatic: time ran out" in page.inner_text("#announcer")
    after = snapshot(page)
    assert after["version"] > snap["version"]
    assert not errors, errors
    context.close()


def touch_page(browser, server, username: str):
    """A phone: 360x740, touch screen, mobile viewport."""
    context, page, _user = logged_in(browser, server, username, viewport=(360, 740), touch=True)
    return context, page


def card_centre(page, selector: str) -> tuple[float, float]:
    node = page.locator(selector).first
    node.scroll_into_view_if_needed()
    box = node.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


HAND_DRAWN_JS = """() => {
  const s = window.mesaTable && window.mesaTable.snapshot;
  if (!s || !s.view || document.querySelector('.flight')) return false;
  const shown = [...document.querySelectorAll('#hand .card[data-card]')].map((c) => c.dataset.card).sort();
  return shown.join() === [...(s.view.hand || [])].sort().join();
}"""


def long_press(page, cdp, selector: str, check) -> None:
    """A finger held on `selector` for 650 ms (real touch events); `check` runs before it lifts.

    The hand on screen must be the latest snapshot's, with no card in flight: a queued
    redraw during the press would move another card under the finger.
    """
    page.wait_for_function(HAND_DRAWN_JS)
    x, y = card_centre(page, selector)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    try:
        page.wait_for_timeout(650)
        check()
    finally:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_touch_tap_to_lift_and_play_and_long_press_says_why(server, browser, chromium_path):
    name = unique("tt")
    context, page = touch_page(browser, server, name)
    cdp = context.new_cdp_session(page)
    code = create_room(server, name, "crazy_eights", bots=1, level="easy", seat_count=2, time_limit=None, start=True)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/rooms/{code}/")
    assert page.evaluate("() => navigator.maxTouchPoints > 0 && 'ontouchstart' in window")

    done = {"why": False, "hold": False, "play": False}
    for _turn in range(40):
        if all(done.values()):
            break
        snap = wait_snapshot(page, f"s.room.status !== 'playing' || ({my_turn_js()})", timeout=30000)
        if snap["room"]["status"] != "playing":
            page.tap("[data-action=next_hand], [data-action=new_match]")
            wait_snapshot(page, "s.room.status === 'playing'")
            continue
        view, legal, version = snap["view"], snap["legal"], snap["version"]
        page.wait_for_selector("#hand .card")
        plays = [m for m in legal if m["type"] == "play"]
        playable = {m["card"] for m in plays}
        blocked = [i for i, c in enumerate(view["hand"]) if c not in playable]
        if blocked and not done["why"]:
            # Long press on a card that cannot be played: the hint shows its tooltip, while the finger is down.
            sel = f"#hand .card:nth-child({blocked[0] + 1})"
            title = page.get_attribute(sel, "title")
            assert "cannot be played" in title or "only the card you just drew" in title, title

            def shows_why(title=title):
                assert page.is_visible("#hint"), "no hint during the long press"
                assert page.inner_text("#hint") == title

            page.evaluate("() => { const h = document.getElementById('hint'); h.hidden = true; h.textContent = ''; }")
            long_press(page, cdp, sel, shows_why)
            done["why"] = True
        others = [c for c in playable if c[0] != "8"]
        if view["drawn"]:
            if any(m["type"] == "keep" for m in legal):
                page.tap("#keep-it")
            else:
                page.tap("#play-it")
                if view["drawn"][0] == "8":
                    page.tap('#suit-chips [data-suit="H"]')
        elif others and not done["hold"]:
            # A long press on a playable card says so and does not count as a tap: nothing is lifted.
            sel = f'#hand .card[data-card="{others[0]}"]'
            title = page.get_attribute(sel, "title")
            assert title.endswith("can be played."), title

            def shows_playable(title=title):
                assert page.inner_text("#hint") == title

            long_press(page, cdp, sel, shows_playable)
            page.wait_for_timeout(150)
            assert page.get_attribute(sel, "aria-pressed") == "false"
            assert page.locator("#hand .lifted").count() == 0
            done["hold"] = True
            continue
        elif others:
            card = others[0]
            sel = f'#hand .card[data-card="{card}"]'
            page.tap(sel)  # lift
            page.wait_for_selector(f'#hand .card.lifted[data-card="{card}"][aria-pressed="true"]')
            assert page.is_enabled("#play")
            page.tap(sel)  # a second tap plays it
            after = wait_snapshot(page, f"s.version > {version}")
            # The page keeps only the latest snapshot: a bot may already have played on top.
            assert after["view"]["discard_top"] == card or after["version"] > version + 1
            assert card not in after["view"]["hand"] or after["view"]["hand"].count(card) < view["hand"].count(card)
            done["play"] = True
            continue
        elif any(m["type"] == "draw" for m in legal):
            page.tap("#stock")
        elif plays:  # only eights: lift one, then choose a suit chip
            page.tap(f'#hand .card[data-card="{plays[0]["card"]}"]')
            page.tap('#suit-chips [data-suit="C"]')
        else:
            page.tap("#pass")
        wait_snapshot(page, f"s.version > {version} || s.room.status !== 'playing'")
    assert all(done.values()), done
    assert not errors, errors
    context.close()
