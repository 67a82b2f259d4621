"""Recorded hands of every game (seed + moves + result) replayed with games.fair.replay.

The fixtures in tests/games/fixtures/ were played once and frozen: a change in
an engine that alters any recorded hand, or a replay that stops detecting a
tampered seed, log or result, fails here.
"""

import copy
import json
from pathlib import Path

import pytest

from games import registry
from games.fair import ReplayMismatch, replay

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.json"))
GAMES = registry.NAMES


def load(path: Path) -> dict:
    data = json.loads(path.read_text())
    data.setdefault("game", next(g for g in GAMES if path.stem.startswith(g)))
    data["expected"] = data.get("result") or data["expected_result"]
    return data


def run(data: dict, seed: str | None = None, moves=None, expected=None):
    return replay(
        data["game"],
        data["players"],
        data["dealer"],
        data["options"],
        seed or data["seed"],
        data["moves"] if moves is None else moves,
        data["hand"],
        data["expected"] if expected is None else expected,
    )


def test_every_game_has_recorded_hands():
    games = {load(p)["game"] for p in FIXTURES}
    assert games == set(GAMES)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_recorded_hand_replays_to_its_result(path):
    data = load(path)
    state = run(data)
    assert registry.get(data["game"]).is_over(state)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_different_seed_does_not_replay(path):
    data = load(path)
    other = ("1" if data["seed"][0] != "1" else "2") + data["seed"][1:]
    with pytest.raises(ReplayMismatch):
        run(data, seed=other)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_changed_result_is_detected(path):
    data = load(path)
    wrong = copy.deepcopy(data["expected"])
    wrong["scores"]["0"] += 1
    with pytest.raises(ReplayMismatch):
        run(data, expected=wrong)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_changed_card_in_the_log_is_detected(path):
    data = load(path)
    moves = copy.deepcopy(data["moves"])
    entry = next(m for m in moves if (m.get("move") or {}).get("card"))
    entry["move"]["card"] = "ZZ"
    with pytest.raises(ReplayMismatch):
        run(data, moves=moves)
