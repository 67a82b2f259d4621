"""What the site socket (lobby/consumers.py) asks of a tournament when its page follows one.

A page sends ``{"action": "follow_tournament", "tournament": id, "t": token}``;
the socket joins ``live.group_name(id)`` when the reader may see that
tournament (a private one needs its link's token, as the page does) and sends
``page_data.frame`` at once and after every ``tournament.update`` it hears.
Protocol: docs/protocol.md, "Site and lobby sockets".
"""

from tournaments import live, page_data, services
from tournaments.errors import TournamentError


def followed(user, msg: dict) -> int | None:
    """The tournament id a follow message may follow, or None (unknown, private without its token, bad input)."""
    tournament_id = msg.get("tournament")
    token = msg.get("t")
    if isinstance(tournament_id, bool) or not isinstance(tournament_id, int):
        return None
    if token is not None and not isinstance(token, str):
        return None
    try:
        services.get(tournament_id, (token or None) and token[:64], user)
    except TournamentError:
        return None
    return tournament_id


def group(tournament_id: int) -> str:
    return live.group_name(tournament_id)


def frame(tournament_id: int, user) -> dict | None:
    """The page's live frame now, or None if the tournament is gone."""
    from tournaments.models import Tournament

    found = Tournament.objects.filter(pk=tournament_id).first()
    return page_data.frame(found, user) if found is not None else None
