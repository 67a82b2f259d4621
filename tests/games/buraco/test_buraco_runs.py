"""Buraco runs, table-driven from the seed's "Sequências, Ás e 2" and "Canastras" sentences:
which cards form a run, the arrangement the server chooses, and the canastra it makes."""

import itertools
import random
from collections import Counter

import pytest
from buraco_support import seq

from games.buraco.runs import CANASTRA_BONUS, additions, arrange, make_run, new_runs
from games.cards import RANKS, deck104

S = "S"
AK = seq("A23456789TJQK", S)  # the thirteen cards A..K of spades
DIRTY, CLEAN, CLEAN_AK, CLEAN_AA = "dirty", "clean", "clean_ak", "clean_aa"

# (description, cards given (any order), expected arrangement lowest first or None, canastra kind)
RUNS = [
    # clean runs, any order in, run order out
    ("three in order", seq("345", S), seq("345", S), None),
    ("three shuffled", ["5S", "3S", "4S"], seq("345", S), None),
    ("ace low", ["AS", "2S", "3S"], ["AS", "2S", "3S"], None),
    ("ace high", ["QS", "KS", "AS"], ["QS", "KS", "AS"], None),
    ("ace high shuffled", ["AS", "KS", "QS"], ["QS", "KS", "AS"], None),
    ("natural 2 of the suit is clean", ["4S", "2S", "3S"], seq("234", S), None),
    ("jack to king", seq("JQK", S), seq("JQK", S), None),
    ("six cards are no canastra", seq("345678", S), seq("345678", S), None),
    ("seven cards clean canastra", seq("3456789", S), seq("3456789", S), CLEAN),
    ("seven to ace high clean", seq("789TJQKA", S), seq("789TJQKA", S), CLEAN),
    ("ace to seven clean with natural 2", seq("A234567", S), seq("A234567", S), CLEAN),
    ("2 to 8 clean", seq("2345678", S), seq("2345678", S), CLEAN),
    ("thirteen A..K", AK, AK, CLEAN_AK),
    ("thirteen with the ace given last", seq("23456789TJQKA", S), AK, CLEAN_AK),
    ("thirteen shuffled", ["KS", "AS"] + seq("QJT98765432", S), AK, CLEAN_AK),
    ("fourteen A..A", ["AS"] + AK, AK + ["AS"], CLEAN_AA),
    ("fourteen shuffled", seq("KQJT98765432AA", S), AK + ["AS"], CLEAN_AA),
    ("twelve 2..K", seq("23456789TJQK", S), seq("23456789TJQK", S), CLEAN),
    ("twelve A..Q", seq("A23456789TJQ", S), seq("A23456789TJQ", S), CLEAN),
    ("twelve 3..A", seq("3456789TJQKA", S), seq("3456789TJQKA", S), CLEAN),
    ("diamonds ace high", seq("TJQKA", "D"), seq("TJQKA", "D"), None),
    ("hearts low", seq("A23", "H"), seq("A23", "H"), None),
    ("clubs middle", seq("789", "C"), seq("789", "C"), None),
    # substitutes: filling a gap
    ("substitute fills the middle", ["3S", "2H", "5S"], ["3S", "2H", "5S"], None),
    ("substitute in place of the 2", ["AS", "2H", "3S"], ["AS", "2H", "3S"], None),
    ("own-suit 2 out of place fills a gap", ["2S", "3S", "5S"], ["3S", "2S", "5S"], None),
    ("natural 2 with a substitute filling 3", ["2S", "2H", "4S"], ["2S", "2H", "4S"], None),
    ("substitute for the king", ["QS", "2D", "AS"], ["QS", "2D", "AS"], None),
    (
        "substitute fills near the top",
        ["8S", "9S", "2H", "JS", "QS", "KS", "AS"],
        ["8S", "9S", "2H"] + seq("JQKA", S),
        DIRTY,
    ),
    ("dirty seven with a gap", seq("3456", S) + ["2H"] + seq("89", S), seq("3456", S) + ["2H"] + seq("89", S), DIRTY),
    (
        "thirteen with a substitute for the 7",
        seq("A23456", S) + ["2H"] + seq("89TJQK", S),
        seq("A23456", S) + ["2H"] + seq("89TJQK", S),
        DIRTY,
    ),
    (
        "fourteen with a substitute for the king",
        ["AS", "AS", "2H"] + seq("23456789TJQ", S),
        seq("A23456789TJQ", S) + ["2H", "AS"],
        DIRTY,
    ),
    # substitutes that fill no gap: upper end, or below when the run ends with the ace high
    ("substitute at the upper end", ["3S", "4S", "2H"], ["3S", "4S", "2H"], None),
    ("substitute given first still goes up", ["2H", "3S", "4S"], ["3S", "4S", "2H"], None),
    ("own-suit 2 that cannot be natural goes up", ["2S", "4S", "5S"], ["4S", "5S", "2S"], None),
    ("substitute stands for the ace high", ["2D", "JS", "QS", "KS"], ["JS", "QS", "KS", "2D"], None),
    ("below the lowest when ending with the ace", ["QS", "KS", "2H", "AS"], ["2H", "QS", "KS", "AS"], None),
    ("king-ace with a substitute below", ["KS", "AS", "2H"], ["2H", "KS", "AS"], None),
    ("natural 2 plus substitute above", ["2S", "2H", "3S"], ["2S", "3S", "2H"], None),
    ("ace, natural 2, substitute", ["AS", "2S", "2H"], ["AS", "2S", "2H"], None),
    ("two 2s of the suit: natural and substitute", ["2S", "2S", "3S"], ["2S", "3S", "2S"], None),
    ("two 2s of the suit filling the 3", ["2S", "2S", "4S"], ["2S", "2S", "4S"], None),
    ("ace, 2, 3 and a second 2 of the suit", ["AS", "2S", "2S", "3S"], ["AS", "2S", "3S", "2S"], None),
    ("dirty eight at the upper end", seq("3456789", S) + ["2H"], seq("3456789", S) + ["2H"], DIRTY),
    ("2..8 plus a substitute", seq("2345678", S) + ["2H"], seq("2345678", S) + ["2H"], DIRTY),
    ("own 2 joins 3..9 as natural: clean", seq("3456789", S) + ["2S"], seq("23456789", S), CLEAN),
    ("own 2 cannot be natural before 4..9", seq("456789", S) + ["2S"], seq("456789", S) + ["2S"], DIRTY),
    ("A..K plus a substitute is a dirty fourteen", AK + ["2H"], AK + ["2H"], DIRTY),
    ("2..K plus a substitute", seq("23456789TJQK", S) + ["2H"], seq("23456789TJQK", S) + ["2H"], DIRTY),
    (
        "3..K, ace and a substitute: the ace goes low, the 2 fills its gap",
        seq("3456789TJQKA", S) + ["2H"],
        ["AS", "2H"] + seq("3456789TJQK", S),
        DIRTY,
    ),
    (
        "A..Q and a substitute: ace low, substitute at the top",
        seq("A23456789TJQ", S) + ["2H"],
        seq("A23456789TJQ", S) + ["2H"],
        DIRTY,
    ),
    (
        "3..K with a substitute below the ace high",
        seq("456789TJQKA", S) + ["2H"],
        ["2H"] + seq("456789TJQKA", S),
        DIRTY,
    ),
    ("2..K and a second 2 of the suit", seq("23456789TJQK", S) + ["2S"], seq("23456789TJQK", S) + ["2S"], DIRTY),
    ("3..K, ace and own 2 make the clean A..K", seq("3456789TJQKA", S) + ["2S"], AK, CLEAN_AK),
    ("clubs own 2 up", ["4C", "5C", "2C"], ["4C", "5C", "2C"], None),
    # no wrapping: K-A-2 only as Q(substitute)-K-A
    ("K-A-2 is a substitute for the queen", ["KS", "AS", "2S"], ["2S", "KS", "AS"], None),
    ("K-A-2-3 does not wrap", ["KS", "AS", "2S", "3S"], None, None),
    ("Q-K-A-2-3 does not wrap", seq("QKA23", S), None, None),
    ("K-A-2 of another 2 and a 3 does not wrap", ["KS", "AS", "2H", "3S"], None, None),
    ("two aces need the full run", ["AS", "AS", "KS"], None, None),
    ("two aces with 2 and 3", ["AS", "AS", "2S", "3S"], None, None),
    ("two aces in thirteen cards", ["AS"] + seq("A23456789TJQ", S), None, None),
    # invalid: substitutes
    ("two substitutes", ["3S", "2H", "2D"], None, None),
    ("two substitutes with gaps", ["3S", "2H", "5S", "2D"], None, None),
    ("two substitutes at the ends", ["2D", "3S", "4S", "5S", "2H"], None, None),
    ("natural 2 and two substitutes", ["2S", "2S", "2H", "3S"], None, None),
    ("only 2s", ["2S", "2H", "2D"], None, None),
    ("only 2s with two of the suit", ["2S", "2S", "2H"], None, None),
    ("gap of two with one substitute", ["3S", "6S", "2H"], None, None),
    ("ace, 2, 4 has a gap", ["AS", "2S", "4S"], None, None),
    # invalid: shape
    ("gap without substitute", seq("356", S), None, None),
    ("mixed suits", ["3S", "4H", "5S"], None, None),
    ("a set is not a run", ["7S", "7H", "7D"], None, None),
    ("duplicate card", ["3S", "3S", "4S"], None, None),
    ("duplicate at the top", seq("3455", S), None, None),
    ("two cards", ["3S", "4S"], None, None),
    ("two cards and a substitute is three but one card is not a run", ["3S", "2H"], None, None),
    ("fifteen cards", ["AS"] + AK + ["2H"], None, None),
    ("mixed suit substitute run", ["3S", "2H", "5H"], None, None),
]

