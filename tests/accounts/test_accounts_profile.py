import pytest
from django.urls import reverse
from django.utils import timezone

from rooms.models import Match, Participant, PlayerStat, Room, Seat

URL = "/accounts/profile/"


def recorded(match, seat, user=None, name="", bot="", hand_number=1, **extra):
    """A participant row as the room services write it at a deal."""
    return Participant.objects.create(
        match=match,
        hand_number=hand_number,
        seat=seat,
        engine_seat=seat,
        user=user,
        name=name or (user.shown_name if user else ""),
        bot_level=bot,
        started_at=timezone.now(),
        **extra,
    )


@pytest.mark.django_db
def test_it_needs_login(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('accounts:login')}?next={URL}"


@pytest.mark.django_db
def test_it_saves_display_name_and_language_and_switches_at_once(client, alice):
    client.force_login(alice)
    response = client.post(URL, {"display_name": "  Alice the Bold ", "language": "en"})
    assert response.status_code == 302
    assert response["Location"] == URL
    alice.refresh_from_db()
    assert alice.display_name == "Alice the Bold"
    assert alice.language == "en"

    page = client.get(URL)
    content = page.content.decode()
    assert '<html lang="en">' in content
    assert "Your profile has been saved." in content
    assert "Recent matches" in content
    # The header shows the display name.
    assert "Alice the Bold" in content

    home = client.get("/").content.decode()
    assert "Pull up a chair at Mesa" in home


@pytest.mark.django_db
def test_switching_back_to_portuguese(client, bob):
    client.force_login(bob)
    assert '<html lang="en">' in client.get("/").content.decode()
    client.post(URL, {"display_name": "", "language": "pt-br"})
    bob.refresh_from_db()
    assert bob.language == "pt-br"
    content = client.get(URL).content.decode()
    assert '<html lang="pt-br">' in content
    assert "Seu perfil foi salvo." in content
    assert "Partidas recentes" in content


@pytest.mark.django_db
def test_it_rejects_an_unknown_language_and_a_long_name(client, alice):
    client.force_login(alice)
    response = client.post(URL, {"display_name": "x" * 41, "language": "klingon"})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert set(errors) == {"display_name", "language"}
    alice.refresh_from_db()
    assert alice.display_name == ""
    assert alice.language == "pt-br"


@pytest.mark.django_db
def test_a_rejected_form_leaves_the_header_name_alone(client, alice):
    client.force_login(alice)
    response = client.post(URL, {"display_name": "Sneaky", "language": "klingon"})
    assert set(response.context["form"].errors) == {"language"}
    assert 'href="/accounts/profile/" aria-current="page">alice<' in response.content.decode()
    alice.refresh_from_db()
    assert alice.display_name == ""


@pytest.mark.django_db
def test_the_profile_language_applies_in_a_new_browser(client, bob):
    # force_login sets no language cookie: the middleware reads the profile.
    client.force_login(bob)
    assert "Pull up a chair at Mesa" in client.get("/").content.decode()


@pytest.mark.django_db
def test_logging_in_brings_the_profile_language(client, bob, password):
    client.post("/i18n/setlang/", {"language": "pt-br", "next": "/"})
    response = client.post(reverse("accounts:login"), {"username": "bob", "password": password})
    assert response.cookies["django_language"].value == "en"
    assert "Pull up a chair at Mesa" in client.get("/").content.decode()


@pytest.mark.django_db
def test_it_shows_a_line_per_game_with_zeros(client, alice):
    PlayerStat.objects.create(user=alice, game="buraco", played=7, won=3)
    client.force_login(alice)
    response = client.get(URL)
    stats = {line.game: (line.played, line.won) for line in response.context["stats"]}
    assert stats == {"rouba_monte": (0, 0), "stealing_bundles": (0, 0), "crazy_eights": (0, 0), "buraco": (7, 3)}
    content = response.content.decode()
    assert '<td class="num">7</td><td class="num">3</td><td class="num">0</td>' in content


@pytest.mark.django_db
def test_it_lists_recent_matches_with_winners_and_verify_links(client, alice, bob):
    room = Room.objects.create(game="crazy_eights", name="Friday night", seat_count=3)
    bob.display_name = "Bobby"
    bob.save()
    match = Match.objects.create(
        room=room, number=1, game="crazy_eights", seed="0" * 64, fingerprint="f" * 64, status="over", winners=["1"]
    )
    match.players.add(alice, bob)
    recorded(match, 0, alice)
    recorded(match, 1, bob)
    recorded(match, 2, bot="hard")
    other_room = Room.objects.create(game="rouba_monte", name="Not mine")
    Match.objects.create(room=other_room, number=1, game="rouba_monte", seed="1" * 64, fingerprint="e" * 64)

    client.force_login(alice)
    response = client.get(URL)
    lines = response.context["recent_matches"]
    assert [line.id for line in lines] == [match.pk]
    assert lines[0].winners == ["Bobby"]
    assert lines[0].opponents == ["Bobby", "Bot (difícil)"]
    assert lines[0].outcome == "lost"
    content = response.content.decode()
    assert "Friday night" in content
    assert "Oito Maluco" in content
    assert "Bobby" in content
    assert "Derrota" in content
    assert f'href="/matches/{match.public_id}/verify/"' in content
    assert "Not mine" not in content


