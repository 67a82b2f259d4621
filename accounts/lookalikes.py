"""Look-alike names: the Unicode TR39 skeleton that two confusable names share.

``аlice`` with a Cyrillic а, ``a1ice``, ``alicé`` and ``alice`` all have the
skeleton ``alice``. A new username, or a display name (what tables show),
whose skeleton is another player's username or shown name is refused, so
nobody can sit at a table as somebody else's double. The skeleton is ICU's
(``SpoofChecker.getSkeleton``, through PyICU): ICU is the reference
implementation of UTS #39 and ships the current confusables data.

The accents go first: the name is decomposed (NFKD) and its combining marks
dropped (``é`` → ``e``, ``Å`` → ``A``), since TR39 keeps ``alicé`` apart from
``alice``. Letters that are not a base letter with a mark (``ø``, ``ł``,
``ß``) stay as the skeleton maps them. The skeleton is then taken of the name
as shown, then of its case-folded form: ``aIice`` (a capital I) looks like
``alice`` only before folding, ``Аlice`` (a Cyrillic capital А) like
``alice`` only after.

The skeleton keeps case apart where a capital looks like another small
letter (``ALICE`` → ``allce``: a capital I is an l), so a name is also looked
up by the skeletons of its case-folded and upper-case forms, and without
regard to case: ``ALICE``, ``ÁLICE`` and ``alice`` are one name whichever of
them came first.
"""

import unicodedata

import icu

_checker = icu.SpoofChecker()


def without_accents(name: str) -> str:
    """``name`` decomposed (NFKD) with every combining mark removed: ``ÁLICE`` → ``ALICE``."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))


def skeleton(name: str) -> str:
    """The string every name that looks like ``name`` maps to (what ``User`` stores)."""
    shown = _checker.getSkeleton(0, unicodedata.normalize("NFKC", without_accents(name)))
    return _checker.getSkeleton(0, shown.casefold())


def shapes(name: str) -> set[str]:
    """The skeletons ``name`` is looked up by: as written, case-folded and in capitals."""
    return {skeleton(name), skeleton(name.casefold()), skeleton(name.upper())}


def looks_like_another(name: str, me=None) -> bool:
    """True when ``name`` looks like the username or shown name of a player other than ``me``."""
    from django.contrib.auth import get_user_model
    from django.db.models import Q

    found = shapes(name)
    plain = without_accents(name)
    others = get_user_model().objects.filter(
        Q(username_skeleton__in=found)
        | Q(shown_name_skeleton__in=found)
        # The same letters in another case ("ALICE"): the skeleton keeps case apart.
        | Q(username__iexact=name)
        | Q(display_name__iexact=name)
        | Q(username__iexact=plain)
        | Q(display_name__iexact=plain)
    )
    if me is not None and me.pk is not None:
        others = others.exclude(pk=me.pk)
    return others.exists()
