import time

import pytest
from django.contrib.auth import get_user
from django.urls import reverse

from accounts import throttle

URL = "/accounts/login/"


def _login(client, username, password, ip="10.0.0.1"):
    return client.post(URL, {"username": username, "password": password}, REMOTE_ADDR=ip)


def _errors(response):
    return list(response.context["form"].non_field_errors())


@pytest.mark.django_db
def test_it_logs_in_and_redirects_home(client, alice, password):
    response = _login(client, "alice", password)
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert get_user(client).pk == alice.pk


@pytest.mark.django_db
def test_it_follows_next(client, alice, password):
    response = client.post(URL, {"username": "alice", "password": password, "next": "/lobby/"})
    assert response["Location"] == "/lobby/"


@pytest.mark.django_db
def test_a_failure_does_not_say_which_part_was_wrong(client, alice, password, settings):
    settings.LANGUAGE_CODE = "en"
    wrong_password = _errors(_login(client, "alice", "not-the-password"))
    unknown_user = _errors(_login(client, "nobody-here", password))
    assert wrong_password == unknown_user == ["The username or password is wrong."]
    assert get_user(client).is_anonymous


@pytest.mark.django_db
def test_the_failure_message_is_translated(client, alice):
    response = _login(client, "alice", "not-the-password")
    assert _errors(response) == ["O nome de usuário ou a senha está errado."]
    assert "O nome de usuário ou a senha está errado." in response.content.decode()


@pytest.mark.django_db
def test_five_failures_for_a_username_lock_it_out(client, alice, password):
    for attempt in range(throttle.MAX_FAILURES):
        # Different addresses: only the username counter can trigger the lock.
        _login(client, "alice", "wrong", ip=f"10.0.1.{attempt}")
    response = _login(client, "alice", password, ip="10.0.2.1")
    assert response.status_code == 200
    assert get_user(client).is_anonymous
    assert _errors(response) == ["Muitas tentativas de entrar sem sucesso. Espere 15 minutos e tente de novo."]


@pytest.mark.django_db
def test_the_username_lock_ignores_case(client, alice, password):
    for _ in range(throttle.MAX_FAILURES):
        _login(client, "Alice", "wrong", ip="10.0.3.1")
    response = _login(client, "alice", password, ip="10.0.3.2")
    assert get_user(client).is_anonymous
    assert response.context["form"].has_error("__all__", "throttled")


@pytest.mark.django_db
def test_four_failures_still_let_the_right_password_in(client, alice, password):
    for _ in range(throttle.MAX_FAILURES - 1):
        _login(client, "alice", "wrong")
    assert _login(client, "alice", password).status_code == 302


@pytest.mark.django_db
def test_a_success_resets_the_username_count(client, alice, password):
    for _ in range(throttle.MAX_FAILURES - 1):
        _login(client, "alice", "wrong", ip="10.0.4.1")
    assert _login(client, "alice", password, ip="10.0.4.2").status_code == 302
    client.post(reverse("accounts:logout"))
    for _ in range(throttle.MAX_FAILURES - 1):
        _login(client, "alice", "wrong", ip="10.0.4.3")
    assert _login(client, "alice", password, ip="10.0.4.4").status_code == 302


@pytest.mark.django_db
def test_five_failures_from_one_address_lock_the_address(client, alice, bob, password):
    for attempt in range(throttle.MAX_FAILURES):
        _login(client, f"guess{attempt}", "wrong", ip="192.0.2.7")
    blocked = _login(client, "bob", password, ip="192.0.2.7")
    assert get_user(client).is_anonymous
    assert blocked.context["form"].has_error("__all__", "throttled")
    # Another address is not affected.
    assert _login(client, "bob", password, ip="192.0.2.8").status_code == 302


@pytest.mark.django_db
def test_the_lock_expires(client, alice, password, monkeypatch):
    monkeypatch.setattr(throttle, "LOCKOUT_SECONDS", 1)
    for _ in range(throttle.MAX_FAILURES):
        _login(client, "alice", "wrong")
    assert _login(client, "alice", password).status_code == 200
    time.sleep(1.1)
    assert _login(client, "alice", password).status_code == 302


@pytest.mark.django_db
def test_a_locked_login_is_not_counted_again_as_a_failure(client, alice, password):
    for _ in range(throttle.MAX_FAILURES):
        _login(client, "alice", "wrong")
    assert throttle.is_locked("alice", "10.0.0.1")
    # Attempts during the lock are refused before any password check.
    assert _login(client, "alice", password).context["form"].has_error("__all__", "throttled")


@pytest.mark.django_db
def test_logout_needs_a_post(client, alice):
    client.force_login(alice)
    assert client.get(reverse("accounts:logout")).status_code == 405
    assert get_user(client).is_authenticated
    response = client.post(reverse("accounts:logout"))
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert get_user(client).is_anonymous


@pytest.mark.django_db
def test_the_header_offers_log_out_to_players_and_log_in_to_visitors(client, alice):
    page = client.get("/").content.decode()
    assert 'href="/accounts/login/"' in page
    assert 'href="/accounts/signup/"' in page
    assert 'action="/accounts/logout/"' not in page
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert 'action="/accounts/logout/"' in page
    assert 'href="/accounts/profile/"' in page
