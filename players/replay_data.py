"""A finished match as its players replay it: every hand, every step, every seat's cards, in a compact document.

The steps are the staff replay's (``rooms.records.hand_replay.replay_steps``: the
deal from the recorded deck, then each log entry applied through the engine, the
move's words as the table's log says them, who held each seat then). What this
module adds is what a player may take and how it travels:

- only a match that has ended, and of it only the hands that ended: a hand left
  unfinished (a match stopped in its middle) is listed without a single card,
  because its hidden hands were never revealed at the table;
- each seat's view split into what every seat sees alike (``public``) and what only
  that seat saw (``own``: its hand, a drawn card), and every step after a hand's
  first carries only what changed (``change``): a twenty-hand Buraco match is
  thousands of steps of the same runs, sent once each;
- the names as they were shown at the table (a deleted account: its pseudonym), no
  account ids, no room code.

``table_of`` rebuilds one step's table from the document, as the page's script does;
the tests compare it with the engine's own state at every step.
"""

from django.utils.translation import gettext as _

from games import registry
from rooms.models import Match
from rooms.records import hand_end, hand_replay, participants, stored
from rooms.records.describe import names_by_seat, team_label, winner_names

FORMAT = "mesa-replay/1"
# Keys of a seat's view that may differ from one seat to another (its hand above all): sent per seat.
ALWAYS_OWN = ("hand", "seat")
_MISSING = object()


def _own_keys(views_by_step: list[list[dict]]) -> list[str]:
    """Keys whose value is not the same for every seat at some step of the hand, and the seat's own by nature."""
    own = set(ALWAYS_OWN)
    for views in views_by_step:
        if not views:
            continue
        first = views[0]
        for view in views[1:]:
            own.update(k for k, v in view.items() if k not in own and first.get(k, _MISSING) != v)
            own.update(k for k in first if k not in view)
    return sorted(own)


def _split(view: dict, own: list[str]) -> tuple[dict, dict]:
    return {k: v for k, v in view.items() if k not in own}, {k: view[k] for k in own if k in view}


def _diff(before: dict, after: dict) -> dict:
    """What turns ``before`` into ``after``: ``set`` (new or changed keys) and ``gone`` (removed keys); {} if equal."""
    changed = {k: v for k, v in after.items() if k not in before or before[k] != v}
    gone = [k for k in before if k not in after]
    out = {}
    if changed:
        out["set"] = changed
    if gone:
        out["gone"] = gone
    return out


def _apply(before: dict, change: dict) -> dict:
    after = {k: v for k, v in before.items() if k not in change.get("gone", ())}
    after.update(change.get("set", {}))
    return after


def _table(step: dict, own: list[str]) -> dict:
    parts = [_split(view, own) for view in step.get("views", [])]
    return {
        "public": parts[0][0] if parts else {},
        "own": [mine for _public, mine in parts],
        "seats": step.get("seats", []),
        "mortos": step.get("mortos", []),
    }


def _change(before: dict, after: dict) -> dict:
    """One step's ``change``: only the parts of the table that moved."""
    out = {}
    public = _diff(before["public"], after["public"])
    if public:
        out["public"] = public
    own = [_diff(b, a) for b, a in zip(before["own"], after["own"], strict=True)]
    if any(own):
        out["own"] = own
    for key in ("seats", "mortos"):
        if before[key] != after[key]:
            out[key] = after[key]
    return out


def table_of(hand: dict, index: int) -> dict:
    """The table at step ``index`` of one hand of the document: what the page's script rebuilds."""
    table = hand["steps"][0]["table"]
    for step in hand["steps"][1 : index + 1]:
        change = step.get("change", {})
        table = {
            "public": _apply(table["public"], change.get("public", {})),
            "own": [
                _apply(mine, c)
                for mine, c in zip(table["own"], change.get("own", [{}] * len(table["own"])), strict=True)
            ],
            "seats": change.get("seats", table["seats"]),
            "mortos": change.get("mortos", table["mortos"]),
        }
    return table


