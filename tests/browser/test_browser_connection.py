"""An honest connection: the network cut and restored, and a socket the server stops answering.

Chromium's offline emulation stops a WebSocket's frames without closing it: the
page must notice through its heartbeat (no pong), say so on the status element
(``data-connection``, docs/ui.md), refuse a move, and on the network's return
be online with the latest state and say what the server played meanwhile.
The waits are generous; the bounds (10 s to show it, 5 s to come back) are the
production defaults' (HEARTBEAT_PING_MS + HEARTBEAT_TIMEOUT_MS, the capped backoff).
"""

import re

import pytest
from conftest import create_room, logged_in, my_turn_js, shot, unique, wait_snapshot
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.live import manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SIZES = {"phone": ((390, 844), True), "desktop": ((1280, 800), False)}

# Counts the sockets a page opens and drops the pongs while window.__dropPongs is set: a server
# that stopped answering, as the page sees it.
PONGLESS = """
(() => {
  const Original = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Original {
    // The table's own sockets (the page's site socket for the header's notifications aside).
    constructor(...args) { super(...args); if (String(args[0]).includes("/ws/rooms/")) window.__sockets.push(this); }
    addEventListener(type, listener, ...rest) {
      if (type !== "message") return super.addEventListener(type, listener, ...rest);
      return super.addEventListener(type, (event) => {
        if (window.__dropPongs && String(event.data).includes('"pong"')) return;
        listener(event);
      }, ...rest);
    }
  };
})();
"""


def connection(page, selector="#conn") -> str:
    return page.get_attribute(selector, "data-connection")


def wait_connection(page, states: str, selector="#conn", timeout=30000) -> None:
    """Wait until the status element's data-connection is one of ``states`` (space-separated)."""
    page.wait_for_function(
        "([sel, states]) => states.split(' ').includes(document.querySelector(sel).dataset.connection)",
        arg=[selector, states],
        timeout=timeout,
    )


def wait_for_automatic_move(server, code: str, seat: int) -> None:
    """Block until the server has made an automatic move for room seat ``seat`` (one shell, polling)."""
    manage_shell(
        server.env,
        "import time\n"
        "from rooms.models import Room\n"
        f"for _ in range(240):\n"
        f"    r = Room.objects.get(code={code!r}); h = r.current_match.hands.order_by('-number').first()\n"
        f"    if h and any(m.get('auto') and h.seat_map[m['seat']] == {seat} for m in h.moves): break\n"
        "    time.sleep(0.25)\n"
        "else:\n"
        "    raise SystemExit(f'no automatic move: {r.status} {r.paused} {r.pause_reason} {r.deadline} {h and h.moves}')\n",
    )


def own_moves(server, code: str, seat: int) -> list[dict]:
    """The moves of the current match made by the person of room seat ``seat`` (not automatic)."""
    out = manage_shell(
        server.env,
        "import json\n"
        "from rooms.models import Room\n"
        f"r = Room.objects.get(code={code!r})\n"
        "own = [m for h in r.current_match.hands.all() for m in h.moves\n"
        f"       if m.get('seat') is not None and h.seat_map[m['seat']] == {seat} and not m.get('auto')]\n"
        "print('JSON' + json.dumps(own))\n",
    )
    import json

    return json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])


@pytest.mark.parametrize("size", list(SIZES))
def test_a_cut_network_is_shown_refuses_moves_and_heals_with_what_happened(server, browser, chromium_path, size):
    viewport, touch = SIZES[size]
    name = unique("net")
    context, page, _ = logged_in(browser, server, name, viewport=viewport, touch=touch)
    code = create_room(server, name, "rouba_monte", bots=3, start=True, time_limit=10)
    # Someone watching keeps the room going (a room nobody is in pauses) and sees what it sees.
    watcher_context, watcher, _ = logged_in(browser, server, unique("see"))
    watcher.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(watcher, "true")
    frames = []  # what the sockets said, for the failure's message
    page.on(
        "websocket", lambda ws: (frames.append(ws.url), ws.on("framereceived", lambda f: frames.append(str(f)[:60])))
    )
    page.goto(f"{server.base}/rooms/{code}/")
    snap = wait_snapshot(page, my_turn_js())
    wait_connection(page, "online")
    before = snap["room"]["version"]

    context.set_offline(True)
    # The socket stays OPEN for the browser; the heartbeat finds it dead.
    wait_connection(page, "reconnecting offline")
    assert re.search(r"Reconnecting|Offline", page.text_content("#conn"))
    assert page.is_visible("#reconnect-banner")

    # A move tried now is refused on screen, and never sent.
    move = snap["legal"][0]
    page.click(f'#hand .card[data-card="{move["card"]}"]')
    page.click(".option[data-moves]")
    page.wait_for_selector("#error-banner:not([hidden])")
    assert "offline" in page.inner_text("#error-banner").lower()
    wait_connection(page, "offline")  # a new socket failed too
    assert page.text_content("#conn") == "Offline"
    shot(page, f"connection-offline-{size}")

    # Meanwhile the clock runs out and the server plays for this seat; the bots play on.
    wait_for_automatic_move(server, code, 0)
    assert connection(page) == "offline", frames

    context.set_offline(False)
    wait_connection(page, "online")
    back = wait_snapshot(page, f"s.room.version > {before}")
    assert back["room"]["version"] > before  # caught up: the moves made meanwhile are on the table
    assert page.text_content("#conn") == "Connected"
    try:
        page.wait_for_selector("#away-banner:not([hidden])", timeout=20000)
    except PlaywrightTimeout:
        pytest.fail(f"no word of the automatic moves; the sockets said: {frames}")
    assert re.fullmatch(
        r"(1 automatic move was|\d+ automatic moves were) made for you while you were away\.",
        page.inner_text("#away-banner"),
    )
    shot(page, f"connection-back-{size}")
    # The refused move was never applied: every move of this seat so far was the server's.
    assert own_moves(server, code, 0) == []
    context.close()
    watcher_context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_socket_the_server_stops_answering_is_abandoned_and_reopened(server, browser, chromium_path, size):
    viewport, touch = SIZES[size]
    name = unique("mute")
    context, page, _ = logged_in(browser, server, name, viewport=viewport, touch=touch)
    context.add_init_script(PONGLESS)
    code = create_room(server, name, "rouba_monte", bots=1)
    page.goto(f"{server.base}/rooms/{code}/")
    wait_snapshot(page, "true")
    wait_connection(page, "online")
    assert page.evaluate("window.__sockets.length") == 1
    page.evaluate("window.__dropPongs = true")
    wait_connection(page, "reconnecting offline")
    page.evaluate("window.__dropPongs = false")
    wait_connection(page, "online")
    # A new socket took over; the silent one was closed by the page, not waited for.
    assert page.evaluate("window.__sockets.length") >= 2
    page.wait_for_function("window.__sockets[0].readyState === WebSocket.CLOSED")
    context.close()


def test_the_lobby_shows_a_cut_network_and_comes_back(server, browser, chromium_path):
    name = unique("lob")
    context, page, _ = logged_in(browser, server, name, viewport=(390, 844), touch=True)
    page.goto(f"{server.base}/lobby/")
    wait_connection(page, "online", "#lobby-status")
    context.set_offline(True)
    wait_connection(page, "reconnecting offline", "#lobby-status")
    assert re.search(r"Reconnecting|Offline", page.inner_text("#lobby-status"))
    context.set_offline(False)
    wait_connection(page, "online", "#lobby-status")
    context.close()
