"""A match's result moves ratings exactly as OpenSkill's Plackett-Luce model says, once."""

import pytest
from openskill.models import PlackettLuce

from ratings import method, record
from ratings.models import Rating, RatingChange
from rooms.models import Match
from rooms.records.participants import record_match_end
from tests.ratings.conftest import ended_match  # noqa: I001

pytestmark = pytest.mark.django_db

MODEL = PlackettLuce()


def _rating(user, game):
    return Rating.objects.get(user=user, game=game)


def _close(rating, expected):
    assert rating.mu == pytest.approx(expected.mu, abs=1e-9)
    assert rating.sigma == pytest.approx(expected.sigma, abs=1e-9)


def _left(new):
    """What a leaver keeps of OpenSkill's answer: its μ; the σ stays a new player's (docs/ratings.md)."""
    return MODEL.rating(mu=new.mu, sigma=MODEL.rating().sigma)


def test_a_known_sequence_of_results_gives_openskills_ratings(people):
    a, b, c = people[:3]
    expected = {p.pk: MODEL.rating() for p in (a, b, c)}
    # Rouba Monte: a beats b; c beats a; then b beats c and a at a table of three.
    sequence = [({0: a, 1: b}, ["0"]), ({0: c, 1: a}, ["0"]), ({0: b, 1: c, 2: a}, ["0"])]
    for holders, winners in sequence:
        record_match_end(ended_match("rouba_monte", holders, winners), teams=False)
        order = list(holders.values())
        ranks = [1 if str(seat) in winners else 2 for seat in holders]
        rated = MODEL.rate([[expected[p.pk]] for p in order], ranks=ranks)
        for person, [new] in zip(order, rated, strict=True):
            expected[person.pk] = new
    for person in (a, b, c):
        rating = _rating(person, "rouba_monte")
        _close(rating, expected[person.pk])
        assert rating.shown == round(1000 + 40 * (expected[person.pk].mu - 3 * expected[person.pk].sigma))
    assert [_rating(p, "rouba_monte").matches for p in (a, b, c)] == [3, 2, 2]
    assert RatingChange.objects.filter(user=a).count() == 3


def test_a_buraco_partnership_is_rated_as_a_team_and_the_bots_keep_their_ratings(people):
    a, b, c = people[:3]
    # Seats 0 and 2 are team "0" (a and a hard bot), seats 1 and 3 team "1" (b and c); team "1" wins.
    record_match_end(ended_match("buraco", {0: a, 1: b, 2: "hard", 3: c}, ["1"]), teams=True)
    hard = MODEL.rating(*method.bot_rating("hard", "buraco"))
    [[new_a, _bot], [new_b, new_c]] = MODEL.rate(
        [[MODEL.rating(), hard], [MODEL.rating(), MODEL.rating()]], ranks=[2, 1]
    )
    _close(_rating(a, "buraco"), new_a)
    _close(_rating(b, "buraco"), new_b)
    _close(_rating(c, "buraco"), new_c)
    assert _rating(b, "buraco").shown > method.INITIAL_SHOWN > _rating(a, "buraco").shown
    # the bots' ratings are the fitted, checked-in ones (ratings/bot_ratings.json), never written
    assert method.bot_rating("hard", "buraco") == tuple(method.fitted_bots()["buraco"]["levels"]["hard"].values())
    assert not Rating.objects.filter(game="buraco", user__isnull=True).exists()


@pytest.mark.parametrize("players", [5, 6])
def test_a_crazy_eights_match_of_many_ranks_its_winner_above_the_others(people, players):
    seated = people[:players]
    record_match_end(ended_match("crazy_eights", dict(enumerate(seated)), ["2"]), teams=False)
    ranks = [1 if seat == 2 else 2 for seat in range(players)]
    rated = MODEL.rate([[MODEL.rating()] for _ in seated], ranks=ranks)
    for person, [new] in zip(seated, rated, strict=True):
        _close(_rating(person, "crazy_eights"), new)
    assert RatingChange.objects.filter(rank=1).get().user == seated[2]


def test_a_crazy_eights_match_places_every_seat_by_its_total_and_equal_totals_share(people):
    """Bruno won with 112; Dora took 75; Ana and Caio have 40 each and share third place."""
    ana, bruno, caio, dora = people[:4]
    totals = {"0": 40, "1": 112, "2": 40, "3": 75}
    match = ended_match("crazy_eights", {0: ana, 1: bruno, 2: caio, 3: dora}, ["1"], totals=totals)
    record_match_end(match, teams=False)
    rated = MODEL.rate([[MODEL.rating()] for _ in range(4)], ranks=[3, 1, 3, 2])
    for person, [new] in zip((ana, bruno, caio, dora), rated, strict=True):
        _close(_rating(person, "crazy_eights"), new)
    places = dict(RatingChange.objects.values_list("user__username", "rank"))
    assert places == {"p0": 3, "p1": 1, "p2": 3, "p3": 2}
    # Not what winner-against-the-rest would give: Dora, second, gains on Ana, third.
    assert _rating(dora, "crazy_eights").mu > _rating(ana, "crazy_eights").mu


