"""Connect Channels' WebsocketCommunicator as a logged-in user of the test database."""

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
    connected, code = await communicator.connect()
    return communicator, connected, code


async def receive_until(communicator, predicate, limit: int = 50, timeout: float = 5):
    """Messages until one matches; returns (match, all received)."""
    seen = []
    for _ in range(limit):
        msg = await communicator.receive_json_from(timeout=timeout)
        seen.append(msg)
        if predicate(msg):
            return msg, seen
    raise AssertionError(f"no matching message among {seen}")
