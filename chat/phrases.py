"""The quick phrases of the table: a key is stored, each reader sees its text in their own language."""

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

PHRASES = {
    "nice": _("Nice!"),
    "thanks": _("Thanks"),
    "good_luck": _("Good luck"),
    "sorry": _("Sorry"),
    "lets_go": _("Let's go"),
    "well_played": _("Well played"),
}


def texts(key: str) -> dict[str, str]:
    """The phrase in every site language (one event serves readers of both)."""
    out = {}
    for code, _label in settings.LANGUAGES:
        with translation.override(code):
            out[code] = str(PHRASES[key])
    return out