def views_of(table: dict) -> list[dict]:
    """Each seat's view at a step, as the engine's ``view`` gave it."""
    return [{**table["public"], **mine} for mine in table["own"]]


def _steps(hand, rows) -> list[dict]:
    full = hand_replay.replay_steps(hand, rows)
    own = _own_keys([step.get("views", []) for step in full])
    out, before = [], None
    for step in full:
        table = _table(step, own)
        entry = {"label": step["label"]}
        if step.get("seat") is not None:
            entry["seat"] = step["seat"]
        if step.get("time"):
            entry["time"] = step["time"]
        if before is None:
            entry["table"] = table
        else:
            entry["change"] = _change(before, table)
        out.append(entry)
        before = table
    return out


def _scores(hand, rows, teams: bool) -> list[dict]:
    """The hand's points, seat by seat (or team by team), with who held the seats."""
    result = stored.as_dict(hand.result)
    winners = {str(w) for w in stored.as_list(result.get("winners"))}
    names = names_by_seat(rows)
    out = []
    for key, points in stored.as_dict(result.get("scores")).items():
        if teams:
            label = team_label(key)
        elif str(key).isdigit():
            label = _("Seat %(n)s · %(name)s") % {"n": int(key) + 1, "name": ", ".join(names.get(int(key), ["?"]))}
        else:
            label = str(key)
        out.append({"label": label, "points": points, "won": str(key) in winners})
    return out


def _hand(hand, teams: bool) -> dict:
    rows = participants.holders(hand)
    entry = {"number": hand.number, "finished": hand.ended_at is not None}
    if not entry["finished"]:
        # Never dealt again here: its hidden hands stay hidden, as they were at the table.
        entry["note"] = _("This hand was not finished: its cards stay hidden.")
        entry["steps"] = []
        return entry
    entry["steps"] = _steps(hand, rows)
    entry["ended"] = hand_end.why_it_ended(hand.game, hand.result, True)
    entry["scores"] = _scores(hand, rows, teams)
    return entry


def document(match: Match, reader=None, hand: int | None = None) -> dict:
    """Every hand of an ended ``match`` as its replay shows it (the caller checked that the reader may see it).

    ``reader``: the person reading, to put the seat they held first (at the bottom of the table).
    ``hand``: only that hand's steps (the page loads one hand at a time); ``LookupError`` when the
    match has no such hand. ``hand_list`` names every hand either way.
    """
    return {**summary(match, reader), "hands": hands_of(match, hand)}


def hands_of(match: Match, hand: int | None = None) -> list[dict]:
    """The hands of ``document``: the same for every reader (what the views keep in the cache)."""
    if match.status == Match.Status.PLAYING:
        raise ValueError("a match in play has no replay")
    teams = registry.spec(match.game).teams
    hands = match.hands.select_related("match", "room").order_by("number")
    if hand is not None:
        hands = hands.filter(number=hand)
        if not hands:
            raise LookupError("no such hand")
    return [_hand(one, teams) for one in hands]


def summary(match: Match, reader=None, rows=None) -> dict:
    """What the page needs before any hand: the match, its hands' numbers (finished or not), the reader's seat."""
    if rows is None:
        rows = participants.match_rows([match.pk]).get(match.pk, [])
    mine = participants.match_seats(rows).get(getattr(reader, "pk", None))
    return {
        "format": FORMAT,
        "match": {
            "public_id": match.public_id,
            "game": match.game,
            "room": match.room.name,
            "status": match.status,
            "started_at": match.started_at.isoformat() if match.started_at else None,
            "ended_at": match.ended_at.isoformat() if match.ended_at else None,
            "winners": winner_names(match, rows),
        },
        "teams": registry.spec(match.game).teams,
        "your_seat": mine + 1 if mine is not None else None,
        "hand_list": [
            {"number": number, "finished": ended is not None}
            for number, ended in match.hands.order_by("number").values_list("number", "ended_at")
        ],
    }
