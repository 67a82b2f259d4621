"""The stable name a deleted account's records carry: "Jogador 4f2a" ("Player 4f2a" in English).

The records of a finished hand name who played it; once a person deletes their
account, those records keep telling the truth about what happened at the table
with this name in place of theirs, the same in every record, so the other
players' histories, the ratings and the verify pages still read as they did.
Stored names (a hand's participants, its log, a room's history) are written in
Portuguese, the site's first language; ``shown`` reads one in the reader's.
"""

import re
import secrets

from django.utils.translation import gettext as _
from django.utils.translation import override

STORED = re.compile(r"^Jogador ([0-9a-f]{4,8})$")
# A person may not take a name that reads like a pseudonym, in either language.
RESERVED = re.compile(r"^\s*(jogador|player)[\s_.-]*[0-9a-f]{4,8}\s*$", re.IGNORECASE)


def new_tag(taken) -> str:
    """Four hex digits not yet anybody's pseudonym (more if four are crowded)."""
    for length in (4, 4, 4, 4, 6, 6, 8):
        tag = secrets.token_hex(length)[:length]
        if not taken(tag):
            return tag
    raise RuntimeError("no free pseudonym")


def name_for(tag: str) -> str:
    """The pseudonym in the active language."""
    return _("Player %(tag)s") % {"tag": tag}


def stored_name(tag: str) -> str:
    """The pseudonym as records store it (Portuguese)."""
    with override("pt-br"):
        return name_for(tag)


def in_language(tag: str, language: str) -> str:
    with override(language):
        return name_for(tag)


def script_words() -> dict:
    """What a page's script needs to word a stored pseudonym for its reader: the stored form and the shown one.

    Records reach the browser as they are stored ("Jogador 4f2a" in a hand's players, its
    log, the chat); the table's script finds the tag by ``stored`` and shows ``shown``.
    """
    return {"stored": stored_name("%(tag)s"), "shown": _("Player %(tag)s")}


def tag_of(name) -> str | None:
    """The tag of a stored pseudonym ("Jogador 4f2a" -> "4f2a"); None for any other name."""
    match = STORED.match(name) if isinstance(name, str) else None
    return match.group(1) if match else None


def shown(name: str) -> str:
    """A stored name as the reader reads it: a pseudonym in their language, any other name as it is."""
    tag = tag_of(name)
    return name_for(tag) if tag else name
