"""Staff and tournaments in the admin: created and edited before the start, read-only after, cancelled with a reason."""

from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse

from rooms import clock
from tournaments import services
from tournaments.models import Schedule, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client, make_user):
    user = make_user("staffer")
    user.is_staff = user.is_superuser = True
    user.save()
    client.force_login(user)
    return user


def form_data(**changes):
    start = (clock.now() + timedelta(hours=1)).replace(microsecond=0)
    data = {
        "name": "Arena das 21h",
        "game": "crazy_eights",
        "options": "{}",
        "table_size": "3",
        "time_limit": "20",
        "hands_per_match": "1",
        "starts_at_0": start.strftime("%Y-%m-%d"),
        "starts_at_1": start.strftime("%H:%M:%S"),
        "minutes": "30",
        "rated": "on",
        "min_rated_matches": "0",
        **{f"{p}-{k}": v for p in ("entries", "tables") for k, v in (("TOTAL_FORMS", "0"), ("INITIAL_FORMS", "0"))},
    }
    data.update(changes)
    return data


def test_staff_create_a_tournament_through_the_services_checks(client, staff):
    url = reverse("admin:tournaments_tournament_add")
    refused = client.post(url, form_data(minutes="500"))
    assert refused.status_code == 200 and not Tournament.objects.exists()
    assert "180" in refused.content.decode()
    bad_options = client.post(url, form_data(options='{"target": 7}'))
    assert bad_options.status_code == 200 and not Tournament.objects.exists()
    made = client.post(url, form_data(hands_per_match=""))
    assert made.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.table_size == 3 and not tournament.private and tournament.created_by is None
    assert tournament.hands_per_match == 1  # left empty: one hand, the tournament default for Crazy Eights
    assert LogEntry.objects.filter(object_id=str(tournament.pk)).exists()  # the admin's own row: the audit log


def test_a_started_tournament_is_read_only_but_may_be_cancelled_with_a_reason(client, staff):
    tournament = services.create(None, "rouba_monte", 30)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.STARTED)
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    client.post(change, form_data(name="Renamed"))
    assert Tournament.objects.get(pk=tournament.pk).name != "Renamed"
    cancel = reverse("admin:tournaments_tournament_cancel", args=[tournament.pk])
    assert client.post(cancel, {"reason": ""}).status_code == 200
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.STARTED
    assert client.post(cancel, {"reason": "servidor em manutenção"}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED and tournament.cancel_reason == "servidor em manutenção"
    entry = LogEntry.objects.get(object_id=str(tournament.pk), change_message__startswith="tournament_cancel")
    assert entry.user_id == staff.id and "manutenção" in entry.change_message


def test_a_schedule_is_checked_like_a_tournament(client, staff):
    url = reverse("admin:tournaments_schedule_add")
    data = {
        "name": "Grande Arena de Buraco",
        "game": "buraco",
        "options": "{}",
        "table_size": "4",
        "time_limit": "30",
        "minutes": "90",
        "rated": "on",
        "hands_per_match": "",
        "min_rated_matches": "0",
        "recurrence": "daily",
        "every_hours": "1",
        "at_minute": "0",
        "daily_at": "",
        "active": "on",
    }
    before = Schedule.objects.count()  # the plan out of the box
    assert client.post(url, data).status_code == 200 and Schedule.objects.count() == before
    assert client.post(url, {**data, "daily_at": "21:00"}).status_code == 302
    assert Schedule.objects.latest("id").daily_at.hour == 21
    assert Schedule.objects.count() == before + 1
