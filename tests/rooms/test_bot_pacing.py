"""Bots are paced so that a person follows them (issue "The table on a phone is a card game"): each of a
bot's actions is a deadline of its own, set ``BOT_DELAY_SECONDS`` after the move before it was committed,
so a bot's consecutive moves reach people at least that far apart. The clock is injected; the delay is
1.2 s unless the environment says otherwise."""

from datetime import timedelta

import pytest

from rooms import services
from rooms.models import Room
from tests.rooms.helpers import current, human_auto_move
from tests.test_settings import run_manage

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_default_delay_is_long_enough_to_follow():
    done = run_manage("shell", "-c", "from django.conf import settings; print(settings.BOT_DELAY_SECONDS)")
    assert done.returncode == 0, done.stderr
    assert float(done.stdout.strip().splitlines()[-1]) == 1.2
    shortened = run_manage(
        "shell", "-c", "from django.conf import settings; print(settings.BOT_DELAY_SECONDS)", MESA_BOT_DELAY_MS="50"
    )
    assert float(shortened.stdout.strip().splitlines()[-1]) == 0.05


def test_every_action_of_a_bots_turn_waits_the_delay_after_the_last(alice, clock, settings):
    settings.BOT_DELAY_SECONDS = 1.2
    room = services.create_room(alice, "buraco", "Pace", time_limit=None)
    for index in (1, 2, 3):
        services.add_bot(alice, room.code, index, "easy")
    services.start_match(alice, room.code)
    services.connect(alice, room.code, "chan-alice")
    bot_moves = 0
    while bot_moves < 8:
        room.refresh_from_db()
        assert room.status == Room.Status.PLAYING
        if room.deadline_kind != "bot":  # the person's turn: a move as a click would make it
            human_auto_move(room, alice)
            continue
        assert room.deadline == clock.now + timedelta(seconds=1.2)
        before = len(current(room)[1].moves)
        # A moment early the bot waits; at its deadline it makes one move, and its next is 1.2 s later.
        clock.advance(1.1)
        assert not services.run_deadline(room.id, room.state_version)
        clock.advance(0.1)
        assert services.run_deadline(room.id, room.state_version)
        assert len(current(room)[1].moves) == before + 1
        bot_moves += 1
