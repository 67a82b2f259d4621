"""Stealing Bundles (classic rules, seeds/004): one test per rule sentence and per house-rule option."""

import pytest

from games import IllegalMove, registry
from games import stealing_bundles as sb
from games.cards import deck40, deck52


def deck_for(players, dealer, hands, centre, stock=(), direction=1, full=None):
    """A full deck that deals ``hands`` (seat -> 4 cards), then ``centre``, then ``stock`` on top of the rest."""
    order = [(dealer + direction * k) % players for k in range(1, players + 1)]
    order = [s for s in order if s in hands]
    deck = [hands[s][r] for r in range(4) for s in order]
    deck += list(centre) + list(stock)
    return deck + [c for c in (full or deck52()) if c not in deck]


def give_pile(state, seat, cards, pile=0):
    """Move ``cards`` from the stock into one of ``seat``'s piles (last one on top)."""
    state = sb.from_json(sb.to_json(state))
    for c in cards:
        state["stock"].remove(c)
    state["piles"][seat][pile] = list(cards)
    return state


def unchanged_after(state, seat, move, code):
    before = sb.to_json(state)
    with pytest.raises(IllegalMove) as err:
        sb.apply(state, seat, move)
    assert err.value.code == code
    assert sb.to_json(state) == before


def all_cards(state):
    out = list(state["stock"]) + list(state["centre"])
    for h in state["hands"]:
        out += h
    for own in state["piles"]:
        for p in own:
            out += p
    return sorted(out)


HANDS = {0: ["2C", "3C", "4C", "5C"], 1: ["2D", "9D", "TD", "AD"]}
CENTRE = ["2S", "2H", "KS", "7S"]


def table(options=None, hands=HANDS, centre=CENTRE, players=2, dealer=0):
    return sb.deal(players, dealer, deck_for(players, dealer, hands, centre), options or {})


# ---------------------------------------------------------------- Jogadores, baralho, preparação


def test_registry_finds_the_engine_and_its_options_default_off():
    assert registry.get("stealing_bundles") is sb
    assert sb.OPTIONS == {
        "no_steal": False,
        "jacks_wild": False,
        "last_capture_bonus": False,
        "sweep_bonus": False,
        "deck40": False,
        "counter_clockwise": False,
        "double_piles": False,
        "tiebreak": False,
        "match_games": 1,
        "match_scoring": "wins",
    }


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_with_a_52_card_deck(players):
    state = sb.deal(players, 0, deck52())
    assert all_cards(state) == sorted(deck52())
    assert sb.new_deck({}) == deck52()


@pytest.mark.parametrize("players", [1, 5])
def test_other_player_counts_are_refused(players):
    with pytest.raises(ValueError):
        sb.deal(players, 0, deck52())


def test_deal_four_face_down_each_four_face_up_to_the_centre_rest_is_the_stock():
    deck = deck52()
    state = sb.deal(3, 0, deck)
    assert state["hands"][1] == [deck[0], deck[3], deck[6], deck[9]]
    assert state["hands"][0] == [deck[2], deck[5], deck[8], deck[11]]
    assert state["centre"] == deck[12:16]
    assert state["stock"] == deck[16:]
    assert sb.view(state, None)["stock_count"] == 36


def test_player_left_of_the_dealer_plays_first_and_play_goes_clockwise():
    state = sb.deal(4, 1, deck52())
    order = []
    for _ in range(4):
        seat = sb.current_seat(state)
        order.append(seat)
        state = sb.apply(state, seat, sb.legal_moves(state, seat)[0])
    assert order == [2, 3, 0, 1]


def test_play_one_card_per_turn_face_up():
    state = table()
    new = sb.apply(state, 1, {"type": "discard", "card": "9D"})
    assert len(new["hands"][1]) == 3
    assert new["centre"][-1] == "9D"
    assert sb.current_seat(new) == 0


# ---------------------------------------------------------------- Jogabilidade


def test_a_card_matching_an_opponent_pile_top_steals_the_whole_pile():
    state = give_pile(table(), 0, ["8C", "8H", "9C"])
    new = sb.apply(state, 1, {"type": "steal", "card": "9D", "from": 0})
    assert new["piles"][0] == [[]]
    assert new["piles"][1] == [["8C", "8H", "9C", "9D"]]
    assert sb.view(new, 0)["piles"]["1"] == {"count": 4, "top": "9D"}


