"""What the table's chat panel needs from the server: the quick phrases, its labels and the reader's site-wide
mute, in the reader's language."""

from django import template
from django.utils.translation import gettext as _

from chat import gate, phrases
from chat.models import ChatReport

register = template.Library()


@register.simple_tag
def chat_phrases() -> list[tuple[str, str]]:
    return [(key, str(text)) for key, text in phrases.PHRASES.items()]


@register.simple_tag
def chat_strings() -> dict:
    return {
        "spectator": _("(watching)"),
        "mute": _("Mute"),
        "mute_title": _("Stop seeing this person's messages"),
        "unmute": _("Un-mute"),
        "unmute_title": _("See this person's messages again"),
        "report": _("Report"),
        "reported": _("Reported"),
        "report_why": _("Why do you report this message?"),
        "report_note": _("A note for the staff (optional)"),
        "report_send": _("Send the report"),
        "cancel": _("Cancel"),
        "unread": _("New messages in the table talk: {n}"),
        "reasons": {value: str(label) for value, label in ChatReport.Reason.choices},
    }


@register.simple_tag
def chat_site_mute(user) -> dict | None:
    """The staff's mute of the reader in force now: until when, in UTC text and as ISO 8601 for the browser."""
    mute = gate.site_mute(user.id) if user.is_authenticated else None
    return gate.mute_params(mute) if mute is not None else None
