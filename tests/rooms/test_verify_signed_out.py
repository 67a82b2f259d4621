"""The verify page and its data for a signed-out visitor: a public room's finished match opens, the rest as for others."""

import pytest
from django.urls import reverse

from rooms import services
from rooms.models import Match
from tests.rooms.helpers import play_hand

pytestmark = pytest.mark.django_db(transaction=True)


def _finished(alice, is_public: bool) -> Match:
    room = services.create_room(alice, "rouba_monte", "Mesa", is_public=is_public)
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    play_hand(room, alice)
    services.close_room(room.id)
    match = Match.objects.get(room=room)
    assert match.status != Match.Status.PLAYING
    return match


def test_a_public_finished_match_opens_signed_out(client, alice):
    match = _finished(alice, is_public=True)
    page = client.get(reverse("rooms:verify", args=[match.public_id]))
    assert page.status_code == 200
    assert match.fingerprint in page.content.decode()
    data = client.get(reverse("rooms:verify_data", args=[match.public_id]))
    assert data.status_code == 200
    assert data.json()["seed"] == Match.objects.get(pk=match.pk).seed


def test_a_match_in_play_keeps_its_seed_signed_out(client, alice):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    match = Match.objects.get(room=room)
    seed = Match.objects.get(pk=match.pk).seed
    page = client.get(reverse("rooms:verify", args=[match.public_id]))
    assert page.status_code == 200
    assert seed not in page.content.decode()
    data = client.get(reverse("rooms:verify_data", args=[match.public_id]))
    assert data.status_code == 403
    assert seed not in data.content.decode()


def test_a_private_match_is_for_its_players_signed_out_or_not(client, alice, bob):
    match = _finished(alice, is_public=False)
    for url in (reverse("rooms:verify", args=[match.public_id]), reverse("rooms:verify_data", args=[match.public_id])):
        assert client.get(url).status_code == 404
        client.force_login(bob)
        assert client.get(url).status_code == 404
        client.force_login(alice)
        assert client.get(url).status_code == 200
        client.logout()
