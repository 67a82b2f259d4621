"""A rating you see move: the result dialog, the profile and the player page, at 1280x800 and 390x844 (touch).

The change was never shown (a rating went 1000 → 864 without a word), the
profile was 635 px wide on a 390 px phone, and a three-game Stealing Bundles
match showed only its last game's points beside "the match ends in a tie".
"""

import json

import pytest
from conftest import (
    create_room,
    logged_in,
    no_horizontal_scroll,
    result_at_both_sizes,
    shot,
    table_rows,
    unique,
    wait_snapshot,
)

from tests.live import manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PHONE = {"viewport": (390, 844), "touch": True}


def finished_match(server, host: str, game: str, **options) -> dict:
    """A rated match of ``host`` and an easy bot, played to its end through the services."""
    code = (
        "import json\n"
        "from django.contrib.auth import get_user_model\n"
        "from ratings.models import RatingChange\n"
        "from rooms import services\n"
        "from tests.rooms.helpers import engine_options, play_match\n"
        f"u = get_user_model().objects.get(username={host!r})\n"
        f"r = engine_options(services.create_room(u, {game!r}, 'Ranqueada', time_limit=None), **{options!r})\n"
        "services.add_bot(u, r.code, 1, 'easy')\n"
        "services.start_match(u, r.code)\n"
        "play_match(r, u)\n"
        "r.refresh_from_db()\n"
        "m = r.matches.get()\n"
        "c = RatingChange.objects.get(match=m, user=u)\n"
        "print('JSON' + json.dumps({'code': r.code, 'user': u.id, 'before': c.shown_before, 'after': c.shown_after,"
        " 'status': r.status, 'totals': m.totals, 'winners': m.winners}))\n"
    )
    out = manage_shell(server.env, code)
    return json.loads(next(line[4:] for line in out.splitlines() if line.startswith("JSON")))


def fits(page) -> bool:
    """Nothing wider than the viewport asked for: a phone's layout viewport widens to fit, so innerWidth is not enough."""
    width = page.viewport_size["width"]
    return page.evaluate("() => document.documentElement.scrollWidth") <= width and no_horizontal_scroll(page)


def signed(delta: int) -> str:
    return f"+{delta}" if delta > 0 else f"\u2212{-delta}" if delta < 0 else "\u00b10"


def test_the_result_dialog_shows_each_persons_rating_change_and_new_value(server, browser):
    name = unique("rchg")
    context, page, _ = logged_in(browser, server, name)
    match = finished_match(server, name, "rouba_monte")
    assert match["status"] == "match_over"
    page.goto(f"{server.base}/rooms/{match['code']}/")
    snap = wait_snapshot(page, "s.room.status === 'match_over' && s.room.match && s.room.match.ratings.length")
    changes = snap["room"]["match"]["ratings"]
    assert [(c["user_id"], c["before"], c["after"]) for c in changes] == [
        (match["user"], match["before"], match["after"])
    ]
    rows = table_rows(page, "#result table.result__ratings tbody tr")
    assert rows == [[f"{name} (you)", signed(match["after"] - match["before"]), str(match["after"])]], rows
    link = page.get_attribute("#result table.result__ratings a", "href")
    assert link == f"/players/{match['user']}/"
    seat_link = page.get_attribute(".seat--me a.seat__rating", "href")
    assert seat_link == link
    result_at_both_sizes(page, "rating_change_dialog")
    page.goto(f"{server.base}{link}")
    assert page.inner_text("h1") == name
    assert "@" not in page.inner_text("main")  # no e-mail, nothing private
    context.close()


CHART_JS = """() => {
  const svg = document.querySelector('svg.rating-chart');
  const box = svg.viewBox.baseVal;
  const dot = svg.querySelector('circle.rating-chart__last');
  const points = svg.querySelector('polyline').getAttribute('points').trim().split(/\\s+/).map((p) => p.split(',').map(Number));
  const inside = ([x, y]) => Number.isFinite(x) && Number.isFinite(y) && x >= 0 && y >= 0 && x <= box.width && y <= box.height;
  const last = [dot.cx.baseVal.value, dot.cy.baseVal.value];
  const r = svg.getBoundingClientRect();
  return {inside: points.every(inside) && inside(last), lastIsLastPoint: JSON.stringify(last) === JSON.stringify(points[points.length - 1]),
          cx: dot.getAttribute('cx'), right: r.right, width: window.innerWidth};
}"""


