"""Nothing a record holds can be removed from the admin, not even by a superuser: hands, matches,
participants, rating changes (and the rooms, ratings, statistics, chat and audit rows beside them) have
no delete permission, no "delete selected" action, no "Remover" button, and a read-only page without "Salvar"."""

import pytest
from django.contrib import admin
from django.contrib.admin.models import LogEntry
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import audit
from chat.models import ChatMessage, ChatReport
from ratings.models import Rating, RatingChange
from rooms.models import Hand, Match, Participant, PlayerStat, Room
from tests.records.test_staff_roles import a_finished_hand

pytestmark = pytest.mark.django_db(transaction=True)

RECORDS = [Hand, Match, Participant, RatingChange, Rating, Room, PlayerStat, ChatMessage, ChatReport, LogEntry]


@pytest.fixture
def records(alice, bob, staff):
    """One row of each record: a finished Crazy Eights hand and its match, a rating change, a message and its report."""
    room, match, hand = a_finished_hand(alice)
    rating, _made = Rating.objects.get_or_create(user=alice, game="crazy_eights")
    RatingChange.objects.get_or_create(
        match=match, user=alice, defaults=dict(game="crazy_eights", rank=1, mu_before=25, sigma_before=8,
        mu_after=26, sigma_after=7, shown_before=rating.shown, shown_after=rating.shown + 10),
    )  # fmt: skip
    message = ChatMessage.objects.create(
        room=room, user=alice, text="gg", time=timezone.now()
    )  # the room is closed: no new chat
    ChatReport.objects.create(message=message, reporter=bob, time=message.time)
    audit.record(staff, room, "room_close")
    assert PlayerStat.objects.exists() and Participant.objects.filter(hand=hand).exists()
    return room


@pytest.mark.parametrize("model", RECORDS, ids=lambda m: m._meta.label)
def test_a_superuser_cannot_delete_the_record(records, staff, model):
    opts = model._meta
    client = Client()
    client.force_login(staff)
    obj = model.objects.order_by("pk").first()
    assert obj is not None, opts.label
    model_admin = admin.site._registry[model]
    changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
    listing = client.get(changelist)
    assert listing.status_code == 200
    assert not model_admin.has_delete_permission(listing.wsgi_request)
    assert not model_admin.has_delete_permission(listing.wsgi_request, obj)
    assert "delete_selected" not in listing.content.decode()
    page = client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    delete_url = reverse(f"admin:{opts.app_label}_{opts.model_name}_delete", args=[obj.pk])
    assert delete_url not in html and "deletelink" not in html  # no "Remover"
    assert 'name="_save"' not in html and 'name="_continue"' not in html  # no "Salvar"
    assert client.post(delete_url, {"post": "yes"}).status_code == 403
    bulk = client.post(changelist, {"action": "delete_selected", "_selected_action": [obj.pk], "post": "yes"})
    assert bulk.status_code == 403
    assert model.objects.filter(pk=obj.pk).exists()
