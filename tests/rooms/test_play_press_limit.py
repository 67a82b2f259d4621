"""One person, one "Jogar agora" place: repeated presses neither open rooms nor hold seats in several.

A press while the person waits at a quick-play table, plays its undecided
match, or holds a reserved bot's seat goes back there (that game and kind) or
is refused with ``play_elsewhere`` (another); too many presses in a minute get
the 429 page. Nothing is created by a refused press.
"""

import pytest
from django.test import Client

from lobby import quick_play
from rooms import services
from rooms.errors import RoomError
from rooms.models import Room, Seat

pytestmark = pytest.mark.django_db


def places_of(user) -> int:
    return Seat.objects.filter(user=user).count() + Seat.objects.filter(reserved_by=user).count()


@pytest.mark.parametrize(("game", "rated"), [("buraco", True), ("rouba_monte", False)])
def test_a_press_for_another_game_or_kind_while_waiting_is_refused(alice, clock, game, rated):
    waiting = quick_play.play_now(alice, "rouba_monte", rated=True).room
    with pytest.raises(RoomError) as err:
        quick_play.play_now(alice, game, rated=rated)
    assert err.value.code == "play_elsewhere" and err.value.params == {"room": waiting.code}
    assert Room.objects.count() == 1 and places_of(alice) == 1


def test_a_press_while_playing_a_quick_match_is_refused_and_after_its_end_allowed(alice, clock):
    room = quick_play.play_now(alice, "rouba_monte", rated=True).room
    services.start_match(alice, room.code)  # the host's "start now": bots fill the seats
    with pytest.raises(RoomError):
        quick_play.play_now(alice, "buraco", rated=True)
    Room.objects.filter(pk=room.pk).update(status=Room.Status.MATCH_OVER)
    assert quick_play.play_now(alice, "buraco", rated=True).how == "new"


def running_room_with_bots(host, game="rouba_monte"):
    room = services.create_room(host, game, "Mesa", rated=True, time_limit=30)
    for index in range(1, room.seat_count):
        services.add_bot(host, room.code, index, "normal")
    services.connect(host, room.code, f"chan-{host.username}-{room.code}")
    services.start_match(host, room.code)
    return room


def test_a_reservation_is_one_place_however_often_the_person_presses(alice, bob, charlie, clock):
    first = running_room_with_bots(alice)
    running_room_with_bots(charlie)
    assert quick_play.play_now(bob, "rouba_monte", rated=True).how == "reserved"
    for _ in range(3):
        again = quick_play.play_now(bob, "rouba_monte", rated=True)
        assert again.how == "already" and again.room.pk == first.pk
    assert Seat.objects.filter(reserved_by=bob).count() == 1
    with pytest.raises(RoomError):
        quick_play.play_now(bob, "buraco", rated=True)
    assert not Room.objects.filter(quick_play=True).exists()


@pytest.fixture
def pressing(alice):
    client = Client()
    client.force_login(alice)
    return client


def test_the_page_names_the_place_held_with_the_way_back(pressing, clock):
    first = pressing.post("/play/", {"game": "rouba_monte", "rated": "on"})
    response = pressing.post("/play/", {"game": "buraco", "rated": "on"})
    assert response.status_code == 409
    body = response.content.decode()
    assert f'href="{first["Location"]}"' in body and "data-play-held" in body
    assert "Nada foi alterado" in body
    assert Room.objects.count() == 1


def test_too_many_presses_in_a_minute_get_the_429_page_and_create_nothing(pressing, alice, settings, clock):
    settings.PLAY_PRESSES_PER_MINUTE = 3
    codes = [pressing.post("/play/", {"game": "rouba_monte", "rated": "on"}).status_code for _ in range(3)]
    assert codes == [302, 302, 302]  # the same table each time
    services.leave(alice, Room.objects.get().code)
    refused = pressing.post("/play/", {"game": "rouba_monte", "rated": "on"})
    assert refused.status_code == 429 and "espere um minuto" in refused.content.decode().lower()
    assert places_of(alice) == 0 and Room.objects.count() == 1
