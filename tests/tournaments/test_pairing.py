"""The pairing of waiting players, property-tested (tournaments/pairing.py; rules in docs/tournaments.md)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Rules, Waiting, pair

BOUND = 20.0


@st.composite
def waiting_lists(draw, max_players=24):
    n = draw(st.integers(0, max_players))
    ids = list(range(1, n + 1))
    players = []
    for i in ids:
        previous = draw(st.frozensets(st.sampled_from(ids), max_size=3)) - {i} if ids else frozenset()
        players.append(
            Waiting(
                id=i,
                score=draw(st.integers(0, 30)),
                rating=draw(st.integers(800, 2200)),
                waited=draw(st.floats(0, 60)),
                previous=previous,
            )
        )
    return players


sizes = st.sampled_from([2, 3, 4])


@settings(max_examples=300, deadline=None)
@given(waiting_lists(), sizes)
def test_each_player_is_seated_at_most_once_and_sizes_are_respected(waiting, size):
    tables = pair(waiting, Rules(size=size, bound=BOUND))
    seated = [uid for table in tables for uid in table]
    assert len(seated) == len(set(seated))
    assert set(seated) <= {p.id for p in waiting}
    assert all(2 <= len(table) <= size for table in tables)


@settings(max_examples=300, deadline=None)
@given(waiting_lists(), sizes)
def test_before_the_bound_only_full_tables_without_rematch(waiting, size):
    fresh = [Waiting(p.id, p.score, p.rating, min(p.waited, BOUND - 1), p.previous) for p in waiting]
    by_id = {p.id: p for p in fresh}
    for table in pair(fresh, Rules(size=size, bound=BOUND)):
        assert len(table) == size
        assert not any(by_id[a].previous & set(table) for a in table)


@settings(max_examples=300, deadline=None)
@given(waiting_lists(), sizes)
def test_past_the_bound_fewer_than_two_are_left_waiting(waiting, size):
    """Everyone waited long enough and nobody blocks anybody: at most one person is left over."""
    old = [Waiting(p.id, p.score, p.rating, BOUND + p.waited, p.previous) for p in waiting]
    tables = pair(old, Rules(size=size, bound=BOUND))
    assert len(old) - sum(len(t) for t in tables) <= 1


@settings(max_examples=200, deadline=None)
@given(waiting_lists(), sizes, st.data())
def test_blocked_people_are_never_seated_together(waiting, size, data):
    ids = [p.id for p in waiting]
    pairs = data.draw(st.lists(st.tuples(st.sampled_from(ids), st.sampled_from(ids)), max_size=6)) if ids else []
    blocked = frozenset(frozenset(p) for p in pairs if p[0] != p[1])
    for table in pair(waiting, Rules(size=size, bound=BOUND, blocked=blocked)):
        assert not any(frozenset((a, b)) in blocked for a in table for b in table if a != b)


def test_a_rematch_is_avoided_when_another_grouping_exists():
    # 1-2 played each other, 3-4 played each other; everyone waited a little: 1-3 and 2-4, or 1-4 and 2-3.
    waiting = [
        Waiting(1, 10, 1500, 5, frozenset({2})),
        Waiting(2, 10, 1500, 5, frozenset({1})),
        Waiting(3, 0, 1500, 5, frozenset({4})),
        Waiting(4, 0, 1500, 5, frozenset({3})),
    ]
    tables = pair(waiting, Rules(size=2, bound=BOUND))
    assert sorted(map(sorted, tables)) in ([[1, 3], [2, 4]], [[1, 4], [2, 3]])


def test_two_alone_wait_for_someone_else_until_the_bound_then_play_again():
    rematch = [Waiting(1, 0, 1500, 5, frozenset({2})), Waiting(2, 0, 1500, 5, frozenset({1}))]
    assert pair(rematch, Rules(size=2, bound=BOUND)) == []
    late = [Waiting(1, 0, 1500, BOUND, frozenset({2})), Waiting(2, 0, 1500, 5, frozenset({1}))]
    assert pair(late, Rules(size=2, bound=BOUND)) == [[1, 2]]


def test_closest_scores_sit_together():
    waiting = [Waiting(i, score, 1500, 0) for i, score in enumerate([30, 0, 29, 1], start=1)]
    assert sorted(map(sorted, pair(waiting, Rules(size=2, bound=BOUND)))) == [[1, 3], [2, 4]]


def test_three_waiting_for_a_table_of_four_sit_together_once_one_waited_long_enough():
    waiting = [Waiting(1, 0, 1500, 19), Waiting(2, 0, 1500, 3), Waiting(3, 0, 1500, 1)]
    assert pair(waiting, Rules(size=4, bound=BOUND)) == []
    waiting[0] = Waiting(1, 0, 1500, 20)
    assert [sorted(t) for t in pair(waiting, Rules(size=4, bound=BOUND))] == [[1, 2, 3]]


def test_one_alone_waits():
    assert pair([Waiting(1, 0, 1500, 500)], Rules(size=2, bound=BOUND)) == []


def test_buraco_partners_are_balanced_by_rating_and_not_repeated():
    waiting = [Waiting(1, 0, 2000, 0), Waiting(2, 0, 1800, 0), Waiting(3, 0, 1200, 0), Waiting(4, 0, 1000, 0)]
    (table,) = pair(waiting, Rules(size=4, bound=BOUND, teams=True))
    assert {table[0], table[2]} in ({1, 4}, {2, 3})  # seats 0 and 2 are partners: strongest with weakest
    partners_before = [
        Waiting(1, 0, 2000, 30, frozenset({4})),
        Waiting(2, 0, 1800, 30),
        Waiting(3, 0, 1200, 30),
        Waiting(4, 0, 1000, 30, frozenset({1})),
    ]
    (table,) = pair(partners_before, Rules(size=4, bound=BOUND, teams=True))
    assert {table[0], table[2]} != {1, 4}


def test_a_thousand_waiting_players_are_paired_in_one_run():
    waiting = [Waiting(i, i % 37, 1000 + (i * 7919) % 1200, 1.0, frozenset({i + 1})) for i in range(1000)]
    tables = pair(waiting, Rules(size=4, bound=BOUND))
    assert sum(len(t) for t in tables) >= 990