# (description, run on the table, cards added, expected arrangement or None, canastra kind)
ADDITIONS = [
    ("adding the 3 turns the run clean: the 2 moves to its place", ["4S", "5S", "2S"], ["3S"], seq("2345", S), None),
    ("the substitute moves up when its gap is filled", ["3S", "2H", "5S"], ["4S"], ["3S", "4S", "5S", "2H"], None),
    ("a second substitute is refused", ["3S", "2H", "5S"], ["2D"], None, None),
    ("a card needing a second substitute is refused", ["3S", "2H", "5S"], ["7S"], None, None),
    ("extending past the top substitute", ["3S", "4S", "5S", "2H"], ["6S"], ["3S", "4S", "5S", "6S", "2H"], None),
    ("the substitute moves into a new gap", ["3S", "4S", "5S", "2H"], ["7S"], ["3S", "4S", "5S", "2H", "7S"], None),
    ("a jack below Q-K-A", ["QS", "KS", "AS"], ["JS"], seq("JQKA", S), None),
    ("an own 2 below Q-K-A is a substitute", ["QS", "KS", "AS"], ["2S"], ["2S", "QS", "KS", "AS"], None),
    ("the second ace makes A..A", AK, ["AS"], AK + ["AS"], CLEAN_AA),
    ("a substitute on A..K", AK, ["2H"], AK + ["2H"], DIRTY),
    ("a substitute spoils a clean canastra", seq("3456789", S), ["2H"], seq("3456789", S) + ["2H"], DIRTY),
    ("two cards under a substitute", ["3S", "4S", "2H"], ["5S", "6S"], ["3S", "4S", "5S", "6S", "2H"], None),
    ("natural 2 joins and the other 2 keeps standing in", ["3S", "2H", "5S"], ["2S"], ["2S", "3S", "2H", "5S"], None),
    ("foreign 2 joins, own 2 becomes natural", ["4S", "5S", "2S"], ["2H"], ["2S", "2H", "4S", "5S"], None),
    ("no wrap from A-2-3 to the king", ["AS", "2S", "3S"], ["KS"], None, None),
    ("no second ace on a short run", ["AS", "2S", "3S"], ["AS"], None, None),
    ("no duplicate in one run", seq("345", S), ["4S"], None, None),
    ("no other suit", seq("345", S), ["6H"], None, None),
    ("the ace high sends the top substitute below", ["JS", "QS", "KS", "2D"], ["AS"], ["2D"] + seq("JQKA", S), None),
    ("reaching seven clean", seq("34567", S), ["8S", "9S"], seq("3456789", S), CLEAN),
    (
        "a substitute fills the last gap of thirteen",
        seq("A23456", S) + seq("89TJQK", S),
        ["2H"],
        seq("A23456", S) + ["2H"] + seq("89TJQK", S),
        DIRTY,
    ),
    (
        "the 7 replaces the substitute's place in thirteen",
        seq("A23456", S) + ["2H"] + seq("89TJQK", S),
        ["7S"],
        AK + ["2H"],
        DIRTY,
    ),
]


