"""Celery's broker on Redis as the stack configures it: what a task costs in Redis commands and client objects.

Counted against a real Redis with the settings the stack runs with
(config/settings.py read with REDIS_URL set): publishing a task is one
``LPUSH`` and builds no ``redis.Redis`` object (kombu built one per command,
config/redis_broker.py); taking a task and acknowledging it is the ``BRPOP``
alone, with no copy kept in Redis until the acknowledgement (ack emulation cost
eight commands in two transactions per task; a task lost with its worker is
the sweep's, docs/reliability.md).
"""

import runpy
import ssl
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import kombu
import pytest
import redis
from celery import Celery
from django.utils import timezone
from kombu.transport import redis as kombu_redis

from config import redis_broker
from tests.conftest import missing

SETTINGS = Path(__file__).resolve().parent.parent / "config" / "settings.py"
TASK = "rooms.tasks.run_deadline"
# kombu's private parts config/redis_broker.py relies on were checked on this release.
KOMBU_CHECKED = "5.7"


def stack_celery(monkeypatch, redis_url: str) -> Celery:
    """A Celery app configured from the stack's settings (REDIS_URL and DATABASE_URL set)."""
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("DATABASE_URL", "postgres://mesa@127.0.0.1:1/mesa")
    values = runpy.run_path(str(SETTINGS))
    app = Celery("mesa-broker-test", set_as_current=False)
    app.config_from_object(SimpleNamespace(**values), namespace="CELERY")
    return app


@pytest.fixture
def redis_url(stack):
    try:
        return stack.start_redis()
    except Exception as exc:  # the binary is missing
        missing(str(exc))


class Counted:
    """Redis commands run (INFO commandstats, INFO itself left out) and redis.Redis objects built."""

    def __init__(self, url: str, monkeypatch):
        self.probe = redis.Redis.from_url(url)
        self.clients = 0
        built = redis.Redis.__init__

        def counting_init(client, *args, **kwargs):
            self.clients += 1
            built(client, *args, **kwargs)

        self._stats0 = self._stats()
        monkeypatch.setattr(redis.Redis, "__init__", counting_init)

    def _stats(self) -> Counter:
        stats = self.probe.info("commandstats")
        return Counter({k.removeprefix("cmdstat_"): v["calls"] for k, v in stats.items()})

    def commands(self) -> Counter:
        delta = self._stats() - self._stats0
        delta.pop("info", None)
        return delta


def publish(app: Celery, count: int) -> None:
    eta = timezone.now() + timedelta(minutes=5)
    for version in range(count):
        app.send_task(TASK, (1, version), eta=eta)


def test_kombu_is_the_release_its_private_parts_were_checked_on():
    assert kombu.__version__.startswith(KOMBU_CHECKED + "."), (
        f"kombu {kombu.__version__} is installed; config/redis_broker.py was checked on {KOMBU_CHECKED}: "
        "check Channel.conn_or_acquire and _create_client there, run this module, then update KOMBU_CHECKED"
    )
    assert callable(kombu_redis.Channel._create_client)
    assert redis_broker.Channel.conn_or_acquire is not kombu_redis.Channel.conn_or_acquire


def test_the_stack_uses_the_transport_with_one_client_per_channel(monkeypatch, redis_url):
    app = stack_celery(monkeypatch, redis_url)
    with app.connection_for_write() as connection:
        assert isinstance(connection.transport, redis_broker.Transport)
        assert connection.default_channel.ack_emulation is False


def test_publishing_a_task_is_one_lpush_and_builds_no_client(monkeypatch, redis_url):
    app = stack_celery(monkeypatch, redis_url)
    publish(app, 1)  # the producer's connection, channel and queue declaration, once
    counted = Counted(redis_url, monkeypatch)
    publish(app, 20)
    assert counted.commands() == Counter({"lpush": 20})
    assert counted.clients == 0
    assert counted.probe.llen("celery") == 21


