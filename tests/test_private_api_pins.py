"""Pins on the private parts of libraries that Mesa's hot path relies on.

Four places use more than a library's public API, for speed:
- config/realtime.py publishes a group message with one Redis ``PUBLISH`` on the
  channel that channels-redis's pub/sub layer subscribes for the group, a name
  it builds itself (``RedisPubSubChannelLayer._get_group_channel_name``). If a
  release renamed it, broadcasts would go nowhere without any error.
- rooms/live/dispatch.py replaces Channels' ``AsyncConsumer.dispatch`` with one that
  skips its ``aclose_old_connections()`` hop; if a release made dispatch do
  more, our consumers would silently miss it.
- config/memory_layer.py (the embedded default's layer) overrides Channels'
  ``InMemoryChannelLayer._clean_expired`` and reads its ``groups``; a release that
  renamed them would bring the scan on every message back, or break group sends
  (tests/test_memory_layer.py checks the behaviour).
- rooms/queries.py compiles the move's statements once with Django's SQL
  compiler and builds the objects from its ``klass_info``, ``select`` and
  converters, and binds on the server with ``ServerBindingCursor``.
Each is pinned twice: by its behaviour (a message published our way arrives
through the layer; tests/rooms/test_compiled_queries.py compares the compiled
statements with the ORM on SQLite and PostgreSQL) and by the library version
it was checked on, so that an upgrade fails here and the checks are re-run.
"""

import asyncio
import time

import channels
import channels_redis
import django
import pytest
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.db.models.query import get_related_populators

from config import realtime
from rooms.models import Room
from tests.conftest import missing

# Library version (major.minor) -> what was checked on it. Change a version only after
# running this module and tests/rooms/test_compiled_queries.py on the new release.
CHECKED = {
    "django": ("5.2", django.__version__),
    "channels": ("4.3", channels.__version__),
    "channels_redis": ("4.3", channels_redis.__version__),
}


@pytest.mark.parametrize("library", sorted(CHECKED))
def test_the_private_parts_were_checked_on_this_release(library):
    checked, installed = CHECKED[library]
    assert installed.startswith(checked + "."), (
        f"{library} {installed} is installed; its private parts were checked on {checked}: "
        "re-run tests/test_private_api_pins.py and tests/rooms/test_compiled_queries.py, then update CHECKED"
    )


def test_our_group_channel_is_the_layers_own(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "x", "CONFIG": {"prefix": "mesa-pin"}}}

    async def names():
        layer = RedisPubSubChannelLayer(hosts=["redis://127.0.0.1:1/0"], prefix="mesa-pin")
        assert hasattr(layer, "_get_group_channel_name"), "channels-redis no longer names group channels this way"
        return {group: layer._get_group_channel_name(group) for group in ("lobby", "user-12-345")}

    for group, theirs in asyncio.run(names()).items():
        assert realtime.group_channel(group) == theirs


def test_a_message_published_our_way_reaches_the_group_through_the_layer(stack, settings, monkeypatch):
    try:
        url = stack.start_redis()
    except Exception as exc:  # the binary is missing
        missing(str(exc))
    settings.REDIS_URL = url
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "x", "CONFIG": {"hosts": [url], "prefix": "mesa-pin"}}}
    monkeypatch.setattr(realtime, "_client", None)
    message = {"type": "room.snapshot", "version": 7, "text": "{}"}

    async def round_trip():
        layer = RedisPubSubChannelLayer(hosts=[url], prefix="mesa-pin")
        channel = await layer.new_channel()
        await layer.group_add("user-1-2", channel)
        deadline = time.monotonic() + 20
        try:
            while time.monotonic() < deadline:
                # The subscription may still be on its way: publish again until one arrives.
                await asyncio.to_thread(realtime.publish_many, layer, [("user-1-2", message)])
                try:
                    return await asyncio.wait_for(layer.receive(channel), timeout=0.5)
                except TimeoutError:
                    continue
            return None
        finally:
            await layer.flush()

    try:
        assert asyncio.run(round_trip()) == message
    finally:
        realtime._client = None


@pytest.mark.django_db
def test_the_compiler_internals_queries_reads_are_there():
    compiler = Room.objects.select_related("host").filter(pk=1).query.get_compiler(using="default")
    sql, params = compiler.as_sql()
    assert "SELECT" in sql and list(params) == [1]
    info = compiler.klass_info
    assert info["model"] is Room and isinstance(info["select_fields"], list)
    assert len(compiler.select) >= compiler.col_count > 0
    fields = [s[0] for s in compiler.select[: compiler.col_count]]
    assert isinstance(compiler.get_converters(fields), dict)
    assert callable(compiler.apply_converters)
    assert len(get_related_populators(info, compiler.select, "default")) == 1  # the host


def test_the_server_binding_cursor_is_where_queries_takes_it():
    pytest.importorskip("psycopg")
    from django.db.backends.postgresql.base import ServerBindingCursor

    assert callable(ServerBindingCursor)


def test_channels_dispatch_does_only_what_ours_does_plus_the_hop():
    import inspect

    from channels.consumer import AsyncConsumer

    from lobby.consumers import LobbyConsumer, SiteConsumer
    from rooms.live.consumers import RoomConsumer
    from rooms.live.dispatch import DirectDispatch
    from rooms.live.echo import EchoConsumer

    lines = [line.strip() for line in inspect.getsource(AsyncConsumer.dispatch).splitlines()]
    body = [line for line in lines if line and not line.startswith(('"""', "Works out", "async def"))]
    assert body == [
        "handler = getattr(self, get_handler_name(message), None)",
        "if handler:",
        "await aclose_old_connections()",
        "await handler(message)",
        "else:",
        'raise ValueError("No handler for message type %s" % message["type"])',
    ], "Channels' dispatch changed: check rooms/live/dispatch.py against it"
    for consumer in (RoomConsumer, LobbyConsumer, SiteConsumer, EchoConsumer):
        assert consumer.dispatch is DirectDispatch.dispatch


def test_redis_py_parses_with_hiredis():
    """hiredis (requirements.txt) is what redis-py and channels-redis parse replies with."""
    from redis.connection import DefaultParser
    from redis.utils import HIREDIS_AVAILABLE

    assert HIREDIS_AVAILABLE and DefaultParser.__name__ == "_HiredisParser"
