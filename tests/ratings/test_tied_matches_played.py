"""A tied rated match of each game, played to its end through the room services and read everywhere.

The tie tests of tests/ratings/test_rated_ties.py write the match's end by
hand; these deal real matches from chosen seeds (the fair shuffle's: the room's
next seed, as any room draws one) and play every move through
``services.move``, so that the tie comes from the engine's own scoring. Then
the end-of-match snapshot (the result dialog's data), the profile's
statistics ("Empates"), the leaderboard and the stored ratings are checked
against OpenSkill's own ``rate(..., ranks=[1, 1, ...])``.

The seeds and how the people play are in tests/ratings/ties.py. Buraco has no tied match to play: "Empate na meta ou acima dela exige outra
mão" (its rules), tested in ``test_a_buraco_tie_at_the_target_deals_another_hand``.
"""

import re

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse
from openskill.models import PlackettLuce

from games import registry
from games.buraco import scoring as buraco_scoring
from ratings import method
from ratings.models import Rating, RatingChange
from rooms.models import Match, PlayerStat
from tests.ratings.ties import TIES, play_tied_match
from tests.rooms.wsclient import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False
    settings.BOT_DELAY_SECONDS = 0


def openskill_draw(count: int, tied: list[str]):
    """OpenSkill's own numbers: ``count`` new players, the ``tied`` seats sharing place 1, the rest after."""
    model = PlackettLuce(mu=method.MU, sigma=method.SIGMA)
    ranks = [1 if str(seat) in tied else 1 + len(tied) for seat in range(count)]
    return model.rate([[model.rating(mu=method.MU, sigma=method.SIGMA)] for _ in range(count)], ranks=ranks)


def page(user, url):
    client = Client()
    client.force_login(user)
    return client.get(url, headers={"accept-language": "pt-br"}).content.decode()


@pytest.mark.parametrize(("game", "count", "options", "seed", "policy", "tied", "totals"), TIES)
async def test_a_tied_rated_match_played_to_its_end(make_user, game, count, options, seed, policy, tied, totals):
    people = [await database_sync_to_async(make_user)(f"empate{i}") for i in range(count)]
    room = await database_sync_to_async(play_tied_match)(game, people, options, seed, policy)
    match = await database_sync_to_async(Match.objects.get)(room=room)
    assert match.status == Match.Status.OVER
    assert sorted(match.winners) == tied
    assert {k: v for k, v in match.totals.items() if k in totals} == totals

    # The stored ratings are OpenSkill's draw: the tied seats share place 1.
    changes = await database_sync_to_async(lambda: {c.user_id: c for c in RatingChange.objects.filter(match=match)})()
    expected = openskill_draw(count, tied)
    for seat, person in enumerate(people):
        change = changes[person.id]
        assert (change.rank, change.left) == ((1 if str(seat) in tied else 1 + len(tied)), False)
        assert change.mu_after == pytest.approx(expected[seat][0].mu)
        assert change.sigma_after == pytest.approx(expected[seat][0].sigma)
    if count == 2:  # two players tied: a draw between equals moves no mean, only the uncertainty
        assert changes[people[0].id].mu_after == pytest.approx(changes[people[1].id].mu_after)

    # The result dialog's data: both winners, each person's change and new value.
    ws, connected, _ = await connect(people[0], f"/ws/rooms/{room.code}/")
    assert connected
    snapshot, _ = await receive_until(ws, lambda m: m["type"] == "snapshot")
    await ws.disconnect()
    entry = snapshot["room"]["match"]
    assert snapshot["room"]["status"] == "match_over" and sorted(entry["winners"]) == tied
    lines = {line["user_id"]: line for line in entry["ratings"]}
    assert set(lines) == {p.id for p in people}
    for person in people:
        change = changes[person.id]
        assert (lines[person.id]["after"], lines[person.id]["delta"]) == (
            change.shown_after,
            change.shown_after - change.shown_before,
        )
        assert lines[person.id]["profile_url"] == reverse("player", args=[person.id])

    # The statistics count a tie (never a win), the profile says "Empates", the leaderboard counts it.
    stats = await database_sync_to_async(
        lambda: {s.user_id: (s.played, s.won, s.tied, s.abandoned) for s in PlayerStat.objects.filter(game=game)}
    )()
    for seat, person in enumerate(people):
        assert stats[person.id] == (1, 0, 1 if str(seat) in tied else 0, 0)
    label = registry.spec(game).names["pt"]
    profile = await database_sync_to_async(page)(people[0], reverse("accounts:profile"))
    assert "Empates" in profile
    row = re.search(rf">{re.escape(label)}</a></th>((?:<td class=\"num\">\d+</td>){{4}})", profile)
    assert row and re.findall(r"\d+", row.group(1)) == ["1", "0", "1", "0"]
    ratings = await database_sync_to_async(lambda: {r.user_id: r.matches for r in Rating.objects.filter(game=game)})()
    assert ratings == {p.id: 1 for p in people}
    board = await database_sync_to_async(page)(people[0], reverse("ratings:leaderboard", args=[game]))
    assert f"Seu rating: {changes[people[0].id].shown_after}, depois de 1 partida ranqueada." in board


async def test_a_buraco_tie_at_the_target_deals_another_hand():
    """Buraco's rules leave no tied match: equal totals at or above the target need another hand."""
    assert buraco_scoring.match_status({"0": 1500, "1": 1500}, {"target": 1500}) == {"over": False, "winners": []}
    assert buraco_scoring.match_status({"0": 1510, "1": 1500}, {"target": 1500})["winners"] == ["0"]
