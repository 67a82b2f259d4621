"""A Buraco addition names the run it extended ("alice acrescentou 7 de copas ao jogo de 4 de copas a 6 de
copas"), on the admin's hand page, in the staff replay and in the table's move text; the hand page and the
replay show one seat's moves when asked."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import registry
from rooms import services
from rooms.models import Hand, Room
from rooms.records import hand_replay, stored
from rooms.records.describe import card_name
from rooms.words.move_words import extended_run
from tests.rooms.helpers import buraco_at_hosts_draw, play_until_human, state_of, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)

LINE = re.compile(
    r'<tr class="mesa-move" data-seat="(\d*)"><td>(\d+)</td><td>[\d:]*</td><td>\d*</td><td>.*?</td><td>(.*?)</td></tr>'
)


def staff_client(staff) -> Client:
    client = Client()
    client.force_login(staff)
    return client


def moves_shown(html: str) -> list[tuple[str, int, str]]:
    return [(seat, int(number), text) for seat, number, text in LINE.findall(html[html.index('id="moves"') :])]


def runs_extended(hand: Hand) -> dict[int, list[str]]:
    """Log entry -> the run before the addition, read by playing the hand again independently of the pages."""
    engine = registry.get(hand.game)
    walked = hand_replay.walk(hand)
    out = {}
    for before, step in zip(walked.steps, walked.steps[1:], strict=False):
        move = step.move or {}
        if move.get("type") == "add":
            view = engine.view(before.state, step.entry["seat"])
            out[step.index] = view["melds"][view["team"]][move["meld"]]["cards"]
    return out


def test_every_addition_on_the_hand_page_and_in_the_replay_names_the_run_it_extended(leaver_match, staff):
    room, match = leaver_match
    client = staff_client(staff)
    checked = 0
    english = staff_client(staff)
    english.cookies["django_language"] = "en"
    for hand in match.hands.order_by("number"):
        runs = runs_extended(hand)
        if not runs:
            continue
        url = reverse("admin:rooms_hand_change", args=[hand.pk])
        lines = {number: text for _seat, number, text in moves_shown(client.get(url).content.decode())}
        english_lines = {number: text for _seat, number, text in moves_shown(english.get(url).content.decode())}
        steps = client.get(reverse("rooms:replay", args=[hand.pk])).context["steps"]
        for index, run in runs.items():
            wanted = f"ao jogo de {card_name(run[0])} a {card_name(run[-1])}"
            assert wanted in lines[index + 1] and "a um jogo" not in lines[index + 1], (hand.number, lines[index + 1])
            assert wanted in steps[index + 1]["label"], steps[index + 1]["label"]
            with translation.override("en"):
                assert f"to the run {card_name(run[0])} to {card_name(run[-1])}" in english_lines[index + 1]
            checked += 1
    assert checked, "the match had no addition to a run"


def test_the_hand_page_shows_one_seats_moves_when_asked(leaver_match, staff):
    room, match = leaver_match
    first = match.hands.get(number=1)
    client = staff_client(staff)
    url = reverse("admin:rooms_hand_change", args=[first.pk])
    every = moves_shown(client.get(url).content.decode())
    assert len(every) == len(first.moves)
    html = client.get(url, {"seat": 2}).content.decode()
    bruno = moves_shown(html)
    assert bruno and [n for _s, n, _t in bruno] == [n for s, n, _t in every if s == "2"]
    assert {s for s, _n, _t in bruno} == {"2"}
    assert "Bruno" in html[html.index('id="log-filter"') : html.index("</p>", html.index('id="log-filter"'))]
    assert '<strong aria-current="true">Cadeira 2 · Bruno' in html
    for seat in ("1", "3", "4"):
        assert f'href="?seat={seat}#moves"' in html
    # A seat the hand does not have, or no number: every move.
    for wrong in ("0", "9", "x", "-1"):
        assert len(moves_shown(client.get(url, {"seat": wrong}).content.decode())) == len(every), wrong


def test_the_replay_steps_carry_their_seat_for_its_filter(leaver_match, staff):
    room, match = leaver_match
    first = match.hands.get(number=1)
    response = staff_client(staff).get(reverse("rooms:replay", args=[first.pk]))
    steps = response.context["steps"]
    seat_map = stored.as_list(first.seat_map)
    assert [step.get("seat") for step in steps[1:]] == [seat_map[e["seat"]] + 1 for e in first.moves]
    html = response.content.decode()
    assert (
        'id="seat-filter"' in html and '<option value="2">Cadeira 2 · Bruno, Bot (normal) no lugar de quem saiu' in html
    )


def test_the_tables_move_text_names_the_run_an_addition_extended(alice, staff):
    """And the running match's hand page names it from the log, without dealing the hand again (its seed is secret).

    On a known deal: on some random ones alice never holds a card that extends her team's runs.
    """
    room = buraco_at_hosts_draw(alice, seed="29" * 32)
    for _ in range(400):
        play_until_human(room)
        room.refresh_from_db()
        if room.status != Room.Status.PLAYING:
            break
        engine, state, _hand = state_of(room)
        seat = engine.current_seat(state)
        assert turn_seat(room) == 0
        legal = engine.legal_moves(state, seat)
        adds = [m for m in legal if m.get("type") == "add"]
        if adds:
            run = extended_run(engine, state, seat, adds[0])
            assert run == state["melds"]["0"][adds[0]["meld"]]["cards"]
            services.move(alice, room.code, room.state_version, adds[0])
            room.refresh_from_db()
            text = room.last_move["text"]
            assert f"ao jogo de {card_name(run[0])} a {card_name(run[-1])}" in text["pt-br"]
            with translation.override("en"):
                assert f"to the run {card_name(run[0])} to {card_name(run[-1])}" in text["en"]
            hand = Hand.objects.get(pk=_hand.pk)
            assert hand.moves[-1]["run"] == run and room.status == Room.Status.PLAYING
            page = staff_client(staff).get(reverse("admin:rooms_hand_change", args=[hand.pk])).content.decode()
            assert f"ao jogo de {card_name(run[0])} a {card_name(run[-1])}" in moves_shown(page)[-1][2]
            return
        melds = [m for m in legal if m.get("type") == "meld"]
        move = max(melds, key=lambda m: len(m["cards"])) if melds else engine.auto_move(state, seat)
        services.move(alice, room.code, room.state_version, move)
    pytest.fail("alice never had an addition to make")
