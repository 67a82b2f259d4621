"""What chat lends the room layer (rooms/extensions.py): its socket actions, its part of a full snapshot, site mutes.

The room's socket carries the chat, but the rooms app imports nothing of chat
(chat builds on it): these fill the room layer's slots when the app is ready.
"""

from chat import service as chat
from rooms import extensions

SOCKET_ACTIONS = {
    "chat": lambda user, code, msg: chat.say(user, code, msg.get("text")),
    "chat_quick": lambda user, code, msg: chat.say_phrase(user, code, msg.get("phrase")),
    "chat_mute": lambda user, code, msg: chat.set_mute(user, msg.get("user"), msg.get("muted", True)),
    "chat_unmute": lambda user, code, msg: chat.unmute(user, msg.get("user")),
    "chat_report": lambda user, code, msg: chat.report(
        user, code, msg.get("message"), msg.get("reason"), msg.get("note")
    ),
}


def site_mute_params(user_id: int) -> dict[str, str] | None:
    """Until when the staff muted this person site-wide, as a refusal says it; None when not muted."""
    mute = chat.site_mute(user_id)
    return None if mute is None else chat.mute_params(mute)


def connect() -> None:
    extensions.add_socket_actions(SOCKET_ACTIONS)
    extensions.reader_fields.fill(chat.snapshot_fields)
    extensions.site_mute_params.fill(site_mute_params)
