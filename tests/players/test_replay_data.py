"""A finished match of every game replays, step by step, to the engine's own states and to the hand records.

The replay document (players/replay_data.py) is rebuilt step by step as the page's
script rebuilds it (``table_of``), and every seat's view at every step is compared
with ``engine.view`` of the state the engine reaches by dealing the recorded deck
and applying the stored moves; the last step of each hand is the state the hand
record kept.
"""

import pytest

from games import registry
from players import replay_data
from rooms.records import hand_replay, stored
from tests.players.matches import SHORT, finished_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("game", list(SHORT))
def test_every_step_of_every_hand_is_the_engines_state(game, alice):
    match = finished_match(alice, game)
    engine = registry.get(game)
    document = replay_data.document(match, alice)
    hands = list(match.hands.order_by("number"))
    assert [h["number"] for h in document["hands"]] == [h.number for h in hands]
    assert document["your_seat"] == 1
    for hand, entry in zip(hands, document["hands"], strict=True):
        walked = hand_replay.walk(hand)
        assert walked.broken_at is None and not walked.undealt
        assert entry["finished"] is True
        assert len(entry["steps"]) == len(walked.steps) == len(stored.as_list(hand.moves)) + 1
        for index, step in enumerate(walked.steps):
            table = replay_data.table_of(entry, index)
            players = len(hand.seat_map)
            assert replay_data.views_of(table) == [engine.view(step.state, s) for s in range(players)]
        # The last step is the record's final state: every seat's view of the state the hand row kept.
        final = engine.from_json(hand.state)
        last = replay_data.views_of(replay_data.table_of(entry, len(entry["steps"]) - 1))
        assert last == [engine.view(final, s) for s in range(len(hand.seat_map))]
        assert entry["ended"]
        assert [score["points"] for score in entry["scores"]] == list(stored.as_dict(hand.result)["scores"].values())
        assert all("{" not in step["label"] and step["label"] for step in entry["steps"])
    assert document["match"]["winners"]
