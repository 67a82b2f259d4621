"""Rouba Monte rules, one test per sentence of the seed text (seeds/000), built from hand-made decks."""

import pytest

from games import IllegalMove, registry
from games import rouba_monte as rm
from games.cards import deck52


def deck_for(players, dealer, hands, centre, stock=()):
    """A full deck that deals ``hands`` (seat -> 4 cards), then ``centre``, then ``stock`` on top of the rest."""
    order = [(dealer + k) % players for k in range(1, players + 1)]
    deck = [hands[s][r] for r in range(4) for s in order]
    deck += list(centre) + list(stock)
    return deck + [c for c in deck52() if c not in deck]


def give_pile(state, seat, cards):
    """Move ``cards`` from the stock into ``seat``'s pile (last one on top), keeping every card once."""
    state = rm.from_json(rm.to_json(state))
    for c in cards:
        state["stock"].remove(c)
    state["piles"][seat][0] = list(cards)
    return state


def cards_in(state):
    out = list(state["stock"]) + list(state["centre"])
    for h in state["hands"]:
        out += h
    for own in state["piles"]:
        for p in own:
            out += p
    return sorted(out)


def unchanged_after(state, seat, move, code):
    before = rm.to_json(state)
    with pytest.raises(IllegalMove) as err:
        rm.apply(state, seat, move)
    assert err.value.code == code
    assert rm.to_json(state) == before


HANDS2 = {0: ["2C", "3C", "4C", "5C"], 1: ["2D", "9D", "TD", "JD"]}
CENTRE = ["2S", "2H", "KS", "7S"]


def two_player(**kw):
    return rm.deal(2, 0, deck_for(2, 0, HANDS2, CENTRE), **kw)


# ---------------------------------------------------------------- Preparação e ordem


def test_registry_finds_the_engine():
    assert registry.get("rouba_monte") is rm
    assert rm.NAME == "rouba_monte" and rm.OPTIONS == {}


def test_four_open_centre_cards_four_hidden_cards_each_rest_is_stock():
    state = rm.deal(4, 0, deck52())
    assert all(len(h) == 4 for h in state["hands"])
    assert len(state["centre"]) == 4
    assert len(state["stock"]) == 52 - 16 - 4
    view = rm.view(state, 1)
    assert view["centre"] == state["centre"]
    assert view["hand_counts"] == {"0": 4, "1": 4, "2": 4, "3": 4}
    assert view["hand"] == state["hands"][1]


def test_deal_is_one_card_at_a_time_starting_left_of_the_dealer():
    deck = deck52()
    state = rm.deal(3, 1, deck)
    # seat 2 is left of dealer 1: it gets cards 0, 3, 6, 9; seat 0 gets 1, 4, ...; the dealer 2, 5, ...
    assert state["hands"][2] == [deck[0], deck[3], deck[6], deck[9]]
    assert state["hands"][0] == [deck[1], deck[4], deck[7], deck[10]]
    assert state["hands"][1] == [deck[2], deck[5], deck[8], deck[11]]
    assert state["centre"] == deck[12:16]
    assert state["stock"] == deck[16:]


def test_every_pile_starts_empty():
    view = rm.view(two_player(), None)
    assert view["piles"] == {"0": {"count": 0, "top": None}, "1": {"count": 0, "top": None}}


def test_play_starts_after_the_dealer_and_goes_round_the_circle():
    state = rm.deal(4, 2, deck52())
    assert rm.current_seat(state) == 3
    state = rm.apply(state, 3, rm.legal_moves(state, 3)[0])
    assert rm.current_seat(state) == 0
    state = rm.apply(state, 0, rm.legal_moves(state, 0)[0])
    assert rm.current_seat(state) == 1


def test_the_stock_cannot_be_drawn_from():
    state = two_player()
    assert all(m["type"] in ("capture", "steal", "discard") for m in rm.legal_moves(state, 1))
    unchanged_after(state, 1, {"type": "draw"}, "bad_move")


# ---------------------------------------------------------------- Capturar uma carta aberta


def test_capture_takes_one_card_of_same_rank_suits_ignored():
    state = two_player()
    new = rm.apply(state, 1, {"type": "capture", "card": "2D", "target": "2S"})
    assert new["piles"][1][0] == ["2S", "2D"]
    assert new["centre"] == ["2H", "KS", "7S"]
    assert "2D" not in new["hands"][1]


