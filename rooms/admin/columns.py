"""What several record pages show alike: links, who held each seat, scores and totals by seat or team, hand rows."""

from django.db.models import Prefetch
from django.utils.html import format_html, format_html_join

from games import registry
from rooms.models import Participant
from rooms.records import stored
from rooms.records.describe import names_by_seat, seat_label, team_label


def link(url: str, text) -> str:
    return format_html('<a href="{}">{}</a>', url, text)


def holders_line(rows) -> str:
    """ "1 alice · 2 Bruno → Bot (normal) standing in · 3 Bot (easy)": who held each seat of a hand, in order."""
    return " · ".join(f"{seat + 1} {' → '.join(names)}" for seat, names in names_by_seat(rows).items())


def hands_shown(queryset, *, with_room: bool, with_moves: bool):
    """Hands with what their rows name (match, room) and their participants in the order holders_line reads them.

    Never the deck, the hidden state or a seed: a hand's cards load those on their own, once they may be shown.
    """
    deferred = ["deck", "state", "match__seed", "match__room__next_seed"]
    related = ["match", "match__room"]
    if with_room:
        related.insert(0, "room")
        deferred.append("room__next_seed")
    if not with_moves:
        deferred.append("moves")
    return (
        queryset.select_related(*related)
        .defer(*deferred)
        .prefetch_related(Prefetch("participants", queryset=Participant.objects.order_by("seat", "from_move")))
    )


def small_table(pairs) -> str:
    """Name–value pairs (a room's options, a match's totals) as a small two-column table; "—" when empty."""
    pairs = list(pairs)
    if not pairs:
        return "—"
    return format_html(
        '<table class="mesa-small"><tbody>{}</tbody></table>',
        format_html_join("", "<tr><th>{}</th><td>{}</td></tr>", pairs),
    )


def score_key(game: str, key) -> str:
    """A stored score's key in words: "Team 1" in a team game, else "Seat 1"; an unreadable key as it is."""
    try:
        return team_label(int(key)) if registry.spec(game).teams else seat_label(int(key))
    except (TypeError, ValueError, KeyError):
        return str(key)


def scores_line(hand) -> str:
    scores = stored.as_dict(stored.as_dict(hand.result).get("scores"))
    return " · ".join(f"{score_key(hand.game, k)}: {v}" for k, v in scores.items()) or "—"
