"""A player's own data (LGPD): the download holds what the database holds about them and nothing of others'
hidden cards; deleting the account leaves the records truthful under a pseudonym on every page."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from accounts import pseudonyms
from chat import service as chat
from chat.models import ChatMessage
from players import erasure
from ratings.models import Rating, RatingChange
from rooms import services
from rooms.models import Hand, Match, Participant, Room, Seat
from rooms.records import hand_replay, participants, stored

pytestmark = pytest.mark.django_db

User = get_user_model()
PASSWORD = "x-Strong-pass-123"


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def download(user) -> dict:
    response = logged_in(user).get("/accounts/data/mesa.json")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    return json.loads(response.content)


def test_the_download_is_what_the_database_holds_about_the_person(leaver_match, alice, bob):
    room, _match = leaver_match
    said = chat.say(bob, room.code, "boa sorte")
    from_alice = chat.say(alice, room.code, "valeu")
    chat.report(bob, room.code, from_alice.id, "other", "teste")
    data = download(bob)
    assert data["account"] == {
        "id": bob.id, "username": "bob", "email": bob.email, "email_waiting_for_confirmation": bob.pending_email,
        "display_name": "Bruno", "language": bob.language, "hides_presence": False,
        "joined": bob.date_joined.isoformat(),
        "last_login": data["account"]["last_login"],
    }  # fmt: skip
    assert [(r["game"], r["rating"]) for r in data["ratings"]] == list(
        Rating.objects.filter(user=bob).order_by("game").values_list("game", "shown")
    )
    assert len(data["rating_changes"]) == RatingChange.objects.filter(user=bob).count()
    assert [m["text"] for m in data["chat_messages"]] == ["boa sorte"] and data["chat_messages"][0]["id"] == said.id
    assert [(r["message"], r["reason"], r["note"]) for r in data["chat_reports"]] == [(from_alice.id, "other", "teste")]
    assert "valeu" not in json.dumps(data)  # what alice said is hers
    match = Match.objects.get(room=room)
    assert [m["match"] for m in data["matches"]] == [match.public_id]
    rows = Participant.objects.filter(user=bob)
    exported = {h["number"]: h for h in data["matches"][0]["hands"]}
    assert set(exported) == set(rows.values_list("hand_number", flat=True))
    for number, entry in exported.items():
        hand = Hand.objects.get(match=match, number=number)
        # Bob's moves are the log entries made by him, and only those.
        his = [e["move"] for e in stored.dicts(hand.moves) if e.get("by") == "bob"]
        assert [m["move"] for m in entry["moves"]] == his and his
        # His own seat's cards only: the seat he held, dealt at the deal, and what came in while he held it.
        found = hand_replay.hand_cards(hand, participants.holders(hand))
        held = rows.get(hand_number=number)
        assert [c["seat"] for c in entry["cards"]] == [held.seat + 1]
        seat = next(s for s in found.seats if s.room_seat == held.seat)
        assert entry["cards"][0]["dealt"] == seat.start
        came = [c.card for c in seat.came_in if c.move <= held.until_move]
        assert [c["card"] for c in entry["cards"][0]["came_in"]] == came
        assert set(entry) <= {"number", "seats", "kept", "started_at", "ended_at", "moves", "result", "cards"}


def test_the_download_needs_the_person_logged_in(client):
    assert client.get("/accounts/data/mesa.json").status_code == 302
    assert client.get("/accounts/data/").status_code == 302


def test_a_wrong_password_deletes_nothing(bob):
    bob.set_password(PASSWORD)
    bob.save()
    response = logged_in(bob).post("/accounts/delete/", {"password": "not-it"})
    assert response.status_code == 400 and "password" in response.context["form"].errors
    bob.refresh_from_db()
    assert bob.is_active and bob.username == "bob" and not bob.pseudonym


def pages_naming(room, staff, alice) -> dict[str, str]:
    """Every page that showed the deleted person, as the others (and the staff) read them."""
    match = Match.objects.get(room=room)
    first = Hand.objects.get(match=match, number=1)
    staff_client, alice_client = logged_in(staff), logged_in(alice)
    pages = {
        "alice's profile": alice_client.get("/accounts/profile/"),
        "verify": alice_client.get(match.verify_url),
        "verify data": alice_client.get(reverse("rooms:verify_data", args=[match.public_id])),
        "leaderboard": alice_client.get("/leaderboards/buraco/"),
        "replay": staff_client.get(f"/hands/{first.id}/replay/"),
        "admin hand": staff_client.get(f"/admin/rooms/hand/{first.id}/change/"),
        "chat": alice_client.get(f"/rooms/{room.code}/"),
    }
    for name, response in pages.items():
        assert response.status_code == 200, name
    return {name: response.content.decode() for name, response in pages.items()}


def test_a_deleted_account_reads_as_its_pseudonym_on_every_page_that_showed_it(leaver_match, staff, alice, bob):
    room, _match = leaver_match
    chat.say(bob, room.code, "até mais")
    Rating.objects.filter(user=bob).update(matches=5)  # listed on the leaderboard (five rated matches)
    before = pages_naming(room, staff, alice)
    for name in ("alice's profile", "leaderboard", "replay", "admin hand"):
        assert "Bruno" in before[name], name
    assert '"by": "bob"' in before["verify data"]  # the log names who moved by username
    bob.set_password(PASSWORD)
    bob.save()
    client = logged_in(bob)
    assert client.post("/accounts/delete/", {"password": PASSWORD}).status_code == 302
    bob.refresh_from_db()
    tag = bob.pseudonym
    assert re.fullmatch(r"[0-9a-f]{4}", tag)
    assert (bob.username, bob.email, bob.pending_email, bob.display_name) == (f"jogador-{tag}", None, "", "")
    assert not bob.is_active and not bob.has_usable_password()
    assert client.get("/accounts/profile/").status_code == 302  # logged out
    for username in ("bob", f"jogador-{tag}"):
        assert Client().post("/accounts/login/", {"username": username, "password": PASSWORD}).status_code != 302
    after = pages_naming(room, staff, alice)
    for name, html in after.items():
        assert "Bruno" not in html, name
    for name in ("alice's profile", "leaderboard", "replay", "admin hand"):
        assert f"Jogador {tag}" in after[name], name
    assert '"by": "bob"' not in after["verify data"] and f'"by": "jogador-{tag}"' in after["verify data"]
    assert json.loads(after["verify data"])["hands"][0]["deck"]  # the match still verifies
    # The table's history and the hands' logs carry the pseudonym; the records still count him.
    room = Room.objects.get(id=room.id)
    assert "Bruno" not in json.dumps(room.history) and f"Jogador {tag}" in json.dumps(room.history)
    for hand in Hand.objects.filter(room=room):
        logged = json.dumps(hand.moves, ensure_ascii=False) + json.dumps(hand.players, ensure_ascii=False)
        assert "Bruno" not in logged and '"by": "bob"' not in logged
    assert set(Participant.objects.filter(user=bob).values_list("name", flat=True)) == {f"Jogador {tag}"}
    assert ChatMessage.objects.filter(user=bob).exists() and RatingChange.objects.filter(user=bob).exists()
    assert chat.history(room.id, alice.id)[-1]["name"] == f"Jogador {tag}"
    # In English, the same pseudonym in English.
    english = logged_in(alice)
    english.cookies["django_language"] = "en"
    assert f"Player {tag}" in english.get("/accounts/profile/").content.decode()


def test_deleting_an_account_frees_its_seats_through_the_leave_path(alice, bob):
    waiting = services.create_room(bob, "rouba_monte", "Espera", time_limit=None)
    playing = services.create_room(alice, "rouba_monte", "Jogo", time_limit=None)
    services.sit(bob, playing.code, 1)
    services.start_match(alice, playing.code)
    erasure.erase(bob)
    assert not Seat.objects.filter(user=bob).exists()
    waiting.refresh_from_db()
    assert waiting.host_id is None or waiting.host_id != bob.id
    left = Participant.objects.get(user=bob, match__room=playing)
    assert left.ended == Participant.Ended.LEFT and left.name == pseudonyms.stored_name(
        User.objects.get(pk=bob.pk).pseudonym
    )


def test_names_that_read_like_a_pseudonym_are_kept_for_deleted_accounts(alice):
    response = logged_in(alice).post("/accounts/profile/", {"display_name": "Jogador 4f2a", "language": "en"})
    assert "display_name" in response.context["form"].errors
    response = Client().post(
        "/accounts/signup/",
        {"username": "player-beef", "email": "p@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert "username" in response.context["form"].errors
