"""After an account's erasure no stored row names the person: the whole database is dumped and searched.

Issue 55: players/erasure.py rewrote the rooms where the person still sat, hosted or played,
not those they had left. A created a room, B sat, A moved a seat, handed the host role to B and
left, no match played; A deleted their account; B's table still read "del_alice mudou del_carol
da cadeira 2 para a cadeira 4." Here a person leaves a trace in every model that can hold a
user id or a name (rooms left, hosted, closed and being played; a room that only names them in
its events; chat lines and reports, mutes, invitations sent and received, ratings, statistics,
presences, a hint, follows and blocks both ways, the audit log, the log-in throttle), is erased, and every row of every table
(``dumpdata``) is searched for their username, e-mails and display names. The same check runs
on SQLite here and on PostgreSQL in a server of its own (the rooms naming a person are found by
searching their stored JSON, which the two store differently).
"""

import io
import json

import pytest
from django.apps import apps as django_apps
from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.test.utils import override_settings

from accounts import audit
from chat import service as chat
from chat.models import ChatMessage, ChatMute, ChatReport, SiteMute
from friends import relations
from friends.models import Block, Follow
from lobby import invitations
from lobby.models import Invitation, SitePresence
from players import erasure
from ratings.models import Rating, RatingChange
from rooms import clock, services
from rooms.actions import moderation
from rooms.hints.models import Hint
from rooms.live import broadcast
from rooms.models import Match, Participant, PlayerStat, Presence, Room, Seat
from tests.live import manage_shell
from tests.rooms.helpers import human_auto_move, play_until_human, turn_seat
from tournaments import services as tournaments
from tournaments.models import Entry, Tournament, Trophy

USERNAME = "zelda_quartz"
EMAIL = "zelda.quartz@example.org"
PENDING = "zq.nova@example.net"
FIRST_NAME = "Zeldinha Q"  # the display name of her first tables, reset by the staff
SECOND_NAME = "Zélia Nova"  # the one she chose after, with a letter JSON escapes on SQLite
SECRETS = (USERNAME, EMAIL, PENDING, FIRST_NAME, SECOND_NAME)


def person(username: str, **fields):
    user = get_user_model().objects.create_user(username, f"{username}@test.invalid", None)
    for key, value in fields.items():
        setattr(user, key, value)
    user.save()
    return user


def play_until_moved(room: Room, people: dict, user) -> None:
    """Two people play a Crazy Eights hand until ``user`` has made a move (no bots, no deadlines)."""
    for _ in range(400):
        room.refresh_from_db()
        hand = room.current_hand
        if any(entry.get("by") == user.username for entry in hand.moves):
            return
        human_auto_move(room, people[turn_seat(room)])
    raise AssertionError(f"{user} never moved")


