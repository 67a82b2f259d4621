"""The host chooses at creation whether a room is rated (the lobby's box, checked by default), and the lobby
and the table say which rooms are rated and which casual."""

import json
import re

import pytest
from django.test import Client

from lobby import feed
from rooms import services
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
    assert "Ranqueada" in page


def test_a_private_room_with_bots_may_be_casual(alice):
    room = _create(alice)  # the box left unchecked, not public
    assert (room.is_public, room.rated) == (False, False)


def test_a_rated_room_is_rated(alice):
    assert _create(alice, public="on", rated="on").rated is True


def json_script(page: str, element_id: str) -> dict:
    return json.loads(re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', page, re.S)[1])


def _page(alice, url: str, language: str) -> str:
    client = Client()
    client.force_login(alice)
    client.cookies["django_language"] = language
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_the_lobby_says_which_rooms_are_rated_and_which_casual(alice):
    rated = services.create_room(alice, "crazy_eights", "Valendo", is_public=True)
    casual = services.create_room(alice, "rouba_monte", "Amigos", is_public=True, rated=False)
    page = _page(alice, "/lobby/", "pt-br")
    mine = re.findall(r'room-item__name">([^<]+)</div>\s*<div class="room-item__facts">(.*?)</div>', page, re.S)
    facts = {name: text for name, text in mine}
    assert 'data-rated="true"' in facts["Valendo"] and "Ranqueada" in facts["Valendo"]
    assert 'data-rated="false"' in facts["Amigos"] and "Amistosa" in facts["Amigos"]
    # The live list (static/js/lobby.js) draws the same mark from each room's "rated" and these strings.
    assert json_script(page, "mesa-strings")["rated"] == "Ranqueada"
    assert json_script(page, "mesa-strings")["casual"] == "Amistosa"
    assert json_script(_page(alice, "/lobby/", "en"), "mesa-strings")["casual"] == "Casual"
    for room in (rated, casual):
        Room.objects.filter(pk=room.pk).update(empty_since=None)
    listed = {entry["code"]: entry["rated"] for entry in feed.lobby_rooms()}
    assert listed == {rated.code: True, casual.code: False}


def test_the_table_says_whether_its_room_is_rated(alice):
    rated = services.create_room(alice, "crazy_eights", "Valendo")
    casual = services.create_room(alice, "buraco", "Amigos", rated=False)
    header = r'<header class="table-bar">(.*?)</header>'
    shown = re.search(header, _page(alice, f"/rooms/{rated.code}/", "pt-br"), re.S).group(1)
    assert 'data-rated="true"' in shown and "Ranqueada" in shown and "Amistosa" not in shown
    shown = re.search(header, _page(alice, f"/rooms/{casual.code}/", "pt-br"), re.S).group(1)
    assert 'data-rated="false"' in shown and "Amistosa" in shown and "Ranqueada" not in shown
    shown = re.search(header, _page(alice, f"/rooms/{casual.code}/", "en"), re.S).group(1)
    assert ">Casual<" in shown and "change no rating" in shown
