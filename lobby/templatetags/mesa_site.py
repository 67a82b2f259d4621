"""The words of the header's notifications (static/js/notices.js), in the request's language."""

from django import template
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import registry

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
    }
