"""Keep a logged-in player's language in the profile and the cookie in step."""

from django.conf import settings
from django.contrib.auth import get_user_model

LANGUAGE_CODES = {code for code, _name in settings.LANGUAGES}


class ProfileLanguageMiddleware:
    """Copies the profile language into the language cookie's place for LocaleMiddleware,
    and saves the language of any response that sets the cookie back into the profile.

    Runs after the authentication middleware and before LocaleMiddleware. An
    explicit cookie still wins over the profile; that is safe because whatever
    sets the cookie for a logged-in player (Django's set_language view behind the
    switcher in base.html, the profile form, the log-in view) also ends up in the
    profile through the response half below.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        cookie = settings.LANGUAGE_COOKIE_NAME
        if cookie not in request.COOKIES:
            user = getattr(request, "user", None)
            language = getattr(user, "language", "") if user is not None and user.is_authenticated else ""
            if language:
                request.COOKIES[cookie] = language
        response = self.get_response(request)
        self._save_switched_language(request, response)
        return response

    @staticmethod
    def _save_switched_language(request, response) -> None:
        morsel = response.cookies.get(settings.LANGUAGE_COOKIE_NAME)
        user = getattr(request, "user", None)  # after a log-out this is the anonymous user
        if morsel is None or user is None or not user.is_authenticated:
            return
        language = morsel.value
        if language in LANGUAGE_CODES and language != user.language:
            get_user_model().objects.filter(pk=user.pk).update(language=language)
            user.language = language
