"""One error catalogue (rooms/words/messages.py): every code the server can send has its message, in both languages."""

import re
from pathlib import Path

from django.utils import translation

from rooms.errors import RoomError
from rooms.templatetags.mesa_table import table_strings
from rooms.words.messages import MESSAGES, catalogue, message_for

ROOT = Path(__file__).resolve().parents[2]
RAISED = re.compile(r"""\b(?:RoomError|IllegalMove|FrameRefused|_error)\(\s*["']([a-z_]+)["']""")


def raised_codes() -> dict[str, str]:
    """code -> the first file that raises it, over the room layer and every engine."""
    found = {}
    for package in ("rooms", "games", "config"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for code in RAISED.findall(path.read_text(encoding="utf-8")):
                found.setdefault(code, str(path.relative_to(ROOT)))
    return found


def test_every_code_raised_has_a_message():
    codes = raised_codes()
    assert {"not_host", "stale", "must_capture", "invalid_run", "bad_json"} <= set(codes)
    missing = {code: where for code, where in codes.items() if code not in MESSAGES}
    assert not missing, f"add these codes to rooms/words/messages.py: {missing}"


def test_every_message_reads_in_portuguese():
    english, portuguese = catalogue("en"), catalogue("pt-br")
    assert english.keys() == portuguese.keys() == MESSAGES.keys()
    assert not [code for code in english if english[code] == portuguese[code]]


def test_a_room_error_says_the_catalogue_message_unless_told_otherwise():
    assert RoomError("not_host").message == "Only the host can do that."
    assert RoomError("not_host", "custom").message == "custom"
    assert RoomError("no_such_code").message == "no_such_code"
    assert message_for("not_host", "x", "pt-br") == "Só o anfitrião pode fazer isso."


def test_the_table_shows_the_servers_messages():
    with translation.override("pt-br"):
        strings = table_strings("rouba_monte")
    assert strings["errors"] == catalogue("pt-br")