def test_captured_and_played_card_go_to_the_pile_played_card_on_top():
    new = rm.apply(two_player(), 1, {"type": "capture", "card": "2D", "target": "2H"})
    assert rm.view(new, 0)["piles"]["1"] == {"count": 2, "top": "2D"}


def test_player_chooses_which_of_several_same_rank_centre_cards_and_takes_only_one():
    state = two_player()
    moves = rm.legal_moves(state, 1)
    assert {"type": "capture", "card": "2D", "target": "2S"} in moves
    assert {"type": "capture", "card": "2D", "target": "2H"} in moves
    new = rm.apply(state, 1, {"type": "capture", "card": "2D", "target": "2H"})
    assert "2S" in new["centre"]


def test_there_is_no_capture_by_sum():
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["7D", "9D", "TD", "JD"]}
    state = rm.deal(2, 0, deck_for(2, 0, hands, ["3S", "4S", "QS", "KS"]))
    assert all(m["type"] == "discard" for m in rm.legal_moves(state, 1))
    unchanged_after(state, 1, {"type": "capture", "card": "7D", "target": "3S"}, "bad_target")


def test_capture_target_must_be_in_the_centre():
    unchanged_after(two_player(), 1, {"type": "capture", "card": "2D", "target": "2C"}, "bad_target")


# ---------------------------------------------------------------- Roubar um monte


def test_steal_takes_the_whole_pile_when_a_hand_card_matches_its_top():
    state = give_pile(two_player(), 0, ["8C", "8H", "9C"])
    moves = rm.legal_moves(state, 1)
    assert {"type": "steal", "card": "9D", "from": 0} in moves
    new = rm.apply(state, 1, {"type": "steal", "card": "9D", "from": 0})
    assert new["piles"][0][0] == []
    assert new["piles"][1][0] == ["8C", "8H", "9C", "9D"]


def test_stolen_pile_and_card_go_onto_the_existing_pile_with_the_card_on_top():
    state = give_pile(two_player(), 0, ["8C", "9C"])
    state = give_pile(state, 1, ["QC", "QH"])
    new = rm.apply(state, 1, {"type": "steal", "card": "9D", "from": 0})
    assert new["piles"][1][0] == ["QC", "QH", "8C", "9C", "9D"]
    assert rm.view(new, None)["piles"]["1"] == {"count": 5, "top": "9D"}
    assert cards_in(new) == sorted(deck52())


def test_you_cannot_take_your_own_pile():
    state = give_pile(two_player(), 1, ["9C"])
    assert not any(m["type"] == "steal" for m in rm.legal_moves(state, 1))
    unchanged_after(state, 1, {"type": "steal", "card": "9D", "from": 1}, "own_pile")


def test_steal_needs_the_same_rank_on_top():
    state = give_pile(two_player(), 0, ["9C", "8C"])
    unchanged_after(state, 1, {"type": "steal", "card": "9D", "from": 0}, "bad_steal")
    unchanged_after(two_player(), 1, {"type": "steal", "card": "9D", "from": 0}, "bad_steal")


def test_with_several_targets_the_player_picks_a_centre_card_or_a_pile():
    state = rm.from_json(rm.to_json(two_player()))
    # seat 0's pile topped by a 2: the 2D may capture 2S, capture 2H or steal the pile
    state["hands"][0].remove("2C")
    state["piles"][0][0] = ["2C"]
    state["hands"][0].append(state["stock"].pop(0))
    twos = [m for m in rm.legal_moves(state, 1) if m["card"] == "2D"]
    assert len(twos) == 3
    assert {"type": "steal", "card": "2D", "from": 0} in twos


def test_one_move_takes_one_target_only():
    state = rm.from_json(rm.to_json(two_player()))
    state["hands"][0].remove("2C")
    state["piles"][0][0] = ["2C"]
    state["hands"][0].append(state["stock"].pop(0))
    new = rm.apply(state, 1, {"type": "steal", "card": "2D", "from": 0})
    assert "2S" in new["centre"] and "2H" in new["centre"]
    assert new["piles"][1][0] == ["2C", "2D"]


# ---------------------------------------------------------------- Obrigação de capturar


