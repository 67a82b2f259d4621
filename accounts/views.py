"""Account pages: sign-up, log-in, profile. Password pages are Django's own views (see urls.py)."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts import records
from accounts.forms import LoginForm, ProfileForm, SignupForm

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
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save(commit=False)
        # The language the visitor was reading becomes the profile's language.
        current = translation.get_language()
        user.language = current if current in LANGUAGE_CODES else settings.LANGUAGE_CODE
        user.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to Mesa, %(name)s!") % {"name": user.shown_name})
        return redirect(_safe_next(request) or "home")
    return render(request, "accounts/signup.html", {"form": form, "next": _safe_next(request) or ""})


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


@login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    user = request.user
    # A separate copy: an invalid form must not leave its values on request.user (the header shows it).
    editing = get_user_model().objects.get(pk=user.pk)
    form = ProfileForm(
        request.POST or None, instance=editing, initial={"language": user.language or translation.get_language()}
    )
    if request.method == "POST" and form.is_valid():
        form.save()
        language = form.cleaned_data["language"]
        translation.activate(language)
        messages.success(request, _("Your profile has been saved."))
        return remember_language(redirect("accounts:profile"), language)
    context = {
        "form": form,
        "stats": records.game_stats(user),
        "recent_matches": records.recent_matches(user),
    }
    return render(request, "accounts/profile.html", context)
