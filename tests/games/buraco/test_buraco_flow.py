"""Buraco turn flow, one test per rule sentence of the seed text (seeds/002), built from
hand-made decks and positions."""

from collections import Counter

import pytest
from buraco_support import assert_conserved, deck_for, position, refused, seq

from games import IllegalMove, registry
from games import buraco as bu
from games.buraco.flow import MAX_TURNS
from games.buraco.scoring import card_value as bu_value
from games.cards import deck104


def draw_and_discard(state, seat, card=None):
    state = bu.apply(state, seat, {"type": "draw_stock"})
    return bu.apply(state, seat, {"type": "discard", "card": card or state["hands"][seat][-1]})


# --- Preparação ----------------------------------------------------------------------


def test_registry_serves_buraco():
    assert registry.get("buraco") is bu
    assert bu.NAME == "buraco"
    assert bu.OPTIONS == {"target": 1500}


def test_there_are_104_cards_two_decks_without_jokers():
    assert bu.new_deck({}) == deck104()
    assert Counter(bu.new_deck({})) == Counter({c: 2 for c in deck104()[:52]})


def test_each_player_gets_eleven_one_at_a_time_from_the_left_of_the_dealer():
    deck = deck104()
    state = bu.deal(4, 1, deck)
    # dealer 1: seats 2, 3, 0, 1 receive deck[0], deck[1], deck[2], deck[3], then again
    assert state["hands"][2] == deck[0:44:4]
    assert state["hands"][3] == deck[1:44:4]
    assert state["hands"][0] == deck[2:44:4]
    assert state["hands"][1] == deck[3:44:4]
    assert all(len(h) == 11 for h in state["hands"])


def test_two_mortos_of_eleven_team_0_first_then_team_1():
    deck = deck104()
    state = bu.deal(4, 0, deck)
    assert state["mortos"]["0"] == deck[44:55]
    assert state["mortos"]["1"] == deck[55:66]


def test_the_38_remaining_cards_form_the_stock_and_the_discard_pile_starts_empty():
    deck = deck104()
    state = bu.deal(4, 0, deck)
    assert state["stock"] == deck[66:]
    assert len(state["stock"]) == 38
    assert state["discard"] == []
    assert_conserved(state)


def test_alternate_seats_are_partners():
    state = bu.deal(4, 0, deck104())
    v = bu.view(state, 2)
    assert v["team"] == "0"
    assert bu.view(state, 3)["team"] == "1"
    assert bu.view(state, 1)["team"] == "1"


def test_play_starts_after_the_dealer():
    for dealer in range(4):
        state = bu.deal(4, dealer, deck104())
        assert bu.current_seat(state) == (dealer + 1) % 4
        assert state["phase"] == "draw"


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_all_four_seats_are_needed(players):
    with pytest.raises(ValueError):
        bu.deal(players, 0, deck104())


def test_options_unknown_or_bad_target_raise():
    with pytest.raises(ValueError):
        bu.deal(4, 0, deck104(), options={"jokers": True})
    with pytest.raises(ValueError):
        bu.deal(4, 0, deck104(), options={"target": 2000})
    with pytest.raises(ValueError):
        bu.new_deck({"nope": 1})
    for target in (1500, 3000, 5000):
        assert bu.deal(4, 0, deck104(), options={"target": target})["options"] == {"target": target}


def test_deal_refuses_a_deck_that_is_not_the_104_cards():
    with pytest.raises(ValueError):
        bu.deal(4, 0, deck104()[:-1])
    with pytest.raises(ValueError):
        bu.deal(4, 0, deck104()[:-1] + ["AS"])


# --- Comprar, baixar e descartar --------------------------------------------------------


def test_draw_one_card_from_the_stock():
    state = bu.deal(4, 3, deck_for(stock=["9H"]))
    after = bu.apply(state, 0, {"type": "draw_stock"})
    assert after["hands"][0][-1] == "9H"
    assert len(after["stock"]) == 37
    assert after["phase"] == "play"
    assert state["phase"] == "draw" and len(state["stock"]) == 38


