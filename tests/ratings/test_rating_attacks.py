"""The ways once found to dodge a loss, replayed over the room socket: each must cost what leaving costs.

- Seat-hop between hands (Crazy Eights): leave during ``hand_over``, sit on the
  leader's seat or a friend's stand-in seat, ``next_hand``: it once ended 2nd, +97. Replayed
  mid-hand and in ``hand_over`` itself, after a hand played out.
- Switching partnership (Buraco): leave one partnership, reserve a seat of the other.
- The host's ``new_match`` that abandoned a losing rated match (Rouba Monte,
  Stealing Bundles): it once erased the loss and the opponents' win; now the
  match is rated on its standings of then, the host as having left it.

One seat per person per match (docs/ratings.md): sitting again in the same
match is refused (``left_this_match``), and the leaver is rated last, alone.
"""

import pytest
from channels.db import database_sync_to_async

from ratings.models import Rating, RatingChange
from rooms import services
from rooms.models import Match, PlayerStat, Room
from tests.ratings.sockets import send, socket
from tests.rooms.helpers import engine_options, play_hand

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False
    # Bots' deadlines due at once: the helpers fire them in a bounded loop, which must not race the clock.
    settings.BOT_DELAY_SECONDS = 0


@database_sync_to_async
def crazy_eights_being_played(alice, bob):
    """A rated Crazy Eights room (a long target): alice, bob, two easy bots, a hand being played; bob left it."""
    room = engine_options(
        services.create_room(alice, "crazy_eights", "Oitos", time_limit=None, seat_count=4), target=10_000
    )
    services.sit(bob, room.code, 1)
    for seat in (2, 3):
        services.add_bot(alice, room.code, seat, "easy")
    services.start_match(alice, room.code)
    services.leave(bob, room.code)  # a friend's seat, kept by a stand-in bot for the match
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING
    return room


@pytest.mark.parametrize("target_seat", [1, 2], ids=["a-friends-stand-in-seat", "a-bots-seat"])
async def test_leaving_between_hands_and_sitting_elsewhere_is_refused_and_rated_as_leaving(alice, bob, target_seat):
    room = await crazy_eights_being_played(alice, bob)
    alice_ws = await socket(alice, room)
    assert await send(alice_ws, 1, action="leave") == "ack"
    assert await send(alice_ws, 2, action="sit", seat=target_seat) == "left_this_match"
    seats = await database_sync_to_async(lambda: {s.index: s.user_id for s in room.seats.all()})()
    assert alice.id not in seats.values()
    await alice_ws.disconnect()
    await database_sync_to_async(services.close_room)(room.id)  # the match ends: who left pays for it
    match = await database_sync_to_async(Match.objects.get)(room=room)
    changes = await database_sync_to_async(lambda: {c.user_id: c for c in RatingChange.objects.filter(match=match)})()
    assert set(changes) == {alice.id, bob.id} and changes[alice.id].left and changes[bob.id].left
    assert changes[alice.id].shown_after < changes[alice.id].shown_before
    stats = await database_sync_to_async(lambda: {s.user_id: s for s in PlayerStat.objects.all()})()
    assert (stats[alice.id].played, stats[alice.id].won, stats[alice.id].abandoned) == (1, 0, 1)


async def test_leaving_a_buraco_partnership_for_the_other_is_refused(alice):
    room = await database_sync_to_async(services.create_room)(alice, "buraco", "Mesa")
    for seat in (1, 2, 3):
        await database_sync_to_async(services.add_bot)(alice, room.code, seat, "easy")
    await database_sync_to_async(services.start_match)(alice, room.code)
    alice_ws = await socket(alice, room)
    assert await send(alice_ws, 1, action="leave") == "ack"  # a stand-in keeps partnership 0 for the hand
    for seat in (1, 3):  # the other partnership's bots
        assert await send(alice_ws, 10 + seat, action="sit", seat=seat) == "left_this_match"
    reserved = await database_sync_to_async(lambda: [s.reserved_by_id for s in room.seats.all()])()
    assert reserved == [None] * 4
    await alice_ws.disconnect()


