import re

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
    assert response["Location"] == reverse("lobby:lobby")
    user = User.objects.get(username="carol")
    assert user.pending_email == "carol@example.com" and user.email is None  # until confirmed
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
    assert response["Location"] == reverse("lobby:lobby")


@pytest.mark.django_db
def test_it_rejects_a_taken_username_in_any_case(client, alice):
    response = _signup(client, username="ALICE")
    assert response.status_code == 200
    assert "username" in response.context["form"].errors
    assert not User.objects.filter(email="carol@example.com").exists()
    assert get_user(client).is_anonymous


def _link(message) -> str:
    return re.search(r"http://testserver(/accounts/email/confirm/[^/\s]+/)", message.body).group(1)


@pytest.mark.django_db
def test_a_taken_email_answers_exactly_like_a_free_one(client, alice, mailoutbox, settings):
    """Issue 16 (low): sign-up said "An account with this e-mail already exists."."""
    settings.LANGUAGE_CODE = "en"
    taken = _signup(client, email="Alice@Example.com")
    taken_page = client.get("/").content.decode()
    client.post(reverse("accounts:logout"))
    free = _signup(client, username="dave", email="dave@example.com")
    free_page = client.get("/").content.decode()
    assert taken.status_code == free.status_code == 302
    assert taken["Location"] == free["Location"]
    assert "We sent a message to Alice@example.com" in taken_page
    assert "We sent a message to dave@example.com" in free_page
    carol = User.objects.get(username="carol")
    assert carol.email is None and carol.pending_email == "Alice@example.com"
    # Only the mailbox learns which it was: alice is told, with no link that would give carol her e-mail.
    to_alice, to_dave = mailoutbox
    # In alice's language (Portuguese), not the visitor's.
    assert to_alice.to == ["Alice@example.com"] and "Ele já pertence à sua conta" in to_alice.body
    assert "alice" in to_alice.body and "/accounts/email/confirm/" not in to_alice.body
    assert to_dave.to == ["dave@example.com"] and "/accounts/email/confirm/" in to_dave.body


@pytest.mark.django_db
def test_the_mailed_link_confirms_the_email(client, mailoutbox):
    _signup(client)
    link = _link(mailoutbox[0])
    client.post(reverse("accounts:logout"))
    assert client.get(link).status_code == 302
    carol = User.objects.get(username="carol")
    assert carol.email == "carol@example.com" and carol.pending_email == ""
    # Used once: the address is no longer pending.
    client.get(link)
    assert "Este link de confirmação não vale mais." in client.get("/").content.decode()


@pytest.mark.django_db
def test_a_forged_or_outdated_link_confirms_nothing(client, mailoutbox):
    _signup(client)
    link = _link(mailoutbox[0])
    client.get(link[:-3] + "xx/")
    assert User.objects.get(username="carol").email is None
    # Two pending accounts with one e-mail: the first to confirm gets it, the other's link then fails.
    client.post(reverse("accounts:logout"))
    _signup(client, username="erin")
    second = _link(mailoutbox[1])
    client.get(link)
    client.get(second)
    assert User.objects.get(username="carol").email == "carol@example.com"
    assert User.objects.get(username="erin").email is None


@pytest.mark.django_db
def test_password_resets_go_only_to_confirmed_emails(client, mailoutbox):
    _signup(client)
    client.post(reverse("accounts:logout"))
    mailoutbox.clear()
    client.post(reverse("accounts:password_reset"), {"email": "carol@example.com"})
    assert mailoutbox == []


@pytest.mark.django_db
def test_signups_from_one_address_are_limited(client, settings):
    """Issue 16 (low): sign-up was unlimited per address, which got around the cap on rooms per account."""
    for number in range(settings.MESA_SIGNUPS_PER_HOUR):
        assert _signup(client, username=f"player{number}x", email=f"p{number}@example.com").status_code == 302
        client.post(reverse("accounts:logout"))
    refused = _signup(client, username="onemore", email="onemore@example.com")
    assert refused.status_code == 429
    assert refused.context["form"].non_field_errors()
    assert not User.objects.filter(username="onemore").exists()
    other = client.post(
        URL,
        {
            "username": "onemore",
            "email": "onemore@example.com",
            "password1": "shuffle-the-deck-77",
            "password2": "shuffle-the-deck-77",
        },
        REMOTE_ADDR="198.51.100.20",
    )
    assert other.status_code == 302


