"""Each app's ``ready()`` wires what it must, checked in a process of its own where nothing else imports it.

The room layer schedules its deadlines and closes a person's sockets on log-out
through receivers its ``ready()`` loads; the apps above it fill its slots and
answer its signals from theirs (docs/architecture.md). A test process imports
half the code base anyway, so the check runs in a fresh ``manage.py shell``:
a receiver lost from a ``ready()`` would otherwise show only in a stack whose
worker runs no bot turn.
"""

import json
import os

from tests.live import manage_shell

CHECK = """
import json
from django.contrib.auth.signals import user_logged_out
from rooms import extensions, signals
from rooms.table import deadline_planned
from friends import extensions as friend_extensions, signals as friend_signals

def uids(signal):
    return sorted(str(key[0]) for key, *_rest in signal.receivers)

print("JSON" + json.dumps({
    "deadline_planned": uids(deadline_planned),
    "user_logged_out": uids(user_logged_out),
    "match_ended": uids(signals.match_ended),
    "room_closed": uids(signals.room_closed),
    "relation_changed": uids(friend_signals.relation_changed),
    "visibility_changed": uids(friend_signals.visibility_changed),
    "online_among": friend_extensions.online_among.filled_by is not None,
    "socket_actions": sorted(extensions.socket_actions),
    "slots": sorted(
        name for name, slot in vars(extensions).items()
        if isinstance(slot, extensions.Slot) and slot.filled_by is not None
    ),
}))
"""


def test_a_fresh_process_has_every_receiver_and_slot_wired():
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    out = manage_shell(env, CHECK)
    wired = json.loads(next(line for line in out.splitlines() if line.startswith("JSON"))[4:])
    assert "rooms.tasks.schedule_deadline" in wired["deadline_planned"]
    assert "rooms.live.sessions.logged_out" in wired["user_logged_out"]
    assert "ratings.rate_ended_match" in wired["match_ended"]
    assert "lobby.invitations.room_closed" in wired["room_closed"]
    assert "lobby.online.relation_changed" in wired["relation_changed"]
    assert "lobby.online.visibility_changed" in wired["visibility_changed"]
    assert wired["online_among"]  # the friends page marks who is online
    assert {"chat", "chat_quick", "chat_mute", "chat_unmute", "chat_report"} <= set(wired["socket_actions"])
    assert set(wired["slots"]) == {
        "seat_ratings",
        "match_rating_changes",
        "quick_bot_level",
        "leave_cost",
        "words",
        "reader_fields",
        "replay_url",  # players: the result dialog's link to the match's replay
    }
