"""A database of before the lobby had its own app, upgraded: every row of a moved model is still there.

``check_lobby_upgrade`` builds the schema as it was (every migration up to
``BEFORE``, on an empty database), writes rows in every model that moved from
the rooms app to the lobby's, with a content type, a permission and a group
naming them, then runs the migrations of today and reads everything back
through today's models, and opens the pages that read them. The same function
runs in-process on SQLite (tests/test_upgrade.py) and in a ``manage.py shell``
on a PostgreSQL server of its own.

The migrations are driven by django-test-migrations' ``Migrator``: it starts
from an empty database and applies a truncated plan, which is what an old
deployment's database went through.
"""

from datetime import UTC, datetime, timedelta

from django.test import Client
from django_test_migrations.migrator import Migrator

# The last migration of the rooms app before QuickPlayQueue, SitePresence and Invitation left it.
BEFORE = [("rooms", "0016_hints")]
MOVED = {"QuickPlayQueue": "quickplayqueue", "SitePresence": "sitepresence", "Invitation": "invitation"}
WHEN = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def _old_rows(apps) -> dict:
    """Rows in every model that moves, written through the models as they were (app label ``rooms``)."""
    user = apps.get_model("accounts", "User")
    room_model, seat = apps.get_model("rooms", "Room"), apps.get_model("rooms", "Seat")
    host = user.objects.create(username="upgrade_host", email="host@upgrade.invalid", password="!")
    guest = user.objects.create(username="upgrade_guest", email="guest@upgrade.invalid", password="!")
    room = room_model.objects.create(
        code="UPGRADE1", game="rouba_monte", name="Before the lobby", host=host, created_by=host, seat_count=2
    )
    seat.objects.bulk_create([seat(room=room, index=0, user=host), seat(room=room, index=1)])
    queues = [
        apps.get_model("rooms", "QuickPlayQueue").objects.create(game=game, rated=rated)
        for game, rated in [("rouba_monte", True), ("buraco", False)]
    ]
    presence = apps.get_model("rooms", "SitePresence").objects.create(
        user=guest, channel_name="specific.upgrade!1", last_seen=WHEN
    )
    invitation = apps.get_model("rooms", "Invitation")
    pending = invitation.objects.create(room=room, host=host, invitee=guest, created_at=WHEN)
    declined = invitation.objects.create(
        room=room, host=host, invitee=host, created_at=WHEN, answer="declined", answered_at=WHEN + timedelta(minutes=1)
    )
    content_type = apps.get_model("contenttypes", "ContentType")
    permission, group = apps.get_model("auth", "Permission"), apps.get_model("auth", "Group")
    moderators = group.objects.create(name="Upgrade moderators")
    types = {}
    for model in MOVED.values():
        types[model] = content_type.objects.create(app_label="rooms", model=model)
        moderators.permissions.add(
            permission.objects.create(codename=f"view_{model}", name=f"Can view {model}", content_type=types[model])
        )
    return {
        "host": host.pk,
        "guest": guest.pk,
        "room": room.pk,
        "queues": sorted((q.pk, q.game, q.rated) for q in queues),
        "presence": (presence.pk, presence.user_id, presence.channel_name, presence.last_seen),
        "invitations": sorted(
            (i.pk, i.room_id, i.host_id, i.invitee_id, i.created_at, i.answer, i.answered_at)
            for i in (pending, declined)
        ),
        "pending": pending.pk,
        "types": {model: ct.pk for model, ct in types.items()},
        "group": moderators.pk,
    }


def _rows_read_today(before: dict) -> None:
    """Every row written before, read through today's lobby models, field by field."""
    from django.contrib.auth.models import Group
    from django.contrib.contenttypes.models import ContentType

    from lobby.models import Invitation, QuickPlayQueue, SitePresence

    assert sorted(QuickPlayQueue.objects.values_list("pk", "game", "rated")) == before["queues"]
    [presence] = SitePresence.objects.values_list("pk", "user_id", "channel_name", "last_seen")
    assert presence == before["presence"]
    rows = Invitation.objects.values_list(
        "pk", "room_id", "host_id", "invitee_id", "created_at", "answer", "answered_at"
    )
    assert sorted(rows) == before["invitations"]
    for name, model in MOVED.items():
        moved = ContentType.objects.get(app_label="lobby", model=model)
        assert moved.pk == before["types"][model], f"{name}'s content type keeps its id (admin log, permissions)"
        assert not ContentType.objects.filter(app_label="rooms", model=model).exists()
    granted = {
        f"{p.content_type.app_label}.{p.codename}" for p in Group.objects.get(pk=before["group"]).permissions.all()
    }
    assert granted == {f"lobby.view_{model}" for model in MOVED.values()}


def _pages_open(before: dict) -> None:
    """The pages that read the moved rows open, and a pending invitation of before is accepted today."""
    from accounts.models import User
    from lobby.models import Invitation
    from rooms.models import Room

    guest = User.objects.get(pk=before["guest"])
    client = Client(SERVER_NAME="127.0.0.1")
    client.force_login(guest)
    room = Room.objects.get(pk=before["room"])
    for url in ["/", "/lobby/", f"/rooms/{room.code}/", "/play/?game=rouba_monte", "/accounts/profile/"]:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
    answered = client.post(f"/invitations/{before['pending']}/accept/")
    assert answered.status_code == 302, answered.status_code
    assert Invitation.objects.get(pk=before["pending"]).answer == Invitation.Answer.ACCEPTED
    assert room.seats.filter(user=guest).exists()


def check_lobby_upgrade(database: str = "default") -> None:
    """Build the old schema with rows, migrate to today, and read every row back."""
    migrator = Migrator(database=database)
    old = migrator.apply_initial_migration(BEFORE)
    before = _old_rows(old.apps)
    migrator.reset()  # every migration of today, as `manage.py migrate` runs them
    _rows_read_today(before)
    _pages_open(before)
