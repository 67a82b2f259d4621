"""Who may read a match's record, and loading it without its secrets.

A match's verify page and data are found by ``Match.public_id``, which cannot
be guessed. A public room's matches are for anyone, signed out too (the home
page promises that anyone can check a shuffle); a private room's for the people
who played them (``Match.players``) and staff, so a signed-out visitor gets 404. The seed
is never loaded here: a playing match's seed must not reach any request, and
``Match.seed`` is read (one query of its own) only by code that has checked
that the match is over.
"""

from django.db.models import Q, QuerySet
from django.http import Http404

from rooms.models import Match

# Staff who may read every match, private rooms' too: the table moderators' (a bare staff account may not).
STAFF_PERMISSION = "rooms.view_match"

# The match's seed, and its room's next one (the seed of the next match).
SECRET_FIELDS = ("seed", "room__next_seed")


def without_secrets(queryset: QuerySet | None = None) -> QuerySet:
    """Matches with their room, both without their seeds: reading one costs a query of its own."""
    return (queryset if queryset is not None else Match.objects.all()).select_related("room").defer(*SECRET_FIELDS)


def visible_to(user) -> QuerySet:
    """The matches ``user`` may read (an anonymous visitor: the public rooms' only)."""
    matches = without_secrets()
    if not user.is_authenticated:
        return matches.filter(room__is_public=True)
    if user.has_perm(STAFF_PERMISSION):
        return matches
    played = Match.players.through.objects.filter(user_id=user.pk).values("match_id")
    return matches.filter(Q(room__is_public=True) | Q(pk__in=played))


def match_for(user, public_id: str) -> Match:
    """The match named ``public_id`` if ``user`` may read it; 404 otherwise (the same for both)."""
    match = visible_to(user).filter(public_id=public_id).first()
    if match is None:
        raise Http404("no such match")
    return match
