"""Every name at the table and in the lists leads to that person's page (/players/<id>/).

At the table a tap on a seat's name shows the whole name with "Ver perfil"
(a new tab): the name itself is no link, so a stray tap never leaves a running
table. Names in the chat and the lobby's list are links; a bot has no page
(tests/ratings/test_player_links.py: the lists, and a deleted account's
pseudonym without a link).
"""

import pytest
from conftest import logged_in, no_horizontal_scroll, outside_viewport, shot, unique, wait_snapshot

from tests.live import make_users, manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PHONE = {"viewport": (390, 844), "touch": True}

# The reader hosts a Rouba Monte table with a friend and a bot; the friend wrote in the chat.
TABLE = """
from django.contrib.auth import get_user_model
from chat import service as chat
from rooms import services
User = get_user_model()
host, friend = User.objects.get(username={host!r}), User.objects.get(username={friend!r})
room = services.create_room(host, "rouba_monte", "Nomes", time_limit=120)
services.sit(friend, room.code, 1)
services.add_bot(host, room.code, 2, "easy")
services.start_match(host, room.code)
chat.say(friend, room.code, "boa sorte")
print("CODE" + room.code)
print("FRIEND" + str(friend.id))
"""


def table_with_friend(server, host):
    friend = unique("amigo")
    make_users(server.env, friend)
    out = manage_shell(server.env, TABLE.format(host=host, friend=friend))
    code = next(x for x in out.splitlines() if x.startswith("CODE"))[4:]
    friend_id = int(next(x for x in out.splitlines() if x.startswith("FRIEND"))[6:])
    return code, friend, friend_id


HINT_JS = """() => { const h = document.getElementById('hint'); const a = h.querySelector('a[data-player-link]');
  const t = h.querySelector('.hint__text');
  return {shown: !h.hidden, text: t ? t.textContent : h.textContent, href: a && a.getAttribute('href'),
          target: a && a.target, link: a && a.textContent}; }"""


@pytest.mark.parametrize(("size", "language"), [("phone", "pt-br"), ("desktop", "en")])
def test_a_tap_on_a_seats_name_shows_it_whole_with_the_persons_page(server, browser, size, language):
    name = unique("nome")
    context, page, _ = logged_in(browser, server, name, **(PHONE if size == "phone" else {}))
    context.add_cookies([{"name": "django_language", "value": language, "domain": "127.0.0.1", "path": "/"}])
    code, friend, friend_id = table_with_friend(server, name)
    url = f"{server.base}/rooms/{code}/"
    page.goto(url)
    wait_snapshot(page, "s.room.status === 'playing'")
    friend_name = page.locator('[data-seat="1"] .seat__name')
    friend_name.tap() if size == "phone" else friend_name.click()
    page.wait_for_function("() => !document.getElementById('hint').hidden")
    hint = page.evaluate(HINT_JS)
    words = "Ver perfil" if language == "pt-br" else "See profile"
    assert hint == {"shown": True, "text": friend, "href": f"/players/{friend_id}/", "target": "_blank", "link": words}
    assert page.url == url  # the tap showed the name; it did not leave the table
    assert not outside_viewport(page, "#hint") and no_horizontal_scroll(page)
    shot(page, f"seat_name_profile_{language}_{size}")
    # A bot has no page: its name shows whole, with no link.
    bot_name = page.locator('[data-seat="2"] .seat__name')
    bot_name.tap() if size == "phone" else bot_name.click()
    page.wait_for_function(
        "(t) => document.getElementById('hint').textContent === t", arg=bot_name.get_attribute("title")
    )
    assert page.evaluate(HINT_JS)["href"] is None
    # The chat names its writer with a link to their page (a new tab).
    chat_link = page.locator(f'#chat-list li[data-user="{friend_id}"] a[data-player-link]')
    assert chat_link.get_attribute("href") == f"/players/{friend_id}/"
    assert chat_link.get_attribute("target") == "_blank" and chat_link.inner_text() == friend
    context.close()


def test_the_lobbys_list_names_each_host_with_a_link_to_their_page(server, browser):
    name = unique("lobby")
    context, page, _ = logged_in(browser, server, name)
    code, _friend, _friend_id = table_with_friend(server, name)
    at_table = context.new_page()  # the lobby lists a table with somebody connected
    at_table.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(at_table, "s.room.status === 'playing'")
    page.goto(f"{server.base}/lobby/")
    host = page.locator(f'li.room-item[data-code="{code}"] a[data-player-link]')
    host.wait_for()
    assert host.inner_text() == name
    assert no_horizontal_scroll(page)
    shot(page, "lobby_host_link")
    host.click()  # the lobby is no running table: the link simply opens the page
    page.wait_for_selector("h1.player-name")
    assert page.inner_text("h1") == name
    context.close()
