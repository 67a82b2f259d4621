"""A rated match's result, turned into new ratings once, in the transaction that records its end.

The entrants are read from the hands' participants (rooms/records/participants.py),
never from today's seats: every seat held when the last hand ended (a person,
a bot, a stand-in bot) finishes where its seat, or its team, finished (the
winners first, the others by their match totals); every person who held a
seat earlier but not their first seat at the end left the match and is placed
last, alone, whatever seat they took later (one seat per person per match); a
host who ended the match early left it. A match someone ended early (the
host, or staff closing its room) is rated for everyone on its standings of that
moment, its totals so far, and whoever ended it, if seated, bears the leaver's
penalty: ending a match never takes a result away (docs/ratings.md). Bots keep
their fixed ratings (ratings/method.py).

A match counts once: its change rows are unique per (match, person), and a
match that already has change rows is not rated again (docs/ratings.md).
"""

from dataclasses import dataclass

from django.utils import timezone

from ratings import method
from ratings.models import Rating, RatingChange
from rooms.models import Match, Participant
from rooms.records import participants, stored

WINNER = 1  # the winners' place; the others follow by their match totals, the ones who left last


@dataclass(frozen=True)
class Entrant:
    user_id: int | None  # None: a bot (or a deleted account, rated as a new player)
    bot_level: str = ""
    left: bool = False
    # A person holding, at the end, a seat other than the first they held in the match (docs/ratings.md):
    # the seat takes its place, its holder's rating does not move by it.
    unrated: bool = False


def _holders_at_end(rows: list[Participant]) -> list[Participant]:
    last = max(row.hand_number for row in rows)
    return [row for row in rows if row.hand_number == last and row.until_move is None]


def _total(totals: dict, key: str) -> float | None:
    value = totals.get(key)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def places(keys: list[str], winners: set[str], totals: dict) -> dict[str, int]:
    """The place of every seat (or team) key: the winners 1st, then the others by their match totals.

    Every game of Mesa is won by the highest total (Crazy Eights: "vence o
    maior total"), so the others are placed by their totals, highest first;
    equal totals share a place, and places are counted as on the leaderboard
    (1, 2, 2, 4). When the totals cannot say (a key without a number, or
    winners who do not hold the highest totals), the others share the place after the winners.
    """
    scores = {k: _total(totals, k) for k in keys}
    out = {k: WINNER for k in keys if k in winners}
    others = [k for k in keys if k not in winners]
    first_other = len(out) + 1
    if not others:
        return out
    if not out or any(scores[k] is None for k in keys) or min(scores[k] for k in out) < max(scores[k] for k in others):
        return out | dict.fromkeys(others, first_other)
    ordered = sorted(others, key=lambda k: -scores[k])
    for i, key in enumerate(ordered):
        tied = i and scores[key] == scores[ordered[i - 1]]
        out[key] = out[ordered[i - 1]] if tied else first_other + i
    return out


def ended_early(match: Match) -> bool:
    """Ended before its natural end by someone (the host, or staff closing the room): rated on its standings then.

    Not a match whose last person left (no one ended it: the leavers lost it) nor one with a result.
    """
    return match.status == Match.Status.ABANDONED and match.ended_by_id is not None


def leaders(keys: list[str], totals: dict) -> set[str]:
    """The seats (or teams) holding the highest match total, none when a key has no number to compare."""
    scores = {k: _total(totals, k) for k in keys}
    if not keys or any(score is None for score in scores.values()):
        return set()
    best = max(scores.values())
    return {k for k, score in scores.items() if score == best}


def standings(match: Match, rows: list[Participant], teams: bool) -> list[tuple[int, list[Entrant]]]:
    """(place, members) of every group that takes part in the rating, best first.

    A match with a result places its winners 1st and the other seats (or
    teams) after them by their match totals (``places``); one ended early by
    someone (``ended_early``) is placed the same way on its totals of then; one
    that ended because too few players stayed places the seats held at the end
    together. Leavers come last, after everyone who stayed, each alone.
    """
    if not rows:
        return []
    over = match.status == Match.Status.OVER
    winners = {str(w) for w in match.winners or []} if over else set()
    stayed = participants.seated_at_end(rows)
    host_left = None if over else match.ended_by_id
    groups: dict[str, list[Entrant]] = {}
    for row in _holders_at_end(rows):
        key = str(row.seat % 2) if teams else str(row.seat)
        unrated = row.user_id is not None and (row.user_id not in stayed or row.user_id == host_left)
        groups.setdefault(key, []).append(Entrant(row.user_id, row.bot_level, unrated=unrated))
    totals = stored.as_dict(match.totals)
    if ended_early(match):
        winners = leaders(list(groups), totals)  # the standings when it was ended: its totals so far
    placed = places(list(groups), winners, totals) if winners else dict.fromkeys(groups, 1)
    out = [(placed[key], members) for key, members in groups.items()]
    # Removed while the host had paused the table: the seat was freed, yet that is no leave.
    excused = participants.excused(rows)
    leavers = {row.user_id for row in rows if row.user_id is not None and row.user_id not in stayed.keys() | excused}
    if host_left is not None and host_left in stayed:
        leavers.add(host_left)  # the host who ended the match early left it
    last = len(groups) + 1
    out += [(last, [Entrant(user_id, left=True)]) for user_id in sorted(leavers)]
    return sorted(out, key=lambda pair: pair[0])


