"""Who may open a match's replay (the page and its JSON), case by case, and what an ended match shows.

The rule (players/replay_views.py): only an ended match; a public room's for anyone,
signed out too; a private room's for the people who held a seat in it (those who left
too) and the staff who may read every match. Every refusal is the 404 of an unknown match.
"""

import json

import pytest
from django.contrib.auth.models import Permission

from players import erasure, replay_data
from rooms import services
from rooms.models import Match
from tests.players.matches import finished_match
from tests.records.conftest import play_until_moved
from tests.rooms.helpers import engine_options, play_hand, play_until_human

pytestmark = pytest.mark.django_db(transaction=True)


def urls(match) -> list[str]:
    return [f"/matches/{match.public_id}/replay/", f"/matches/{match.public_id}/replay.json"]


def statuses(client, match) -> list[int]:
    return [client.get(url).status_code for url in urls(match)]


@pytest.fixture
def moderator(make_user):
    user = make_user("moderator")
    user.is_staff = True
    user.save()
    user.user_permissions.add(Permission.objects.get(codename="view_match", content_type__app_label="rooms"))
    return user


@pytest.fixture
def bare_staff(make_user):
    user = make_user("bare_staff")
    user.is_staff = True
    user.save()
    return user


def test_a_public_match_is_for_anyone_signed_out_too(client, alice, charlie):
    match = finished_match(alice, "crazy_eights")
    assert statuses(client, match) == [200, 200]
    client.force_login(charlie)
    assert statuses(client, match) == [200, 200]
    page = client.get(urls(match)[0]).content.decode()
    assert "data-replay" in page and match.verify_url in page
    assert "data-replay-download" not in page  # the download is for the people who played it
    client.force_login(alice)
    assert "data-replay-download" in client.get(urls(match)[0]).content.decode()


def test_a_private_match_is_for_its_players_and_staff_only(client, alice, bob, charlie, moderator, bare_staff):
    match = finished_match(alice, "crazy_eights", public=False, people={1: bob})
    assert statuses(client, match) == [404, 404]  # signed out
    for person, expected in [(alice, 200), (bob, 200), (moderator, 200), (charlie, 404), (bare_staff, 404)]:
        client.force_login(person)
        assert statuses(client, match) == [expected, expected], person
    client.force_login(bob)
    assert client.get(urls(match)[1]).json()["your_seat"] == 2


def test_a_player_who_left_a_private_match_still_sees_it(client, alice, bob, charlie):
    room = services.create_room(alice, "crazy_eights", "Leave", time_limit=None)
    engine_options(room, target=20)
    room.is_public = False
    room.save(update_fields=["is_public"])
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "easy")
    services.start_match(alice, room.code)
    play_until_moved(room, {0: alice, 1: bob}, bob)
    services.leave(bob, room.code)
    for _ in range(40):
        play_hand(room, alice)
        room.refresh_from_db()
        if room.status != room.Status.HAND_OVER:
            break
        services.next_hand(alice, room.code)
    match = room.matches.get()
    assert match.status == Match.Status.OVER
    client.force_login(bob)
    assert statuses(client, match) == [200, 200]
    client.force_login(charlie)
    assert statuses(client, match) == [404, 404]


def test_a_match_in_play_has_no_replay_for_anybody(client, alice, moderator):
    room = services.create_room(alice, "crazy_eights", "Live", time_limit=None)
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    match = room.matches.get()
    for person in (None, alice, moderator):
        if person is not None:
            client.force_login(person)
        assert statuses(client, match) == [404, 404]
    assert client.get("/matches/no-such-match/replay/").status_code == 404
    with pytest.raises(ValueError):
        replay_data.document(match)


def test_an_unfinished_hand_of_an_ended_match_shows_no_card(client, alice):
    room = services.create_room(alice, "crazy_eights", "Stopped", time_limit=None)
    engine_options(room, target=1000)  # no match ends in its first hand
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    play_hand(room, alice)
    services.next_hand(alice, room.code)
    play_until_human(room)
    services.end_match(alice, room.code)
    match = room.matches.get()
    assert match.status == Match.Status.ABANDONED
    document = client.get(urls(match)[1]).json()
    first, second = document["hands"]
    assert first["finished"] and first["steps"]
    assert second["finished"] is False and second["steps"] == []
    assert set(second) == {"number", "finished", "note", "steps"}
    assert document["hand_list"] == [{"number": 1, "finished": True}, {"number": 2, "finished": False}]
    # One hand at a time, as the page loads them; a hand that is not there, or not a number, is refused.
    one = client.get(urls(match)[1], {"hand": "1"}).json()
    assert [h["number"] for h in one["hands"]] == [1] and one["hands"][0] == first
    assert client.get(urls(match)[1], {"hand": "3"}).status_code == 404
    assert client.get(urls(match)[1], {"hand": "x"}).status_code == 400
    unfinished = match.hands.get(number=2)
    # Nothing of the second hand's deal: no seat's cards, no stock order.
    assert json.dumps(unfinished.deck) not in json.dumps(document)


def test_a_deleted_account_is_shown_by_its_pseudonym(client, alice, bob):
    bob.display_name = "Bruno Verdadeiro"
    bob.save()
    match = finished_match(alice, "crazy_eights", people={1: bob})
    erasure.erase(bob)
    text = client.get(urls(match)[1]).content.decode()
    assert "Bruno Verdadeiro" not in text and "bob" not in text
    seats = replay_data.table_of(json.loads(text)["hands"][0], 0)["seats"]
    assert seats[1]["name"] and seats[1]["name"] != "?"


def test_a_replay_asked_again_is_not_rebuilt_and_an_erased_name_goes_with_the_cache(client, alice, bob):
    """The hands are kept a minute (players/replay_views.py): the engines run once for many readers."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    bob.display_name = "Bruno Verdadeiro"
    bob.save()
    match = finished_match(alice, "crazy_eights", people={1: bob})
    url = urls(match)[1]
    assert "Bruno Verdadeiro" in client.get(url, {"hand": "1"}).content.decode()
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, {"hand": "1"})
    assert again.status_code == 200
    assert not [q for q in queries.captured_queries if '"rooms_hand"."moves"' in q["sql"]]
    erasure.erase(bob)
    cache.clear()  # what a minute does
    assert "Bruno Verdadeiro" not in client.get(url, {"hand": "1"}).content.decode()