def leave_traces():
    """Zelda's life on the site; returns the people and the room still being played."""
    zelda = person(USERNAME, email=EMAIL, pending_email=PENDING, display_name=FIRST_NAME)
    alice, bob, carol = person("alice_e"), person("bob_e"), person("carol_e")
    staff = person("staff_e", is_staff=True, is_superuser=True)

    # The issue's room: she opens it, Bob and Carol sit, she moves Carol, hands Bob the host role, leaves.
    left = services.create_room(zelda, "crazy_eights", f"Mesa da {FIRST_NAME}", seat_count=4, time_limit=None)
    services.sit(bob, left.code, 1)
    services.sit(carol, left.code, 2)
    services.move_seat(zelda, left.code, 2, 3)
    invitations.invite(zelda, left.code, alice.username)  # an invitation she sent
    services.hand_host(zelda, left.code, 1)
    services.leave(zelda, left.code)

    # A room that names her only in its events: Alice moves her seat, she leaves.
    named = services.create_room(alice, "crazy_eights", "Só eventos", seat_count=4, time_limit=None)
    services.sit(zelda, named.code, 1)
    services.move_seat(alice, named.code, 1, 2)
    services.leave(zelda, named.code)

    # A rated match she played and left, closed after: her ratings, statistics, hands, chat and reports.
    rated = services.create_room(alice, "crazy_eights", "Valendo", seat_count=2, time_limit=None)
    invitations.invite(alice, rated.code, zelda.username)  # an invitation she received, and accepted
    invitations.accept(zelda, Invitation.objects.get(invitee=zelda, room=rated).id)
    services.start_match(alice, rated.code)
    play_until_moved(rated, {0: alice, 1: zelda}, zelda)
    said = chat.say(zelda, rated.code, f"oi, sou {USERNAME}")
    gone = chat.say(zelda, rated.code, "BUY GOLD")
    answer = chat.say(alice, rated.code, f"{FIRST_NAME}, manda para {EMAIL}")
    chat.report(alice, rated.code, said.id, "spam", f"{FIRST_NAME} anda pedindo e-mails")
    chat.report(zelda, rated.code, answer.id, "other", "e-mail alheio")
    chat.set_mute(alice, zelda.id, True)
    chat.set_mute(zelda, alice.id, True)
    chat.delete([gone], by=staff)
    services.leave(zelda, rated.code)
    services.close_room(rated.id)

    # Her own room, closed by her.
    closed = services.create_room(zelda, "crazy_eights", "Fechada", seat_count=2, time_limit=None)
    services.close_by_host(zelda, closed.code)

    # A casual room being played when she goes: a hint asked, a socket open.
    live = services.create_room(alice, "crazy_eights", "Ao vivo", seat_count=2, time_limit=None, rated=False)
    services.sit(zelda, live.code, 1)
    services.start_match(alice, live.code)
    play_until_moved(live, {0: alice, 1: zelda}, zelda)
    for _ in range(40):
        if turn_seat(live) == 1:
            break
        human_auto_move(live, alice)
    services.hint(zelda, live.code)
    Presence.objects.create(room=live, user=zelda, channel_name="zelda-room", last_seen=clock.now())
    SitePresence.objects.create(user=zelda, channel_name="zelda-site", last_seen=clock.now())

    # Tournaments: a private one she named, an entry in another, a trophy.
    tournaments.create(zelda, "rouba_monte", 30, name=f"Torneio da {FIRST_NAME}")
    arena_ = tournaments.create(None, "rouba_monte", 30)
    tournaments.join(zelda, arena_.id)
    Trophy.objects.create(user=zelda, tournament=arena_, place=1)
    # Follows and blocks, both ways: she and Alice are friends, she blocked Bob, Carol blocked her.
    relations.follow(zelda, alice.id)
    relations.follow(alice, zelda.id)
    relations.block(zelda, bob.id)
    relations.block(carol, zelda.id)

    # The staff: a site-wide mute with a reason naming her, the display name reset, the audit rows.
    mute = chat.mute_site_wide(zelda, 1, reason=f"{USERNAME} pedindo e-mails")
    audit.record(staff, zelda, "user_mute", f"{USERNAME}: 1 h")
    audit.record(staff, mute, "user_mute")
    moderation.reset_display_name(zelda.id)
    audit.record(staff, zelda, "display_name_reset", FIRST_NAME)
    zelda.refresh_from_db()
    zelda.display_name = SECOND_NAME
    zelda.save()
    # A failed log-in under her name (the throttle keeps the username), and a session of hers.
    with override_settings(ALLOWED_HOSTS=["testserver"]):
        Client().post("/accounts/login/", {"username": USERNAME, "password": "not-her-password"})
        Client().force_login(zelda)
    return zelda, alice, live


def traces_of(user_id: int) -> dict[str, int]:
    """How many rows of each model point at the person, by each of its relations to a user that matters here."""
    rows = {
        "Room (opened)": Room.objects.filter(created_by=user_id),
        "Seat": Seat.objects.filter(user=user_id),
        "Match (players)": Match.objects.filter(players=user_id),
        "Participant": Participant.objects.filter(user=user_id),
        "PlayerStat": PlayerStat.objects.filter(user=user_id),
        "Hint": Hint.objects.filter(user=user_id),
        "Presence": Presence.objects.filter(user=user_id),
        "ChatMessage": ChatMessage.objects.filter(user=user_id),
        "ChatMute (hers)": ChatMute.objects.filter(muter=user_id),
        "ChatMute (of her)": ChatMute.objects.filter(muted=user_id),
        "ChatReport (hers)": ChatReport.objects.filter(reporter=user_id),
        "ChatReport (of her words)": ChatReport.objects.filter(message__user=user_id),
        "SiteMute": SiteMute.objects.filter(user=user_id),
        "SitePresence": SitePresence.objects.filter(user=user_id),
        "Invitation (sent)": Invitation.objects.filter(host=user_id),
        "Invitation (received)": Invitation.objects.filter(invitee=user_id),
        "Follow (hers)": Follow.objects.filter(follower=user_id),
        "Follow (of her)": Follow.objects.filter(followed=user_id),
        "Block (hers)": Block.objects.filter(blocker=user_id),
        "Block (of her)": Block.objects.filter(blocked=user_id),
        "Tournament (created)": Tournament.objects.filter(created_by=user_id),
        "Entry": Entry.objects.filter(user=user_id),
        "Trophy": Trophy.objects.filter(user=user_id),
        "Rating": Rating.objects.filter(user=user_id),
        "RatingChange": RatingChange.objects.filter(user=user_id),
        "LogEntry (about her)": LogEntry.objects.filter(content_type__model="user", object_id=str(user_id)),
    }
    return {name: queryset.count() for name, queryset in rows.items()}


