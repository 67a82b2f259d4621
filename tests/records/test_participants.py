"""Each hand records who held each seat, from which move: the deal, a stand-in, a reservation taken."""

import pytest
from django.utils import translation

from games import registry
from rooms import services, table
from rooms.models import Hand, Match, Participant, PlayerStat
from tests.records.conftest import play_leaver_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_first_hand_names_who_was_dealt_in_and_the_stand_in(leaver_match, alice, bob):
    room, match = leaver_match
    first = match.hands.get(number=1)
    rows = list(first.participants.order_by("seat", "from_move"))
    seat1 = [r for r in rows if r.seat == 1]
    assert [(r.user_id, r.name, r.bot_level, r.joined) for r in seat1] == [
        (bob.id, "Bruno", "", Participant.Joined.DEAL),
        (None, "", "normal", Participant.Joined.STAND_IN),
    ]
    assert seat1[0].ended == Participant.Ended.LEFT
    assert seat1[0].until_move == seat1[1].from_move > 0
    before = [m["by"] for m in first.moves[: seat1[0].until_move] if m["seat"] == seat1[0].engine_seat]
    after = [m["by"] for m in first.moves[seat1[1].from_move :] if m["seat"] == seat1[1].engine_seat]
    assert set(before) == {"bob"} and after and set(after) == {"bot:normal"}
    assert [r.name for r in rows if r.seat == 0] == ["alice"]
    assert [r.bot_level for r in rows if r.seat == 3] == ["normal"]


def test_the_reserved_seat_is_taken_at_the_next_deal(leaver_match, charlie):
    room, match = leaver_match
    second = match.hands.get(number=2)
    row = second.participants.get(seat=3)
    assert (row.user_id, row.name, row.joined, row.from_move) == (
        charlie.id,
        "charlie",
        Participant.Joined.RESERVATION,
        0,
    )
    assert second.participants.get(seat=1).bot_level == "easy"


def test_everyone_who_played_is_a_player_of_the_match(leaver_match, alice, bob, charlie):
    room, match = leaver_match
    assert set(match.players.values_list("username", flat=True)) == {"alice", "bob", "charlie"}


def test_the_leaver_statistics_count_the_match(leaver_match, alice, bob, charlie):
    room, match = leaver_match
    assert match.status == Match.Status.OVER
    bob_stat = PlayerStat.objects.get(user=bob, game="buraco")
    assert (bob_stat.played, bob_stat.won, bob_stat.abandoned) == (1, 0, 1)
    alice_won = "0" in match.winners
    alice_stat = PlayerStat.objects.get(user=alice, game="buraco")
    assert (alice_stat.played, alice_stat.won, alice_stat.abandoned) == (1, int(alice_won), 0)
    charlie_stat = PlayerStat.objects.get(user=charlie, game="buraco")
    assert (charlie_stat.played, charlie_stat.won, charlie_stat.abandoned) == (1, int("1" in match.winners), 0)


def test_a_match_counts_for_the_leaver_after_its_early_hands_are_deleted(monkeypatch, alice, bob, charlie):
    monkeypatch.setattr(table, "HISTORY_KEEP", 1)  # the room keeps one hand: hand 1 goes at the next deal
    room, match = play_leaver_match(alice, bob, charlie)
    assert not Hand.objects.filter(match=match, number=1).exists()
    assert match.participants.filter(hand_number=1, user=bob, hand__isnull=True).exists()
    bob_stat = PlayerStat.objects.get(user=bob, game="buraco")
    assert (bob_stat.played, bob_stat.abandoned) == (1, 1)


def test_a_match_closed_unfinished_counts_as_played_and_the_leaver_as_abandoned(alice, bob):
    room = services.create_room(alice, "crazy_eights", "Closed", time_limit=None, seat_count=3)
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "easy")
    services.start_match(alice, room.code)
    services.leave(bob, room.code)
    assert services.close_room(room.id)
    match = room.matches.get()
    assert match.status == Match.Status.ABANDONED
    stats = {s.user.username: (s.played, s.won, s.abandoned) for s in PlayerStat.objects.select_related("user")}
    assert stats == {"alice": (1, 0, 0), "bob": (1, 0, 1)}


