"""HTTP guards: staff-only pages, CSRF on every form, password rules, the room-creation cap.

(`check --deploy` and the log-in throttle have their own tests in
tests/test_settings.py and tests/accounts.)
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from lobby import views
from rooms import services
from rooms.models import Room

pytestmark = pytest.mark.django_db

PASSWORD = "green-felt-table-42"


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def player(db):
    return get_user_model().objects.create_user("mallory", "mallory@example.com", PASSWORD)


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("sam", "sam@example.com", PASSWORD, is_staff=True, is_superuser=True)


def csrf_client(user=None) -> Client:
    client = Client(enforce_csrf_checks=True)
    if user is not None:
        client.force_login(user)
    return client


def token_from(client: Client, url: str) -> str:
    page = client.get(url)
    assert page.status_code == 200
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode()).group(1)


ROOM_FORM = {"game": "rouba_monte", "name": "Mesa", "public": "on", "time_limit": "", "target": "1500", "bots": "0"}
ROOM_FORM["bot_level"] = "normal"


@pytest.mark.parametrize(
    "path", ["/admin/", "/admin/rooms/room/", "/admin/rooms/hand/", "/admin/accounts/user/", "/admin/rooms/match/"]
)
def test_admin_pages_turn_away_players(path, player):
    client = Client()
    client.force_login(player)
    response = client.get(path)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


@pytest.mark.parametrize("path", ["/admin/", "/admin/rooms/room/", "/admin/rooms/hand/"])
def test_admin_pages_turn_away_visitors(path):
    response = Client().get(path)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_admin_pages_open_for_staff(staff):
    client = Client()
    client.force_login(staff)
    assert client.get("/admin/rooms/room/").status_code == 200


def test_the_staff_replay_of_a_hand_is_not_for_players(player, staff):
    room = services.create_room(staff, "rouba_monte", "Mesa", time_limit=None)
    services.sit(player, room.code, 1)
    services.start_match(staff, room.code)
    hand = room.hands.first()
    client = Client()
    client.force_login(player)
    response = client.get(f"/hands/{hand.id}/replay/")
    assert response.status_code in (302, 403, 404)
    assert hand.deck[0] not in response.content.decode()


def test_creating_a_room_without_a_csrf_token_is_refused(player):
    client = csrf_client(player)
    response = client.post("/lobby/", ROOM_FORM)
    assert response.status_code == 403
    assert not Room.objects.exists()


def test_creating_a_room_with_the_token_works(player):
    client = csrf_client(player)
    token = token_from(client, "/lobby/")
    response = client.post("/lobby/", {**ROOM_FORM, "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert Room.objects.filter(created_by=player).count() == 1


@pytest.mark.parametrize(
    ("url", "data"),
    [
        (
            "/accounts/signup/",
            {"username": "eve", "email": "e@example.com", "password1": PASSWORD, "password2": PASSWORD},
        ),
        ("/accounts/login/", {"username": "mallory", "password": PASSWORD}),
        ("/accounts/password/reset/", {"email": "mallory@example.com"}),
    ],
)
def test_visitor_forms_need_a_csrf_token(url, data, player):
    response = csrf_client().post(url, data)
    assert response.status_code == 403


@pytest.mark.parametrize("url", ["/accounts/logout/", "/accounts/profile/", "/accounts/password/change/"])
def test_logged_in_forms_need_a_csrf_token(url, player):
    client = csrf_client(player)
    response = client.post(url, {"display_name": "x", "language": "en"})
    assert response.status_code == 403
    assert "_auth_user_id" in client.session  # still logged in: the logout did not happen


@pytest.mark.parametrize("weak", ["123", "12345678901", "password123", "qwertyuiop", "eve@example.com"])
def test_signup_refuses_weak_passwords(weak):
    client = Client()
    response = client.post(
        "/accounts/signup/", {"username": "eve", "email": "eve@example.com", "password1": weak, "password2": weak}
    )
    assert response.status_code == 200  # the form again, with the reasons
    assert not get_user_model().objects.filter(username="eve").exists()


def test_room_creation_is_capped_per_hour_through_the_lobby_form(player):
    client = csrf_client(player)
    token = token_from(client, "/lobby/")
    for _ in range(views.ROOMS_PER_HOUR):
        assert client.post("/lobby/", {**ROOM_FORM, "csrfmiddlewaretoken": token}).status_code == 302
    refused = client.post("/lobby/", {**ROOM_FORM, "csrfmiddlewaretoken": token})
    assert refused.status_code == 200
    assert Room.objects.filter(created_by=player).count() == views.ROOMS_PER_HOUR


def test_the_room_cap_counts_only_the_last_hour(player):
    from datetime import timedelta

    from django.utils import timezone

    for _ in range(views.ROOMS_PER_HOUR):
        services.create_room(player, "rouba_monte", "Old", time_limit=None)
    Room.objects.update(created_at=timezone.now() - timedelta(hours=2))
    client = csrf_client(player)
    token = token_from(client, "/lobby/")
    assert client.post("/lobby/", {**ROOM_FORM, "csrfmiddlewaretoken": token}).status_code == 302
