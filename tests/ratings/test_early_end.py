"""A result no one can take away: every way a rated match ends before its end, and staff's void.

A match ended early by someone — the host's ``end_match`` or ``new_match``, the
host closing the room, staff closing it from the admin — is rated for everyone
still seated on the standings of that moment (its totals so far), and whoever
ended it, if seated, bears the leaver's penalty. A casual room moves nobody.
Only staff void a match's rating, with a reason, once: the ratings go back,
the audit log keeps it, and the match's page and the players' histories say so.
"""

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client
from django.urls import reverse
from django.utils import translation

from players.records import recent_matches
from ratings import void
from ratings.models import Rating, RatingChange
from rooms import services
from rooms.models import Match, Room

pytestmark = pytest.mark.django_db


@pytest.fixture
def carol(make_user):
    return make_user("carol")


def bundles_of_three(host, *others, rated: bool = True) -> Match:
    """A three-seat Stealing Bundles being played; its totals as if hands had ended: seat 1 leads, seat 2 trails."""
    room = services.create_room(host, "stealing_bundles", "Mesa", time_limit=None, seat_count=3, rated=rated)
    for seat, person in enumerate(others, start=1):
        services.sit(person, room.code, seat)
    services.start_match(host, room.code)
    match = Match.objects.get(room=room)
    Match.objects.filter(pk=match.pk).update(totals={"0": 5, "1": 12, "2": 3})
    return match


def changes_of(match: Match) -> dict[int, tuple[int, bool, float]]:
    """user id -> (place, left, change of μ) of every rating the match moved.

    μ, not the shown value: a new player's shown value (μ − 3σ) rises after any rated match, as σ shrinks."""
    return {c.user_id: (c.rank, c.left, c.mu_after - c.mu_before) for c in RatingChange.objects.filter(match=match)}


@pytest.mark.parametrize("how", ["end_match", "new_match", "close_by_host"])
def test_the_host_who_ends_it_early_pays_and_the_others_are_rated_on_the_standings(alice, bob, carol, how):
    match = bundles_of_three(alice, bob, carol)
    {"end_match": services.end_match, "new_match": services.start_match, "close_by_host": services.close_by_host}[how](
        alice, match.room.code
    )
    changes = changes_of(match)
    assert set(changes) == {alice.id, bob.id, carol.id}
    assert changes[bob.id][:2] == (1, False) and changes[bob.id][2] > 0  # leading when it was ended: 1st
    assert changes[carol.id][:2] == (3, False) and changes[carol.id][2] < 0  # trailing: 3rd, behind alice's seat
    assert changes[alice.id][:2] == (4, True) and changes[alice.id][2] < 0  # the host left it: last, alone
    assert Match.objects.get(pk=match.pk).ended_by_id == alice.id


def test_staff_seated_in_the_match_who_close_the_room_pay_like_a_host(alice, bob, carol):
    """A table moderator holding a seat closes the room from the admin: the loser escapes nothing."""
    match = bundles_of_three(alice, bob, carol)
    assert services.close_room(match.room.id, by=alice)
    changes = changes_of(match)
    assert changes[alice.id][:2] == (4, True)
    assert changes[bob.id][0] == 1 and changes[carol.id][0] == 3
    ended = Match.objects.get(pk=match.pk)
    assert ended.ended_by_staff and ended.ended_by_id == alice.id


def test_staff_not_seated_who_close_the_room_rate_everyone_on_the_standings(alice, bob, carol, make_user):
    staff = make_user("moderator")
    match = bundles_of_three(alice, bob, carol)
    assert services.close_room(match.room.id, by=staff)
    changes = changes_of(match)
    assert {uid: (rank, left) for uid, (rank, left, _d) in changes.items()} == {
        bob.id: (1, False),
        alice.id: (2, False),
        carol.id: (3, False),
    }
    with translation.override("en"):
        lines = recent_matches(carol)
    assert "staff" in lines[0].outcome_label and lines[0].ended_by == ""  # staff are not named to players


def test_an_early_end_before_any_hand_ended_rates_everyone_even_and_the_ender_as_leaving(alice, bob, carol):
    match = bundles_of_three(alice, bob, carol)
    Match.objects.filter(pk=match.pk).update(totals={})
    services.end_match(alice, match.room.code)
    changes = changes_of(match)
    assert {uid: (rank, left) for uid, (rank, left, _d) in changes.items()} == {
        bob.id: (1, False),
        carol.id: (1, False),
        alice.id: (4, True),  # behind the three seats, which share the first place
    }


@pytest.mark.parametrize("how", ["end_match", "close_by_host", "staff_close"])
def test_a_casual_room_moves_no_rating_however_it_ends(alice, bob, carol, how):
    match = bundles_of_three(alice, bob, carol, rated=False)
    if how == "staff_close":
        services.close_room(match.room.id, by=alice)
    else:
        getattr(services, how)(alice, match.room.code)
    assert not RatingChange.objects.filter(match=match).exists()
    assert not Rating.objects.exists()


def test_staff_void_a_match_with_a_reason_and_the_ratings_go_back(alice, bob, carol, make_user):
    staff = make_user("referee")
    match = bundles_of_three(alice, bob, carol)
    services.end_match(alice, match.room.code)
    before = {c.user_id: (c.mu_before, c.sigma_before) for c in RatingChange.objects.filter(match=match)}
    with pytest.raises(void.VoidRefused):
        void.void_match(match.pk, staff, "   ")  # a reason is required
    version = Room.objects.get(pk=match.room_id).version
    taken_back = void.void_match(match.pk, staff, "Accomplices: the host ended it for the loser")
    assert {c.user_id for c in taken_back} == set(before)
    # Every process's copy of the room is stale (rooms/room_cache.py): its result dialog reads the void.
    assert Room.objects.get(pk=match.room_id).version == version + 1
    for rating in Rating.objects.filter(game="stealing_bundles"):
        assert (rating.mu, rating.sigma) == pytest.approx(before[rating.user_id])
        assert rating.matches == 0
    with pytest.raises(void.VoidRefused):
        void.void_match(match.pk, staff, "again")  # once
    entry = LogEntry.objects.get(change_message__startswith="match_void")
    assert entry.user_id == staff.id and "Accomplices" in entry.change_message
    assert "Accomplices" in recent_matches(bob)[0].outcome_label


def test_the_void_is_staff_only_and_shown_on_the_match_page(alice, bob, carol, make_user, settings):
    settings.ALLOWED_HOSTS = ["testserver"]
    match = bundles_of_three(alice, bob, carol)
    services.end_match(alice, match.room.code)
    url = reverse("admin:ratings_match_void", args=[match.pk])
    moderator = make_user("moderator")
    moderator.is_staff = True
    moderator.save()
    client = Client()
    client.force_login(moderator)
    assert client.post(url, {"reason": "no"}).status_code == 403
    assert not Match.objects.get(pk=match.pk).voided_at
    boss = make_user("boss")
    boss.is_staff = boss.is_superuser = True
    boss.save()
    client.force_login(boss)
    assert client.post(url, {"reason": ""}).status_code == 200  # the form asks for the reason
    assert client.post(url, {"reason": "<b>collusion</b>"}).status_code == 302
    assert Match.objects.get(pk=match.pk).void_reason == "<b>collusion</b>"
    client.force_login(bob)
    page = client.get(match.verify_url).content.decode()
    assert "data-match-void" in page and "&lt;b&gt;collusion&lt;/b&gt;" in page and "<b>collusion" not in page
