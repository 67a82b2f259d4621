"""After a person deletes their account, what an open table receives names them only by the pseudonym.

Leaving is the erasure's first step, and the leave itself wrote the person's name into
the room's events ("A stand-in bot took seat 2 for Bruno") and its last move ("A bot now
plays for Bruno"): those are rewritten with the hands, logs and history. Names reach the
browser as stored ("Jogador 4f2a"); the page's strings carry what its script needs to word
them in the reader's language (``pseudonym``: the stored form and the shown one).
"""

import json

import pytest
from django.utils import translation

from accounts import pseudonyms
from chat import service as chat
from players import erasure
from rooms import services
from rooms.live import broadcast
from rooms.templatetags import mesa_table
from tests.rooms.helpers import human_auto_move, play_until_human, turn_seat

pytestmark = pytest.mark.django_db


def played_and_erased(alice, bob):
    """Crazy Eights of alice, Bruno (bob) and a bot: Bruno moves, writes in the chat, then deletes his account."""
    bob.display_name = "Bruno"
    bob.save()
    room = services.create_room(alice, "crazy_eights", "Sala", time_limit=None)
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "easy")
    services.start_match(alice, room.code)
    people = {0: alice, 1: bob}
    for _ in range(60):
        play_until_human(room)
        room.refresh_from_db()
        if any(entry.get("by") == bob.username for entry in room.current_hand.moves):
            break
        human_auto_move(room, people[turn_seat(room)])
    assert any(entry.get("by") == bob.username for entry in room.current_hand.moves)
    chat.say(bob, room.code, "até mais")
    tag = erasure.erase(bob)
    return room, tag


def test_the_snapshot_of_an_open_table_names_the_deleted_person_only_by_the_pseudonym(alice, bob):
    room, tag = played_and_erased(alice, bob)
    snapshot = broadcast.room_snapshots(room.id, alice.id)[alice.id]
    snapshot.update(chat.snapshot_fields(room.id, alice.id))
    text = json.dumps(snapshot, ensure_ascii=False)
    assert "Bruno" not in text and '"bob"' not in text
    stored = f"Jogador {tag}"
    part = snapshot["room"]
    assert stored in [holder.get("name") for holder in part["players"]["1"]]
    assert stored in [entry.get("name") for entry in part["log"]]
    assert [m["name"] for m in snapshot["chat"]] == [stored]
    stand_in = next(event for event in part["events"] if event["code"] == "stand_in")
    assert stand_in["params"]["name"] == {"name": stored}
    assert stand_in["text"] == {
        "pt-br": f"Um bot substituto assumiu a cadeira 2 no lugar de Jogador {tag}.",
        "en": f"A stand-in bot took seat 2 for Player {tag}.",
    }
    assert part["last_move"]["name"] == stored and f"Player {tag}" in part["last_move"]["text"]["en"]


def test_the_table_strings_carry_what_the_script_needs_to_word_a_pseudonym():
    for language, shown in (("en", "Player %(tag)s"), ("pt-br", "Jogador %(tag)s")):
        with translation.override(language):
            words = mesa_table.table_strings("crazy_eights")["pseudonym"]
        assert words == {"stored": pseudonyms.stored_name("%(tag)s"), "shown": shown}
    assert pseudonyms.STORED.match(pseudonyms.stored_name("4f2a"))
