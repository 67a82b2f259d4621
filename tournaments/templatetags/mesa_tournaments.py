"""The tournaments' template tags: the teasers of the lobby and home page, a table's tournament, a player's trophies.

Other apps' templates show tournaments through these (a template names a tag
library, not a module), so the room layer and the pages above it stay free of
imports from tournaments.
"""

from django import template
from django.utils.translation import gettext as _

from tournaments import page_data, views

register = template.Library()


@register.simple_tag
def tournament_teaser():
    """The running public tournaments and the next ones, each with ``playing`` (how many are in)."""
    return page_data.teaser()


@register.simple_tag
def tournament_of_room(room, user=None):
    """The ``TournamentTable`` a room is (with ``seated``: whether ``user`` plays at it), or None."""
    table = page_data.table_of_room(room)
    if table is not None:
        table.seated = page_data.plays_at(room, user)
    return table


@register.simple_tag
def player_trophies(user):
    """The podium places of a player in public tournaments, newest first."""
    return page_data.trophies_of(user)


@register.filter
def tournament_url(tournament) -> str:
    """The tournament's page (a private one's carries its link's token)."""
    return views.page_url(tournament)


@register.filter
def medal(place) -> str:
    return {1: "🥇", 2: "🥈", 3: "🥉"}.get(place, "")


@register.simple_tag
def tournament_strings() -> dict:
    """Every sentence the tournament page's script writes (static/js/tournament.js), in the reader's language."""
    return {
        "starts_in": _("Starts in"),
        "ends_in": _("Ends in"),
        "starting": _("Starting…"),
        "finished": _("Finished"),
        "cancelled": _("Cancelled"),
        "seated": _("You are at table %(n)s."),
        "go_to_table": _("Go to your table"),
        "waiting": _("You will be seated in ~%(s)s s."),
        "waiting_more": _("Waiting for other players to be free…"),
        "paused": _("Paused: back in %(s)s s."),
        "before": _("You are in. You will be seated when the tournament starts."),
        "withdrawn": _("You withdrew. Your points stay; join again to play on."),
        "placed": _("You finished in place %(r)s."),
        "over": _("This tournament is over."),
        "out": _("Join to be seated at a table with the other players."),
        "going": _("Table %(n)s is ready for you: going there in %(s)s s."),
        "watch": _("at a table · watch"),
        "withdrew": _("withdrew"),
        "paused_mark": _("paused"),
        "nobody": _("Nobody has joined yet."),
        "streak": _("Wins in a row"),
        "withdraw_seated": _("You are at a table: withdrawing leaves it, and the match counts as a loss. Withdraw?"),
        "back_in": _("The match is over: back to the tournament in %(s)s s."),
    }
