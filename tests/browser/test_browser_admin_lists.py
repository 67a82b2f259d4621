"""The staff's lists fit a 1280×800 window: no list box, and no page, scrolls sideways.

The chat lists hold what people typed: a 200-letter word, a 40-letter name, a
report's 200-letter note. Each list is read in English and in Portuguese (whose
column titles are longer), and the results box must be no wider than its own
width (it was 93 px wider at 1280 px: the last column behind a scroll bar).
"""

import pytest

from tests.browser.conftest import logged_in, no_horizontal_scroll, shot, unique
from tests.live import make_users, manage_shell

pytestmark = pytest.mark.browser

WORDS = """
from django.contrib.auth import get_user_model
from django.utils import timezone
from chat import service as chat
from chat.models import ChatMessage, ChatReport
from rooms import services
User = get_user_model()
host, other = (User.objects.get(username=n) for n in NAMES)
User.objects.filter(username=STAFF).update(is_staff=True, is_superuser=True)
other.display_name = "W" * 40
other.save()
room = services.create_room(host, "buraco", "R" * 40, time_limit=None)
services.sit(other, room.code, 1)
now = timezone.now()
for text in ("w" * 200, "x " * 100, "a short one"):
    message = ChatMessage.objects.create(room=room, user=other, text=text, time=now)
    ChatReport.objects.create(message=message, reporter=host, time=now, reason="spam", note="n" * 200)
ChatMessage.objects.create(room=room, user=host, phrase="nice", time=now)
chat.mute_site_wide(other, 1, reason="r" * 200)
"""

LISTS = ["/admin/chat/chatmessage/", "/admin/chat/chatreport/", "/admin/chat/sitemute/"]

OVERFLOW_JS = """() => {
  const box = document.querySelector('#changelist .results');
  return {box: box ? box.scrollWidth - box.clientWidth : 0,
          page: document.documentElement.scrollWidth - window.innerWidth};
}"""


@pytest.fixture(scope="module")
def staff_session(server):
    names = [unique("host"), unique("other"), unique("lists_staff")]
    users = make_users(server.env, *names)
    manage_shell(server.env, f"NAMES = {names[:2]!r}\nSTAFF = {names[2]!r}\n" + WORDS)
    return names[2], users[names[2]]["session"]


@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_the_chat_lists_have_no_sideways_overflow_at_1280(server, browser, staff_session, language):
    name, session = staff_session
    context, page, _ = logged_in(browser, server, name, viewport=(1280, 800), session=session)
    context.add_cookies([{"name": "django_language", "value": language, "domain": "127.0.0.1", "path": "/"}])
    for path in LISTS:
        page.goto(server.base + path)
        page.wait_for_selector("#result_list tbody tr")
        overflow = page.evaluate(OVERFLOW_JS)
        assert overflow["box"] <= 0 and overflow["page"] <= 0, (path, overflow)
        assert no_horizontal_scroll(page), path
        # Every column is inside the window: the last one is not behind a scroll bar.
        right = page.evaluate(
            "() => Math.max(...[...document.querySelectorAll('#result_list thead th')]"
            ".map((th) => th.getBoundingClientRect().right))"
        )
        assert right <= 1280, (path, right)
    page.goto(server.base + LISTS[0])
    page.wait_for_selector("#result_list tbody tr")
    shot(page, f"admin_chat_list_{language}")
    context.close()
