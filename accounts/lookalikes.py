"""Look-alike names: the Unicode TR39 skeleton that two confusable names share.

``аlice`` with a Cyrillic а, ``a1ice`` and ``alice`` all have the skeleton
``alice``. A new username, or a display name (what tables show), whose
skeleton is another player's username or shown name is refused, so nobody
can sit at a table as somebody else's double. The skeleton is ICU's
(``SpoofChecker.getSkeleton``, through PyICU): ICU is the reference
implementation of UTS #39 and ships the current confusables data.

The skeleton is taken of the name as shown, then of its case-folded form:
``aIice`` (a capital I) looks like ``alice`` only before folding, ``Аlice``
(a Cyrillic capital А) like ``alice`` only after. Names that differ only in
case (``ALICE``) are compared without regard to case besides.
"""

import unicodedata

import icu

_checker = icu.SpoofChecker()


def skeleton(name: str) -> str:
    """The string every name that looks like ``name`` maps to."""
    shown = _checker.getSkeleton(0, unicodedata.normalize("NFKC", name))
    return _checker.getSkeleton(0, shown.casefold())


def looks_like_another(name: str, me=None) -> bool:
    """True when ``name`` looks like the username or shown name of a player other than ``me``."""
    from django.contrib.auth import get_user_model
    from django.db.models import Q

    shape = skeleton(name)
    others = get_user_model().objects.filter(
        Q(username_skeleton=shape)
        | Q(shown_name_skeleton=shape)
        # The same letters in another case ("ALICE"): the skeleton keeps case apart.
        | Q(username__iexact=name)
        | Q(display_name__iexact=name)
    )
    if me is not None and me.pk is not None:
        others = others.exclude(pk=me.pk)
    return others.exists()
