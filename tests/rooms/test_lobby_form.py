"""The lobby's room form, built from the games' declarations: every option settable, limits per game."""

import re

import pytest
from django.test import Client

from games import registry
from rooms.forms import RoomForm
from rooms.models import Room

pytestmark = pytest.mark.django_db

BASE = {"name": "Mesa", "public": "on", "time_limit": "", "bots": "0", "bot_level": "normal"}


@pytest.fixture
def host(alice):
    client = Client()
    client.force_login(alice)
    return client


def created(host, **fields) -> Room:
    response = host.post("/lobby/", {**BASE, **fields})
    assert response.status_code == 302, response.content.decode()[-2000:]
    return Room.objects.get(code=response["Location"].rstrip("/").rsplit("/", 1)[-1])


def test_every_option_of_every_game_has_a_field():
    form = RoomForm()
    for spec in registry.specs():
        for option in spec.options:
            if option.kind is bool:
                assert option.name in dict(form.fields["variations"].choices)
            else:
                assert set(option.choices) <= {v for v, _label in form.fields[option.name].choices}


def test_a_host_sets_a_match_of_several_games_counted_in_cards(host):
    room = created(host, game="stealing_bundles", seat_count="3", match_games="3", match_scoring="cards")
    assert room.seat_count == 3
    assert room.options["match_games"] == 3 and room.options["match_scoring"] == "cards"
    room = created(host, game="stealing_bundles", variations=["tiebreak", "deck40"])
    assert {k for k, v in room.options.items() if v is True} == {"tiebreak", "deck40"}


def test_other_games_fields_are_ignored(host):
    room = created(host, game="rouba_monte", target="1500", seat_count="6", match_games="5")
    assert room.options == {} and room.seat_count == 4
    room = created(host, game="crazy_eights", target="150", seat_count="6")
    assert room.options == {"target": 150} and room.seat_count == 6


@pytest.mark.parametrize(
    "fields",
    [
        {"game": "stealing_bundles", "seat_count": "6"},
        {"game": "stealing_bundles", "seat_count": "3", "bots": "3"},
        {"game": "buraco", "target": "100"},
        {"game": "crazy_eights", "target": "3000"},
        {"game": "rouba_monte", "bots": "4"},
    ],
)
def test_what_the_chosen_game_does_not_allow_is_refused(host, fields):
    response = host.post("/lobby/", {**BASE, **fields})
    assert response.status_code == 200
    assert not Room.objects.exists()
    assert 'class="field__errors"' in response.content.decode()


def test_the_form_marks_each_choice_with_its_games_and_puts_each_checkbox_in_its_label(host):
    content = host.get("/lobby/").content.decode()
    assert re.search(r'<option value="6" data-games="crazy_eights"', content)
    assert re.search(r'<option value="5" data-games="crazy_eights"', content)  # bots: only six seats allow five
    assert re.search(r'<option value="1500" data-games="buraco"', content)
    for name in ("no_steal", "tiebreak"):
        assert re.search(rf'<label[^>]*><input type="checkbox" name="variations" value="{name}"[^>]*>', content)
    assert 'id="mesa-games"' in content
