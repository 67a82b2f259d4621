"""The staff's chat admin: every room's messages, searchable and filtered; reports; delete; site-wide mutes."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from chat import service
from chat.models import ChatMessage, ChatReport, SiteMute
from rooms import services

pytestmark = pytest.mark.django_db

XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>'


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_superuser("staff", "staff@example.com", "a-Strong-pass-123")


@pytest.fixture
def said(alice, bob, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    other = services.create_room(bob, "rouba_monte", "Outra")
    hostile = service.say(alice, room.code, XSS)
    service.say(bob, other.code, "elsewhere")
    service.report(bob, room.code, hostile.id, "insult", "  <b>rude</b>\u200b  to   me ")
    return room, other, hostile


def test_messages_and_reports_render_as_text(client, staff, said):
    client.force_login(staff)
    for name in ("admin:chat_chatmessage_changelist", "admin:chat_chatreport_changelist"):
        page = client.get(reverse(name)).content.decode()
        assert XSS not in page and "<img src=x" not in page
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page


def test_staff_filter_the_chat_by_room_user_and_date_and_search_it(client, staff, said):
    room, other, _hostile = said
    client.force_login(staff)
    url = reverse("admin:chat_chatmessage_changelist")
    by_room = client.get(url, {"q": other.code}).content.decode()
    assert "elsewhere" in by_room and "&lt;script" not in by_room
    by_user = client.get(url, {"q": "alice"}).content.decode()
    assert "&lt;script" in by_user and "elsewhere" not in by_user
    today = timezone.localtime(ChatMessage.objects.first().time)  # the admin's date filter is in TIME_ZONE
    dated = client.get(url, {"time__year": today.year, "time__month": today.month, "time__day": today.day})
    assert dated.status_code == 200 and "elsewhere" in dated.content.decode()
    assert client.get(url, {"q": "nothing said"}).content.decode().count("elsewhere") == 0


def test_staff_see_each_reports_reason_and_note_and_filter_on_the_reason(client, staff, said, alice, bob, clock):
    room, _other, _hostile = said
    spam = service.say(bob, room.code, "buy cheap chips")
    service.report(alice, room.code, spam.id, "spam")
    client.force_login(staff)
    url = reverse("admin:chat_chatreport_changelist")
    page = client.get(url).content.decode()  # in Portuguese, the site's first language
    assert "Ofensa" in page and "Propaganda ou spam" in page
    assert "&lt;b&gt;rude&lt;/b&gt; to me" in page and "<b>rude</b>" not in page
    insults = client.get(url, {"reason__exact": "insult"}).content.decode()
    assert "&lt;script" in insults and "buy cheap chips" not in insults
    spams = client.get(url, {"reason__exact": "spam"}).content.decode()
    assert "buy cheap chips" in spams and "&lt;script" not in spams


def test_the_delete_action_marks_the_message_deleted(client, staff, said):
    _room, _other, hostile = said
    client.force_login(staff)
    report = ChatReport.objects.get()
    client.post(
        reverse("admin:chat_chatreport_changelist"),
        {"action": "delete_reported", "_selected_action": [report.id]},
    )
    assert ChatMessage.objects.get(id=hostile.id).deleted
    assert ChatMessage.objects.filter(deleted=False).count() == 1


def test_the_mute_action_mutes_the_authors_for_a_day(client, staff, said, clock, alice):
    _room, _other, hostile = said
    client.force_login(staff)
    client.post(
        reverse("admin:chat_chatmessage_changelist"),
        {"action": "mute_authors", "_selected_action": [hostile.id]},
    )
    mute = SiteMute.objects.get(user=alice)
    assert mute.until - clock.now == timedelta(hours=24)


def test_nobody_but_staff_sees_the_chat_admin(client, alice, said):
    client.force_login(alice)
    page = client.get(reverse("admin:chat_chatmessage_changelist"))
    assert page.status_code == 302
