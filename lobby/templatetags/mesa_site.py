"""The words of the header's notifications and friends online (static/js/notices.js), and the list itself."""

from django import template
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import registry
from lobby import online

register = template.Library()


@register.simple_tag
def site_strings() -> dict:
    """Every string the notifications script shows (an invitation, its buttons, its answers)."""
    return {
        "game_names": {spec.name: spec.display_name(get_language()) for spec in registry.specs()},
        "invited": _("%(host)s invites you to %(game)s · %(room)s"),
        "accept": _("Accept"),
        "decline": _("Decline"),
        "title": _("Invitations"),
        "arrived": _("New invitation: %(host)s invites you to %(game)s."),
        "gone": _("The invitation is no longer open."),
        # Before the tab's title while the tab is hidden: "(Invitation) Lobby · Mesa" (static/js/attention.js).
        "invited_title": _("(Invitation)"),
        # A challenge (lobby/challenges.py) in the header, and its answer on the challenger's pages.
        "challenged": _("%(host)s challenges you to %(game)s (%(kind)s)"),
        "challenge_arrived": _("New challenge: %(host)s challenges you to %(game)s."),
        "rated": _("rated"),
        "casual": _("casual"),
        "challenge_declined": _("%(name)s declined your challenge."),
        "challenge_accepted": _("%(name)s accepted your challenge."),
        "dismiss": _("Close"),
        # The friends online (lobby/online.py), each with what they are doing.
        "in_lobby": _("on the site"),
        "at_table": _("playing %(game)s"),
        "in_tournament": _("in a tournament"),
        "join": _("Join"),
        "watch": _("Watch"),
        "open": _("Open"),
        "challenge": _("Challenge"),
        "challenge_label": _("Challenge %(name)s"),
        "came_online": _("%(name)s is online."),
        # A tournament seated the reader (tournaments/live.py ``seated_notice``), on any other page.
        "tournament_table": _("Your tournament table is ready: table %(table)s."),
        "go_to_table": _("Go to the table"),
        "table_title": _("(Your table)"),
    }


@register.simple_tag
def online_friends_of(user) -> list[dict]:
    """The reader's friends online as the page opens (the header's list; the site socket brings changes)."""
    return online.online_friends(user)
