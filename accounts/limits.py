"""How often one address may sign up, and how many password-reset mails go out.

Counted by django-ratelimit in Django's cache (fixed windows of an hour): the
process's memory in the embedded mode (one process), Redis in the stack, so
that the limits hold across daphne processes. IPv6 addresses count per /64,
as django-ratelimit does by default: one machine usually holds a whole /64.

- Sign-ups: without a limit per address, new accounts would get around the
  cap on rooms per account and hour (rooms/views.py).
- Password resets: per address (no mail bombing of many people from one
  place), and every mail (reset, sign-up confirmation) per e-mail (no mail
  bombing of one person from many places). A request over the e-mail's limit
  answers exactly as one whose mail was sent, so the answer still says
  nothing about whether the address is registered.
"""

from django.conf import settings
from django_ratelimit.core import is_ratelimited


def _per_hour(count: int) -> str:
    return f"{count}/h"


def signup_refused(request) -> bool:
    """Count one sign-up from this address; True when it is over the hour's limit."""
    return is_ratelimited(
        request, group="signup", key="ip", rate=_per_hour(settings.MESA_SIGNUPS_PER_HOUR), increment=True
    )


def reset_refused_here(request) -> bool:
    """Count one password-reset request from this address; True when it is over the limit."""
    return is_ratelimited(
        request, group="reset-ip", key="ip", rate=_per_hour(settings.MESA_RESETS_PER_HOUR), increment=True
    )


def mail_withheld(request, email: str) -> bool:
    """Count one mail to ``email`` (a password reset, a sign-up's confirmation or note);
    True when that e-mail had enough this hour and this one must not be sent."""
    address = email.strip().casefold()
    return is_ratelimited(
        request,
        group="mail-to",
        key=lambda group, request: address,
        rate=_per_hour(settings.MESA_MAILS_PER_EMAIL_PER_HOUR),
        increment=True,
    )
