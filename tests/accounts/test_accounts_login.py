from datetime import timedelta

import pytest
from axes.models import AccessAttempt, AccessAttemptExpiration
from django.contrib.auth import get_user, get_user_model
from django.db.models import F
from django.urls import reverse

from accounts import lockout

URL = "/accounts/login/"


def _login(client, username, password, ip="10.0.0.1"):
    return client.post(URL, {"username": username, "password": password}, REMOTE_ADDR=ip)


def _errors(response):
    return list(response.context["form"].non_field_errors())


@pytest.mark.django_db
def test_it_logs_in_and_lands_in_the_lobby(client, alice, password):
    response = _login(client, "alice", password)
    assert response.status_code == 302
    assert response["Location"] == reverse("lobby:lobby")
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


def _age(delta: timedelta) -> None:
    """Move every recorded failure ``delta`` into the past: time passing, without waiting for it."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - delta)
    AccessAttemptExpiration.objects.update(expires_at=F("expires_at") - delta)


def _throttled(response) -> bool:
    return response.status_code == 429 and response.context["form"].has_error("__all__", "throttled")


LIMIT = 5


@pytest.mark.django_db
def test_five_failures_make_that_username_and_address_wait(client, alice, password):
    for _ in range(LIMIT):
        _login(client, "alice", "wrong")
    response = _login(client, "alice", password)
    assert _throttled(response)
    assert get_user(client).is_anonymous
    assert _errors(response) == [
        "Muitas tentativas de entrar sem sucesso nesta conta a partir daqui. Espere alguns minutos e tente de "
        "novo: cada nova falha aumenta a espera."
    ]


@pytest.mark.django_db
def test_the_message_is_english_for_english_readers(client, alice, password, settings):
    settings.LANGUAGE_CODE = "en"
    for _ in range(LIMIT):
        _login(client, "alice", "wrong")
    assert _errors(_login(client, "alice", password))[0].startswith("Too many failed log-in attempts")


@pytest.mark.django_db
def test_an_attacker_elsewhere_never_locks_the_owner_out(client, alice, password):
    """Issue 16, medium 5: failures from one address used to lock the account for everyone."""
    for _ in range(30):
        _login(client, "alice", "wrong", ip="203.0.113.66")
    assert _throttled(_login(client, "alice", password, ip="203.0.113.66"))
    assert _login(client, "alice", password, ip="198.51.100.7").status_code == 302
    assert get_user(client).pk == alice.pk


@pytest.mark.django_db
def test_guesses_at_other_accounts_do_not_lock_an_address(client, alice, bob, password):
    """Many people behind one address (a load balancer, a school) do not lock each other out."""
    for attempt in range(3 * LIMIT):
        _login(client, f"guess{attempt}", "wrong", ip="192.0.2.7")
    assert _login(client, "bob", password, ip="192.0.2.7").status_code == 302


@pytest.mark.django_db
def test_the_username_counts_without_regard_to_case(client, alice, password):
    for name in ("Alice", "ALICE", "alice", "aLiCe", "alicE"):
        _login(client, name, "wrong")
    assert _throttled(_login(client, "alice", password))


@pytest.mark.django_db
def test_four_failures_still_let_the_right_password_in(client, alice, password):
    for _ in range(LIMIT - 1):
        _login(client, "alice", "wrong")
    assert _login(client, "alice", password).status_code == 302


@pytest.mark.django_db
def test_a_success_resets_the_count(client, alice, password):
    for _ in range(LIMIT - 1):
        _login(client, "alice", "wrong")
    assert _login(client, "alice", password).status_code == 302
    client.post(reverse("accounts:logout"))
    for _ in range(LIMIT - 1):
        _login(client, "alice", "wrong")
    assert _login(client, "alice", password).status_code == 302


@pytest.mark.django_db
def test_each_failure_past_the_limit_doubles_the_wait(client, alice, password):
    for _ in range(LIMIT):
        _login(client, "alice", "wrong")
    assert lockout.wait_after(LIMIT) == timedelta(minutes=1)
    _age(timedelta(seconds=61))
    # The first wait is over: one more try is checked, wrong again, and now the wait is two minutes.
    assert _throttled(_login(client, "alice", "wrong-again"))
    assert AccessAttempt.objects.get().failures_since_start == LIMIT + 1
    _age(timedelta(seconds=61))
    assert _throttled(_login(client, "alice", password))
    _age(timedelta(seconds=60))
    assert _login(client, "alice", password).status_code == 302


@pytest.mark.django_db
def test_attempts_while_waiting_do_not_make_the_wait_longer(client, alice, password):
    for _ in range(LIMIT):
        _login(client, "alice", "wrong")
    for _ in range(10):
        assert _throttled(_login(client, "alice", password))
    assert AccessAttempt.objects.get().failures_since_start == LIMIT
    _age(timedelta(seconds=61))
    assert _login(client, "alice", password).status_code == 302


@pytest.mark.django_db
def test_failures_under_the_limit_are_forgotten_after_fifteen_minutes(client, alice, password):
    for _ in range(LIMIT - 1):
        _login(client, "alice", "wrong")
    _age(timedelta(minutes=16))
    for _ in range(LIMIT - 1):
        _login(client, "alice", "wrong")
    assert _login(client, "alice", password).status_code == 302


@pytest.mark.django_db
def test_the_waits_grow_to_a_day_and_no_further():
    assert [lockout.wait_after(n).total_seconds() for n in range(LIMIT - 1, LIMIT + 4)] == [900, 60, 120, 240, 480]
    assert lockout.wait_after(LIMIT + 40) == timedelta(days=1)


@pytest.mark.django_db
def test_the_admin_log_in_is_throttled_too(client, password):
    """Issue 16, medium 4: 30 wrong admin passwords, then the right one, used to log in."""
    staff = get_user_model().objects.create_superuser("boss", "boss@example.com", password)
    for _ in range(30):
        client.post("/admin/login/", {"username": "boss", "password": "wrong"}, REMOTE_ADDR="10.0.0.9")
    response = client.post(
        "/admin/login/?next=/admin/", {"username": "boss", "password": password}, REMOTE_ADDR="10.0.0.9"
    )
    assert response.status_code == 429
    assert get_user(client).is_anonymous
    assert "Muitas tentativas de entrar sem sucesso" in response.content.decode()
    # The site's log-in form and the admin's share the count.
    assert _throttled(_login(client, "boss", password, ip="10.0.0.9"))
    # From another address the owner gets in.
    assert _login(client, "boss", password, ip="10.0.0.10").status_code == 302
    assert get_user(client).pk == staff.pk


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


@pytest.mark.django_db
def test_behind_a_load_balancer_the_client_address_comes_from_the_forwarded_header(client, alice, password, settings):
    """Every request reaches daphne from the balancer (10.0.0.2); MESA_PROXY_COUNT=1 says to trust its header."""
    settings.MESA_PROXY_COUNT = 1

    def through_balancer(name, secret, client_address, spoofed=""):
        forwarded = f"{spoofed}, {client_address}" if spoofed else client_address
        data = {"username": name, "password": secret}
        return client.post(URL, data, REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=forwarded)

    for _ in range(30):
        # What the attacker writes into the header itself (left of the balancer's entry) is ignored.
        through_balancer("alice", "wrong", "203.0.113.66", spoofed="198.51.100.7")
    assert _throttled(through_balancer("alice", password, "203.0.113.66"))
    assert through_balancer("alice", password, "198.51.100.7").status_code == 302


@pytest.mark.django_db
def test_without_a_proxy_setting_a_forwarded_header_changes_nothing(client, alice, password):
    for n in range(LIMIT):
        client.post(
            URL, {"username": "alice", "password": "wrong"}, REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=f"1.1.1.{n}"
        )
    assert _throttled(_login(client, "alice", password, ip="10.0.0.1"))


@pytest.mark.django_db
def test_changing_the_user_agent_does_not_reset_the_count(client, alice, password):
    for n in range(LIMIT):
        client.post(URL, {"username": "alice", "password": "wrong"}, REMOTE_ADDR="10.0.0.1", HTTP_USER_AGENT=f"bot/{n}")
    assert _throttled(_login(client, "alice", password))
    _age(timedelta(seconds=61))
    client.post(URL, {"username": "alice", "password": "wrong"}, REMOTE_ADDR="10.0.0.1", HTTP_USER_AGENT="bot/new")
    _age(timedelta(seconds=61))
    assert _throttled(_login(client, "alice", password))  # the wait grew to two minutes over all agents
    _age(timedelta(seconds=60))
    assert _login(client, "alice", password).status_code == 302


@pytest.mark.django_db
def test_long_waits_outlive_the_fifteen_minutes_that_forget_failures(client, alice, password):
    for _ in range(LIMIT):
        _login(client, "alice", "wrong")
    for failures in range(LIMIT, LIMIT + 5):  # guessing on after every wait: 1, 2, 4, 8, 16 minutes
        _age(lockout.wait_after(failures) + timedelta(seconds=1))
        assert _throttled(_login(client, "alice", "still-wrong"))
    assert lockout.wait_after(LIMIT + 5) == timedelta(minutes=32)
    _age(timedelta(minutes=20))
    assert _throttled(_login(client, "alice", password))
    _age(timedelta(minutes=12, seconds=1))
    assert _login(client, "alice", password).status_code == 302