def _ratings_for(game: str, user_ids: set[int]) -> dict[int, Rating]:
    """The people's ratings in the game, created if new, locked for this transaction."""
    existing = set(Rating.objects.filter(game=game, user_id__in=user_ids).values_list("user_id", flat=True))
    Rating.objects.bulk_create(
        [Rating(user_id=uid, game=game) for uid in sorted(user_ids - existing)], ignore_conflicts=True
    )
    locked = Rating.objects.select_for_update().filter(game=game, user_id__in=user_ids).order_by("user_id")
    return {rating.user_id: rating for rating in locked}


def _before(entrant: Entrant, ratings: dict[int, Rating], game: str) -> tuple[float, float]:
    if entrant.user_id is not None:
        rating = ratings.get(entrant.user_id)
        return (rating.mu, rating.sigma) if rating is not None else (method.MU, method.SIGMA)
    return method.bot_rating(entrant.bot_level, game) if entrant.bot_level else (method.MU, method.SIGMA)


def rate_match(match: Match, teams: bool, rows: list[Participant] | None = None) -> list[RatingChange]:
    """Rate an ended match of a rated room, once; returns the change rows written (none if it had been).

    ``rows`` are the match's participant records when the caller has read them already.
    """
    if not match.room.rated or RatingChange.objects.filter(match=match).exists():
        return []
    if rows is None:
        rows = participants.match_rows([match.pk]).get(match.pk, [])
    groups = standings(match, rows, teams)
    if len(groups) < 2:
        return []  # nobody to be placed against
    if not ended_early(match) and (match.status != Match.Status.OVER or not match.winners):
        # No result and no one who ended it (its last people left): only the ones who left have lost
        # something; the others keep their ratings.
        changed = {e.user_id for _rank, members in groups for e in members if e.left}
    else:
        # A tie is a result too: equal places are OpenSkill's draws, and they move ratings.
        changed = {e.user_id for _rank, members in groups for e in members if e.user_id is not None and not e.unrated}
    if not changed:
        return []
    # Only the ratings that change are created and locked; the others are read as they are (a
    # person without a rating yet is a new player), so a match without a result gives no one a row.
    ratings = _ratings_for(match.game, changed)
    everyone = {e.user_id for _r, m in groups for e in m if e.user_id is not None}
    known = {r.user_id: r for r in Rating.objects.filter(game=match.game, user_id__in=everyone - changed)} | ratings
    befores = [[_before(e, known, match.game) for e in members] for _rank, members in groups]
    afters = method.rate(befores, [rank for rank, _members in groups])
    changes = []
    for (rank, members), before_group, after_group in zip(groups, befores, afters, strict=True):
        for entrant, before, after in zip(members, before_group, after_group, strict=True):
            if entrant.user_id not in changed or entrant.unrated:
                continue
            rating = ratings[entrant.user_id]
            if entrant.left:
                # A leave is a penalty, not evidence of skill: μ falls as OpenSkill says, σ stays. With
                # σ shrinking, a loss to far weaker bots could raise the shown value (μ − 3σ).
                after = (after[0], before[1])
            changes.append(
                RatingChange(
                    match=match,
                    user_id=entrant.user_id,
                    game=match.game,
                    rank=rank,
                    left=entrant.left,
                    mu_before=before[0],
                    sigma_before=before[1],
                    mu_after=after[0],
                    sigma_after=after[1],
                    shown_before=method.shown(*before),
                    shown_after=method.shown(*after),
                )
            )
            rating.mu, rating.sigma = after
            rating.shown = method.shown(*after)
            rating.matches += 1
            rating.updated_at = timezone.now()
    RatingChange.objects.bulk_create(changes)
    Rating.objects.bulk_update([ratings[c.user_id] for c in changes], ["mu", "sigma", "shown", "matches", "updated_at"])
    return changes
