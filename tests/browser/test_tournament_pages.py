"""A tournament seen by two players, one on a phone (390x844, touch) and one at a desk (1280x800).

The server is the embedded one: its beat runs the arena's pass every few
seconds, so joining, being seated, the table's end and the finish happen as
they do for real. Each player joins from the tournament's page, is taken to
their table when seated, plays the deal, is sent back to the tournament page,
and sees the podium once the tournament is over. Screenshots go to /tmp.
"""

import pytest

from tests.browser.conftest import logged_in, no_horizontal_scroll, unique
from tests.live import manage_shell

pytestmark = pytest.mark.browser

PHONE = (390, 844)
DESK = (1280, 800)
MOVE_JS = "() => { const t = window.mesaTable; const s = t && t.snapshot; if (s && s.legal && s.legal.length && s.room.status === 'playing') { t.move(s.legal[0]); return s.version; } return null; }"
STATUS_JS = "() => { const s = window.mesaTable && window.mesaTable.snapshot; return s ? s.room.status : null; }"


def create_tournament(server, name: str) -> int:
    code = (
        "from tournaments import services\n"
        f"t = services.create(None, 'rouba_monte', 10, name={name!r}, time_limit=120)\n"
        "print('ID', t.id)\n"
    )
    out = manage_shell(server.env, code)
    return int(next(x for x in out.splitlines() if x.startswith("ID")).split()[1])


def end_now(server, tournament_id: int) -> None:
    """Move the tournament's clock back so that it is over: the beat's next pass ends it."""
    code = (
        "from datetime import timedelta\n"
        "from django.db.models import F\n"
        "from tournaments.models import Tournament\n"
        f"Tournament.objects.filter(pk={tournament_id}).update(starts_at=F('starts_at') - timedelta(minutes=11))\n"
    )
    manage_shell(server.env, code)


def look(page, name: str) -> None:
    page.screenshot(path=f"/tmp/{name}.png", full_page=True)


