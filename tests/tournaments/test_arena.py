"""Tournaments through their services and passes, with real rooms played by the room services (SQLite)."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from accounts.models import User
from friends.models import Block
from lobby import quick_play
from rooms import services as rooms
from rooms.errors import RoomError
from rooms.models import Room, Seat
from tests.rooms.helpers import human_auto_move, play_hand, turn_seat
from tournaments import arena, services, standings
from tournaments.errors import TournamentError
from tournaments.models import Entry, TableResult, Tournament, TournamentTable, Trophy

pytestmark = pytest.mark.django_db


def fresh(entry):
    return Entry.objects.get(pk=entry.pk)


def tables_of(tournament):
    return list(TournamentTable.objects.filter(tournament=tournament).select_related("room").order_by("number"))


def seated(room):
    return {s.index: s.user for s in Seat.objects.filter(room=room).select_related("user") if s.user_id}


def test_bad_input_is_refused_with_a_clear_error_and_nothing_stored(alice):
    cases = [
        (dict(game="chess", minutes=30), "bad_game"),
        (dict(game="buraco", minutes=30, options={"target": 12}), "bad_options"),
        (dict(game="buraco", minutes=30, table_size=2), "bad_table_size"),
        (dict(game="rouba_monte", minutes=5), "bad_minutes"),
        (dict(game="rouba_monte", minutes=181), "bad_minutes"),
        (dict(game="rouba_monte", minutes="x"), "bad_minutes"),
        (dict(game="rouba_monte", minutes=30, time_limit=7), "bad_time_limit"),
    ]
    for kwargs, code in cases:
        with pytest.raises(TournamentError) as error:
            services.create(None, **kwargs)
        assert error.value.code == code and error.value.message
    with pytest.raises(TournamentError) as error:
        services.create(None, "rouba_monte", 30, services.clock.now() - timedelta(hours=1))
    assert error.value.code == "bad_start"
    assert not Tournament.objects.exists()


def test_a_players_tournament_is_private_and_reached_by_its_link(alice, bob):
    tournament = services.create(alice, "crazy_eights", 30, name="Amigos")
    assert tournament.private and tournament.hands_per_match == 1 and tournament.time_limit
    with pytest.raises(TournamentError) as error:
        services.join(bob, tournament.id)
    assert error.value.code == "private_link"
    services.join(bob, tournament.id, token=tournament.token)
    with pytest.raises(TournamentError) as error:
        services.join(bob, tournament.id, token=tournament.token)
    assert error.value.code == "already_joined"


def test_join_needs_the_rated_matches_and_refuses_what_is_over(alice, bob, charlie):
    tournament = services.create(None, "rouba_monte", 30)
    Tournament.objects.filter(pk=tournament.pk).update(min_rated_matches=5)
    with pytest.raises(TournamentError) as error:
        services.join(alice, tournament.id)
    assert error.value.code == "needs_rated"
    with pytest.raises(TournamentError) as error:
        services.withdraw(bob, tournament.id)
    assert error.value.code == "not_joined"
    Tournament.objects.filter(pk=tournament.pk).update(min_rated_matches=0)
    services.join(bob, tournament.id)
    charlie.is_staff = True
    charlie.save()
    with pytest.raises(TournamentError) as error:
        services.cancel(charlie, tournament.id, " ")
    assert error.value.code == "needs_reason"
    services.cancel(charlie, tournament.id, "server maintenance")
    with pytest.raises(TournamentError) as error:
        services.join(alice, tournament.id)
    assert error.value.code == "cancelled"
    from django.contrib.admin.models import LogEntry

    assert LogEntry.objects.filter(object_id=str(tournament.pk), change_message__contains="maintenance").exists()


def test_a_short_tournament_from_the_start_to_the_podium(people, clock):
    tournament = services.create(None, "rouba_monte", 10, clock.now + timedelta(seconds=30), rated=True)
    for person in people[:6]:
        services.join(person, tournament.id)
    assert arena.tick(tournament.id)["started"] is False  # not yet
    clock.advance(30)
    done = arena.tick(tournament.id)
    assert done["started"] and done["tables"] == 3  # six people, tables of two
    tables = tables_of(tournament)
    everyone = [u.id for t in tables for u in seated(t.room).values()]
    assert sorted(everyone) == sorted(p.id for p in people[:6])  # each at one table, once
    assert all(t.room.arena and t.room.status == Room.Status.PLAYING and t.room.host_id is None for t in tables)
    # The tables play out; their players are scored by place and wait again.
    for table in tables:
        play_hand(table.room, {i: u for i, u in seated(table.room).items()})
    scores = sorted(Entry.objects.filter(tournament=tournament).values_list("score", flat=True))
    results = TableResult.objects.filter(table__tournament=tournament)
    assert results.count() == 6
    assert sum(scores) == sum(r.points for r in results) and max(scores) >= 1
    assert Entry.objects.filter(tournament=tournament, table=None).exclude(waiting_since=None).count() == 6
    # No rematch: the next tables seat each with someone new.
    clock.advance(1)
    arena.tick(tournament.id)
    second = tables_of(tournament)[3:]
    assert len(second) == 3
    for table in second:
        ids = set(u.id for u in seated(table.room).values())
        for entry in Entry.objects.filter(tournament=tournament, user_id__in=ids):
            previous = TableResult.objects.filter(entry=entry).first().table.room
            assert not (set(u.id for u in seated(previous).values()) - {entry.user_id}) & ids
    for table in second:
        play_hand(table.room, {i: u for i, u in seated(table.room).items()})
    # The clock runs out: nobody new is seated, the ranks, the podium and the trophies.
    clock.advance(10 * 60)
    assert arena.tick(tournament.id)["finished"]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    shown = standings.standings(tournament)
    ranks = [p["rank"] for p in shown["players"]]
    assert ranks == list(range(1, 7))
    assert [p["score"] for p in shown["players"]] == sorted((p["score"] for p in shown["players"]), reverse=True)
    podium = list(Trophy.objects.filter(tournament=tournament).order_by("place").values_list("user_id", flat=True))
    assert podium == [p["user_id"] for p in shown["players"][:3]]


def test_leaving_a_table_is_a_loss_and_a_pause(people, clock):
    alice, bob = people[:2]
    tournament = services.create(None, "stealing_bundles", 30)
    services.join(alice, tournament.id)
    services.join(bob, tournament.id)
    arena.tick(tournament.id)
    (table,) = tables_of(tournament)
    rooms.leave(alice, table.room.code)
    entry = fresh(Entry.objects.get(user=alice))
    assert entry.table_id is None and entry.pauses == 1 and entry.score == 0
    assert entry.waiting_since == clock.now + timedelta(seconds=10)  # back in the queue after the pause
    assert TableResult.objects.get(entry=entry).outcome == "left"
    shown = {p["user_id"]: p for p in standings.standings(tournament)["players"]}
    assert shown[alice.id]["paused"] and shown[alice.id]["table"] is None
    # Alone at the table, the match ended with him: Bob waits again at once, unpaused.
    assert shown[bob.id]["table"] is None and not shown[bob.id]["paused"]


def test_withdrawing_at_a_table_leaves_it_and_joining_again_is_allowed(people, clock):
    alice, bob = people[:2]
    tournament = services.create(None, "rouba_monte", 30)
    services.join(alice, tournament.id)
    services.join(bob, tournament.id)
    arena.tick(tournament.id)
    (table,) = tables_of(tournament)
    services.withdraw(alice, tournament.id)
    assert alice.id not in [u.id for u in seated(Room.objects.get(pk=table.room_id)).values()]
    assert fresh(Entry.objects.get(user=alice)).withdrawn
    services.join(alice, tournament.id)
    assert not fresh(Entry.objects.get(user=alice)).withdrawn


def test_nobody_is_seated_at_two_tables(people, clock):
    alice, bob, carol = people[:3]
    busy = quick_play.play_now(carol, "rouba_monte", rated=True).room
    tournament = services.create(None, "rouba_monte", 30)
    for person in (alice, bob, carol):
        services.join(person, tournament.id)
    clock.advance(60)
    arena.tick(tournament.id)
    seated_ids = [u.id for t in tables_of(tournament) for u in seated(t.room).values()]
    assert carol.id not in seated_ids  # at a quick-play table: waits here until it ends
    assert services.active_table(alice) is not None and services.active_table(carol) is None
    assert busy.pk


def test_blocked_people_are_not_seated_together(people, clock):
    alice, bob = people[:2]
    Block.objects.create(blocker=alice, blocked=bob)
    tournament = services.create(None, "rouba_monte", 30)
    services.join(alice, tournament.id)
    services.join(bob, tournament.id)
    clock.advance(120)
    arena.tick(tournament.id)
    assert tables_of(tournament) == []


def test_buraco_tables_of_fewer_people_get_bots_after_the_wait(people, clock):
    tournament = services.create(None, "buraco", 30, rated=False)
    for person in people[:2]:
        services.join(person, tournament.id)
    arena.tick(tournament.id)
    assert tables_of(tournament) == []  # a full table is waited for first
    clock.advance(20)
    arena.tick(tournament.id)
    (table,) = tables_of(tournament)
    seats = list(Seat.objects.filter(room=table.room).order_by("index"))
    assert [bool(s.user_id) for s in seats] == [True, True, False, False] and table.bots == 2
    assert all(s.bot_level for s in seats[2:]) and table.room.hands_per_match == 1
    with pytest.raises(RoomError) as error:
        rooms.hint(people[0], table.room.code)
    assert error.value.code in ("hint_arena", "hint_not_your_turn")


def test_a_table_still_playing_at_the_end_counts_within_the_grace(people, clock):
    alice, bob = people[:2]
    tournament = services.create(None, "rouba_monte", 10)
    services.join(alice, tournament.id)
    services.join(bob, tournament.id)
    arena.tick(tournament.id)
    (table,) = tables_of(tournament)
    clock.advance(10 * 60)
    assert arena.tick(tournament.id)["finished"] is False  # waits for the table
    play_hand(table.room, {i: u for i, u in seated(table.room).items()})
    assert TableResult.objects.filter(table=table).count() == 2
    assert Entry.objects.filter(tournament=tournament).exclude(waiting_since=None).count() == 0
    assert arena.tick(tournament.id)["finished"]


def test_a_table_past_the_grace_ends_without_counting(people, clock):
    alice, bob = people[:2]
    tournament = services.create(None, "rouba_monte", 10)
    services.join(alice, tournament.id)
    services.join(bob, tournament.id)
    arena.tick(tournament.id)
    (table,) = tables_of(tournament)
    clock.advance(10 * 60 + 180)
    assert arena.tick(tournament.id)["finished"]
    play_hand(table.room, {i: u for i, u in seated(table.room).items()})
    assert not TableResult.objects.filter(table=table, points__gt=0).exists()


def test_the_command_prints_the_id_alone_on_the_last_line(capsys):
    call_command("create_tournament", "--game", "crazy_eights", "--minutes", "20", "--casual", "--table-size", "3")
    last = capsys.readouterr().out.strip().splitlines()[-1]
    tournament = Tournament.objects.get(pk=int(last))
    assert tournament.table_size == 3 and not tournament.rated and not tournament.private
    with pytest.raises(CommandError, match="10 .* 180"):
        call_command("create_tournament", "--game", "crazy_eights", "--minutes", "2")


def test_the_schedule_creates_its_tournaments_once(clock):
    from tournaments import schedule
    from tournaments.models import Schedule

    # The site's plan out of the box: an arena of each game every hour, the daily Grande Arena de Buraco.
    assert Schedule.objects.filter(active=True, recurrence="hourly").count() == 4
    assert Schedule.objects.get(recurrence="daily").daily_at.hour == 21
    first = schedule.create_due()
    assert len(first) >= 4 and schedule.create_due() == []  # each start once, however often the beat ticks
    hourly = Tournament.objects.filter(pk__in=first, schedule__recurrence="hourly")
    assert {t.game for t in hourly} == {"rouba_monte", "stealing_bundles", "crazy_eights", "buraco"}
    assert all(t.starts_at.minute == 0 and not t.private and t.created_by is None for t in hourly)
    Schedule.objects.update(active=False)
    Schedule.objects.create(name="Arena de teste", game="buraco", table_size=4, minutes=57, at_minute=30)
    later = schedule.create_due()
    assert len(later) == 1 and Tournament.objects.get(pk=later[0]).starts_at.minute == 30


def test_concurrent_joins_make_one_entry(alice):
    tournament = services.create(None, "rouba_monte", 30)
    services.join(alice, tournament.id)
    with pytest.raises(TournamentError):
        services.join(User.objects.get(pk=alice.pk), tournament.id)
    assert Entry.objects.filter(tournament=tournament, user=alice).count() == 1


@pytest.mark.parametrize("game,size", [("crazy_eights", 2), ("buraco", 4)])
def test_a_tournament_match_of_a_game_to_a_target_is_one_hand(people, clock, game, size):
    tournament = services.create(None, game, 30, table_size=size, rated=False)
    for person in people[:size]:
        services.join(person, tournament.id)
    arena.tick(tournament.id)
    (table,) = tables_of(tournament)
    play_hand(table.room, seated(table.room))
    room = Room.objects.get(pk=table.room_id)
    assert room.status == Room.Status.MATCH_OVER and room.matches.get().hands.count() == 1
    results = TableResult.objects.filter(table=table)
    assert results.count() == size and {r.outcome for r in results} <= {"won", "tied", "lost"}


def test_a_table_nobody_opens_is_an_absence_and_two_in_a_row_withdraw(people, clock):
    alice, bob = people[:2]
    tournament = services.create(None, "rouba_monte", 60)
    services.join(alice, tournament.id)
    services.join(bob, tournament.id)
    for absences in (1, 2):
        clock.advance(30)
        arena.tick(tournament.id)
        table = tables_of(tournament)[-1]
        clock.advance(200)  # nobody connects: the room expires empty
        rooms.sweep()
        assert Room.objects.get(pk=table.room_id).status == Room.Status.CLOSED
        entry = fresh(Entry.objects.get(user=alice))
        assert entry.absences == absences and TableResult.objects.get(table=table, entry=entry).outcome == "absent"
    assert fresh(Entry.objects.get(user=alice)).withdrawn and fresh(Entry.objects.get(user=bob)).withdrawn


def test_nobody_else_sits_at_a_tournament_table_nor_becomes_its_host(people, clock):
    alice, bob, carol = people[:3]
    tournament = services.create(None, "rouba_monte", 30)
    services.join(alice, tournament.id)
    services.join(bob, tournament.id)
    arena.tick(tournament.id)
    (table,) = tables_of(tournament)
    with pytest.raises(RoomError) as error:
        rooms.sit(carol, table.room.code, 3)  # Rouba Monte's room has four seats: two are empty
    assert error.value.code == "arena_seats"
    rooms.connect(alice, table.room.code, "channel-a")
    assert Room.objects.get(pk=table.room_id).host_id is None


def test_a_big_start_opens_its_tables_over_several_short_passes(make_user, clock, settings):
    settings.TOURNAMENT_TABLES_PER_PASS = 2
    people = [make_user(f"big{i}") for i in range(10)]
    tournament = services.create(None, "stealing_bundles", 30)
    for person in people:
        services.join(person, tournament.id)
    first = arena.tick(tournament.id)
    assert first["tables"] == 2 and first["more"]
    assert arena.run(tournament.id) == 2  # the three tables left: two passes, the last with nothing more
    assert TournamentTable.objects.filter(tournament=tournament).count() == 5


def test_the_readers_own_state(people, clock, settings):
    alice, bob, carol = people[:3]
    tournament = services.create(None, "rouba_monte", 30)
    assert services.player_state(tournament, alice) == {"state": "out"}
    services.join(alice, tournament.id)
    clock.advance(5)
    assert services.player_state(tournament, alice) == {"state": "waiting", "seconds": 15}
    services.join(bob, tournament.id)
    arena.tick(tournament.id)
    (table,) = tables_of(tournament)
    assert services.player_state(tournament, alice) == {"state": "table", "table": 1, "room": table.room.code}
    rooms.leave(alice, table.room.code)
    assert services.player_state(tournament, alice) == {"state": "paused", "seconds": 10}
    services.withdraw(alice, tournament.id)
    assert services.player_state(tournament, alice) == {"state": "withdrawn"}
    services.join(carol, tournament.id)
    clock.advance(40 * 60)
    arena.run(tournament.id)
    tournament.refresh_from_db()
    assert services.player_state(tournament, carol)["state"] == "over"


def test_a_rated_tournaments_matches_move_ratings_and_a_casual_ones_do_not(people, clock):
    from ratings.models import RatingChange

    for rated, (a, b) in ((True, people[:2]), (False, people[2:4])):
        tournament = services.create(None, "rouba_monte", 30, rated=rated)
        services.join(a, tournament.id)
        services.join(b, tournament.id)
        arena.tick(tournament.id)
        (table,) = tables_of(tournament)
        play_hand(table.room, seated(table.room))
        changes = RatingChange.objects.filter(match__room=table.room).count()
        assert changes == (2 if rated else 0)


def test_the_public_lists_count_the_players_and_hide_private_tournaments(people, clock):
    from tournaments import listing

    running = services.create(None, "rouba_monte", 30)
    soon = services.create(None, "buraco", 30, clock.now + timedelta(hours=2))
    private = services.create(people[0], "rouba_monte", 30)
    for person in people[:3]:
        services.join(person, running.id)
    services.withdraw(people[2], running.id)
    arena.tick(running.id)
    shown = listing.teaser()
    assert [(t.id, t.players) for t in shown["running"]] == [(running.id, 2)]
    assert shown["next"].id == soon.id
    assert private.id not in [t.id for t in listing.running() + listing.starting_soon() + listing.finished()]


def test_a_muted_player_names_no_tournament_and_private_ones_are_limited(people, clock, settings):
    from chat import service as chat

    alice = people[0]
    chat.mute_site_wide(alice, 1, reason="test")
    with pytest.raises(TournamentError) as error:
        services.create(alice, "rouba_monte", 30, name="Meu torneio")
    assert error.value.code == "muted" and not Tournament.objects.exists()
    settings.PRIVATE_TOURNAMENTS_PER_DAY = 2
    bob = people[2]
    services.create(bob, "rouba_monte", 30, name="Um")
    services.create(bob, "rouba_monte", 30, name="Dois")
    with pytest.raises(TournamentError) as error:
        services.create(bob, "rouba_monte", 30, name="Três")
    assert error.value.code == "too_many_private"


def test_a_longer_match_deals_its_next_hand_without_a_host(people, clock):
    alice, bob = people[:2]
    tournament = services.create(None, "stealing_bundles", 30, options={"match_games": 3})
    services.join(alice, tournament.id)
    services.join(bob, tournament.id)
    arena.run(tournament.id)
    (table,) = tables_of(tournament)
    play_hand(table.room, seated(table.room))
    room = Room.objects.get(pk=table.room_id)
    assert room.status == Room.Status.HAND_OVER and room.host_id is None
    arena.run(tournament.id)
    assert Room.objects.get(pk=room.pk).status == Room.Status.HAND_OVER  # the result is read first
    clock.advance(5)
    arena.run(tournament.id)
    room = Room.objects.get(pk=room.pk)
    assert room.status == Room.Status.PLAYING and room.current_hand.number == 2


def test_a_player_whose_every_move_the_clock_made_is_absent(people, clock):
    alice, bob = people[:2]
    tournament = services.create(None, "rouba_monte", 30)
    services.join(alice, tournament.id)
    services.join(bob, tournament.id)
    arena.tick(tournament.id)
    (table,) = tables_of(tournament)
    room = table.room
    alice_seat = next(i for i, u in seated(room).items() if u == alice)
    for _ in range(500):  # Bob plays; Alice never does: her turns time out
        room.refresh_from_db()
        if room.status != Room.Status.PLAYING:
            break
        if turn_seat(room) == alice_seat:
            clock.advance(room.time_limit + 1)
            rooms.run_deadline(room.id, room.state_version)
        else:
            human_auto_move(room, bob)
    alice_result = TableResult.objects.get(table=table, entry__user=alice)
    assert alice_result.outcome == "absent" and alice_result.points == 0
    assert fresh(Entry.objects.get(user=alice)).absences == 1
    assert TableResult.objects.get(table=table, entry__user=bob).outcome != "absent"


def test_an_arena_tables_snapshot_says_so_and_an_ordinary_rooms_does_not(alice, bob):
    from rooms.actions.arena import open_arena_table
    from rooms.live import broadcast

    table = open_arena_table(
        game="rouba_monte",
        name="Mesa 1",
        places=[alice, bob],
        options={},
        time_limit=30,
        rated=False,
        hands_per_match=None,
    )
    ordinary = rooms.create_room(alice, "rouba_monte", "Mesa")
    assert broadcast.room_snapshots(table.id, only_user=bob.id)[bob.id]["room"]["arena"] is True
    assert broadcast.room_snapshots(ordinary.id, only_user=alice.id)[alice.id]["room"]["arena"] is False
