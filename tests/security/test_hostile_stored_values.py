"""No stored value may break a page: hostile values in every stored JSON field, every page rendered.

The attack of issue 16 stored a move nested 960 levels deep; afterwards the
table page, the lobby, the players' profiles and the admin lists of rooms,
hands and matches answered 500, so staff could not even reach the room to
close it. The move path no longer stores what a client sends
(tests/rooms/test_canonical_moves.py); this test makes sure that whatever a
row holds, every page still answers: it writes hostile values (markup, wrong
shapes and types, huge numbers, 960 levels of nesting) into the move
logs, room options, match totals and winners, result breakdowns, the history,
the last move, bot memory and display names of rooms of every game, then
renders every page, every admin list and change page, and every snapshot.
Each answers 200 (or a clean 4xx), never echoes markup, and every snapshot is
strict JSON.
"""

import json
import traceback

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import JSONField
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import registry
from lobby import feed
from rooms import services
from rooms.live import broadcast
from rooms.models import Hand, Hint, Match, Participant, PlayerStat, Presence, Room, Seat
from rooms.policies import policy
from tests.hostile import MARKUP, deep
from tests.live import manage_shell
from tests.rooms.helpers import human_auto_move

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = ("rouba_monte", "stealing_bundles", "crazy_eights", "buraco")
NAME = MARKUP[:40]

# The JSON fields a page or a snapshot reads, by model.
FIELDS = {
    Room: ("options", "last_move", "history", "events"),
    Match: ("options", "totals", "winners", "client_seeds"),
    Hand: ("options", "moves", "result", "players", "hints"),
    Seat: ("bot_memory",),
    Hint: ("move", "params"),
}
# The JSON fields only the engine and the deal write, which no page shows as stored: a hand's
# state, its deck and seat map, and the room's count of open sockets.
STRUCTURAL = {Room: ("connected",), Hand: ("state", "deck", "seat_map")}


def _markup() -> dict:
    """Plausible shapes, markup in every key and string."""
    move = {"type": MARKUP, "card": MARKUP, "target": MARKUP, "cards": [MARKUP], MARKUP: MARKUP}
    result = {
        "scores": {"0": MARKUP, MARKUP: MARKUP},
        "winners": [MARKUP, "0"],
        "breakdown": {"0": {MARKUP: MARKUP}, MARKUP: [MARKUP], "piles": {"0": MARKUP}},
        "abandoned": MARKUP,
    }
    return {
        "options": {MARKUP: MARKUP, "target": MARKUP},
        "last_move": {"seat": MARKUP, "engine_seat": MARKUP, "kind": MARKUP, "auto": MARKUP, "move": move},
        "history": [{"number": MARKUP, "match": MARKUP, "result": result, "dealer": MARKUP, "seat_map": [MARKUP]}],
        "totals": {"0": MARKUP, MARKUP: MARKUP},
        "winners": [MARKUP, "0"],
        "client_seeds": [MARKUP],
        "moves": [{"seat": 0, "move": move, "kind": MARKUP, "auto": MARKUP, "by": MARKUP, "at": MARKUP}],
        "result": result,
        "players": {"0": [{"name": MARKUP, "bot": MARKUP, "from_move": MARKUP}], MARKUP: MARKUP},
        "bot_memory": {MARKUP: [MARKUP]},
        "events": [{"id": MARKUP, "code": MARKUP, "params": {MARKUP: MARKUP}, "at": MARKUP, "text": {"pt": MARKUP}}],
        "move": move,
        "hints": {"0": MARKUP, MARKUP: MARKUP},
        "params": {MARKUP: MARKUP, "name": MARKUP, "count": MARKUP, "card": MARKUP, "suit": MARKUP},
    }


def _shapes() -> dict:
    """Every field of another type than the code expects, inside and at the top."""
    odd = [None, 1, "x", [MARKUP], {MARKUP: None}, True]
    return {
        "options": [MARKUP],
        "last_move": [MARKUP, 1],
        "history": [*odd, {"number": [], "match": {}, "result": [MARKUP], "seat_map": "0"}],
        "totals": [MARKUP],
        "winners": {MARKUP: MARKUP},
        "client_seeds": MARKUP,
        "moves": [*odd, {"seat": [MARKUP], "move": MARKUP, "kind": [], "auto": {}}, {"seat": 99, "move": None}],
        "result": [MARKUP],
        "players": [MARKUP, None],
        "bot_memory": MARKUP,
        "events": [*odd, {"id": [], "code": {}, "params": [MARKUP], "text": MARKUP}],
        "move": [MARKUP, 1],
        "hints": [MARKUP, None],
        "params": [MARKUP, None],
    }


