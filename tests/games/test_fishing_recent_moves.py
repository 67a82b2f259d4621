"""The moves a seat watched between two of its turns (``recent_moves``), in both fishing engines.

A person at a four-seat table sees three moves between their turns; a view that showed only the
last one would hide two of them from a bot (and from the hint). Every view carries the hand's last
moves, each with the centre and the pile tops it left, and nothing that was not face up then.
"""

from games import rouba_monte as rm
from games import stealing_bundles as sb
from games.fishing import table
from tests.games.test_rouba_monte import deck_for

HANDS4 = {
    0: ["2C", "3C", "4C", "5C"],
    1: ["9D", "AD", "TD", "JD"],
    2: ["9H", "AH", "TH", "JH"],
    3: ["7D", "AC", "TC", "JC"],
}
CENTRE4 = ["KS", "QS", "8S", "6S"]
ROUND = [
    (0, {"type": "discard", "card": "2C"}),
    (1, {"type": "discard", "card": "9D"}),
    (2, {"type": "capture", "card": "9H", "target": "9D"}),
    (3, {"type": "discard", "card": "7D"}),
]


def four_seats():
    """Dealer 3, so seat 0 plays first; the round above is every seat's only legal kind of move."""
    return rm.deal(4, 3, deck_for(4, 3, HANDS4, CENTRE4))


def after_round():
    state = four_seats()
    for seat, move in ROUND:
        state = rm.apply(state, seat, move)
    return state


def test_every_view_shows_the_round_of_moves_with_the_table_each_left():
    state = after_round()
    for seat in (None, 0, 1, 2, 3):
        recent = rm.view(state, seat)["recent_moves"]
        assert [e["n"] for e in recent] == [1, 2, 3, 4]
        assert [e["move"] for e in recent] == [
            {"seat": 0, "type": "discard", "card": "2C"},
            {"seat": 1, "type": "discard", "card": "9D"},
            {"seat": 2, "type": "capture", "card": "9H", "taken": ["9D"]},
            {"seat": 3, "type": "discard", "card": "7D"},
        ]
        assert recent[1]["centre"] == [*CENTRE4, "2C", "9D"]
        assert recent[2]["centre"] == [*CENTRE4, "2C"]
        assert recent[2]["tops"] == {"0": [None], "1": [None], "2": ["9H"], "3": [None]}
        assert recent[3]["centre"] == [*CENTRE4, "2C", "7D"]


def test_the_recent_moves_hold_only_what_was_face_up():
    state = after_round()
    shown = set()
    for entry in rm.view(state, 0)["recent_moves"]:
        shown |= {entry["move"]["card"], *entry["move"].get("taken", ()), *entry["centre"]}
        shown |= {c for tops in entry["tops"].values() for c in tops if c}
    hidden = set(state["stock"]) | {c for s in (1, 2, 3) for c in state["hands"][s]}
    assert shown == {*CENTRE4, "2C", "9D", "9H", "7D"} and not shown & hidden


def test_a_round_of_two_moves_a_seat_is_kept_and_the_numbers_run_on():
    state = after_round()
    for _ in range(5):
        seat = rm.current_seat(state)
        state = rm.apply(state, seat, rm.legal_moves(state, seat)[0])
    recent = rm.view(state, 1)["recent_moves"]
    assert [e["n"] for e in recent] == list(range(2, 10)) == [e["n"] for e in state["recent"]]
    assert len(recent) == table.RECENT_PER_SEAT * 4


def test_a_seat_leaving_is_a_recent_move_with_the_cards_it_returned():
    state = rm.remove_player(after_round(), 2)
    last = rm.view(state, 0)["recent_moves"][-1]
    assert last["n"] == 5 and last["move"]["type"] == "leave" and "9H" in last["move"]["returned"]
    assert "9H" in last["centre"] and last["tops"]["2"] == [None]


def test_a_state_stored_before_the_recent_moves_plays_on_and_shows_none():
    stored = rm.to_json(four_seats())
    del stored["recent"]
    state = rm.from_json(stored)
    for seat, move in ROUND:
        state = rm.apply(state, seat, move)
    assert "recent" not in state and rm.view(state, 0)["recent_moves"] == []
    assert rm.view(state, 0)["last_move"] == {"seat": 3, "type": "discard", "card": "7D"}


def test_stealing_bundles_double_piles_show_both_tops():
    state = sb.deal(2, 0, sb.new_deck({"double_piles": True}), {"double_piles": True})
    seat = sb.current_seat(state)
    state = sb.apply(state, seat, sb.legal_moves(state, seat)[0])
    (entry,) = sb.view(state, 1 - seat)["recent_moves"]
    assert entry["n"] == 1 and all(len(tops) == 2 for tops in entry["tops"].values())
    assert entry["tops"] == {k: [p["top"] for p in piles] for k, piles in sb.view(state, 0)["double_piles"].items()}
