"""Moves and seats in words: the one describer every record uses.

The staff admin's hand page, the staff replay's captions and the table's log
(``last_move.text`` in the snapshot, docs/protocol.md) all describe a log
entry through ``describe_move``, with the name of whoever held the seat at the
time (``rooms.records.participants``). Seats are numbered from 1 wherever a person
reads them; the engine and the database count from 0.

The sentences are the table's own msgids, so a move reads the same at the
table and in the records, in Portuguese and in English.
"""

from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from types import SimpleNamespace

from django.conf import settings
from django.utils import translation
from django.utils.dateparse import parse_datetime
from django.utils.translation import get_language, gettext, gettext_noop

from accounts import pseudonyms
from games import cards, registry
from rooms.records import stored
from rooms.records.participants import holder_at


@lru_cache(maxsize=4096)
def _cached(language: str | None, message: str) -> str:
    with translation.override(language):
        return gettext(message)


# The language ``in_languages`` describes in; None: the request's (Django's active language).
_language: ContextVar[str | None] = ContextVar("describe_language", default=None)


def _(message: str) -> str:
    """``gettext`` remembered per language: the describer runs on every move, in both languages,
    and a catalogue lookup that misses (English) walks every app's catalogue."""
    return _cached(_language.get() or get_language(), message)


PSEUDONYM = gettext_noop("Player %(tag)s")  # accounts/pseudonyms.py ``name_for``

# Words looked up one at a time: a move's sentence is made on every move, in both languages.
SUIT_WORDS = {
    "C": gettext_noop("clubs"),
    "D": gettext_noop("diamonds"),
    "H": gettext_noop("hearts"),
    "S": gettext_noop("spades"),
}
RANK_WORDS = {
    "A": gettext_noop("ace"),
    "J": gettext_noop("jack"),
    "Q": gettext_noop("queen"),
    "K": gettext_noop("king"),
}


def _suit(code) -> str:
    if not isinstance(code, str):
        return str(code)
    return _(SUIT_WORDS[code]) if code in SUIT_WORDS else code


def _rank(code: str) -> str:
    if code == "T":
        return "10"
    return _(RANK_WORDS[code]) if code in RANK_WORDS else code


def card_name(code) -> str:
    """ "ace of spades" / "ás de espadas"; anything that is not a card is shown as it is."""
    if not cards.is_card(code):
        return str(code)
    return _("%(rank)s of %(suit)s") % {"rank": _rank(code[0]), "suit": _suit(code[1])}


def cards_name(codes) -> str:
    return ", ".join(card_name(c) for c in codes or [])


def seat_label(index: int) -> str:
    """A room seat (0-based in the database) as people count it: "Seat 1"."""
    return _("Seat %(number)s") % {"number": int(index) + 1}


def team_label(team) -> str:
    """A Buraco team ("0" or "1") as people count it: "Team 1"."""
    return _("Team %(number)s") % {"number": int(team) + 1}


def level_label(level: str) -> str:
    return {"easy": _("easy"), "normal": _("normal"), "hard": _("hard")}.get(level, level)


def holder_name(holder) -> str:
    """The name of a seat's holder: a person's name as shown then, or "Bot (normal)".

    ``holder`` is a ``Participant`` or anything with ``name``, ``bot_level``
    and ``user_id``; None (nobody recorded) reads as "?".
    """
    if holder is None:
        return "?"
    if getattr(holder, "bot_level", "") and getattr(holder, "user_id", None) is None:
        name = _("Bot (%(level)s)") % {"level": level_label(holder.bot_level)}
        if getattr(holder, "stand_in", False):
            name = _("%(name)s standing in") % {"name": name}
        return name
    # A deleted account's pseudonym in the language being described (``in_languages`` makes both).
    tag = pseudonyms.tag_of(holder.name)
    return _(PSEUDONYM) % {"tag": tag} if tag else holder.name or "?"


def names_by_seat(rows) -> dict[int, list[str]]:
    """Room seat (from 0) -> the names of everyone who held it, in order, each once (``rows``: participants)."""
    by_seat: dict[int, list[str]] = {}
    for row in rows:
        names = by_seat.setdefault(row.seat, [])
        name = holder_name(row)
        if name not in names:
            names.append(name)
    return dict(sorted(by_seat.items()))


