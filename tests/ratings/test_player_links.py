"""Names in the lists lead to each person's page; a deleted account reads as its pseudonym and links nowhere.

The result dialog's lines, the profile's list of matches and the leaderboard
link every person to /players/<id>/; an erased account has no page (it
answers 404), so its pseudonym is shown without a link.
"""

import pytest
from django.urls import reverse

from players import erasure
from players.records import recent_matches
from ratings import board, shown
from ratings.models import Rating
from rooms.records import participants
from tests.ratings.conftest import ended_match

pytestmark = pytest.mark.django_db


def test_a_deleted_account_has_no_link_where_everyone_else_has_one(client, people):
    p0, p1 = people[0], people[1]
    match = ended_match("rouba_monte", {0: p0, 1: p1}, ["0"], totals={"0": 30, "1": 20})
    match.players.add(p0, p1)  # as the deal records them
    participants.record_match_end(match, False)
    Rating.objects.filter(game="rouba_monte").update(matches=board.MIN_MATCHES)
    lines = {line["user_id"]: line["profile_url"] for line in shown.match_changes(match, True)}
    assert lines == {p0.id: reverse("player", args=[p0.id]), p1.id: reverse("player", args=[p1.id])}
    assert [n.url for n in recent_matches(p0)[0].opponents] == [reverse("player", args=[p1.id])]
    assert all(line.has_page for line in board.top("rouba_monte"))

    erasure.erase(p1)
    client.force_login(p0)
    assert client.get(reverse("player", args=[p1.id])).status_code == 404  # no page to lead to
    lines = {line["user_id"]: line["profile_url"] for line in shown.match_changes(match, True)}
    assert lines == {p0.id: reverse("player", args=[p0.id]), p1.id: None}
    opponents = recent_matches(p0)[0].opponents
    assert [n.url for n in opponents] == [""] and str(opponents[0]).startswith("Jogador ")
    by_user = {line.user_id: line.has_page for line in board.top("rouba_monte")}
    assert by_user == {p0.id: True, p1.id: False}
    page = client.get(reverse("ratings:leaderboard", args=["rouba_monte"])).content.decode()
    assert f'href="{reverse("player", args=[p0.id])}"' in page
    assert f'href="{reverse("player", args=[p1.id])}"' not in page
