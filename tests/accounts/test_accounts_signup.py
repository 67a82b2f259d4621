import pytest
from django.contrib.auth import get_user, get_user_model
from django.urls import reverse

User = get_user_model()
URL = "/accounts/signup/"


def _signup(client, **overrides):
    data = {
        "username": "carol",
        "email": "carol@example.com",
        "password1": "shuffle-the-deck-77",
        "password2": "shuffle-the-deck-77",
        **overrides,
    }
    return client.post(URL, data)


def test_url_names_resolve():
    assert reverse("accounts:signup") == URL
    assert reverse("accounts:login") == "/accounts/login/"
    assert reverse("accounts:logout") == "/accounts/logout/"
    assert reverse("accounts:profile") == "/accounts/profile/"


@pytest.mark.django_db
def test_it_creates_the_account_and_logs_in(client):
    response = _signup(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    user = User.objects.get(username="carol")
    assert user.email == "carol@example.com"
    assert user.check_password("shuffle-the-deck-77")
    assert get_user(client).pk == user.pk
    assert client.get("/accounts/profile/").status_code == 200


@pytest.mark.django_db
def test_it_saves_the_language_being_read(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    _signup(client)
    assert User.objects.get(username="carol").language == "en"


@pytest.mark.django_db
def test_it_defaults_to_portuguese(client):
    _signup(client)
    assert User.objects.get(username="carol").language == "pt-br"


@pytest.mark.django_db
def test_it_follows_a_safe_next(client):
    response = client.post(
        URL + "?next=/lobby/",
        {
            "username": "carol",
            "email": "carol@example.com",
            "password1": "shuffle-the-deck-77",
            "password2": "shuffle-the-deck-77",
            "next": "/lobby/",
        },
    )
    assert response["Location"] == "/lobby/"


@pytest.mark.django_db
def test_it_ignores_an_offsite_next(client):
    response = _signup(client, next="https://evil.example/")
    assert response["Location"] == reverse("home")


@pytest.mark.django_db
def test_it_rejects_a_taken_username_in_any_case(client, alice):
    response = _signup(client, username="ALICE")
    assert response.status_code == 200
    assert "username" in response.context["form"].errors
    assert not User.objects.filter(email="carol@example.com").exists()
    assert get_user(client).is_anonymous


@pytest.mark.django_db
def test_it_rejects_a_taken_email_in_any_case(client, alice):
    response = _signup(client, email="Alice@Example.com")
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "email" in errors
    assert not User.objects.filter(username="carol").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("weak", ["password", "12345678901", "abc"])
def test_it_rejects_weak_passwords(client, weak):
    response = _signup(client, password1=weak, password2=weak)
    assert response.status_code == 200
    assert "password2" in response.context["form"].errors
    assert not User.objects.filter(username="carol").exists()


@pytest.mark.django_db
def test_it_rejects_a_password_like_the_username(client):
    response = _signup(client, username="tablemaster", password1="tablemaster1", password2="tablemaster1")
    assert "password2" in response.context["form"].errors


@pytest.mark.django_db
def test_it_rejects_mismatched_passwords(client):
    response = _signup(client, password2="something-else-99")
    assert "password2" in response.context["form"].errors
    assert not User.objects.exists()


@pytest.mark.django_db
def test_it_rejects_a_bad_email(client):
    response = _signup(client, email="not-an-address")
    assert response.status_code == 200
    assert "email" in response.context["form"].errors
    assert not User.objects.exists()


@pytest.mark.django_db
def test_it_rejects_a_username_over_30_characters(client):
    response = _signup(client, username="a" * 31)
    assert "username" in response.context["form"].errors
    assert not User.objects.exists()
    assert _signup(client, username="b" * 30).status_code == 302


@pytest.mark.django_db
def test_errors_are_shown_on_the_page(client, alice):
    response = _signup(client, username="alice", email="broken")
    content = response.content.decode()
    assert 'class="field__errors"' in content
    assert content.count("field--error") >= 2


@pytest.mark.django_db
def test_a_logged_in_player_is_sent_to_the_profile(client, alice):
    client.force_login(alice)
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:profile")