def test_capture_or_steal_is_compulsory_when_any_hand_card_allows_one():
    state = two_player()
    assert all(m["type"] in ("capture", "steal") for m in rm.legal_moves(state, 1))
    # 9D matches nothing, but the 2D can capture: leaving the 9D is refused
    unchanged_after(state, 1, {"type": "discard", "card": "9D"}, "must_capture")
    unchanged_after(state, 1, {"type": "discard", "card": "2D"}, "must_capture")


def test_a_steal_alone_also_makes_capturing_compulsory():
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["7D", "9D", "TD", "JD"]}
    state = rm.deal(2, 0, deck_for(2, 0, hands, ["3S", "4S", "QS", "KS"]))
    state = give_pile(state, 0, ["9H"])
    assert rm.legal_moves(state, 1) == [{"type": "steal", "card": "9D", "from": 0}]
    unchanged_after(state, 1, {"type": "discard", "card": "7D"}, "must_capture")


def test_only_without_any_capture_the_player_chooses_a_card_to_leave_open():
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["7D", "9D", "TD", "JD"]}
    state = rm.deal(2, 0, deck_for(2, 0, hands, ["3S", "4S", "QS", "KS"]))
    moves = rm.legal_moves(state, 1)
    assert sorted(m["card"] for m in moves) == sorted(hands[1])
    new = rm.apply(state, 1, {"type": "discard", "card": "TD"})
    assert new["centre"] == ["3S", "4S", "QS", "KS", "TD"]
    assert rm.view(new, 0)["last_move"] == {"seat": 1, "type": "discard", "card": "TD"}


# ---------------------------------------------------------------- Reposição e vitória


def play_out_round(state):
    while not state["over"] and any(state["hands"]):
        seat = rm.current_seat(state)
        before_stock = len(state["stock"])
        state = rm.apply(state, seat, rm.auto_move(state, seat))
        if len(state["stock"]) != before_stock:
            return state
    return state


def test_refill_when_all_hands_are_empty_four_each_one_at_a_time_from_left_of_dealer():
    deck = deck52()
    state = rm.deal(2, 1, deck)
    stock = list(state["stock"])
    piles_before = None
    for _ in range(8):
        seat = rm.current_seat(state)
        piles_before = [list(p[0]) for p in state["piles"]]
        state = rm.apply(state, seat, rm.auto_move(state, seat))
    # after the eighth card every hand was empty: seat 0 (left of dealer 1) gets stock 0, 2, 4, 6
    assert state["hands"][0] == [stock[0], stock[2], stock[4], stock[6]]
    assert state["hands"][1] == [stock[1], stock[3], stock[5], stock[7]]
    assert state["stock"] == stock[8:]
    assert state["last_move"]["refill"] is True
    assert sum(len(p[0]) for p in state["piles"]) >= sum(len(p) for p in piles_before)


def test_refill_keeps_every_pile():
    state = give_pile(two_player(), 0, ["8C", "8H", "9C"])
    for _ in range(8):
        seat = rm.current_seat(state)
        moves = rm.legal_moves(state, seat)
        keep = [m for m in moves if m["type"] != "steal"] or moves
        state = rm.apply(state, seat, keep[0])
    assert all(len(h) == 4 for h in state["hands"])
    assert len(state["piles"][0][0]) >= 3


def test_refill_deals_only_while_the_stock_lasts():
    state = rm.deal(4, 0, deck52())
    state = rm.remove_player(state, 3)
    # 3 active players, 32 in stock: refills of 12, 12, then 8 (the last refill runs short)
    sizes = []
    while not state["over"]:
        seat = rm.current_seat(state)
        before = len(state["stock"])
        state = rm.apply(state, seat, rm.auto_move(state, seat))
        if len(state["stock"]) != before:
            sizes.append(before - len(state["stock"]))
            if not state["stock"]:
                counts = sorted(len(state["hands"][s]) for s in range(3))
                assert counts == [2, 3, 3]
    assert sizes == [12, 12, 8]


def test_turn_continues_with_the_next_player_after_a_refill():
    state = rm.deal(2, 0, deck52())
    for _ in range(8):
        state = rm.apply(state, rm.current_seat(state), rm.auto_move(state, rm.current_seat(state)))
    # seat 1 opened, seat 0 played the eighth card: seat 1 goes on
    assert rm.current_seat(state) == 1


