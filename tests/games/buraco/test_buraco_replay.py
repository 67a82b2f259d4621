"""What the two recorded Buraco hands show (the generic replay checks: tests/games/test_recorded_hands.py)."""

import copy
import json
from pathlib import Path

import pytest

from games import buraco as bu
from games.fair import ReplayMismatch, replay

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
NAMES = ["buraco_batida.json", "buraco_stock.json"]


def load(name):
    return json.loads((FIXTURES / name).read_text())


@pytest.mark.parametrize("name", NAMES)
def test_recorded_hand_ends_the_way_its_name_says(name):
    fx = load(name)
    state = replay("buraco", 4, fx["dealer"], fx["options"], fx["seed"], fx["moves"], fx["hand"])
    assert bu.is_over(state)
    assert state["end"] == name.removeprefix("buraco_").removesuffix(".json")


def test_the_going_out_hand_took_both_mortos_and_paid_the_bonus():
    fx = load("buraco_batida.json")
    parts = fx["expected_result"]["breakdown"]
    assert sorted(p["going_out"] for p in parts.values()) == [0, 100]
    assert all(p["morto"] == 0 for p in parts.values())


def test_a_changed_log_is_detected():
    fx = load("buraco_stock.json")
    moves = copy.deepcopy(fx["moves"])
    first_discard = next(m for m in moves if m["move"]["type"] == "discard")
    first_discard["move"]["card"] = "AS" if first_discard["move"]["card"] != "AS" else "KD"
    with pytest.raises(ReplayMismatch):
        replay("buraco", 4, fx["dealer"], fx["options"], fx["seed"], moves, fx["hand"], fx["expected_result"])
    wrong = dict(fx["expected_result"], scores={"0": 0, "1": 0})
    with pytest.raises(ReplayMismatch):
        replay("buraco", 4, fx["dealer"], fx["options"], fx["seed"], fx["moves"], fx["hand"], wrong)
