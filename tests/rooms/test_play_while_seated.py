"""POST /play/ by a person seated at a live table: the way back first, a new table only on a second, explicit press."""

import pytest
from django.test import Client

from rooms import services
from rooms.models import Room, Seat

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def seated(alice):
    """Alice sits at her own (not quick-play) table, its match being played."""
    room = services.create_room(alice, "rouba_monte", "Mesa da Alice")
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    client = Client()
    client.force_login(alice)
    return client, Room.objects.get(pk=room.pk)


def test_the_first_press_offers_the_way_back_and_takes_no_seat(seated, alice):
    client, room = seated
    response = client.post("/play/", {"game": "buraco", "rated": "on"}, HTTP_ACCEPT_LANGUAGE="pt-br")
    assert response.status_code == 200
    page = response.content.decode()
    back = f'href="/rooms/{room.code}/"'
    assert back in page and "Voltar à sua mesa" in page
    # The way back comes first, the new table second, and that button says it plays anyway.
    assert page.index(back) < page.index("data-play-anyway")
    assert 'name="anyway" value="on"' in page
    assert Seat.objects.filter(user=alice).count() == 1
    assert Room.objects.count() == 1


def test_the_second_press_plays_a_new_table_anyway(seated, alice):
    client, room = seated
    response = client.post("/play/", {"game": "buraco", "rated": "on", "anyway": "on"})
    new = Room.objects.exclude(pk=room.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/rooms/{new.code}/"
    assert new.quick_play and new.rated and new.game == "buraco"
    assert Seat.objects.filter(user=alice).count() == 2


def test_between_matches_nothing_is_offered(alice):
    room = services.create_room(alice, "rouba_monte", "Mesa da Alice")
    Room.objects.filter(pk=room.pk).update(status=Room.Status.MATCH_OVER)
    client = Client()
    client.force_login(alice)
    response = client.post("/play/", {"game": "buraco"})
    assert response.status_code == 302
    assert Room.objects.count() == 2
