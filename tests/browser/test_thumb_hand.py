"""A hand held with a thumb (issue "The table on a phone is a card game"): at 390x844 on a touch screen, a
Buraco hand of 14 and of 24 cards and a Crazy Eights hand of 20 show every card's index corner, a tap on
each card's visible part selects that very card in any order, and no raised card hides another's corner
(the element at each corner's centre is that card); the hand sorts by suit and run or by rank; a desktop
keeps the hand in one row."""

import pytest
from conftest import at_my_turn, shot, wait_snapshot
from hand_surgery import change_hand
from test_browser_layout import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

# The person's hand grows to `size` cards from the stock (the deck stays whole); their turn to play.
BURACO_HAND = """
held = list(state["hands"][me])
stock = list(state["stock"])
while len(held) < size:
    held.append(stock.pop())
state["hands"][me] = held
state["stock"] = stock
state["turn"] = me
state["phase"] = "play"
print("SIZE" + str(len(held)))
"""

CRAZY_EIGHTS_HAND = """
held = list(state["hands"][me])
stock = list(state["stock"])
while len(held) < size:
    held.append(stock.pop())
state["hands"][me] = held
state["stock"] = stock
state["turn"] = me
state["drawn"] = None
print("SIZE" + str(len(held)))
"""

# Every card of the hand, in the order shown: its box, the box of its index corner, the part of it in
# view (up to the next card of its row, and down to the row laid over it), and whether the element at
# its corner's centre is the card itself (a raised card hiding it would be found there instead).
HAND_JS = """() => {
  const cards = [...document.querySelectorAll('[data-hand] [data-card]')];
  const boxes = cards.map((c) => c.getBoundingClientRect());
  return cards.map((card, i) => {
    const r = boxes[i];
    const corner = card.querySelector('.card__corner').getBoundingClientRect();
    const cx = corner.left + corner.width / 2;
    const cy = corner.top + corner.height / 2;
    const hit = document.elementFromPoint(cx, cy);
    const next = cards.slice(i + 1).map((c) => c.getBoundingClientRect())
      .filter((b) => b.left > r.left - 1 && b.left < r.right && b.top < r.bottom && b.bottom > r.top);
    const sameRow = next.filter((b) => Math.abs(b.top - r.top) < r.height / 2);
    const below = next.filter((b) => b.top - r.top >= r.height / 2);
    return {
      code: card.dataset.card, index: card.dataset.index ?? String(i), pressed: card.getAttribute('aria-pressed'),
      left: r.left, top: r.top, right: r.right, bottom: r.bottom,
      shownWidth: (sameRow.length ? Math.min(...sameRow.map((b) => b.left)) : r.right) - r.left,
      shownHeight: (below.length ? Math.min(...below.map((b) => b.top)) : r.bottom) - r.top,
      cornerSeen: !!hit && hit.closest('[data-card]') === card,
      corner: [cx, cy],
    };
  });
}"""


def hand_boxes(page) -> list[dict]:
    return page.evaluate(HAND_JS)


def assert_every_corner_seen(page, width: int, height: int) -> list[dict]:
    cards = hand_boxes(page)
    hidden = [c["code"] for c in cards if not c["cornerSeen"]]
    assert not hidden, f"corners hidden: {hidden}"
    narrow = [(c["code"], round(c["shownWidth"])) for c in cards if c["shownWidth"] < 24]
    assert not narrow, f"less than 24 px in view: {narrow}"
    outside = [c["code"] for c in cards if c["left"] < 0 or c["right"] > width or c["top"] < 0 or c["bottom"] > height]
    assert not outside, (
        f"outside the viewport: {outside} {[(c['code'], c['left'], c['top'], c['right'], c['bottom']) for c in cards]} {page.evaluate('() => [innerWidth, innerHeight, scrollY, document.documentElement.scrollHeight]')}"
    )
    return cards


def tap_visible_part(page, card: dict, touch: bool) -> None:
    """A tap (or a click) at the middle of the part of ``card`` that no other card covers."""
    x = card["left"] + min(card["shownWidth"], card["right"] - card["left"]) / 2
    y = card["top"] + min(card["shownHeight"], card["bottom"] - card["top"]) / 2
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def select_each(page, order: list[int], touch: bool) -> None:
    """Tap the cards at ``order`` (positions in the hand as shown), each at its visible part; each is then raised."""
    for position in order:
        card = hand_boxes(page)[position]
        assert card["pressed"] == "false", card
        tap_visible_part(page, card, touch)
        page.wait_for_function(
            "([i, code]) => { const c = document.querySelectorAll('[data-hand] [data-card]')[i];"
            " return c.dataset.card === code && c.getAttribute('aria-pressed') === 'true'; }",
            arg=[position, card["code"]],
        )


