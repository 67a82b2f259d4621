"""Template tags of the lobby page: the translated strings its script shows."""

from django import template
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from games import registry
from rooms.templatetags.mesa_table import common_strings
from rooms.words.table_words import counted

register = template.Library()


@register.simple_tag
def lobby_strings() -> dict:
    """The lobby script's strings."""
    return {
        "game_names": {spec.name: spec.display_name(get_language()) for spec in registry.specs()},
        "status": common_strings()["status"],
        "no_rooms": _("No public rooms right now: create one!"),
        "join": _("Join"),
        "watch": _("Watch"),
        "back_to_table": _("Back to the table"),
        "seats": _("%(taken)s of %(total)s seats taken"),
        "bots_n": counted(lambda n: ngettext("%(n)s bot", "%(n)s bots", n)),
        "paused": _("paused"),
        "live": _("Live"),
        "reconnecting": _("Reconnecting…"),
        "offline": _("Offline"),
        "rooms_n": _("%(n)s rooms"),
        "rooms_1": _("1 room"),
        "rated": pgettext("room", "Rated"),
        "casual": pgettext("room", "Casual"),
        # The lobby's life (lobby/feed.py): counts, the two lists, your rooms.
        "online_n": counted(lambda n: ngettext("%(n)s person online", "%(n)s people online", n)),
        "playing_n": counted(lambda n: ngettext("%(n)s playing", "%(n)s playing", n)),
        "tables_n": counted(lambda n: ngettext("%(n)s table in play", "%(n)s tables in play", n)),
        "bot_seats_n": counted(lambda n: ngettext("%(n)s bot's seat to take", "%(n)s bots' seats to take", n)),
        "take_bot_seat": _("Take a bot's seat"),
        "no_waiting": _("No table is waiting for players right now: press Play now to open one."),
        "no_playing": _("No public table is in play right now."),
        "no_mine": _("You have no seat in any open room."),
        "private": _("private"),
        "reserved": _("seat reserved for you"),
    }