@pytest.mark.parametrize("name,cards,expected,kind", RUNS, ids=[r[0] for r in RUNS])
def test_run_table(name, cards, expected, kind):
    run = make_run(cards)
    if expected is None:
        assert run is None
        return
    assert run["cards"] == expected
    assert run["canastra"] == kind
    assert Counter(run["cards"]) == Counter(cards)
    wild = run["wild"]
    if wild is not None:
        assert run["cards"][wild][0] == "2"
    assert (kind == DIRTY) == (wild is not None and len(cards) >= 7) or kind is None


@pytest.mark.parametrize("name,run,added,expected,kind", ADDITIONS, ids=[a[0] for a in ADDITIONS])
def test_addition_table(name, run, added, expected, kind):
    on_table = make_run(run)
    assert on_table is not None
    got = make_run(on_table["cards"] + added)
    if expected is None:
        assert got is None
        assert sorted(added) not in [sorted(a) for a in additions(on_table["cards"], Counter(added))]
    else:
        assert got["cards"] == expected
        assert got["canastra"] == kind
        assert sorted(added) in [sorted(a) for a in additions(on_table["cards"], Counter(added))]


def test_table_is_large_enough():
    assert len(RUNS) + len(ADDITIONS) >= 80


def test_canastra_bonus_takes_only_the_largest():
    assert CANASTRA_BONUS == {None: 0, "dirty": 100, "clean": 200, "clean_ak": 500, "clean_aa": 1000}