def test_a_host_who_left_cannot_come_back_in_another_seat_and_counts_as_having_left(alice, bob):
    from rooms.errors import RoomError
    from tests.rooms.helpers import engine_options, play_hand

    # A 300-point target: the match outlasts its first hand.
    room = engine_options(
        services.create_room(alice, "crazy_eights", "Back again", time_limit=None, seat_count=3), target=300
    )
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    services.leave(alice, room.code)  # a stand-in plays seat 0 to the end of the match
    with pytest.raises(RoomError) as refused:
        services.sit(alice, room.code, 2)  # one seat per person per match
    assert refused.value.code == "left_this_match"
    for _ in range(80):
        play_hand(room, {1: bob})
        room.refresh_from_db()
        if room.status == room.Status.MATCH_OVER:
            break
        services.next_hand(room.host, room.code)
    match = room.matches.get()
    assert match.status == Match.Status.OVER
    assert not match.participants.filter(user=alice, seat=2).exists()
    first = match.participants.filter(hand_number=1, seat=0).order_by("from_move")
    assert [(p.user_id, p.joined) for p in first] == [(alice.id, "deal"), (None, "stand_in")]
    stat = PlayerStat.objects.get(user=alice, game="crazy_eights")
    assert (stat.played, stat.won, stat.abandoned) == (1, 0, 1)


def test_a_stand_in_kept_to_the_next_hand_is_recorded_as_a_stand_in(alice, bob):
    from tests.rooms.helpers import engine_options, play_hand

    room = engine_options(
        services.create_room(alice, "crazy_eights", "Kept", time_limit=None, seat_count=2), target=300
    )
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    services.leave(bob, room.code)
    play_hand(room, {0: alice})
    room.refresh_from_db()
    assert room.status == room.Status.HAND_OVER
    services.next_hand(alice, room.code)
    second = room.matches.get().hands.get(number=2)
    row = second.participants.get(seat=1)
    assert (row.user_id, row.bot_level, row.joined) == (None, "normal", Participant.Joined.STAND_IN)


def alice_and_bruno(alice, bob):
    """A Crazy Eights match of alice and bob, shown as "Bruno", just dealt."""
    bob.display_name = "Bruno"
    bob.save()
    room = services.create_room(alice, "crazy_eights", "Two", time_limit=None, seat_count=2)
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    return room


def test_the_table_log_entry_names_the_mover_as_the_seat_was_held_and_says_it_in_both_languages(alice, bob):
    from tests.rooms.helpers import human_auto_move, turn_seat

    room = alice_and_bruno(alice, bob)
    room.refresh_from_db()
    assert room.last_move["kind"] == "deal" and set(room.last_move["text"]) == {"pt-br", "en"}
    mover = {0: alice, 1: bob}[turn_seat(room)]
    human_auto_move(room, mover)
    room.refresh_from_db()
    last = room.last_move
    assert last["name"] == mover.shown_name
    assert last["text"]["pt-br"].startswith(mover.shown_name + " ")
    assert last["text"]["en"].startswith(mover.shown_name + " ")
    assert last["text"]["pt-br"] != last["text"]["en"]
    services.leave(bob, room.code)
    room.refresh_from_db()
    assert room.last_move["kind"] == "stand_in" and room.last_move["name"] == "Bruno"
    assert room.last_move["text"]["en"] == "A bot now plays for Bruno."


def test_the_history_names_each_hands_holders_as_recorded(leaver_match, bob):
    room, match = leaver_match
    room.refresh_from_db()
    first = next(h for h in room.history if h["match"] == match.pk and h["number"] == 1)
    seat1 = first["players"]["1"]
    assert seat1[0]["name"] == "Bruno" and seat1[0]["until_move"] == seat1[1]["from_move"]
    assert seat1[1]["bot"] == "normal" and seat1[1]["stand_in"] is True and seat1[1]["from_move"] > 0
    second = next(h for h in room.history if h["match"] == match.pk and h["number"] == 2)
    assert second["players"]["3"] == [{"name": "charlie"}]