def _numbers() -> dict:
    """Numbers no code expects: huge, negative, fractional (NaN cannot be stored: the JSON columns refuse it)."""
    big, huge = 10**40, 1e308
    result = {"scores": {"0": huge, "1": -huge, "2": 0.5}, "winners": [big], "breakdown": {"0": huge, "1": -1}}
    return {
        "options": {"target": huge, "match_games": big},
        "last_move": {"seat": big, "engine_seat": -1, "kind": "move", "auto": False, "move": {"type": huge}},
        "history": [{"number": huge, "match": -big, "result": result, "dealer": -1, "seat_map": [big]}],
        "totals": {"0": huge, "1": -huge, "2": 0.5, "3": -big},
        "winners": [-1, big],
        "client_seeds": [huge],
        "moves": [{"seat": big, "move": {"type": "discard", "card": huge}, "kind": "move", "auto": 0.5}],
        "result": result,
        "players": {"0": [{"from_move": big, "until_move": -huge}]},
        "bot_memory": {"seen": [huge, -big]},
        "events": [{"id": huge, "code": "host_changed", "params": {"from": big}, "at": -big, "text": {"pt": huge}}],
        "move": {"type": "discard", "card": huge},
        "hints": {"0": huge, "1": -big, "2": 0.5},
        "params": {"count": huge, "name": -big, "card": big},
    }


def _deep() -> dict:
    """The attack's own value, 960 levels of nesting, in every field."""
    return {name: deep() for fields in FIELDS.values() for name in fields}


VARIANTS = {"markup": _markup, "shapes": _shapes, "numbers": _numbers, "deep": _deep}


def write(model, pks, name: str, value) -> None:
    """Store ``value`` as the field's JSON text, bypassing every check (as a broken row would)."""
    text = json.dumps(value) if not _is_deep(value) else "[" * 961 + "]" * 961
    table = connection.ops.quote_name(model._meta.db_table)
    column = connection.ops.quote_name(model._meta.get_field(name).column)
    cast = "::jsonb" if connection.vendor == "postgresql" else ""
    with connection.cursor() as cursor:
        for pk in pks:
            cursor.execute(f"UPDATE {table} SET {column} = %s{cast} WHERE id = %s", [text, pk])


def _is_deep(value) -> bool:
    depth = 0
    while isinstance(value, list) and len(value) == 1 and depth < 100:
        value, depth = value[0], depth + 1
    return depth >= 100


def played_room(game: str, alice, bob) -> Room:
    """A room with a decided match (its hand over) and a second match being played.

    The first hand is closed where it stands: its log and result are about to be
    overwritten anyway, and playing it out would only make the test slow.
    """
    room = services.create_room(alice, game, "Mesa")
    services.sit(bob, room.code, 1)
    for index in range(2, policy(game).default_seats):
        services.add_bot(alice, room.code, index, "easy")
    services.start_match(alice, room.code)
    room.refresh_from_db()
    now = timezone.now()
    Hand.objects.filter(pk=room.current_hand_id).update(ended_at=now, result={"scores": {}, "winners": []})
    Match.objects.filter(pk=room.current_match_id).update(status=Match.Status.OVER, ended_at=now)
    Room.objects.filter(pk=room.pk).update(status=Room.Status.MATCH_OVER)
    services.start_match(alice, room.code)
    room.refresh_from_db()
    for hand in room.hands.all():  # a hint asked in each hand (the admin shows the first one's in full)
        Hint.objects.create(
            hand=hand, seat=0, engine_seat=0, user=alice, after_move=0, state_version=1,
            asked_at=now, move={"type": "discard"}, reason="discard_safe", params={},
        )  # fmt: skip
    return room


def make_hostile(room: Room, variant: str, users) -> None:
    values = VARIANTS[variant]()
    pks = {
        Room: [room.pk],
        Match: list(room.matches.values_list("pk", flat=True)),
        Hand: list(room.hands.values_list("pk", flat=True)),
        Seat: list(room.seats.values_list("pk", flat=True)),
        Hint: list(Hint.objects.filter(hand__room=room).values_list("pk", flat=True)),
    }
    for model, names in FIELDS.items():
        for name in names:
            write(model, pks[model], name, values[name])
    get_user_model().objects.filter(pk__in=[u.pk for u in users]).update(display_name=NAME)
    Participant.objects.filter(match__room=room).update(name=MARKUP)
    Room.objects.filter(pk=room.pk).update(name=MARKUP[:60])
    Hint.objects.filter(hand__room=room).update(reason=MARKUP[:32], level=MARKUP[:8])
    Room.objects.filter(pk=room.pk).update(connected={str(u.pk): 1 for u in users})


