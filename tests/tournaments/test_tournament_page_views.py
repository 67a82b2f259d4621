"""The tournament pages: every public hook, the refusals with their statuses, standings.json's shape, the teasers."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse

from rooms.models import Seat
from tests.rooms.helpers import play_hand
from tournaments import arena, services
from tournaments.models import Entry, Tournament, TournamentTable

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(client):
    """A reader in English (the site's first language is Brazilian Portuguese; one test reads it)."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def page(tournament, token=None):
    url = f"/tournaments/{tournament.id}/"
    return f"{url}?t={token}" if token else url


def signed_in(client, user):
    client.force_login(user)
    return client


def seated(room):
    return {s.index: s.user for s in Seat.objects.filter(room=room).select_related("user") if s.user_id}


def test_the_list_shows_running_soon_and_finished_public_tournaments_only(client, alice, clock):
    services.create(None, "rouba_monte", 30, clock.now + timedelta(minutes=10), name="Arena Logo")
    running = services.create(None, "crazy_eights", 30, name="Arena Agora")
    arena.tick(running.id)
    done = services.create(None, "buraco", 10, name="Arena Antiga")
    arena.tick(done.id)
    clock.advance(11 * 60)
    arena.tick(done.id)
    secret = services.create(alice, "rouba_monte", 30, name="Segredo")
    html = client.get("/tournaments/").content.decode()
    running_part = html[html.index("data-tournaments-running") : html.index("data-tournaments-soon")]
    soon_part = html[html.index("data-tournaments-soon") : html.index("data-tournaments-finished")]
    assert "Arena Agora" in running_part and "Arena Logo" in soon_part
    assert "Arena Antiga" in html[html.index("data-tournaments-finished") :]
    assert "Segredo" not in html and secret.token not in html
    assert "data-countdown-to" in soon_part
    assert "data-tournament-new" not in html  # signed out: no creation button
    assert "data-tournament-new" in signed_in(client, alice).get("/tournaments/").content.decode()


def test_a_tournament_page_carries_every_hook(client, alice, bob, clock):
    tournament = services.create(None, "rouba_monte", 30, clock.now + timedelta(minutes=5), name="Arena")
    services.join(bob, tournament.id)
    html = signed_in(client, alice).get(page(tournament)).content.decode()
    assert f'data-tournament="{tournament.id}"' in html
    for hook in (
        "data-tournament-countdown",
        "data-tournament-standings",
        "data-tournament-join",
        "data-tournament-withdraw",
    ):
        assert hook in html
    assert f'data-tournament-player="{bob.id}"' in html
    assert f'href="/players/{bob.id}/"' in html
    assert "data-tournament-podium" not in html
    assert "20 s" in html  # the wait bound shown in the rules in short


def test_an_unknown_or_private_tournament_without_its_link_is_a_404_that_tells_nothing(client, alice, bob):
    secret = services.create(alice, "rouba_monte", 30, name="Segredo de Alice")
    missing = client.get("/tournaments/999999/")
    hidden = signed_in(client, bob).get(page(secret))
    wrong = client.get(page(secret, "not-the-token"))
    assert missing.status_code == hidden.status_code == wrong.status_code == 404
    assert "Segredo" not in hidden.content.decode() and "Segredo" not in wrong.content.decode()
    assert client.get(f"/tournaments/{secret.id}/standings.json").status_code == 404
    shown = client.get(page(secret, secret.token))
    assert shown.status_code == 200 and "Segredo de Alice" in shown.content.decode()
    assert client.get(f"/tournaments/{secret.id}/standings.json?t={secret.token}").status_code == 200


def test_join_and_withdraw_redirect_to_the_page_and_change_the_standings(client, bob):
    tournament = services.create(None, "rouba_monte", 30)
    signed_in(client, bob)
    answer = client.post(f"/tournaments/{tournament.id}/join/")
    assert answer.status_code == 302 and answer["Location"] == page(tournament)
    assert Entry.objects.filter(tournament=tournament, user=bob, withdrawn=False).exists()
    answer = client.post(f"/tournaments/{tournament.id}/withdraw/")
    assert answer.status_code == 302 and answer["Location"] == page(tournament)
    assert Entry.objects.get(tournament=tournament, user=bob).withdrawn


def test_a_private_tournament_is_joined_with_its_link_and_redirects_back_to_it(client, alice, bob):
    secret = services.create(alice, "rouba_monte", 30)
    signed_in(client, bob)
    assert client.post(f"/tournaments/{secret.id}/join/").status_code == 404
    answer = client.post(f"/tournaments/{secret.id}/join/", {"t": secret.token})
    assert answer.status_code == 302 and answer["Location"] == page(secret, secret.token)


def test_refusals_are_4xx_with_a_clear_message_and_change_nothing(client, bob, charlie, clock):
    signed_in(client, bob)
    assert client.post("/tournaments/424242/join/").status_code == 404
    tournament = services.create(None, "rouba_monte", 10)
    answer = client.post(f"/tournaments/{tournament.id}/withdraw/")
    assert answer.status_code == 409 and "not in this tournament" in answer.content.decode()
    client.post(f"/tournaments/{tournament.id}/join/")
    answer = client.post(f"/tournaments/{tournament.id}/join/")
    assert answer.status_code == 409 and "already in this tournament" in answer.content.decode()
    charlie.is_staff = True
    charlie.save()
    cancelled = services.create(None, "rouba_monte", 30)
    services.cancel(charlie, cancelled.id, "maintenance")
    answer = client.post(f"/tournaments/{cancelled.id}/join/")
    assert answer.status_code == 409 and "was cancelled" in answer.content.decode()
    arena.tick(tournament.id)
    clock.advance(11 * 60)
    arena.tick(tournament.id)
    answer = client.post(f"/tournaments/{tournament.id}/join/")
    assert answer.status_code == 409 and "is over" in answer.content.decode()
    assert Entry.objects.filter(tournament=tournament).count() == 1


def test_the_pages_speak_brazilian_portuguese_first(client, bob):
    tournament = services.create(None, "rouba_monte", 30)
    signed_in(client, bob)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "pt-BR"
    answer = client.post(f"/tournaments/{tournament.id}/withdraw/")
    assert answer.status_code == 409 and "Isso não foi feito" in answer.content.decode()
    client.post(f"/tournaments/{tournament.id}/join/")
    arena.tick(tournament.id)
    html = client.get(page(tournament)).content.decode()
    assert re.search(r"Você será sentado em ~\d+ s\.", html) and "Classificação" in html and "Sair do torneio" in html


def test_join_signed_out_goes_to_the_log_in_and_get_is_refused(client, bob):
    tournament = services.create(None, "rouba_monte", 30)
    answer = client.post(f"/tournaments/{tournament.id}/join/")
    assert answer.status_code == 302 and "next=" in answer["Location"]
    assert not Entry.objects.exists()
    assert signed_in(client, bob).get(f"/tournaments/{tournament.id}/join/").status_code == 405


def test_join_needs_the_csrf_token(bob):
    from django.test import Client

    tournament = services.create(None, "rouba_monte", 30)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(bob)
    assert strict.post(f"/tournaments/{tournament.id}/join/").status_code == 403
    assert not Entry.objects.exists()


def test_standings_json_has_exactly_the_issues_shape_ranked(client, people, clock):
    tournament = services.create(None, "rouba_monte", 10)
    for person in people[:4]:
        services.join(person, tournament.id)
    arena.tick(tournament.id)
    table = TournamentTable.objects.filter(tournament=tournament).first()
    play_hand(table.room, seated(table.room))
    data = client.get(f"/tournaments/{tournament.id}/standings.json").json()
    assert set(data) == {"status", "starts_at", "ends_at", "players"}
    assert data["status"] == "started"
    assert data["starts_at"] == tournament.starts_at.isoformat().replace("+00:00", "+00:00")
    for player in data["players"]:
        assert set(player) == {"user_id", "username", "rank", "score", "streak", "table", "paused", "withdrawn"}
    assert [p["rank"] for p in data["players"]] == [1, 2, 3, 4]
    assert [p["score"] for p in data["players"]] == sorted((p["score"] for p in data["players"]), reverse=True)
    at_tables = [p["table"] for p in data["players"] if p["table"]]
    assert len(at_tables) == 2 and all(isinstance(code, str) for code in at_tables)


def test_your_own_state_waiting_seated_paused_and_the_table_link(client, people, clock):
    tournament = services.create(None, "rouba_monte", 10)
    me, other = people[:2]
    services.join(me, tournament.id)
    arena.tick(tournament.id)
    html = signed_in(client, me).get(page(tournament)).content.decode()
    assert "You will be seated in ~20 s" in html
    services.join(other, tournament.id)
    clock.advance(1)
    arena.tick(tournament.id)
    table = TournamentTable.objects.get(tournament=tournament)
    html = client.get(page(tournament)).content.decode()
    assert f"You are at table {table.number}" in html and f'href="/rooms/{table.room.code}/"' in html
    assert "data-tournament-watch" in html
    # The table's page links back to its tournament.
    room_html = client.get(f"/rooms/{table.room.code}/").content.decode()
    assert f'data-tournament-table="{tournament.id}"' in room_html and page(tournament) in room_html
    # Leaving the table pauses.
    services.withdraw(me, tournament.id)
    services.join(me, tournament.id)
    html = client.get(page(tournament)).content.decode()
    assert re.search(r"Paused: back in \d+ s", html)


def test_an_ordinary_room_has_no_tournament_mark(client, alice):
    from rooms import services as rooms

    room = rooms.create_room(alice, "rouba_monte", "Mesa comum")
    html = signed_in(client, alice).get(f"/rooms/{room.code}/").content.decode()
    assert "data-tournament-table" not in html


def test_the_podium_and_the_trophies_after_the_end(client, people, clock):
    tournament = services.create(None, "rouba_monte", 10, name="Arena do Pódio")
    for person in people[:4]:
        services.join(person, tournament.id)
    arena.tick(tournament.id)
    for table in TournamentTable.objects.filter(tournament=tournament):
        play_hand(table.room, seated(table.room))
    clock.advance(11 * 60)
    assert arena.tick(tournament.id)["finished"]
    html = client.get(page(tournament)).content.decode()
    assert "data-tournament-podium" in html
    assert len(re.findall(r"data-podium-place=", html)) == 3
    winner = Tournament.objects.get(pk=tournament.pk).trophies.get(place=1).user
    player_html = signed_in(client, people[7]).get(f"/players/{winner.id}/").content.decode()
    assert "data-trophies" in player_html and "Arena do Pódio" in player_html
    profile = signed_in(client, winner).get(reverse("accounts:profile")).content.decode()
    assert "Arena do Pódio" in profile


def test_the_lobby_and_the_home_page_tease_the_next_and_running_tournaments(client, alice, bob, clock):
    running = services.create(None, "rouba_monte", 30, name="Arena Rodando")
    services.join(bob, running.id)
    arena.tick(running.id)
    services.create(None, "buraco", 30, clock.now + timedelta(minutes=30), name="Grande Arena")
    services.create(alice, "rouba_monte", 30, name="Privado")
    for url in ("/", "/lobby/"):
        html = signed_in(client, alice).get(url).content.decode()
        teaser = html[html.index("data-tournament-teaser") :]
        assert "Arena Rodando" in teaser and "Grande Arena" in teaser and "Privado" not in teaser
        assert "1 playing" in teaser


def test_the_private_form_creates_a_private_tournament_and_redirects_to_its_link(client, alice):
    signed_in(client, alice)
    assert client.get("/tournaments/new/").status_code == 200
    answer = client.post(
        "/tournaments/new/",
        {"game": "crazy_eights", "name": "Amigos", "table_size": 3, "time_limit": 20, "starts_in": 5, "minutes": 30},
    )
    created = Tournament.objects.get()
    assert created.private and created.name == "Amigos" and created.table_size == 3
    assert answer.status_code == 302 and answer["Location"] == page(created, created.token)


@pytest.mark.parametrize(
    "fields, says",
    [
        ({"game": "chess"}, "Select a valid choice"),
        ({"minutes": 5}, "from 10 to 180 minutes"),
        ({"minutes": 181}, "from 10 to 180 minutes"),
        ({"game": "buraco", "table_size": 2}, "4 seats"),
        ({"game": "buraco", "table_size": 4, "target": 12}, "Select a valid choice"),
    ],
)
def test_the_private_form_refuses_bad_input_and_stores_nothing(client, alice, fields, says):
    signed_in(client, alice)
    data = {"game": "rouba_monte", "table_size": 2, "time_limit": 20, "starts_in": 5, "minutes": 30, **fields}
    answer = client.post("/tournaments/new/", data)
    assert 400 <= answer.status_code < 500 and says in answer.content.decode()
    assert not Tournament.objects.exists()


def test_the_private_form_is_rate_limited_and_needs_a_sign_in(client, alice, settings):
    assert client.get("/tournaments/new/").status_code == 302
    settings.PRIVATE_TOURNAMENT_POSTS_PER_MINUTE = 2
    signed_in(client, alice)
    data = {"game": "rouba_monte", "table_size": 2, "time_limit": 20, "starts_in": 5, "minutes": 5}
    assert [client.post("/tournaments/new/", data).status_code for _ in range(3)] == [400, 400, 429]


def test_a_muted_player_names_no_tournament(client, alice):
    from django.utils import timezone

    from chat.models import SiteMute

    SiteMute.objects.create(user=alice, until=timezone.now() + timedelta(hours=1))
    signed_in(client, alice)
    data = {"game": "rouba_monte", "name": "Olá", "table_size": 2, "time_limit": 20, "starts_in": 5, "minutes": 30}
    answer = client.post("/tournaments/new/", data)
    assert answer.status_code == 400 and not Tournament.objects.exists()


def test_quick_play_in_a_tournament_asks_first_and_withdraws_on_confirm(client, bob):
    tournament = services.create(None, "rouba_monte", 30, name="Arena Agora")
    services.join(bob, tournament.id)
    signed_in(client, bob)
    asked = client.post("/play/", {"game": "rouba_monte"})
    assert asked.status_code == 200 and "data-play-tournament" in asked.content.decode()
    assert not Entry.objects.get(user=bob).withdrawn
    answer = client.post("/play/", {"game": "rouba_monte", "leave_tournament": "on"})
    assert answer.status_code == 302 and answer["Location"].startswith("/rooms/")
    assert Entry.objects.get(user=bob).withdrawn
