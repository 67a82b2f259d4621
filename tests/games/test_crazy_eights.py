"""Crazy Eights rules, one test per sentence of the house rules, from hand-made decks."""

import pytest

from games import IllegalMove, fair, registry
from games.cards import deck52

ce = registry.get("crazy_eights")


def make_deck(players, dealer, hands, rest=()):
    """A full deck that deals ``hands`` (seat -> cards) and then ``rest`` on top of the stock."""
    size = 7 if players == 2 else 5
    used = [c for h in hands.values() for c in h] + list(rest)
    filler = [c for c in deck52() if c not in used]
    # Fill hands that were not fully given with cards that are neither eights nor used.
    hand_lists = {}
    spare = [c for c in filler if c[0] != "8"]
    for s in range(players):
        cards = list(hands.get(s, []))
        while len(cards) < size:
            cards.append(spare.pop())
        hand_lists[s] = cards
    taken = {c for h in hand_lists.values() for c in h} | set(rest)
    deck = []
    for i in range(size):
        for k in range(players):
            deck.append(hand_lists[(dealer + 1 + k) % players][i])
    deck.extend(rest)
    deck.extend(c for c in deck52() if c not in taken)
    assert sorted(deck) == sorted(deck52())
    return deck


def setup(players=2, dealer=1, hands=None, rest=(), **state_changes):
    state = ce.deal(players, dealer, make_deck(players, dealer, hands or {}, rest))
    state.update(state_changes)
    return state


def refused(state, seat, move, code):
    before = ce.to_json(state)
    with pytest.raises(IllegalMove) as exc:
        ce.apply(state, seat, move)
    assert exc.value.code == code
    assert state == before


# --- A distribuição -------------------------------------------------------------------------


def test_deck_has_52_cards_and_stock_holds_the_rest():
    state = ce.deal(2, 0, fair.shuffle(None, "hand:1:deal", ce.new_deck({})))
    assert ce.new_deck({}) == deck52()
    total = sum(len(h) for h in state["hands"]) + len(state["stock"]) + len(state["discard"])
    assert total == 52
    assert len(state["stock"]) == 52 - 14 - 1


def test_two_players_get_seven_cards_each():
    state = ce.deal(2, 0, deck52())
    assert [len(h) for h in state["hands"]] == [7, 7]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_three_to_six_players_get_five_cards_each(players):
    state = ce.deal(players, 0, deck52())
    assert [len(h) for h in state["hands"]] == [5] * players
    assert len(state["stock"]) == 52 - 5 * players - 1


@pytest.mark.parametrize("players", [1, 7])
def test_player_count_outside_two_to_six_is_refused(players):
    with pytest.raises(ValueError):
        ce.deal(players, 0, deck52())


def test_cards_are_dealt_one_at_a_time_from_the_left_of_the_dealer():
    deck = deck52()
    state = ce.deal(3, 1, deck)
    assert state["hands"][2] == deck[0:15:3]
    assert state["hands"][0] == deck[1:15:3]
    assert state["hands"][1] == deck[2:15:3]


def test_top_card_of_the_stock_starts_the_pile():
    deck = make_deck(2, 0, {}, rest=["9C", "KD"])
    state = ce.deal(2, 0, deck)
    assert state["discard"] == ["9C"]
    assert state["suit"] == "C"
    assert state["stock"][0] == "KD"


