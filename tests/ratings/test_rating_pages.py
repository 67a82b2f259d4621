"""The leaderboard and the profile's ratings render, from stored results, with any name as text."""

import re

import pytest

from ratings import board, chart
from ratings.models import Rating
from rooms.records import participants
from rooms.records.participants import record_match_end
from tests.hostile import MARKUP
from tests.ratings.conftest import ended_match

pytestmark = pytest.mark.django_db


def _play(winner, loser, times: int):
    for _ in range(times):
        record_match_end(ended_match("rouba_monte", {0: winner, 1: loser}, ["0"]), teams=False)


@pytest.fixture
def hostile_board(people, client):
    """p0 (named with markup) beats p1 six times; p2 has played only once."""
    p0, p1, p2 = people[:3]
    p0.display_name = MARKUP
    p0.save()
    _play(p0, p1, board.MIN_MATCHES + 1)
    _play(p2, p1, 1)
    return p0, p1, p2


def test_the_leaderboard_lists_the_rated_in_order_and_the_readers_place(hostile_board, client):
    p0, p1, p2 = hostile_board
    client.force_login(p1)
    page = client.get("/leaderboards/rouba_monte/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert MARKUP not in page and "&lt;script&gt;alert(" in page
    rows = re.findall(r'<td class="num">(\d+)</td><th scope="row">(.*?)</th><td class="num">(-?\d+)</td>', page)
    shown = {r.user.username: r.shown for r in Rating.objects.filter(game="rouba_monte").select_related("user")}
    assert [(place, value) for place, _name, value in rows] == [
        ("1", str(shown["p0"])),
        ("2", str(shown["p1"])),
    ]  # p2 has fewer than MIN_MATCHES rated matches: not listed
    assert "You are number 2 of 2 listed." in page
    client.force_login(p2)
    page = client.get("/leaderboards/rouba_monte/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"Play {board.MIN_MATCHES - 1} more rated matches to be listed." in page


def test_the_leaderboard_page_speaks_portuguese_and_refuses_unknown_games(hostile_board, client):
    client.force_login(hostile_board[1])
    page = client.get("/leaderboards/rouba_monte/", HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "Classificação" in page
    assert client.get("/leaderboards/<script>/").status_code == 404
    assert client.get("/leaderboards/").status_code == 302


def test_the_profile_shows_each_rating_with_its_history_chart(hostile_board, client):
    p0 = hostile_board[0]
    client.force_login(p0)
    page = client.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert MARKUP not in page
    svg = re.search(r'<svg class="rating-chart".*?</svg>', page, re.S).group(0)
    values = chart.history(p0, "rouba_monte")
    assert len(values) == board.MIN_MATCHES + 2 and values[0] == 1000 and values == sorted(values)
    assert f'points="{chart.points(values)["points"]}"' in svg
    assert Rating.objects.get(user=p0, game="rouba_monte").shown == values[-1]
    assert f"{values[-1]}</h3>" in page.replace("</a>: ", "")


def test_a_chart_needs_two_values_and_stays_inside_its_box():
    assert chart.points([1000]) is None
    drawn = chart.points([1000, 1200, 900])
    for pair in drawn["points"].split():
        x, y = map(float, pair.split(","))
        assert 0 <= x <= drawn["width"] and 0 <= y <= drawn["height"]
    assert (float(drawn["last_x"]), float(drawn["last_y"])) == tuple(map(float, drawn["points"].split()[-1].split(",")))
    assert [tick["value"] for tick in drawn["axis"]] == ["1200", "1050", "900"]


@pytest.mark.parametrize(("language", "label"), [("pt-br", "de 1000 a 864"), ("en", "from 1000 to 864")])
def test_the_chart_is_drawn_alike_in_both_languages_and_says_a_fall_as_a_fall(client, make_user, language, label):
    """pt-BR once drew the last point at ``cx="312,0"`` (a decimal comma in SVG) and said "de 864 a 1000"."""
    from tests.ratings.conftest import ended_match

    user = make_user("falls")
    for _ in range(3):
        participants.record_match_end(ended_match("rouba_monte", {0: user, 1: "hard"}, ["1"]), False)
    values = chart.history(user, "rouba_monte")
    drawn = chart.points(values)
    client.force_login(user)
    page = client.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    svg = re.search(r'<svg class="rating-chart".*?</svg>', page, re.S).group(0)
    cx = re.search(r'class="rating-chart__last" cx="([^"]+)" cy="([^"]+)"', svg)
    assert (cx.group(1), cx.group(2)) == (drawn["last_x"], drawn["last_y"])
    assert float(cx.group(1)) > drawn["width"] / 2  # the newest point is on the right
    assert "," not in cx.group(1) + cx.group(2)
    assert values[0] == 1000 and values[-1] < 1000
    assert label.replace("864", str(values[-1])) in svg