def test_draw_the_whole_discard_pile_without_justifying():
    state = position(hands={0: ["3C", "9D"]}, discard=["KH", "4S", "JD"], phase="draw")
    after = bu.apply(state, 0, {"type": "draw_discard"})
    assert Counter(after["hands"][0]) == Counter(["3C", "9D", "KH", "4S", "JD"])
    assert after["discard"] == []
    assert after["last"] == {"seat": 0, "type": "draw_discard", "cards": ["KH", "4S", "JD"]}


def test_drawing_the_empty_discard_pile_is_refused():
    state = bu.deal(4, 3, deck104())
    refused(state, 0, {"type": "draw_discard"}, "discard_empty")
    assert bu.legal_moves(state, 0) == [{"type": "draw_stock"}]


def test_meld_or_discard_before_drawing_is_refused():
    state = bu.deal(4, 3, deck_for(hands={0: seq("345", "S")}))
    refused(state, 0, {"type": "meld", "cards": seq("345", "S")}, "must_draw")
    refused(state, 0, {"type": "discard", "card": "3S"}, "must_draw")


def test_a_second_draw_is_refused():
    state = bu.apply(bu.deal(4, 3, deck104()), 0, {"type": "draw_stock"})
    refused(state, 0, {"type": "draw_stock"}, "already_drawn")
    refused(state, 0, {"type": "draw_discard"}, "already_drawn")


def test_no_minimum_points_for_the_first_meld():
    state = position(hands={0: ["3C", "4C", "5C", "9D"]})
    after = bu.apply(state, 0, {"type": "meld", "cards": ["3C", "4C", "5C"]})
    assert after["melds"]["0"][0]["cards"] == ["3C", "4C", "5C"]


def test_the_first_drawn_card_cannot_be_exchanged():
    state = bu.deal(4, 3, deck104())
    refused(state, 0, {"type": "exchange", "card": "AS"}, "bad_move")
    after = bu.apply(state, 0, {"type": "draw_stock"})
    assert {m["type"] for m in bu.legal_moves(after, 0)} <= {"meld", "add", "discard"}


def test_a_new_run_needs_at_least_three_cards():
    state = position(hands={0: ["3C", "4C", "9D"]})
    refused(state, 0, {"type": "meld", "cards": ["3C", "4C"]}, "too_few_cards")


def test_several_melds_before_the_discard():
    state = position(hands={0: seq("345", "C") + seq("9TJ", "D") + ["KH"]})
    state = bu.apply(state, 0, {"type": "meld", "cards": seq("345", "C")})
    state = bu.apply(state, 0, {"type": "meld", "cards": seq("9TJ", "D")})
    state = bu.apply(state, 0, {"type": "discard", "card": "KH"})
    assert [m["cards"] for m in state["melds"]["0"]] == [seq("345", "C"), seq("9TJ", "D")]
    assert bu.current_seat(state) == 1


def test_the_discard_ends_the_turn():
    state = position(hands={0: ["3C", "9D"]})
    after = bu.apply(state, 0, {"type": "discard", "card": "9D"})
    assert after["discard"] == ["9D"]
    assert after["turn"] == 1 and after["phase"] == "draw"
    refused(after, 0, {"type": "discard", "card": "3C"}, "not_your_turn")


def test_meld_cards_in_any_order_are_arranged_by_the_server():
    state = position(hands={0: ["5H", "2C", "3H", "KD"]})
    after = bu.apply(state, 0, {"type": "meld", "cards": ["2C", "5H", "3H"]})
    assert after["melds"]["0"][0] == {"cards": ["3H", "2C", "5H"], "canastra": None, "wild": 1}


def test_add_to_a_team_run_rearranges_it():
    state = position(hands={2: ["4S", "9D"]}, melds={"0": [["3S", "2H", "5S"]]}, turn=2)
    after = bu.apply(state, 2, {"type": "add", "meld": 0, "cards": ["4S"]})
    assert after["melds"]["0"][0]["cards"] == ["3S", "4S", "5S", "2H"]
    assert state["melds"]["0"][0]["cards"] == ["3S", "2H", "5S"]