def test_the_totals_place_a_leaver_behind_everyone_who_stayed(people):
    a, b, c, d = people[:4]
    totals = {"0": 30, "1": 0, "2": 101}
    match = ended_match("crazy_eights", {0: a, 1: "easy", 2: c}, ["2"], leavers=[(1, d)], totals=totals)
    record_match_end(match, teams=False)
    easy = MODEL.rating(*method.bot_rating("easy", "crazy_eights"))
    [[new_a], [_bot], [new_c], [new_d]] = MODEL.rate(
        [[MODEL.rating()], [easy], [MODEL.rating()], [MODEL.rating()]], ranks=[2, 3, 1, 4]
    )
    for person, new in ((a, new_a), (c, new_c), (d, _left(new_d))):
        _close(_rating(person, "crazy_eights"), new)
    assert RatingChange.objects.get(user=d).rank == 4
    assert not RatingChange.objects.filter(user=b).exists()


@pytest.mark.parametrize(
    ("winners", "totals", "expected"),
    [
        ({"1"}, {"0": 40, "1": 112, "2": 40, "3": 75}, {"1": 1, "3": 2, "0": 3, "2": 3}),
        ({"0", "2"}, {"0": 120, "1": 5, "2": 120, "3": 60}, {"0": 1, "2": 1, "3": 3, "1": 4}),
        ({"1"}, {"0": 40, "1": 112, "games": 3}, {"1": 1, "0": 2, "2": 2, "3": 2}),  # seat 2, 3 without a total
        ({"1"}, {"0": 140, "1": 112, "2": 3, "3": 4}, {"1": 1, "0": 2, "2": 2, "3": 2}),  # won below another total
        ({"1"}, {"0": True, "1": 112, "2": 3, "3": 4}, {"1": 1, "0": 2, "2": 2, "3": 2}),  # not a number
    ],
)
def test_places_from_the_totals(winners, totals, expected):
    assert record.places(["0", "1", "2", "3"], winners, totals) == expected


def test_a_match_counts_once_even_if_its_end_is_processed_twice(people):
    a, b = people[:2]
    match = ended_match("rouba_monte", {0: a, 1: b}, ["1"])
    record_match_end(match, teams=False)
    once = _rating(b, "rouba_monte")
    record_match_end(match, teams=False)
    twice = _rating(b, "rouba_monte")
    assert (twice.mu, twice.sigma, twice.matches) == (once.mu, once.sigma, 1)
    assert RatingChange.objects.filter(match=match).count() == 2


def test_the_one_who_left_is_ranked_last_and_loses(people):
    a, b, c = people[:3]
    # b left in hand 1 (a bot stood in and kept the seat); c won at the end.
    match = ended_match("crazy_eights", {0: a, 1: "normal", 2: c}, ["2"], leavers=[(1, b)])
    record_match_end(match, teams=False)
    normal = MODEL.rating(*method.bot_rating("normal", "crazy_eights"))
    [[new_c], [new_a], [_bot], [new_b]] = MODEL.rate(
        [[MODEL.rating()], [MODEL.rating()], [normal], [MODEL.rating()]], ranks=[1, 2, 2, 3]
    )
    _close(_rating(b, "crazy_eights"), _left(new_b))
    _close(_rating(a, "crazy_eights"), new_a)
    _close(_rating(c, "crazy_eights"), new_c)
    change = RatingChange.objects.get(user=b)
    assert (change.rank, change.left) == (4, True) and change.shown_after < change.shown_before


def test_a_match_without_a_result_costs_only_the_one_who_left(people):
    a, b, c = people[:3]
    match = ended_match("crazy_eights", {0: a, 2: c}, [], leavers=[(1, b)], status=Match.Status.ABANDONED)
    record_match_end(match, teams=False)
    [[_a], [_c], [new_b]] = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[1, 1, 3])
    _close(_rating(b, "crazy_eights"), _left(new_b))
    assert not Rating.objects.filter(user__in=[a, c], matches__gt=0).exists()
    assert list(RatingChange.objects.values_list("user", flat=True)) == [b.pk]


def test_an_unrated_room_changes_nothing(people):
    a, b = people[:2]
    record_match_end(ended_match("rouba_monte", {0: a, 1: b}, ["0"], rated=False), teams=False)
    assert not RatingChange.objects.exists()
    assert not Rating.objects.filter(matches__gt=0).exists()


def test_a_closed_match_without_leavers_is_not_rated(people):
    a, b = people[:2]
    record_match_end(ended_match("rouba_monte", {0: a, 1: b}, [], status=Match.Status.ABANDONED), teams=False)
    assert not RatingChange.objects.exists()