@pytest.mark.parametrize("language", ["pt-br", "en"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_profile_shows_the_change_and_its_chart_inside_its_box_without_sideways_scroll(
    server, browser, language, size
):
    name = unique("rprof")
    context, page, _ = logged_in(browser, server, name, **(PHONE if size == "phone" else {}))
    context.add_cookies([{"name": "django_language", "value": language, "domain": "127.0.0.1", "path": "/"}])
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    match = finished_match(server, name, "rouba_monte")
    page.goto(f"{server.base}/accounts/profile/")
    delta = match["after"] - match["before"]
    shown = page.inner_text(".match-rating")
    assert shown.startswith(signed(delta)) and str(match["after"]) in shown, shown
    chart = page.evaluate(CHART_JS)
    assert chart["inside"] and chart["lastIsLastPoint"] and "," not in chart["cx"], chart
    assert chart["right"] <= page.viewport_size["width"], chart
    assert fits(page)
    assert errors == []
    shot(page, f"rating_profile_{language}_{size}")
    page.click("[data-player-page]")
    assert page.inner_text("h1") == name
    assert fits(page)
    shot(page, f"rating_player_{language}_{size}")
    context.close()


def test_a_stealing_bundles_match_of_three_games_shows_games_won_per_seat(server, browser):
    name = unique("rsb")
    context, page, _ = logged_in(browser, server, name)
    match = finished_match(server, name, "stealing_bundles", match_games=3)
    page.goto(f"{server.base}/rooms/{match['code']}/")
    snap = wait_snapshot(page, "s.room.status === 'match_over' && !!s.room.history")
    strings = page.evaluate("() => JSON.parse(document.getElementById('mesa-strings').textContent)")
    head = table_rows(page, "#result table.breakdown thead tr")[0]
    assert head[-1] == strings["game"]["games_won"] == "Games won in the match", head
    assert strings["game"]["last_game_cards"] in head
    rows = {row[0]: row[-1] for row in table_rows(page, "#result table.breakdown tbody tr")}
    seats = {str(s["index"]): s["name"] for s in snap["room"]["seats"] if s["name"]}
    totals = match["totals"]
    assert sum(int(totals[k]) for k in seats) >= 3  # every game gave a point to each of its winners
    for key, seat_name in seats.items():
        # The reader's seat is named as in every table of the dialog: "name (you)".
        label = seat_name if key != "0" else f"{seat_name} ({strings['you']})"
        assert rows[label] == str(totals[key]), (rows, totals)
    won = page.eval_on_selector_all("#result table.breakdown tbody tr.won", "els => els.length")
    assert won == len(match["winners"])
    result_at_both_sizes(page, "stealing_bundles_games_won")
    context.close()


def test_the_host_ends_a_buraco_match_early_from_the_table_and_the_dialog_says_so(server, browser):
    name = unique("rend")
    context, page, _ = logged_in(browser, server, name, **PHONE)
    code = create_room(server, name, "buraco", bots=3, start=True)
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "s.room.status === 'playing'")
    page.click("#host-controls [data-action=end_match]")
    page.wait_for_selector("#confirm:not([hidden])")
    assert "counts as leaving it for you" in page.inner_text("#confirm-text")
    page.click("#confirm-yes")
    snap = wait_snapshot(page, "s.room.status === 'match_over' && s.room.match && s.room.match.ended_early")
    assert page.inner_text("#result .result__winners") == "The host ended the match early."
    rows = table_rows(page, "#result table.result__ratings tbody tr")
    mine = snap["room"]["match"]["ratings"]
    assert len(mine) == 1 and mine[0]["left"] and mine[0]["delta"] < 0
    assert rows == [[f"{name} (you) (left)", signed(mine[0]["delta"]), str(mine[0]["after"])]], rows
    # The events travel in the snapshot that changed them, not in every later one: read what the table kept.
    page.wait_for_function("() => (window.mesaTable.roomEvents || []).some((e) => e.code === 'match_ended')")
    assert fits(page)
    shot(page, "match_ended_early_phone")
    context.close()