def test_cards_cannot_be_added_to_the_other_teams_runs():
    state = position(hands={0: ["6S", "9D"]}, melds={"1": [seq("345", "S")]})
    refused(state, 0, {"type": "add", "meld": 0, "cards": ["6S"]}, "no_such_meld")
    assert not [m for m in bu.legal_moves(state, 0) if m["type"] == "add"]


def test_runs_are_never_merged():
    state = position(hands={0: ["6S", "9D", "KC"]}, melds={"0": [seq("345", "S"), seq("789", "S")]})
    after = bu.apply(state, 0, {"type": "add", "meld": 0, "cards": ["6S"]})
    assert [m["cards"] for m in after["melds"]["0"]] == [seq("3456", "S"), seq("789", "S")]
    refused(state, 0, {"type": "add", "meld": 0, "cards": ["6S"] + seq("789", "S")}, "card_not_in_hand")


def test_melded_cards_never_return_to_the_hand():
    state = position(hands={0: ["9D", "KC"]}, melds={"0": [seq("345", "S")]})
    refused(state, 0, {"type": "discard", "card": "3S"}, "card_not_in_hand")
    assert all(m.get("card") != "3S" for m in bu.legal_moves(state, 0))


def test_invalid_runs_are_refused_saying_why():
    state = position(hands={0: ["7S", "7H", "7D", "3C", "5C", "2H", "2D", "9D", "9C", "KC"]})
    # three of a kind: runs only, no sets
    refused(state, 0, {"type": "meld", "cards": ["7S", "7H", "7D"]}, "run_set")
    refused(state, 0, {"type": "meld", "cards": ["7S", "7H", "2D"]}, "run_set")
    # two 2s standing in
    refused(state, 0, {"type": "meld", "cards": ["3C", "2H", "2D", "5C"]}, "run_two_wilds")
    # suits mixed
    refused(state, 0, {"type": "meld", "cards": ["3C", "9D", "5C"]}, "run_mixed_suits")
    # one suit, but a gap one 2 cannot fill
    refused(state, 0, {"type": "meld", "cards": ["3C", "9C", "KC"]}, "run_not_in_sequence")
    refused(state, 0, {"type": "meld", "cards": ["3C", "2H", "9C"]}, "run_not_in_sequence")


def test_an_addition_that_breaks_the_run_says_why():
    state = position(hands={0: ["9D", "7H", "2H", "2D", "KC"]}, melds={"0": [seq("345", "S")]})
    refused(state, 0, {"type": "add", "meld": 0, "cards": ["9D"]}, "run_mixed_suits")
    refused(state, 0, {"type": "add", "meld": 0, "cards": ["2H", "2D"]}, "run_two_wilds")


def test_run_problem_is_none_exactly_for_runs():
    from games.buraco.runs import run_problem

    assert run_problem(["3S", "4S", "5S"]) is None
    assert run_problem(["3S", "2H", "5S"]) is None
    assert run_problem(["2S", "3S", "4S", "2D"]) is None  # the natural 2 and one substitute
    assert run_problem(["2S", "2S", "2H"]) == "run_set"
    assert run_problem(["AS", "AS", "AS"]) == "run_not_in_sequence"


def test_cards_not_in_hand_are_refused():
    state = position(hands={0: ["3C", "4C", "5C", "9D"]})
    refused(state, 0, {"type": "meld", "cards": ["3C", "4C", "5C", "6C"]}, "card_not_in_hand")
    refused(state, 0, {"type": "discard", "card": "AS"}, "card_not_in_hand")
    refused(state, 0, {"type": "meld", "cards": ["3C", "3C", "4C"]}, "card_not_in_hand")


