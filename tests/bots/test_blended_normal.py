"""The normal level sits between its neighbours at every table (bots/blend.py).

Where a game's plain normal policy plays too near one neighbour at a table size, a share
of normal's turns plays that table's other neighbour: Stealing Bundles from four seats
the tips (half), Crazy Eights from four seats a random card (a fifth). Rouba Monte's
normal is its counting at every table. The shares are checked over many rng seeds of one
position: fixed seeds, so the counts are the same on every run.
"""

import hashlib
import random

from bots.blend import BlendedLevel, Share
from bots.crazy_eights import BOTS as EIGHTS
from bots.rouba_monte import BOTS as ROUBA
from bots.stealing_bundles import BOTS as STEALING
from games import crazy_eights, fair, rouba_monte, stealing_bundles
from tests.bots.test_fishing_levels import choices, deal

SEEDS = range(400)


def picks(bot, game, state, seat, memory=None) -> list:
    return choices(bot, game, state, seat, memory, seeds=SEEDS)


def steal_or_capture(game, players):
    """Seat 1 may steal seat 0's four-card pile with 9D (the counting player's move) or take 3S with 3D (the beginner's)."""
    hands = {
        0: ["2C", "4C", "5C", "6C"],
        1: ["9D", "3D", "TD", "JD"],
        2: ["2H", "4H", "5H", "6H"],
        3: ["2S", "4S", "5S", "6S"],
    }
    return deal(
        game, {s: hands[s] for s in range(players)}, ["3S", "KH", "QS", "8S"], {0: ["2D", "AS", "AD", "9S"]}, players
    )


def test_each_game_declares_where_normal_blends():
    assert [ROUBA["normal"].share_at(n) is not None for n in (2, 3, 4)] == [False, False, False]
    assert [STEALING["normal"].share_at(n) is not None for n in (2, 3, 4, 5)] == [False, False, True, True]
    assert STEALING["normal"].share_at(4).other is STEALING["hard"].game.policy
    assert [EIGHTS["normal"].share_at(n) is not None for n in (2, 3, 4, 6)] == [False, False, True, True]
    assert EIGHTS["normal"].share_at(4).other is EIGHTS["easy"]


def test_the_hard_searches_keep_the_plain_policies():
    assert not isinstance(EIGHTS["hard"].game.policy, BlendedLevel)
    assert EIGHTS["hard"].game.policy is EIGHTS["normal"].plain
    for bots in (ROUBA, STEALING):
        assert not isinstance(bots["hard"].game.policy, BlendedLevel)


def test_rouba_monte_normal_counts_the_cards_won_at_every_table_and_the_tips_steal_too():
    for players in (2, 4):
        moves = picks(ROUBA["normal"], rouba_monte, steal_or_capture(rouba_monte, players), 1)
        assert {m["type"] for m in moves} == {"steal"}
    # At four seats of Stealing Bundles the same position is a take either way: the tips steal too.
    moves = picks(STEALING["normal"], stealing_bundles, steal_or_capture(stealing_bundles, 4), 1)
    assert {m["type"] for m in moves} == {"steal"}


def test_stealing_bundles_normal_plays_the_tips_in_half_its_turns_from_four_seats():
    # No take open; every other six is known gone: only the tips keep to the six.
    def position(players):
        hands = {
            0: ["2C", "3C", "4C", "5C"],
            1: ["6D", "7D", "TD", "AD"],
            2: ["2H", "3H", "4H", "5H"],
            3: ["2S", "3S", "4S", "5S"],
        }
        hands = {s: hands[s] for s in range(players)}
        return deal(stealing_bundles, hands, ["JS", "JH", "QS", "8S"], {1: ["6H", "6C", "6S", "KC"]}, players)

    memory = {"seen": ["6H", "6C", "6S"]}
    tips = STEALING["hard"].game.policy
    assert {m["card"] for m in picks(tips, stealing_bundles, position(4), 1, memory)} == {"6D"}
    # The plain policy leaves any of the four cards: a quarter are the six. Blended: half plus that.
    two = sum(m["card"] == "6D" for m in picks(STEALING["normal"], stealing_bundles, position(2), 1, memory))
    four = sum(m["card"] == "6D" for m in picks(STEALING["normal"], stealing_bundles, position(4), 1, memory))
    assert 0.15 * len(SEEDS) <= two <= 0.35 * len(SEEDS)
    assert 0.55 * len(SEEDS) <= four <= 0.70 * len(SEEDS)


def eights_position(players: int):
    """The first position of a seeded deal where the seat to move has three or more legal plays."""
    key = hashlib.sha256(f"blend:{players}".encode()).hexdigest()
    state = crazy_eights.deal(players, 0, fair.shuffle(key, fair.deal_label(1), crazy_eights.new_deck({})), {}, key, 1)
    rng = random.Random(players)
    while True:
        seat = crazy_eights.current_seat(state)
        legal = crazy_eights.legal_moves(state, seat)
        if len({m.get("card") for m in legal}) >= 3:
            return state, seat
        state = crazy_eights.apply(state, seat, rng.choice(legal))


def test_crazy_eights_normal_plays_a_random_card_in_a_fifth_of_its_turns_from_four_seats():
    for players, low, high in ((2, 0.0, 0.0), (4, 0.08, 0.22)):
        state, seat = eights_position(players)
        view = crazy_eights.view(state, seat)
        plain = EIGHTS["normal"].plain.choose(view, crazy_eights.legal_moves(state, seat), random.Random(0), {})
        moves = picks(EIGHTS["normal"], crazy_eights, state, seat)
        other = sum(m != plain for m in moves)
        assert low * len(SEEDS) <= other <= high * len(SEEDS), (players, other)


def test_a_blended_level_is_its_plain_policy_where_no_share_holds_and_with_one_move():
    class Fixed:
        def __init__(self, name):
            self.name = name

        def choose(self, view, legal_moves, rng, memory=None):
            return self.name

    level = BlendedLevel("normal", Fixed("plain"), (Share(4, Fixed("other"), 1.0, and_more=True),))
    view = {"hand_counts": {"0": 4, "1": 4}}
    assert level.choose(view, [1, 2], random.Random(0)) == "plain"
    view = {"hand_counts": {str(s): 4 for s in range(5)}}
    assert level.choose(view, [1, 2], random.Random(0)) == "other"
    assert level.choose(view, [1], random.Random(0)) == "plain"
