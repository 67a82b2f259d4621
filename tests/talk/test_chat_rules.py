"""What a chat message may be and when it is refused: text only, the room open, the rate, the mutes."""

import pytest

from chat import service
from chat.models import ChatMessage, ChatReport
from chat.text import clean
from rooms import services
from rooms.errors import RoomError
from rooms.models import Room

pytestmark = pytest.mark.django_db


def code_of(call, *args) -> str:
    with pytest.raises(RoomError) as info:
        call(*args)
    return info.value.code


def test_text_is_trimmed_and_loses_control_characters():
    assert clean("  oi\u0000 \u202etudo\u200b bem\n\n ") == "oi tudo bem"
    assert code_of(clean, " \u0007 ") == "chat_empty"
    assert code_of(clean, "x" * 201) == "chat_too_long"
    assert clean("x" * 200) == "x" * 200
    assert code_of(clean, {"html": "<b>"}) == "bad_message"


def test_markup_is_stored_as_the_text_typed(alice, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    payload = "<script>alert(1)</script><img src=x onerror=alert(2)> http://evil.example"
    message = service.say(alice, room.code, payload)
    assert ChatMessage.objects.get(id=message.id).text == payload
    assert message.spectator is False


def test_a_closed_room_refuses_a_message(alice, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.close_room(room.id)
    assert Room.objects.get(id=room.id).status == Room.Status.CLOSED
    assert code_of(service.say, alice, room.code, "oi") == "room_closed"
    assert not ChatMessage.objects.exists()


def test_five_messages_in_ten_seconds_then_a_clear_refusal(alice, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    for i in range(5):
        service.say(alice, room.code, f"m{i}")
        clock.advance(1)
    assert code_of(service.say_phrase, alice, room.code, "thanks") == "chat_rate_limited"
    clock.advance(5.1)  # the first message is now more than 10 s old
    service.say_phrase(alice, room.code, "thanks")
    assert code_of(service.say, alice, room.code, "again") == "chat_rate_limited"
    assert ChatMessage.objects.count() == 6


def test_a_site_wide_mute_refuses_until_its_end_and_says_when(alice, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    mute = service.mute_site_wide(alice, hours=2)
    with pytest.raises(RoomError) as info:
        service.say(alice, room.code, "oi")
    assert info.value.code == "chat_muted"
    assert info.value.params == {"until": f"{mute.until:%Y-%m-%d %H:%M} UTC"}
    assert info.value.params["until"] in info.value.message
    clock.advance(2 * 3600 + 1)
    service.say(alice, room.code, "oi")


def test_an_unknown_quick_phrase_is_refused(alice, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    assert code_of(service.say_phrase, alice, room.code, "<b>") == "chat_bad_phrase"


def test_a_report_is_stored_once_per_reporter(alice, bob, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    message = service.say(alice, room.code, "oi")
    service.report(bob, room.code, message.id)
    service.report(bob, room.code, message.id)
    assert ChatReport.objects.filter(message=message, reporter=bob).count() == 1
    other = services.create_room(bob, "rouba_monte", "Outra")
    assert code_of(service.report, bob, other.code, message.id) == "chat_no_such_message"


def test_history_leaves_out_deleted_messages_and_muted_authors(alice, bob, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    kept = service.say(alice, room.code, "kept")
    gone = service.say(alice, room.code, "gone")
    clock.advance(10)
    from_bob = service.say(bob, room.code, "bob here")
    service.delete(ChatMessage.objects.filter(id=gone.id))
    assert [m["id"] for m in service.history(room.id, bob.id)] == [kept.id, from_bob.id]
    service.set_mute(alice, bob.id, True)
    assert [m["id"] for m in service.history(room.id, alice.id)] == [kept.id]
    service.set_mute(alice, bob.id, False)
    assert [m["id"] for m in service.history(room.id, alice.id)] == [kept.id, from_bob.id]
    assert code_of(service.set_mute, alice, alice.id, True) == "chat_self_mute"


def test_history_is_the_last_fifty(alice, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    for i in range(55):
        service.say(alice, room.code, f"m{i}")
        clock.advance(3)
    texts = [m["text"] for m in service.history(room.id, alice.id)]
    assert texts == [f"m{i}" for i in range(5, 55)]
