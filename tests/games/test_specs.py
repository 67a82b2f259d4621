"""Each game's declaration (games/*/spec.py) and the registry built from them."""

from dataclasses import replace

import pytest

from games import registry
from games.spec import GameSpec, Option
from rooms.policies import policy

CONTRACT = (
    "deal",
    "current_seat",
    "legal_moves",
    "apply",
    "view",
    "auto_move",
    "is_over",
    "result",
    "to_json",
    "from_json",
    "match_status",
    "remove_player",
    "new_deck",
    "check_options",
    "public_move",
    "add_to_totals",
)


def test_the_site_has_its_four_games_in_order():
    assert registry.NAMES == ("rouba_monte", "stealing_bundles", "crazy_eights", "buraco")
    assert [s.name for s in registry.specs()] == list(registry.NAMES)


@pytest.mark.parametrize("name", ["rouba_monte", "stealing_bundles", "crazy_eights", "buraco"])
def test_every_engine_offers_the_whole_contract_and_agrees_with_its_spec(name):
    spec, engine = registry.spec(name), registry.get(name)
    assert [f for f in CONTRACT if not callable(getattr(engine, f, None))] == []
    assert spec.tiebreak == callable(getattr(engine, "tiebreak_options", None))
    assert engine.NAME == spec.name and engine.SPEC is spec
    assert engine.OPTIONS == spec.defaults() == engine.check_options({})
    assert policy(name) is spec
    with pytest.raises(ValueError):
        engine.check_options({"no_such_option": True})
    for option in spec.options:
        for value in option.choices:
            assert engine.check_options({option.name: value})[option.name] == value
        with pytest.raises(ValueError):
            engine.check_options({option.name: None})


def test_the_room_rules_of_the_seeds():
    rm, sb, ce, bu = (registry.spec(n) for n in registry.NAMES)
    assert (rm.seat_counts, rm.max_bots, rm.on_leave, rm.boundary, rm.restart_anytime) == (
        (4,),
        3,
        "remove",
        "match",
        True,
    )
    assert (sb.seat_counts, sb.max_bots_for(3), sb.tiebreak) == ((2, 3, 4), 2, True)
    assert (ce.seat_counts, ce.max_bots_for(6), ce.default_time_limit, ce.on_leave) == (
        (2, 3, 4, 5, 6),
        5,
        20,
        "stand_in",
    )
    assert (bu.all_seats_filled, bu.teams, bu.option("target").choices) == (True, True, (1500, 3000, 5000))
    assert (ce.fill_empty_seats, ce.stand_in_until, bu.stand_in_until, bu.timeout_ends_turn) == (
        True,
        "match",
        "hand",
        False,
    )
    assert not any(s.fill_empty_seats for s in (rm, sb, bu)) and all(s.timeout_ends_turn for s in (rm, sb, ce))
    assert {o.name for o in sb.options} >= {"match_games", "match_scoring", "tiebreak", "deck40"}


def test_a_whole_number_option_with_bounds_accepts_a_range_and_the_lobby_offers_its_choices():
    games = registry.spec("stealing_bundles").option("match_games")
    assert games.check(2) == 2 and games.check(7) == 7
    assert games.check_offered(3) == 3
    for bad in (0, 8, True, "3", 2.0):
        with pytest.raises(ValueError):
            games.check(bad)


def test_the_public_form_of_a_move_hides_what_a_draw_found():
    ce = registry.get("crazy_eights")
    assert ce.public_move({"type": "keep"}, None, 0) == {"type": "keep"}
    assert ce.public_move({"type": "play", "card": "9C"}, None, 0) == {"type": "play", "card": "9C"}
    assert registry.get("buraco").public_move({"type": "discard", "card": "9S"}, None, 1) == {
        "type": "discard",
        "card": "9S",
    }


def test_adding_a_hand_to_the_totals_renames_engine_seats_to_room_seats():
    ce = registry.get("crazy_eights")
    assert ce.add_to_totals({"2": 10}, {"scores": {"0": 5, "1": 0}}, {"0": "2", "1": "3"}) == {"2": 15, "3": 0}
    sb = registry.get("stealing_bundles")
    hand = {"match_points": {"0": 1, "1": 0}, "games": 1, "abandoned": False, "scores": {"0": 20, "1": 12}}
    assert sb.add_to_totals({}, hand, {"0": "1", "1": "3"}) == {"1": 1, "3": 0, "games": 1, "abandoned": False}


def test_the_tie_break_deal_is_asked_of_the_engine():
    sb = registry.get("stealing_bundles")
    options = sb.tiebreak_options(sb.check_options({"tiebreak": True}), [2, 0])
    assert options["tiebreak_round"] is True and options["tiebreak_seats"] == [0, 2]
    state = sb.deal(players=3, dealer=0, deck=sb.new_deck(options), options=options)
    assert state["tiebreak_seats"] == [0, 2]


def test_a_spec_refuses_what_cannot_be_played():
    base = dict(
        name="x", names={"pt": "X", "en": "X"}, engine="x", bots="x", seat_counts=(2,), default_seats=2,
        min_players=2, max_bots=1, on_leave="remove", boundary="match", table="x",
    )  # fmt: skip
    GameSpec(**base)
    for change in ({"default_seats": 3}, {"on_leave": "vanish"}, {"names": {"pt": "X"}}):
        with pytest.raises(ValueError):
            GameSpec(**{**base, **change})
    with pytest.raises(ValueError):
        Option(name="n", default=7, choices=(1, 2), label="n")
    with pytest.raises(TypeError):
        GameSpec("x")  # keyword-only: a declaration reads as names, not positions


def test_register_adds_a_game_and_refuses_a_taken_name():
    spec = GameSpec(
        name="toy_registered", names={"pt": "T", "en": "T"}, engine="games.rouba_monte", bots="bots.rouba_monte",
        seat_counts=(2,), default_seats=2, min_players=2, max_bots=1, on_leave="remove", boundary="match", table="x",
    )  # fmt: skip
    registry.register(spec)
    try:
        assert "toy_registered" in registry.NAMES and registry.spec("toy_registered") is spec
        with pytest.raises(ValueError):
            registry.register(replace(spec, table="other"))
    finally:
        registry.unregister("toy_registered")
    assert "toy_registered" not in registry.NAMES
    with pytest.raises(ValueError):
        registry.unregister("buraco")
