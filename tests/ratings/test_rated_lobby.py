"""The host chooses at creation whether a room is rated: the lobby's box, checked by default."""

import pytest
from django.test import Client

from rooms.models import Room

pytestmark = pytest.mark.django_db

BASE = {"game": "crazy_eights", "name": "Mesa", "time_limit": "", "bots": "2", "bot_level": "easy"}


def _create(alice, **fields) -> Room:
    client = Client()
    client.force_login(alice)
    response = client.post("/lobby/", {**BASE, **fields})
    assert response.status_code == 302, response.content.decode()[-2000:]
    return Room.objects.get(code=response["Location"].rstrip("/").rsplit("/", 1)[-1])


def test_the_lobby_offers_the_rated_box_checked(alice):
    client = Client()
    client.force_login(alice)
    page = client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert '<input type="checkbox" name="rated" id="id_rated" checked>' in page
    assert "Vale pontuação" in page


def test_a_private_room_with_bots_may_be_casual(alice):
    room = _create(alice)  # the box left unchecked, not public
    assert (room.is_public, room.rated) == (False, False)


def test_a_rated_room_is_rated(alice):
    assert _create(alice, public="on", rated="on").rated is True
