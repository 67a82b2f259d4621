"""POST /play/: the redirect to the table, the log-in round trip, and bad input that creates nothing."""

from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

from rooms.models import Room, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(alice):
    client = Client()
    client.force_login(alice)
    return client


def test_a_press_redirects_to_the_table_where_the_person_sits(logged_in, alice):
    response = logged_in.post("/play/", {"game": "buraco", "rated": "on"})
    room = Room.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/rooms/{room.code}/"
    assert room.rated and room.quick_play
    assert Seat.objects.get(room=room, index=0).user == alice


def test_without_rated_the_room_is_casual(logged_in):
    logged_in.post("/play/", {"game": "crazy_eights"})
    assert not Room.objects.get().rated


def test_anonymous_goes_to_log_in_and_comes_back_to_a_confirm_page(alice):
    client = Client()
    response = client.post("/play/", {"game": "rouba_monte", "rated": "on"})
    assert response.status_code == 302
    target = urlparse(response["Location"])
    assert target.path == "/accounts/login/"
    back = parse_qs(target.query)["next"][0]
    assert back.startswith("/play/?") and "game=rouba_monte" in back and "rated=on" in back
    client.force_login(alice)
    page = client.get(back)
    assert page.status_code == 200
    body = page.content.decode()
    assert 'method="post"' in body and 'value="rouba_monte"' in body and "checked" in body
    assert not Room.objects.exists()  # a GET never creates anything


@pytest.mark.parametrize(
    "fields",
    [{"game": "poker", "rated": "on"}, {"game": "buraco", "rated": "yes"}, {"rated": "on"}, {"game": ""}],
)
def test_bad_input_is_a_clear_400_and_creates_nothing(logged_in, fields):
    response = logged_in.post("/play/", fields)
    assert response.status_code == 400
    assert "Nada foi alterado" in response.content.decode()  # pt-BR first
    assert not Room.objects.exists()


def test_a_get_with_bad_fields_is_refused(logged_in):
    assert logged_in.get("/play/?game=poker").status_code == 400
    assert logged_in.get("/play/").status_code == 400
    assert not Room.objects.exists()


def test_other_methods_are_refused(logged_in):
    assert logged_in.put("/play/").status_code == 405
    assert not Room.objects.exists()


def test_a_missing_csrf_token_is_refused(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    response = client.post("/play/", {"game": "buraco", "rated": "on"})
    assert response.status_code == 403
    assert not Room.objects.exists()


def test_home_and_lobby_offer_play_now_for_every_game(logged_in):
    for page in ("/", "/lobby/"):
        body = logged_in.get(page).content.decode()
        for game in ("rouba_monte", "stealing_bundles", "crazy_eights", "buraco"):
            assert f'data-play-now="{game}"' in body, (page, game)
        assert 'action="/play/"' in body and "csrfmiddlewaretoken" in body