@pytest.mark.parametrize(
    "move",
    [
        {},
        {"type": 3},
        {"type": "meld"},
        {"type": "meld", "cards": "3C4C5C"},
        {"type": "meld", "cards": ["3C", "4C", "XX"]},
        {"type": "add", "meld": "0", "cards": ["6C"]},
        {"type": "add", "meld": True, "cards": ["6C"]},
        {"type": "add", "meld": 0},
        {"type": "discard"},
        {"type": "discard", "card": 7},
        {"type": "fly"},
    ],
)
def test_malformed_moves_are_bad_moves(move):
    state = position(hands={0: ["3C", "4C", "5C", "9D"]}, melds={"0": [seq("789", "H")]})
    refused(state, 0, move, "bad_move")


def test_not_a_list_move_is_a_bad_move():
    state = position(hands={0: ["3C", "9D"]})
    refused(state, 0, ["discard"], "bad_move")


def test_other_seats_may_not_move():
    state = bu.deal(4, 3, deck104())
    for seat in (1, 2, 3):
        refused(state, seat, {"type": "draw_stock"}, "not_your_turn")
        assert bu.legal_moves(state, seat) == []


def test_adding_to_a_missing_run_is_refused():
    state = position(hands={0: ["6S", "9D"]}, melds={"0": [seq("345", "S")]})
    refused(state, 0, {"type": "add", "meld": 1, "cards": ["6S"]}, "no_such_meld")
    refused(state, 0, {"type": "add", "meld": -1, "cards": ["6S"]}, "no_such_meld")


# --- Morto direto e indireto ------------------------------------------------------------


def test_emptying_the_hand_by_melding_takes_the_morto_and_the_turn_goes_on():
    morto = seq("6789TJQK", "D") + ["AC", "KC", "QC"]
    state = position(hands={0: seq("345", "S")}, morto0=morto)
    after = bu.apply(state, 0, {"type": "meld", "cards": seq("345", "S")})
    assert after["hands"][0] == morto
    assert after["mortos"]["0"] == []
    assert after["morto_taken"] == {"0": True, "1": False}
    assert after["morto_pending"] == {"0": False, "1": False}
    assert after["turn"] == 0 and after["phase"] == "play"
    assert after["last"]["morto"] == "direct"
    # the same turn goes on with the morto, without drawing again
    after = bu.apply(after, 0, {"type": "meld", "cards": seq("6789TJQK", "D")})
    refused(after, 0, {"type": "draw_stock"}, "already_drawn")
    assert_conserved(after)


def test_emptying_the_hand_by_discarding_takes_the_morto_for_the_next_turn():
    state = position(hands={1: ["9D"]}, turn=1)
    after = bu.apply(state, 1, {"type": "discard", "card": "9D"})
    assert len(after["hands"][1]) == 11
    assert after["morto_taken"]["1"] and after["morto_pending"]["1"]
    assert after["morto_seat"]["1"] == 1
    assert after["last"]["morto"] == "indirect"
    assert after["turn"] == 2
    after = draw_and_discard(after, 2)
    after = draw_and_discard(after, 3)
    assert after["morto_pending"]["1"]
    after = draw_and_discard(after, 0)
    # pending until the start of that player's next turn
    assert after["turn"] == 1
    assert not after["morto_pending"]["1"]
    assert after["morto_taken"]["1"]
    assert_conserved(after)


def test_morto_taken_shows_from_the_moment_it_is_earned():
    state = position(hands={1: ["9D"]}, turn=1)
    after = bu.apply(state, 1, {"type": "discard", "card": "9D"})
    for seat in (None, 0, 1, 2, 3):
        v = bu.view(after, seat)
        assert v["morto_taken"] == {"0": False, "1": True}
        assert v["morto_pending"] == {"0": False, "1": True}
        assert v["morto_sizes"] == {"0": 11, "1": 0}


