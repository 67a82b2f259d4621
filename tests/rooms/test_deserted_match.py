"""A Crazy Eights or Buraco match whose only person left between hands ends there, recorded as it happened.

It once sat at "between hands" unable to deal (every deal needs a person)
until the room expired, or for as long as the leaver stayed to watch. Now the
match ends without a result: the leaver is rated as having left it (their
rating falls, the statistics count "Saiu"), the bots keep theirs, the table is
told, and the room is ready for a new match (docs/rooms.md).
"""

import pytest
from channels.db import database_sync_to_async

from ratings.models import RatingChange
from rooms import services
from rooms.live import snapshots
from rooms.models import Match, Participant, PlayerStat, Room
from tests.ratings.sockets import send, socket
from tests.rooms.helpers import play_hand, play_until_human

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False
    settings.BOT_DELAY_SECONDS = 0


@database_sync_to_async
def between_hands(alice, game):
    """A rated room of ``game``: alice and bots, its first hand played; the match goes on."""
    options = {"target": 200} if game == "crazy_eights" else {"target": 5000}
    room = services.create_room(alice, game, "Mesa", time_limit=None, options=options, seat_count=4)
    if game == "buraco":
        for seat in (1, 2, 3):
            services.add_bot(alice, room.code, seat, "easy")
    services.start_match(alice, room.code)
    play_hand(room, alice)
    room.refresh_from_db()
    assert room.status == Room.Status.HAND_OVER, "the first hand decided the match; the test needs a longer one"
    return room


@database_sync_to_async
def record_of(room, alice):
    room.refresh_from_db()
    match = Match.objects.get(room=room, number=1)
    change = RatingChange.objects.get(match=match, user=alice)
    stat = PlayerStat.objects.get(user=alice, game=room.game)
    rows = list(Participant.objects.filter(match=match, user=alice).values_list("ended", flat=True))
    codes = {e["code"]: e["text"] for e in room.events}
    return room, match, change, stat, rows, codes


@pytest.mark.parametrize("game", ["crazy_eights", "buraco"])
async def test_the_only_person_leaving_between_hands_ends_the_match(alice, game):
    room = await between_hands(alice, game)
    ws = await socket(alice, room)
    assert await send(ws, 1, action="leave") == "ack"
    room, match, change, stat, ended, codes = await record_of(room, alice)
    assert room.status == Room.Status.MATCH_OVER and match.status == Match.Status.ABANDONED
    assert match.ended_by_id is None  # nobody ended it: nobody was left to play it
    assert ended == [Participant.Ended.LEFT]
    assert change.left and change.shown_after < change.shown_before  # leaving still costs
    assert (stat.played, stat.won, stat.abandoned) == (1, 0, 1)
    assert "match_deserted" in codes
    entry = await database_sync_to_async(lambda: snapshots.match_entry(Match.objects.get(pk=match.pk), True))()
    assert entry["deserted"] and not entry["ended_early"]  # the result dialog says why there is no result
    words = codes["match_deserted"]  # the table's line, in each language
    assert words["pt-br"] == "Nenhuma pessoa ficou para jogar a partida 1: ela terminou sem resultado."
    assert words["en"] == "No person was left to play match 1: it ended without a result."
    # The room is ready for the next match: no stand-in left over, and alice may sit and deal again.
    seats = await database_sync_to_async(lambda: list(room.seats.order_by("index")))()
    assert not any(s.stand_in for s in seats)
    assert await send(ws, 2, action="sit", seat=0) == "ack"
    assert await send(ws, 3, action="start") == "ack"
    await ws.disconnect()


async def test_the_bots_finishing_a_hand_its_only_person_left_end_the_match(alice):
    room = await database_sync_to_async(
        lambda: services.create_room(alice, "crazy_eights", "Oitos", time_limit=None, options={"target": 200})
    )()
    ws = await socket(alice, room)
    assert await send(ws, 1, action="start") == "ack"
    assert await send(ws, 2, action="leave") == "ack"  # a stand-in bot plays alice's seat to the hand's end
    await database_sync_to_async(play_until_human)(room)
    room, match, change, _stat, ended, codes = await record_of(room, alice)
    assert room.status == Room.Status.MATCH_OVER and match.status == Match.Status.ABANDONED
    assert ended == [Participant.Ended.LEFT] and change.left and "match_deserted" in codes
    await ws.disconnect()


async def test_a_person_still_seated_keeps_the_match_going(alice, bob):
    room = await between_hands(alice, "crazy_eights")
    await database_sync_to_async(services.sit)(bob, room.code, 1)  # bob takes a bot's seat between hands
    ws = await socket(alice, room)
    assert await send(ws, 1, action="leave") == "ack"
    await database_sync_to_async(room.refresh_from_db)()
    assert room.status == Room.Status.HAND_OVER
    assert await database_sync_to_async(lambda: Match.objects.get(room=room).status)() == Match.Status.PLAYING
    assert await database_sync_to_async(services.next_hand)(bob, room.code)  # bob is host now and deals
    await ws.disconnect()
