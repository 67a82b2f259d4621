"""A player's finished matches (/players/<id>/matches/) and the download of a match one played (mine.json).

Paging, the game filter, a match in play left out, a private room's matches only for
the people who played them, an erased player named by pseudonym; the download's
access (a seat-holder, once the match has ended) and its shape: the staff's export
less room.code, every user_id and the other players' hints.
"""

import json
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from players import erasure, match_download, records
from ratings.models import RatingChange
from rooms.hints.models import Hint
from rooms.models import Hand, Match, Participant, Room
from rooms.records import hand_export

PASSWORD = "green-felt-table-42"


@pytest.fixture
def charlie(db):
    return get_user_model().objects.create_user("charlie", "charlie@example.com", PASSWORD, language="en")


def a_match(room, number, people, status="over", game="", minutes_ago=0):
    """A match of ``room`` with ``people`` (users, or None for a bot) in seats 0, 1, …, seat 0 the winner."""
    match = Match.objects.create(
        room=room,
        number=number,
        game=game or room.game,
        seed=f"{number:064x}",
        fingerprint="f" * 64,
        status=status,
        winners=["0"] if status == "over" else [],
    )
    for seat, person in enumerate(people):
        Participant.objects.create(
            match=match,
            hand_number=1,
            seat=seat,
            engine_seat=seat,
            user=person,
            name=person.shown_name if person else "",
            bot_level="" if person else "hard",
            started_at=timezone.now(),
        )
    match.players.add(*[p for p in people if p])
    Match.objects.filter(pk=match.pk).update(started_at=timezone.now() - timedelta(minutes=minutes_ago))
    return match


def url(user):
    return f"/players/{user.pk}/matches/"


def listed(response) -> list[str]:
    return [line.public_id for line in response.context["lines"]]


@pytest.mark.django_db
def test_it_needs_login(alice, client):
    response = client.get(url(alice))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_only_finished_matches_newest_first_each_with_its_verify_link(client, alice, bob):
    room = Room.objects.create(game="crazy_eights", name="Mesa da Ana", seat_count=3)
    old = a_match(room, 1, [alice, bob, None], minutes_ago=30)
    left = a_match(room, 2, [bob, alice, None], status="abandoned", minutes_ago=20)
    a_match(room, 3, [alice, bob, None], status="playing", minutes_ago=10)
    client.force_login(bob)
    response = client.get(url(alice))
    assert response.status_code == 200
    assert listed(response) == [left.public_id, old.public_id]
    content = response.content.decode()
    assert content.count("data-match=") == 2
    assert f'data-match="{old.public_id}"' in content
    assert f'href="/matches/{old.public_id}/verify/"' in content
    assert "Oito Maluco" in content or "Crazy Eights" in content
    assert "data-match-download" not in content  # only on one's own list


def test_twenty_a_page(client, alice):
    room = Room.objects.create(game="crazy_eights", name="Muitas", seat_count=2)
    ids = [a_match(room, n, [alice, None], minutes_ago=100 - n).public_id for n in range(1, 26)]
    newest_first = ids[::-1]
    client.force_login(alice)
    first = client.get(url(alice))
    assert listed(first) == newest_first[:20]
    assert "page=2" in first.content.decode()
    second = client.get(url(alice), {"page": 2})
    assert listed(second) == newest_first[20:]
    assert listed(client.get(url(alice), {"page": "x"})) == newest_first[:20]
    assert listed(client.get(url(alice), {"page": 99})) == newest_first[20:]


def test_the_game_filter_and_an_unknown_game_lists_all(client, alice):
    eights = Room.objects.create(game="crazy_eights", name="Oito", seat_count=2)
    monte = Room.objects.create(game="rouba_monte", name="Monte", seat_count=2)
    one = a_match(eights, 1, [alice, None], minutes_ago=2)
    two = a_match(monte, 1, [alice, None], minutes_ago=1)
    client.force_login(alice)
    assert listed(client.get(url(alice), {"game": "rouba_monte"})) == [two.public_id]
    assert listed(client.get(url(alice), {"game": "crazy_eights"})) == [one.public_id]
    response = client.get(url(alice), {"game": "<no such game>"})
    assert response.status_code == 200
    assert listed(response) == [two.public_id, one.public_id]
    assert response.context["game"] == ""


def test_a_private_rooms_match_is_listed_only_to_those_who_played_it(client, alice, bob, charlie):
    private = Room.objects.create(game="crazy_eights", name="Só nós", seat_count=2, is_public=False)
    public = Room.objects.create(game="crazy_eights", name="Aberta", seat_count=2)
    secret = a_match(private, 1, [alice, bob], minutes_ago=2)
    open_one = a_match(public, 1, [alice, None], minutes_ago=1)
    client.force_login(alice)
    assert listed(client.get(url(alice))) == [open_one.public_id, secret.public_id]
    client.force_login(bob)
    assert listed(client.get(url(alice))) == [open_one.public_id, secret.public_id]
    client.force_login(charlie)
    response = client.get(url(alice))
    assert listed(response) == [open_one.public_id]
    assert "Só nós" not in response.content.decode()
    assert [m.pk for m in records.finished_matches(alice, charlie)] == [open_one.pk]


