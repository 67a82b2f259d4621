"""What chat lends the room layer (rooms/extensions.py): its socket actions, its part of a full snapshot, its gate.

The room's socket carries the chat, but the rooms app imports nothing of chat
(chat builds on it): these fill the room layer's slots when the app is ready.
The gate (chat/gate.py) is where a room's name meets the site-wide mute and
the site's text rules, as every other text a person publishes does.
"""

from chat import gate
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


def connect() -> None:
    extensions.add_socket_actions(SOCKET_ACTIONS)
    extensions.reader_fields.fill(chat.snapshot_fields)
    extensions.words.fill(gate.words)
