"""The Buraco turn planner and the bots built on it: legal over whole random hands, the same
for a seed, blind to what the view hides, and four planner bots end hands in batidas."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bots import buraco_plan as plan
from bots.buraco import BOTS
from games import buraco as bu
from games.buraco.heuristics import FEEDS_OPPONENT
from games.buraco.scoring import card_value
from games.fair import deal_label, shuffle

LEVELS = ("easy", "normal", "hard")


def new_hand(seed: int, dealer: int = 0):
    key = f"{seed:064x}"
    return bu.deal(4, dealer, shuffle(key, deal_label(1), bu.new_deck({})), seed=key)


def play_out(state, levels, rng_seed, check=None):
    """Play the hand to its end; every seat keeps its own memory. Returns the end state and the moves."""
    rng = random.Random(rng_seed)
    memories = [{} for _ in range(4)]
    log = []
    while not bu.is_over(state):
        seat = bu.current_seat(state)
        view = bu.view(state, seat)
        moves = bu.legal_moves(state, seat)
        move = BOTS[levels[seat]].choose(view, moves, rng, memories[seat])
        if check is not None:
            check(state, seat, view, moves, move, memories[seat])
        assert move in moves
        log.append((seat, move))
        state = bu.apply(state, seat, move)
    for memory in memories:
        json.dumps(memory)
    return state, log


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rng_seed=st.integers(0, 2**16), mix=st.permutations(LEVELS + ("hard",)))
def test_every_level_stays_legal_over_whole_random_hands(seed, rng_seed, mix):
    state, log = play_out(new_hand(seed, seed % 4), list(mix), rng_seed)
    assert bu.is_over(state) and log


def test_the_same_seed_plays_the_same_hand():
    for index in range(2):
        a = play_out(new_hand(700 + index, index), ["hard", "normal"] * 2, index)[1]
        b = play_out(new_hand(700 + index, index), ["hard", "normal"] * 2, index)[1]
        assert a == b


def _garbage(rng):
    cards = bu.new_deck({})
    return {
        "hands": [rng.sample(cards, 11) for _ in range(4)],
        "stock": rng.sample(cards, 30),
        "mortos": {"0": rng.sample(cards, 11), "1": rng.sample(cards, 11)},
        "deck": rng.sample(cards, 104),
        "state": {"hands": [["AS"] * 11] * 4, "stock": ["2C"] * 38},
    }


def test_garbage_in_the_hidden_parts_does_not_change_a_choice():
    """The real hidden cards slipped into the view (as a careless caller might), or garbage in
    their place, or another deal of the hidden cards: the planner bots choose the same."""
    checked = 0

    def check(state, seat, view, moves, move, memory):
        nonlocal checked
        if bu.current_seat(state) is None or random.Random(len(state["stock"]) * 7 + seat).random() > 0.3:
            return
        level = "hard" if seat % 2 == 0 else "normal"
        rng = random.Random(seat * 1000 + state["turns"])
        before = json.loads(json.dumps(memory))
        # the memory as it was before this choice, for every replay
        memory_now = json.loads(json.dumps(memory))
        leaked = {**view, "hands": state["hands"], "stock": state["stock"], "mortos": state["mortos"]}
        poisoned = {**view, **_garbage(rng)}
        other = bu.sample_state(view, random.Random(seat + state["turns"]))
        for alternative in (leaked, poisoned, bu.view(other, seat)):
            again = BOTS[level].choose(alternative, list(moves), random.Random(5), json.loads(json.dumps(before)))
            first = BOTS[level].choose(view, list(moves), random.Random(5), json.loads(json.dumps(memory_now)))
            assert again == first
        checked += 1

    for index in range(2):
        play_out(new_hand(800 + index, index), ["hard", "normal"] * 2, index, check)
    assert checked >= 20


def test_four_planner_bots_reach_batidas_on_seeded_deals():
    """A count over twelve fixed deals, not a speed: four planner bots end hands by going out."""
    for level, at_least in (("hard", 3), ("normal", 2)):
        ends = [play_out(new_hand(9100 + i, i % 4), [level] * 4, i)[0]["end"] for i in range(12)]
        assert ends.count("batida") >= at_least, (level, ends)


def _state_with(hand, team_runs=(), taken=False):
    state = bu.from_json(bu.to_json(bu.deal(4, 3, bu.new_deck({}))))
    state["phase"] = "play"
    state["hands"][0] = list(hand)
    state["melds"]["0"] = [bu.flow.make_run(r) for r in team_runs]
    state["morto_taken"]["0"] = taken
    if taken:
        state["morto_seat"]["0"] = 2
    return state


def test_the_plan_empties_the_hand_for_the_morto_direct():
    state = _state_with(["3H", "4H", "5H", "7C", "8C", "9C"])
    view = bu.view(state, 0)
    found = plan.plan_turn(view, {}, beam=1)
    assert found.outcome == "morto_direct"
    assert sorted(c for m in found.moves for c in m["cards"]) == sorted(view["hand"])
    assert BOTS["normal"].choose(view, bu.legal_moves(state, 0), random.Random(0), {}) == found.moves[0]


def test_the_plan_goes_out_with_the_clean_canastra_once_the_morto_is_taken():
    clean = ["3S", "4S", "5S", "6S", "7S", "8S"]
    state = _state_with(["9S", "JD", "QD", "KD", "4C"], team_runs=[clean], taken=True)
    view = bu.view(state, 0)
    for level in ("normal", "hard"):
        found = plan.plan_turn(view, {}, beam=BOTS[level].beam, going_out=BOTS[level].going_out)
        assert found.outcome == "batida", level
        assert found.moves[-1] == {"type": "discard", "card": "4C"}


def test_without_a_clean_canastra_the_plan_keeps_two_cards():
    state = _state_with(["9S", "JD", "QD", "KD", "4C"], team_runs=[["3S", "4S", "5S", "6S", "7S"]], taken=True)
    view = bu.view(state, 0)
    found = plan.plan_turn(view, {}, beam=3)
    assert found.outcome is None
    laid = sum(len(m["cards"]) for m in found.moves if m["type"] != "discard")
    assert len(view["hand"]) - laid >= 2


def test_the_pile_taker_is_read_from_the_public_piles():
    memory = {"pile": ["5H", "6H"], "hand_no": 1}
    view = {"seat": 0, "team": "0", "hand_no": 1, "discard": ["KC", "3D", "9S"], "melds": {"0": [], "1": []}}
    plan.track(view, memory)
    # three cards on a fresh pile, one from each seat after us: seat 1 took ours before its discard
    assert memory["took"] == {"1": ["5H", "6H"]}
    assert "7H" in plan.opponent_wants(view, memory) and "4H" in plan.opponent_wants(view, memory)
    # once seat 1 lays them down they are no longer held
    laid = {**view, "melds": {"0": [], "1": [{"cards": ["5H", "6H", "7H"], "canastra": None, "wild": None}]}}
    plan.track(laid, memory)
    assert memory["took"]["1"] == []


def test_the_discard_keeps_away_from_what_an_opponent_collects():
    state = _state_with(["7H", "KC", "9D", "9S", "QD"])
    view = bu.view(state, 0)
    fresh = plan.discard_costs(view, view["hand"], [], {})
    tracked = plan.discard_costs(view, view["hand"], [], {"took": {"1": ["8H", "6H"]}})
    assert tracked["7H"] > fresh["7H"] and tracked["KC"] == fresh["KC"]


def _opponents_with(state, runs, taken=False, clean=False):
    state["melds"]["1"] = [bu.flow.make_run(r) for r in runs]
    state["morto_taken"]["1"] = taken
    if taken:
        state["morto_seat"]["1"] = 1
    if clean:
        state["melds"]["1"].append(bu.flow.make_run(["3D", "4D", "5D", "6D", "7D", "8D", "9D"]))
    return state


def test_the_hard_discard_feeds_a_short_run_before_the_card_that_makes_a_canastra():
    # 8H lengthens the opponents' three-card run; JC makes their clean six a clean canastra
    state = _opponents_with(_state_with(["8H", "JC", "2S"]), [["5H", "6H", "7H"], ["5C", "6C", "7C", "8C", "9C", "TC"]])
    view = bu.view(state, 0)
    flat = plan.discard_costs(view, view["hand"], [], {})
    graded = plan.discard_costs(view, view["hand"], [], {}, plan.feeds_graded(view))
    assert flat["8H"] - flat["JC"] == pytest.approx((card_value("JC") - card_value("8H")) / 10)
    assert graded["JC"] - graded["8H"] == plan.FEED_FIRST_CLEAN - plan.FEED_SHORT
    moves = bu.legal_moves(state, 0)
    assert BOTS["hard"].choose(view, moves, random.Random(0), {}) == {"type": "discard", "card": "8H"}


def test_the_graded_price_follows_what_the_card_makes_of_the_run():
    six_dirty = ["5C", "6C", "2S", "8C", "9C", "TC"]
    five_clean = ["5S", "6S", "7S", "8S", "9S"]
    canastra = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]
    state = _opponents_with(_state_with(["JC", "TS", "TH", "KD"]), [six_dirty, five_clean, canastra])
    cost = plan.feeds_graded(bu.view(state, 0))
    assert cost("JC", None) == plan.FEED_CANASTRA  # a dirty canastra
    assert cost("TS", None) == plan.FEED_CLEAN_SIX  # one card from a clean canastra
    assert cost("TH", None) == plan.FEED_SHORT  # a canastra made already takes one card more
    assert cost("KD", None) == 0  # fits no run of theirs


def test_once_the_opponents_may_go_out_every_card_they_can_use_costs_the_full_price():
    state = _opponents_with(_state_with(["8H", "KD"]), [["5H", "6H", "7H"]], taken=True, clean=True)
    view = bu.view(state, 0)
    assert view["morto_taken"]["1"] and view["clean_canastra"]["1"]
    assert plan.feeds_graded(view)("8H", None) == FEEDS_OPPONENT


def test_the_plain_levels_charge_every_opponent_run_alike():
    assert BOTS["normal"].graded is False and BOTS["easy"].level == "easy"
    assert BOTS["hard"].graded is True


def test_once_the_team_may_go_out_the_hard_bot_keeps_the_cards_most_draws_take_out():
    clean = ["3S", "4S", "5S", "6S", "7S", "8S", "9S"]
    state = _state_with(["4H", "9C", "7H", "2C"], team_runs=[clean, ["JD", "QD", "KD"]], taken=True)
    view = bu.view(state, 0)
    moves = bu.legal_moves(state, 0)
    normal = BOTS["normal"].choose(view, moves, random.Random(0), {})
    hard = BOTS["hard"].choose(view, moves, random.Random(0), {})
    assert normal["type"] == hard["type"] == "discard"

    def kept(card):
        rest = list(view["hand"])
        rest.remove(card)
        return rest

    by_discard = {m["card"]: plan.outs(view, kept(m["card"])) for m in moves if m["type"] == "discard"}
    assert by_discard[hard["card"]] == max(by_discard.values())
    assert by_discard[normal["card"]] < by_discard[hard["card"]]
    # the choice reads the view only: the real hidden cards, or garbage, in it change nothing
    leaked = {**view, "hands": state["hands"], "stock": state["stock"], "mortos": state["mortos"]}
    for alternative in (leaked, {**view, **_garbage(random.Random(1))}):
        assert BOTS["hard"].choose(alternative, list(moves), random.Random(0), {}) == hard


def test_before_the_team_may_go_out_the_discard_is_the_plans():
    """Without the morto (or without a clean canastra) the hard bot's discard is the planner's."""
    for taken, runs in ((False, [["3S", "4S", "5S", "6S", "7S", "8S", "9S"]]), (True, [["3S", "4S", "5S"]])):
        state = _state_with(["4H", "9C", "7H", "2C"], team_runs=runs, taken=taken)
        view = bu.view(state, 0)
        found = plan.plan_turn(view, {}, beam=BOTS["hard"].beam, going_out=BOTS["hard"].going_out)
        assert BOTS["hard"].choose(view, bu.legal_moves(state, 0), random.Random(0), {}) == found.moves[0]


def test_with_more_than_three_cards_kept_the_discard_is_the_plans():
    """The outs are counted for the last few cards only (they cost a plan per unseen card):
    here another discard would keep more outs, and the hard bot still makes the planner's."""
    clean = ["3S", "4S", "5S", "6S", "7S", "8S", "9S"]
    state = _state_with(["6H", "2C", "2H", "8C", "TH"], team_runs=[clean, ["JD", "QD", "KD"]], taken=True)
    view = bu.view(state, 0)
    moves = bu.legal_moves(state, 0)
    found = plan.plan_turn(view, {}, beam=BOTS["hard"].beam, going_out=BOTS["hard"].going_out)
    chosen = BOTS["hard"].choose(view, moves, random.Random(0), {})
    assert chosen == found.moves[0] and chosen["type"] == "discard"
    kept = {m["card"]: [c for c in view["hand"] if c != m["card"]] for m in moves if m["type"] == "discard"}
    assert max(plan.outs(view, k) for k in kept.values()) > plan.outs(view, kept[chosen["card"]])


def test_the_hint_names_the_discard_that_keeps_the_most_ways_out():
    from bots import hints
    from rooms.hints.words import in_languages

    clean = ["3S", "4S", "5S", "6S", "7S", "8S", "9S"]
    state = _state_with(["4H", "9C", "7H", "2C"], team_runs=[clean, ["JD", "QD", "KD"]], taken=True)
    view = bu.view(state, 0)
    moves = bu.legal_moves(state, 0)
    hint = hints.suggest("buraco", view, moves, "s")
    assert hint.move == BOTS["hard"].choose(view, moves, random.Random(0), {})
    kept = [c for c in view["hand"] if c != hint.move["card"]]
    assert hint.reason == "keep_outs" and hint.params["count"] == plan.outs(view, kept) > 0
    words = in_languages(hint.reason, hint.params)
    assert f"batem com {hint.params['count']} das cartas" in words["pt-br"]