def problems_of(response, url: str) -> list[str]:
    """What is wrong with one answer: a server error, an unexpected status, markup echoed."""
    if response.status_code >= 500:
        exc = getattr(response, "exc_info", None)
        return [f"{url}: {response.status_code} {exc[1]!r}" if exc else f"{url}: {response.status_code}"]
    if response.status_code not in (200, 302, 403, 404):
        return [f"{url}: {response.status_code}"]
    body = response.content.decode()
    if "<script>alert" in body or "<img src=x" in body:  # escaped text is fine
        return [f"{url}: markup echoed"]
    return []


def public_ids(room: Room) -> list[str]:
    """The decided match's and the playing match's public ids (read without loading a hostile row)."""
    return list(room.matches.order_by("number").values_list("public_id", flat=True))


def player_pages(room: Room) -> list[str]:
    over, playing = public_ids(room)
    return [
        reverse("home"),
        reverse("lobby:lobby"),
        reverse("rooms:room", args=[room.code]),
        reverse("accounts:profile"),
        reverse("rooms:verify", args=[over]),
        reverse("rooms:verify", args=[playing]),
    ]


def json_pages(room: Room) -> list[str]:
    over, playing = public_ids(room)
    return [reverse("rooms:verify_data", args=[over]), reverse("rooms:verify_data", args=[playing])]


def admin_models() -> list:
    """Every model of the rooms and accounts apps that the admin shows."""
    return [model for model in admin.site._registry if model._meta.app_label in ("rooms", "accounts")]


def staff_pages(room: Room, users) -> list[str]:
    pages = [reverse("admin:index")]
    for model in admin_models():
        meta = model._meta
        changelist = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
        pages += [changelist, f"{changelist}?q=%3Cscript%3E"]
        for pk in model.objects.values_list("pk", flat=True)[:10]:
            pages.append(reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[pk]))
    hands = reverse("admin:rooms_hand_changelist")
    pages += [f"{hands}?player={u.pk}" for u in users]
    pages += [reverse("rooms:replay", args=[pk]) for pk in room.hands.values_list("pk", flat=True)]
    pages += [reverse("admin:rooms_hand_export", args=[pk]) for pk in room.hands.values_list("pk", flat=True)]
    pages += [reverse("admin:rooms_match_export", args=[pk]) for pk in room.matches.values_list("pk", flat=True)]
    return pages


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_superuser("staff", "staff@example.com", "a-Strong-pass-123")


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("game", GAMES)
def test_hostile_stored_values_break_no_page(game, variant, alice, bob, staff):
    problems = hostile_problems(game, variant, alice, bob, staff)
    assert not problems, "\n".join(problems)


def test_hostile_stored_values_break_no_page_on_postgresql(services_stack):
    """The same on PostgreSQL (jsonb), for the two kinds of value that failed most: 960 levels and wrong shapes."""
    code = (
        "import json\n"
        "from django.contrib.auth import get_user_model\n"
        "from tests.security.test_hostile_stored_values import hostile_problems\n"
        "User = get_user_model()\n"
        "alice = User.objects.create_user('hv_alice', email='hv_alice@test.invalid', password='x')\n"
        "bob = User.objects.create_user('hv_bob', email='hv_bob@test.invalid', password='x')\n"
        "staff = User.objects.create_superuser('hv_staff', email='hv_staff@test.invalid', password='x')\n"
        "problems = hostile_problems('buraco', 'deep', alice, bob, staff)\n"
        "problems += hostile_problems('rouba_monte', 'shapes', alice, bob, staff)\n"
        "from django.db import connection\n"
        "print('PROBLEMS', connection.vendor, json.dumps(problems))\n"
    )
    line = next(x for x in manage_shell(services_stack.env, code).splitlines() if x.startswith("PROBLEMS"))
    vendor, problems = line.split(" ", 2)[1:]
    assert vendor == "postgresql"
    assert json.loads(problems) == []


