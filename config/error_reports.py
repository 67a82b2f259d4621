"""Error reports that never show a seed.

A match's seed re-deals every hand of it, and a room's next seed the next
match: while they are secret, no error page or mail to the admins may hold
them. Django's debug page prints the local variables of every frame (a raw
database row among them), so this filter writes each variable out itself and
blanks every 64-character hex run in it, the form of every seed and stream
key. Fingerprints (also 64 hex characters) are blanked with them: an error
report does not need them. Variables marked with ``sensitive_variables`` are
blanked with DEBUG on too (Django's own filter only does so with DEBUG off).
"""

import re
from pprint import pformat

from django.views.debug import SafeExceptionReporterFilter

SECRET_HEX = re.compile(r"(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])")


class Shown:
    """A variable already written out: the report prints this text as it is."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text


def scrub(text: str) -> str:
    return SECRET_HEX.sub(SecretsFilter.cleansed_substitute, text)


class SecretsFilter(SafeExceptionReporterFilter):
    hidden_settings = re.compile("API|AUTH|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE|SEED", flags=re.I)

    def is_active(self, request) -> bool:
        return True

    def get_traceback_frame_variables(self, request, tb_frame):
        shown = []
        for name, value in super().get_traceback_frame_variables(request, tb_frame):
            try:
                text = pformat(value)
            except Exception as exc:  # as Django's reporter does with a value it cannot print
                text = f"Error in formatting: {exc.__class__.__name__}: {exc}"
            shown.append((name, Shown(scrub(text))))
        return shown
