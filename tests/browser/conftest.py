"""One embedded-mode daphne for the browser tests, and Chromium pages logged in as test users.

The server runs as a real subprocess (scripts.stack) with bots playing fast;
users and their sessions are made with tests.live.make_users and put into the
browser as the `sessionid` cookie.
"""

import itertools
import json
import os
from pathlib import Path

import pytest
from contrast import contrast_failures

from scripts import stack as stackmod
from tests.conftest import missing
from tests.live import make_users, manage_shell

SCREENSHOTS = Path(__file__).resolve().parent.parent.parent / "docs" / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
_names = itertools.count(1)


@pytest.fixture(scope="session")
def server():
    """A migrated embedded-mode Mesa on a free port (SQLite, in-process Celery)."""
    s = stackmod.new_stack(MESA_BOT_DELAY_MS="50", MESA_QUICK_PLAY_WAIT_SECONDS="8")
    s.env.pop("REDIS_URL", None)
    s.env.pop("DATABASE_URL", None)
    try:
        s.migrate()
        proc = s.start_daphne()
        s.base = f"http://127.0.0.1:{proc.port}"
        yield s
    finally:
        if os.environ.get("MESA_BROWSER_LOGS"):
            print(s.logs())
        s.stop()


@pytest.fixture(scope="session")
def browser(server):
    path = "/usr/bin/chromium"
    if not os.path.exists(path):
        missing("chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


def unique(prefix: str) -> str:
    return f"{prefix}{os.getpid() % 1000}x{next(_names)}"


def logged_in(
    browser, server, username: str, viewport=(1280, 800), session: str | None = None, motion="reduce", touch=False
):
    """A new browser context with `username` logged in; returns (context, page, user).

    Cards fly only with ``motion="no-preference"``: with reduced motion every snapshot is drawn
    the moment it arrives, so a test reads the table right after each move (the animation
    tests ask for motion). ``touch``: a phone (touch screen, mobile viewport, 2x pixels)."""
    user = make_users(server.env, username)[username] if session is None else {"session": session}
    phone = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2} if touch else {}
    context = browser.new_context(
        viewport={"width": viewport[0], "height": viewport[1]}, locale="en-US", reduced_motion=motion, **phone
    )
    context.add_cookies(
        [{"name": "sessionid", "value": user["session"], "domain": "127.0.0.1", "path": "/"}]
        + [{"name": "django_language", "value": "en", "domain": "127.0.0.1", "path": "/"}]
    )
    page = context.new_page()
    page.set_default_timeout(15000)
    return context, page, user


def create_rooms(server, host: str, specs: list[dict]) -> list[str]:
    """Rooms made through the service layer in one shell: each spec has `game`, and optionally
    `bots` (seats 1..bots), `level`, `start` (start the match), `engine_options` (options the
    engine accepts but the lobby does not offer, tests/rooms/helpers.py) and create_room's keywords."""
    code = (
        "from django.contrib.auth import get_user_model\n"
        "from rooms import services\n"
        "from tests.rooms.helpers import engine_options\n"
        f"u = get_user_model().objects.get(username={host!r})\n"
        f"for spec in {specs!r}:\n"
        "    spec = dict(spec); game = spec.pop('game'); bots = spec.pop('bots', 0)\n"
        "    level = spec.pop('level', 'easy'); start = spec.pop('start', False)\n"
        "    forced = spec.pop('engine_options', {})\n"
        "    r = engine_options(services.create_room(u, game, 'Browser', **spec), **forced)\n"
        "    for i in range(1, bots + 1): services.add_bot(u, r.code, i, level)\n"
        "    if start: services.start_match(u, r.code)\n"
        "    print('CODE' + r.code)\n"
    )
    out = manage_shell(server.env, code)
    return [x[4:] for x in out.splitlines() if x.startswith("CODE")]


def create_room(server, host: str, game: str, **spec) -> str:
    """One room (see create_rooms)."""
    return create_rooms(server, host, [{"game": game, **spec}])[0]


