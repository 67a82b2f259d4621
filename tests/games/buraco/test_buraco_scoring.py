"""Buraco counting and match target ("Canastras e valores", "Resultado") and what each seat sees."""

import pytest
from buraco_support import position, seq

from games import buraco as bu
from games.buraco.scoring import card_value
from games.cards import deck104


def test_card_values():
    assert card_value("AS") == 15
    for r in "289TJQK":
        assert card_value(r + "H") == 10
    for r in "34567":
        assert card_value(r + "D") == 5


def test_melded_cards_add_and_cards_in_hand_subtract():
    state = position(
        hands={0: ["AS", "3D"], 1: ["KC"], 2: ["7H"], 3: []},
        melds={"0": [["3C", "4C", "5C"]], "1": [seq("QKA", "H")]},
        morto_taken=("0", "1"),
    )
    res = bu.result(state)
    assert res["breakdown"]["0"] == {
        "melded": 15,
        "canastras": 0,
        "going_out": 0,
        "hand": -(15 + 5 + 5),
        "morto": 0,
        "total": -10,
    }
    assert res["breakdown"]["1"]["melded"] == 35
    assert res["breakdown"]["1"]["hand"] == -10
    assert res["scores"] == {"0": -10, "1": 25}
    assert res["winners"] == ["1"]


@pytest.mark.parametrize(
    "run,bonus",
    [
        (seq("345678", "S"), 0),
        (seq("3456789", "S"), 200),
        (seq("345678", "S") + ["2H"], 100),
        (seq("A23456789TJQK", "S"), 500),
        (seq("A23456789TJQKA", "S"), 1000),
        (seq("A23456789TJQK", "S") + ["2H"], 100),
    ],
)
def test_canastra_bonus_only_the_largest(run, bonus):
    state = position(hands={0: [], 1: [], 2: [], 3: []}, melds={"0": [run]}, morto_taken=("0", "1"))
    part = bu.result(state)["breakdown"]["0"]
    assert part["canastras"] == bonus
    assert part["melded"] == sum(card_value(c) for c in run)


def test_the_hand_total_may_be_negative_and_the_untaken_morto_costs_100():
    state = position(hands={0: ["KS"], 1: ["KH"], 2: ["KD"], 3: ["KC"]})
    res = bu.result(state)
    assert res["breakdown"]["0"]["morto"] == -100
    assert res["scores"] == {"0": -120, "1": -120}
    assert res["winners"] == ["0", "1"]


def test_going_out_adds_100_to_the_team_that_went_out():
    state = position(hands={0: seq("345", "S"), 1: ["9D"]}, melds={"0": [seq("3456789", "H")]}, morto_taken=("0",))
    after = bu.apply(state, 0, {"type": "meld", "cards": seq("345", "S")})
    res = bu.result(after)
    part = res["breakdown"]["0"]
    assert part["going_out"] == 100
    assert part["canastras"] == 200
    assert part["melded"] == 45 + 15
    assert res["breakdown"]["1"]["morto"] == -100


@pytest.mark.parametrize(
    "totals,target,over,winners",
    [
        ({"0": 1400, "1": 1499}, 1500, False, []),
        ({"0": 1500, "1": 1200}, 1500, True, ["0"]),
        ({"0": 1600, "1": 1700}, 1500, True, ["1"]),
        ({"0": 1600, "1": 1600}, 1500, False, []),
        ({"0": 2900, "1": 1600}, 3000, False, []),
        ({"0": 3000, "1": -200}, 3000, True, ["0"]),
        ({"0": 5200, "1": 5100}, 5000, True, ["0"]),
        ({"0": -300, "1": -100}, 1500, False, []),
    ],
)
def test_match_status(totals, target, over, winners):
    assert bu.match_status(totals, {"target": target}) == {"over": over, "winners": winners}


def test_match_status_default_target_and_bad_targets():
    assert bu.match_status({"0": 1500, "1": 0}, {}) == {"over": True, "winners": ["0"]}
    assert bu.match_status({"0": 1500, "1": 0}, None)["over"]
    for bad in (1000, "1500", True, None):
        with pytest.raises(ValueError):
            bu.match_status({"0": 0, "1": 0}, {"target": bad})


# --- Views ----------------------------------------------------------------------------------


REQUIRED = {
    "game",
    "seat",
    "turn",
    "hand_counts",
    "stock_count",
    "over",
    "discard",
    "melds",
    "morto_taken",
    "morto_pending",
    "phase",
}


def test_view_has_the_contract_keys_and_only_the_own_hand():
    state = position(
        hands={0: ["9D", "KC", "3S"], 1: ["QH", "QH"]},
        melds={"0": [["3C", "2H", "5C"]], "1": [seq("3456789", "D")]},
        discard=["JS", "4H"],
    )
    for seat in range(4):
        v = bu.view(state, seat)
        assert REQUIRED <= set(v)
        assert v["hand"] == sorted(
            state["hands"][seat], key=lambda c: ("CDHS".index(c[1]), "A23456789TJQK".index(c[0]))
        )
        assert v["hand_counts"] == {"0": 3, "1": 2, "2": 11, "3": 11}
        assert v["discard"] == ["JS", "4H"]
        assert v["melds"]["0"] == [{"cards": ["3C", "2H", "5C"], "canastra": None, "wild": 1}]
        assert v["melds"]["1"][0]["canastra"] == "clean"
        assert v["clean_canastra"] == {"0": False, "1": True}
        assert v["points"] == {"0": 20, "1": 200 + 5 * 5 + 20}
        assert v["morto_sizes"] == {"0": 11, "1": 11}
        assert v["phase"] == "play" and v["turn"] == 0 and v["over"] is False
        assert v["stock_count"] == len(state["stock"])
    public = bu.view(state, None)
    assert "hand" not in public and public["seat"] is None


def test_view_never_shows_other_hands_the_stock_or_an_untaken_morto():
    state = bu.deal(4, 0, deck104())
    text = repr(bu.view(state, None))
    assert "stock'" not in text.replace("stock_count", "")
    v = bu.view(state, 1)
    assert "mortos" not in v and "hands" not in v and "stock" not in v
    assert set(v) >= REQUIRED


def test_view_is_a_copy():
    state = position(hands={0: ["9D"]}, melds={"0": [seq("345", "C")]}, discard=["KH"])
    v = bu.view(state, 0)
    v["melds"]["0"][0]["cards"].append("6C")
    v["discard"].append("QS")
    v["hand"].append("AS")
    assert state["melds"]["0"][0]["cards"] == seq("345", "C")
    assert state["discard"] == ["KH"] and state["hands"][0] == ["9D"]
