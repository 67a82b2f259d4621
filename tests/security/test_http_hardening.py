"""The Content-Security-Policy on every page, and a bad Host header answered cleanly.

Issue 16 (low): no page sent a Content-Security-Policy although every script
is a file of ours; a request with a Host header outside ALLOWED_HOSTS logged
a traceback.
"""

import http.client
import logging
import re
import subprocess
import sys

import pytest
from django.test import Client

from rooms import services
from rooms.models import Match
from scripts.stack import ROOT

PAGES_FOR_VISITORS = ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/", "/rules/buraco/"]


@pytest.fixture
def pages(alice, bob):
    """Every kind of page a player sees, with a running match's table among them."""
    room = services.create_room(alice, "crazy_eights", "Mesa", seat_count=3)
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "easy")
    services.start_match(alice, room.code)
    match = Match.objects.get(room=room)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.OVER)
    return [
        "/lobby/",
        f"/rooms/{room.code}/",
        match.verify_url,
        "/accounts/profile/",
        "/accounts/data/",
        "/accounts/password/change/",
    ]


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


def _inline_code(html: str) -> list[str]:
    """Inline scripts, handlers and styles: what `script-src 'self'` / `style-src 'self'` would block."""
    found = []
    for tag in re.findall(r"<script\b[^>]*>", html):
        if "src=" not in tag and 'type="application/json"' not in tag:
            found.append(tag)
    found += re.findall(r"<[^>]+\son[a-z]+\s*=", html)
    found += re.findall(r"<[^>]+\sstyle\s*=", html)
    found += re.findall(r"<style\b", html)
    found += re.findall(r"javascript:", html)
    return found


@pytest.mark.django_db
def test_every_page_sends_a_policy_of_own_scripts_only(pages, alice):
    visitor, player = Client(), Client()
    player.force_login(alice)
    responses = [(url, visitor.get(url)) for url in PAGES_FOR_VISITORS] + [(url, player.get(url)) for url in pages]
    for url, response in responses:
        assert response.status_code == 200, url
        policy = _policy(response)
        assert policy["script-src"] == ["'self'"], url
        assert policy["style-src"] == ["'self'"], url
        assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"], url
        assert "'unsafe-inline'" not in response["Content-Security-Policy"], url
        assert _inline_code(response.content.decode()) == [], url


@pytest.mark.django_db
def test_the_admin_log_in_page_sends_the_policy_too(client):
    response = client.get("/admin/login/")
    assert _policy(response)["script-src"] == ["'self'"]


@pytest.mark.django_db
def test_a_bad_host_header_is_one_warning_line(caplog):
    caplog.set_level(logging.INFO)
    response = Client(raise_request_exception=False).get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    records = [r for r in caplog.records if r.name.startswith("django")]
    assert [(r.levelname, r.exc_info) for r in records] == [("WARNING", None)]
    assert "evil.example" not in caplog.text


@pytest.mark.xdist_group("live")
def test_a_live_server_answers_a_bad_host_400_without_a_traceback(stack):
    """The run command's defaults (embedded, no DEBUG): static files served, local staff made, bad hosts refused."""
    for name in ("REDIS_URL", "DATABASE_URL", "DEBUG", "MESA_PRODUCTION"):
        stack.env.pop(name, None)
    stack.migrate()
    staff = subprocess.run(
        [sys.executable, "manage.py", "ensure_local_staff"], cwd=ROOT, env=stack.env, capture_output=True, text=True
    )
    assert "Local staff account" in staff.stdout, staff.stdout + staff.stderr
    daphne = stack.start_daphne()
    for path in ("/static/css/site.css", "/static/js/table.js"):
        connection = http.client.HTTPConnection("127.0.0.1", daphne.port, timeout=10)
        connection.request("GET", path, headers={"Host": "127.0.0.1"})
        assert connection.getresponse().status == 200, path
        connection.close()
    for host in ("evil.example", "127.0.0.1.evil.example", "localhost.evil.example", "a" * 300):
        connection = http.client.HTTPConnection("127.0.0.1", daphne.port, timeout=10)
        connection.request("GET", "/lobby/", headers={"Host": host})
        assert connection.getresponse().status == 400, host
        connection.close()
    connection = http.client.HTTPConnection("127.0.0.1", daphne.port, timeout=10)
    connection.request("GET", "/", headers={"Host": "127.0.0.1"})
    assert connection.getresponse().status == 200
    logs = stack.logs()
    assert "Traceback" not in logs, logs
    assert "evil.example" not in logs, logs
    assert logs.count("refused a request whose Host header is not in ALLOWED_HOSTS") == 4, logs