def test_taking_and_acknowledging_a_task_is_one_brpop_and_keeps_no_copy(monkeypatch, redis_url):
    app = stack_celery(monkeypatch, redis_url)
    publish(app, 5)
    received = []

    def on_message(body, message):
        received.append(body)
        message.ack()

    with app.connection_for_read() as connection:
        consumer = connection.Consumer(app.amqp.queues[app.conf.task_default_queue], callbacks=[on_message])
        with consumer:
            connection.drain_events(timeout=10)  # the first BRPOP goes out with its channel set up
            counted = Counted(redis_url, monkeypatch)
            deadline = time.monotonic() + 20
            while len(received) < 5 and time.monotonic() < deadline:
                connection.drain_events(timeout=10)
            commands, clients = counted.commands(), counted.clients
    assert len(received) == 5
    # One BRPOP per task taken, and at most one more left waiting when the loop stopped.
    assert set(commands) == {"brpop"} and 4 <= commands["brpop"] <= 5, commands
    assert clients == 0
    assert not counted.probe.exists("unacked", "unacked_index")


def test_a_rediss_url_asks_for_verified_tls(monkeypatch):
    app = stack_celery(monkeypatch, "rediss://cache.example:6380/0")
    assert app.conf.broker_use_ssl == {"ssl_cert_reqs": ssl.CERT_REQUIRED}
    connection = app.connection_for_write()
    assert connection.ssl == {"ssl_cert_reqs": ssl.CERT_REQUIRED}
    assert connection.transport_cls == "config.redis_broker:Transport"


def test_celery_reads_its_settings_from_a_copy_not_through_djangos_settings(monkeypatch):
    from django.conf import LazySettings, settings

    from config.celery import app

    names = [name for name in dir(settings) if name.startswith("CELERY_")]
    assert names and all(app.conf[name.removeprefix("CELERY_").lower()] == getattr(settings, name) for name in names)
    lookups = Counter()
    looked_up = LazySettings.__getattr__

    def counting_getattr(self, name):
        lookups[name] += 1
        return looked_up(self, name)

    monkeypatch.setattr(LazySettings, "__getattr__", counting_getattr)
    # What publishing a task reads, present in the settings or left to Celery's defaults.
    read = [
        (app.conf.task_serializer, app.conf.task_compression, app.conf.task_publish_retry_policy) for _ in range(50)
    ]
    assert read[0] == ("json", None, app.conf.task_publish_retry_policy)
    assert not lookups


def test_a_deadline_on_a_fresh_redis_is_one_lpush_into_the_queue_workers_read(monkeypatch, redis_url):
    """Without a declaration the task still lands in the default queue's list, on a Redis that has none."""
    from rooms.tasks import deadline_options

    app = stack_celery(monkeypatch, redis_url)
    counted = Counted(redis_url, monkeypatch)
    app.send_task(TASK, (4, 9), **deadline_options(4, 9))
    commands = counted.commands()
    commands.pop("ping", None)  # the producer's new connection checks it is alive
    assert commands == Counter({"lpush": 1})
    assert counted.probe.llen(app.conf.task_default_queue) == 1


def test_scheduling_a_deadline_computes_no_repr_and_declares_no_queue(monkeypatch):
    import celery.app.amqp
    import kombu.messaging
    from celery.utils.saferepr import saferepr

    from config.celery import app
    from rooms import tasks

    calls = Counter()
    for module, name in ((kombu.messaging, "maybe_declare"), (celery.app.amqp, "saferepr")):
        real = getattr(module, name)

        def counting(*args, _name=name, _real=real, **kwargs):
            calls[_name] += 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(module, name, counting)
    # What the producer is handed, read there: which broker this process's app last
    # connected to (an earlier test's stack, the in-memory one) is not what is tested.
    published = []
    real_publish = kombu.messaging.Producer.publish

    def capturing(producer, body, *args, **kwargs):
        published.append((body, kwargs))
        return real_publish(producer, body, *args, **kwargs)

    monkeypatch.setattr(kombu.messaging.Producer, "publish", capturing)
    tasks.schedule_deadline(None, room_id=5, version=7, eta=timezone.now() + timedelta(minutes=1))
    assert not calls
    assert len(published) == 1
    body, sent = published[0]
    assert sent["headers"]["task"] == TASK and sent["routing_key"] == app.conf.task_default_queue
    assert (sent["headers"]["argsrepr"], sent["headers"]["kwargsrepr"]) == (saferepr((5, 7)), saferepr({}))
    assert list(body[0]) == [5, 7]
