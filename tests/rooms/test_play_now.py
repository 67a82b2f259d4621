"""'Jogar agora': the seating order case by case, the start with bots after the wait (docs/rooms.md)."""

import json

import pytest

from lobby import quick_play
from lobby.models import QuickPlayQueue
from lobby.quick_play import WINDOW_BASE, WINDOW_PER_SECOND, rating_window
from ratings import method
from ratings.models import Rating
from ratings.quick_level import bot_level_for
from rooms import services
from rooms.errors import RoomError
from rooms.models import Room, Seat
from tests.rooms.helpers import play_until_human

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    return [make_user(f"p{i}") for i in range(10)]


def rate(user, game, shown, mu=25.0):
    Rating.objects.update_or_create(user=user, game=game, defaults={"shown": shown, "mu": mu})


def seat_users(room):
    return [s.user_id for s in Seat.objects.filter(room=room).order_by("index")]


def test_the_first_press_opens_a_public_quick_play_room_with_a_clock(alice, clock, settings):
    settings.QUICK_PLAY_WAIT_SECONDS = 20
    seating = quick_play.play_now(alice, "rouba_monte", rated=True)
    room = Room.objects.get(pk=seating.room.pk)
    assert seating.how == "new"
    assert room.quick_play and room.is_public and room.rated and room.host == alice
    assert room.status == Room.Status.WAITING and room.time_limit  # a quick-play table always has a clock
    assert seat_users(room)[0] == alice.id
    assert room.deadline_kind == "quick"
    assert (room.deadline - clock.now).total_seconds() == 20


def test_a_second_press_sits_at_the_waiting_room_and_a_repeat_goes_back_to_it(alice, bob, clock):
    first = quick_play.play_now(alice, "rouba_monte", rated=True).room
    second = quick_play.play_now(bob, "rouba_monte", rated=True)
    assert second.how == "waiting" and second.room.pk == first.pk
    assert seat_users(first)[:2] == [alice.id, bob.id]
    again = quick_play.play_now(bob, "rouba_monte", rated=True)
    assert again.how == "already" and again.room.pk == first.pk
    assert seat_users(first).count(bob.id) == 1


def test_rated_and_casual_and_other_games_never_share_a_room(alice, bob, charlie, clock):
    rated = quick_play.play_now(alice, "rouba_monte", rated=True).room
    casual = quick_play.play_now(bob, "rouba_monte", rated=False)
    other = quick_play.play_now(charlie, "buraco", rated=True)
    assert casual.how == "new" and other.how == "new"
    assert len({rated.pk, casual.room.pk, other.room.pk}) == 3
    assert not Room.objects.get(pk=casual.room.pk).rated


def test_the_room_with_the_closest_ratings_is_chosen(people, clock):
    low, high, newcomer = people[0], people[1], people[2]
    rate(low, "buraco", 900)
    rate(high, "buraco", 1400)
    rate(newcomer, "buraco", 1380)
    quick_play.play_now(low, "buraco", rated=True)
    room_high = quick_play.play_now(high, "buraco", rated=True).room  # 500 apart: a room of its own
    assert Room.objects.filter(quick_play=True).count() == 2
    seating = quick_play.play_now(newcomer, "buraco", rated=True)
    assert seating.how == "waiting" and seating.room.pk == room_high.pk


def test_the_rating_window_widens_with_the_rooms_waiting_time(people, clock):
    rate(people[0], "buraco", 1000)
    rate(people[1], "buraco", 1000 + WINDOW_BASE + 5 * WINDOW_PER_SECOND)
    room = quick_play.play_now(people[0], "buraco", rated=True).room
    clock.advance(4)  # the window is base + 4 s of growth: too narrow yet
    assert quick_play.play_now(people[1], "buraco", rated=True).room.pk != room.pk
    services.leave(people[1], quick_play.play_now(people[1], "buraco", rated=True).room.code)
    clock.advance(1.5)
    seating = quick_play.play_now(people[1], "buraco", rated=True)
    assert seating.how == "waiting" and seating.room.pk == room.pk
    assert rating_window(0) == WINDOW_BASE < rating_window(10)