def test_an_eight_turned_goes_back_to_the_middle_of_the_stock():
    deck = make_deck(2, 0, {}, rest=["8C", "9C", "KD"])
    state = ce.deal(2, 0, deck)
    assert state["discard"] == ["9C"]
    # After taking the 8C off, the stock is the 36 cards after it; 8C goes in at index 18, then
    # 9C is turned, leaving 8C at index 17.
    after = deck[14:]
    expected = after[1:]
    expected.insert(len(expected) // 2, "8C")
    assert state["stock"] == expected[1:]
    assert state["stock"][17] == "8C"


def test_eights_turned_again_and_again_all_go_back_to_the_middle():
    deck = make_deck(2, 0, {}, rest=["8C", "8D", "8H", "5S"])
    state = ce.deal(2, 0, deck)
    assert state["discard"] == ["5S"]
    assert sorted(c for c in state["stock"] if c[0] == "8") == ["8C", "8D", "8H", "8S"]
    assert len(state["stock"]) == 52 - 14 - 1


def test_deck_that_is_not_the_52_cards_is_refused():
    with pytest.raises(ValueError):
        ce.deal(2, 0, deck52()[:-1] + ["AC"])


# --- Quem começa -----------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_player_left_of_the_dealer_plays_first(dealer):
    state = ce.deal(4, dealer, deck52())
    assert ce.current_seat(state) == (dealer + 1) % 4


def test_play_proceeds_to_the_left_seat_by_seat():
    state = setup(3, 0, {1: ["9C"], 2: ["9D"], 0: ["9H"]}, rest=["2C"])
    state = ce.apply(state, 1, {"type": "play", "card": "9C"})
    assert ce.current_seat(state) == 2
    state = ce.apply(state, 2, {"type": "play", "card": "9D"})
    assert ce.current_seat(state) == 0
    state = ce.apply(state, 0, {"type": "play", "card": "9H"})
    assert ce.current_seat(state) == 1


# --- Sua vez ---------------------------------------------------------------------------------


def test_a_card_of_the_same_suit_may_be_played():
    state = setup(2, 1, {0: ["KC"]}, rest=["2C"])
    state = ce.apply(state, 0, {"type": "play", "card": "KC"})
    assert state["discard"][-1] == "KC" and state["suit"] == "C"


def test_nine_of_clubs_goes_on_any_nine():
    state = setup(2, 1, {0: ["9C"]}, rest=["9H"])
    state = ce.apply(state, 0, {"type": "play", "card": "9C"})
    assert state["discard"] == ["9H", "9C"]
    assert state["suit"] == "C"


def test_a_card_of_other_suit_and_rank_does_not_fit():
    state = setup(2, 1, {0: ["KC"]}, rest=["2H"])
    refused(state, 0, {"type": "play", "card": "KC"}, "card_does_not_fit")
    assert {"type": "play", "card": "KC"} not in ce.legal_moves(state, 0)


# --- Os oitos são curingas -------------------------------------------------------------------


def test_an_eight_goes_on_any_card_and_declares_a_suit():
    state = setup(2, 1, {0: ["8C"]}, rest=["2H"])
    for s in "CDHS":
        assert {"type": "play", "card": "8C", "suit": s} in ce.legal_moves(state, 0)
    state = ce.apply(state, 0, {"type": "play", "card": "8C", "suit": "S"})
    assert state["suit"] == "S"
    assert state["last_move"] == {"seat": 0, "type": "play", "card": "8C", "suit": "S"}


def test_after_an_eight_the_next_card_must_be_of_the_declared_suit_or_an_eight():
    state = setup(2, 1, {0: ["8C"], 1: ["4S", "3C", "5H", "8D"]}, rest=["2H"])
    state = ce.apply(state, 0, {"type": "play", "card": "8C", "suit": "S"})
    plays = {m["card"] for m in ce.legal_moves(state, 1) if m["type"] == "play"}
    assert {"4S", "8D"} <= plays
    assert all(c[1] == "S" or c[0] == "8" for c in plays)
    refused(state, 1, {"type": "play", "card": "3C"}, "card_does_not_fit")
    refused(state, 1, {"type": "play", "card": "5H"}, "card_does_not_fit")
    after_eight = ce.apply(state, 1, {"type": "play", "card": "8D", "suit": "H"})
    assert after_eight["suit"] == "H"


def test_an_eight_without_a_suit_is_refused():
    state = setup(2, 1, {0: ["8C"]}, rest=["2H"])
    refused(state, 0, {"type": "play", "card": "8C"}, "suit_required")


def test_a_suit_on_a_card_that_is_not_an_eight_is_refused():
    state = setup(2, 1, {0: ["KH"]}, rest=["2H"])
    refused(state, 0, {"type": "play", "card": "KH", "suit": "S"}, "bad_move")


# --- Comprar ---------------------------------------------------------------------------------


def test_drawing_takes_cards_one_at_a_time_until_one_fits():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H", "3C", "4D", "5H", "6S"])
    state = ce.apply(state, 0, {"type": "draw"})
    assert state["drawn"] == "5H"
    assert {"3C", "4D", "5H"} <= set(state["hands"][0])
    assert state["stock"][0] == "6S"
    assert state["last_move"] == {"seat": 0, "type": "draw", "count": 3, "reshuffles": 0, "outcome": "drawn"}
    assert ce.current_seat(state) == 0


def test_drawing_stops_at_the_first_card_that_fits_even_an_eight():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H", "3C", "8D", "5H"])
    state = ce.apply(state, 0, {"type": "draw"})
    assert state["drawn"] == "8D"
    assert state["stock"][0] == "5H"


def test_a_player_who_can_play_may_still_draw():
    state = setup(2, 1, {0: ["KH"]}, rest=["2H", "3C", "4H"])
    assert {"type": "draw"} in ce.legal_moves(state, 0)
    state = ce.apply(state, 0, {"type": "draw"})
    assert state["drawn"] == "4H"


def test_the_drawn_card_may_be_played_at_once():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H", "3C", "4H"])
    state = ce.apply(state, 0, {"type": "draw"})
    assert ce.legal_moves(state, 0) == [{"type": "play", "card": "4H"}, {"type": "keep"}]
    state = ce.apply(state, 0, {"type": "play", "card": "4H"})
    assert state["discard"][-1] == "4H"
    assert state["drawn"] is None
    assert ce.current_seat(state) == 1


def test_a_drawn_eight_may_be_played_with_any_suit():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H", "8C"])
    state = ce.apply(state, 0, {"type": "draw"})
    moves = ce.legal_moves(state, 0)
    assert {"type": "play", "card": "8C", "suit": "D"} in moves and {"type": "keep"} in moves
    assert len(moves) == 5


def test_the_drawn_card_may_be_kept_and_the_turn_ends():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H", "3C", "4H"])
    state = ce.apply(state, 0, {"type": "draw"})
    state = ce.apply(state, 0, {"type": "keep"})
    assert "4H" in state["hands"][0]
    assert state["drawn"] is None
    assert ce.current_seat(state) == 1
    assert state["last_move"] == {"seat": 0, "type": "keep"}


def test_after_drawing_only_the_drawn_card_may_be_played():
    state = setup(2, 1, {0: ["KH"]}, rest=["2H", "3C", "4H"])
    state = ce.apply(state, 0, {"type": "draw"})
    refused(state, 0, {"type": "play", "card": "KH"}, "must_play_drawn_or_keep")
    refused(state, 0, {"type": "draw"}, "must_play_drawn_or_keep")
    refused(state, 0, {"type": "pass"}, "must_play_drawn_or_keep")


# --- Monte vazio -----------------------------------------------------------------------------


def test_when_the_stock_runs_out_the_pile_under_the_top_card_is_reshuffled():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H"])
    state.update(stock=[], discard=["5C", "6C", "7D", "2H"], hands=[["KS"], state["hands"][1]])
    # Conservation is not the point here; the reshuffle order is.
    new = ce.apply(state, 0, {"type": "draw"})
    order = fair.shuffle(None, "hand:1:reshuffle:1", ["5C", "6C", "7D"])
    assert new["reshuffles"] == 1
    assert new["discard"] == ["2H"]
    # Drawing goes down the reshuffled stock; none of these fit 2H, so all three are drawn and the
    # stock is found empty a second time with nothing under the top card: the draw is a pass.
    assert new["hands"][0] == ["KS", *order]
    assert new["runouts"] == 2
    assert new["last_move"]["outcome"] == "pass" and new["last_move"]["reshuffles"] == 1


def test_reshuffle_uses_the_hand_number_and_counts_reshuffles_from_one():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H"], hand_number=3, seed="ab" * 32, reshuffles=2)
    state.update(stock=[], discard=["5C", "6C", "7D", "4H", "2H"])
    new = ce.apply(state, 0, {"type": "draw"})
    order = fair.shuffle("ab" * 32, "hand:3:reshuffle:3", ["5C", "6C", "7D", "4H"])
    drawn_count = order.index("4H") + 1
    assert new["hands"][0][-drawn_count:] == order[:drawn_count]
    assert new["drawn"] == "4H"
    assert new["stock"] == order[drawn_count:]


def test_with_nothing_to_draw_and_nothing_to_play_the_player_passes():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H"])
    state.update(stock=[], discard=["2H"])
    assert ce.legal_moves(state, 0) == [{"type": "pass"}]
    new = ce.apply(state, 0, {"type": "pass"})
    assert new["passes"] == 1 and ce.current_seat(new) == 1
    assert new["runouts"] == 0


def test_pass_is_refused_while_the_player_can_draw():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H"])
    refused(state, 0, {"type": "pass"}, "cannot_pass")


def test_pass_is_refused_while_the_player_can_play():
    state = setup(2, 1, {0: ["KH"]}, rest=["2H"])
    state.update(stock=[], discard=["2H"])
    refused(state, 0, {"type": "pass"}, "cannot_pass")
    assert ce.legal_moves(state, 0) == [{"type": "play", "card": "KH"}]


def test_draw_is_refused_when_there_is_nothing_to_draw():
    state = setup(2, 1, {0: ["KH"]}, rest=["2H"])
    state.update(stock=[], discard=["2H"])
    refused(state, 0, {"type": "draw"}, "nothing_to_draw")


def test_twenty_run_outs_do_not_end_the_hand():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H"], runouts=19)
    state.update(stock=[], discard=["3H", "2H"])
    new = ce.apply(state, 0, {"type": "draw"})
    assert new["runouts"] == 20 and not ce.is_over(new)
    assert new["drawn"] == "3H"


def test_the_twenty_first_run_out_ends_the_hand_as_blocked():
    state = setup(2, 1, {0: ["KS"], 1: ["AC"]}, rest=["2H"], runouts=20)
    state.update(stock=[], discard=["3H", "2H"])
    new = ce.apply(state, 0, {"type": "draw"})
    assert ce.is_over(new)
    assert new["end"] == "blocked" and new["end_reason"] == "runouts"
    assert new["runouts"] == 21
    assert ce.current_seat(new) is None
    assert new["last_move"]["outcome"] == "blocked"


# --- Bater -----------------------------------------------------------------------------------


def test_first_to_play_the_last_card_wins_and_scores_the_cards_left_in_other_hands():
    hands = {0: ["KC"], 1: ["8S", "KD", "AH", "2C", "3D"], 2: ["9S", "TH", "JH", "QH", "4D"]}
    state = setup(3, 2, hands, rest=["5C"])
    state["hands"][0] = ["KC"]
    new = ce.apply(state, 0, {"type": "play", "card": "KC"})
    assert ce.is_over(new) and new["end"] == "out"
    res = ce.result(new)
    assert res["winners"] == ["0"]
    assert res["scores"] == {"0": (50 + 10 + 1 + 2 + 3) + (9 + 10 + 10 + 10 + 4), "1": 0, "2": 0}
    assert res["breakdown"]["points"] == {"0": 0, "1": 66, "2": 43}


def test_going_out_with_an_eight_ends_the_hand():
    state = setup(2, 1, {0: ["8C"]}, rest=["2H"])
    state["hands"][0] = ["8C"]
    new = ce.apply(state, 0, {"type": "play", "card": "8C", "suit": "D"})
    assert ce.is_over(new) and ce.result(new)["winners"] == ["0"]


# --- Mão bloqueada ---------------------------------------------------------------------------


def blocked_state(hands):
    players = len(hands)
    state = setup(players, players - 1, rest=["2H"])
    state.update(hands=hands, stock=[], discard=["2H"])
    return state


def test_when_every_seat_passes_in_a_row_the_hand_is_blocked():
    state = blocked_state([["KS"], ["QC"], ["JD"]])
    for seat in (0, 1):
        state = ce.apply(state, seat, {"type": "pass"})
        assert not ce.is_over(state)
    state = ce.apply(state, 2, {"type": "pass"})
    assert ce.is_over(state) and state["end"] == "blocked" and state["end_reason"] == "passes"


def test_a_draw_that_ends_as_a_pass_counts_as_a_pass_in_the_row():
    state = blocked_state([["KS"], ["QC"]])
    state["discard"] = ["5C", "2H"]
    state = ce.apply(state, 0, {"type": "draw"})
    assert state["last_move"]["outcome"] == "pass" and state["passes"] == 1
    state = ce.apply(state, 1, {"type": "pass"})
    assert state["end"] == "blocked"


def test_a_play_breaks_the_row_of_passes():
    state = blocked_state([["KS"], ["QH", "QC"], ["JD"]])
    state = ce.apply(state, 0, {"type": "pass"})
    state = ce.apply(state, 1, {"type": "play", "card": "QH"})
    assert state["passes"] == 0


def test_a_kept_card_breaks_the_row_of_passes():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H", "3H"], passes=1)
    state = ce.apply(state, 0, {"type": "draw"})
    state = ce.apply(state, 0, {"type": "keep"})
    assert state["passes"] == 0


def issue_scenario_deck():
    """The audit's deal: two players, dealer 0; seat 1 holds three eights and four low spades."""
    seat1 = ["8C", "8D", "8S", "2S", "3S", "4S", "5S"]
    seat0 = ["8H", "2C", "3C", "4C", "5C", "6C", "7C"]
    starter = ["KD"]
    spades = ["6S", "7S", "9S", "TS", "JS", "QS", "AS", "KS"]
    used = set(seat1 + seat0 + starter + spades)
    others = [c for c in deck52() if c not in used]
    assert len(others) == 29 and not any(c[0] == "8" or c[1] == "S" for c in others)
    dealt = [card for pair in zip(seat1, seat0, strict=True) for card in pair]  # seat 1 is dealt first
    return dealt + starter + spades + others


def test_a_voluntary_draw_that_empties_everything_does_not_block_a_seat_that_can_play():
    state = ce.deal(players=2, dealer=0, deck=issue_scenario_deck())
    assert state["hands"][1] == ["8C", "8D", "8S", "2S", "3S", "4S", "5S"] and state["discard"] == ["KD"]
    state = ce.apply(state, 1, {"type": "draw"})
    assert state["drawn"] == "KS" and state["last_move"]["count"] == 8
    state = ce.apply(state, 1, {"type": "keep"})
    state = ce.apply(state, 0, {"type": "play", "card": "8H", "suit": "S"})
    assert {"type": "play", "card": "2S"} in ce.legal_moves(state, 1)
    state = ce.apply(state, 1, {"type": "draw"})  # drawn by choice: nothing else fits spades
    assert state["last_move"]["outcome"] == "pass"
    assert state["stock"] == [] and state["discard"] == ["8H"]
    assert len(state["hands"][1]) == 45 and state["passes"] == 0
    assert ce.legal_moves(state, 0) == [{"type": "pass"}]
    state = ce.apply(state, 0, {"type": "pass"})
    assert not ce.is_over(state)  # seat 1 holds fifteen spades and eights: the hand goes on
    assert ce.current_seat(state) == 1
    moves = ce.legal_moves(state, 1)
    assert moves and all(m["type"] == "play" for m in moves)
    for _ in range(500):
        if ce.is_over(state):
            break
        seat = ce.current_seat(state)
        state = ce.apply(state, seat, ce.auto_move(state, seat))
    assert state["end"] == "out"


def test_a_block_by_passes_when_nobody_can_play_or_draw():
    # With one deck this cannot come from a deal (three eights or more are held whenever
    # stock and pile are empty), so the position is made by hand: nobody holds an eight.
    state = blocked_state([["KS", "3S"], ["QC", "9C"], ["JD"]])
    state["discard"] = ["5C", "2H"]
    state = ce.apply(state, 0, {"type": "draw"})  # 5C does not fit 2H either: a pass in the row
    assert state["last_move"]["outcome"] == "pass" and state["passes"] == 1
    assert ce.legal_moves(state, 1) == [{"type": "pass"}]
    state = ce.apply(state, 1, {"type": "pass"})
    assert not ce.is_over(state)
    state = ce.apply(state, 2, {"type": "pass"})
    assert state["end"] == "blocked" and state["end_reason"] == "passes"
    # Counts: seat 0 = 10 + 3 + 5 = 18, seat 1 = 10 + 9 = 19, seat 2 = 10.
    assert ce.result(state)["scores"] == {"0": 0, "1": 0, "2": 8 + 9}


def test_a_seat_that_can_play_breaks_the_row_even_when_its_draw_found_nothing():
    state = blocked_state([["KH", "QC"], ["QS"], ["JD"]])
    state["discard"] = ["5C", "2H"]
    state = ce.apply(state, 0, {"type": "draw"})
    assert state["last_move"]["outcome"] == "pass" and state["passes"] == 0
    for seat in (1, 2):
        state = ce.apply(state, seat, {"type": "pass"})
    assert not ce.is_over(state)
    assert ce.legal_moves(state, 0) == [{"type": "play", "card": "KH"}]


def test_blocked_hand_lowest_count_scores_the_difference_to_each_other_hand():
    # Counts: seat 0 = 13 (K + 3), seat 1 = 49 (K Q J 10 9), seat 2 = 23 (J + 9 + 4).
    state = blocked_state([["KS", "3S"], ["KC", "QC", "JC", "TD", "9C"], ["JD", "9D", "4D"]])
    for seat in range(3):
        state = ce.apply(state, seat, {"type": "pass"})
    res = ce.result(state)
    assert res["winners"] == ["0"]
    assert res["scores"] == {"0": (49 - 13) + (23 - 13), "1": 0, "2": 0}
    assert res["breakdown"]["lowest"] == 13


def test_blocked_hand_players_tied_for_lowest_each_score_the_difference():
    state = blocked_state([["KS"], ["QC"], ["JD", "9D"]])
    for seat in range(3):
        state = ce.apply(state, seat, {"type": "pass"})
    res = ce.result(state)
    assert res["winners"] == ["0", "1"]
    assert res["scores"] == {"0": 9, "1": 9, "2": 0}


def test_count_is_the_point_value_not_the_number_of_cards():
    state = blocked_state([["KS", "QS", "JS", "TS"], ["3C", "4C", "5C", "6C", "7C", "9C"]])
    for seat in range(2):
        state = ce.apply(state, seat, {"type": "pass"})
    res = ce.result(state)
    assert res["winners"] == ["1"] and res["scores"] == {"0": 0, "1": 40 - 34}


# --- O que valem as cartas -------------------------------------------------------------------


def test_card_values():
    assert ce.card_points("8D") == 50
    for r in "KQJT":
        assert ce.card_points(r + "S") == 10
    assert ce.card_points("AH") == 1
    for r in "2345679":
        assert ce.card_points(r + "C") == int(r)
    assert ce.hand_points(["8D", "KC", "AH", "7S"]) == 68


# --- O fim -----------------------------------------------------------------------------------


def test_match_goes_on_while_nobody_has_100():
    assert ce.match_status({"0": 99, "1": 40}, {}) == {"over": False, "winners": []}


def test_match_ends_after_a_hand_in_which_someone_reaches_100_and_the_highest_wins():
    assert ce.match_status({"0": 100, "1": 40}, {}) == {"over": True, "winners": ["0"]}
    assert ce.match_status({"0": 104, "1": 130, "2": 7}, {}) == {"over": True, "winners": ["1"]}


def test_equal_totals_share_the_place():
    assert ce.match_status({"0": 120, "1": 120, "2": 5}, {}) == {"over": True, "winners": ["0", "1"]}


def test_target_option_changes_the_match_end():
    assert ce.match_status({"0": 60, "1": 10}, {"target": 50})["over"]
    assert not ce.match_status({"0": 60, "1": 10}, {"target": 200})["over"]


@pytest.mark.parametrize("options", [{"house": True}, {"target": 0}, {"target": "100"}])
def test_unknown_or_bad_options_raise_value_error(options):
    with pytest.raises(ValueError):
        ce.deal(2, 0, deck52(), options)
    with pytest.raises(ValueError):
        ce.match_status({"0": 1}, options)


# --- Timeout (the table plays the lowest card or draws) -------------------------------------


def test_auto_move_plays_the_lowest_card_by_points():
    state = setup(2, 1, {0: ["KH", "3H", "AD", "5C", "2S", "9S", "TS"]}, rest=["4H"])
    assert ce.auto_move(state, 0) == {"type": "play", "card": "3H"}


def test_auto_move_breaks_equal_points_by_rank_then_suit():
    state = setup(2, 1, {0: ["KH", "QH", "JH", "TD", "3C", "4C", "5C"]}, rest=["TH"])
    assert ce.auto_move(state, 0) == {"type": "play", "card": "TD"}
    state = setup(2, 1, {0: ["5D", "5H", "KS", "QS", "3C", "4C", "6C"]}, rest=["5S"])
    assert ce.auto_move(state, 0) == {"type": "play", "card": "5D"}


def test_auto_move_plays_an_eight_last_declaring_the_suit_held_most():
    state = setup(2, 1, {0: ["8S", "8C", "KD", "QD", "3C", "4H", "2H"]}, rest=["9S"])
    assert ce.auto_move(state, 0) == {"type": "play", "card": "8C", "suit": "D"}
    state = setup(2, 1, {0: ["8S", "KD", "QD", "3H", "4H", "5C", "6C"]}, rest=["9S"])
    # Clubs, diamonds and hearts tie at two: clubs comes first in suit order.
    assert ce.auto_move(state, 0) == {"type": "play", "card": "8S", "suit": "C"}


def test_auto_move_draws_without_a_playable_card_then_plays_the_drawn_card():
    state = setup(2, 1, {0: ["KS", "QS", "JS", "TS", "3S", "4S", "5S"]}, rest=["2H", "3C", "6H"])
    assert ce.auto_move(state, 0) == {"type": "draw"}
    state = ce.apply(state, 0, {"type": "draw"})
    assert ce.auto_move(state, 0) == {"type": "play", "card": "6H"}


def test_auto_move_passes_when_nothing_can_be_played_or_drawn():
    state = blocked_state([["KS"], ["QC"]])
    assert ce.auto_move(state, 0) == {"type": "pass"}


def test_auto_move_is_refused_for_a_seat_not_to_move():
    state = setup(2, 1, {}, rest=["2H"])
    with pytest.raises(IllegalMove) as exc:
        ce.auto_move(state, 1)
    assert exc.value.code == "not_your_turn"


# --- Views and hidden information -----------------------------------------------------------

REQUIRED_VIEW_KEYS = {
    "game",
    "seat",
    "turn",
    "hand_counts",
    "stock_count",
    "over",
    "discard_top",
    "suit",
    "drawn",
    "runouts",
    "discard_count",
    "dealer",
    "passes_in_row",
    "last_move",
}


def test_view_has_the_contract_keys():
    state = setup(3, 0, {}, rest=["2H"])
    own = ce.view(state, 1)
    assert REQUIRED_VIEW_KEYS | {"hand"} <= set(own)
    assert own["game"] == "crazy_eights" and own["seat"] == 1 and own["turn"] == 1
    assert own["hand_counts"] == {"0": 5, "1": 5, "2": 5}
    assert own["stock_count"] == 36 and own["discard_top"] == "2H" and own["suit"] == "H"
    public = ce.view(state, None)
    assert REQUIRED_VIEW_KEYS <= set(public) and "hand" not in public


def test_drawn_card_is_seen_only_by_the_drawer():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H", "3C", "4H"])
    state = ce.apply(state, 0, {"type": "draw"})
    assert ce.view(state, 0)["drawn"] == "4H"
    assert ce.view(state, 1)["drawn"] is None
    assert ce.view(state, None)["drawn"] is None
    assert ce.view(state, 1)["drawn_pending"] is True
    assert "4H" not in str(ce.view(state, 1)) and "3C" not in str(ce.view(state, 1))


def test_a_kept_card_stays_secret_in_the_last_move():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H", "3C", "4H"])
    state = ce.apply(state, 0, {"type": "draw"})
    state = ce.apply(state, 0, {"type": "keep"})
    for seat in (1, None):
        v = ce.view(state, seat)
        assert v["last_move"] == {"seat": 0, "type": "keep"}
        assert "4H" not in str(v)


def test_buried_pile_and_stock_order_are_not_in_the_view():
    state = setup(2, 1, {0: ["KS"]}, rest=["2H"])
    state.update(discard=["5C", "6C", "7D", "2H"])
    v = ce.view(state, 0)
    assert v["discard_count"] == 4 and v["discard_top"] == "2H"
    text = str(v)
    for card in ("5C", "6C", "7D", *state["stock"]):
        assert card not in text


# --- Leaving, illegal moves, serialisation -------------------------------------------------


def test_remove_player_is_not_supported():
    state = setup(2, 1, {}, rest=["2H"])
    with pytest.raises(IllegalMove) as exc:
        ce.remove_player(state, 0)
    assert exc.value.code == "not_supported"


def test_move_by_a_seat_not_to_move_is_refused():
    state = setup(2, 1, {1: ["KH"]}, rest=["2H"])
    refused(state, 1, {"type": "play", "card": "KH"}, "not_your_turn")
    assert ce.legal_moves(state, 1) == []


def test_move_after_the_hand_is_over_is_refused():
    state = setup(2, 1, {0: ["KH"]}, rest=["2H"])
    state["hands"][0] = ["KH"]
    state = ce.apply(state, 0, {"type": "play", "card": "KH"})
    refused(state, 1, {"type": "draw"}, "hand_over")
    assert ce.legal_moves(state, 1) == [] and ce.current_seat(state) is None


def test_card_not_in_hand_is_refused():
    state = setup(2, 1, {0: ["KH"], 1: ["QH"]}, rest=["2H"])
    refused(state, 0, {"type": "play", "card": "QH"}, "card_not_in_hand")


def test_keep_without_a_drawn_card_is_refused():
    state = setup(2, 1, {}, rest=["2H"])
    refused(state, 0, {"type": "keep"}, "nothing_to_keep")


@pytest.mark.parametrize(
    "move",
    [
        None,
        "draw",
        [],
        {},
        {"type": "fly"},
        {"type": 3},
        {"type": "play"},
        {"type": "play", "card": 12},
        {"type": "play", "card": "1H"},
        {"type": "play", "card": "8H", "suit": "X"},
        {"type": "play", "card": "8H", "suit": None},
        {"type": "play", "card": "8H", "suit": ["S"]},
        {"type": "play", "card": ["8H"], "suit": "S"},
        {"type": "draw", "card": "KH"},
        {"type": "keep", "x": 1},
        {"type": "pass", "suit": "C"},
        {"type": ["play"]},
    ],
)
def test_malformed_moves_are_bad_moves(move):
    state = setup(2, 1, {0: ["8H"]}, rest=["2H"])
    refused(state, 0, move, "bad_move")


def test_to_json_and_from_json_round_trip():
    import json

    state = setup(2, 1, {0: ["KS"]}, rest=["2H", "3C", "4H"])
    state = ce.apply(state, 0, {"type": "draw"})
    data = ce.to_json(state)
    assert json.loads(json.dumps(data)) == data
    assert ce.from_json(json.loads(json.dumps(data))) == state
    assert ce.from_json(json.dumps(data)) == state


def test_the_table_can_tell_why_a_card_cannot_be_played_now():
    state = setup(2, 1, {0: ["KC", "9D", "8S"], 1: ["QD"]}, rest=["2C", "3C", "4C", "5H"])
    v = ce.view(state, 0)
    assert ce.unplayable_reason(v, "KC") is None
    assert ce.unplayable_reason(v, "8S") is None
    assert ce.unplayable_reason(v, "9D") == "card_does_not_fit"
    assert ce.unplayable_reason(v, "QD") == "card_not_in_hand"
    assert ce.unplayable_reason(ce.view(state, 1), "QD") == "not_your_turn"
    drew = ce.apply(state, 0, {"type": "draw"})
    assert drew["drawn"] == "3C"
    assert ce.unplayable_reason(ce.view(drew, 0), "KC") == "must_play_drawn_or_keep"
    assert ce.unplayable_reason(ce.view(drew, 0), "3C") is None
    # The hint agrees with legal_moves for every card of the hand.
    for card in v["hand"]:
        playable = any(m.get("card") == card for m in ce.legal_moves(state, 0))
        assert (ce.unplayable_reason(v, card) is None) == playable


def test_every_view_shows_the_round_of_moves_the_table_saw():
    """``recent_moves``: the last two moves a seat, numbered, each its public ``last_move`` and what it left."""
    import random

    rng = random.Random(5)
    key = "ab" * 32
    state = ce.deal(4, 0, fair.shuffle(key, "hand:1:deal", ce.new_deck({})), {}, key, 1)
    assert ce.view(state, 1)["recent_moves"] == []
    seen = []
    number = 0
    while not ce.is_over(state) and number < 40:
        seat = ce.current_seat(state)
        before = state["reshuffles"]
        state = ce.apply(state, seat, rng.choice(ce.legal_moves(state, seat)))
        number += 1
        if state["reshuffles"] != before:
            seen = []  # a reshuffle starts them again: those cards are hidden in the stock now
        seen.append({"n": number, "move": state["last_move"], "top": state["discard"][-1], "suit": state["suit"]})
        for s in (0, 1, 2, 3, None):
            assert ce.view(state, s)["recent_moves"] == seen[-8:]
    assert number > 8
    drawn = [e for e in seen if e["move"]["type"] == "draw"]
    assert drawn and all(set(e["move"]) == {"seat", "type", "count", "reshuffles", "outcome"} for e in drawn)
    assert ce.from_json(ce.to_json(state)) == state


def test_a_state_kept_before_recent_moves_still_plays():
    state = setup(players=2, dealer=1, hands={0: ["5C"]}, rest=["9C"])
    del state["recent"]
    assert ce.view(state, 0)["recent_moves"] == []
    after = ce.apply(state, 0, {"type": "play", "card": "5C"})
    assert [e["n"] for e in after["recent"]] == [1]


def test_a_reshuffle_starts_the_recent_moves_again():
    state = setup(players=2, dealer=1, hands={0: ["5C", "KH"], 1: ["2C"]}, rest=["9C"])
    state = ce.apply(state, 0, {"type": "play", "card": "5C"})
    state = ce.apply(state, 1, {"type": "play", "card": "2C"})
    # The stock is found empty: the pile under the 2C (the 9C and 5C) becomes the stock.
    state = dict(state, stock=[])
    state = ce.apply(state, 0, {"type": "draw"})
    assert state["reshuffles"] == 1
    assert [e["n"] for e in state["recent"]] == [3]
    assert "5C" not in str(ce.view(state, 1)["recent_moves"])