def test_substitute_position_is_reported():
    run = make_run(["3S", "2H", "5S"])
    assert run["wild"] == 1
    assert make_run(seq("345", S))["wild"] is None
    assert make_run(["2S", "3S", "4S"])["wild"] is None


def test_thirteen_clean_reads_ace_first_whichever_way():
    assert arrange(seq("23456789TJQKA", S)) == (AK, None)


def _submultisets(counter):
    items = list(counter.items())
    for choice in itertools.product(*[range(n + 1) for _, n in items]):
        yield [c for (c, _), k in zip(items, choice, strict=True) for _ in range(k)]


def test_new_runs_matches_brute_force_on_random_hands():
    rng = random.Random(7)
    for _ in range(60):
        suits = rng.sample("CDHS", rng.choice([1, 1, 2]))
        pool = [c for c in deck104() if c[1] in suits or c[0] == "2"]
        hand = Counter(rng.sample(pool, rng.randint(3, 12)))
        want = {tuple(sorted(s)) for s in _submultisets(hand) if len(s) >= 3 and arrange(s) is not None}
        got = [tuple(sorted(r)) for r in new_runs(hand)]
        assert len(got) == len(set(got))
        assert set(got) == want


def test_additions_match_brute_force():
    rng = random.Random(11)
    for _ in range(60):
        suit = rng.choice("CDHS")
        pool = [r + suit for r in RANKS] * 2 + ["2C", "2D", "2H", "2S"]
        hand = Counter(rng.sample(pool, rng.randint(6, 13)))
        runs = [r for r in new_runs(hand)]
        if not runs:
            continue
        chosen = rng.choice(runs)
        table = make_run(chosen)["cards"]
        rest = hand - Counter(chosen)
        want = {tuple(sorted(s)) for s in _submultisets(rest) if s and arrange(table + s) is not None}
        got = [tuple(sorted(a)) for a in additions(table, rest)]
        assert len(got) == len(set(got))
        assert set(got) == want
