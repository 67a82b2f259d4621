"""Every staff URL and page answers 403 to a staff account without its specific permission, and changes nothing.

Four staff accounts: one without any permission, a table moderator (rooms: pause,
resume, close, rename, replay, exports), a chat moderator (messages, reports,
mutes) and a reader of every record who may act on none. Each URL of the admin and each staff page outside it is listed with the
permission it needs; every account lacking it is refused (403; the verify pages of
a private match answer 404, as they do to anybody who may not read them) and the
database is as before. A staff URL added without being listed here fails the
completeness test.
"""

import importlib
from datetime import timedelta

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.apps import apps as django_apps
from django.contrib import admin
from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.test import Client
from django.urls import URLPattern, URLResolver, reverse
from django.utils import timezone

from accounts import audit
from chat import service as chat
from chat.models import ChatMessage, ChatReport, SiteMute
from ratings.models import Rating, RatingChange
from rooms import services
from rooms.models import Hand, Heartbeat, Match, PlayerStat, Presence, Room
from tournaments import services as tournaments
from tournaments.models import Schedule, Tournament

pytestmark = pytest.mark.django_db

User = get_user_model()
staff_groups = importlib.import_module("accounts.migrations.0005_staff_groups")

ROLES = {"bare": (), "tables": ("Table moderators",), "talk": ("Chat moderators",), "reader": ()}


class World:
    """What the URLs act on: a room being played (private), its hand and match, a reported message, a player."""

    def __init__(self, alice, bob):
        self.room = services.create_room(alice, "crazy_eights", "Sala", time_limit=None, is_public=False)
        services.sit(bob, self.room.code, 1)
        services.start_match(alice, self.room.code)
        self.match = Match.objects.get(room=self.room)
        # A private room's match ended by closing it: what the exports and the verify pages read.
        done = services.create_room(alice, "crazy_eights", "Fechada", time_limit=None, is_public=False)
        services.sit(bob, done.code, 1)
        services.start_match(alice, done.code)
        services.close_room(done.id)
        self.done = Match.objects.get(room=done)
        self.hand = Hand.objects.get(match=self.done)
        self.message = chat.say(bob, self.room.code, "buy gold")
        self.report = ChatReport.objects.create(message=self.message, reporter=alice, time=self.message.time)
        bob.display_name = "Bruno"
        bob.save()
        self.player = bob
        # A row of every other model the admin lists, so that each record page is asked for.
        now = timezone.now()
        Presence.objects.create(room=self.room, user=bob, channel_name="test.bob", last_seen=now)
        Heartbeat.objects.get_or_create(name="sweep", defaults={"last_run": now})
        PlayerStat.objects.get_or_create(user=bob, game="crazy_eights")
        rating, _made = Rating.objects.get_or_create(user=bob, game="crazy_eights")
        RatingChange.objects.create(
            match=self.match, user=bob, game="crazy_eights", rank=1, mu_before=25, sigma_before=8, mu_after=26,
            sigma_after=7, shown_before=rating.shown, shown_after=rating.shown + 10,
        )  # fmt: skip
        chat.mute_site_wide(alice, 1, reason="test")
        boss = User.objects.create_superuser("boss", "boss@example.com", "x-Strong-pass-123")
        audit.record(boss, self.room, "room_pause")
        seen = {"user_agent": "test", "ip_address": "192.0.2.1", "username": "bob", "http_accept": "*/*",
                "path_info": "/accounts/login/", "attempt_time": now}  # fmt: skip
        AccessAttempt.objects.create(**seen, get_data="", post_data="", failures_since_start=1)
        AccessLog.objects.create(**seen)
        AccessFailureLog.objects.create(**seen)
        # A tournament not started yet (it may be cancelled) and a schedule.
        self.tournament = tournaments.create(None, "rouba_monte", 30, now + timedelta(hours=1))
        Schedule.objects.create(name="Arena", game="rouba_monte", table_size=2, minutes=57)

    def state(self) -> tuple:
        """Everything a staff action could change."""
        room = Room.objects.get(pk=self.room.pk)
        player = User.objects.get(pk=self.player.pk)
        message = ChatMessage.objects.get(pk=self.message.pk)
        return (
            room.status, room.paused, room.name, message.deleted, SiteMute.objects.count(),
            player.username, player.display_name, player.pseudonym, player.is_active,
            LogEntry.objects.count(), ChatMessage.objects.count(), ChatReport.objects.count(),
            User.objects.count(), Match.objects.get(pk=self.match.pk).status,
            Tournament.objects.get(pk=self.tournament.pk).status, Schedule.objects.count(),
        )  # fmt: skip


