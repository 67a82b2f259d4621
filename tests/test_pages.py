"""Home and rules pages: links, both languages, unknown games."""

import pytest

GAMES = ["rouba_monte", "stealing_bundles", "crazy_eights", "buraco"]
TITLES = {
    ("rouba_monte", "pt"): "Regras do Rouba Monte",
    ("rouba_monte", "en"): "Rouba Monte rules",
    ("stealing_bundles", "pt"): "Regras do Stealing Bundles",
    ("stealing_bundles", "en"): "Stealing Bundles rules",
    ("crazy_eights", "pt"): "Regras do Oito Maluco",
    ("crazy_eights", "en"): "Crazy Eights rules",
    ("buraco", "pt"): "Regras do Buraco",
    ("buraco", "en"): "Buraco rules",
}
# A line from each page's scoring or key rule, in each language.
KEY_LINES = {
    ("rouba_monte", "pt"): "Não existe captura por soma.",
    ("rouba_monte", "en"): "There are no captures by adding cards up.",
    ("stealing_bundles", "pt"): "Cada carta na sua pilha",
    ("stealing_bundles", "en"): "Each card in your pile",
    ("crazy_eights", "pt"): "Rei, dama, valete e 10",
    ("crazy_eights", "en"): "King, queen, jack and 10",
    ("buraco", "pt"): "Limpa de ás a ás (14 cartas)",
    ("buraco", "en"): "Clean from ace to ace (14 cards)",
}


def _english(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})


@pytest.mark.django_db
def test_home_describes_mesa_and_links_everywhere(client):
    response = client.get("/")
    assert response.status_code == 200
    content = response.content.decode()
    for name in ("Rouba Monte", "Stealing Bundles", "Oito Maluco", "Buraco"):
        assert name in content
    assert "Crazy Eights" not in content
    for game in GAMES:
        assert f'href="/rules/{game}/"' in content
    assert 'href="/lobby/"' in content
    assert 'href="/accounts/login/"' in content
    assert 'href="/accounts/signup/"' in content
    assert "verificável" in content


@pytest.mark.django_db
def test_home_in_english(client):
    _english(client)
    content = client.get("/").content.decode()
    assert "in real time with friends" in content
    assert "fair and verifiable" in content


@pytest.mark.django_db
def test_home_links_a_player_to_the_profile(client, django_user_model):
    user = django_user_model.objects.create_user("dora", "dora@example.com", "pw-for-dora-123")
    client.force_login(user)
    content = client.get("/").content.decode()
    assert 'href="/accounts/profile/"' in content
    assert 'href="/accounts/signup/"' not in content


@pytest.mark.django_db
def test_the_shell_has_landmarks_and_blocks(client):
    content = client.get("/").content.decode()
    assert '<a class="skip-link" href="#main">' in content
    assert '<main id="main"' in content
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in content
    assert "/static/css/site.css" in content
    assert "<title>Jogos de cartas com amigos · Mesa</title>" in content


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_rules_in_portuguese(client, game):
    response = client.get(f"/rules/{game}/")
    assert response.status_code == 200
    assert [t.name for t in response.templates][0] == f"rules/{game}.pt.html"
    content = response.content.decode()
    assert f"<title>{TITLES[game, 'pt']} · Mesa</title>" in content
    assert KEY_LINES[game, "pt"] in content
    assert KEY_LINES[game, "en"] not in content
    assert 'aria-current="page"' in content


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_rules_in_english(client, game):
    _english(client)
    response = client.get(f"/rules/{game}/")
    assert response.status_code == 200
    assert [t.name for t in response.templates][0] == f"rules/{game}.en.html"
    content = response.content.decode()
    assert f"<title>{TITLES[game, 'en']} · Mesa</title>" in content
    assert KEY_LINES[game, "en"] in content
    assert KEY_LINES[game, "pt"] not in content


@pytest.mark.django_db
def test_rules_pages_link_each_other(client):
    content = client.get("/rules/buraco/").content.decode()
    for game in GAMES:
        assert f'href="/rules/{game}/"' in content


@pytest.mark.django_db
def test_an_unknown_game_has_no_rules(client):
    assert client.get("/rules/poker/").status_code == 404


@pytest.mark.django_db
def test_the_stylesheet_is_served(client):
    response = client.get("/static/css/site.css")
    assert response.status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_rules_pages_show_the_bots_measured_strength_and_ratings(client, game):
    from games import registry
    from ratings import bot_strength, method

    teams = registry.spec(game).teams
    rows = bot_strength.measured(game, teams)
    assert any(r["pairing"] == "hard_normal" for r in rows)
    content = client.get(f"/rules/{game}/").content.decode()
    english = (_english(client), client.get(f"/rules/{game}/").content.decode())[1]
    for row in rows:
        share, decided = round(100 * row["share"]), row["decided"]
        pt_decided = f"{decided:,}".replace(",", ".")
        if teams:
            pt_unit, en_unit = ("mãos", "hands") if row["unit"] == "hands" else ("partidas", "matches")
            pt = f"em {share}% de {pt_decided} {pt_unit} decididas, uma dupla de cada nível"
            en = f"in {share}% of {decided:,} decided {en_unit}, a team of each level"
        else:
            pt = f"em {share}% de {pt_decided} partidas decididas, com {row['seats']} jogadores"
            en = f"in {share}% of {decided:,} decided matches, {row['seats']} players"
        assert f'data-bot-pairing="{row["pairing"]}" data-bot-seats="{row["seats"]}"' in content
        assert pt in content, pt
        assert en in english, en
    longest = max((r for r in rows if r["pairing"] == "hard_normal"), key=lambda r: r["decided"])
    assert longest["decided"] >= 985  # the 1,000-match runs, not the fit's few hundred
    assert f'data-bot-rating="hard">Difícil {method.bot_shown("hard", game)}<' in content


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_rules_pages_say_how_the_hint_works(client, game, settings):
    settings.HINTS_PER_HAND = 3
    content = client.get(f"/rules/{game}/").content.decode()
    assert "o botão Dica mostra a jogada que o bot difícil faria" in content and "pedir 3 dicas por mão" in content
    assert "Salas ranqueadas não têm dicas" in content
    _english(client)
    content = client.get(f"/rules/{game}/").content.decode()
    assert "You may ask for 3 hints a hand." in content