def hostile_problems(game: str, variant: str, alice, bob, staff) -> list[str]:
    """Everything wrong with every page, admin page, verify answer and snapshot of a hostile room."""
    room = played_room(game, alice, bob)
    Presence.objects.create(room=room, user=bob, channel_name=f"hostile-{room.code}", last_seen=timezone.now())
    PlayerStat.objects.get_or_create(user=bob, game=game)
    make_hostile(room, variant, [alice, bob])
    problems = []
    for user in (alice, bob):
        client = Client(raise_request_exception=False)
        client.force_login(user)
        for url in player_pages(room):
            problems += problems_of(client.get(url), url)
        for url in json_pages(room):
            response = client.get(url)
            problems += problems_of(response, url)
            if response.status_code == 200:
                problems += strict_json_problems(url, lambda r=response: r.content)
    client = Client(raise_request_exception=False)
    client.force_login(staff)
    for url in staff_pages(room, [alice, bob]):
        problems += problems_of(client.get(url), url)
    for user in (alice, bob):
        for with_history in (True, False):
            label = f"snapshot of {user.username} (history: {with_history})"

            def text(user=user, with_history=with_history):
                snaps = broadcast.room_snapshots(room.id, only_user=user.pk, with_history=with_history)
                assert snaps, "a snapshot for a connected user"
                return broadcast.snapshot_message(snaps[user.pk])["text"]

            problems += strict_json_problems(label, text)
    problems += strict_json_problems("lobby", lambda: json.dumps(feed.lobby_rooms()))
    return problems


def strict_json_problems(label: str, produce) -> list[str]:
    """``produce()`` must give JSON text a browser reads (no NaN, no Infinity)."""
    try:
        json.loads(produce(), parse_constant=_refuse)
    except Exception as exc:  # noqa: BLE001 - every failure is a finding to report
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return [f"{label}: {exc!r} at {where.filename}:{where.lineno}"[-300:]]
    return []


def _refuse(constant: str):
    raise ValueError(f"{constant} is not JSON a browser reads")


def test_the_replay_stops_at_an_entry_the_rules_refuse_and_says_so(alice, bob, staff):
    room = played_room("rouba_monte", alice, bob)
    over = room.hands.order_by("number").first()
    engine = registry.get("rouba_monte")
    state = engine.from_json(over.state)
    seat = engine.current_seat(state)
    good = {"seat": seat, "move": engine.auto_move(state, seat), "kind": "move", "auto": False}
    Hand.objects.filter(pk=over.pk).update(moves=[good, {"seat": seat, "move": {"type": MARKUP}}, good])
    client = Client()
    client.force_login(staff)
    response = client.get(reverse("rooms:replay", args=[over.pk]))
    assert response.status_code == 200
    steps = response.context["steps"]
    assert len(steps) == 3  # the deal, the good move, then the line that says the replay ends
    assert steps[1]["move"] == good["move"]
    assert steps[2]["label"] == "O registro não pode ser reproduzido além desta entrada."


def test_every_json_field_of_the_rooms_app_is_made_hostile_or_known_to_be_the_engines():
    """A JSON field added later joins the hostile values above, or says why it need not."""
    for model in apps.get_app_config("rooms").get_models():
        names = {f.name for f in model._meta.get_fields() if isinstance(f, JSONField)}
        assert names == set(FIELDS.get(model, ())) | set(STRUCTURAL.get(model, ())), model.__name__
    assert {Room, Match, Hand, get_user_model()} <= set(admin_models())


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("game", GAMES)
def test_a_bot_whose_stored_memory_is_hostile_still_plays(game, variant, alice, settings):
    """A memory the bot cannot read is forgotten: the bot plays on, the room does not stall."""
    settings.BOT_DELAY_SECONDS = 0
    room = services.create_room(alice, game, "Mesa")
    for index in range(1, policy(game).default_seats):
        services.add_bot(alice, room.code, index, "normal")
    services.start_match(alice, room.code)
    bot_turns = 0
    for _ in range(40):  # three bot turns, each with a hostile memory; the person plays between
        room.refresh_from_db()
        if room.status != Room.Status.PLAYING or bot_turns == 3:
            break
        if room.deadline_kind != "bot":
            human_auto_move(room, alice)
            continue
        write(Seat, list(room.seats.values_list("pk", flat=True)), "bot_memory", VARIANTS[variant]()["bot_memory"])
        moves = len(room.current_hand.moves)
        Room.objects.filter(pk=room.pk).update(deadline=timezone.now())
        assert services.run_deadline(room.id, room.state_version)
        room.refresh_from_db()
        assert len(room.current_hand.moves) == moves + 1
        bot_turns += 1
    assert bot_turns == 3