@pytest.fixture
def fitted_bots(tmp_path, monkeypatch):
    """Writes a bot ratings file of the test's own and makes the ratings read it."""

    def write(data: dict) -> None:
        path = tmp_path / "bot_ratings.json"
        path.write_text(json.dumps(data))
        monkeypatch.setattr(method, "BOT_RATINGS_FILE", path)
        method.fitted_bots.cache_clear()

    yield write
    method.fitted_bots.cache_clear()


def fitted_levels(easy: float, normal: float, hard: float) -> dict:
    mus = {"easy": easy, "normal": normal, "hard": hard}
    return {"levels": {level: {"mu": mu, "sigma": 2.0} for level, mu in mus.items()}}


def test_quick_play_meets_the_bots_nearest_by_each_games_fitted_rating(fitted_bots):
    fitted_bots({"rouba_monte": fitted_levels(24.2, 24.9, 26.4), "buraco": fitted_levels(7.8, 35.7, 31.1)})
    # The guessed 20 / 25 / 30 would seat normal bots with 25.8 and hard ones with 34.
    assert bot_level_for([25.8], "rouba_monte") == "hard"
    assert bot_level_for([34.0, 36.0], "buraco") == "normal"
    assert bot_level_for([30.0], "buraco") == "hard"
    assert bot_level_for([15.0], "buraco") == "easy"
    # A game the file does not cover falls back to the guessed values.
    assert bot_level_for([25.0], "crazy_eights") == "normal" and bot_level_for([19.0, 21.0], "crazy_eights") == "easy"


def test_the_published_bot_ratings_cover_every_game():
    for game in ("rouba_monte", "stealing_bundles", "crazy_eights", "buraco"):
        mus = {level: method.bot_rating(level, game)[0] for level in ("easy", "normal", "hard")}
        assert mus == {level: method.fitted_bots()[game]["levels"][level]["mu"] for level in mus}
        assert bot_level_for([mus["easy"]], game) == "easy"


def test_a_full_room_starts_at_once_and_the_next_press_opens_another(people, clock):
    rooms = {quick_play.play_now(p, "buraco", rated=True).room.pk for p in people[:4]}
    assert len(rooms) == 1
    room = Room.objects.get(pk=rooms.pop())
    assert room.status == Room.Status.PLAYING
    assert all(s.user_id for s in Seat.objects.filter(room=room))
    fifth = quick_play.play_now(people[4], "buraco", rated=True)
    assert fifth.how == "new" and fifth.room.pk != room.pk


def test_the_wait_runs_out_and_bots_of_the_nearest_level_fill_the_seats(alice, bob, clock, settings):
    settings.QUICK_PLAY_WAIT_SECONDS = 20
    rate(alice, "buraco", 1400, mu=31.0)
    rate(bob, "buraco", 1400, mu=29.5)
    room = quick_play.play_now(alice, "buraco", rated=True).room
    quick_play.play_now(bob, "buraco", rated=True)
    room.refresh_from_db()
    clock.advance(19)
    assert not services.run_deadline(room.id, room.state_version)  # not yet
    clock.advance(1)
    stale = room.state_version - 1
    assert not services.run_deadline(room.id, stale)  # a task planned at another version does nothing
    planned = room.state_version
    assert services.run_deadline(room.id, planned)
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING
    seats = list(Seat.objects.filter(room=room).order_by("index"))
    assert [s.user_id for s in seats[:2]] == [alice.id, bob.id]
    assert {s.bot_level for s in seats[2:]} == {bot_level_for([31.0, 29.5], "buraco")}
    assert room.events[-1]["code"] == "quick_started"
    assert not services.run_deadline(room.id, planned)  # the same task again: nothing


def test_the_sweep_starts_a_room_whose_task_was_lost(alice, clock, settings):
    room = quick_play.play_now(alice, "rouba_monte", rated=False).room
    clock.advance(settings.QUICK_PLAY_WAIT_SECONDS)
    services.connect(alice, room.code, "chan-alice")
    assert services.sweep()["fired"] == 1
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING


