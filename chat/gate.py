"""One gate for a person's words: every text a user writes that another user will read goes through ``words``.

The gate applies, in this order, the staff's site-wide mute (``SiteMute``: while
it is in force the person publishes nothing, and the refusal says until when)
and the site's rules for that kind of text (chat/text.py's canonical form and
the kind's length). What passes is the text to store, the only form that is
stored or sent. The places that publish a person's words, and their kinds:

- ``chat``: a chat line (chat/service.py ``say``);
- ``chat_phrase``: a quick phrase; the words are the site's own, the key is
  checked, and the author's mute applies all the same (``say_phrase``);
- ``display_name``: the name tables show (players/forms.py ``ProfileForm``),
  when it changes; empty means "show my username";
- ``room_name``: a room's name when it is opened, public or private
  (rooms/actions/setup.py ``create_room``, through the room layer's ``words``
  slot, rooms/extensions.py; "Jogar agora"'s rooms too, named by the site);
- ``invitation``: an invitation by name, which carries the host's name and
  their room's name to the invitee's header (lobby/invitations.py ``invite``).

A chat report's note is read by the staff only and is not a publication: it
keeps its own rule (chat/text.py ``clean_note``) and is taken while muted.
docs/operations.md ("Moderating the table chat") lists the same places;
tests/talk/test_word_gate.py walks each of them with a muted author.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC

from chat import phrases
from chat.models import SiteMute
from chat.text import canonical, clean
from rooms import clock
from rooms.errors import RoomError

ROOM_NAME_MAX = 60


def site_mute(user_id: int, now=None) -> SiteMute | None:
    """The staff's mute of this user in force now (the one that ends last), if any."""
    now = clock.now() if now is None else now
    return SiteMute.objects.filter(user_id=user_id, until__gt=now).order_by("-until").first()


def mute_params(mute: SiteMute) -> dict[str, str]:
    """Until when, as text (UTC, the fallback every reader can read) and as ISO 8601 for the browser's own zone."""
    until = mute.until.astimezone(UTC)
    return {
        "until": f"{until:%Y-%m-%d %H:%M} UTC",
        "until_iso": until.isoformat(timespec="seconds").replace("+00:00", "Z"),
    }


def _phrase(key) -> str:
    if not isinstance(key, str) or key not in phrases.PHRASES:
        raise RoomError("chat_bad_phrase")
    return key


def _display_name(raw) -> str:
    """Canonical; empty is allowed (tables show the username). The column's 40 characters are the form's check."""
    if not isinstance(raw, str):
        raise RoomError("bad_message")
    return canonical(raw)


def _room_name(raw) -> str:
    text = canonical(raw) if isinstance(raw, str) else ""
    if not 1 <= len(text) <= ROOM_NAME_MAX:
        raise RoomError("bad_name")
    return text


def _nothing(raw) -> str:
    """An invitation carries words already through the gate (the host's name, the room's): only the mute applies."""
    return ""


@dataclass(frozen=True)
class Kind:
    """One kind of published text: the refusal while its author is muted, and its rules."""

    muted: str
    rules: Callable[[object], str]


KINDS = {
    "chat": Kind("chat_muted", clean),
    "chat_phrase": Kind("chat_muted", _phrase),
    "display_name": Kind("muted_display_name", _display_name),
    "room_name": Kind("muted_room_name", _room_name),
    "invitation": Kind("muted_invitation", _nothing),
}


def words(user, kind: str, raw=None, now=None) -> str:
    """``user``'s text of ``kind`` as it may be stored and shown, or ``RoomError``.

    Muted: the kind's refusal (``chat_muted``, ``muted_display_name``,
    ``muted_room_name``, ``muted_invitation``) with ``until`` and ``until_iso``,
    whatever the text. Otherwise the kind's rules: ``chat_empty``,
    ``chat_too_long``, ``chat_bad_phrase``, ``bad_name``, ``bad_message``.
    """
    rule = KINDS[kind]  # an unknown kind is a programming error
    mute = site_mute(user.id, now)
    if mute is not None:
        raise RoomError(rule.muted, **mute_params(mute))
    return rule.rules(raw)