def changelist(model) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")


def action(model, name: str, ids):
    return ("post", changelist(model), {"action": name, "_selected_action": list(ids), "confirm": "yes"})


# (name, the permission it needs, the request from the world). Model pages are added below, for every model.
CASES = [
    ("room pause page", "rooms.pause_room", lambda w: ("get", reverse("admin:rooms_room_staff_action", args=[w.room.pk, "pause"]), None)),
    ("room pause", "rooms.pause_room", lambda w: ("post", reverse("admin:rooms_room_staff_action", args=[w.room.pk, "pause"]), {"confirm": "yes"})),
    ("room resume", "rooms.pause_room", lambda w: ("post", reverse("admin:rooms_room_staff_action", args=[w.room.pk, "resume"]), {"confirm": "yes"})),
    ("room close page", "rooms.close_room", lambda w: ("get", reverse("admin:rooms_room_staff_action", args=[w.room.pk, "close"]), None)),
    ("room close", "rooms.close_room", lambda w: ("post", reverse("admin:rooms_room_staff_action", args=[w.room.pk, "close"]), {"confirm": "yes"})),
    ("room rename page", "rooms.close_room", lambda w: ("get", reverse("admin:rooms_room_rename", args=[w.room.pk]), None)),
    ("room rename", "rooms.close_room", lambda w: ("post", reverse("admin:rooms_room_rename", args=[w.room.pk]), {"name": "Renomeada"})),
    ("rooms pause action", "rooms.pause_room", lambda w: action(Room, "pause_rooms", [w.room.pk])),
    ("rooms resume action", "rooms.pause_room", lambda w: action(Room, "resume_rooms", [w.room.pk])),
    ("rooms close action", "rooms.close_room", lambda w: action(Room, "close_rooms", [w.room.pk])),
    ("hand export", "rooms.export_match", lambda w: ("get", reverse("admin:rooms_hand_export", args=[w.hand.pk]), None)),
    ("match export", "rooms.export_match", lambda w: ("get", reverse("admin:rooms_match_export", args=[w.done.pk]), None)),
    ("replay", "rooms.replay_hand", lambda w: ("get", reverse("rooms:replay", args=[w.hand.pk]), None)),
    ("verify, private match", "rooms.view_match", lambda w: ("get", w.done.verify_url, None)),
    ("verify data, private match", "rooms.view_match", lambda w: ("get", reverse("rooms:verify_data", args=[w.done.public_id]), None)),
    ("verify by number", "rooms.view_match", lambda w: ("get", f"/matches/{w.done.pk}/verify/", None)),
    ("verify data by number", "rooms.view_match", lambda w: ("get", f"/matches/{w.done.pk}/verify.json", None)),
    ("messages delete action", "chat.hide_chatmessage", lambda w: action(ChatMessage, "delete_messages", [w.message.pk])),
    ("messages mute action", "chat.add_sitemute", lambda w: action(ChatMessage, "mute_authors", [w.message.pk])),
    ("reports delete action", "chat.hide_chatmessage", lambda w: action(ChatReport, "delete_reported", [w.report.pk])),
    ("mute add", "chat.add_sitemute", lambda w: ("post", reverse("admin:chat_sitemute_add"), {"user": w.player.pk, "until_0": "2099-01-01", "until_1": "00:00:00", "reason": "x"})),
    ("display name reset action", "chat.add_sitemute", lambda w: action(User, "reset_display_names", [w.player.pk])),
    ("match void page", "ratings.void_match", lambda w: ("get", reverse("admin:ratings_match_void", args=[w.done.pk]), None)),
    ("match void", "ratings.void_match", lambda w: ("post", reverse("admin:ratings_match_void", args=[w.done.pk]), {"reason": "a test"})),
    ("account erase page", "accounts.delete_user", lambda w: ("get", reverse("admin:accounts_user_erase", args=[w.player.pk]), None)),
    ("account erase", "accounts.delete_user", lambda w: ("post", reverse("admin:accounts_user_erase", args=[w.player.pk]), {"confirm": "yes"})),
    ("password of a player", "accounts.change_user", lambda w: ("post", reverse("admin:auth_user_password_change", args=[w.player.pk]), {"password1": "N3w-pass-word!", "password2": "N3w-pass-word!"})),
    ("audit log", "admin.view_logentry", lambda w: ("get", changelist(LogEntry), None)),
    ("tournament cancel page", "tournaments.cancel_tournament", lambda w: ("get", reverse("admin:tournaments_tournament_cancel", args=[w.tournament.pk]), None)),
    ("tournament cancel", "tournaments.cancel_tournament", lambda w: ("post", reverse("admin:tournaments_tournament_cancel", args=[w.tournament.pk]), {"reason": "a test"})),
]  # fmt: skip


