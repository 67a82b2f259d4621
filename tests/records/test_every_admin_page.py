"""Every page of the staff admin, list and record, renders on data that covers every model.

Nothing raw reaches a staff member: no stored JSON (``{"…`` or ``[{…``), no Python
dict, and no seat numbered from 0 — the seats are 1–4 wherever a person reads one.
"""

import re

import pytest
from django.contrib import admin
from django.contrib.admin.models import LogEntry
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import audit
from chat import service as chat
from chat.models import ChatMessage, ChatReport
from rooms.models import Hand, Heartbeat, Presence
from rooms.records.hand_end import why_it_ended

pytestmark = pytest.mark.django_db(transaction=True)

RAW = re.compile(r'\{&quot;|\[\{|\{"|\[&quot;|\{&#x27;|\{\'')
SEAT_ZERO = re.compile(r"\b(?:Cadeira|Seat) 0\b")
SCRIPTS = re.compile(r"<script\b.*?</script>", re.S)
DATA_ATTRIBUTES = re.compile(r'\sdata-[\w-]+="[^"]*"')


def readable(html: str) -> str:
    """The page as shown: scripts and data attributes (the admin's inline settings) are not text a person reads."""
    return DATA_ATTRIBUTES.sub("", SCRIPTS.sub("", html))


def covered(leaver_match, staff, bob):
    """Rows of every model the admin shows, besides the match's own records."""
    room, match = leaver_match
    message = chat.say(staff, room.code, 'quoted {"x": 1} text')  # a message may hold braces: shown escaped
    ChatReport.objects.create(message=message, reporter=bob, time=message.time, reason="spam")
    chat.mute_site_wide(bob, 1, reason="test")
    Presence.objects.create(room=room, user=bob, channel_name="test.bob", last_seen=timezone.now())
    Heartbeat.objects.get_or_create(name="sweep", defaults={"last_run": timezone.now()})
    audit.record(staff, room, "room_pause")
    return message


def test_every_admin_list_and_record_page_renders_in_words(leaver_match, staff, bob):
    message = covered(leaver_match, staff, bob)
    client = Client()
    client.force_login(staff)
    seen = 0
    for model, model_admin in admin.site._registry.items():
        opts = model._meta
        listing = client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))
        assert listing.status_code == 200, opts.label
        text = readable(listing.content.decode())
        assert not SEAT_ZERO.search(text), opts.label
        for obj in model_admin.get_queryset(listing.wsgi_request)[:3]:
            page = client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk]))
            assert page.status_code == 200, (opts.label, obj.pk)
            body = readable(page.content.decode())
            if model is ChatMessage and obj.pk == message.pk:
                body = body.replace("quoted {&quot;x&quot;: 1} text", "")  # the author's own words
            if model is ChatReport or model is LogEntry:
                body = body.replace("quoted {&quot;x&quot;: 1} text", "")
            found = RAW.search(body)
            assert not found, (opts.label, obj.pk, body[found.start() - 300 : found.end() + 200])
            assert not SEAT_ZERO.search(body), (opts.label, obj.pk)
            seen += 1
        listing_text = text.replace("quoted {&quot;x&quot;: 1} text", "")
        assert not RAW.search(listing_text), (opts.label, RAW.search(listing_text).group(0))
    assert seen > 20


def test_the_hands_players_column_is_names_with_seats_from_1(leaver_match, staff):
    room, match = leaver_match
    client = Client()
    client.force_login(staff)
    for url in (reverse("admin:rooms_hand_changelist"), reverse("admin:rooms_match_change", args=[match.pk])):
        html = readable(client.get(url).content.decode())
        cells = re.findall(r'<td class="field-holders">(.*?)</td>', html, re.S)
        assert cells, url
        for cell in cells:
            cell = re.sub(r"<[^>]+>", "", cell).strip()
            seats = [int(n) for n in re.findall(r"(?:^|· )(\d) ", cell)]
            assert seats and seats == sorted(seats) and seats[0] == 1 and max(seats) == 4, cell
            assert "alice" in cell
    first = Hand.objects.get(match=match, number=1)
    ending = why_it_ended(first.game, first.result, True)
    assert ending and ending in client.get(reverse("admin:rooms_hand_change", args=[first.pk])).content.decode()
    assert ending in client.get(reverse("rooms:replay", args=[first.pk])).content.decode()


def test_the_room_page_names_its_options_and_its_close_action_apart_from_the_admins_close(leaver_match, staff):
    room, match = leaver_match
    client = Client()
    client.force_login(staff)
    html = readable(client.get(reverse("admin:rooms_room_change", args=[room.pk])).content.decode())
    assert "<th>target</th>" not in html and "Pontos que encerram a partida" in html
    assert "Encerrar esta sala…" in html and "Fechar esta sala" not in html  # the admin's own button says "Fechar"
