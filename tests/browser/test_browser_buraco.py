"""Buraco through the UI: draw, a meld, an addition to a partner's run, and discards (bots in the other seats)."""

import pytest
from conftest import (
    create_room,
    logged_in,
    my_turn_js,
    no_horizontal_scroll,
    select_cards,
    unique,
    wait_snapshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_meld_add_to_partners_run_and_discard(server, browser, chromium_path, request):
    name = unique("bu")
    context, page, _user = logged_in(browser, server, name)
    request.addfinalizer(context.close)  # a failure leaves no socket behind for the later tests' lobby to count
    # The highest target: the bots' team cannot end the match within the hands this test plays.
    code = create_room(server, name, "buraco", bots=3, level="normal", options={"target": 5000})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.you.host")
    page.click("[data-action=start]")
    wait_snapshot(page, "s.room.status === 'playing'")
    # Notes about the hand name who held a seat in it (the hand's record), here the seats' own names.
    held = page.evaluate("[0, 1, 2, 3].map((e) => window.mesaTable.heldName(e))")
    named = page.evaluate("[0, 1, 2, 3].map((e) => window.mesaTable.nameOfEngineSeat(e))")
    assert held == named and all(held), (held, named)

    done = {"meld": False, "add": False, "discard": 0, "take": False}
    mine: set[int] = set()  # indexes of the team runs this player made
    turns = 0
    while not (done["meld"] and done["add"] and done["discard"] >= 2) and turns < 60:
        snap = wait_snapshot(page, f"s.room.status !== 'playing' || ({my_turn_js()})", timeout=30000)
        if snap["room"]["status"] == "hand_over":
            assert page.is_visible("#result-panel .breakdown")
            page.click("[data-action=next_hand]")
            wait_snapshot(page, "s.room.status === 'playing'")
            mine = set()
            continue
        assert snap["room"]["status"] == "playing", snap["room"]["status"]
        view, legal, version = snap["view"], snap["legal"], snap["version"]
        team = view["team"]
        if view["phase"] == "draw":
            turns += 1
            takes = [m for m in legal if m["type"] == "draw_discard"]
            if takes and not done["take"] and len(view["discard"]) >= 3:
                page.click("#take-pile")
                done["take"] = True
            else:
                page.click("#stock")
            wait_snapshot(page, f"s.version > {version}")
            continue
        melds = [m for m in legal if m["type"] == "meld"]
        adds = [m for m in legal if m["type"] == "add" and m["meld"] not in mine]
        if adds and not done["add"] and any(i not in mine for i in range(len(view["melds"][team]))):
            move = adds[0]
            select_cards(page, view["hand"], move["cards"])
            page.wait_for_selector(f'#runs-mine .run.option[data-meld="{move["meld"]}"]')
            before = list(view["melds"][team][move["meld"]]["cards"])
            page.click(f'#runs-mine .add-button[data-meld="{move["meld"]}"]')
            after = wait_snapshot(page, f"s.version > {version}")
            grown = after["view"]["melds"][team][move["meld"]]["cards"]
            assert sorted(grown) == sorted(before + move["cards"])
            done["add"] = True
        elif melds and (not done["meld"] or not done["add"]):
            move = max(melds, key=lambda m: len(m["cards"]))
            select_cards(page, view["hand"], move["cards"])
            assert page.is_enabled("#meld")
            page.click("#meld")
            after = wait_snapshot(page, f"s.version > {version}")
            runs = after["view"]["melds"][team]
            mine.add(len(runs) - 1)
            assert sorted(runs[-1]["cards"]) == sorted(move["cards"])
            done["meld"] = True
        else:
            discards = [m for m in legal if m["type"] == "discard"]
            if not discards:  # only melds or adds are left (e.g. the morto rule): take one
                move = legal[0]
                select_cards(page, view["hand"], move["cards"])
                page.click("#meld" if move["type"] == "meld" else f'#runs-mine .add-button[data-meld="{move["meld"]}"]')
            else:
                move = discards[-1]
                select_cards(page, view["hand"], [move["card"]])
                page.click("#bu-discard")
                done["discard"] += 1
            after = wait_snapshot(page, f"s.version > {version}")
            if move["type"] == "discard" and after["room"]["status"] == "playing":
                assert after["view"]["discard"][-1] == move["card"]
    assert done["meld"] and done["add"] and done["discard"] >= 2, done
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(300)
    assert no_horizontal_scroll(page)
    assert not errors, errors
