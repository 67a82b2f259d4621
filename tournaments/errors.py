"""The error every tournament service raises for a request it refuses: a stable code and a clear message.

``message`` is translated in the reader's language where it is shown (the pages
call ``str(error.message)`` inside the request's language); ``code`` is what
tests and clients match on.
"""

from django.utils.translation import gettext_lazy as _

MESSAGES = {
    "bad_game": _("There is no such game."),
    "bad_options": _("These options are not the game's: %(detail)s"),
    "bad_table_size": _("This game's tournament tables have %(sizes)s seats."),
    "bad_time_limit": _("A tournament's time per move is one of %(choices)s seconds."),
    "bad_minutes": _("A tournament lasts from %(low)s to %(high)s minutes."),
    "bad_start": _("A tournament starts within %(days)s days from now, not in the past."),
    "bad_hands": _("A tournament match has from 1 to %(high)s hands."),
    "bad_min_rated": _("The rated matches needed to enter are between 0 and %(high)s."),
    "bad_name": _("A tournament's name has 1 to 60 characters."),
    "muted": _("The site's staff muted you until %(until)s: until then you cannot name a tournament."),
    "too_many_private": _("You can create at most %(limit)s private tournaments a day."),
    "not_found": _("There is no such tournament."),
    "private_link": _("This tournament is private: it is reached only by its link."),
    "finished": _("This tournament is over."),
    "cancelled": _("This tournament was cancelled."),
    "already_joined": _("You are already in this tournament."),
    "not_joined": _("You are not in this tournament."),
    "needs_rated": _("This tournament needs %(count)s rated matches of this game to enter; you have %(have)s."),
    "signed_out": _("Sign in to join a tournament."),
    "staff_only": _("Only the site's staff can do that."),
    "needs_reason": _("Say why the tournament is cancelled."),
    "not_cancellable": _("A finished or cancelled tournament cannot be cancelled."),
}


class TournamentError(Exception):
    """A refused request: ``code`` (one of ``MESSAGES``) and its message with ``params`` filled in."""

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        super().__init__(code)

    @property
    def message(self) -> str:
        return str(MESSAGES[self.code]) % self.params if self.params else str(MESSAGES[self.code])

    def __str__(self) -> str:
        return self.message
