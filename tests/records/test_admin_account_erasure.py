"""A person is never removed from the admin by Django's delete, which would take their messages, ratings and
audit rows with them (every one cascades): staff erase an account through the erasure, confirmed and audited."""

import importlib

import pytest
from django.apps import apps as django_apps
from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from accounts import audit
from chat import service as chat
from chat.models import ChatMessage
from rooms import services
from rooms.models import Participant

pytestmark = pytest.mark.django_db

User = get_user_model()
staff_groups = importlib.import_module("accounts.migrations.0005_staff_groups")


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def played(alice, bob):
    """Bob sat at alice's table, a match started (his participant row), and he wrote in its chat."""
    room = services.create_room(alice, "crazy_eights", "Apagar", time_limit=None)
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    chat.say(bob, room.code, "oi")
    return room


def test_the_user_admin_has_no_delete_button_action_or_view(staff, bob, played):
    client = logged_in(staff)
    page = client.get(reverse("admin:accounts_user_change", args=[bob.pk])).content.decode()
    assert reverse("admin:accounts_user_delete", args=[bob.pk]) not in page
    assert reverse("admin:accounts_user_erase", args=[bob.pk]) in page  # the one way, behind its page
    listing = client.get(reverse("admin:accounts_user_changelist")).content.decode()
    assert "delete_selected" not in listing
    assert client.post(reverse("admin:accounts_user_delete", args=[bob.pk]), {"post": "yes"}).status_code == 403
    client.post(
        reverse("admin:accounts_user_changelist"),
        {"action": "delete_selected", "_selected_action": [bob.pk], "post": "yes"},
    )
    assert User.objects.filter(pk=bob.pk, username="bob").exists()
    assert ChatMessage.objects.filter(user=bob).exists()


def test_staff_erase_an_account_after_confirming_and_the_records_stay_under_the_pseudonym(staff, bob, played):
    audit.record(staff, bob, "user_mute", "24 h")  # an earlier staff action that named him
    client = logged_in(staff)
    url = reverse("admin:accounts_user_erase", args=[bob.pk])
    question = client.get(url)
    assert question.status_code == 200 and 'name="confirm"' in question.content.decode()
    client.post(url)  # not confirmed: nothing happens
    bob.refresh_from_db()
    assert bob.username == "bob" and not bob.pseudonym
    assert client.post(url, {"confirm": "yes"}).status_code == 302
    bob.refresh_from_db()
    tag = bob.pseudonym
    assert tag and bob.username == f"jogador-{tag}" and not bob.is_active and bob.email is None
    assert ChatMessage.objects.filter(user=bob).exists()
    assert set(Participant.objects.filter(user=bob).values_list("name", flat=True)) == {f"Jogador {tag}"}
    rows = LogEntry.objects.filter(object_id=str(bob.pk), content_type__model="user").order_by("pk")
    assert [(r.user_id, r.change_message) for r in rows] == [(staff.pk, "user_mute: 24 h"), (staff.pk, "account_erase")]
    assert all("bob" not in r.object_repr.replace(f"jogador-{tag}", "") for r in rows)  # no row names him
    # A second time is refused: the account is empty already.
    assert client.post(url, {"confirm": "yes"}).status_code == 302
    assert LogEntry.objects.filter(change_message="account_erase").count() == 1


def test_erasing_from_the_admin_needs_the_delete_permission_and_not_ones_own_account(make_user, staff, bob, played):
    staff_groups.fill_groups(django_apps)
    moderator = make_user("talk")
    moderator.is_staff = True
    moderator.save()
    moderator.groups.add(*Group.objects.all())  # every staff group: still no power to delete people
    client = logged_in(moderator)
    url = reverse("admin:accounts_user_erase", args=[bob.pk])
    page = client.get(reverse("admin:accounts_user_change", args=[bob.pk]))
    assert page.status_code == 200 and url not in page.content.decode()  # reads the account, no link to erase it
    assert client.get(url).status_code == 403
    assert client.post(url, {"confirm": "yes"}).status_code == 403
    own = reverse("admin:accounts_user_erase", args=[staff.pk])
    staff_client = logged_in(staff)
    assert 'name="confirm"' not in staff_client.get(own).content.decode()
    staff_client.post(own, {"confirm": "yes"})
    for person, name in ((bob, "bob"), (staff, "staff")):
        person.refresh_from_db()
        assert person.username == name and not person.pseudonym
    assert not LogEntry.objects.exists()
