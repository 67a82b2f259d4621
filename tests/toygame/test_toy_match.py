"""A fifth game plays whole matches through the site as it is: the services, a real server, a bot.

The toy game (this package) joins through ``games.registry.register``; nothing
under rooms/, accounts/, config/ or static/js/table.js knows it.
"""

import asyncio

import pytest

from games import registry
from rooms import services
from rooms.forms import RoomForm
from rooms.live import broadcast
from rooms.models import Match, PlayerStat, Room
from rooms.templatetags.mesa_table import table_strings
from tests.live import Client, autoplay, make_room, make_users
from tests.rooms.helpers import current, play_match
from tests.toygame.spec import SPEC

NAME = SPEC.name


@pytest.fixture
def toy_game():
    registry.register(SPEC)
    yield SPEC
    registry.unregister(NAME)


@pytest.fixture(autouse=True)
def quick_bots(settings):
    settings.BOT_DELAY_SECONDS = 0


@pytest.mark.django_db(transaction=True)
def test_a_person_and_a_bot_play_a_whole_match_through_the_services(toy_game, alice):
    room = services.create_room(alice, NAME, "Carta alta", time_limit="default", options={"target": 40})
    assert (room.seat_count, room.options, room.time_limit) == (2, {"target": 40}, None)
    services.add_bot(alice, room.code, 1, "hard")
    with pytest.raises(services.RoomError) as refused:
        services.add_bot(alice, room.code, 0, "easy")
    assert refused.value.code == "seat_taken"
    services.start_match(alice, room.code)
    play_match(room, alice, hands=40)
    room.refresh_from_db()
    match, hand = current(room)
    assert room.status == Room.Status.MATCH_OVER and match.status == Match.Status.OVER
    assert max(match.totals.values()) >= 40 and match.winners
    assert hand.number >= 2 and all(h.result["scores"] for h in match.hands.all())
    assert PlayerStat.objects.get(user=alice, game=NAME).played == 1
    snapshot = broadcast.room_snapshots(room.id, only_user=alice.id)
    # alice is not connected, so she gets nothing pushed; what she would see on connecting:
    assert snapshot == {} or snapshot[alice.id]["room"]["game"] == NAME
    last = room.last_move
    assert last["kind"] in ("move", "bot") and last["move"]["type"] == "play" and last["text"]


def test_the_new_games_table_strings_come_from_its_declaration(toy_game):
    strings = table_strings(NAME)
    assert strings["game"] == {"laid": "laid", "hand_label": "Your hand"} and strings["game_names"][NAME]


@pytest.mark.django_db
def test_the_lobby_offers_the_new_game_with_its_own_limits(toy_game):
    form = RoomForm()
    assert (NAME, "Carta Alta") in form.fields["game"].choices
    assert {20, 40} <= {v for v, _label in form.fields["target"].choices}
    assert NAME in form.fields["target"].widget.games["40"]


@pytest.mark.xdist_group("live")
def test_a_person_and_a_bot_play_a_whole_match_over_a_real_websocket(stack):
    """One daphne in the embedded mode, started with the toy game registered (tests/toygame/settings.py)."""
    stack.env.update({"DJANGO_SETTINGS_MODULE": "tests.toygame.settings", "MESA_BOT_DELAY_MS": "50"})
    stack.env.pop("REDIS_URL", None)
    stack.env.pop("DATABASE_URL", None)
    stack.migrate()
    users = make_users(stack.env, "alice")
    code = make_room(stack.env, "alice", NAME, options={"target": 20})
    daphne = stack.start_daphne()

    async def scenario():
        async with Client(daphne.port, users["alice"]["session"], code) as alice:
            first = await alice.until(lambda m: m["type"] == "snapshot")
            assert first["room"]["game"] == NAME and first["room"]["seat_count"] == 2
            assert (await alice.request("add_bot", seat=1, level="normal"))["type"] == "ack"
            assert (await alice.request("start"))["type"] == "ack"
            for _ in range(40):
                snap = await autoplay(alice, seat=0)
                if snap["room"]["status"] == "match_over":
                    return snap
                assert (await alice.request("next_hand"))["type"] == "ack"
                await alice.current(lambda s: s["room"]["status"] == "playing")
            raise AssertionError("the match did not end")

    final = asyncio.run(scenario())
    match = final["room"]["match"]
    assert match["status"] == "over" and match["winners"] and max(match["totals"].values()) >= 20
    assert final["room"]["seats"][1]["bot"] == "normal"
    assert daphne.alive(), stack.logs()