def describe_move(game: str, entry: dict, name: str, victim: str | None = None, run=None) -> str:
    """One log entry as a sentence: "alice melded 3 of hearts, 4 of hearts, 5 of hearts".

    ``name`` is who made it; ``victim`` names the owner of a stolen pile (the
    capture games); ``run`` the cards of the run a Buraco addition extended, as
    it lay before (``rooms.words.move_words.extended_run``): "alice added 7 of hearts to the run 4 of
    hearts to 6 of hearts". Moves made for a person whose time ran out say so.
    """
    kind = entry.get("kind")
    if kind == "leave":
        return _("%(name)s left the table.") % {"name": name}
    text = _sentence(game, stored.as_dict(entry.get("move")), name, victim, [c for c in run or [] if cards.is_card(c)])
    if entry.get("auto") is True:
        text = _("%(text)s (automatic: time ran out)") % {"text": text}
    return text


def _sentence(game: str, move: dict, name: str, victim: str | None, run: list) -> str:
    """The game's own sentence for the move (``move_words`` in its spec), filled in."""
    words = registry.spec(game).move_words if game in registry.NAMES else {}
    kind = move.get("type") if isinstance(move.get("type"), str) else ""
    # A variant for a move carrying a key ("play+suit": an eight with its suit) comes first;
    # an addition whose run is known names it ("add+run").
    template = words.get(f"{kind}+run") if run else None
    template = template or next(
        (words[f"{kind}+{key}"] for key in move if move.get(key) and f"{kind}+{key}" in words), None
    )
    template = template or words.get(kind)
    if template is None:
        return _("%(name)s played") % {"name": name}
    values = {
        "name": lambda: name,
        "card": lambda: card_name(move.get("card")),
        "target": lambda: card_name(move.get("target")),
        "victim": lambda: victim or "?",
        "suit": lambda: _suit(move.get("suit")),
        "cards": lambda: cards_name(move.get("cards")),
        "first": lambda: card_name(run[0]),
        "last": lambda: card_name(run[-1]),
    }
    # Only the words the sentence uses are made.
    return _(template) % {key: make() for key, make in values.items() if f"%({key})s" in template}


def seat_holder(seat):
    """Who holds a room ``Seat`` now, in the shape ``holder_name`` reads (the moment of a live move)."""
    return SimpleNamespace(
        name=seat.user.shown_name if seat.user_id is not None else "",
        user_id=seat.user_id,
        bot_level=seat.bot_level,
        stand_in=seat.stand_in,
    )


def in_languages(describe, *args, **kwargs) -> dict[str, str]:
    """``describe(*args)`` in every site language: one room's snapshot serves readers of both.

    ``describe`` receives no names already translated: a bot's name is made in
    each language too, so pass holders (``seat_holder``), not strings, where a bot may act.
    """
    out = {}
    for code, _label in settings.LANGUAGES:
        token = _language.set(code)
        try:
            out[code] = describe(*args, **kwargs)
        finally:
            _language.reset(token)
    return out


def live_move(game: str, entry: dict, actor, victim=None, run=None) -> str:
    """The table's sentence for a move just made; ``actor``/``victim`` are holders, ``run`` as in ``describe_move``."""
    return describe_move(game, entry, holder_name(actor), holder_name(victim) if victim is not None else None, run)


def live_event(kind: str, actor, hand: int | None = None) -> str:
    """The table's sentence for a seat change or a deal (``last_move`` kinds other than moves)."""
    name = holder_name(actor)
    if kind == "leave":
        return _("%(name)s left the table.") % {"name": name}
    if kind == "stand_in":
        return _("A bot now plays for %(name)s.") % {"name": name}
    if kind == "deal":
        return _("Hand %(hand)s dealt; %(name)s deals.") % {"hand": hand, "name": name}
    return ""


@dataclass(frozen=True)
class LogLine:
    """One entry of a hand's log as people read it."""

    number: int  # from 1
    at: datetime | None
    seat: int | None  # room seat, from 1 (None: the entry names no seat of this hand)
    name: str
    text: str
    auto: bool
    by: str  # the log's own record of the actor ("alice", "bot:normal", "timeout")


