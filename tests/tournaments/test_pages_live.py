"""A tournament's page live over the site socket: it follows the tournament, hears each change and its seat.

The socket is the real one (config.asgi, the test channel layer), as the other
site-socket tests use it; the tournament's changes are made by its services and
the arena's pass, which publish after commit.
"""

import pytest
from channels.db import database_sync_to_async

from tests.rooms.wsclient import connect, receive_until
from tournaments import arena, services

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def following(user, tournament, token=None):
    socket, connected, _ = await connect(user, "/ws/site/")
    assert connected
    await socket.receive_json_from(timeout=10)  # the pending invitations
    await socket.send_json_to({"action": "follow_tournament", "tournament": tournament.id, "t": token})
    first, _ = await receive_until(socket, lambda m: m["type"] == "tournament")
    return socket, first


async def test_standings_are_pushed_to_an_open_page_and_a_seated_player_is_told_their_table(alice, bob):
    tournament = await database_sync_to_async(services.create)(None, "rouba_monte", 30)
    page, first = await following(alice, tournament)
    assert first["tournament"] == tournament.id and first["standings"]["players"] == []
    assert first["you"]["kind"] == "out"
    await database_sync_to_async(services.join)(alice, tournament.id)
    joined, _ = await receive_until(page, lambda m: m["type"] == "tournament" and m["standings"]["players"])
    assert [p["user_id"] for p in joined["standings"]["players"]] == [alice.id]
    assert joined["you"]["kind"] == "before" and joined["version"] > first["version"]
    await database_sync_to_async(services.join)(bob, tournament.id)
    await database_sync_to_async(arena.tick)(tournament.id)
    notice, _ = await receive_until(page, lambda m: m["type"] == "tournament_table")
    assert notice["tournament"] == tournament.id and notice["room"] and notice["table"] == 1
    seated, _ = await receive_until(page, lambda m: m["type"] == "tournament" and m["you"]["kind"] == "seated")
    assert seated["you"]["room"] == notice["room"]
    assert {p["table"] for p in seated["standings"]["players"]} == {notice["room"]}
    await page.disconnect()


async def test_a_private_tournament_is_followed_only_with_its_link(alice, bob):
    secret = await database_sync_to_async(services.create)(alice, "rouba_monte", 30)
    socket, connected, _ = await connect(bob, "/ws/site/")
    await socket.receive_json_from(timeout=10)
    for bad in ({"tournament": secret.id}, {"tournament": secret.id, "t": "wrong"}, {"tournament": "1"}, {}):
        await socket.send_json_to({"action": "follow_tournament", **bad})
        refused = await socket.receive_json_from(timeout=10)
        assert refused["type"] == "error" and refused["code"] == "not_found"
    await socket.disconnect()
    page, first = await following(bob, secret, secret.token)
    assert first["tournament"] == secret.id
    await page.disconnect()
