"""Whole matches with the keyboard only: Rouba Monte, Stealing Bundles (two piles each), and whole
Buraco hands with every kind of move. (Crazy Eights has its own: test_browser_crazy_eights.py.)

Nothing is clicked: Tab walks the page to a card or a button, Enter and Space act, D and P
draw in Buraco. Each move the page makes is one of the snapshot's legal moves.
"""

import pytest
from conftest import canon, create_rooms, logged_in, my_turn_js, unique, wait_snapshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ACTIVE_MATCHES_JS = "(sel) => !!document.activeElement && document.activeElement.matches(sel)"


def tab_to(page, selector: str, limit: int = 250) -> None:
    """Press Tab until the focused element matches ``selector`` (keyboard only)."""
    for _ in range(limit):
        if page.evaluate(ACTIVE_MATCHES_JS, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def focused_moves(page) -> list[dict]:
    return page.evaluate("() => JSON.parse((document.activeElement && document.activeElement.dataset.moves) || '[]')")


def play_capture_turn(page, snap: dict) -> None:
    """Tab to a card that has a move, Enter (the focus jumps to its first target), Enter again;
    with two own piles a third Enter takes the first pile offered."""
    card = snap["legal"][0]["card"]
    tab_to(page, f'#hand .card[data-card="{card}"]')
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement && document.activeElement.matches('.option[data-moves]')")
    offered = focused_moves(page)
    assert offered and canon(offered) == canon([m for m in offered if m in snap["legal"]])
    page.keyboard.press("Enter")
    if len(offered) > 1:
        page.wait_for_selector("#pile-choice:not([hidden]) button")
        assert page.evaluate(ACTIVE_MATCHES_JS, "#pile-choice button")
        page.keyboard.press("Enter")
    wait_snapshot(page, f"s.version > {snap['version']}")


def play_capture_match(page) -> dict:
    for _ in range(400):
        snap = wait_snapshot(page, f"s.room.status !== 'playing' || ({my_turn_js()})", timeout=30000)
        if snap["room"]["status"] != "playing":
            return snap
        play_capture_turn(page, snap)
    raise AssertionError("the match did not end")


def test_capture_matches_with_the_keyboard_only(server, browser, chromium_path):
    name = unique("kbc")
    context, page, _user = logged_in(browser, server, name)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    specs = [
        {"game": "rouba_monte", "bots": 3},
        {"game": "stealing_bundles", "bots": 3, "options": {"double_piles": True}},
    ]
    for code in create_rooms(server, name, specs):
        page.goto(f"{server.base}/rooms/{code}/")
        wait_snapshot(page, "s.you.host && s.room.status === 'waiting'")
        tab_to(page, "#host-controls [data-action=start]")
        page.keyboard.press("Enter")
        wait_snapshot(page, "s.room.status === 'playing'")
        end = play_capture_match(page)
        assert end["room"]["status"] == "match_over", end["room"]["status"]
        # The result dialog takes the keyboard too: Tab reaches "Play again" in it.
        page.wait_for_selector("[data-result]:not([hidden])")
        tab_to(page, "#result-actions [data-action=new_match]")
        page.keyboard.press("Enter")
        wait_snapshot(page, f"s.room.status === 'playing' && s.room.match.id !== {end['room']['match']['id']}")
    assert not errors, errors
    context.close()


BURACO_KINDS = {"draw_stock", "draw_discard", "meld", "add", "discard"}


def play_buraco_turn_by_keyboard(page, snap: dict, done: set[str]) -> None:
    """One step of the person's Buraco turn by keyboard, reaching for the kinds of move not yet
    in ``done``: P takes the discard pile once, else D draws; an addition to a run (once), else
    the biggest new run, else an addition, else a discard. The cards are selected with Tab and
    Enter, the move made from its button or the run with Enter; ``done`` gets the move's kind."""
    view, legal, version = snap["view"], snap["legal"], snap["version"]
    kinds = {m["type"] for m in legal}
    if view["phase"] == "draw":
        kind = (
            "draw_discard"
            if "draw_discard" in kinds and ("draw_discard" not in done or "draw_stock" not in kinds)
            else "draw_stock"
        )
        page.keyboard.press("p" if kind == "draw_discard" else "d")
        wait_snapshot(page, f"s.version > {version}")
        done.add(kind)
        return
    melds = [m for m in legal if m["type"] == "meld"]
    adds = [m for m in legal if m["type"] == "add"]
    discards = [m for m in legal if m["type"] == "discard"]
    if adds and ("add" not in done or not melds):
        move = adds[0]
        button = f'#runs-mine .run[data-meld="{move["meld"]}"]'
    elif melds:
        move, button = max(melds, key=lambda m: len(m["cards"])), "#meld"
    else:
        move, button = discards[-1], "#bu-discard"
    cards = move.get("cards") or [move["card"]]
    used: set[int] = set()
    for card in cards:
        index = next(i for i, c in enumerate(view["hand"]) if c == card and i not in used)
        used.add(index)
        tab_to(page, f'#hand .card[data-index="{index}"]')
        page.keyboard.press("Enter")
        page.wait_for_selector(f'#hand .card[data-index="{index}"][aria-pressed="true"]')
    tab_to(page, button)
    page.keyboard.press("Enter")
    wait_snapshot(page, f"s.version > {version}")
    done.add(move["type"])


def play_buraco_hand_by_keyboard(page, done: set[str]) -> dict:
    """Keyboard turns until the hand is over; the snapshot then."""
    for _ in range(600):
        snap = wait_snapshot(page, f"s.room.status !== 'playing' || ({my_turn_js()})", timeout=30000)
        if snap["room"]["status"] != "playing":
            return snap
        play_buraco_turn_by_keyboard(page, snap, done)
    raise AssertionError("the hand did not end")


def test_whole_buraco_hands_with_the_keyboard_only(server, browser, chromium_path):
    """Against three bots, from the start of the match: a whole hand played with the keyboard,
    in which the person draws from the stock, takes the discard pile, melds a new run, adds to
    one and discards. Should the bots end the hand before all of that happened, the host deals
    the next one from the result dialog (Tab, Enter) and plays it too."""
    name = unique("kbb")
    context, page, _user = logged_in(browser, server, name)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    (code,) = create_rooms(
        server, name, [{"game": "buraco", "bots": 3, "level": "normal", "options": {"target": 5000}}]
    )
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.you.host && s.room.status === 'waiting'")
    tab_to(page, "#host-controls [data-action=start]")
    page.keyboard.press("Enter")
    wait_snapshot(page, "s.room.status === 'playing'")
    done: set[str] = set()
    for hand in range(1, 5):
        end = play_buraco_hand_by_keyboard(page, done)
        assert end["room"]["status"] == "hand_over", end["room"]["status"]
        page.wait_for_selector("[data-result]:not([hidden]) .breakdown")
        if done >= BURACO_KINDS:
            break
        tab_to(page, "#result-actions [data-action=next_hand]")
        page.keyboard.press("Enter")
        wait_snapshot(page, f"s.room.status === 'playing' && s.room.history.length === {hand}")
    assert done == BURACO_KINDS, done
    assert not errors, errors
    context.close()