def test_each_team_receives_a_single_morto():
    # the partner empties the hand again: that is going out, not a second morto
    state = position(hands={2: seq("345", "C")}, melds={"0": [seq("3456789", "H")]}, morto_taken=("0",), turn=2)
    after = bu.apply(state, 2, {"type": "meld", "cards": seq("345", "C")})
    assert after["phase"] == "over"
    assert after["end"] == "batida"
    assert after["mortos"]["1"] and len(after["mortos"]["1"]) == 11


def test_a_team_that_took_its_morto_leaves_the_other_morto_alone():
    state = position(hands={1: ["9D"]}, turn=1, morto_taken=("0",))
    after = bu.apply(state, 1, {"type": "discard", "card": "9D"})
    assert after["morto_taken"] == {"0": True, "1": True}
    assert after["mortos"]["1"] == []


# --- Batida -----------------------------------------------------------------------------


def test_after_the_morto_a_meld_must_leave_two_cards_without_a_clean_canastra():
    state = position(hands={0: seq("345", "S") + ["9D"]}, morto_taken=("0",))
    refused(state, 0, {"type": "meld", "cards": seq("345", "S")}, "needs_clean_canastra")
    assert not [m for m in bu.legal_moves(state, 0) if m["type"] == "meld"]
    state = position(hands={0: seq("345", "S")}, morto_taken=("0",))
    refused(state, 0, {"type": "meld", "cards": seq("345", "S")}, "needs_clean_canastra")
    state = position(hands={0: seq("345", "S") + ["9D", "KC"]}, morto_taken=("0",))
    after = bu.apply(state, 0, {"type": "meld", "cards": seq("345", "S")})
    assert after["hands"][0] == ["9D", "KC"]


def test_a_dirty_canastra_does_not_allow_emptying_the_hand():
    state = position(
        hands={0: seq("345", "S") + ["9D"]}, melds={"0": [seq("345678", "H") + ["2C"]]}, morto_taken=("0",)
    )
    assert state["melds"]["0"][0]["canastra"] == "dirty"
    refused(state, 0, {"type": "meld", "cards": seq("345", "S")}, "needs_clean_canastra")


def test_after_the_morto_the_last_discard_needs_a_clean_canastra():
    state = position(hands={0: ["9D"]}, melds={"0": [seq("345678", "H") + ["2C"]]}, morto_taken=("0",))
    refused(state, 0, {"type": "discard", "card": "9D"}, "needs_clean_canastra")
    assert bu.legal_moves(state, 0) == []


def test_going_out_by_melding_every_card_ends_the_hand_with_100():
    state = position(hands={0: seq("345", "S")}, melds={"0": [seq("3456789", "H")]}, morto_taken=("0",))
    after = bu.apply(state, 0, {"type": "meld", "cards": seq("345", "S")})
    assert after["phase"] == "over" and bu.is_over(after)
    assert bu.current_seat(after) is None
    assert after["went_out"] == "0"
    assert bu.result(after)["breakdown"]["0"]["going_out"] == 100
    assert bu.result(after)["breakdown"]["1"]["going_out"] == 0


def test_going_out_by_discarding_the_last_card():
    state = position(hands={0: seq("345", "S") + ["9D"]}, melds={"0": [seq("3456789", "H")]}, morto_taken=("0",))
    state = bu.apply(state, 0, {"type": "meld", "cards": seq("345", "S")})
    assert state["phase"] == "play"
    after = bu.apply(state, 0, {"type": "discard", "card": "9D"})
    assert after["phase"] == "over" and after["end"] == "batida" and after["went_out"] == "0"
    assert after["discard"][-1] == "9D"


def test_the_clean_canastra_may_be_formed_by_the_final_play():
    state = position(hands={0: ["8S", "9S"]}, melds={"0": [seq("34567", "S")]}, morto_taken=("0",))
    after = bu.apply(state, 0, {"type": "add", "meld": 0, "cards": ["9S", "8S"]})
    assert after["melds"]["0"][0]["canastra"] == "clean"
    assert after["end"] == "batida"
    state = position(hands={0: ["8S"]}, melds={"0": [seq("34567", "S")]}, morto_taken=("0",))
    refused(state, 0, {"type": "add", "meld": 0, "cards": ["8S"]}, "needs_clean_canastra")


