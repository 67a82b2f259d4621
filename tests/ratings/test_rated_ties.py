"""A tie is a tie everywhere: OpenSkill's shared rank in the rating, "tied" in the statistics, counted on the board.

A three-game Stealing Bundles match once ended 1-1-1 ("A partida termina
empatada"), counted as a win in the statistics and moved no rating, so the
leaderboard never counted it. Equal places are OpenSkill's draws
(``rate(..., ranks=[1, 1])``): they move ratings, and these tests compare with
OpenSkill's own numbers.
"""

import pytest
from django.urls import reverse
from openskill.models import PlackettLuce

from ratings import method
from ratings.models import Rating, RatingChange
from rooms.models import PlayerStat
from rooms.records import participants
from tests.ratings.conftest import ended_match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("game", "holders", "winners", "teams"),
    [
        ("stealing_bundles", {0: "p0", 1: "p1", 2: "easy"}, ["0", "1", "2"], False),
        ("rouba_monte", {0: "p0", 1: "p1", 2: "hard", 3: "hard"}, ["0", "1"], False),
        ("crazy_eights", {0: "p0", 1: "p1"}, ["0", "1"], False),
        ("buraco", {0: "p0", 1: "p1", 2: "easy", 3: "normal"}, ["0", "1"], True),
    ],
)
def test_a_tied_rated_match_rates_a_draw_and_counts_it(client, people, game, holders, winners, teams):
    seats = {seat: people[int(h[1])] if h.startswith("p") else h for seat, h in holders.items()}
    totals = {w: 3 for w in winners}
    if game == "rouba_monte":
        totals |= {"2": 1, "3": 0}
    match = ended_match(game, seats, winners, totals=totals)
    participants.record_match_end(match, teams)
    changes = {c.user_id: c for c in RatingChange.objects.filter(match=match)}
    p0, p1 = people[0], people[1]
    assert set(changes) == {p0.id, p1.id}
    # OpenSkill's own numbers for the same places.
    model = PlackettLuce(mu=method.MU, sigma=method.SIGMA)
    keys = sorted({str(s % 2) if teams else str(s) for s in seats})
    team = {k: [seats[s] for s in seats if (str(s % 2) if teams else str(s)) == k] for k in keys}

    def before(h):
        return model.rating(*(method.bot_rating(h, game) if isinstance(h, str) else (method.MU, method.SIGMA)))

    ranks = [1 if k in winners else 1 + len(winners) + sorted(set(keys) - set(winners)).index(k) for k in keys]
    expected = model.rate([[before(h) for h in team[k]] for k in keys], ranks=ranks)
    by_user = {
        h.id: r
        for k, rated in zip(keys, expected, strict=True)
        for h, r in zip(team[k], rated, strict=True)
        if not isinstance(h, str)
    }
    for user in (p0, p1):
        change = changes[user.id]
        assert change.rank == 1 and not change.left
        assert change.mu_after == pytest.approx(by_user[user.id].mu)
        assert change.sigma_after == pytest.approx(by_user[user.id].sigma)
        assert change.sigma_after < change.sigma_before  # a draw is a result: the rating learnt something
    stats = {s.user_id: (s.played, s.won, s.tied, s.abandoned) for s in PlayerStat.objects.all()}
    assert stats == {p0.id: (1, 0, 1, 0), p1.id: (1, 0, 1, 0)}
    assert {r.user_id: r.matches for r in Rating.objects.filter(game=game)} == {p0.id: 1, p1.id: 1}
    assert participants.match_outcomes(match, teams) == {p0.id: "tied", p1.id: "tied"}
    # The leaderboard counts it (it once said "no rated match in this game yet").
    client.force_login(p0)
    page = client.get(reverse("ratings:leaderboard", args=[game]), headers={"accept-language": "en"}).content.decode()
    assert f"Your rating: {changes[p0.id].shown_after}, after 1 rated match." in page
