"""What the table's chat panel needs from the server: the quick phrases and its labels, in the reader's language."""

from django import template
from django.utils.translation import gettext as _

from chat import phrases

register = template.Library()


@register.simple_tag
def chat_phrases() -> list[tuple[str, str]]:
    return [(key, str(text)) for key, text in phrases.PHRASES.items()]


@register.simple_tag
def chat_strings() -> dict[str, str]:
    return {
        "spectator": _("(watching)"),
        "mute": _("Mute"),
        "mute_title": _("Stop seeing this person's messages"),
        "report": _("Report"),
        "reported": _("Reported"),
    }