@pytest.mark.parametrize("game", ["rouba_monte", "stealing_bundles"])
async def test_the_hosts_new_match_rates_the_host_as_having_left_and_everyone_on_the_standings(alice, bob, game):
    room = await database_sync_to_async(services.create_room)(alice, game, "Mesa", time_limit=None)
    await database_sync_to_async(services.sit)(bob, room.code, 1)
    for seat in (2, 3):
        await database_sync_to_async(services.add_bot)(alice, room.code, seat, "hard")
    alice_ws = await socket(alice, room)
    assert await send(alice_ws, 1, action="start") == "ack"
    assert await send(alice_ws, 2, action="new_match") == "ack"
    await alice_ws.disconnect()
    first = await database_sync_to_async(Match.objects.get)(room=room, number=1)
    assert (first.status, first.ended_by_id) == (Match.Status.ABANDONED, alice.id)
    changes = await database_sync_to_async(lambda: list(RatingChange.objects.filter(match=first)))()
    assert sorted((c.user_id, c.left) for c in changes) == [(alice.id, True), (bob.id, False)]
    hosts = next(c for c in changes if c.user_id == alice.id)
    assert hosts.shown_after < hosts.shown_before
    bobs = await database_sync_to_async(lambda: list(Rating.objects.filter(user=bob).values_list("shown", "matches")))()
    assert [matches for _shown, matches in bobs] == [1]  # bob is rated on the standings of then
    stats = await database_sync_to_async(
        lambda: {s.user_id: (s.played, s.won, s.abandoned) for s in PlayerStat.objects.all()}
    )()
    assert stats == {alice.id: (1, 0, 1), bob.id: (1, 0, 0)}


@database_sync_to_async
def crazy_eights_between_hands(alice):
    """The issue's room: rated Crazy Eights, a long target, alice and three easy bots, hand 1 played out."""
    room = engine_options(
        services.create_room(alice, "crazy_eights", "Oitos", time_limit=None, seat_count=4), target=10_000
    )
    for seat in (1, 2, 3):
        services.add_bot(alice, room.code, seat, "easy")
    services.start_match(alice, room.code)
    play_hand(room, alice)
    room.refresh_from_db()
    assert room.status == Room.Status.HAND_OVER
    return room


@pytest.mark.parametrize("target_seat", [0, 1])
async def test_the_seat_hop_during_hand_over_is_refused_and_costs_what_leaving_costs(alice, target_seat):
    room = await crazy_eights_between_hands(alice)
    alice_ws = await socket(alice, room)
    assert await send(alice_ws, 1, action="leave") == "ack"
    # Nobody is left to deal to: the match ends there with alice as its leaver (docs/rooms.md), so
    # the hop that once ended it with alice 2nd cannot happen; she sits again only for the next match.
    await database_sync_to_async(room.refresh_from_db)()
    assert room.status == Room.Status.MATCH_OVER
    assert await send(alice_ws, 2, action="sit", seat=target_seat) == "ack"
    assert await send(alice_ws, 3, action="next_hand") == "no_hand_to_deal"
    await alice_ws.disconnect()
    await database_sync_to_async(services.close_room)(room.id)
    match = await database_sync_to_async(Match.objects.get)(room=room)
    changes = await database_sync_to_async(lambda: list(RatingChange.objects.filter(match=match)))()
    assert [(c.user_id, c.left) for c in changes] == [(alice.id, True)]
    assert changes[0].shown_after < changes[0].shown_before
    stats = await database_sync_to_async(lambda: {s.user_id: s for s in PlayerStat.objects.all()})()
    assert (stats[alice.id].played, stats[alice.id].won, stats[alice.id].abandoned) == (1, 0, 1)
