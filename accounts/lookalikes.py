"""Look-alike usernames: the Unicode TR39 skeleton that two confusable names share.

``аlice`` with a Cyrillic а, ``a1ice`` and ``alice`` all have the skeleton
``alice``; a new name whose skeleton is already taken is refused at sign-up,
so nobody can sit at a table as somebody else's double. The skeleton is ICU's
(``SpoofChecker.getSkeleton``, through PyICU): ICU is the reference
implementation of UTS #39 and ships the current confusables data.

The skeleton is taken of the name as shown, then of its case-folded form:
``aIice`` (a capital I) looks like ``alice`` only before folding, ``Аlice``
(a Cyrillic capital А) like ``alice`` only after. Names that differ only in
case are refused anyway (usernames are unique without regard to case).
"""

import unicodedata

import icu

_checker = icu.SpoofChecker()


def skeleton(name: str) -> str:
    """The string every name that looks like ``name`` maps to."""
    shown = _checker.getSkeleton(0, unicodedata.normalize("NFKC", name))
    return _checker.getSkeleton(0, shown.casefold())
