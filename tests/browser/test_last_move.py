"""What just happened, on every screen size (issue "The table on a phone is a card game"): after another
seat's move, `[data-last-move]` lies in the viewport at 390x844 (touch) and at 1280x800 without opening
anything, and says the move in the log's words, with the cards the move took ("Bruno pegou a lixeira
(5 cartas)"; in Rouba Monte "Bruno roubou o seu monte com … (12 cartas)"). Four people and no bot, so that
nothing moves but what the test does."""

import pytest
from conftest import logged_in, outside_viewport, shot, unique, wait_snapshot
from hand_surgery import change_hand
from test_browser_layout import DESKTOP, PHONE

from tests.live import make_users, manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEAT_FOUR = """
from django.contrib.auth import get_user_model
from rooms import services
User = get_user_model()
people = [User.objects.get(username=u) for u in {users!r}]
room = services.create_room(people[0], "buraco", "Browser")
for seat, person in enumerate(people[1:], start=1):
    services.sit(person, room.code, seat)
services.start_match(people[0], room.code)
print("CODE" + room.code)
"""

# Room seat 1's turn to draw, with five cards on the discard pile (taken from the stock and put back:
# the deck stays whole).
PILE_OF_FIVE = """
other = hand.seat_map.index(1)
stock = list(state["stock"]) + list(state["discard"])
state["discard"] = [stock.pop() for _ in range(5)]
state["stock"] = stock
state["turn"] = other
state["phase"] = "draw"
print("PILE" + ",".join(state["discard"]))
"""


def page_of(browser, server, session, size, touch, lang):
    ctx, page, _ = logged_in(browser, server, "", viewport=size, session=session, touch=touch)
    ctx.add_cookies([{"name": "django_language", "value": lang, "url": server.base}])
    return ctx, page


@pytest.mark.parametrize(
    "lang,words", [("pt-br", "pegou a lixeira (5 cartas)"), ("en", "took the discard pile (5 cards)")]
)
def test_another_seats_move_is_told_on_the_table_at_both_sizes(server, browser, lang, words):
    users = [unique("last") for _ in range(4)]
    made = make_users(server.env, *users)
    out = manage_shell(server.env, SEAT_FOUR.format(users=users))
    code = next(x for x in out.splitlines() if x.startswith("CODE"))[4:]
    change_hand(server, PILE_OF_FIVE, code, "PILE")

    ctx, page = page_of(browser, server, made[users[0]]["session"], PHONE, True, lang)
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.room.status === 'playing' && s.view.discard.length === 5")
    other_ctx, other = page_of(browser, server, made[users[1]]["session"], DESKTOP, False, lang)
    other.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(other, "s.legal.some((m) => m.type === 'draw_discard')")
    name = wait_snapshot(page, "true")["room"]["seats"][1]["name"]

    other.click("#take-pile")
    snap = wait_snapshot(page, "s.view.discard.length === 0 && s.room.last_move && s.room.last_move.seat === 1")
    assert snap["room"]["last_move"]["move"]["type"] == "draw_discard"
    page.wait_for_function("(name) => document.querySelector('[data-last-move]').textContent.includes(name)", arg=name)
    newest = page.locator("[data-last-move] .last-move__item").first.text_content()
    assert newest == f"{name} {words}", newest
    # The same words as the move log's newest line, which the strip adds the cards taken to.
    logged = page.locator("#log li").first.text_content()
    assert newest.startswith(logged), (newest, logged)
    assert not outside_viewport(page, "[data-last-move]")
    if lang == "pt-br":
        shot(page, "last_move_phone")

    # One line on a phone, cut where it must (a long line never widens the page, which a phone then zooms
    # out); a tap on it opens the whole log in the drawer.
    page.evaluate(
        "() => { const p = document.querySelector('[data-last-move]'); window.long = new Text(p.textContent.repeat(6)); p.append(window.long); }"
    )
    assert page.evaluate("() => [innerWidth, document.documentElement.scrollWidth]") == [PHONE[0], PHONE[0]]
    page.evaluate("() => window.long.remove()")
    assert page.evaluate("() => document.querySelector('[data-last-move]').getBoundingClientRect().height") < 30
    page.tap("[data-last-move]")
    page.wait_for_selector("#side.side--open #log li")
    assert page.locator("#log li").first.text_content() == logged
    page.keyboard.press("Escape")
    page.wait_for_selector("#side", state="hidden")

    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    page.wait_for_function("() => document.querySelector('[data-last-move]').getBoundingClientRect().width > 600")
    assert not outside_viewport(page, "[data-last-move]")
    assert page.locator("[data-last-move] .last-move__item").first.text_content() == newest
    if lang == "pt-br":
        shot(page, "last_move_desktop")
    other_ctx.close()
    ctx.close()


SEAT_FOUR_ROUBA_MONTE = SEAT_FOUR.replace('"buraco"', '"rouba_monte"')

# Room seat 0's pile: twelve cards from the stock, its top of the rank of a card room seat 1 holds; room seat
# 1's turn, so that it may steal the pile.
PILE_OF_TWELVE = """
other = hand.seat_map.index(1)
held = list(state["hands"][other])
pool = list(state["stock"])
card, top = next((c, t) for c in held for t in pool if t[0] == c[0])
pool.remove(top)
pile = [pool.pop() for _ in range(11)] + [top]
state["piles"] = [list(p) for p in state["piles"]]
state["piles"][me] = [pile]
state["stock"] = pool
state["turn"] = other
print("STEAL" + card)
"""


def test_a_stolen_pile_is_told_with_its_count(server, browser):
    users = [unique("steal") for _ in range(4)]
    made = make_users(server.env, *users)
    out = manage_shell(server.env, SEAT_FOUR_ROUBA_MONTE.format(users=users))
    code = next(x for x in out.splitlines() if x.startswith("CODE"))[4:]
    card = change_hand(server, PILE_OF_TWELVE, code, "STEAL")
    ctx, page = page_of(browser, server, made[users[0]]["session"], PHONE, True, "pt-br")
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.room.status === 'playing'")
    other_ctx, other = page_of(browser, server, made[users[1]]["session"], DESKTOP, False, "pt-br")
    other.goto(f"{server.base}/rooms/{code}/")
    snap = wait_snapshot(other, f"s.legal.some((m) => m.type === 'steal' && m.card === {card!r})")
    name = snap["room"]["seats"][1]["name"]
    move = next(m for m in snap["legal"] if m["type"] == "steal" and m["card"] == card)
    other.evaluate("(m) => window.mesaTable.move(m)", move)
    wait_snapshot(page, "s.room.last_move && s.room.last_move.seat === 1")
    page.wait_for_function("(name) => document.querySelector('[data-last-move]').textContent.includes(name)", arg=name)
    newest = page.locator("[data-last-move] .last-move__item").first.text_content()
    assert newest.startswith(f"{name} roubou o seu monte com ") and newest.endswith(" (12 cartas)"), newest
    assert not outside_viewport(page, "[data-last-move]")
    other_ctx.close()
    ctx.close()