def models_holding_a_user() -> set[str]:
    """Every model with a relation to the user model: each must get a trace of her above."""
    user = get_user_model()
    return {
        model.__name__
        for model in django_apps.get_models()
        for field in model._meta.get_fields()
        if field.is_relation and field.concrete and field.related_model is user and model is not user
    }


def strings(value):
    """Every string in a decoded JSON value, keys too."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def mentions(dump: str) -> list[tuple[str, str]]:
    """(model, text) for every stored string that holds one of her names or e-mails, in any case."""
    found = []
    for row in json.loads(dump):
        for text in strings(row["fields"]):
            folded = text.casefold()
            if any(secret.casefold() in folded for secret in SECRETS):
                found.append((row["model"], text))
    return found


def check_erasure_erases() -> None:
    zelda, alice, live = leave_traces()
    before = traces_of(zelda.id)
    assert {key.split(" ")[0] for key in before} == models_holding_a_user()
    assert all(before.values()), before  # a trace in every model that can hold her id
    buffer = io.StringIO()
    call_command("dumpdata", stdout=buffer)
    assert {model for model, _text in mentions(buffer.getvalue())} >= {
        "accounts.user", "rooms.room", "rooms.hand", "rooms.participant", "chat.chatmessage",
        "chat.chatreport", "chat.sitemute", "admin.logentry", "axes.accessattempt",
    }  # fmt: skip

    tag = erasure.erase(zelda)

    buffer = io.StringIO()
    call_command("dumpdata", stdout=buffer)
    found = mentions(buffer.getvalue())
    assert found == [], "\n".join(map(repr, found))
    pseudonym = f"Jogador {tag}"
    # The records stay, under the pseudonym.
    assert traces_of(zelda.id)["ChatMessage"] == before["ChatMessage"]
    assert traces_of(zelda.id)["RatingChange"] == before["RatingChange"]
    after = traces_of(zelda.id)
    assert [after[key] for key in ("Follow (hers)", "Follow (of her)", "Block (hers)", "Block (of her)")] == [0] * 4
    assert not relations.is_friend(alice, zelda) and zelda not in relations.friends_of(alice)
    issue = Room.objects.get(name=f"Mesa da {pseudonym}")
    sentences = [event["text"]["pt-br"] for event in issue.events]
    assert f"{pseudonym} mudou carol_e da cadeira 3 para a cadeira 4." in sentences, sentences
    assert f"{pseudonym} passou o papel de anfitrião para bob_e." in sentences, sentences
    assert ChatMessage.objects.get(user=alice).text == f"{pseudonym}, manda para {pseudonym}"
    # The room being played goes on: a stand-in holds her seat, the table's snapshot names only the pseudonym.
    live.refresh_from_db()
    assert live.status == Room.Status.PLAYING
    snapshot = json.dumps(broadcast.room_snapshots(live.id, alice.id)[alice.id], ensure_ascii=False)
    assert not any(secret.casefold() in snapshot.casefold() for secret in SECRETS)
    play_until_human(live)
    live.refresh_from_db()
    if live.status == Room.Status.PLAYING and turn_seat(live) == 0:
        human_auto_move(live, alice)


@pytest.mark.django_db(transaction=True)
def test_after_erasure_no_row_of_the_sqlite_database_names_the_person():
    check_erasure_erases()


def test_after_erasure_no_row_of_the_postgresql_database_names_the_person(stack):
    from scripts import stack as stackmod
    from tests.conftest import missing

    try:
        stack.start_postgres()
    except stackmod.ServiceMissing as exc:
        missing(str(exc))
    stack.migrate()
    out = manage_shell(
        {**stack.env, "MESA_EMBEDDED_WORKER": "0", "MESA_BOT_DELAY_MS": "0"},
        "from django.db import connection\n"
        "from tests.records.test_erasure_everywhere import check_erasure_erases\n"
        "check_erasure_erases()\n"
        "print('ERASED', connection.vendor)\n",
    )
    assert "ERASED postgresql" in out