def test_stolen_pile_goes_on_top_of_your_own_with_your_card_on_top():
    state = give_pile(give_pile(table(), 0, ["8C", "9C"]), 1, ["QC"])
    new = sb.apply(state, 1, {"type": "steal", "card": "9D", "from": 0})
    assert new["piles"][1] == [["QC", "8C", "9C", "9D"]]


def test_steal_has_priority_over_the_table():
    state = give_pile(table(centre=["9S", "2H", "KS", "7S"]), 0, ["8C", "9C"])
    nines = [m for m in sb.legal_moves(state, 1) if m["card"] == "9D"]
    assert nines == [{"type": "steal", "card": "9D", "from": 0}]
    unchanged_after(state, 1, {"type": "capture", "card": "9D", "target": "9S"}, "must_steal")
    unchanged_after(state, 1, {"type": "discard", "card": "9D"}, "must_steal")


def test_player_picks_which_pile_when_several_match():
    hands = {0: ["9H", "3C", "4C", "5C"], 1: ["2D", "9D", "TD", "AD"], 2: ["6H", "7H", "8H", "JH"]}
    state = table(hands=hands, players=3, dealer=2)
    state = give_pile(give_pile(state, 1, ["9C"]), 2, ["8S", "9S"])
    nines = [m for m in sb.legal_moves(state, 0) if m["card"] == "9H"]
    assert nines == [{"type": "steal", "card": "9H", "from": 1}, {"type": "steal", "card": "9H", "from": 2}]
    new = sb.apply(state, 0, {"type": "steal", "card": "9H", "from": 2})
    assert new["piles"][0] == [["8S", "9S", "9H"]] and new["piles"][1] == [["9C"]]


def test_you_cannot_steal_your_own_pile():
    state = give_pile(table(), 1, ["9C"])
    assert {"type": "discard", "card": "9D"} in sb.legal_moves(state, 1)
    unchanged_after(state, 1, {"type": "steal", "card": "9D", "from": 1}, "own_pile")


def test_steal_needs_a_matching_top():
    state = give_pile(table(), 0, ["9C", "8C"])
    unchanged_after(state, 1, {"type": "steal", "card": "9D", "from": 0}, "bad_steal")


def test_without_a_steal_a_card_captures_every_centre_card_of_its_rank():
    state = table()
    new = sb.apply(state, 1, {"type": "capture", "card": "2D", "target": "2H"})
    assert new["centre"] == ["KS", "7S"]
    assert new["piles"][1] == [["2S", "2H", "2D"]]
    assert sb.view(new, 0)["last_move"] == {"seat": 1, "type": "capture", "card": "2D", "taken": ["2S", "2H"]}


def test_capture_may_name_any_centre_card_of_the_rank_and_each_is_listed():
    moves = [m for m in sb.legal_moves(table(), 1) if m["card"] == "2D"]
    assert moves == [
        {"type": "capture", "card": "2D", "target": "2S"},
        {"type": "capture", "card": "2D", "target": "2H"},
    ]
    a = sb.apply(table(), 1, moves[0])
    b = sb.apply(table(), 1, moves[1])
    assert a["piles"] == b["piles"] and a["centre"] == b["centre"]


def test_a_card_that_can_capture_must_capture():
    unchanged_after(table(), 1, {"type": "discard", "card": "2D"}, "must_capture")


def test_a_card_matching_nothing_stays_face_up_in_the_centre():
    moves = [m for m in sb.legal_moves(table(), 1) if m["card"] == "TD"]
    assert moves == [{"type": "discard", "card": "TD"}]
    new = sb.apply(table(), 1, moves[0])
    assert new["centre"] == CENTRE + ["TD"]


def test_any_card_may_be_played_even_when_another_could_capture():
    moves = sb.legal_moves(table(), 1)
    assert sorted({m["card"] for m in moves}) == sorted(HANDS[1])
    assert {"type": "discard", "card": "9D"} in moves


def test_suits_are_ignored_and_aces_match_only_aces():
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["AD", "9D", "TD", "KD"]}
    state = table(hands=hands, centre=["AS", "2H", "KS", "QS"])
    aces = [m for m in sb.legal_moves(state, 1) if m["card"] == "AD"]
    assert aces == [{"type": "capture", "card": "AD", "target": "AS"}]
    unchanged_after(state, 1, {"type": "capture", "card": "AD", "target": "2H"}, "bad_target")
    unchanged_after(state, 1, {"type": "capture", "card": "KD", "target": "QS"}, "bad_target")
    kings = [m for m in sb.legal_moves(state, 1) if m["card"] == "KD"]
    assert kings == [{"type": "capture", "card": "KD", "target": "KS"}]


