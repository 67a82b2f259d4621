"""The "Dica" at a casual Rouba Monte table with bots, on a desktop and a touch phone: the button, the
highlight of the suggested cards, the reason in words, its end when you move; not offered in rated rooms."""

import pytest
from conftest import at_my_turn, no_horizontal_scroll, shot, wait_snapshot
from contrast import contrast_failures

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SIZES = [pytest.param((1280, 800), False, id="desktop"), pytest.param((390, 844), True, id="phone")]

MARKED_JS = """() => [...document.querySelectorAll('.hinted')].map((n) => {
  if (n.closest('#hand')) return 'hand:' + n.dataset.card;
  if (n.closest('#centre')) return 'centre:' + n.dataset.card;
  if (n.matches('.seat')) return 'seat:' + n.dataset.seat;
  return n.id;
})"""


def press(page, selector: str, touch: bool) -> None:
    page.tap(selector) if touch else page.click(selector)


@pytest.mark.parametrize(("viewport", "touch"), SIZES)
def test_a_hint_highlights_the_move_says_why_and_clears_when_you_play(server, browser, viewport, touch):
    ctx, page, _code, snap = at_my_turn(
        browser, server, "dica", "rouba_monte", viewport=viewport, touch=touch, rated=False
    )
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    ask = page.locator("[data-advice-ask]")
    assert ask.is_visible() and ask.is_enabled()
    assert ask.inner_text() == "Hint (3 left)"
    press(page, "[data-advice-ask]", touch)
    page.wait_for_selector("[data-advice-text]:not([hidden])")
    page.wait_for_function("() => document.querySelectorAll('.hinted').length > 0")
    words = page.inner_text("[data-advice-text]")
    assert page.get_attribute("[data-advice-text]", "role") == "status"
    marked = page.evaluate(MARKED_JS)
    hand_marks = [m for m in marked if m.startswith("hand:")]
    assert len(hand_marks) == 1 and hand_marks[0][5:] in snap["view"]["hand"], marked
    card = hand_marks[0][5:]
    # The words match what is highlighted: a take names its target, a discard says "Discard".
    legal = [m for m in snap["legal"] if m["card"] == card]
    kinds = {m["type"] for m in legal}
    if any(m.startswith("centre:") for m in marked):
        assert "capture" in kinds and words.startswith("Take ")
    elif any(m.startswith("seat:") for m in marked):
        assert "steal" in kinds and words.startswith("Steal ")
    else:
        assert "discard" in marked and "discard" in kinds and words.startswith("Discard ")
    wait_snapshot(page, "s.you.hints_left === 2")
    page.wait_for_function("() => document.querySelector('[data-advice-ask]').textContent === 'Hint (2 left)'")
    page.wait_for_function("() => document.querySelector('#log').textContent.includes('asked for a hint')")
    assert not contrast_failures(page, "#me")
    assert no_horizontal_scroll(page)
    shot(page, f"hint_rouba_monte_{'phone' if touch else 'desktop'}")

    # Playing the suggested move: the highlight and the words go.
    press(page, f'#hand .card[data-card="{card}"]', touch)
    target = next(m for m in marked if not m.startswith("hand:"))
    if target.startswith("centre:"):
        press(page, f'#centre [data-target="centre:{target[7:]}"]', touch)
    elif target.startswith("seat:"):
        steal = next(m for m in legal if m["type"] == "steal")
        press(page, f'.seat [data-target="pile:{steal["from"]}:0"]', touch)
    else:
        press(page, "#discard", touch)
    wait_snapshot(page, f"s.version > {snap['version']}")
    page.wait_for_function("() => !document.querySelector('.hinted')")
    assert page.is_hidden("[data-advice-text]")
    assert not errors
    ctx.close()


def test_a_rated_room_offers_no_hint(server, browser):
    ctx, page, _code, _snap = at_my_turn(browser, server, "dicar", "rouba_monte", rated=True)
    assert page.locator("[data-advice], [data-advice-ask]").count() == 0
    ctx.close()


CATCH_JS = """() => {
  const t = window.mesaTable; const inner = t.receive; window.hintFrames = [];
  t.receive = (m) => { if (m && m.type === 'hint') window.hintFrames.push(m); inner(m); };
}"""


@pytest.mark.parametrize("game", ["crazy_eights", "buraco", "stealing_bundles"])
def test_every_game_highlights_each_place_the_hint_names(server, browser, game):
    ctx, page, _code, _snap = at_my_turn(browser, server, "dicag", game, rated=False)
    page.evaluate(CATCH_JS)
    page.click("[data-advice-ask]")
    page.wait_for_function("() => window.hintFrames.length === 1")
    frame = page.evaluate("() => window.hintFrames[0]")
    page.wait_for_function(f"() => document.querySelectorAll('.hinted').length === {len(frame['marks'])}")
    assert page.inner_text("[data-advice-text]") == frame["text"]["en"]
    shot(page, f"hint_{game}_desktop")
    ctx.close()


def test_the_hint_speaks_portuguese_on_a_phone(server, browser):
    ctx, page, _code, _snap = at_my_turn(
        browser, server, "dicapt", "rouba_monte", viewport=(390, 844), touch=True, rated=False
    )
    ctx.add_cookies([{"name": "django_language", "value": "pt-br", "domain": "127.0.0.1", "path": "/"}])
    page.reload()
    wait_snapshot(page, "s.you.hints_left === 3 && s.room.seats[s.you.seat].turn")
    page.wait_for_function("() => document.querySelector('[data-advice-ask]').textContent === 'Dica (3 restantes)'")
    page.tap("[data-advice-ask]")
    page.wait_for_selector("[data-advice-text]:not([hidden])")
    words = page.inner_text("[data-advice-text]")
    assert words.split()[0] in ("Leva", "Rouba", "Descarta"), words
    page.wait_for_function("() => document.querySelector('#log').textContent.includes('pediu uma dica')")
    assert no_horizontal_scroll(page)
    shot(page, "hint_rouba_monte_phone_pt")
    ctx.close()
