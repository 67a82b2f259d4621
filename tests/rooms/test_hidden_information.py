"""Every message each user receives over whole matches: no secret ever leaks.

The channel layer's sends are recorded; at each send the true engine state is
read, and the snapshot is checked against it: no card of another hand, the
stock or an untaken morto; the seed only after the match ends; the view is
exactly the engine's view of that seat. A client that keeps the latest
snapshot ends equal to a fresh one (nothing depends on missed messages).
"""

import json
import re
from collections import Counter

import pytest

from config import realtime
from games import registry
from rooms import services
from rooms.live import broadcast
from rooms.models import Room
from tests.rooms.helpers import current, play_hand

pytestmark = pytest.mark.django_db(transaction=True)

CARD = re.compile(r'"([A2-9TJQK][CDHS])"')
GAMES = {"rouba_monte": {}, "stealing_bundles": {}, "crazy_eights": {}, "buraco": {"target": 1500}}


def hidden_from(state: dict, engine_seat, public_view: dict) -> Counter:
    """Cards a seat may not see: other hands, the stock, mortos not yet taken."""
    hidden = Counter(state.get("stock", []))
    for seat, cards in enumerate(state["hands"]):
        if seat != engine_seat:
            hidden.update(cards)
    for team, cards in (state.get("mortos") or {}).items():
        if cards and not public_view.get("morto_taken", {}).get(team):
            hidden.update(cards)
    return hidden


class Recorder:
    def __init__(self, game: str, room_id: int):
        self.engine = registry.get(game)
        self.room_id = room_id
        self.sent: list[tuple[str, dict]] = []
        self.checked = 0
        self.public_discards: list = []  # Buraco: the public pile before each change

    def __call__(self, group: str, message: dict) -> None:
        self.sent.append((group, message))
        if message.get("type") == "room.snapshot":
            self.check(group, json.loads(message["text"]))

    def check(self, group: str, snap: dict) -> None:
        room = Room.objects.get(pk=self.room_id)
        match, hand = current(room)
        if match is not None and match.status == "playing":
            assert snap["room"]["match"]["seed"] is None, "seed sent before the match ended"
        assert "next_seed" not in json.dumps(snap)
        assert room.next_seed not in json.dumps(snap)
        if hand is None or snap["view"] is None:
            return
        state = self.engine.from_json(hand.state)
        engine_seat = snap["you"]["engine_seat"]
        assert snap["view"] == json.loads(json.dumps(self.engine.view(state, engine_seat)))
        public = self.engine.view(state, None)
        hidden = hidden_from(state, engine_seat, public)
        copies = 2 if room.game == "buraco" else 1
        shown = {k: v for k, v in snap.items() if k != "room"}
        taken = (snap["view"].get("last") or {}) if room.game == "buraco" else {}
        if taken.get("type") == "draw_discard":
            # The pile someone took was face up for everyone a moment ago: public knowledge.
            assert any(Counter(taken["cards"]) == Counter(pile) for pile in self.public_discards[-3:])
            shown["view"] = {k: v for k, v in snap["view"].items() if k != "last"}
        if room.game == "buraco" and (not self.public_discards or self.public_discards[-1] != public["discard"]):
            self.public_discards.append(list(public["discard"]))
        shown["last_move"] = snap["room"]["last_move"]
        shown["seats"] = snap["room"]["seats"]
        for card in set(CARD.findall(json.dumps(shown))):
            assert hidden[card] < copies, f"{card} is hidden from seat {engine_seat} but was sent to {group}"
        if engine_seat is not None:
            assert Counter(snap["view"]["hand"]) == Counter(state["hands"][engine_seat])
        self.checked += 1


@pytest.mark.parametrize("game", list(GAMES))
def test_no_message_carries_a_secret_over_a_whole_match(game, alice, bob, charlie, monkeypatch):
    room = services.create_room(alice, game, "Mesa", options=GAMES[game], time_limit=None)
    services.sit(bob, room.code, 2)
    services.add_bot(alice, room.code, 1, "normal")
    if room.seat_count > 3:
        services.add_bot(alice, room.code, 3, "normal")
    recorder = Recorder(game, room.id)
    monkeypatch.setattr(realtime, "group_send_many", lambda sends: [recorder(g, m) for g, m in sends])
    for user in (alice, bob, charlie):
        services.connect(user, room.code, f"chan-{user.username}")
    services.start_match(alice, room.code)
    people = {0: alice, 2: bob}
    for _ in range(40):
        play_hand(room, people)
        room.refresh_from_db()
        if room.status == Room.Status.MATCH_OVER:
            break
        services.next_hand(alice, room.code)
    assert room.status == Room.Status.MATCH_OVER
    assert recorder.checked > 50
    groups = {g for g, _ in recorder.sent}
    assert {broadcast.user_group(room.id, u.id) for u in (alice, bob, charlie)} <= groups
    # The seed arrives with the end of the match, to everyone.
    last = [json.loads(m["text"]) for g, m in recorder.sent if m.get("type") == "room.snapshot"][-1]
    assert last["room"]["match"]["seed"]
    # Keeping the latest snapshot is all a client needs: it equals a fresh one.
    for user in (alice, bob, charlie):
        mine = [
            json.loads(m["text"])
            for g, m in recorder.sent
            if g == broadcast.user_group(room.id, user.id) and m.get("type") == "room.snapshot"
        ]
        latest = json.loads(json.dumps(max(mine, key=lambda s: s["room"]["version"])))
        fresh = broadcast.room_snapshots(room.id, user.id)[user.id]
        latest["room"].pop("server_time")
        fresh["room"].pop("server_time")
        # What a change did (its moves, for the log) is news, not state: a fresh snapshot has none.
        assert isinstance(latest["room"].pop("moves_now"), list) and fresh["room"].pop("moves_now") == []
        assert latest == fresh