def hand_log(hand, rows, runs: dict | None = None) -> list[LogLine]:
    """Every entry of ``hand.moves`` described, each named after who held the seat at that move.

    ``rows`` are the hand's participants (``rooms.records.participants.holders``); ``runs``
    maps a log entry (from 0) to the run it extended (``rooms.words.move_words.extended_run``, read from the
    hand played again). An entry of another shape than the services write (a row
    changed by hand) still gets its line, with what can be read of it.
    """
    seat_map = stored.as_list(hand.seat_map)
    runs = runs or {}
    lines = []
    for index, entry in enumerate(stored.as_list(hand.moves)):
        entry = stored.as_dict(entry)
        engine_seat = entry.get("seat")
        if not isinstance(engine_seat, int) or isinstance(engine_seat, bool):
            engine_seat = None
        holder = holder_at(rows, engine_seat, index) if engine_seat is not None else None
        name = holder_name(holder)
        move = stored.as_dict(entry.get("move"))
        victim = None
        if move.get("type") == "steal" and isinstance(move.get("from"), int):
            victim = holder_name(holder_at(rows, move["from"], index))
        room_seat = None
        if engine_seat is not None and 0 <= engine_seat < len(seat_map) and isinstance(seat_map[engine_seat], int):
            room_seat = seat_map[engine_seat] + 1
        lines.append(
            LogLine(
                number=index + 1,
                at=moment_of(entry.get("at")),
                seat=room_seat,
                name=name,
                text=describe_move(hand.game, {**entry, "move": move}, name, victim, runs.get(index)),
                auto=entry.get("auto") is True,
                by=str(entry.get("by") or ""),
            )
        )
    return lines


def moment_of(value) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return parse_datetime(value)
    except ValueError:
        return None


def winner_names(match, rows) -> list[str]:
    """The winners of a match by who held the winning seats (Buraco: the team's seats) when it ended.

    ``rows`` are the match's participants; a match without them names the seat or team.
    """
    teams = registry.spec(match.game).teams if match.game in registry.NAMES else False
    last = max((row.hand_number for row in rows), default=None)
    final = [row for row in rows if row.hand_number == last and row.until_move is None]
    names = []
    for winner in stored.as_list(match.winners):
        try:
            key = int(winner)
        except (TypeError, ValueError, OverflowError):
            names.append(str(winner))
            continue
        holders = [row for row in final if (row.seat % 2 == key if teams else row.seat == key)]
        if holders:
            names.append(" & ".join(holder_name(row) for row in holders))
        else:
            names.append(team_label(key) if teams else seat_label(key))
    return names


def _event_name(value) -> str:
    """A person or bot named in a room event's parameters (``rooms.room_events.holder``)."""
    value = value if isinstance(value, dict) else {}
    return holder_name(
        SimpleNamespace(
            name=value.get("name") if isinstance(value.get("name"), str) else "",
            user_id=None if value.get("bot") else 0,
            bot_level=value.get("bot") if isinstance(value.get("bot"), str) else "",
            stand_in=bool(value.get("stand_in")),
        )
    )


def _limit(seconds) -> str:
    if isinstance(seconds, int) and not isinstance(seconds, bool) and seconds > 0:
        return _("%(seconds)s s per move") % {"seconds": seconds}
    return _("no time limit")


def _seat_number(value) -> str:
    return str(value + 1) if isinstance(value, int) and not isinstance(value, bool) else "?"


