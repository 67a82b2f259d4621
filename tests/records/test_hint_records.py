"""The hints in the hand's records: the hand page names who asked and when, what was suggested only once
the hand is over; the export carries every hint once the match is over."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from rooms import services
from rooms.models import Match
from rooms.records.describe import card_name
from tests.rooms.helpers import play_hand, play_until_human, state_of, turn_seat

pytestmark = pytest.mark.django_db


def hints_section(client, hand) -> str:
    response = client.get(reverse("admin:rooms_hand_change", args=[hand.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    start = html.index('id="hints"')
    return html[start : html.index("</div>", start)]  # the section only: the admin's icons hold strings like "22C"


def test_the_hand_page_and_the_export_tell_the_hints_truthfully(alice, staff):
    room = services.create_room(alice, "crazy_eights", "Mesa", rated=False, seat_count=2)
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    play_until_human(room)
    assert turn_seat(room) == 0
    _engine, _state, hand = state_of(room)
    answer = services.hint(alice, room.code).answer
    suggested = answer["move"].get("card")
    staff_client = Client()
    staff_client.force_login(staff)

    during = hints_section(staff_client, hand)
    assert 'class="mesa-hint"' in during and alice.shown_name in during
    assert "O que cada dica sugeriu aparece quando a mão termina" in during
    if suggested:
        assert card_name(suggested) not in during and suggested not in during

    room.refresh_from_db()
    services.move(alice, room.code, room.state_version, answer["move"])  # the suggestion, played
    play_hand(room, alice)
    hand.refresh_from_db()
    assert hand.ended_at is not None
    after = hints_section(staff_client, hand)
    assert "jogou-a" in after and answer["text"]["pt-br"] in after.replace("&#x27;", "'")

    refused = staff_client.get(reverse("admin:rooms_hand_export", args=[hand.pk]))
    match = Match.objects.get(room=room)
    if match.status == Match.Status.PLAYING:
        assert refused.status_code == 403
        services.end_match(alice, room.code)
    exported = json.loads(staff_client.get(reverse("admin:rooms_hand_export", args=[hand.pk])).content)
    (hint,) = exported["hints"]
    assert hint["move"] == answer["move"] and hint["reason"] == answer["reason"]
    assert (hint["room_seat"], hint["user_id"], hint["level"]) == (0, alice.id, "hard")
    assert exported["moves"][hint["after_move"]]["move"] == answer["move"]
