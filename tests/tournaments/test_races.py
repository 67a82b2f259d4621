"""At the same instant: joins of one person, and passes of one tournament (real threads, real transactions).

On SQLite in-process (IMMEDIATE transactions) and on a PostgreSQL server of its own (row locks).
"""

import pytest

from rooms.models import Seat
from tests.races import at_once
from tournaments import arena, services
from tournaments.errors import TournamentError
from tournaments.models import Entry, TournamentTable

pytestmark = pytest.mark.django_db(transaction=True)


def race(calls):
    return at_once(calls, (TournamentError,))


def test_one_person_joining_four_times_at_once_has_one_entry(alice):
    tournament = services.create(None, "rouba_monte", 30)
    results = race([lambda: services.join(alice, tournament.id)] * 4)
    assert sum(1 for r in results if isinstance(r, Entry)) == 1
    assert sorted(r for r in results if isinstance(r, str)) == ["already_joined"] * 3
    assert Entry.objects.filter(tournament=tournament, user=alice).count() == 1


def test_passes_at_once_seat_nobody_twice(make_user):
    people = [make_user(f"r{i}") for i in range(8)]
    tournament = services.create(None, "stealing_bundles", 30)
    for person in people:
        services.join(person, tournament.id)
    race([lambda: arena.tick(tournament.id)] * 3)
    tables = TournamentTable.objects.filter(tournament=tournament)
    assert tables.count() == 4
    seated = list(
        Seat.objects.filter(room__tournament_table__tournament=tournament)
        .exclude(user=None)
        .values_list("user_id", flat=True)
    )
    assert sorted(seated) == sorted(p.id for p in people)
    assert all(e.table_id for e in Entry.objects.filter(tournament=tournament))


RACES_ON_POSTGRESQL = """
import json
from django.contrib.auth import get_user_model
from rooms.models import Seat
from tournaments import arena, services
from tournaments.errors import TournamentError
from tournaments.models import Entry, TournamentTable
from tests.races import at_once
User = get_user_model()
people = [User.objects.create_user(f"pg{i}", email=f"pg{i}@example.com", password="x") for i in range(8)]
tournament = services.create(None, "stealing_bundles", 30)

def race(calls):
    return at_once(calls, (TournamentError,))

twice = race([lambda: services.join(people[0], tournament.id) and "ok"] * 4)
race([lambda p=p: services.join(p, tournament.id) and "ok" for p in people[1:]])
race([lambda: arena.run(tournament.id)] * 3)
seated = list(Seat.objects.filter(room__tournament_table__tournament=tournament).exclude(user=None)
              .values_list("user_id", flat=True))
print("JSON" + json.dumps({
    "twice": sorted(map(str, twice)),
    "entries": Entry.objects.filter(tournament=tournament).count(),
    "tables": TournamentTable.objects.filter(tournament=tournament).count(),
    "seated": sorted(seated), "people": sorted(p.id for p in people),
}))
"""


def test_joins_and_passes_at_once_on_postgresql(services_stack):
    import json

    from tests.live import manage_shell

    out = manage_shell(services_stack.env, RACES_ON_POSTGRESQL)
    found = json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])
    assert found["twice"] == ["already_joined"] * 3 + ["ok"]
    assert found["entries"] == 8 and found["tables"] == 4
    assert found["seated"] == found["people"]  # everyone once, nobody twice
