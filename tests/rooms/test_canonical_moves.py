"""What a room applies, stores and sends is the engine's own legal move, never the client's dict.

And host settings of the wrong shape get their own error codes, not a server error.
"""

import json

import pytest

from games import registry
from rooms import services
from rooms.errors import RoomError
from rooms.models import Room
from tests.hostile import HOSTILE_EXTRA_IDS, HOSTILE_EXTRAS
from tests.rooms.helpers import buraco_at_hosts_draw, state_of, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)


def stored(room):
    """Everything a refused move must leave as it was."""
    room.refresh_from_db()
    _engine, _state, hand = state_of(room)
    return room.version, room.state_version, room.last_move, json.dumps(hand.state), json.dumps(hand.moves)


@pytest.mark.parametrize("extra", HOSTILE_EXTRAS, ids=HOSTILE_EXTRA_IDS)
def test_a_buraco_draw_with_extra_keys_is_refused_and_nothing_is_stored(alice, extra):
    room = buraco_at_hosts_draw(alice)
    before = stored(room)
    with pytest.raises(RoomError) as exc:
        services.move(alice, room.code, room.state_version, {"type": "draw_stock", **extra})
    assert exc.value.code == "bad_move"
    assert stored(room) == before


def test_a_move_in_another_spelling_is_stored_as_the_engines_own(alice, bob):
    """Rouba Monte: keys in another order, the same values: the log holds the legal entry itself."""
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    engine, state, hand = state_of(room)
    legal = engine.legal_moves(state, engine.current_seat(state))
    mover = alice if turn_seat(room) == 0 else bob
    move = dict(reversed(list(legal[0].items())))
    services.move(mover, room.code, room.state_version, move)
    _engine, _state, hand = state_of(room)
    assert list(hand.moves[-1]["move"].items()) == list(legal[0].items())


@pytest.mark.parametrize("game", ["rouba_monte", "stealing_bundles", "crazy_eights"])
def test_nan_in_a_move_is_a_bad_move(alice, bob, game):
    # Crazy Eights gives empty seats bots: two seats keep the turn with a person.
    room = services.create_room(alice, game, "Mesa", seat_count=2 if game == "crazy_eights" else None)
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    engine, state, _hand = state_of(room)
    legal = engine.legal_moves(state, engine.current_seat(state))
    mover = alice if turn_seat(room) == 0 else bob
    before = stored(room)
    for move in ({**legal[0], "x": float("nan")}, {**legal[0], "card": float("nan")}):
        with pytest.raises(RoomError) as exc:
            services.move(mover, room.code, room.state_version, move)
        assert exc.value.code == "bad_move"
    assert stored(room) == before


def test_the_engine_refusing_what_it_does_not_list_is_a_bad_move(alice, monkeypatch):
    """An engine whose apply took a move its legal_moves does not list: refused all the same."""
    room = buraco_at_hosts_draw(alice)
    engine = registry.get("buraco")
    monkeypatch.setattr(engine, "legal_moves", lambda state, seat: [])
    before = stored(room)
    with pytest.raises(RoomError) as exc:
        services.move(alice, room.code, room.state_version, {"type": "draw_stock"})
    assert exc.value.code == "bad_move"
    assert stored(room) == before


@pytest.mark.parametrize("options", [[1, 2], "target", 7, True])
def test_host_options_that_are_not_an_object_are_bad_options(alice, options):
    room = services.create_room(alice, "buraco", "Mesa")
    with pytest.raises(RoomError) as exc:
        services.set_options(alice, room.code, options)
    assert exc.value.code == "bad_options"


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("buraco", {"target": 1500.0}),
        ("buraco", {"target": float("nan")}),
        ("crazy_eights", {"target": float("inf")}),
        ("stealing_bundles", {"match_games": 2.0}),
        ("stealing_bundles", {"no_steal": 1}),
        ("stealing_bundles", {"match_scoring": ["wins"]}),
    ],
)
def test_option_values_of_another_type_are_bad_options(alice, game, options):
    room = services.create_room(alice, game, "Mesa")
    with pytest.raises(RoomError) as exc:
        services.set_options(alice, room.code, options)
    assert exc.value.code == "bad_options"
    with pytest.raises(RoomError) as exc:
        services.create_room(alice, game, "Mesa", options=options)
    assert exc.value.code == "bad_options"


@pytest.mark.parametrize("limit", [float("inf"), float("-inf"), float("nan"), "Infinity", 10**400, [30], {}])
def test_a_time_limit_of_infinity_is_a_bad_time_limit(alice, limit):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    with pytest.raises(RoomError) as exc:
        services.set_options(alice, room.code, time_limit=limit)
    assert exc.value.code == "bad_time_limit"
    with pytest.raises(RoomError) as exc:
        services.create_room(alice, "rouba_monte", "Mesa", time_limit=limit)
    assert exc.value.code == "bad_time_limit"


@pytest.mark.parametrize("stored_options", [["<b>"], "x", 7])
def test_new_options_replace_stored_options_of_another_shape(alice, stored_options):
    room = services.create_room(alice, "buraco", "Mesa")
    Room.objects.filter(pk=room.pk).update(options=stored_options)
    assert services.set_options(alice, room.code, {"target": 3000}).options == {"target": 3000}