def test_when_every_hand_is_empty_four_more_each_and_no_new_centre_cards():
    state = sb.deal(2, 0, deck52())
    stock = list(state["stock"])
    for _ in range(8):
        seat = sb.current_seat(state)
        state = sb.apply(state, seat, sb.auto_move(state, seat))
        centre_before = list(state["centre"])
    assert state["hands"][1] == stock[0:8:2] and state["hands"][0] == stock[1:8:2]
    assert state["centre"] == centre_before
    assert sb.current_seat(state) == 1  # seat 0 played last: the next player goes on


def test_game_ends_after_the_stock_runs_out_and_the_last_hands_are_played():
    state = sb.deal(4, 3, deck52())
    moves = 0
    while not sb.is_over(state):
        seat = sb.current_seat(state)
        state = sb.apply(state, seat, sb.auto_move(state, seat))
        moves += 1
    assert moves == 48 and state["stock"] == []
    assert sb.current_seat(state) is None


def finished(piles, centre, options=None, last_capture=None, players=3):
    state = sb.deal(players, 0, deck52(), options or {})
    state = sb.from_json(sb.to_json(state))
    state.update(
        hands=[[] for _ in range(players)],
        centre=list(centre),
        piles=[[list(p)] for p in piles],
        stock=[],
        over=True,
        turn=None,
        last_capture=last_capture,
    )
    return state


def test_each_card_is_one_point_most_cards_wins_table_leftovers_to_nobody():
    state = finished([["2C", "3C"], ["4C", "5C", "6C"], ["7C"]], ["8C", "9C"], last_capture=0)
    res = sb.result(state)
    assert res["scores"] == {"0": 2, "1": 3, "2": 1}
    assert res["winners"] == ["1"]
    assert res["breakdown"]["centre_left"] == ["8C", "9C"]


def test_last_capture_bonus_gives_the_leftover_table_to_the_last_capturer():
    state = finished([["2C", "3C"], ["4C", "5C", "6C"], ["7C"]], ["8C", "9C"], {"last_capture_bonus": True}, 0)
    res = sb.result(state)
    assert res["scores"] == {"0": 4, "1": 3, "2": 1}
    assert res["breakdown"]["last_capture_bonus"] == {"0": 2, "1": 0, "2": 0}
    assert res["winners"] == ["0"]


def test_last_capture_is_a_table_capture_not_a_steal():
    state = give_pile(table({"last_capture_bonus": True}), 0, ["9C"])
    state = sb.apply(state, 1, {"type": "steal", "card": "9D", "from": 0})
    assert state["last_capture"] is None
    state = sb.apply(state, 0, {"type": "capture", "card": "2C", "target": "2S"})
    assert state["last_capture"] == 0
    assert sb.view(state, 1)["last_capture"] == 0


def test_a_tie_is_shared_without_the_tiebreak_option():
    state = finished([["2C", "3C"], ["4C", "5C"], ["7C"]], [])
    res = sb.result(state)
    assert res["winners"] == ["0", "1"]
    assert sb.match_status(sb.add_to_totals(None, res), {}) == {
        "over": True,
        "winners": ["0", "1"],
        "tiebreak_seats": [],
    }


# ---------------------------------------------------------------- Empates: mão de desempate


def test_with_tiebreak_a_tied_game_is_not_over_and_names_the_tied_seats():
    opts = {"tiebreak": True}
    state = finished([["2C", "3C"], ["4C", "5C"], ["7C"]], [], opts)
    status = sb.match_status(sb.add_to_totals(None, sb.result(state)), opts)
    assert status == {"over": False, "winners": [], "tiebreak_seats": [0, 1]}


def test_tiebreak_round_deals_four_to_each_tied_seat_and_four_to_the_centre_only_they_play():
    deck = deck52()
    state = sb.deal_tiebreak(3, 0, deck, [2, 1], {"tiebreak": True}, hand=2)
    assert state["hands"][1] == [deck[0], deck[2], deck[4], deck[6]]
    assert state["hands"][2] == [deck[1], deck[3], deck[5], deck[7]]
    assert state["hands"][0] == []
    assert state["centre"] == deck[8:12]
    assert state["active"] == [False, True, True]
    view = sb.view(state, 1)
    assert view["tiebreak_seats"] == [1, 2]
    same = sb.deal(3, 0, deck, {"tiebreak": True, "tiebreak_round": True, "tiebreak_seats": [1, 2]}, hand=2)
    assert same == state


