"""The load harness stays working: a short run on a real stack, and the echo consumer.

The run is small (three rooms, one match each, bots with no delay) and asserts
only correctness: every match completes, no error, no move lost. The figures
themselves are measured with bench/load.py (docs/benchmarks.md).
"""

import asyncio
import json

import pytest
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import override_settings

from bench import load
from rooms.live.echo import EchoConsumer

pytestmark = pytest.mark.xdist_group("live")


def test_short_load_run_completes_every_match_with_no_error(services_stack):
    stack = services_stack
    stack.env.update({"MESA_BOT_DELAY_MS": "0", "LOG_LEVEL": "WARNING", "MESA_BENCH_ECHO": "1"})
    ports = [stack.start_daphne().port, stack.start_daphne().port]
    stack.start_worker()
    procs = load.Processes({p.name: p.popen.pid for p in stack.procs})
    counters = load.Counters(stack.env["REDIS_URL"], stack.env["DATABASE_URL"], None)

    async def scenario():
        echo = load.setup(stack.env, load.parse_args([]), 0, 1)["echo"]
        floor = await load.echo_floor(ports, echo[0]["session"], 10, 0.0, 64)
        assert floor["n"] == 2 * 5
        results = []
        for people, rooms in ((4, 1), (1, 2)):
            args = load.parse_args(["--mode", "open", "--people", str(people), "--matches", "1", "--duration", "40"])
            specs = load.setup(stack.env, args, rooms, 0)["rooms"]
            results.append(await load.measure(args, ports, specs, [echo[0]["session"]], procs, counters))
        return results

    four_people, with_bots = asyncio.run(scenario())
    for res in (four_people, with_bots):
        assert res["rooms_finished"] == res["rooms"], res
        assert res["matches_completed"] == res["rooms"], res
        assert res["errors"] == {}, res
        assert res["lost_answers"] == 0 and res["lost_snapshots"] == 0, res
        assert res["rtt_ms"]["n"] > 0 and res["moves"] > 0, res
    assert four_people["fanout_ms"]["n"] > 0
    assert with_bots["state_changes"].get("bot", 0) > 0, "the worker played no bot turn"
    assert all(p.alive() for p in stack.procs), stack.logs()


class _User:
    is_authenticated = True
    id = 7


@override_settings(CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}})
@pytest.mark.asyncio
# No query of its own, but Channels' disconnect checks the connections of its sync thread,
# which an earlier test may have left open (connections are kept between actions).
@pytest.mark.django_db(transaction=True)
async def test_echo_consumer_returns_each_message_through_the_channel_layer():
    channel_layers.backends.clear()
    comm = WebsocketCommunicator(EchoConsumer.as_asgi(), "/ws/echo/")
    comm.scope["user"] = _User()
    connected, _ = await comm.connect(timeout=30)
    assert connected
    for i in range(3):
        text = json.dumps({"n": i, "pad": "x" * 100})
        await comm.send_to(text_data=text)
        assert await comm.receive_from(timeout=2) == text
    await comm.disconnect()
    channel_layers.backends.clear()


@override_settings(CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}})
@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_echo_consumer_refuses_anonymous_sockets():
    channel_layers.backends.clear()
    comm = WebsocketCommunicator(EchoConsumer.as_asgi(), "/ws/echo/")
    comm.scope["user"] = AnonymousUser()
    connected, code = await comm.connect(timeout=30)
    assert not connected
    assert code == 4401
    channel_layers.backends.clear()
