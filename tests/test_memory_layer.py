"""config/memory_layer.py: the embedded default's channel layer sweeps expired messages once a second, not on every message."""

import asyncio
import time

import pytest
from channels.layers import InMemoryChannelLayer

from config.memory_layer import CLEAN_EVERY_SECONDS, MemoryChannelLayer

pytestmark = pytest.mark.asyncio


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def layer_with_clock(**kwargs) -> tuple[MemoryChannelLayer, Clock]:
    layer = MemoryChannelLayer(**kwargs)
    clock = Clock()
    layer.clock = clock
    return layer, clock


async def test_a_group_send_reaches_every_member_in_order():
    layer, _clock = layer_with_clock()
    names = [await layer.new_channel() for _ in range(3)]
    for name in names:
        await layer.group_add("room-1", name)
    for n in range(3):
        await layer.group_send("room-1", {"type": "room.update", "n": n})
    for name in names:
        got = [await asyncio.wait_for(layer.receive(name), 1) for _ in range(3)]
        assert [m["n"] for m in got] == [0, 1, 2]


async def test_each_member_gets_its_own_copy():
    layer, _clock = layer_with_clock()
    a, b = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("g", a)
    await layer.group_add("g", b)
    await layer.group_send("g", {"type": "x", "cards": ["7S"]})
    first = await layer.receive(a)
    first["cards"].append("8H")
    assert (await layer.receive(b))["cards"] == ["7S"]


async def test_a_full_member_misses_the_message_and_the_others_still_get_it():
    layer, _clock = layer_with_clock(capacity=1)
    full, other = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("g", full)
    await layer.group_add("g", other)
    await layer.send(full, {"type": "first"})
    await layer.group_send("g", {"type": "second"})
    assert (await layer.receive(full))["type"] == "first"
    assert (await layer.receive(other))["type"] == "second"
    assert full not in layer.channels  # nothing more was queued for it


async def test_expired_messages_go_at_the_next_sweep_and_take_their_channel_out_of_its_groups(monkeypatch):
    layer, _clock = layer_with_clock(expiry=60)
    gone, alive = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("g", gone)
    await layer.group_add("g", alive)
    await layer.send(gone, {"type": "old"})
    wall = time.time()
    monkeypatch.setattr(time, "time", lambda: wall + 61)  # the message's expiry is wall time, Channels' own
    await layer.group_send("g", {"type": "new"})  # the first sweep runs at once
    assert gone not in layer.groups["g"] and alive in layer.groups["g"]
    assert (await layer.receive(alive))["type"] == "new"


async def test_the_sweep_runs_at_most_once_a_second(monkeypatch):
    layer, clock = layer_with_clock()
    sweeps = []
    plain = InMemoryChannelLayer._clean_expired

    def counted(self):
        sweeps.append(clock.now)
        plain(self)

    monkeypatch.setattr(InMemoryChannelLayer, "_clean_expired", counted)
    name = await layer.new_channel()
    await layer.group_add("g", name)
    for _ in range(50):
        await layer.group_send("g", {"type": "x"})
        await layer.receive(name)
    clock.now += CLEAN_EVERY_SECONDS
    await layer.group_send("g", {"type": "x"})
    assert sweeps == [1000.0, 1000.0 + CLEAN_EVERY_SECONDS]