def test_tiebreak_round_is_a_single_hand_and_most_captured_wins():
    opts = {"tiebreak": True}
    state = sb.deal_tiebreak(3, 0, deck52(), [1, 2], opts, hand=2)
    seats = set()
    while not sb.is_over(state):
        seat = sb.current_seat(state)
        seats.add(seat)
        state = sb.apply(state, seat, sb.auto_move(state, seat))
    assert seats == {1, 2}
    assert len(state["stock"]) == 52 - 12  # no refill in a tie-break round
    res = sb.result(state)
    assert res["games"] == 0 and res["scores"]["0"] == 0
    assert res["breakdown"]["tiebreak_round"] is True
    best = max(res["scores"][k] for k in ("1", "2"))
    assert res["winners"] == [k for k in ("1", "2") if res["scores"][k] == best]


def test_tiebreak_round_result_settles_the_match():
    opts = {"tiebreak": True}
    game = sb.result(finished([["2C", "3C"], ["4C", "5C"], ["7C"]], [], opts))
    totals = sb.add_to_totals(None, game)
    assert totals == {"0": 1, "1": 1, "2": 0, "games": 1, "abandoned": False}
    round_result = {
        "scores": {"0": 0, "1": 3, "2": 0},
        "winners": ["1"],
        "abandoned": False,
        "match_points": {"0": 0, "1": 1, "2": 0},
        "games": 0,
    }
    totals = sb.add_to_totals(totals, round_result)
    assert sb.match_status(totals, opts) == {"over": True, "winners": ["1"], "tiebreak_seats": []}


def test_tiebreak_round_needs_its_seats():
    with pytest.raises(ValueError):
        sb.deal(3, 0, deck52(), {"tiebreak_round": True})
    with pytest.raises(ValueError):
        sb.deal_tiebreak(3, 0, deck52(), [1], {})


# ---------------------------------------------------------------- Versão de partida


def test_match_of_several_games_counting_wins():
    opts = {"match_games": 3, "match_scoring": "wins"}
    totals = sb.add_to_totals(None, sb.result(finished([["2C", "3C"], ["4C"], []], [], opts)))
    assert sb.match_status(totals, opts)["over"] is False
    totals = sb.add_to_totals(totals, sb.result(finished([["2C"], ["4C", "5C"], []], [], opts)))
    totals = sb.add_to_totals(totals, sb.result(finished([["2C"], ["4C", "5C"], []], [], opts)))
    assert totals["games"] == 3 and totals["1"] == 2 and totals["0"] == 1
    assert sb.match_status(totals, opts) == {"over": True, "winners": ["1"], "tiebreak_seats": []}


def test_match_of_several_games_summing_cards():
    opts = {"match_games": 2, "match_scoring": "cards"}
    totals = sb.add_to_totals(None, sb.result(finished([["2C", "3C", "6C"], ["4C"], []], [], opts)))
    totals = sb.add_to_totals(totals, sb.result(finished([["2C"], ["4C", "5C"], []], [], opts)))
    assert totals["0"] == 4 and totals["1"] == 3
    assert sb.match_status(totals, opts)["winners"] == ["0"]


def test_match_status_without_a_games_count_treats_the_totals_as_one_game():
    assert sb.match_status({"0": 3, "1": 5}, {}) == {"over": True, "winners": ["1"], "tiebreak_seats": []}
    assert sb.match_status({"0": 3, "1": 5}, {"match_games": 2})["over"] is False


# ---------------------------------------------------------------- Variações


def test_no_steal_turns_off_stealing():
    opts = {"no_steal": True}
    state = give_pile(table(opts), 0, ["9C"])
    assert {"type": "discard", "card": "9D"} in sb.legal_moves(state, 1)
    assert not any(m["type"] == "steal" for m in sb.legal_moves(state, 1))
    unchanged_after(state, 1, {"type": "steal", "card": "9D", "from": 0}, "no_steal")


