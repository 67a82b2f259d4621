"""How django-axes throttles failed log-ins here (site and admin alike).

Failures are counted per username *and* address together
(``AXES_LOCKOUT_PARAMETERS``): guesses at alice's password from one address
make that address wait for alice, never alice at home, and a crowd behind one
address (a load balancer, a school) never locks out each other. After
``AXES_FAILURE_LIMIT`` failures the pair waits one minute; every failure after
that doubles the wait, up to a day. Failures are forgotten fifteen minutes
after the last one (after the end of the wait, past the limit), or at once by
a successful log-in of that pair. The choice is explained in docs/accounts.md.

This module only answers axes' questions (how long, whose name, which
address, what page); it never authenticates anybody.
"""

from datetime import timedelta

from axes.models import AccessAttempt, AccessAttemptExpiration, AccessFailureLog, AccessLog
from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db.models import Max, Min, Sum
from django.http import HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _

from accounts.addresses import client_ip

# How long failures below the limit are remembered after the last one.
FORGET_AFTER = timedelta(minutes=15)
FIRST_WAIT = timedelta(minutes=1)
LONGEST_WAIT = timedelta(days=1)
USERNAME_LENGTH = 150

LOCKED_MESSAGE = _(
    "Too many failed log-in attempts for this account from here. Please wait a few minutes and try again: "
    "every further failure makes the wait longer."
)


def username_key(request, credentials) -> str:
    """The username as counted: case-folded, so that ALICE and alice share one count."""
    name = (credentials or {}).get("username")
    if name is None:
        name = request.POST.get("username", "")
    return str(name).strip().casefold()[:USERNAME_LENGTH]


def wait_after(failures: int) -> timedelta:
    """The wait after ``failures`` failures of one pair: doubling from the limit on."""
    limit = settings.AXES_FAILURE_LIMIT
    if failures < limit:
        return FORGET_AFTER
    return min(FIRST_WAIT * 2 ** min(failures - limit, 20), LONGEST_WAIT)


def cool_off(request) -> timedelta:
    """``AXES_COOLOFF_TIME``: how far back the failures of this request's pair count.

    Below the limit that is FORGET_AFTER; at and past it, the pair's current
    wait, so that the lock ends when the wait after the latest failure does. Each failure also keeps the
    pair's record at least FORGET_AFTER (axes keeps the latest expiry), so the
    count, and with it the wait, goes on growing while the guessing goes on.
    """
    if request is None:
        return FORGET_AFTER
    # axes keeps one record per user agent too. A client that changes its user agent
    # has several: their failures add up, and the window reaches back to the oldest,
    # so that none of them drops out before the wait after the latest is over.
    pair = AccessAttempt.objects.filter(username=username_key(request, None), ip_address=client_ip(request))
    seen = pair.aggregate(failures=Sum("failures_since_start"), first=Min("attempt_time"), last=Max("attempt_time"))
    if not seen["failures"]:
        return wait_after(0)
    return wait_after(seen["failures"]) + (seen["last"] - seen["first"])


def keep_the_pair_together(sender, instance, **kwargs) -> None:
    """``post_save`` of an ``AccessAttemptExpiration``: all records of a pair expire together.

    axes gives each record (one per user agent) the expiry of its own last
    failure, at most the end of the wait: the count, and with it the growing
    wait, would start again from zero at the end of every wait, and a record of
    another user agent would drop out of the count early. So every record of
    the pair lives until FORGET_AFTER past the end of the pair's current wait
    (past its latest failure, below the limit).
    """
    attempt = instance.access_attempt
    pair = AccessAttemptExpiration.objects.filter(
        access_attempt__username=attempt.username, access_attempt__ip_address=attempt.ip_address
    )
    failures = pair.aggregate(total=Sum("access_attempt__failures_since_start"))["total"] or 0
    wait = wait_after(failures) if failures >= settings.AXES_FAILURE_LIMIT else timedelta(0)
    until = attempt.attempt_time + wait + FORGET_AFTER
    pair.filter(expires_at__lt=until).update(expires_at=until)


def lockout_response(request, original_response, credentials):
    """The log-in page again (site or admin, whichever was posted), with the throttle's message.

    The view has already rendered its page with "wrong password"; it is rendered
    again from the same template and context with the message instead.
    """
    status = settings.AXES_HTTP_RESPONSE_CODE
    context = getattr(original_response, "context_data", None) or {}
    form = context.get("form")
    if not isinstance(original_response, TemplateResponse) or form is None:
        return HttpResponse(LOCKED_MESSAGE, status=status, content_type="text/plain; charset=utf-8")
    form.errors.pop(NON_FIELD_ERRORS, None)
    form.add_error(None, ValidationError(LOCKED_MESSAGE, code="throttled"))
    response = TemplateResponse(request, original_response.template_name, context, status=status)
    return response.render()


def forget(*usernames: str) -> int:
    """The throttle's records of these names go (an erased account, players/erasure.py); returns how many.

    Every record of a pair (its failures, its expiry, and the logs axes may keep) names the
    username as it was typed, case-folded (``username_key``).
    """
    keys = {str(name).strip().casefold()[:USERNAME_LENGTH] for name in usernames} - {""}
    gone = 0
    for model in (AccessAttempt, AccessFailureLog, AccessLog):
        gone += model.objects.filter(username__in=keys).delete()[0]
    return gone
