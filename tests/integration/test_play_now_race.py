"""Fifty people press "Jogar agora" for Buraco at the same instant, on two real daphne processes.

On PostgreSQL (the queue row locked FOR UPDATE) and on SQLite (IMMEDIATE
transactions): exactly the rooms needed (twelve full tables and one with the
two left), four people at each full one, nobody seated twice, and every
person redirected to the table where they sit.
"""

import json
import threading

import pytest

from tests.live import make_users, manage_shell, presser

pytestmark = pytest.mark.xdist_group("live")

PEOPLE = 50


def fifty_at_once(stack) -> None:
    names = [f"p{i:02d}" for i in range(PEOPLE)]
    users = make_users(stack.env, *names)
    servers = [stack.start_daphne(), stack.start_daphne()]
    presses = [presser(servers[i % 2].port, users[name]["session"]) for i, name in enumerate(names)]
    barrier = threading.Barrier(PEOPLE)
    where: dict[str, str] = {}
    failures: list[BaseException] = []

    def run(name, press):
        barrier.wait()
        try:
            where[name] = press()
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=run, args=pair) for pair in zip(names, presses, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    out = manage_shell(
        stack.env,
        "import json\nfrom rooms.models import Room, Seat\n"
        "rooms = {r.code: [s.user.username if s.user_id else None for s in r.seats.order_by('index')]"
        " for r in Room.objects.filter(game='buraco')}\n"
        "reserved = Seat.objects.exclude(reserved_by=None).count()\n"
        "print('JSON' + json.dumps({'rooms': rooms, 'reserved': reserved}))",
    )
    found = json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])
    rooms = found["rooms"]
    seated = [name for seats in rooms.values() for name in seats if name]
    assert sorted(seated) == sorted(names), "everyone once, nobody twice"
    sizes = sorted((sum(1 for n in seats if n) for seats in rooms.values()), reverse=True)
    assert sizes == [4] * (PEOPLE // 4) + [PEOPLE % 4], sizes  # exactly the rooms needed
    assert found["reserved"] == 0
    for code, seats in rooms.items():
        for name in filter(None, seats):
            assert where[name] == f"/rooms/{code}/", (name, where[name], code)


def test_fifty_presses_on_sqlite(stack):
    stack.env.update({"MESA_BOT_DELAY_MS": "0"})
    stack.env.pop("REDIS_URL", None)
    stack.env.pop("DATABASE_URL", None)
    stack.migrate()
    fifty_at_once(stack)


def test_fifty_presses_on_postgresql(services_stack):
    services_stack.env.update({"MESA_BOT_DELAY_MS": "0"})
    fifty_at_once(services_stack)


CHOICES = [("buraco", True), ("buraco", False), ("rouba_monte", True), ("crazy_eights", False)]


def one_person_many_presses(stack) -> None:
    """One person presses eight times at once, for four games and kinds, on two processes: one place."""
    session = make_users(stack.env, "solo")["solo"]["session"]
    servers = [stack.start_daphne(), stack.start_daphne()]
    presses = [presser(servers[i % 2].port, session, game, rated) for i, (game, rated) in enumerate(CHOICES * 2)]
    barrier = threading.Barrier(len(presses))
    answers: list[str] = []

    def run(press):
        barrier.wait()
        try:
            answers.append(press())
        except Exception as exc:  # the refusal (409) of the presses that came second
            answers.append(str(getattr(exc, "code", exc)))

    threads = [threading.Thread(target=run, args=(press,)) for press in presses]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out = manage_shell(
        stack.env,
        "import json\nfrom rooms.models import Room, Seat\n"
        "seats = list(Seat.objects.filter(user__username='solo').values_list('room__code', flat=True))\n"
        "print('JSON' + json.dumps({'seats': seats, 'rooms': Room.objects.count(),"
        " 'reserved': Seat.objects.exclude(reserved_by=None).count()}))",
    )
    found = json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])
    assert len(found["seats"]) == 1 and found["rooms"] == 1 and found["reserved"] == 0, found
    table = f"/rooms/{found['seats'][0]}/"
    assert set(answers) <= {table, "409"} and table in answers, answers


def test_one_persons_presses_at_once_on_sqlite_hold_one_place(stack):
    stack.env.pop("REDIS_URL", None)
    stack.env.pop("DATABASE_URL", None)
    stack.migrate()
    one_person_many_presses(stack)


def test_one_persons_presses_at_once_on_postgresql_hold_one_place(services_stack):
    one_person_many_presses(services_stack)
