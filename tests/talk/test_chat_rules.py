"""What a chat message may be and when it is refused: text only, the room open, the rate, the mutes."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from chat import service
from chat.models import ChatMessage, ChatMute, ChatReport
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


def test_a_refused_sixth_message_never_reads_or_locks_the_room(alice, clock):
    """The rate limit is counted before the room's lock: a flood of chat does not take the lock per message."""
    room = services.create_room(alice, "rouba_monte", "Mesa")
    for i in range(5):
        service.say(alice, room.code, f"m{i}")
    with CaptureQueriesContext(connection) as queries:
        assert code_of(service.say, alice, room.code, "sixth") == "chat_rate_limited"
    touched = [q["sql"] for q in queries.captured_queries if "rooms_room" in q["sql"] or "FOR UPDATE" in q["sql"]]
    assert touched == []
    assert ChatMessage.objects.count() == 5


def test_the_rate_limit_is_per_user_over_every_room(alice, bob, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    other = services.create_room(alice, "rouba_monte", "Outra")
    for i in range(5):
        service.say(alice, (room, other)[i % 2].code, f"m{i}")
    assert code_of(service.say, alice, other.code, "sixth") == "chat_rate_limited"
    service.say(bob, room.code, "bob is not alice")


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
    assert info.value.params["until"] == f"{mute.until:%Y-%m-%d %H:%M} UTC"
    assert info.value.params["until_iso"] == mute.until.strftime("%Y-%m-%dT%H:%M:%SZ")
    assert info.value.params["until"] in info.value.message
    clock.advance(2 * 3600 + 1)
    service.say(alice, room.code, "oi")


def test_an_unknown_quick_phrase_is_refused(alice, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    assert code_of(service.say_phrase, alice, room.code, "<b>") == "chat_bad_phrase"


def test_a_report_is_stored_once_per_reporter(alice, bob, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    message = service.say(alice, room.code, "oi")
    service.report(bob, room.code, message.id, "insult")
    service.report(bob, room.code, message.id, "spam", "again")
    report = ChatReport.objects.get(message=message, reporter=bob)
    assert (report.reason, report.note) == ("insult", "")
    other = services.create_room(bob, "rouba_monte", "Outra")
    assert code_of(service.report, bob, other.code, message.id, "other") == "chat_no_such_message"


def test_a_report_says_why_from_a_fixed_list_with_a_short_canonical_note(alice, bob, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    message = service.say(alice, room.code, "oi")
    for bad in (None, "rude", "", 3, ["insult"]):
        assert code_of(service.report, bob, room.code, message.id, bad) == "chat_bad_reason"
    assert code_of(service.report, bob, room.code, message.id, "spam", "x" * 201) == "chat_note_too_long"
    assert code_of(service.report, bob, room.code, message.id, "spam", {"a": 1}) == "bad_message"
    assert not ChatReport.objects.exists()
    # NFC, no control or format characters, one space between words: "Cafe\u0301" is "Café".
    service.report(bob, room.code, message.id, "cheating", " Cafe\u0301\u202e <i>x</i>\n\n " + "y" * 150)
    assert ChatReport.objects.get().note == "Café <i>x</i> " + "y" * 150
    assert ChatReport.objects.get().reason == ChatReport.Reason.CHEATING


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


def test_one_cannot_report_ones_own_message(alice, clock):
    """Issue 30: a person could report their own message."""
    room = services.create_room(alice, "rouba_monte", "Mesa")
    message = service.say(alice, room.code, "oi")
    assert code_of(service.report, alice, room.code, message.id, "spam") == "chat_report_own"
    assert not ChatReport.objects.exists()


def test_a_message_of_a_closed_room_cannot_be_reported(alice, bob, clock):
    """Issue 30: reports were accepted in a closed room."""
    room = services.create_room(alice, "rouba_monte", "Mesa")
    message = service.say(alice, room.code, "oi")
    services.close_room(room.id)
    assert code_of(service.report, bob, room.code, message.id, "insult") == "chat_report_closed"
    assert not ChatReport.objects.exists()


def test_a_mute_of_somebody_never_met_answers_like_an_unknown_id_and_stores_nothing(alice, bob, charlie, clock):
    """Issue 30: ``chat_mute`` told whether an id exists (ack versus ``chat_no_such_user``)."""
    room = services.create_room(alice, "rouba_monte", "Mesa")
    service.say(bob, room.code, "oi")  # bob wrote at alice's table; charlie was never anywhere near her
    unknown = max(charlie.id, bob.id) + 1000
    for other in (unknown, charlie.id):
        with pytest.raises(RoomError) as info:
            service.set_mute(alice, other, True)
        assert (info.value.code, info.value.message) == ("chat_no_such_user", "There is no such player.")
    assert not ChatMute.objects.exists()
    service.set_mute(alice, bob.id, True)
    assert list(ChatMute.objects.values_list("muted_id", flat=True)) == [bob.id]


def test_the_muted_list_names_only_people_the_reader_shared_a_room_with(alice, bob, charlie, clock):
    """Issue 30: ``chat_muted`` mapped any id to a name (ids 1-7 gave every account)."""
    room = services.create_room(alice, "rouba_monte", "Mesa")
    service.say(bob, room.code, "oi")
    ChatMute.objects.create(muter=alice, muted=bob)
    ChatMute.objects.create(muter=alice, muted=charlie)  # stored before the rule: never named
    assert service.muted_people(alice.id) == [{"user_id": bob.id, "name": "bob"}]
    services.create_room(charlie, "rouba_monte", "Outra")
    assert service.muted_people(alice.id) == [{"user_id": bob.id, "name": "bob"}]