def test_hand_ends_when_stock_and_all_hands_are_empty():
    state = rm.deal(3, 0, deck52())
    count = 0
    while not rm.is_over(state):
        seat = rm.current_seat(state)
        state = rm.apply(state, seat, rm.auto_move(state, seat))
        count += 1
    assert count == 48
    assert state["stock"] == [] and not any(state["hands"])
    assert rm.current_seat(state) is None
    assert rm.legal_moves(state, 0) == []
    unchanged_after(state, 0, {"type": "discard", "card": "2C"}, "hand_over")


def finished(piles, centre, players=3):
    """A finished state with the given piles (lists of cards) and centre."""
    state = rm.deal(players, 0, deck52())
    state = rm.from_json(rm.to_json(state))
    used = [c for p in piles for c in p] + list(centre)
    state.update(
        hands=[[] for _ in range(players)],
        centre=list(centre),
        piles=[[list(p)] for p in piles],
        stock=[],
        over=True,
        turn=None,
    )
    assert len(set(used)) == len(used)
    return state


def test_most_cards_in_the_pile_wins():
    state = finished([["2C", "3C"], ["4C", "5C", "6C"], ["7C"]], ["8C"])
    res = rm.result(state)
    assert res["scores"] == {"0": 2, "1": 3, "2": 1}
    assert res["winners"] == ["1"]


def test_ties_are_shared():
    state = finished([["2C", "3C"], ["4C", "5C"], ["7C"]], [])
    assert rm.result(state)["winners"] == ["0", "1"]
    assert rm.match_status(rm.result(state)["scores"], {}) == {"over": True, "winners": ["0", "1"]}


def test_cards_left_in_the_centre_count_for_nobody():
    state = finished([["2C", "3C"], ["4C"], ["7C"]], ["8C", "9C", "TC"])
    res = rm.result(state)
    assert sum(res["scores"].values()) == 4
    assert res["breakdown"]["centre_left"] == ["8C", "9C", "TC"]


def test_a_new_match_starts_with_every_pile_at_zero():
    state = rm.deal(2, 1, deck52(), hand=2)
    assert all(p == [[]] for p in state["piles"])


def test_match_is_one_hand_over_at_once():
    assert rm.match_status({"0": 10, "1": 20}, {}) == {"over": True, "winners": ["1"]}
    assert rm.match_status({"0": 10, "1": 20, "abandoned": True}, {}) == {"over": True, "winners": []}


# ---------------------------------------------------------------- Saída e reconexão


def test_leaving_returns_hand_and_pile_face_up_to_the_centre_where_they_can_be_captured():
    state = rm.deal(3, 2, deck_for(3, 2, {**HANDS2, 2: ["3D", "9H", "QH", "AH"]}, CENTRE))
    state = give_pile(state, 2, ["8C", "8H", "9C"])
    new = rm.remove_player(state, 2)
    assert new["centre"] == CENTRE + ["3D", "9H", "QH", "AH", "8C", "8H", "9C"]
    assert new["hands"][2] == [] and new["piles"][2] == [[]]
    assert new["active"] == [True, True, False]
    assert rm.view(new, 0)["active"] == {"0": True, "1": True, "2": False}
    assert state["active"] == [True, True, True]  # input untouched
    assert rm.current_seat(new) == 0
    assert {"type": "capture", "card": "3C", "target": "3D"} in rm.legal_moves(new, 0)


def test_a_player_who_left_is_skipped_and_gets_no_refill():
    state = rm.deal(3, 0, deck52())
    state = rm.remove_player(state, 2)
    seen = set()
    while not state["over"]:
        seat = rm.current_seat(state)
        seen.add(seat)
        state = rm.apply(state, seat, rm.auto_move(state, seat))
        assert state["hands"][2] == []
    assert seen == {0, 1}
    assert "2" not in rm.result(state)["winners"]


def test_leaving_on_your_turn_passes_the_turn():
    state = rm.deal(3, 0, deck52())
    assert rm.current_seat(state) == 1
    new = rm.remove_player(state, 1)
    assert rm.current_seat(new) == 2


def test_fewer_than_two_active_players_ends_the_hand_without_winner():
    state = rm.deal(2, 0, deck52())
    state = rm.apply(state, 1, rm.auto_move(state, 1))
    new = rm.remove_player(state, 0)
    assert rm.is_over(new) and new["abandoned"]
    res = rm.result(new)
    assert res["winners"] == [] and res["abandoned"] is True
    assert rm.match_status({**res["scores"], "abandoned": res["abandoned"]}, {})["winners"] == []