def test_an_erased_player_is_named_by_pseudonym_and_has_no_list(client, alice, bob):
    room = Room.objects.create(game="crazy_eights", name="Antes", seat_count=2)
    a_match(room, 1, [alice, bob])
    bob.display_name = "Roberto Único"
    bob.save()
    Participant.objects.filter(user=bob).update(name="Roberto Único")
    erasure.erase(bob)
    client.force_login(alice)
    response = client.get(url(alice))
    content = response.content.decode()
    assert "Roberto Único" not in content
    (line,) = response.context["lines"]
    assert line.opponents and line.opponents[0].startswith(("Jogador", "Player"))
    assert line.opponents[0] in content
    assert client.get(f"/players/{bob.pk}/matches/").status_code == 404


def test_each_row_has_the_outcome_place_and_rating_change_in_both_languages(client, alice, bob):
    room = Room.objects.create(game="crazy_eights", name="Valendo", seat_count=2)
    match = a_match(room, 1, [alice, bob])
    for person, rank, before, after in [(alice, 1, 1000, 1012), (bob, 2, 1000, 990)]:
        RatingChange.objects.create(
            match=match,
            user=person,
            game="crazy_eights",
            rank=rank,
            mu_before=25,
            sigma_before=8,
            mu_after=26,
            sigma_after=7,
            shown_before=before,
            shown_after=after,
        )
    client.force_login(alice)  # pt-BR
    content = client.get(url(alice)).content.decode()
    assert "Partidas de" in content
    assert "Vitória" in content
    assert "1º lugar" in content
    assert 'data-delta="12"' in content
    assert "data-match-download" in content
    client.force_login(bob)  # English
    content = client.get(url(bob)).content.decode()
    assert "Matches of" in content
    assert "Lost" in content
    assert "place 2" in content
    assert 'data-delta="-10"' in content


def test_the_player_page_and_the_profile_link_to_the_list(client, alice, bob):
    client.force_login(bob)
    assert f'href="/players/{alice.pk}/matches/"' in client.get(f"/players/{alice.pk}/").content.decode()
    assert f'href="/players/{bob.pk}/matches/"' in client.get("/accounts/profile/").content.decode()


# The download of a match one played.


def a_recorded_match(alice, bob, status="over"):
    room = Room.objects.create(game="crazy_eights", name="Gravada", seat_count=3)
    match = a_match(room, 1, [alice, bob, None], status=status)
    hand = Hand.objects.create(
        match=match,
        room=room,
        number=1,
        game="crazy_eights",
        dealer=0,
        seat_map=[0, 1, 2],
        state={},
        deck=["AS", "2H"],
        moves=[{"seat": 0, "move": {"type": "draw"}}],
    )
    Participant.objects.filter(match=match).update(hand=hand)
    for person, seat in [(alice, 0), (bob, 1)]:
        Hint.objects.create(
            hand=hand,
            seat=seat,
            engine_seat=seat,
            user=person,
            after_move=0,
            state_version=1,
            asked_at=timezone.now(),
            move={"type": "draw"},
            reason="draw",
        )
    return match


def mine(match):
    return f"/matches/{match.public_id}/mine.json"


def test_the_download_is_for_seat_holders_of_an_ended_match_only(client, alice, bob, charlie):
    match = a_recorded_match(alice, bob)
    assert client.get(mine(match)).status_code == 404  # signed out
    client.force_login(charlie)
    assert client.get(mine(match)).status_code == 404  # a stranger, though the room is public
    client.force_login(bob)
    assert client.get(mine(match)).status_code == 200
    assert client.get("/matches/nosuchmatchatall00000/mine.json").status_code == 404
    playing = a_recorded_match(alice, bob, status="playing")
    client.force_login(alice)
    assert client.get(mine(playing)).status_code == 404
    assert not match_download.may_download(alice, playing)


def test_the_download_is_the_staff_export_without_ids_the_code_and_others_hints(client, alice, bob):
    match = a_recorded_match(alice, bob)
    client.force_login(alice)
    response = client.get(mine(match))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    assert response["Cache-Control"] == "no-store"
    got = json.loads(response.content)

    staff = json.loads(json.dumps(hand_export.match_document(Match.objects.get(pk=match.pk)), default=str))
    assert staff["room"].pop("code")
    for hand in staff["hands"]:
        for row in hand["participants"]:
            row.pop("user_id")
        hand["hints"] = [hint for hint in hand["hints"] if hint.pop("user_id") == alice.pk]
    assert got == staff
    (hand,) = got["hands"]
    assert [hint["seat"] for hint in hand["hints"]] == [1]  # alice's own, in seat 1 as shown
    assert got["format"] == "mesa-match/1"
    assert got["match"]["seed"] == match.seed
    text = response.content.decode()
    assert "@example.com" not in text
    assert "user_id" not in text
