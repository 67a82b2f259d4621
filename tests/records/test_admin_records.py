"""The staff admin answers questions from the record: who held each seat, what they did, which cards they had.

One Buraco match with a leaver (Bruno, a stand-in bot plays on) and a newcomer
(charlie, in a bot's seat he reserved) is played through the services; every
page is read as a staff member would.
"""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from rooms import services
from rooms.models import Match, Room
from rooms.records.describe import card_name

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def staff_client(staff):
    client = Client()
    client.force_login(staff)
    return client


def page(client, url, **params) -> str:
    response = client.get(url, params)
    assert response.status_code == 200, url
    return response.content.decode()


def seat_rows(html: str) -> dict[str, str]:
    """seat number -> the text of its rows in the hand page's seat table."""
    table = html[html.index('class="mesa-seats"') : html.index("</table>", html.index('class="mesa-seats"'))]
    rows: dict[str, str] = {}
    for number, body in re.findall(r'<tr class="mesa-seat" data-seat="(\d+)">(.*?)</tr>', table, re.S):
        rows[number] = rows.get(number, "") + re.sub(r"<[^>]+>", " ", body)
    return rows


def test_the_hand_page_names_who_held_each_seat_at_the_deal_and_marks_the_stand_in(leaver_match, staff_client):
    room, match = leaver_match
    first = match.hands.get(number=1)
    html = page(staff_client, reverse("admin:rooms_hand_change", args=[first.pk]))
    rows = seat_rows(html)
    assert sorted(rows) == ["1", "2", "3", "4"]  # seats numbered from 1, never 0
    assert "alice" in rows["1"] and "na distribuição" in rows["1"]
    assert "Bruno" in rows["2"] and "saiu da mesa" in rows["2"]
    stand_in = match.participants.get(hand_number=1, seat=1, joined="stand_in")
    assert "Bot (normal) no lugar de quem saiu" in rows["2"] and "(substituto)" in rows["2"]
    assert f"a partir da jogada {stand_in.from_move + 1}" in rows["2"]
    assert "Bot (normal)" in rows["3"] and "Bot (normal)" in rows["4"]
    assert "charlie" not in html.split('id="moves"')[0]  # charlie only reserved: he played from hand 2


def test_the_moves_are_sentences_with_time_and_who(leaver_match, staff_client):
    room, match = leaver_match
    first = match.hands.get(number=1)
    html = page(staff_client, reverse("admin:rooms_hand_change", args=[first.pk]))
    log = html[html.index('class="mesa-log"') :]
    lines = re.findall(
        r'<tr class="mesa-move" data-seat="\d*"><td>(\d+)</td><td>([\d:]*)</td><td>(\d)</td><td>(.*?)</td><td>(.*?)</td></tr>',
        log,
    )
    assert len(lines) == len(first.moves)
    bruno = [line for line in lines if line[3] == "Bruno"]
    assert bruno and all(line[2] == "2" and line[4].startswith("Bruno ") for line in bruno)
    assert all(re.fullmatch(r"\d\d:\d\d:\d\d", line[1]) for line in lines)
    assert any(line[4].startswith("Bot (normal) no lugar de quem saiu ") for line in lines if line[2] == "2")
    assert "{&#x27;" not in html and "{'" not in html  # no Python dict anywhere


def test_the_result_is_small_tables_and_the_cards_answer_who_had_which(leaver_match, staff_client):
    room, match = leaver_match
    first = match.hands.get(number=1)
    html = page(staff_client, reverse("admin:rooms_hand_change", args=[first.pk]))
    assert 'class="mesa-scores"' in html and 'class="mesa-breakdown"' in html
    assert "Cartas baixadas" in html  # a breakdown row by its name (Buraco: melded cards)
    cards = html[html.index('class="mesa-cards"') : html.index('class="mesa-mortos"')]
    bruno_row = next(row for row in cards.split("<tr>") if "Cadeira 2 · Bruno" in row)
    start = first.state  # not used for the answer: the deal is dealt again from the deck
    assert start
    from games import registry

    engine = registry.get("buraco")
    dealt = engine.deal(
        players=4, dealer=first.dealer, deck=first.deck, options=first.options, seed=match.stream_key, hand=1
    )
    engine_seat = first.seat_map.index(1)
    for code in dealt["hands"][engine_seat]:
        with translation.override("pt-br"):
            assert f'title="{card_name(code)}" data-card="{code}"' in bruno_row


