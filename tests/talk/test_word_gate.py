"""Every place where a person's words reach another person goes through one gate (chat/gate.py).

Issue 55: a person muted site-wide could still name a private room, and an invitation by
name carried that name to the invitee's header (``{"type": "invitation", "room_name":
"BUY FREE GOLD at spam.example", …}``), to up to 20 chosen players an hour. Here a muted
author walks every place the gate guards (docs/operations.md, "Moderating the table chat"):
each is refused with the mute's refusal and its end, nothing is stored and nothing is sent.
"""

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from chat import gate, service
from chat.models import ChatMessage
from config import realtime
from lobby import invitations, quick_play
from lobby.models import Invitation
from players.forms import ProfileForm
from rooms import extensions, services
from rooms.errors import RoomError
from rooms.models import Room

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SPAM = "BUY FREE GOLD at spam.example"


@pytest.fixture
def sent(monkeypatch):
    """Everything sent to a socket group, after commit (the callbacks run: ``django_capture_on_commit_callbacks``)."""
    frames = []
    monkeypatch.setattr(realtime, "group_send", lambda group, message: frames.append((group, message)))
    monkeypatch.setattr(realtime, "group_send_many", lambda sends: frames.extend(sends))
    return frames


def refused(call, *args, **kwargs) -> RoomError:
    with pytest.raises(RoomError) as info:
        call(*args, **kwargs)
    return info.value


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_muted_author_is_refused_at_every_place_and_nothing_is_stored_or_sent(
    alice, bob, charlie, sent, django_capture_on_commit_callbacks
):
    room = services.create_room(alice, "rouba_monte", "Mesa da Alice", is_public=False)  # before the mute
    rooms_before = set(Room.objects.values_list("id", flat=True))
    mute = service.mute_site_wide(alice, 24)
    params = gate.mute_params(mute)
    until = f"{mute.until:%Y-%m-%d %H:%M} UTC"
    assert params == {"until": until, "until_iso": mute.until.strftime("%Y-%m-%dT%H:%M:%SZ")}
    walked = {}
    with django_capture_on_commit_callbacks(execute=True):
        # chat: a line and a quick phrase, through the service and the room socket's actions
        walked["chat"] = [
            refused(service.say, alice, room.code, SPAM),
            refused(extensions.socket_actions["chat"], alice, room.code, {"text": SPAM}),
        ]
        walked["chat_phrase"] = [
            refused(service.say_phrase, alice, room.code, "thanks"),
            refused(extensions.socket_actions["chat_quick"], alice, room.code, {"phrase": "thanks"}),
        ]
        # a room's name: public, private, and "Jogar agora"'s room (named by the site, opened by the person)
        walked["room_name"] = [
            refused(services.create_room, alice, "rouba_monte", SPAM),
            refused(services.create_room, alice, "rouba_monte", SPAM, is_public=False),
            refused(quick_play.play_now, alice, "crazy_eights", False),
        ]
        # an invitation by name: it would carry the host's room's name to the invitee's header
        walked["invitation"] = [refused(invitations.invite, alice, room.code, "bob")]
        # the display name: the profile's form says the gate's refusal as the field's error
        profile = ProfileForm({"display_name": SPAM, "language": "pt-br"}, instance=alice)
        assert not profile.is_valid()
        error = profile.errors.as_data()["display_name"][0]
        walked["display_name"] = [RoomError(error.code, str(error.message), **params)]
    assert set(walked) == set(gate.KINDS), "every kind of the gate is walked here"
    for kind, errors in walked.items():
        for error in errors:
            assert (error.code, error.params) == (gate.KINDS[kind].muted, params), kind
            assert until in error.message
    assert not ChatMessage.objects.exists()
    assert set(Room.objects.values_list("id", flat=True)) == rooms_before
    assert not Invitation.objects.exists()
    assert sent == []

    # The same places over HTTP: the lobby's form (public and private), the invitation's form, the profile.
    client = browser(alice)
    form = {"game": "rouba_monte", "name": SPAM, "time_limit": "", "bots": "0", "bot_level": "normal"}
    with django_capture_on_commit_callbacks(execute=True):
        for extra in ({"public": "on"}, {}):
            page = client.post("/lobby/", {**form, **extra})
            assert page.status_code == 200
            assert "até lá, você não pode abrir salas" in str(page.context["form"].non_field_errors())
        answer = client.post(f"/rooms/{room.code}/invite/", {"username": "bob"}, HTTP_ACCEPT="application/json")
        assert answer.status_code == 403 and answer.json()["code"] == "muted_invitation"
        assert until in answer.json()["message"]
        profile = client.post("/accounts/profile/", {"display_name": SPAM, "language": "pt-br"})
        assert profile.status_code == 200
        assert profile.context["form"].errors["display_name"] == [
            f"A equipe do site silenciou você até {until}: até lá, o seu nome de exibição não pode mudar."
        ]
    assert set(Room.objects.values_list("id", flat=True)) == rooms_before
    assert not Invitation.objects.exists()
    assert get_user_model().objects.get(pk=alice.pk).display_name == ""
    assert sent == []

    # Once the mute ends, each place takes the words again, in the canonical form.
    mute.delete()
    with django_capture_on_commit_callbacks(execute=True):
        assert service.say(alice, room.code, " oi\u200b ").text == "oi"
        assert services.create_room(alice, "rouba_monte", "  Amigos \u202e de  sexta ", is_public=False).name == (
            "Amigos de sexta"
        )
        invitations.invite(alice, room.code, "bob")
    assert Invitation.objects.filter(host=alice, invitee=bob).exists()
    assert any(message.get("frame", {}).get("room_name") == "Mesa da Alice" for _group, message in sent)
    assert client.post("/accounts/profile/", {"display_name": "Alice\u200b", "language": "pt-br"}).status_code == 302
    assert get_user_model().objects.get(pk=alice.pk).display_name == "Alice"


