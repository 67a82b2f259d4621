"""Crazy Eights matches played with the keyboard only: Tab to the hand, arrows, Enter, R, K, S, 1-4, M.

The target is low (10 points), so a hand usually ends its match and the next one starts with Enter."""

import pytest
from conftest import create_room, logged_in, my_turn_js, snapshot, unique, wait_snapshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SUIT_KEYS = {"C": "1", "D": "2", "H": "3", "S": "4"}


def focused_card(page):
    return page.evaluate("() => document.activeElement && document.activeElement.dataset.card || null")


def tab_to_hand(page):
    """Press Tab until a card of the hand has the focus (keyboard only)."""
    for _ in range(80):
        if page.evaluate("() => document.getElementById('hand').contains(document.activeElement)"):
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the hand")


def focus_card(page, code: str):
    """Walk the hand with the arrow keys to `code`."""
    tab_to_hand(page)
    for _ in range(40):
        if focused_card(page) == code:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"{code} not reached with the arrows")


def test_a_hand_with_the_keyboard_only(server, browser, chromium_path):
    name = unique("ce")
    context, page, _user = logged_in(browser, server, name)
    code = create_room(
        server, name, "crazy_eights", bots=1, level="easy", seat_count=2, time_limit=60, engine_options={"target": 10}
    )
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.you.host")
    # M mutes, and the choice is remembered across a reload.
    page.keyboard.press("m")
    assert page.get_attribute("#mute", "aria-pressed") == "true"
    page.reload()
    wait_snapshot(page, "s.you.host")
    assert page.get_attribute("#mute", "aria-pressed") == "true"
    assert page.evaluate("() => localStorage.getItem('mesa:muted')") == "1"

    done = {"eight": False, "keep": False, "why": False}
    hands = matches_over = 0
    while not (done["eight"] and done["keep"] and matches_over) and hands < 8:
        snap = snapshot(page)
        matches_over += snap["room"]["status"] == "match_over"
        if snap["room"]["status"] in ("waiting", "match_over"):
            page.focus("[data-action=start], [data-action=new_match]")
            page.keyboard.press("Enter")
        elif snap["room"]["status"] == "hand_over":
            page.focus("[data-action=next_hand]")
            page.keyboard.press("Enter")
        wait_snapshot(page, "s.room.status === 'playing'")
        hands += 1
        while True:
            snap = wait_snapshot(page, f"s.room.status !== 'playing' || ({my_turn_js()})", timeout=30000)
            if snap["room"]["status"] != "playing":
                break
            view, legal = snap["view"], snap["legal"]
            version = snap["version"]
            plays = [m for m in legal if m["type"] == "play"]
            if not done["why"]:
                blocked = [c for c in view["hand"] if not any(m["card"] == c for m in plays)]
                if blocked and not view["drawn"]:
                    title = page.get_attribute(f'#hand [data-card="{blocked[0]}"]', "title")
                    assert "cannot be played" in title or "only the card you just drew" in title, title
                    done["why"] = True
            collecting = not (done["eight"] and done["keep"])
            if view["drawn"]:
                drawn = view["drawn"]
                if drawn[0] == "8" and not done["eight"]:
                    # The drawn eight is lifted with its suit chips open: a suit key plays it.
                    page.wait_for_selector("#suit-chips:not([hidden])")
                    page.keyboard.press(SUIT_KEYS["S"])
                    after = wait_snapshot(page, f"s.version > {version}")
                    assert after["view"]["suit"] == "S"
                    done["eight"] = True
                    continue
                if any(m["type"] == "keep" for m in legal) and (collecting or drawn[0] == "8"):
                    assert page.is_visible("#keep-it") and page.is_visible("#play-it")
                    page.keyboard.press("k")  # keep it: more cards, more eights
                    done["keep"] = True
                else:
                    focus_card(page, drawn)
                    page.keyboard.press("Enter")  # "Play it"
                    if drawn[0] == "8":
                        page.keyboard.press(SUIT_KEYS["H"])
            else:
                eights = [m for m in plays if m["card"][0] == "8"]
                others = [m for m in plays if m["card"][0] != "8"]
                if eights and not done["eight"]:
                    card = eights[0]["card"]
                    focus_card(page, card)
                    page.keyboard.press("Enter")  # lift: the suit chips open
                    page.wait_for_selector("#suit-chips:not([hidden])")
                    page.keyboard.press(SUIT_KEYS["S"])
                    after = wait_snapshot(page, f"s.version > {version}")
                    assert after["view"]["suit"] == "S"
                    # The pile shows the chosen suit, unless the next seat (a bot, 50 ms later) has
                    # already covered the eight and the table skipped to that newer state: then
                    # the next eight of the match is tried instead.
                    seen = page.wait_for_function(
                        """v => {
                            const chip = document.querySelector('#pile [data-chip="S"]');
                            if (chip && chip.getClientRects().length) return "chip";
                            const s = window.mesaTable && window.mesaTable.snapshot;
                            return s && s.version > v ? "covered" : false;
                        }""",
                        arg=after["version"],
                    ).json_value()
                    done["eight"] = seen == "chip"
                    continue
                if any(m["type"] == "draw" for m in legal) and (collecting or not plays):
                    page.keyboard.press("r")
                elif others:
                    focus_card(page, others[0]["card"])
                    page.keyboard.press("Enter")  # lift
                    page.wait_for_selector(f'#hand .lifted[data-card="{others[0]["card"]}"]')
                    page.keyboard.press("Enter")  # play
                elif eights:
                    focus_card(page, eights[0]["card"])
                    page.keyboard.press("Enter")
                    page.keyboard.press("1")
                else:
                    page.keyboard.press("s")
            wait_snapshot(page, f"s.version > {version} || s.room.status !== 'playing'")
    assert done["keep"] and done["eight"] and done["why"], done
    matches_over += snapshot(page)["room"]["status"] == "match_over"
    assert matches_over >= 1, "no match was played to its end"
    assert page.inner_text("#announcer").strip()
    assert not errors, errors
    context.close()
