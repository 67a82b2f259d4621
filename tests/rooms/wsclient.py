"""Connect Channels' WebsocketCommunicator as a logged-in user of the test database."""

import json

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application


@sync_to_async
def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


async def connect(user, path: str, origin: bytes = b"http://testserver"):
    headers = [(b"origin", origin), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", f"sessionid={await session_cookie(user)}".encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    # The communicator's own default waits 1 s for the handshake: a busy machine takes longer.
    connected, code = await communicator.connect(timeout=30)
    return communicator, connected, code


async def receive_until(communicator, predicate, limit: int = 50, timeout: float = 30):
    """Messages until one matches; returns (match, all received)."""
    seen = []
    for _ in range(limit):
        msg = await communicator.receive_json_from(timeout=timeout)
        seen.append(msg)
        if predicate(msg):
            return msg, seen
    raise AssertionError(f"no matching message among {seen}")


async def closed_with(communicator, timeout: float = 30) -> tuple[int | None, list[dict]]:
    """The close code a socket ends with, and the error frames sent before it."""
    errors = []
    while True:
        out = await communicator.receive_output(timeout=timeout)
        if out["type"] == "websocket.close":
            return out.get("code"), errors
        if out["type"] == "websocket.send" and out.get("text"):
            msg = json.loads(out["text"])
            if msg.get("type") == "error":
                errors.append(msg)


async def answer(comm) -> str:
    """What the next answer says: ``pong``, an error code, or ``closed:<code>`` (snapshots skipped)."""
    while True:
        out = await comm.receive_output(timeout=30)
        if out["type"] == "websocket.close":
            return f"closed:{out.get('code')}"
        msg = json.loads(out["text"])
        if msg["type"] != "snapshot":
            return msg["type"] if msg["type"] == "pong" else msg["code"]
