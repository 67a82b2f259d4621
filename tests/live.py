"""Drive a real Mesa process (daphne subprocesses) from tests: users, rooms, sockets.

Users and sessions are made with `manage.py shell` against the same database
the servers use; everything else goes through HTTP and real WebSockets.
"""

import asyncio
import http.cookiejar
import json
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

import websockets

from scripts.stack import ROOT

SHELL_SETUP = """
import json
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.auth import SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
from django.contrib.auth.hashers import make_password
User = get_user_model()
out = {}
# One hash for every user: fifty of the site's slow hashes took minutes on a busy machine.
PASSWORD = make_password("a-Strong-pass-123")
for name in NAMES:
    user, _ = User.objects.get_or_create(username=name, defaults={"email": name + "@example.com"})
    user.password = PASSWORD; user.save()
    s = SessionStore()
    s[SESSION_KEY] = str(user.pk)
    s[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    s[HASH_SESSION_KEY] = user.get_session_auth_hash()
    s.create()
    out[name] = {"session": s.session_key, "id": user.pk}
print("JSON" + json.dumps(out))
"""


def manage_shell(env: dict, code: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return done.stdout


def make_users(env: dict, *names: str) -> dict:
    out = manage_shell(env, f"NAMES = {list(names)!r}\n" + SHELL_SETUP)
    line = next(x for x in out.splitlines() if x.startswith("JSON"))
    return json.loads(line[4:])


def make_room(env: dict, host: str, game: str, **kw) -> str:
    code = (
        "from django.contrib.auth import get_user_model\n"
        "from rooms import services\n"
        f"u = get_user_model().objects.get(username={host!r})\n"
        f"r = services.create_room(u, {game!r}, 'Live', **{kw!r})\n"
        "print('CODE' + r.code)\n"
    )
    out = manage_shell(env, code)
    return next(x for x in out.splitlines() if x.startswith("CODE"))[4:]


class Client:
    """One WebSocket of one user, with a buffer of what it received."""

    def __init__(self, port: int, session: str, code: str):
        self.url = f"ws://127.0.0.1:{port}/ws/rooms/{code}/"
        self.headers = {"Cookie": f"sessionid={session}", "Origin": f"http://127.0.0.1:{port}"}
        self.ws = None
        self.received: list[dict] = []
        self.next_id = 0

    async def __aenter__(self):
        self.ws = await websockets.connect(self.url, additional_headers=self.headers, open_timeout=10)
        return self

    async def __aexit__(self, *exc):
        await self.ws.close()

    async def send(self, action: str, **fields) -> str:
        self.next_id += 1
        msg_id = f"c{self.next_id}"
        await self.ws.send(json.dumps({"action": action, "id": msg_id, **fields}))
        return msg_id

    async def read(self) -> dict:
        """The next frame, answering the server's ping as a page does (a silent socket is closed)."""
        msg = json.loads(await self.ws.recv())
        if msg.get("type") == "ping":
            await self.ws.send(json.dumps({"action": "pong"}))
        return msg

    async def until(self, predicate, timeout: float = 10.0) -> dict:
        async def loop():
            while True:
                msg = await self.read()
                if msg.get("type") == "snapshot":
                    await self.keep_history(msg)
                self.received.append(msg)
                if predicate(msg):
                    return msg

        return await asyncio.wait_for(loop(), timeout)

    async def keep_history(self, snap: dict) -> None:
        """As the table does: a broadcast without the history keeps the one held, if its key matches."""
        if "history" in snap["room"]:
            return
        held = self.snapshot
        snap["room"]["history"] = held["room"]["history"] if held else []
        if held is None or held["room"]["history_key"] != snap["room"]["history_key"]:
            await self.ws.send(json.dumps({"action": "snapshot"}))

    async def request(self, action: str, timeout: float = 10.0, **fields) -> dict:
        """Send and wait for its ack or error."""
        msg_id = await self.send(action, **fields)
        return await self.until(lambda m: m.get("id") == msg_id and m["type"] in ("ack", "error"), timeout)

    async def current(self, predicate=lambda snap: True, timeout: float = 10.0) -> dict:
        """The latest snapshot if it satisfies ``predicate``, else the next one that does."""
        snap = self.snapshot
        if snap is not None and predicate(snap):
            return snap
        return await self.until(lambda m: m.get("type") == "snapshot" and predicate(m), timeout)

    @property
    def snapshot(self) -> dict | None:
        snaps = [m for m in self.received if m.get("type") == "snapshot"]
        return max(snaps, key=lambda m: m["room"]["version"]) if snaps else None


# A machine plays faster than the per-user rate limit (rooms/live/consumers.py) allows.
RATE_LIMIT_PAUSE = 0.25


def pick(legal: list) -> dict:
    """A quick scripted player: the first legal move, but a card rather than a voluntary draw."""
    return next((m for m in legal if m.get("type") != "draw"), legal[0])


async def autoplay(
    client: Client, seat: int, until_status=("match_over", "hand_over"), timeout: float = 60.0, pace: float = 0.0
):
    """Play the first legal move whenever it is this seat's turn, until the hand or match ends.

    ``pace``: seconds a person thinks before each move (0: as fast as the server answers).
    Returns the last snapshot seen.
    """
    moved_on = -1

    async def loop():
        nonlocal moved_on
        while True:
            msg = await client.read()
            client.received.append(msg)
            if msg.get("type") == "error" and msg.get("code") == "rate_limited":
                # Refused before it was read: wait for a token and play on the latest snapshot again.
                await asyncio.sleep(RATE_LIMIT_PAUSE)
                moved_on = -1
                msg = client.snapshot
            if msg.get("type") != "snapshot":
                continue
            room = msg["room"]
            if room["status"] in until_status:
                return msg
            if room["seats"][seat]["turn"] and msg["legal"] and msg["version"] > moved_on and not room["paused"]:
                moved_on = msg["version"]
                if pace:
                    await asyncio.sleep(pace)
                await client.send("move", version=msg["version"], move=pick(msg["legal"]))

    snap = client.snapshot
    if snap and snap["room"]["status"] in until_status:
        return snap
    if snap and snap["room"]["seats"][seat]["turn"] and snap["legal"]:
        moved_on = snap["version"]
        await client.send("move", version=snap["version"], move=pick(snap["legal"]))
    return await asyncio.wait_for(loop(), timeout)


TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def presser(port: int, session: str, game: str = "buraco", rated: bool = True):
    """A browser of one person for "Jogar agora": its cookies and the confirm page's CSRF token.

    Returns the press itself: a function that posts the form and returns the redirect's target.
    """
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    base = f"http://127.0.0.1:{port}"
    jar.set_cookie(
        http.cookiejar.Cookie(
            0, "sessionid", session, None, False, "127.0.0.1", False, False, "/", True,
            False, None, False, None, None, {},
        )
    )  # fmt: skip
    page = opener.open(f"{base}/play/?game={game}" + ("&rated=on" if rated else ""), timeout=60).read().decode()
    token = TOKEN.search(page).group(1)
    body = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": token, "game": game, **({"rated": "on"} if rated else {})}
    ).encode()
    request = urllib.request.Request(f"{base}/play/", data=body, headers={"Referer": f"{base}/play/"})

    def press() -> str:
        try:
            opener.open(request, timeout=120)
        except urllib.error.HTTPError as exc:
            if exc.code == 302:
                return exc.headers["Location"]
            raise
        raise AssertionError("no redirect")

    return press
