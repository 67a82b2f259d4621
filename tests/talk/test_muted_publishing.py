"""A person the staff muted site-wide publishes no text anywhere while muted: no display name, no room's name.

Every place is walked at once in test_word_gate.py; these are the findings of issues 30 and 55 as reported.
"""

import pytest
from django.test import Client

from chat import service
from rooms import services
from rooms.errors import RoomError
from rooms.models import Room

pytestmark = pytest.mark.django_db

ROOM = {"game": "rouba_monte", "name": "free chips at evil.example !!!", "time_limit": "", "bots": "0"}


def test_a_muted_person_cannot_change_their_display_name(alice):
    """Issue 30: a person muted site-wide set the display name "BUY GOLD at evil.example"."""
    mute = service.mute_site_wide(alice, 24)
    client = Client()
    client.force_login(alice)
    response = client.post("/accounts/profile/", {"display_name": "BUY GOLD at evil.example", "language": "en"})
    assert response.status_code == 200
    errors = response.context["form"].errors["display_name"]
    assert errors == [
        f"A equipe do site silenciou você até {mute.until:%Y-%m-%d %H:%M} UTC: "
        "até lá, o seu nome de exibição não pode mudar."
    ]
    alice.refresh_from_db()
    assert alice.display_name == ""
    # The language still changes (the name kept as it was), and the mute's end frees the name.
    assert client.post("/accounts/profile/", {"display_name": "", "language": "en"}).status_code == 302
    mute.delete()
    assert client.post("/accounts/profile/", {"display_name": "Alice", "language": "en"}).status_code == 302


def test_a_muted_person_cannot_open_a_room_public_or_private(alice, clock):
    """Issue 30: a person muted site-wide opened a public room named "free chips at evil.example !!!".

    Issue 55: a private room's name was left open to them, and an invitation by name carried it to the
    invitee's header: a muted person opens no room at all until the mute ends.
    """
    mute = service.mute_site_wide(alice, 24)
    for public in (True, False):
        with pytest.raises(RoomError) as info:
            services.create_room(alice, "rouba_monte", ROOM["name"], is_public=public)
        assert info.value.code == "muted_room_name"
    assert not Room.objects.exists()
    client = Client()
    client.force_login(alice)
    for public in ({"public": "on"}, {}):
        response = client.post("/lobby/", {**ROOM, **public, "bot_level": "normal"})
        assert response.status_code == 200
        assert "até lá, você não pode abrir salas" in str(response.context["form"].non_field_errors())
    assert not Room.objects.exists()
    mute.delete()
    private = services.create_room(alice, "rouba_monte", "Amigos", is_public=False)
    assert list(Room.objects.all()) == [private]
