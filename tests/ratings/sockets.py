"""The room socket as the rating attacks use it: open a table, send an action, read its answer."""

from tests.rooms.wsclient import connect, receive_until


async def socket(user, room):
    """A logged-in socket on ``room``, past its first snapshot."""
    comm, connected, _ = await connect(user, f"/ws/rooms/{room.code}/")
    assert connected
    await receive_until(comm, lambda m: m["type"] == "snapshot")
    return comm


async def send(comm, message_id, **message):
    """Send one action; its answer: "ack" or the error's code."""
    await comm.send_json_to({**message, "id": message_id})
    answer, _ = await receive_until(comm, lambda m: m["type"] in ("ack", "error") and m.get("id") == message_id)
    return answer.get("code") or answer["type"]