@pytest.mark.django_db
def test_failed_signups_count_and_over_the_limit_a_taken_name_answers_like_a_free_one(client, alice, settings):
    """Issue 30: failed sign-ups were not counted, so over the limit a taken name answered 200 "already exists"
    and a free one 429: the limit told which usernames exist."""
    for _ in range(settings.MESA_SIGNUPS_PER_HOUR):
        assert _signup(client, password2="mismatch-mismatch-1").status_code == 200
    taken = _signup(client, username="alice")
    free = _signup(client, username="nobodyyet")
    assert taken.status_code == free.status_code == 429
    assert taken.context["form"].errors == free.context["form"].errors
    assert list(taken.context["form"].errors) == ["__all__"]
    for response in (taken, free):
        assert "exist" not in response.content.decode()
    assert not User.objects.filter(username="nobodyyet").exists()
    assert _signup(client).status_code == 429  # even a valid form, once over


@pytest.mark.django_db
@pytest.mark.parametrize("lookalike", ["аlice", "Аlice", "a1ice", "ALICE", "ａｌｉｃｅ", "aIice", "alıce"])
def test_a_name_that_looks_like_another_players_is_refused(client, alice, lookalike):
    """Issue 16 (low): аlice with a Cyrillic а was accepted beside alice."""
    response = _signup(client, username=lookalike)
    assert response.status_code == 200
    assert "username" in response.context["form"].errors
    assert not User.objects.filter(username=lookalike).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "lookalike", ["alicé", "ÁLICE", "Álice", "àlîcë", "ÀLÎCË", "alice\u0301", "alIcé", "ａｌｉｃé"]
)
def test_a_name_that_differs_only_by_accents_is_refused(client, alice, lookalike):
    """Issue 55: alicé was accepted beside alice; the accents are taken off before the skeleton is."""
    response = _signup(client, username=lookalike)
    assert response.status_code == 200
    # the same refusal as any look-alike: its code, and its message in the reader's language
    assert [e.code for e in response.context["form"].errors.as_data()["username"]] == ["lookalike"]
    assert not User.objects.filter(username=lookalike).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("taken", "lookalike"), [("álice", "alice"), ("ÁLICE", "alice"), ("ÁLICE", "aIice")])
def test_an_accented_name_taken_first_is_found_too(client, make_user, taken, lookalike):
    make_user(taken)
    response = _signup(client, username=lookalike)
    assert "username" in response.context["form"].errors
    assert not User.objects.filter(username=lookalike).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["joão", "Zoë", "élodie"])
def test_an_accented_name_nobody_looks_like_is_fine(client, alice, name):
    assert _signup(client, username=name).status_code == 302
    assert User.objects.filter(username=name).exists()
    assert User.objects.get(username=name).username_skeleton.isascii()


@pytest.mark.django_db
def test_names_that_only_share_letters_are_fine(client, alice):
    assert _signup(client, username="alicia").status_code == 302
    assert User.objects.get(username="alicia").username_skeleton == "alicia"


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


@pytest.mark.django_db
def test_a_mail_server_that_fails_does_not_fail_the_sign_up(client, monkeypatch):
    import smtplib

    from accounts import email_confirmation

    def refuse(*args, **kwargs):
        raise smtplib.SMTPServerDisconnected("gone")

    monkeypatch.setattr(email_confirmation, "send_mail", refuse)
    assert _signup(client).status_code == 302
    assert User.objects.get(username="carol").pending_email == "carol@example.com"


@pytest.mark.django_db
def test_the_migration_recomputes_the_skeletons_of_existing_accounts(client, make_user):
    """Accounts made before issue 55 stored ``alicé`` as their skeleton: the data migration recomputes them."""
    import importlib

    from django.apps import apps

    old = make_user("alicé")
    old.display_name = "Zoë"
    old.save()
    User.objects.filter(pk=old.pk).update(username_skeleton="alicé", shown_name_skeleton="zoë")  # as stored before
    migration = importlib.import_module("accounts.migrations.0007_skeletons_without_accents")
    migration.recompute_skeletons(apps, None)
    old.refresh_from_db()
    assert (old.username_skeleton, old.shown_name_skeleton) == ("alice", "zoe")
    response = _signup(client, username="alice")
    assert [e.code for e in response.context["form"].errors.as_data()["username"]] == ["lookalike"]
