"""Whole matches over real WebSockets against a real daphne (embedded mode).

One person plus bots in every game, four people in Rouba Monte, and a server
restart in the middle of a match: the history, the scores and the state are
all in the database, so the table comes back exactly as it was.
"""

import asyncio

import pytest

from tests.live import Client, autoplay, make_room, make_users

pytestmark = pytest.mark.xdist_group("live")

GAMES = {
    "rouba_monte": ({}, ("match_over",)),
    "stealing_bundles": ({}, ("match_over",)),
    "crazy_eights": ({}, ("match_over", "hand_over")),
    "buraco": ({"target": 1500}, ("match_over", "hand_over")),
}


@pytest.fixture
def site(stack):
    stack.env.update({"MESA_BOT_DELAY_MS": "0", "MESA_SWEEP_SECONDS": "1"})
    stack.env.pop("REDIS_URL", None)
    stack.env.pop("DATABASE_URL", None)
    stack.migrate()
    return stack


def run(coro):
    """asyncio.run in a thread of its own, whatever loop the test process holds."""
    import threading

    box = {}

    def target():
        try:
            box["value"] = asyncio.run(coro)
        except BaseException as exc:  # re-raised in the test's thread
            box["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box.get("value")


@pytest.mark.parametrize("game", list(GAMES))
def test_one_person_and_bots_play_to_the_end_over_websockets(site, game):
    options, ends = GAMES[game]
    users = make_users(site.env, "alice")
    code = make_room(site.env, "alice", game, options=options, time_limit=None)
    daphne = site.start_daphne()

    async def scenario():
        async with Client(daphne.port, users["alice"]["session"], code) as alice:
            snap = await alice.current()
            for seat in range(1, snap["room"]["seat_count"]):
                assert (await alice.request("add_bot", seat=seat, level="normal"))["type"] == "ack"
            assert (await alice.request("start"))["type"] == "ack"
            last = await autoplay(alice, 0, until_status=ends, timeout=240)
            errors = [m for m in alice.received if m["type"] == "error"]
            assert not errors, errors
            return last

    last = run(scenario())
    assert last["room"]["status"] in ends
    assert last["room"]["history"], "the finished hand is in the history"
    if last["room"]["status"] == "match_over":
        assert last["room"]["match"]["seed"] and last["room"]["match"]["winners"] is not None


def test_four_people_play_a_whole_match(site):
    names = ("ana", "bia", "caio", "duda")
    users = make_users(site.env, *names)
    code = make_room(site.env, "ana", "rouba_monte", time_limit=None)
    daphne = site.start_daphne()

    async def scenario():
        clients = [Client(daphne.port, users[n]["session"], code) for n in names]
        for client in clients:
            await client.__aenter__()
        try:
            for seat, client in enumerate(clients):
                await client.current()
                if seat:
                    assert (await client.request("sit", seat=seat))["type"] == "ack"
            await clients[0].current(lambda s: all(x["user_id"] for x in s["room"]["seats"]))
            assert (await clients[0].request("start"))["type"] == "ack"
            lasts = await asyncio.gather(
                *(autoplay(c, seat, until_status=("match_over",)) for seat, c in enumerate(clients))
            )
            versions = {last["room"]["state_version"] for last in lasts}
            assert len(versions) == 1, "every seat ends on the same state"
            return lasts
        finally:
            for client in clients:
                await client.__aexit__(None, None, None)

    lasts = run(scenario())
    assert all(last["room"]["status"] == "match_over" for last in lasts)


def test_history_scores_and_state_survive_a_server_restart(site):
    users = make_users(site.env, "alice", "bob")
    # Two seats, two people: no bot moves between the last snapshot and the kill.
    code = make_room(site.env, "alice", "crazy_eights", time_limit=None, seat_count=2)
    first = site.start_daphne()

    async def before():
        async with (
            Client(first.port, users["alice"]["session"], code) as alice,
            Client(first.port, users["bob"]["session"], code) as bob,
        ):
            await alice.current()
            await bob.current()
            assert (await bob.request("sit", seat=1))["type"] == "ack"
            assert (await alice.request("start"))["type"] == "ack"
            await asyncio.gather(
                autoplay(alice, 0, until_status=("hand_over", "match_over"), timeout=180),
                autoplay(bob, 1, until_status=("hand_over", "match_over"), timeout=180),
            )
            snap = await alice.current(lambda s: s["room"]["status"] in ("hand_over", "match_over"))
            if snap["room"]["status"] == "hand_over":
                assert (await alice.request("next_hand"))["type"] == "ack"
                snap = await alice.current(lambda s: s["room"]["status"] == "playing")
            return snap

    before_restart = run(before())
    first.kill()  # kill -9: nothing is flushed on the way out
    second = site.start_daphne()

    async def after():
        async with Client(second.port, users["alice"]["session"], code) as alice:
            return await alice.current()

    after_restart = run(after())
    for key in ("state_version", "history", "status", "dealer"):
        assert after_restart["room"][key] == before_restart["room"][key]
    assert after_restart["room"]["match"]["totals"] == before_restart["room"]["match"]["totals"]
    assert after_restart["view"]["hand"] == before_restart["view"]["hand"]