def test_profiles_name_the_real_winners_and_tables_after_the_seats_changed(leaver_match, alice, bob, charlie):
    from players import records
    from rooms.models import Seat

    room, match = leaver_match
    services.close_room(room.id)
    Seat.objects.filter(room=room).update(user=None, bot_level="normal")  # today: bots everywhere
    with translation.override("en"):
        alice_line = records.recent_matches(alice)[0]
        bob_line = records.recent_matches(bob)[0]
        charlie_line = records.recent_matches(charlie)[0]
    team_one_won = "1" in match.winners
    assert alice_line.winners == (["Bot (easy) & charlie"] if team_one_won else ["alice & Bot (normal)"])
    assert (alice_line.outcome, charlie_line.outcome) == (("lost", "won") if team_one_won else ("won", "lost"))
    assert alice_line.partners == ["Bot (normal)"]
    assert alice_line.opponents == ["Bruno", "Bot (normal) standing in", "Bot (normal)", "Bot (easy)", "charlie"]
    assert charlie_line.partners == ["Bruno", "Bot (normal) standing in", "Bot (easy)"]
    assert bob_line.outcome == "abandoned" and bob_line.outcome_label == "Left before the end"
    assert bob_line.partners == ["Bot (normal)", "charlie"]


def test_the_snapshot_names_who_held_each_seat_of_the_hand_being_played(alice, bob):
    from rooms.live import snapshots
    from rooms.models import Room

    room = alice_and_bruno(alice, bob)
    services.leave(bob, room.code)
    room = Room.objects.select_related("current_match", "current_hand").get(pk=room.pk)
    part = snapshots.room_entry(room, list(room.seats.all()), room.current_match, room.current_hand, set(), None, [])
    assert part["players"]["0"] == [{"name": "alice"}]
    assert part["players"]["1"][0] == {"name": "Bruno", "until_move": 0}
    assert part["players"]["1"][1] == {"bot": "normal", "stand_in": True}


def test_the_reloaded_log_names_past_moves_after_who_made_them_not_who_sits_there_now(alice, bob):
    from rooms.live import snapshots
    from rooms.models import Room
    from tests.rooms.helpers import human_auto_move, play_until_human, turn_seat

    room = alice_and_bruno(alice, bob)
    people = {0: alice, 1: bob}
    while True:  # until Bruno has made a move of his own
        play_until_human(room)
        room.refresh_from_db()
        mover = people[turn_seat(room)]
        human_auto_move(room, mover)
        if mover == bob:
            break
    services.leave(bob, room.code)  # a bot plays seat 2 from here on
    for _ in range(50):  # until the bot has moved (a turn may take two steps: a draw, then play or keep)
        play_until_human(room)
        room = Room.objects.select_related("current_match", "current_hand").get(pk=room.pk)
        if any(entry["seat"] == 1 and entry["kind"] == "bot" for entry in room.current_hand.moves):
            break
        human_auto_move(room, alice)
    hand = room.current_hand
    engine = registry.get("crazy_eights")
    log = snapshots.public_log(engine, hand, engine.from_json(hand.state))
    by_seat_1 = [entry for entry in log[1:] if entry["seat"] == 1 and entry["kind"] in ("move", "bot")]
    names = [entry["name"] for entry in by_seat_1]
    assert "Bruno" in names and "Bot 2" in names, log
    assert names == sorted(names, key=lambda name: name != "Bruno"), "Bruno's moves come before the bot's"
    for entry in log[1:]:
        if entry["seat"] == 0:
            assert entry["name"] == "alice"


def test_a_match_end_counts_everyone_in_one_statement_per_kind_of_outcome(leaver_match):
    """Inside the locked move that ends a match: not two statements per person."""
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from rooms.records import participants

    room, match = leaver_match
    kinds = set(participants.match_outcomes(match, teams=True).values())
    assert len(kinds) >= 2  # bob abandoned, the others won or lost
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        participants.record_match_end(match, teams=True)
        transaction.set_rollback(True)
    stats = [q["sql"] for q in queries.captured_queries if "rooms_playerstat" in q["sql"]]
    assert len(stats) == 1 + len(kinds), "\n".join(stats)
