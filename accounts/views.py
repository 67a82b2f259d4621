"""Account pages: sign-up, log-in, e-mail confirmation. Password pages are Django's own views (see urls.py).

The pages of what a person did with their account (profile, their data, deleting it) are players/views.py's."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts import email_confirmation, limits
from accounts.forms import LoginForm, ResetForm, SignupForm

LANGUAGE_CODES = {code for code, _name in settings.LANGUAGES}


def remember_language(response, language: str):
    """Set the language cookie exactly as Django's set_language view does."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response


def _safe_next(request) -> str | None:
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return None


@require_http_methods(["GET", "POST"])
def signup(request):
    """A new account, logged in at once; its e-mail waits for confirmation (accounts/email_confirmation.py).

    The answer is the same whether or not another account has the e-mail.
    """
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = SignupForm(request.POST or None)
    status = 200
    # Every attempt counts, before the form is read: over the limit, a taken username
    # and a free one answer alike (otherwise the limit's answer told which is which).
    if request.method == "POST" and limits.signup_refused(request):
        form.refuse(_("Too many accounts were created from here in the last hour; try again later."))
        status = 429
    elif request.method == "POST" and form.is_valid():
        user = form.save(commit=False)
        user.email, user.pending_email = None, form.cleaned_data["email"]
        # The language the visitor was reading becomes the profile's language.
        current = translation.get_language()
        user.language = current if current in LANGUAGE_CODES else settings.LANGUAGE_CODE
        user.save()
        if not limits.mail_withheld(request, user.pending_email):
            email_confirmation.send_signup_mail(request, user)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request,
            _("Welcome to Mesa, %(name)s! We sent a message to %(email)s: open its link to confirm your e-mail.")
            % {"name": user.shown_name, "email": user.pending_email},
        )
        return redirect(_safe_next(request) or "lobby:lobby")
    context = {"form": form, "next": _safe_next(request) or ""}
    return render(request, "accounts/signup.html", context, status=status)


@require_http_methods(["GET"])
def confirm_email(request, token: str):
    """The link mailed at sign-up: the pending e-mail becomes the account's."""
    user = email_confirmation.user_for(token)
    if user is None:
        messages.error(request, _("This confirmation link is not valid any more."))
    elif email_confirmation.confirm(user):
        messages.success(request, _("Your e-mail is confirmed."))
    else:
        messages.error(request, _("This e-mail belongs to another account now; it was not confirmed."))
    return redirect("accounts:profile" if request.user.is_authenticated else "home")


class LoginView(auth_views.LoginView):
    """Django's log-in view with our form (django-axes throttles it); the profile's language follows the player."""

    form_class = LoginForm
    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def form_valid(self, form):
        response = super().form_valid(form)
        language = form.get_user().language
        if language in LANGUAGE_CODES:
            remember_language(response, language)
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """Django's password reset, with a limit on mails per address and per e-mail (accounts/limits.py)."""

    form_class = ResetForm

    def form_valid(self, form):
        if limits.reset_refused_here(self.request):
            form.add_error(None, _("Too many password resets were asked for from here; try again in an hour."))
            response = self.form_invalid(form)
            response.status_code = 429
            return response
        if limits.mail_withheld(self.request, form.cleaned_data["email"]):
            # Answered as if sent: the page must not tell whether the e-mail is registered.
            return redirect(self.get_success_url())
        return super().form_valid(form)