def test_the_result_names_everyone_who_held_a_seat_of_each_team(leaver_match, staff_client):
    """Bruno left hand 1 after moving: his team's score column names him and the stand-in who played on."""
    room, match = leaver_match
    first = match.hands.get(number=1)
    html = page(staff_client, reverse("admin:rooms_hand_change", args=[first.pk]))
    scores = html[html.index('class="mesa-scores"') :]
    heads = [
        re.sub(r"<[^>]+>", "", th)
        for th in re.findall(r"<th scope=\"col\"[^>]*>(.*?)</th>", scores[: scores.index("</thead>")])
    ]
    bruno = next(head for head in heads if "Bruno" in head)
    assert bruno.startswith("Dupla 2") and "Bot (normal) no lugar de quem saiu" in bruno
    assert any(head.startswith("Dupla 1") and "alice" in head for head in heads)


def test_the_mortos_and_what_became_of_them(leaver_match, staff_client):
    room, match = leaver_match
    first = match.hands.get(number=1)
    html = page(staff_client, reverse("admin:rooms_hand_change", args=[first.pk]))
    mortos = html[html.index('class="mesa-mortos"') :]
    mortos = mortos[: mortos.index("</table>")]
    assert "Dupla 1" in mortos and "Dupla 2" in mortos
    assert mortos.count("data-card=") == 22  # two mortos of eleven cards
    taken = first.state["morto_taken"]
    for team, was_taken in taken.items():
        row = mortos.split("<tr>")[int(team) + 2]
        assert ("pego por" in row) == was_taken and ("nunca pego" in row) == (not was_taken)


def test_search_and_filter_by_player_find_every_hand_they_played_also_after_they_left(leaver_match, staff_client, bob):
    room, match = leaver_match
    Room.objects.filter(pk=room.pk).update(name="Elsewhere")  # nothing of today's room helps
    hands = reverse("admin:rooms_hand_changelist")
    first = match.hands.get(number=1)
    later = list(match.hands.exclude(number=1).values_list("pk", flat=True))
    by_filter = staff_client.get(hands, {"player": bob.pk})
    assert [h.pk for h in by_filter.context["cl"].result_list] == [first.pk]
    by_search = staff_client.get(hands, {"q": "Bruno"})
    assert [h.pk for h in by_search.context["cl"].result_list] == [first.pk]
    charlie = staff_client.get(hands, {"q": "charlie"})
    assert sorted(h.pk for h in charlie.context["cl"].result_list) == sorted(later)
    matches = staff_client.get(reverse("admin:rooms_match_changelist"), {"player": bob.pk})
    assert [m.pk for m in matches.context["cl"].result_list] == [match.pk]


def test_the_admin_speaks_english_too(leaver_match, staff_client):
    room, match = leaver_match
    staff_client.cookies["django_language"] = "en"
    first = match.hands.get(number=1)
    html = page(staff_client, reverse("admin:rooms_hand_change", args=[first.pk]))
    assert "Seats and who held them" in html and "Each seat's cards" in html and "The mortos" in html
    assert "Mesa staff" in html
    assert "Bot (normal) standing in" in html
    listing = page(staff_client, reverse("admin:rooms_hand_changelist"))
    assert "Players" in listing and "Scores" in listing


def test_the_replay_names_the_seats_shows_the_mortos_and_speaks_in_words(leaver_match, staff_client):
    room, match = leaver_match
    first = match.hands.get(number=1)
    response = staff_client.get(reverse("rooms:replay", args=[first.pk]))
    steps = response.context["steps"]
    assert len(steps) == len(first.moves) + 1
    assert [seat["number"] for seat in steps[0]["seats"]] == [first.seat_map[s] + 1 for s in range(4)]
    names = {seat["number"]: seat["name"] for seat in steps[0]["seats"]}
    assert names[1] == "alice" and names[2] == "Bruno"
    assert steps[-1]["seats"][first.seat_map.index(1)]["stand_in"] is True
    assert all("{" not in step["label"] for step in steps)
    assert steps[0]["label"].startswith("Mão 1 distribuída")
    assert [m["team"] for m in steps[0]["mortos"]] == [1, 2]
    assert all(len(m["cards"]) == 11 and not m["taken"] for m in steps[0]["mortos"])
    html = response.content.decode()
    assert 'id="replay-strings"' in html


