"""Hostile values the attack on the live site used: shared by the move, socket and page tests."""

MARKUP = '<script>alert("mesa")</script><img src=x onerror=alert(1)>'


def deep(levels: int = 960):
    """The value of the attack: a list nested ``levels`` deep (2 KB of JSON)."""
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


# Keys a client added to a legal move in the attack, and the ids the tests give them.
HOSTILE_EXTRAS = [
    {"x": deep()},
    {"x": "A" * 8000},
    {"x": float("nan")},
    {"seat": 0},
    {MARKUP: 1},
]
HOSTILE_EXTRA_IDS = ["deep", "8kb", "nan", "seat", "markup"]
