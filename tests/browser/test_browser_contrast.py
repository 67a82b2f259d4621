"""Colour contrast, WCAG AA (issue 19), checked on the tables as a player sees them: all four
games, on your turn, at 390x844 (touch) and 1280x800, in the light and the dark colour scheme,
with the countdown running, the badges on the seats, your hand's greyed cards and the hint; and
the result dialog at the end of a hand. Every visible text must reach 4.5:1 against what is
painted under it (3:1 for large text): see contrast.py for how it is measured."""

import pytest
from conftest import create_rooms, logged_in, my_turn_js, unique, wait_snapshot
from contrast import contrast_failures
from hand_surgery import LAST_CARD, change_hand
from test_browser_layout import BURACO_RUNS, CROWD_BURACO, DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SCHEMES = ("light", "dark")


def check_page(page, where: str) -> None:
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        failures = contrast_failures(page)
        assert not failures, (where, scheme, failures)


def test_every_text_on_every_table_meets_wcag_aa(server, browser, chromium_path):
    name = unique("contrast")
    desktop, page, user = logged_in(browser, server, name, viewport=DESKTOP)
    phone, mobile, _user = logged_in(browser, server, "", viewport=PHONE, session=user["session"], touch=True)
    specs = [
        {"game": "rouba_monte", "bots": 3, "start": True, "time_limit": 120},
        {"game": "stealing_bundles", "bots": 3, "start": True, "time_limit": 120, "options": {"double_piles": True}},
        {"game": "crazy_eights", "bots": 5, "seat_count": 6, "start": True, "time_limit": 120},
        {"game": "buraco", "bots": 3, "start": True},
    ]
    games = [s["game"] for s in specs]
    rooms = dict(zip(games, create_rooms(server, name, specs), strict=True))
    change_hand(server, CROWD_BURACO, rooms["buraco"], "DONE", runs=BURACO_RUNS)
    for game, code in rooms.items():
        for p, size in ((mobile, "phone"), (page, "desktop")):
            p.goto(f"{server.base}/rooms/{code}/")
            wait_snapshot(p, my_turn_js(), timeout=30000)
            p.wait_for_selector("[data-turn] [data-countdown]:not([hidden])")
            assert p.locator(".seat .badge--bot").count() >= 1
            # The hint over your hand, as a tap on a card shows it.
            p.evaluate("() => window.mesaTable.hint(window.mesaTable.S.not_your_turn)")
            p.wait_for_selector("#hint:not([hidden])")
            check_page(p, f"{game} {size}")

    # The end of a hand: the result dialog, with the hand's points and the match totals.
    code = rooms["crazy_eights"]
    wait_snapshot(page, my_turn_js(), timeout=30000)
    card = change_hand(server, LAST_CARD, code, "CARD")
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, my_turn_js() + f" && s.view.hand.length === 1 && s.view.hand[0] === {card!r}")
    page.click(f'#hand .card[data-card="{card}"]')
    page.click("#play")
    wait_snapshot(page, "s.room.status === 'hand_over' || s.room.status === 'match_over'")
    page.wait_for_selector("[data-result]:not([hidden])")
    check_page(page, "result desktop")
    mobile.goto(f"{server.base}/rooms/{code}/")
    mobile.wait_for_selector("[data-result]:not([hidden])")
    check_page(mobile, "result phone")
    phone.close()
    desktop.close()