EVENT_WORDS = {
    "host_left": gettext_noop("%(name)s left: %(new)s is now the host."),
    "host_absent": gettext_noop("%(name)s was away too long: %(new)s is now the host."),
    "host_removed": gettext_noop("%(name)s was removed: %(new)s is now the host."),
    "host_handed": gettext_noop("%(name)s handed the host role to %(new)s."),
    "host_nobody": gettext_noop("%(name)s is no longer the host; nobody else is in the room."),
    "removed_absent": gettext_noop("%(name)s was away for two minutes and left seat %(seat)s."),
    "removed_by_host": gettext_noop("%(by)s removed %(name)s from seat %(seat)s."),
    "stand_in": gettext_noop("A stand-in bot took seat %(seat)s for %(name)s."),
    "bot_added": gettext_noop("%(by)s put a bot (%(level)s) in seat %(seat)s."),
    "bots_filled": gettext_noop("A bot took each empty seat (%(seats)s)."),
    "quick_started": gettext_noop("Bots (%(level)s) took the empty seats (%(seats)s) and match %(number)s started."),
    "time_limit_changed": gettext_noop("%(by)s changed the time from %(old)s to %(new)s."),
    "target_changed": gettext_noop("%(by)s changed the target from %(old)s to %(new)s points."),
    "match_started": gettext_noop("%(by)s started match %(number)s."),
    "match_restarted": gettext_noop("%(by)s ended the match being played and started match %(number)s."),
    "host_paused": gettext_noop("%(by)s paused the table."),
    "host_paused_capped": gettext_noop("%(by)s paused the table; it resumes by itself in %(minutes)s minutes."),
    "host_resumed": gettext_noop("%(by)s resumed the table."),
    "pause_ended": gettext_noop("The host's pause reached its %(minutes)s minutes: the table resumes by itself."),
    "match_ended": gettext_noop("%(by)s ended match %(number)s early."),
    "match_ended_rated": gettext_noop(
        "%(by)s ended match %(number)s early: everyone is rated on its standings of then, and %(by)s counts as leaving."
    ),
    "match_deserted": gettext_noop("No person was left to play match %(number)s: it ended without a result."),
    "hint_asked": gettext_noop("%(by)s asked for a hint."),
    "staff_paused": gettext_noop("The site's staff paused the room."),
    "staff_resumed": gettext_noop("The site's staff resumed the room."),
    "room_closed": gettext_noop("%(by)s closed the room."),
    "staff_closed": gettext_noop("The site's staff closed the room."),
    "seat_moved": gettext_noop("%(by)s moved %(name)s from seat %(old)s to seat %(new)s."),
    "seats_swapped": gettext_noop("%(by)s swapped seats %(seat)s (%(name)s) and %(other)s (%(second)s)."),
}


def _event_template(code: str, params: dict) -> str | None:
    """The sentence's msgid: a code's variant chosen by its parameters."""
    if code == "host_changed":
        reason = params.get("reason") if params.get("reason") in ("absent", "removed", "handed") else "left"
        return EVENT_WORDS["host_nobody" if params.get("to") is None else f"host_{reason}"]
    if code == "match_started" and params.get("abandoned"):
        return EVENT_WORDS["match_restarted"]
    if code == "match_ended" and params.get("rated"):
        return EVENT_WORDS["match_ended_rated"]
    if code == "host_paused" and params.get("minutes"):
        return EVENT_WORDS["host_paused_capped"]
    if code == "room_closed" and params.get("by_staff"):
        return EVENT_WORDS["staff_closed"]
    return EVENT_WORDS.get(code)


def room_event(code: str, params: dict) -> str:
    """A room event (``rooms.room_events``) as the table's sentence; any stored shape reads safely."""
    params = params if isinstance(params, dict) else {}
    template = _event_template(code, params)
    if template is None:
        return ""
    limits = code == "time_limit_changed"
    values = {
        "name": lambda: _event_name(params.get("name") or params.get("from")),
        "new": lambda: _limit(params.get("to")) if limits else _event_name(params.get("to")),
        "old": lambda: _limit(params.get("from")) if limits else str(params.get("from", "?")),
        "by": lambda: _event_name(params.get("by")),
        "second": lambda: _event_name(params.get("other_name")),
        "seat": lambda: _seat_number(params.get("seat")),
        "other": lambda: _seat_number(params.get("other")),
        "level": lambda: level_label(str(params.get("level", ""))),
        "seats": lambda: ", ".join(_seat_number(s) for s in stored.as_list(params.get("seats"))),
        "number": lambda: str(params.get("number", "?")),
        "minutes": lambda: str(params.get("minutes", "?")),
    }
    if code == "seat_moved":
        values["old"] = lambda: _seat_number(params.get("from"))
        values["new"] = lambda: _seat_number(params.get("to"))
    if code == "target_changed":
        values["new"] = lambda: str(params.get("to", "?"))
    return _(template) % {key: make() for key, make in values.items() if f"%({key})s" in template}