def test_the_host_starts_now_with_bots(alice, clock):
    room = quick_play.play_now(alice, "buraco", rated=True).room
    services.start_match(alice, room.code)
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING
    assert sum(1 for s in Seat.objects.filter(room=room) if s.bot_level) == 3


def test_a_room_left_empty_is_no_longer_offered(alice, bob, clock, settings):
    room = quick_play.play_now(alice, "rouba_monte", rated=True).room
    services.connect(alice, room.code, "chan-alice")
    services.disconnect("chan-alice")
    clock.advance(settings.QUICK_PLAY_WAIT_SECONDS + 1)
    seating = quick_play.play_now(bob, "rouba_monte", rated=True)
    assert seating.how == "new" and seating.room.pk != room.pk
    clock.advance(settings.EMPTY_ROOM_EXPIRY_SECONDS)
    services.sweep()
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED  # quick-play rooms expire as every empty room does


def test_a_paused_quick_room_keeps_the_time_left_for_its_start(alice, clock, settings):
    settings.QUICK_PLAY_WAIT_SECONDS = 20
    room = quick_play.play_now(alice, "rouba_monte", rated=True).room
    services.connect(alice, room.code, "chan-1")
    clock.advance(5)
    services.disconnect("chan-1")
    clock.advance(60)
    services.connect(alice, room.code, "chan-2")
    room.refresh_from_db()
    assert room.deadline_kind == "quick" and (room.deadline - clock.now).total_seconds() == 15


@pytest.mark.parametrize(
    ("game", "boundary_note"),
    [("rouba_monte", "match"), ("buraco", "hand"), ("crazy_eights", "hand")],
)
def test_a_bot_seat_in_a_running_match_is_reserved(game, boundary_note, alice, bob, clock):
    room = services.create_room(alice, game, "Mesa", rated=True, time_limit=30)
    for index in range(1, room.seat_count if game != "crazy_eights" else 2):
        services.add_bot(alice, room.code, index, "normal")
    services.connect(alice, room.code, "chan-alice")
    services.start_match(alice, room.code)
    seating = quick_play.play_now(bob, game, rated=True)
    assert seating.how == "reserved" and seating.room.pk == room.pk
    reserved = Seat.objects.get(room=room, reserved_by=bob)
    assert reserved.bot_level  # the bot plays on until the game's boundary
    assert Room.objects.filter(quick_play=True).count() == 0
    again = quick_play.play_now(make_other := bob, game, rated=True)
    assert again.room.pk != room.pk or again.how == "already"
    assert Seat.objects.filter(room=room, reserved_by=make_other).count() == 1


def test_a_reserved_buraco_seat_is_taken_at_the_hands_result(alice, bob, clock):
    room = services.create_room(alice, "buraco", "Mesa", rated=True, time_limit=30)
    for index in (1, 2, 3):
        services.add_bot(alice, room.code, index, "easy")
    services.connect(alice, room.code, "chan-alice")
    services.start_match(alice, room.code)
    assert quick_play.play_now(bob, "buraco", rated=True).how == "reserved"
    seat = Seat.objects.get(room=room, reserved_by=bob)
    from tests.rooms.helpers import human_auto_move

    for _ in range(2000):
        room.refresh_from_db()
        if room.status != Room.Status.PLAYING:
            break
        if room.deadline_kind == "bot":
            play_until_human(room)
        else:
            human_auto_move(room, alice)
    seat.refresh_from_db()
    assert seat.user_id == bob.id and not seat.bot_level


def test_a_private_or_paused_room_is_never_offered(alice, bob, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa", is_public=False, time_limit=30)
    services.add_bot(alice, room.code, 1, "normal")
    services.connect(alice, room.code, "chan-alice")
    services.start_match(alice, room.code)
    assert quick_play.play_now(bob, "rouba_monte", rated=True).how == "new"


def test_bad_input_creates_nothing(alice):
    with pytest.raises(RoomError) as err:
        quick_play.play_now(alice, "poker", rated=True)
    assert err.value.code == "bad_game"
    assert not Room.objects.exists() and not QuickPlayQueue.objects.exists()