def test_a_muted_person_keeps_their_display_name_and_may_change_the_language(alice):
    alice.display_name = "Alice"
    alice.save()
    service.mute_site_wide(alice, 24)
    client = browser(alice)
    assert client.post("/accounts/profile/", {"display_name": "Alice", "language": "en"}).status_code == 302
    alice.refresh_from_db()
    assert (alice.display_name, alice.language) == ("Alice", "en")


def test_a_report_note_is_for_the_staff_and_is_taken_while_muted(alice, bob):
    """The one text a person writes that no other player reads: a report's note (chat/gate.py's exception)."""
    room = services.create_room(alice, "rouba_monte", "Mesa")
    message = service.say(alice, room.code, "oi")
    service.mute_site_wide(bob, 24)
    service.report(bob, room.code, message.id, "spam", "a note for the staff")
    assert message.reports.get().note == "a note for the staff"


def test_every_caller_of_the_gate_is_listed_in_the_docs():
    """A new place that publishes a person's words calls the gate; the operations guide names it."""
    calls = re.compile(r"\b(?:gate|extensions)\.words\(\s*[\w.]+,\s*\"([a-z_]+)\"")
    callers: dict[str, set[str]] = {}
    for app in ("accounts", "chat", "friends", "lobby", "players", "ratings", "rooms", "tournaments"):
        for path in (ROOT / app).rglob("*.py"):
            for kind in calls.findall(path.read_text(encoding="utf-8")):
                callers.setdefault(str(path.relative_to(ROOT)), set()).add(kind)
    assert callers == {
        "chat/service.py": {"chat", "chat_phrase"},
        "players/forms.py": {"display_name"},
        "rooms/actions/setup.py": {"room_name"},
        "lobby/invitations.py": {"invitation"},
        "lobby/challenges.py": {"invitation"},
        "tournaments/services.py": {"room_name"},
    }
    guide = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    for path, kinds in callers.items():
        assert path in guide, path
        for kind in kinds:
            assert f"`{kind}`" in guide, kind
