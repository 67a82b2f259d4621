"""Recorded stealing bundles hands replayed from their seeds with games.fair.replay (fixtures/stealing_bundles_*.json)."""

import copy
import json
from pathlib import Path

import pytest

from games.fair import ReplayMismatch, replay

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("stealing_bundles_*.json"))


def load(path):
    return json.loads(path.read_text())


def test_fixtures_exist():
    assert len(FIXTURES) >= 3


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_recorded_hand_replays_to_its_result(path):
    data = load(path)
    state = replay(
        data["game"],
        data["players"],
        data["dealer"],
        data["options"],
        data["seed"],
        data["moves"],
        data["hand"],
        data["result"],
    )
    assert state["over"]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_different_seed_does_not_replay(path):
    data = load(path)
    other = ("1" if data["seed"][0] != "1" else "2") + data["seed"][1:]
    with pytest.raises(ReplayMismatch):
        replay(data["game"], data["players"], data["dealer"], data["options"], other, data["moves"], 1, data["result"])


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_changed_result_is_detected(path):
    data = load(path)
    wrong = copy.deepcopy(data["result"])
    wrong["scores"]["0"] += 1
    with pytest.raises(ReplayMismatch):
        replay(data["game"], data["players"], data["dealer"], data["options"], data["seed"], data["moves"], 1, wrong)
