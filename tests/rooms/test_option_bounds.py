"""The room socket accepts exactly what the lobby's form offers: every option and time limit, every game.

A host once set a Crazy Eights target of 10⁹ (and one of 4,001 digits) over the
socket while the form offers 50-200, and a Stealing Bundles match of any number
of games: a rated match that never ends, where whoever leaves takes the loss.
Each option of every game is attacked here with huge, long, negative and
wrongly typed values, and with values the engine would play but the form does
not offer; each is refused as ``bad_options`` and the room keeps its options.
"""

import pytest
from channels.db import database_sync_to_async

from games import registry
from rooms import services
from rooms.actions.setup import TIME_LIMITS
from rooms.models import Room
from tests.rooms.wsclient import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

HUGE = [10**9, int("9" * 4001), -1, -(10**9), 0, 1.5, "100", "", None, [], {}, [100], {"value": 100}]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False


def attacks(option) -> list:
    """Values the form never offers for ``option``: every type it is not, and numbers out of its offer."""
    if option.kind is bool:
        return [1, 0, "true", "", None, [], {}, 10**9]
    if option.kind is str:
        return [True, 1, 10**9, "x" * 4001, "", None, [], {}, *[c.upper() for c in option.choices]]
    offered = set(option.choices)
    inside = [v for v in range(min(offered), max(offered) + 1) if v not in offered][:3]  # the engine plays these
    return [True, False, *HUGE, max(offered) + 1, min(offered) - 1, *inside]


def options_of_every_game():
    return [(spec.name, option) for spec in registry.specs() for option in spec.options]


async def room_socket(user, game):
    room = await database_sync_to_async(services.create_room)(user, game, "Limites", time_limit=None)
    comm, connected, _ = await connect(user, f"/ws/rooms/{room.code}/")
    assert connected
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    return room, comm


async def answer_to(comm, message_id):
    msg, _ = await receive_until(comm, lambda m: m["type"] in ("ack", "error") and m.get("id") == message_id)
    return msg


@pytest.mark.parametrize(("game", "option"), options_of_every_game(), ids=lambda v: getattr(v, "name", v))
async def test_every_option_takes_only_what_the_form_offers(alice, game, option):
    room, comm = await room_socket(alice, game)
    before = (await database_sync_to_async(Room.objects.get)(pk=room.pk)).options
    for i, value in enumerate(attacks(option), start=1):
        await comm.send_json_to({"action": "options", "options": {option.name: value}, "id": i})
        msg = await answer_to(comm, i)
        assert (msg["type"], msg.get("code")) == ("error", "bad_options"), (option.name, value)
    assert (await database_sync_to_async(Room.objects.get)(pk=room.pk)).options == before
    offered = list(option.choices) if option.choices else [not option.default]
    for i, value in enumerate(offered, start=100):
        await comm.send_json_to({"action": "options", "options": {option.name: value}, "id": i})
        assert (await answer_to(comm, i))["type"] == "ack", (option.name, value)
        assert (await database_sync_to_async(Room.objects.get)(pk=room.pk)).options[option.name] == value
    await comm.disconnect()


@pytest.mark.parametrize("game", registry.NAMES)
async def test_the_time_per_move_takes_only_what_the_form_offers(alice, game):
    room, comm = await room_socket(alice, game)
    refused = [37, 121, 9, 10**9, int("9" * 4001), "9" * 4001, -10, "-10", 30.0, 30.5, True, "abc", [30], {"s": 30}]
    for i, value in enumerate(refused, start=1):
        await comm.send_json_to({"action": "options", "time_limit": value, "id": i})
        msg = await answer_to(comm, i)
        assert (msg["type"], msg.get("code")) == ("error", "bad_time_limit"), value
    assert (await database_sync_to_async(Room.objects.get)(pk=room.pk)).time_limit is None
    for i, value in enumerate(TIME_LIMITS, start=100):
        await comm.send_json_to({"action": "options", "time_limit": str(value) if i % 2 else value, "id": i})
        assert (await answer_to(comm, i))["type"] == "ack", value
        assert (await database_sync_to_async(Room.objects.get)(pk=room.pk)).time_limit == value
    await comm.disconnect()


async def test_the_lobby_form_and_the_socket_offer_the_same_time_limits():
    from rooms.forms import TIME_CHOICES

    assert [int(v) for v, _label in TIME_CHOICES if v.isdigit()] == list(TIME_LIMITS)