def test_remove_player_rejects_unknown_seats_and_ignores_repeats():
    state = rm.deal(3, 0, deck52())
    with pytest.raises(ValueError):
        rm.remove_player(state, 3)
    once = rm.remove_player(state, 2)
    assert rm.remove_player(once, 2) == once


# ---------------------------------------------------------------- timeouts


def test_auto_move_prefers_the_biggest_steal():
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["9D", "3D", "TD", "JD"], 2: ["6H", "7H", "8H", "AH"]}
    state = rm.deal(3, 2, deck_for(3, 2, hands, ["3S", "KH", "QS", "KS"]))
    state = give_pile(state, 1, ["2D", "AS", "AD", "9S"])
    state = give_pile(state, 2, ["9H"])
    state = rm.from_json(rm.to_json(state))
    state["turn"] = 0
    state["hands"][0] = ["9C", "3C", "4C", "5C"]
    state["stock"].remove("9C")
    state["stock"].append("2C")
    assert rm.auto_move(state, 0) == {"type": "steal", "card": "9C", "from": 1}


def test_auto_move_captures_before_discarding():
    assert rm.auto_move(two_player(), 1)["type"] == "capture"


def test_auto_move_discards_the_card_whose_rank_is_least_likely_elsewhere():
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["7D", "9D", "9H", "JD"]}
    state = rm.deal(2, 0, deck_for(2, 0, hands, ["3S", "4S", "QS", "KS"]))
    # two nines are in the hand: only two nines are unseen, three of each other rank
    assert rm.auto_move(state, 1) == {"type": "discard", "card": "9D"}


def test_auto_move_when_not_your_turn_is_refused():
    with pytest.raises(IllegalMove) as err:
        rm.auto_move(two_player(), 0)
    assert err.value.code == "not_your_turn"


# ---------------------------------------------------------------- illegal moves and bad input


@pytest.mark.parametrize(
    "seat, move, code",
    [
        (0, {"type": "discard", "card": "2C"}, "not_your_turn"),
        (5, {"type": "discard", "card": "2C"}, "not_your_turn"),
        (True, {"type": "discard", "card": "2C"}, "not_your_turn"),
        (1, {"type": "capture", "card": "2C", "target": "2S"}, "card_not_in_hand"),
        (1, "discard", "bad_move"),
        (1, None, "bad_move"),
        (1, {}, "bad_move"),
        (1, {"type": "discard"}, "bad_move"),
        (1, {"type": "discard", "card": "ZZ"}, "bad_move"),
        (1, {"type": "discard", "card": 7}, "bad_move"),
        (1, {"type": "fold", "card": "2D"}, "bad_move"),
        (1, {"type": "capture", "card": "2D"}, "bad_move"),
        (1, {"type": "capture", "card": "2D", "target": ["2S"]}, "bad_move"),
        (1, {"type": "steal", "card": "9D"}, "bad_move"),
        (1, {"type": "steal", "card": "9D", "from": "0"}, "bad_move"),
        (1, {"type": "steal", "card": "9D", "from": False}, "bad_move"),
        (1, {"type": "steal", "card": "9D", "from": 2}, "bad_move"),
        (1, {"type": "steal", "card": "9D", "from": -1}, "bad_move"),
        (1, {"type": "capture", "card": "9D", "target": "KS"}, "bad_target"),
    ],
)
def test_illegal_moves_are_refused_with_a_code_and_change_nothing(seat, move, code):
    unchanged_after(two_player(), seat, move, code)


def test_legal_moves_is_empty_for_a_seat_not_on_turn():
    state = two_player()
    assert rm.legal_moves(state, 0) == []
    assert rm.legal_moves(state, 7) == []


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1},
        {"players": 5},
        {"dealer": 2},
        {"options": {"deck40": True}},
        {"deck": deck52()[:-1]},
        {"deck": deck52()[:-1] + ["2C"]},
    ],
)
def test_bad_deal_arguments_raise_value_error(kwargs):
    args = {"players": 2, "dealer": 0, "deck": deck52(), **kwargs}
    with pytest.raises(ValueError):
        rm.deal(**args)


def test_from_json_refuses_other_games():
    with pytest.raises(ValueError):
        rm.from_json({"game": "buraco"})