@pytest.mark.django_db
def test_names_are_the_recorded_ones_not_who_sits_there_now(client, alice, bob):
    room = Room.objects.create(game="rouba_monte", name="Emptied", seat_count=4)
    Seat.objects.create(room=room, index=1, bot_level="normal")  # today: a bot where bob won
    match = Match.objects.create(
        room=room, number=1, game="rouba_monte", seed="0" * 64, fingerprint="f" * 64, status="over", winners=["1"]
    )
    match.players.add(alice, bob)
    recorded(match, 0, alice)
    recorded(match, 1, bob, name="Bob then")
    bob.display_name = "Bob now"
    bob.save()
    client.force_login(alice)
    lines = client.get(URL).context["recent_matches"]
    assert lines[0].winners == ["Bob then"]
    assert lines[0].opponents == ["Bob then"]


@pytest.mark.django_db
def test_buraco_names_partner_opponents_and_the_winning_team(client, alice, bob, charlie):
    room = Room.objects.create(game="buraco", name="Dupla", seat_count=4)
    match = Match.objects.create(
        room=room, number=1, game="buraco", seed="0" * 64, fingerprint="f" * 64, status="over", winners=["0"]
    )
    match.players.add(alice, bob, charlie)
    recorded(match, 0, alice)
    recorded(match, 1, bot="easy")
    recorded(match, 2, bob)
    recorded(match, 3, charlie, until_move=12, ended="left")
    recorded(match, 3, bot="normal", joined="stand_in", from_move=12)
    client.force_login(alice)
    line = client.get(URL).context["recent_matches"][0]
    assert line.winners == ["alice & bob"]
    assert line.partners == ["bob"]
    assert line.opponents == ["Bot (fácil)", "charlie", "Bot (normal) no lugar de quem saiu"]
    assert line.outcome == "won"
    client.force_login(charlie)
    line = client.get(URL).context["recent_matches"][0]
    assert line.outcome == "abandoned"
    assert line.partners == ["Bot (fácil)"]


@pytest.mark.django_db
def test_an_empty_history_says_so(client, alice):
    client.force_login(alice)
    content = client.get(URL).content.decode()
    assert "Nenhuma partida ainda." in content


@pytest.mark.django_db
def test_a_match_without_records_names_the_winning_seat(alice):
    from players import records

    room = Room.objects.create(game="rouba_monte", name="Old")
    match = Match.objects.create(
        room=room, number=1, game="rouba_monte", seed="0" * 64, fingerprint="f" * 64, status="over", winners=["2"]
    )
    match.players.add(alice)
    Seat.objects.create(room=room, index=2, bot_level="easy")
    lines = records.recent_matches(alice)
    assert lines[0].winners == ["Cadeira 3"]
    assert lines[0].verify_url == f"/matches/{match.public_id}/verify/"


@pytest.mark.django_db
def test_only_the_ten_latest_matches_are_listed(client, alice):
    room = Room.objects.create(game="rouba_monte", name="Marathon")
    for number in range(1, 13):
        match = Match.objects.create(room=room, number=number, game="rouba_monte", seed="0" * 64, fingerprint="f" * 64)
        match.players.add(alice)
    client.force_login(alice)
    lines = client.get(URL).context["recent_matches"]
    assert len(lines) == 10
    assert lines[0].id == Match.objects.get(room=room, number=12).pk


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["alice", "Аlice", "a1ice", "ALICE", "Alice the Bold"])
def test_a_display_name_that_looks_like_another_player_is_refused(client, alice, bob, name):
    """Tables show the display name: bob may not sit at a table as alice (or as her display name)."""
    alice.display_name = "Alice the Bold"
    alice.save()
    client.force_login(bob)
    response = client.post(URL, {"display_name": name, "language": "en"})
    assert response.status_code == 200
    assert "display_name" in response.context["form"].errors
    bob.refresh_from_db()
    assert bob.display_name == ""


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["alicé", "ÁLICE", "Àlîcë", "Alice the Böld", "ALICE THE BOLD"])
def test_a_display_name_that_differs_only_by_accents_is_refused(client, alice, bob, name):
    """Issue 55: the accents are taken off before the skeleton is, for display names too."""
    alice.display_name = "Alice the Bold"
    alice.save()
    client.force_login(bob)
    response = client.post(URL, {"display_name": name, "language": "en"})
    assert response.status_code == 200
    # the same refusal as any look-alike: its code, and its message in the reader's language
    assert [e.code for e in response.context["form"].errors.as_data()["display_name"]] == ["lookalike"]
    bob.refresh_from_db()
    assert bob.display_name == ""


@pytest.mark.django_db
def test_an_accented_display_name_nobody_looks_like_is_fine(client, alice, bob):
    client.force_login(bob)
    assert client.post(URL, {"display_name": "João", "language": "en"}).status_code == 302
    bob.refresh_from_db()
    assert bob.display_name == "João" and bob.shown_name_skeleton == "joao"


@pytest.mark.django_db
def test_ones_own_username_is_a_fine_display_name(client, alice, bob):
    client.force_login(bob)
    assert client.post(URL, {"display_name": "Bob", "language": "en"}).status_code == 302
    bob.refresh_from_db()
    assert bob.display_name == "Bob" and bob.shown_name_skeleton == "bob"


@pytest.mark.django_db
def test_a_new_username_may_not_look_like_a_display_name(client, alice):
    alice.display_name = "Rainha"
    alice.save()
    response = client.post(
        "/accounts/signup/",
        {
            "username": "rainha",
            "email": "r@example.com",
            "password1": "shuffle-the-deck-77",
            "password2": "shuffle-the-deck-77",
        },
    )
    assert "username" in response.context["form"].errors
