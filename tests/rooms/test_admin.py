"""Staff review hand history in the admin; nobody else can."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from rooms import services
from rooms.models import Hand, Room
from tests.rooms.helpers import human_auto_move, play_until_human

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_superuser("staff", "staff@example.com", "a-Strong-pass-123")


@pytest.fixture
def finished_room(alice):
    room = services.create_room(alice, "rouba_monte", "Mesa history")
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    for _ in range(200):
        play_until_human(room)
        room.refresh_from_db()
        if room.status != Room.Status.PLAYING:
            break
        human_auto_move(room, alice)
    return room


def test_staff_see_the_hand_history_with_filters(client, staff, finished_room):
    client.force_login(staff)
    hand = Hand.objects.get(room=finished_room)
    url = reverse("admin:rooms_hand_changelist")
    assert client.get(url).status_code == 200
    assert client.get(url, {"game": "rouba_monte"}).status_code == 200
    page = client.get(url, {"q": "Mesa history"})
    assert b"Mesa history" in page.content
    detail = client.get(reverse("admin:rooms_hand_change", args=[hand.id]))
    text = detail.content.decode().lower()
    assert detail.status_code == 200
    # pt-BR by default: the sections of the hand page, and links to the replay and the verify page
    assert "cadeiras e quem as ocupou" in text and "jogadas" in text and "como os pontos foram feitos" in text
    assert "rever esta mão passo a passo" in text and "conferir o embaralhamento da partida" in text


def test_hand_history_is_read_only(client, staff, finished_room):
    client.force_login(staff)
    hand = Hand.objects.get(room=finished_room)
    response = client.post(reverse("admin:rooms_hand_delete", args=[hand.id]), {"post": "yes"})
    assert response.status_code == 403
    assert Hand.objects.filter(pk=hand.pk).exists()


def test_staff_replay_a_finished_hand_step_by_step(client, staff, finished_room):
    client.force_login(staff)
    hand = Hand.objects.get(room=finished_room)
    response = client.get(reverse("rooms:replay", args=[hand.id]))
    assert response.status_code == 200
    steps = response.context["steps"]
    assert len(steps) == len(hand.moves) + 1
    assert all(len(step["views"]) == len(hand.seat_map) for step in steps)


def test_players_cannot_open_the_admin_or_the_replay(client, alice, finished_room):
    client.force_login(alice)
    hand = Hand.objects.get(room=finished_room)
    assert client.get(reverse("admin:rooms_hand_changelist")).status_code == 302
    assert client.get(reverse("rooms:replay", args=[hand.id])).status_code == 302


def test_staff_can_close_a_room(client, staff, alice):
    room = services.create_room(alice, "rouba_monte", "To close")
    client.force_login(staff)
    url = reverse("admin:rooms_room_changelist")
    asked = client.post(url, {"action": "close_rooms", "_selected_action": [room.id]})
    assert asked.status_code == 200  # the confirmation page first: nothing happened yet
    assert "Fechar estas salas?" in asked.content.decode()
    room.refresh_from_db()
    assert room.status != Room.Status.CLOSED
    response = client.post(url, {"action": "close_rooms", "_selected_action": [room.id], "confirm": "yes"})
    assert response.status_code == 302
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED


def test_the_verify_data_is_refused_until_the_match_ends(client, alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    client.force_login(alice)
    match = room.matches.get()
    response = client.get(reverse("rooms:verify_data", args=[match.public_id]))
    assert response.status_code == 403
    assert match.seed not in response.content.decode()


def test_the_verify_data_of_a_finished_match_replays_on_the_server(client, alice, finished_room):
    client.force_login(alice)
    match = finished_room.matches.get()
    data = client.get(reverse("rooms:verify_data", args=[match.public_id])).json()
    assert data["seed"] == match.seed
    assert all(check["ok"] for check in data["server_check"])
    assert len(data["hands"][0]["deck"]) == 52


def test_health_reports_the_heartbeat(client):
    from rooms.tasks import heartbeat

    assert client.get("/health/").json()["heartbeat_age"] is None
    heartbeat()
    assert client.get("/health/").json()["heartbeat_age"] < 5
