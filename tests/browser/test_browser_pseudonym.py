"""A deleted account reads as its pseudonym in the reader's language on an open table: the move log and
the chat, both drawn by the browser from names stored in Portuguese ("Jogador 4f2a")."""

import re

import pytest

from tests.browser.conftest import logged_in, shot, unique
from tests.live import make_users, manage_shell

pytestmark = pytest.mark.browser

PLAY_AND_ERASE = """
from django.contrib.auth import get_user_model
from tests.records.test_pseudonym_at_the_table import played_and_erased
alice, bob = (get_user_model().objects.get(username=n) for n in NAMES)
room, tag = played_and_erased(alice, bob)
print("DONE" + room.code + "|" + tag)
"""


@pytest.fixture(scope="module")
def erased(server):
    names = [unique("alice"), unique("bob")]
    users = make_users(server.env, *names)
    out = manage_shell(server.env, f"NAMES = {names!r}\n" + PLAY_AND_ERASE)
    code, tag = next(x for x in out.splitlines() if x.startswith("DONE"))[4:].split("|")
    return {"code": code, "tag": tag, "alice": users[names[0]], "name": names[0]}


@pytest.mark.parametrize("language,shown,other", [("en", "Player", "Jogador"), ("pt-br", "Jogador", "Player")])
def test_the_deleted_persons_moves_and_messages_read_in_the_readers_language(
    server, browser, erased, language, shown, other
):
    context, page, _ = logged_in(browser, server, erased["name"], session=erased["alice"]["session"])
    context.add_cookies([{"name": "django_language", "value": language, "domain": "127.0.0.1", "path": "/"}])
    page.goto(f"{server.base}/rooms/{erased['code']}/")
    name = f"{shown} {erased['tag']}"
    page.wait_for_function("(name) => document.getElementById('log').textContent.includes(name)", arg=name)
    page.wait_for_function("(name) => document.getElementById('chat-list').textContent.includes(name)", arg=name)
    log = page.text_content("#log")
    chat = page.text_content("#chat-list")
    stored = f"{other} {erased['tag']}"
    assert stored not in log and stored not in chat, (log, chat)
    assert "Bruno" not in log + chat
    # Each of his lines names him in the reader's words.
    assert re.search(rf"{name}\b", log) and f"{name}:" in chat
    shot(page, f"pseudonym_table_{language}")
    context.close()