def test_a_finished_match_hand_exports_as_json_with_its_seed_and_participants(leaver_match, staff_client):
    room, match = leaver_match
    first = match.hands.get(number=1)
    response = staff_client.get(reverse("admin:rooms_hand_export", args=[first.pk]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["match"]["seed"] == match.seed
    assert data["hand"]["deck"] == first.deck
    assert data["moves"] == first.moves
    seat2 = [p for p in data["participants"] if p["seat"] == 2]
    assert [(p["name"], p["joined"]) for p in seat2] == [("Bruno", "deal"), ("", "stand_in")]
    from games import fair

    fair.replay("buraco", 4, first.dealer, first.options, data["match"]["stream_key"], data["moves"], hand=1)


def test_a_running_match_hand_does_not_export_and_shows_no_cards(alice, staff_client):
    room = services.create_room(alice, "buraco", "Running", options={"target": 1500})
    for index in (1, 2, 3):
        services.add_bot(alice, room.code, index, "easy")
    services.start_match(alice, room.code)
    match = Match.objects.get(room=room)
    hand = match.hands.get()
    response = staff_client.get(reverse("admin:rooms_hand_export", args=[hand.pk]))
    assert response.status_code == 403
    assert match.seed not in response.content.decode()
    html = page(staff_client, reverse("admin:rooms_hand_change", args=[hand.pk]))
    assert "data-card=" not in html and "As cartas aparecem quando a partida termina" in html
    assert reverse("admin:rooms_hand_export", args=[hand.pk]) not in html


def test_live_room_state_is_read_only(alice, staff_client):
    room = services.create_room(alice, "crazy_eights", "Live")
    change = reverse("admin:rooms_room_change", args=[room.pk])
    html = page(staff_client, change)
    assert 'name="status"' not in html and 'name="paused"' not in html and 'name="version"' not in html
    response = staff_client.post(change, {"status": "closed", "paused": "on", "version": "0"})
    assert response.status_code == 403
    room.refresh_from_db()
    assert room.status == Room.Status.WAITING and not room.paused


def test_staff_pause_a_room_from_its_page_after_a_confirmation(alice, staff_client):
    room = services.create_room(alice, "crazy_eights", "Dispute")
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    html = page(staff_client, reverse("admin:rooms_room_change", args=[room.pk]))
    pause = reverse("admin:rooms_room_staff_action", args=[room.pk, "pause"])
    assert pause in html
    asked = page(staff_client, pause)
    assert "Pausar estas salas?" in asked
    room.refresh_from_db()
    assert not room.paused  # asking changed nothing
    done = staff_client.post(pause, {"confirm": "yes"})
    assert done.status_code == 302
    room.refresh_from_db()
    assert (room.paused, room.pause_reason) == (True, "staff")
    resume = reverse("admin:rooms_room_staff_action", args=[room.pk, "resume"])
    assert resume in page(staff_client, reverse("admin:rooms_room_change", args=[room.pk]))
    staff_client.post(resume, {"confirm": "yes"})
    room.refresh_from_db()
    assert room.pause_reason != "staff"


def test_players_reach_neither_the_staff_actions_nor_the_export(alice, client, leaver_match):
    room, match = leaver_match
    client.force_login(alice)
    first = match.hands.get(number=1)
    assert client.get(reverse("admin:rooms_hand_export", args=[first.pk])).status_code == 302
    pause = reverse("admin:rooms_room_staff_action", args=[room.pk, "pause"])
    assert client.post(pause, {"confirm": "yes"}).status_code == 302
    room.refresh_from_db()
    assert not room.paused


def test_a_players_account_page_leads_to_every_hand_they_played(leaver_match, staff_client, bob):
    room, match = leaver_match
    html = page(staff_client, reverse("admin:accounts_user_change", args=[bob.pk]))
    hands = f"{reverse('admin:rooms_hand_changelist')}?player={bob.pk}"
    assert hands in html
    listed = staff_client.get(hands).context["cl"].result_list
    assert [h.pk for h in listed] == [match.hands.get(number=1).pk]
    stats = staff_client.get(reverse("admin:rooms_playerstat_changelist"), {"q": "bob"}).context["cl"].result_list
    assert [(s.played, s.won, s.abandoned) for s in stats] == [(1, 0, 1)]