def first_pk(model):
    def get(w):
        obj = model._default_manager.order_by("pk").first()
        return obj.pk if obj is not None else None

    return get


def model_cases():
    """Each registered model's list, record, history, add and delete pages, with the permission Django asks."""
    out = []
    for model in admin.site._registry:
        opts = model._meta
        base = f"admin:{opts.app_label}_{opts.model_name}"
        view = f"{opts.app_label}.view_{opts.model_name}"
        pk = first_pk(model)
        out.append((f"{opts.label} list", view, lambda w, b=base: ("get", reverse(f"{b}_changelist"), None)))
        for page in ("change", "history"):
            out.append(
                (f"{opts.label} {page}", view, lambda w, b=base, p=page, pk=pk: ("get", reverse(f"{b}_{p}", args=[pk(w)]), None) if pk(w) else None)
            )  # fmt: skip
        out.append(
            (
                f"{opts.label} add",
                f"{opts.app_label}.add_{opts.model_name}",
                lambda w, b=base: ("get", reverse(f"{b}_add"), None),
            )
        )
        out.append((f"{opts.label} delete", f"{opts.app_label}.delete_{opts.model_name}", lambda w, b=base, pk=pk: ("post", reverse(f"{b}_delete", args=[pk(w)]), {"post": "yes"}) if pk(w) else None))  # fmt: skip
    return out


ALL = CASES + model_cases()
CUSTOM = {name for name, _perm, _make in CASES}
STANDARD = {"changelist", "add", "change", "delete", "history"}
# Admin URLs that are not a staff power: the site's own pages every staff account has.
SITE = {"index", "login", "logout", "password_change", "password_change_done", "jsi18n", "app_list",
        "autocomplete", "view_on_site"}  # fmt: skip
COVERED_NAMES = {
    "rooms_room_staff_action", "rooms_room_rename", "rooms_hand_export", "rooms_match_export",
    "accounts_user_erase", "ratings_match_void", "tournaments_tournament_cancel", "auth_user_password_change",  # Django names the user admin's password page so
}  # fmt: skip


def admin_url_names(patterns):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from admin_url_names(pattern.url_patterns)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield pattern.name


def test_every_admin_url_is_listed_with_its_permission():
    models = {f"{m._meta.app_label}_{m._meta.model_name}" for m in admin.site._registry}
    unlisted = []
    for name in set(admin_url_names(admin.site.get_urls())):
        model_page = any(name == f"{m}_{page}" for m in models for page in STANDARD)
        if not (model_page or name in SITE or name in COVERED_NAMES):
            unlisted.append(name)
    assert not unlisted, f"staff URLs without a permission check listed in this test: {unlisted}"


def staff_account(make_user, role: str):
    user = make_user(role)
    user.is_staff = True
    user.save()
    user.groups.add(*Group.objects.filter(name__in=ROLES[role]))
    if role == "reader":  # reads every record, acts on none: each list action is refused, not ignored
        user.user_permissions.add(*Permission.objects.filter(codename__startswith="view_"))
    client = Client()
    client.force_login(user)
    return user, client


@pytest.mark.parametrize("case", ALL, ids=[name for name, _perm, _make in ALL])
def test_a_staff_account_without_the_permission_is_refused_and_nothing_changes(case, make_user, alice, bob):
    name, permission, make = case
    staff_groups.fill_groups(django_apps)
    world = World(alice, bob)
    accounts = {role: staff_account(make_user, role) for role in ROLES}
    lacking = [role for role, (user, _client) in accounts.items() if not user.has_perm(permission)]
    assert "bare" in lacking
    request = make(world)
    assert request is not None, f"{name}: the world has no row of this model"
    method, url, data = request
    for role in lacking:
        _user, client = accounts[role]
        before = world.state()
        response = getattr(client, method)(url, data or {})
        expected = 404 if name.startswith("verify") else 403
        assert response.status_code == expected, (name, role, response.status_code)
        assert world.done.seed not in response.content.decode(), (name, role)
        assert world.state() == before, (name, role)
    if name in CUSTOM:
        # The refusal is the permission's: a superuser is let in.
        boss = Client()
        boss.force_login(User.objects.get(username="boss"))
        answer = getattr(boss, method)(url, data or {}).status_code
        # The replay of a hand cut short by closing its room: let in, and told there is no such finished hand.
        assert answer in ((200, 302, 404) if name == "replay" else (200, 302)), (name, answer)
