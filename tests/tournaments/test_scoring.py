"""Points by place, the streak that doubles, the final order and the pause delays (pure modules)."""

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tournaments import pause, scoring

OUTCOMES = st.sampled_from([scoring.WON, scoring.TIED, scoring.LOST, scoring.LEFT, scoring.ABSENT])


def test_a_win_two_a_shared_first_one_anything_else_nothing():
    assert [scoring.score(o, 0).points for o in ("won", "tied", "lost", "left", "absent")] == [2, 1, 0, 0, 0]


def test_points_double_from_the_third_win_in_a_row():
    assert scoring.total(["won", "won", "won"]) == (8, 3)
    assert scoring.total(["won", "won", "won", "won"]) == (12, 4)
    assert scoring.total(["won", "won", "tied"]) == (6, 0)  # a shared first while on fire: 2, and the streak ends
    assert scoring.total(["won", "won", "lost", "won"]) == (6, 1)
    assert scoring.total(["won", "won", "left", "won", "won", "won"]) == (12, 3)


def test_no_result_scores_nothing_and_keeps_the_streak():
    assert scoring.total(["won", "won", "no_result", "won"]) == (8, 3)


@given(st.lists(OUTCOMES, max_size=40))
def test_the_total_is_between_the_plain_sum_and_twice_it(outcomes):
    points, streak = scoring.total(outcomes)
    plain = sum(scoring.BASE[o] for o in outcomes)
    assert plain <= points <= 2 * plain
    tail = 0
    for outcome in reversed(outcomes):
        if outcome != "won":
            break
        tail += 1
    assert streak == tail


@given(st.lists(OUTCOMES, max_size=40))
def test_a_doubled_table_follows_two_wins(outcomes):
    streak = 0
    for outcome in outcomes:
        scored = scoring.score(outcome, streak)
        assert scored.doubled == (streak >= 2 and outcome in ("won", "tied"))
        streak = scored.streak


def test_ties_are_broken_by_wins_then_who_scored_first_then_who_entered_first():
    rows = [(10, 4, 50.0, 3), (10, 5, 90.0, 4), (10, 4, 40.0, 5), (10, 4, 40.0, 1), (12, 0, 99.0, 9)]
    ranked = sorted(rows, key=lambda r: scoring.order_key(*r))
    assert [r[3] for r in ranked] == [9, 4, 1, 5, 3]


def test_pause_delays_grow_to_a_cap():
    assert [pause.delay_seconds(n) for n in range(1, 8)] == [10, 20, 40, 80, 120, 120, 120]


@given(st.integers(1, 500))
def test_pause_delays_never_shrink_and_stay_in_bounds(n):
    assert pause.FIRST <= pause.delay_seconds(n) <= pause.MOST
    assert pause.delay_seconds(n) <= pause.delay_seconds(n + 1)


def test_a_pause_is_forgotten_after_twenty_quiet_minutes():
    now = datetime(2026, 1, 1, tzinfo=UTC)
    assert pause.next_pause(0, None, now) == (1, now + timedelta(seconds=10))
    assert pause.next_pause(1, now, now + timedelta(minutes=5)) == (2, now + timedelta(minutes=5, seconds=20))
    later = now + timedelta(minutes=21)
    assert pause.next_pause(3, now, later) == (1, later + timedelta(seconds=10))