def snapshot(page) -> dict:
    return page.evaluate("() => window.mesaTable && window.mesaTable.snapshot")


def wait_snapshot(page, predicate_js: str, timeout: float = 20000):
    """Wait until `predicate_js` (a JS expression over `s`, the snapshot) is true; return the snapshot."""
    page.wait_for_function(
        f"() => {{ const t = window.mesaTable; const s = t && t.snapshot; return !!s && ({predicate_js}); }}",
        timeout=timeout,
    )
    return snapshot(page)


def my_turn_js() -> str:
    return "s.room.status === 'playing' && s.you.seat !== null && s.room.seats[s.you.seat].turn && s.legal.length > 0"


def at_my_turn(browser, server, prefix: str, game: str, viewport=(1280, 800), touch=False, motion="reduce", **room):
    """A new person alone with three bots at a new table of `game` (120 s a move unless `room` says
    otherwise), the match started and their page open at their first turn: (context, page, code, snapshot)."""
    name = unique(prefix)
    ctx, page, _ = logged_in(browser, server, name, viewport=viewport, touch=touch, motion=motion)
    code = create_room(server, name, game, **{"bots": 3, "start": True, "time_limit": 120, **room})
    page.goto(f"{server.base}/rooms/{code}/")
    return ctx, page, code, wait_snapshot(page, my_turn_js(), timeout=30000)


WIDEST_JS = """() => {
  const out = [];
  document.querySelectorAll("body *").forEach((e) => {
    const r = e.getBoundingClientRect();
    if (r.right > window.innerWidth + 1) out.push(`${e.tagName}.${e.className} ${Math.round(r.right)}`);
  });
  return out.slice(0, 10);
}"""


IN_VIEW_JS = """(sel) => [...document.querySelectorAll(sel)].filter((e) => !e.closest('[hidden]')).map((e) => {
  const r = e.getBoundingClientRect();
  const inside = r.width > 0 && r.height > 0 && r.left >= -1 && r.top >= -1
    && r.right <= window.innerWidth + 1 && r.bottom <= window.innerHeight + 1;
  return inside ? null : `${sel} ${e.id || e.className} [${Math.round(r.left)}, ${Math.round(r.top)}, ${Math.round(r.right)}, ${Math.round(r.bottom)}]`;
}).filter(Boolean)"""


def outside_viewport(page, *selectors: str) -> list[str]:
    """Every element of ``selectors`` (not hidden) that is not wholly inside the viewport at scroll 0."""
    page.evaluate("() => window.scrollTo(0, 0)")
    return [line for sel in selectors for line in page.evaluate(IN_VIEW_JS, sel)]


def result_dialog_in_view(page) -> None:
    """The result panel is a dialog, it lies inside the viewport, and its text meets WCAG AA
    contrast (contrast.py)."""
    page.wait_for_selector("[data-result][role=dialog]:not([hidden])")
    assert not outside_viewport(page, "[data-result]")
    failures = contrast_failures(page, "[data-result]")
    assert not failures, failures


def result_at_both_sizes(page, name: str) -> None:
    """The result dialog in view on the desktop and at 390x844; the pictures ``name`` and ``name_phone``."""
    size = page.viewport_size
    result_dialog_in_view(page)
    shot(page, name)
    page.set_viewport_size({"width": 390, "height": 844})
    result_dialog_in_view(page)
    assert no_horizontal_scroll(page), name
    shot(page, f"{name}_phone")
    page.set_viewport_size(size)


def no_horizontal_scroll(page) -> bool:
    ok = page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    if not ok:
        print("wider than the window:", page.evaluate(WIDEST_JS))
    return ok


def shot(page, name: str) -> None:
    """Save docs/screenshots/<name>.png when MESA_SCREENSHOTS=1 (so that a test run leaves the tree alone)."""
    if os.environ.get("MESA_SCREENSHOTS") != "1":
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def canon(moves) -> list[str]:
    return sorted(json.dumps(m, sort_keys=True) for m in moves)


