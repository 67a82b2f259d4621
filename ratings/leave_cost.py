"""What leaving a rated match now would cost a person: the leave confirmation's line.

The estimate is rated the way ratings/record.py rates a match's end: the seats
held now (or teams), in their order of now — the highest match total first,
equal totals by seat, since the match plays on to a result that places them —
with the person taken out of their seat (a stand-in bot in it where the game's
rule puts one, the seat gone where it removes the player) and placed last,
alone, as a leaver, with whoever left before; μ falls as OpenSkill says and σ
stays. Where the person's leave ends the match (one seat left), it is exact;
otherwise the others' final order may move it by a few points. The
answer is shown after − shown before, in the shown points of the person's
rating (docs/ratings.md, "Leaving costs rating, said before").

A snapshot is built after every move, and a move may cost only its own
statements: each process remembers the estimate per (match, person, hand, the
seats' holders, the room's status), which is all it reads; ratings change only
when a match ends.
"""

from functools import lru_cache

from games import registry
from games.spec import MATCH, STAND_IN
from ratings import method, record
from ratings.models import Rating
from rooms.models import Match
from rooms.policies import STAND_IN_LEVEL
from rooms.records import participants, stored

PLAYING_ROOM = "playing"


def estimate(match: Match, user_id: int, room_status: str) -> int | None:
    """shown after − shown before if ``user_id`` left ``match`` now; None when leaving would not be rated.

    None: an unrated room, a match not being played, or a person who does not
    hold their match seat (they left it already, or never had one).
    """
    if match is None or match.status != Match.Status.PLAYING or not match.room.rated:
        return None
    rows = participants.match_rows([match.pk]).get(match.pk, [])
    if user_id not in participants.seated_at_end(rows):
        return None
    spec = registry.spec(match.game)
    stand_in = spec.on_leave == STAND_IN and (room_status == PLAYING_ROOM or spec.stand_in_until == MATCH)
    # The seats held now, each (or each team) a group, as record.standings builds them; the reader's seat
    # goes to a stand-in bot or goes away, as the game's rule says.
    now = [e for _r, members in record.standings(match, rows, spec.teams) for e in members]
    unrated_now = {e.user_id for e in now if e.unrated}
    groups: dict[str, list[record.Entrant]] = {}
    for row in record._holders_at_end(rows):
        key = str(row.seat % 2) if spec.teams else str(row.seat)
        if row.user_id == user_id:
            if not stand_in:
                groups.setdefault(key, [])
                continue
            entrant = record.Entrant(None, STAND_IN_LEVEL)
        else:
            entrant = record.Entrant(row.user_id, row.bot_level, unrated=row.user_id in unrated_now)
        groups.setdefault(key, []).append(entrant)
    # The others finish in their order of now: the highest match total first, equal totals by seat.
    totals = stored.as_dict(match.totals)
    keys = sorted(
        (k for k, members in groups.items() if members), key=lambda k: (-(record._total(totals, k) or 0), int(k))
    )
    placed = [(place, groups[key]) for place, key in enumerate(keys, start=1)]
    earlier = [e for e in now if e.left]
    last = len(placed) + 1
    placed += [(last, [e]) for e in earlier] + [(last, [record.Entrant(user_id, left=True)])]
    if len(placed) < 2:
        return None
    people = {e.user_id for _r, members in placed for e in members if e.user_id is not None}
    known = {r.user_id: r for r in Rating.objects.filter(game=match.game, user_id__in=people)}
    befores = [[record._before(e, known, match.game) for e in members] for _rank, members in placed]
    afters = method.rate(befores, [rank for rank, _members in placed])
    before = befores[-1][0]
    after = (afters[-1][0][0], before[1])  # a leave: μ falls, σ stays (ratings/record.py)
    return method.shown(*after) - method.shown(*before)


@lru_cache(maxsize=4096)
def _remembered(match_id: int, user_id: int, hand_id, seats: tuple, room_status: str, rated: bool) -> int | None:
    match = Match.objects.select_related("room").defer("seed", "room__next_seed").filter(pk=match_id).first()
    return estimate(match, user_id, room_status) if match is not None else None


def for_reader(match, user_id: int, room, seats, hand) -> int | None:
    """The leave cost a reader's own snapshot carries (the room layer's ``leave_cost`` slot), remembered."""
    if match is None or not room.rated or match.status != Match.Status.PLAYING:
        return None
    if not any(seat.user_id == user_id for seat in seats):
        return None
    holders = tuple((s.index, s.user_id, s.bot_level, s.active) for s in seats)
    return _remembered(match.pk, user_id, getattr(hand, "pk", None), holders, room.status, room.rated)


def forget() -> None:
    """Drop what this process remembers (tests that rewrite ratings directly)."""
    _remembered.cache_clear()
