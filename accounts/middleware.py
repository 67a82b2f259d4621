"""Use the language saved in a logged-in player's profile."""

from django.conf import settings


class ProfileLanguageMiddleware:
    """Copies the profile language into the language cookie's place for LocaleMiddleware.

    Runs after the session middleware and before LocaleMiddleware; an explicit
    cookie (the language switcher) still wins, because the switcher also saves
    the profile.
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
        return self.get_response(request)