def test_join_be_seated_play_come_back_and_see_the_podium_on_a_phone_and_a_desk(server, browser):
    title = unique("Arena")
    tournament = create_tournament(server, title)
    url = f"{server.base}/tournaments/{tournament}/"
    phone_ctx, phone, phone_user = logged_in(browser, server, unique("tp"), viewport=PHONE, touch=True)
    desk_ctx, desk, desk_user = logged_in(browser, server, unique("td"), viewport=DESK)
    errors = []
    for page in (phone, desk):
        page.on("pageerror", lambda e: errors.append(str(e)))

    # The lobby teases it, the list shows it; its page carries every hook, fits the phone and offers to join.
    # (The teaser shows the first three running or coming: earlier tests' and the schedule's may come first.)
    for path in ("/lobby/", "/"):
        phone.goto(f"{server.base}{path}")
        assert 1 <= phone.locator("[data-tournament-teaser] [data-tournament-card]").count() <= 3
        assert phone.locator("[data-tournament-teaser] a[href='/tournaments/']").count() == 1
        assert no_horizontal_scroll(phone)
        if path == "/lobby/":
            look(phone, "tournament_phone_lobby")
    phone.goto(f"{server.base}/tournaments/")
    assert phone.locator(f"[data-tournament-card='{tournament}']").count() == 1
    assert no_horizontal_scroll(phone)
    look(phone, "tournament_phone_list")
    desk.goto(f"{server.base}/tournaments/new/")
    desk.select_option("[name=game]", "buraco")
    assert desk.is_visible("[data-field=target]") and desk.is_hidden("[data-field=variations]")
    assert desk.locator("[name=table_size] option:not([disabled])").all_inner_texts() == ["4"]
    look(desk, "tournament_desk_form")
    phone.goto(url)
    for hook in ("[data-tournament-countdown]", "[data-tournament-standings]", "[data-tournament-join]"):
        assert phone.locator(hook).count() == 1, hook
    assert phone.locator(f"[data-tournament='{tournament}']").count() == 1
    join = phone.locator("[data-tournament-join]")
    box = join.bounding_box()
    assert box["height"] >= 40 and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0]
    assert no_horizontal_scroll(phone)
    look(phone, "tournament_phone_before")

    # Both join; the page says what happens next and the standings list them.
    join.tap()
    phone.wait_for_selector("[data-tournament-withdraw]:visible")
    assert phone.locator(f"[data-tournament-player='{phone_user['id']}']").count() == 1
    state = phone.inner_text("[data-tournament-state]")
    assert "seated" in state or "Waiting" in state, state
    desk.goto(url)
    desk.click("[data-tournament-join]")
    # The beat pairs them: each page offers the table, counts down and goes there.
    phone.wait_for_selector("[data-tournament-go]:not([hidden])", timeout=30000)
    assert "Table 1" in phone.inner_text("[data-tournament-go]")
    assert no_horizontal_scroll(phone)
    look(phone, "tournament_phone_seated")
    for page in (phone, desk):
        page.wait_for_url("**/rooms/*/", timeout=30000)
        page.wait_for_selector(f"[data-tournament-table='{tournament}']")
        page.wait_for_function(f"() => ({STATUS_JS})() === 'playing'", timeout=30000)
    assert no_horizontal_scroll(phone)
    look(phone, "tournament_phone_table")
    # Two players at Rouba Monte's four seats: the other two are closed, neither drawn nor to sit in;
    # the opponent sits across the felt, as at a table of two.
    assert phone.locator("#table [data-action=sit]").count() == 0
    assert phone.locator("#table .seat--empty").count() == 0
    assert phone.locator("#seats-top .seat").count() == 1
    assert phone.locator("#seats-left .seat, #seats-right .seat").count() == 0
    assert desk.locator("#table .seat--empty").count() == 0 and desk.locator("#seats-top .seat").count() == 1
    look(desk, "tournament_desk_table")

    # They play the deal (each plays a legal move at their turn) to the match's end.
    for _ in range(1000):
        if "match_over" in (phone.evaluate(STATUS_JS), desk.evaluate(STATUS_JS)):
            break
        moved = False
        for page in (phone, desk):
            version = page.evaluate(MOVE_JS)
            if version is not None:
                moved = True
                page.wait_for_function(f"() => window.mesaTable.snapshot.version > {version}")
        if not moved:
            phone.wait_for_timeout(100)  # neither to move yet: the server is answering the last move
    assert phone.evaluate(STATUS_JS) == "match_over" or desk.evaluate(STATUS_JS) == "match_over"

    # The table sends both back to the tournament page, waiting again, their points shown.
    for page in (phone, desk):
        page.wait_for_url(f"**/tournaments/{tournament}/", timeout=30000)
        page.wait_for_selector(f"[data-tournament-player='{phone_user['id']}']")
    scores = [int(s) for s in desk.locator(".standings__score").all_inner_texts()]
    assert sum(scores) >= 1 and scores == sorted(scores, reverse=True)
    look(desk, "tournament_desk_back")

    # The clock runs out: the podium shows on both pages, at both sizes, with no sideways scroll.
    end_now(server, tournament)
    for page in (phone, desk):
        page.wait_for_selector("[data-tournament-podium]", timeout=30000)
        assert page.locator("[data-podium-place]").count() == 2
        assert no_horizontal_scroll(page)
    look(phone, "tournament_phone_podium")
    look(desk, "tournament_desk_podium")
    # The same page in the site's first language.
    phone_ctx.add_cookies([{"name": "django_language", "value": "pt-br", "domain": "127.0.0.1", "path": "/"}])
    phone.reload()
    assert "Pódio" in phone.inner_text("[data-tournament-podium]")
    assert "Você terminou em 1º lugar." in phone.inner_text("[data-tournament-state]") or "2º" in phone.inner_text(
        "[data-tournament-state]"
    )
    look(phone, "tournament_phone_podium_pt")
    assert not errors, errors
    phone_ctx.close()
    desk_ctx.close()


def test_a_player_seated_while_on_another_page_is_told_there_and_taken_to_the_table(server, browser):
    title = unique("Arena")
    tournament = create_tournament(server, title)
    url = f"{server.base}/tournaments/{tournament}/"
    phone_ctx, phone, _phone_user = logged_in(browser, server, unique("tn"), viewport=PHONE, touch=True)
    desk_ctx, desk, _desk_user = logged_in(browser, server, unique("to"), viewport=DESK)
    errors = []
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(url)
    phone.locator("[data-tournament-join]").tap()
    phone.wait_for_selector("[data-tournament-withdraw]:visible")
    # The phone's player leaves for the friends page before anyone else has joined.
    phone.goto(f"{server.base}/friends/")
    desk.goto(url)
    desk.click("[data-tournament-join]")
    card = phone.wait_for_selector("[data-tournament-ready]", timeout=30000)
    assert "Table 1" in card.inner_text() or "table 1" in card.inner_text()
    assert no_horizontal_scroll(phone)
    look(phone, "tournament_phone_ready_elsewhere")
    phone.locator("[data-tournament-ready] a").tap()
    phone.wait_for_url("**/rooms/*/")
    phone.wait_for_selector(f"[data-tournament-table='{tournament}']")
    assert not errors, errors
    phone_ctx.close()
    desk_ctx.close()