def test_a_play_that_spoils_the_only_clean_canastra_must_leave_two_cards():
    state = position(hands={0: ["2C", "9D"]}, melds={"0": [seq("3456789", "H")]}, morto_taken=("0",))
    refused(state, 0, {"type": "add", "meld": 0, "cards": ["2C"]}, "needs_clean_canastra")
    assert {"type": "add", "meld": 0, "cards": ["2C"]} not in bu.legal_moves(state, 0)


def test_before_the_morto_there_is_no_going_out():
    state = position(hands={0: seq("345", "S")}, melds={"0": [seq("3456789", "H")]})
    after = bu.apply(state, 0, {"type": "meld", "cards": seq("345", "S")})
    assert after["phase"] == "play" and after["went_out"] is None
    assert len(after["hands"][0]) == 11


# --- Fim do monte -------------------------------------------------------------------------


def last_stock_card(state):
    """Leave one card in the stock (the rest goes under the discard pile, keeping all 104)."""
    state = bu.from_json(bu.to_json(state))
    state["discard"] = state["stock"][1:] + state["discard"]
    state["stock"] = state["stock"][:1]
    return state


def test_after_the_last_stock_card_the_player_melds_and_discards_then_the_hand_ends():
    state = last_stock_card(position(hands={0: seq("345", "S") + ["9D", "KC"]}, phase="draw", stock=["JH"]))
    pile = list(state["discard"])
    state = bu.apply(state, 0, {"type": "draw_stock"})
    assert state["stock"] == [] and state["phase"] == "play"
    state = bu.apply(state, 0, {"type": "meld", "cards": seq("345", "S")})
    after = bu.apply(state, 0, {"type": "discard", "card": "9D"})
    assert after["phase"] == "over" and after["end"] == "stock"
    assert after["went_out"] is None
    res = bu.result(after)
    assert res["breakdown"]["0"]["going_out"] == 0 and res["breakdown"]["1"]["going_out"] == 0
    # the pile is never recycled, the mortos never become stock
    assert after["discard"] == pile + ["9D"]
    assert len(after["mortos"]["0"]) == 11 and len(after["mortos"]["1"]) == 11
    assert_conserved(after)


def test_an_indirect_morto_on_the_last_stock_turn_stays_unused():
    state = last_stock_card(position(hands={0: ["3S", "4S", "9D"]}, phase="draw", stock=["5S"]))
    state = bu.apply(state, 0, {"type": "draw_stock"})
    state = bu.apply(state, 0, {"type": "meld", "cards": seq("345", "S")})
    after = bu.apply(state, 0, {"type": "discard", "card": "9D"})
    assert after["phase"] == "over" and after["end"] == "stock"
    assert after["morto_taken"]["0"] and after["morto_pending"]["0"]
    part = bu.result(after)["breakdown"]["0"]
    assert part["morto"] == -100
    # the pending morto's eleven cards count as cards in hand
    assert len(after["hands"][0]) == 11
    assert part["hand"] == -sum(bu_value(c) for c in after["hands"][0] + after["hands"][2])


def test_the_hand_ends_after_a_safety_limit_of_turns():
    state = bu.from_json(bu.to_json(bu.deal(4, 3, deck104())))
    state["turns"] = MAX_TURNS - 1
    after = draw_and_discard(state, 0)
    assert after["phase"] == "over" and after["end"] == "limit" and after["went_out"] is None


# --- Timeout and leaving ------------------------------------------------------------------


def test_auto_move_draws_from_the_stock_first():
    state = position(hands={0: ["9D"]}, discard=["KH"], phase="draw")
    assert bu.auto_move(state, 0) == {"type": "draw_stock"}


def test_auto_move_takes_the_pile_when_the_stock_is_empty():
    state = bu.from_json(bu.to_json(position(hands={0: ["9D"]}, discard=["KH"], phase="draw")))
    state["discard"] += state["stock"]
    state["stock"] = []
    assert bu.auto_move(state, 0) == {"type": "draw_discard"}


