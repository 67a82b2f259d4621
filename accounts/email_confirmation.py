"""Confirming the e-mail given at sign-up, without telling anybody whether it is registered.

Sign-up answers the same whether or not another account has the e-mail: the
new account is created and logged in with the address as ``pending_email``,
and a message goes to that address. If no account has it, the message holds a
link that makes it the account's e-mail (``User.email``, where password
resets go); if one does, the message tells its owner that somebody tried to
sign up with it, and how to log in or reset the password. Only the owner of
the mailbox learns which one it was.

The link is signed (Django's signing with SECRET_KEY) and names the account
and the address: it works for three days and only while that address is
still the account's pending one.
"""

import logging
import smtplib

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

logger = logging.getLogger(__name__)

SALT = "accounts.email-confirmation"
MAX_AGE_SECONDS = 3 * 24 * 3600


def token_for(user) -> str:
    return signing.dumps({"user": user.pk, "email": user.pending_email}, salt=SALT, compress=True)


def user_for(token: str):
    """The account whose pending e-mail the token confirms, or None (forged, expired or outdated)."""
    try:
        data = signing.loads(token, salt=SALT, max_age=MAX_AGE_SECONDS)
    except signing.BadSignature:
        return None
    user = get_user_model().objects.filter(pk=data.get("user")).first()
    if user is None or not user.pending_email or user.pending_email != data.get("email"):
        return None
    return user


def owner_of(email: str):
    return get_user_model().objects.filter(email__iexact=email).first()


def send_signup_mail(request, user) -> None:
    """The link to confirm ``user.pending_email``, or, when another account has it, a note to that account."""
    owner = owner_of(user.pending_email)
    context = {
        "site_name": "Mesa",
        "base": request.build_absolute_uri("/").rstrip("/"),
        "user": user,
        "owner": owner,
        "confirm_url": reverse("accounts:confirm_email", args=[token_for(user)]),
        "login_url": reverse("accounts:login"),
        "reset_url": reverse("accounts:password_reset"),
    }
    template = "registration/email_taken_email.txt" if owner else "registration/confirm_email_email.txt"
    language = (owner.language if owner and owner.language else None) or translation.get_language()
    with translation.override(language):
        subject = render_to_string("registration/confirm_email_subject.txt", context).strip()
        body = render_to_string(template, context)
    try:
        send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [user.pending_email])
    except (smtplib.SMTPException, OSError):
        # The account stands; its e-mail stays unconfirmed (password resets cannot reach it yet).
        logger.warning("the sign-up mail of user %s could not be sent", user.pk, exc_info=True)


def confirm(user) -> bool:
    """Make the pending e-mail the account's; False when another account took it meanwhile."""
    email = user.pending_email
    if owner_of(email) is not None:
        return False
    user.email, user.pending_email = email, ""
    user.save(update_fields=["email", "pending_email"])
    return True