def test_deck40_uses_a_to_7_and_j_q_k():
    assert sb.new_deck({"deck40": True}) == deck40()
    state = sb.deal(4, 0, deck40(), {"deck40": True})
    assert len(state["stock"]) == 40 - 20
    with pytest.raises(ValueError):
        sb.deal(4, 0, deck52(), {"deck40": True})


def test_counter_clockwise_deals_and_plays_downward():
    deck = deck52()
    state = sb.deal(4, 1, deck, {"counter_clockwise": True})
    assert state["hands"][0] == [deck[0], deck[4], deck[8], deck[12]]
    assert state["hands"][3] == [deck[1], deck[5], deck[9], deck[13]]
    order = []
    for _ in range(4):
        seat = sb.current_seat(state)
        order.append(seat)
        state = sb.apply(state, seat, sb.legal_moves(state, seat)[0])
    assert order == [0, 3, 2, 1]


def test_jacks_wild_steals_any_opponent_pile():
    opts = {"jacks_wild": True}
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["JD", "9D", "TD", "AD"]}
    state = give_pile(table(opts, hands=hands), 0, ["8C", "6C"])
    jacks = [m for m in sb.legal_moves(state, 1) if m["card"] == "JD"]
    assert jacks == [{"type": "steal", "card": "JD", "from": 0}]
    new = sb.apply(state, 1, jacks[0])
    assert new["piles"][1] == [["8C", "6C", "JD"]]
    assert [m for m in sb.legal_moves(table(opts, hands=hands), 1) if m["card"] == "JD"] == [
        {"type": "discard", "card": "JD"}
    ]


def test_without_jacks_wild_a_jack_only_matches_jacks():
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["JD", "9D", "TD", "AD"]}
    state = give_pile(table(hands=hands), 0, ["8C", "6C"])
    assert [m for m in sb.legal_moves(state, 1) if m["card"] == "JD"] == [{"type": "discard", "card": "JD"}]


def test_sweep_bonus_draws_one_stock_card_into_the_capturer_hand():
    opts = {"sweep_bonus": True}
    state = table(opts, centre=["2S", "2H", "KS", "7S"])
    state = sb.from_json(sb.to_json(state))
    state["stock"] += state["centre"][2:]
    state["centre"] = state["centre"][:2]
    top = state["stock"][0]
    new = sb.apply(state, 1, {"type": "capture", "card": "2D", "target": "2S"})
    assert new["centre"] == []
    assert new["hands"][1] == ["9D", "TD", "AD", top]
    assert new["stock"] == state["stock"][1:]
    assert new["last_move"]["sweep_draw"] is True
    assert top not in str(sb.view(new, 0))


def test_no_sweep_draw_without_the_option_or_without_clearing_the_table():
    state = sb.from_json(sb.to_json(table()))
    state["stock"] += state["centre"][2:]
    state["centre"] = state["centre"][:2]
    new = sb.apply(state, 1, {"type": "capture", "card": "2D", "target": "2S"})
    assert len(new["hands"][1]) == 3
    new = sb.apply(table({"sweep_bonus": True}), 1, {"type": "capture", "card": "2D", "target": "2S"})
    assert len(new["hands"][1]) == 3 and "sweep_draw" not in new["last_move"]


def test_double_piles_capture_into_either_pile_and_steal_one_pile_at_a_time():
    opts = {"double_piles": True}
    state = table(opts)
    caps = [m for m in sb.legal_moves(state, 1) if m["card"] == "2D"]
    assert {"type": "capture", "card": "2D", "target": "2S", "pile": 1} in caps and len(caps) == 4
    new = sb.apply(state, 1, {"type": "capture", "card": "2D", "target": "2S", "pile": 1})
    assert new["piles"][1] == [[], ["2S", "2H", "2D"]]
    view = sb.view(new, 0)
    assert view["double_piles"]["1"] == [{"count": 0, "top": None}, {"count": 3, "top": "2D"}]
    assert view["piles"]["1"] == {"count": 3, "top": None}
    new = give_pile(new, 1, ["9C", "QC"], pile=0)
    new = sb.from_json(sb.to_json(new))
    new["hands"][0][0] = "QH"
    new["stock"].remove("QH")
    new["stock"].append("2C")
    steals = [m for m in sb.legal_moves(new, 0) if m["card"] == "QH"]
    assert steals == [
        {"type": "steal", "card": "QH", "from": 1, "from_pile": 0, "pile": 0},
        {"type": "steal", "card": "QH", "from": 1, "from_pile": 0, "pile": 1},
    ]
    after = sb.apply(new, 0, steals[1])
    assert after["piles"][1] == [[], ["2S", "2H", "2D"]]
    assert after["piles"][0] == [[], ["9C", "QC", "QH"]]
    unchanged_after(new, 0, {"type": "steal", "card": "QH", "from": 1, "from_pile": 1, "pile": 0}, "bad_steal")
    unchanged_after(new, 0, {"type": "steal", "card": "QH", "from": 1}, "bad_move")


