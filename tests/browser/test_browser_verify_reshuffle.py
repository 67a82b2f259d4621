"""The verify page replays a Crazy Eights hand in the browser and checks every pile reshuffle."""

import json

import pytest
from conftest import logged_in, shot, unique

from tests.live import make_users, manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

# Played through the service layer in one shell: a person (automatic moves) and three easy bots,
# target 1 so that a match is a hand or two. Easy bots let the stock run out in most hands; a match
# is kept when one of its hands had a reshuffle followed by a play of a card not just drawn. Every
# hand is then replayed with the engine (games.fair.replay) to count its reshuffles independently
# of the recorded state, and the first such play gives the move the test alters.
PLAY = """
import json
from django.contrib.auth import get_user_model
from games import fair, registry
from rooms import services
from tests.rooms.helpers import engine_options, play_match

u = get_user_model().objects.get(username=NAME)
engine = registry.get("crazy_eights")


def examine(match):
    hands, target = [], None
    for position, hand in enumerate(match.hands.order_by("number")):
        key = fair.stream_key(match.seed, match.client_seeds)
        final = fair.replay("crazy_eights", len(hand.seat_map), hand.dealer, hand.options, key, hand.moves,
                            hand=hand.number)
        assert final["reshuffles"] == hand.state["reshuffles"]
        hands.append({"number": hand.number, "reshuffles": final["reshuffles"], "moves": len(hand.moves)})
        state = engine.deal(len(hand.seat_map), hand.dealer, list(hand.deck), hand.options, seed=key, hand=hand.number)
        for index, entry in enumerate(hand.moves):
            move = entry["move"]
            if target is None and state["reshuffles"] and state["drawn"] is None and move["type"] == "play":
                held = state["hands"][entry["seat"]]
                other = next(c for h in state["hands"] for c in h if c not in held)
                target = {"position": position, "number": hand.number, "index": index, "card": move["card"],
                          "replacement": other, "k": state["reshuffles"]}
            state = engine.apply(state, entry["seat"], move)
    return hands, target


for attempt in range(12):
    room = engine_options(services.create_room(u, "crazy_eights", "Reshuffles", time_limit=None, seat_count=4),
                          target=1)
    for seat in (1, 2, 3):
        services.add_bot(u, room.code, seat, "easy")
    services.start_match(u, room.code)
    play_match(room, u)
    match = room.matches.get()
    hands, target = examine(match)
    if target is not None:
        break
print("JSON" + json.dumps({"match": match.id, "verify_url": match.verify_url, "status": match.status, "hands": hands, "target": target}))
"""


@pytest.fixture(scope="module")
def reshuffled(server):
    """A finished Crazy Eights match with at least one reshuffle. Returns (username, facts)."""
    name = unique("resh")
    make_users(server.env, name)
    out = manage_shell(server.env, f"NAME = {name!r}\n" + PLAY)
    facts = json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])
    assert facts["target"] is not None, f"no reshuffle followed by a play in 12 matches: {facts}"
    assert facts["status"] == "over"
    return name, facts


def test_the_verify_page_replays_every_reshuffle_and_reports_an_altered_move(
    server, browser, chromium_path, reshuffled
):
    name, facts = reshuffled
    total = sum(h["reshuffles"] for h in facts["hands"])
    assert total >= 1  # the engine's own replay found the stock reshuffled at least once
    context, page, _ = logged_in(browser, server, name)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + facts["verify_url"])
    page.wait_for_selector("#summary[data-ok]")
    assert page.get_attribute("#summary", "data-ok") == "1"
    # Every reshuffle of every hand, recomputed and replayed in the browser, agrees.
    for hand in facts["hands"]:
        section = f".verify-hand[data-hand='{hand['number']}']"
        assert page.locator(f"{section} .verify-reshuffle").count() == hand["reshuffles"]
        assert page.locator(f"{section} .verify-reshuffle[data-ok='1']").count() == hand["reshuffles"]
        assert page.get_attribute(f"{section} .verify-moves", "data-ok") == "1"
    assert page.locator(".verify-reshuffle[data-ok='0']").count() == 0
    target = facts["target"]
    first = page.locator(f".verify-hand[data-hand='{target['number']}'] .verify-reshuffle[data-k='1']")
    assert f"hand:{target['number']}:reshuffle:1" in first.inner_text()
    assert "✔" in first.inner_text()
    # The new stock is shown card by card.
    first.locator("summary").click()
    assert first.locator(".card").count() >= 1
    shot(page, "verify_reshuffle")
    page.screenshot(path="/tmp/verify_reshuffle_ok.png", full_page=True)

    # The same page with one logged play changed to a card that seat did not hold at that point.
    def alter(route):
        data = json.loads(route.fetch().text())
        move = data["hands"][target["position"]]["moves"][target["index"]]["move"]
        assert move["card"] == target["card"]
        move["card"] = target["replacement"]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(data))

    page.route("**/verify.json", alter)
    page.reload()
    page.wait_for_selector("#summary[data-ok]")
    assert page.get_attribute("#summary", "data-ok") == "0"
    section = f".verify-hand[data-hand='{target['number']}']"
    bad = page.locator(f"{section} .verify-reshuffle[data-ok='0']")
    assert bad.count() >= 1
    # The reshuffle before the altered move is the one reported, with the move and its seat.
    assert bad.first.get_attribute("data-k") == str(target["k"])
    assert "does NOT hold" in bad.first.inner_text()
    assert f"move {target['index'] + 1}:" in bad.first.inner_text()
    assert page.get_attribute(f"{section} .verify-moves", "data-ok") == "0"
    assert page.get_attribute(f"{section} .verify-moves", "data-move") == str(target["index"])
    # The deal itself still matches, and the server's own replay (computed before the change) agrees:
    # the mismatch was found in this browser.
    assert page.locator(".verify-card[data-ok='0']").count() == 0
    assert page.locator(f"{section} .server-check.check--ok").count() == 1
    page.screenshot(path="/tmp/verify_reshuffle_bad.png", full_page=True)
    page.unroute("**/verify.json")

    # A recorded end of hand that differs from the replay (one card of the final stock or pile).
    def alter_end(route):
        data = json.loads(route.fetch().text())
        final = data["hands"][target["position"]]["final"]
        final["discard"] = list(reversed(final["discard"])) if len(final["discard"]) > 1 else ["XX"]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(data))

    page.route("**/verify.json", alter_end)
    page.reload()
    page.wait_for_selector("#summary[data-ok]")
    assert page.get_attribute("#summary", "data-ok") == "0"
    assert page.get_attribute(f"{section} .verify-moves", "data-ok") == "0"
    assert "discard" in page.inner_text(f"{section} .verify-moves")
    page.unroute("**/verify.json")

    # In Portuguese.
    context.add_cookies([{"name": "django_language", "value": "pt-br", "domain": "127.0.0.1", "path": "/"}])
    page.reload()
    page.wait_for_selector("#summary[data-ok='1']")
    assert "Reembaralhamento 1" in first.inner_text()
    assert "exatamente como a semente determina" in page.inner_text("#summary")
    page.screenshot(path="/tmp/verify_reshuffle_pt.png", full_page=True)
    assert errors == []
    context.close()