def test_auto_move_discards_the_card_least_useful_to_both_teams():
    # 9C would extend the opponents' 6-7-8 of clubs; 2H is wild; 5S-6S belong together
    state = position(hands={0: ["9C", "5S", "6S", "2H", "9D"]}, melds={"1": [seq("678", "C")]})
    assert bu.auto_move(state, 0) == {"type": "discard", "card": "9D"}
    move = bu.auto_move(state, 0)
    assert move in bu.legal_moves(state, 0)


def test_auto_move_refuses_other_seats_and_finished_hands():
    state = bu.deal(4, 3, deck104())
    with pytest.raises(IllegalMove) as err:
        bu.auto_move(state, 2)
    assert err.value.code == "not_your_turn"
    done = position(hands={0: seq("345", "S")}, melds={"0": [seq("3456789", "H")]}, morto_taken=("0",))
    done = bu.apply(done, 0, {"type": "meld", "cards": seq("345", "S")})
    with pytest.raises(IllegalMove) as err:
        bu.auto_move(done, 0)
    assert err.value.code == "hand_over"
    refused(done, 0, {"type": "discard", "card": "9D"}, "hand_over")


def test_a_leaving_player_is_replaced_keeping_hand_and_team():
    state = bu.deal(4, 3, deck104())
    after = bu.remove_player(state, 2)
    assert after == state and after is not state
    with pytest.raises(ValueError):
        bu.remove_player(state, 4)


def test_json_round_trip():
    state = position(hands={0: ["3S", "2H", "5S", "9D"]}, melds={"1": [seq("789", "C")]})
    data = bu.to_json(state)
    assert bu.from_json(data) == state
    import json

    assert bu.from_json(json.dumps(data)) == state
    with pytest.raises(ValueError):
        bu.from_json({"game": "rouba_monte"})


def test_the_partner_may_go_out_while_the_morto_is_pending_which_then_counts_as_unused():
    state = position(hands={1: ["9D"], 3: seq("345", "S")}, melds={"1": [seq("3456789", "H")]}, turn=1)
    state = bu.apply(state, 1, {"type": "discard", "card": "9D"})
    assert state["morto_pending"]["1"]
    state = draw_and_discard(state, 2)
    state = bu.apply(state, 3, {"type": "draw_stock"})
    drawn = state["hands"][3][-1]
    state = bu.apply(state, 3, {"type": "meld", "cards": seq("345", "S")})
    after = bu.apply(state, 3, {"type": "discard", "card": drawn})
    assert after["end"] == "batida" and after["went_out"] == "1"
    part = bu.result(after)["breakdown"]["1"]
    assert part["going_out"] == 100
    assert part["morto"] == -100
    assert part["hand"] == -sum(bu_value(c) for c in after["hands"][1])


def test_a_direct_morto_on_the_last_stock_turn_is_used_and_the_discard_ends_the_hand():
    state = last_stock_card(position(hands={0: ["3S", "4S"]}, phase="draw", stock=["5S"]))
    state = bu.apply(state, 0, {"type": "draw_stock"})
    state = bu.apply(state, 0, {"type": "meld", "cards": seq("345", "S")})
    assert state["morto_taken"]["0"] and not state["morto_pending"]["0"]
    assert state["phase"] == "play" and len(state["hands"][0]) == 11
    after = bu.apply(state, 0, {"type": "discard", "card": state["hands"][0][0]})
    assert after["end"] == "stock"
    assert bu.result(after)["breakdown"]["0"]["morto"] == 0


def test_a_card_taken_from_the_pile_may_be_discarded_again():
    state = position(hands={0: ["3C", "9D"]}, discard=["KH"], phase="draw")
    state = bu.apply(state, 0, {"type": "draw_discard"})
    after = bu.apply(state, 0, {"type": "discard", "card": "KH"})
    assert after["discard"] == ["KH"]