# -- clicks and reads shared by the game tests ---------------------------------------

HIGHLIGHTED_JS = """() => {
  // Pick up every outlined hand card in turn (real click events) and read the targets that light up.
  const moves = [];
  for (const card of document.querySelectorAll("#hand .card.playable")) {
    card.click();
    if (!card.classList.contains("selected")) throw new Error("the card did not lift");
    for (const option of document.querySelectorAll(".option[data-moves]")) moves.push(...JSON.parse(option.dataset.moves));
    card.click();
  }
  if (document.querySelector(".option")) throw new Error("an option stayed lit with no card chosen");
  return moves;
}"""


TABLE_ROWS_JS = """(sel) => [...document.querySelectorAll(sel)].map(
  (tr) => [...tr.children].map((c) => c.textContent.trim()))"""

# Every entry the move log shows from now on (it keeps only the last six).
LOG_WATCH_JS = """() => {
  window.logged = [];
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) window.logged.push(n.textContent);
  }).observe(document.getElementById("log"), { childList: true });
}"""


def table_rows(page, selector: str) -> list[list[str]]:
    """The text of every cell of the table rows ``selector`` matches."""
    return page.evaluate(TABLE_ROWS_JS, selector)


def wait_logged(page, text: str) -> None:
    """Wait until the move log (watched with LOG_WATCH_JS) has shown an entry starting with ``text``."""
    page.wait_for_function("(text) => window.logged.some((t) => t.startsWith(text))", arg=text)


def check_verify_page(context, base: str, page, hands: int, screenshot: str | None = None) -> None:
    """Open the table's verify link: the page re-deals every hand of the match and agrees."""
    verify = context.new_page()
    verify.goto(base + page.get_attribute("#fair .verify-link", "href"))
    verify.wait_for_selector("#summary[data-ok]", timeout=30000)
    assert verify.get_attribute("#summary", "data-ok") == "1"
    assert verify.locator(".server-check.check--ok").count() == hands
    if screenshot:
        verify.screenshot(path=screenshot, full_page=True)
    verify.close()


def highlighted_moves(page) -> list[dict]:
    """The moves the page offers: for each outlined hand card, the highlighted targets."""
    return page.evaluate(HIGHLIGHTED_JS)


def fill(template: str, **values) -> str:
    for key, value in values.items():
        template = template.replace(f"%({key})s", value)
    return template


def select_cards(page, hand: list[str], cards: list[str]) -> None:
    """Click hand cards (by index: two decks repeat codes) until exactly `cards` are selected."""
    if page.is_enabled("#clear"):
        page.click("#clear")
    used: set[int] = set()
    for card in cards:
        index = next(i for i, c in enumerate(hand) if c == card and i not in used)
        used.add(index)
        page.click(f'#hand .card[data-index="{index}"]')
        page.wait_for_selector(f'#hand .card[data-index="{index}"][aria-pressed="true"]')


def play_buraco_turn(page, snap: dict) -> None:
    """One step of the person's turn, with clicks only: draw from the stock, meld the longest
    legal new run while there is one, then discard (or, when no discard is legal, any legal play)."""
    view, legal, version = snap["view"], snap["legal"], snap["version"]
    if view["phase"] == "draw":
        page.click("#stock" if any(m["type"] == "draw_stock" for m in legal) else "#take-pile")
    else:
        melds = [m for m in legal if m["type"] == "meld"]
        discards = [m for m in legal if m["type"] == "discard"]
        if melds:
            move = max(melds, key=lambda m: len(m["cards"]))
            select_cards(page, view["hand"], move["cards"])
            page.click("#meld")
        elif discards:
            select_cards(page, view["hand"], [discards[-1]["card"]])
            page.click("#bu-discard")
        else:  # the morto rule leaves only additions to a run
            move = legal[0]
            select_cards(page, view["hand"], move["cards"])
            page.click(f'#runs-mine .add-button[data-meld="{move["meld"]}"]')
    wait_snapshot(page, f"s.version > {version}")
