"""A running hand changed from a test, for the positions a deal would rarely give (a compulsory capture,
a last card, a crowded Buraco table): a manage.py shell script reads the room's current hand with its
engine, a test's `body` changes `state` (`me` is the engine seat of the person in room seat 0), and the
hand is saved with the room's versions moved on, so that the next snapshot the page asks for carries it.

The body prints a line starting with a tag of its choice; `change_hand` returns the rest of that line."""

from tests.live import manage_shell

HEAD = """
from games import registry
from rooms.models import Room
room = Room.objects.get(code={code!r})
hand = room.current_hand
engine = registry.get(room.game)
state = engine.from_json(hand.state)
me = hand.seat_map.index(0)
"""

TAIL = """
hand.state = engine.to_json(state)
hand.save()
room.state_version += 1
room.version += 1
room.save()
"""

# Crazy Eights: the person's last card, which fits the pile: playing it ends the hand. The rest of their
# hand goes back to the stock, so the deck stays whole.
LAST_CARD = """
pool = list(state["hands"][me]) + list(state["stock"])
card = next(c for c in pool if c[1] == state["suit"] and c[0] != "8")
pool.remove(card)
state["hands"][me] = [card]
state["stock"] = pool
state["turn"] = me
state["drawn"] = None
print("CARD" + card)
"""


def change_hand(server, body: str, code: str, tag: str, **values) -> str:
    """Run `body` on the room's hand (`values` are given to it as variables); the text after `tag`."""
    given = "".join(f"{name} = {value!r}\n" for name, value in values.items())
    out = manage_shell(server.env, HEAD.format(code=code) + given + body + TAIL)
    return next(line for line in out.splitlines() if line.startswith(tag))[len(tag) :]