def grow_hand(page, server, code: str, body: str, size: int) -> dict:
    assert change_hand(server, body, code, "SIZE", size=size) == str(size)
    page.reload()
    return wait_snapshot(page, f"s.view.hand.length === {size} && s.legal.length > 0 && s.room.seats[s.you.seat].turn")


@pytest.mark.parametrize("size", [14, 24])
def test_a_buraco_hand_on_a_phone_is_held_with_a_thumb(server, browser, size):
    ctx, page, code, _ = at_my_turn(browser, server, "thumb", "buraco", viewport=PHONE, touch=True)
    grow_hand(page, server, code, BURACO_HAND, size)
    cards = assert_every_corner_seen(page, *PHONE)
    rows = int(page.get_attribute("[data-hand]", "data-rows"))
    assert rows == (1 if size <= 12 else 2), rows
    # Right to left, every other card; then the rest left to right: any order selects the card tapped.
    first = list(range(size - 1, -1, -2))
    select_each(page, first, touch=True)
    assert_every_corner_seen(page, *PHONE)
    shot(page, f"buraco_hand_{size}_phone")
    select_each(page, [i for i in range(size) if i not in first], touch=True)
    cards = assert_every_corner_seen(page, *PHONE)
    assert all(c["pressed"] == "true" for c in cards)
    page.screenshot(path=f"/tmp/thumb_buraco_{size}.png")
    # The whole hand lies above the action buttons, which stay in view.
    buttons = page.evaluate("() => document.getElementById('actions').getBoundingClientRect().bottom")
    assert buttons <= PHONE[1]
    ctx.close()


def test_the_hand_sorts_by_rank_and_back_by_suit(server, browser):
    ctx, page, code, _ = at_my_turn(browser, server, "sort", "buraco", viewport=PHONE, touch=True)
    snap = grow_hand(page, server, code, BURACO_HAND, 20)
    shown = [c["code"] for c in hand_boxes(page)]
    suits, ranks = "CDHS", "A23456789TJQK"
    assert shown == sorted(snap["view"]["hand"], key=lambda c: (suits.index(c[1]), ranks.index(c[0])))
    page.tap("[data-hand-sort]")
    page.wait_for_selector("[data-hand-sort='rank']")
    by_rank = [c["code"] for c in assert_every_corner_seen(page, *PHONE)]
    assert by_rank == sorted(shown, key=lambda c: (ranks.index(c[0]), suits.index(c[1])))
    # A card tapped in the new order is the card selected (the index it carries is the view's).
    select_each(page, [0, len(by_rank) - 1], touch=True)
    pressed = page.evaluate(
        "() => [...document.querySelectorAll('[data-hand] [aria-pressed=true]')].map((c) => Number(c.dataset.index))"
    )
    assert sorted(snap["view"]["hand"][i] for i in pressed) == sorted([by_rank[0], by_rank[-1]])
    # The choice is kept: a reload shows the hand by rank.
    page.reload()
    wait_snapshot(page, "s.view.hand.length === 20")
    assert [c["code"] for c in hand_boxes(page)] == by_rank
    page.tap("[data-hand-sort]")
    page.wait_for_selector("[data-hand-sort='suit']")
    assert [c["code"] for c in hand_boxes(page)] == shown
    ctx.close()


def test_a_long_buraco_hand_on_a_desktop_keeps_one_row(server, browser):
    ctx, page, code, _ = at_my_turn(browser, server, "wide", "buraco", viewport=DESKTOP)
    grow_hand(page, server, code, BURACO_HAND, 24)
    assert page.get_attribute("[data-hand]", "data-rows") == "1"
    select_each(page, [23, 0, 12, 5], touch=False)
    assert_every_corner_seen(page, *DESKTOP)
    page.screenshot(path="/tmp/thumb_buraco_desktop.png")
    shot(page, "buraco_hand_24_desktop")
    ctx.close()


def test_crazy_eights_after_long_draws_on_a_phone(server, browser):
    ctx, page, code, _ = at_my_turn(browser, server, "ce", "crazy_eights", viewport=PHONE, touch=True)
    snap = grow_hand(page, server, code, CRAZY_EIGHTS_HAND, 20)
    cards = assert_every_corner_seen(page, *PHONE)
    playable = {m["card"] for m in snap["legal"] if m["type"] == "play"}
    # Each playable card, tapped at its visible part, is the one lifted (right to left).
    taps = [i for i in range(len(cards) - 1, -1, -1) if cards[i]["code"] in playable]
    assert taps
    for position in taps:
        card = hand_boxes(page)[position]
        tap_visible_part(page, card, touch=True)
        page.wait_for_function(
            "(code) => { const c = document.querySelector('[data-hand] [aria-pressed=true]'); return !!c && c.dataset.card === code; }",
            arg=card["code"],
        )
        assert_every_corner_seen(page, *PHONE)
    page.screenshot(path="/tmp/thumb_ce_20.png")
    shot(page, "crazy_eights_hand_20_phone")
    ctx.close()