def test_double_piles_moves_need_pile_keys_and_single_piles_refuse_them():
    unchanged_after(table({"double_piles": True}), 1, {"type": "capture", "card": "2D", "target": "2S"}, "bad_move")
    unchanged_after(table(), 1, {"type": "capture", "card": "2D", "target": "2S", "pile": 0}, "bad_move")


def test_unknown_or_bad_options_raise_value_error():
    for options in ({"wild": True}, {"no_steal": 1}, {"match_games": 0}, {"match_scoring": "points"}):
        with pytest.raises(ValueError):
            sb.deal(2, 0, deck52(), options)
    with pytest.raises(ValueError):
        sb.match_status({}, {"bogus": 1})


# ---------------------------------------------------------------- leaving, timeouts


def test_leaving_returns_hand_and_piles_face_up_to_the_centre():
    opts = {"double_piles": True}
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["2D", "9D", "TD", "AD"], 2: ["6H", "7H", "8H", "JH"]}
    state = give_pile(table(opts, hands=hands, players=3, dealer=2), 2, ["QC", "QD"], pile=1)
    new = sb.remove_player(state, 2)
    assert new["centre"] == CENTRE + ["6H", "7H", "8H", "JH", "QC", "QD"]
    assert new["piles"][2] == [[], []] and new["active"] == [True, True, False]
    assert all_cards(new) == sorted(deck52())


def test_fewer_than_two_active_players_ends_without_winner():
    new = sb.remove_player(table(), 1)
    res = sb.result(new)
    assert new["over"] and res["winners"] == [] and res["abandoned"]
    assert sb.match_status(sb.add_to_totals(None, res), {})["winners"] == []


def test_auto_move_prefers_the_biggest_steal_then_the_biggest_capture():
    state = give_pile(table(), 0, ["8C", "9C"])
    assert sb.auto_move(state, 1) == {"type": "steal", "card": "9D", "from": 0}
    assert sb.auto_move(table(), 1) == {"type": "capture", "card": "2D", "target": "2S"}


def test_auto_move_discards_the_least_useful_card():
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["9H", "9D", "TD", "AD"]}
    state = table(hands=hands, centre=["3S", "4S", "QS", "KS"])
    assert sb.auto_move(state, 1) == {"type": "discard", "card": "9D"}


# ---------------------------------------------------------------- illegal moves


@pytest.mark.parametrize(
    "seat, move, code",
    [
        (0, {"type": "discard", "card": "2C"}, "not_your_turn"),
        (None, {"type": "discard", "card": "2C"}, "not_your_turn"),
        (1, {"type": "discard", "card": "2C"}, "card_not_in_hand"),
        (1, [], "bad_move"),
        (1, {"card": "9D"}, "bad_move"),
        (1, {"type": "discard", "card": "9d"}, "bad_move"),
        (1, {"type": "take", "card": "9D"}, "bad_move"),
        (1, {"type": "capture", "card": "2D", "target": None}, "bad_move"),
        (1, {"type": "steal", "card": "9D", "from": 9}, "bad_move"),
        (1, {"type": "steal", "card": "9D", "from": 0.0}, "bad_move"),
        (1, {"type": "steal", "card": "9D", "from": 0}, "bad_steal"),
        (1, {"type": "capture", "card": "9D", "target": "9C"}, "bad_target"),
        (1, {"type": "capture", "card": "2D", "target": "KS"}, "bad_target"),
    ],
)
def test_illegal_moves_are_refused_with_a_code_and_change_nothing(seat, move, code):
    unchanged_after(table(), seat, move, code)


def test_moves_after_the_end_are_refused():
    state = sb.remove_player(table(), 0)
    unchanged_after(state, 1, {"type": "discard", "card": "9D"}, "hand_over")
    assert sb.legal_moves(state, 1) == []
