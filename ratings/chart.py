"""A rating's history as the numbers of a small SVG line chart, drawn by a template on the server.

Only numbers leave here (coordinates and the values at the axis ends), already
written as text in Python: the template puts them into an inline ``<svg>`` as
they are, so no language's decimal comma ever reaches an SVG attribute (a
``cx="312,0"`` once drew the last point in the top-left corner in pt-BR).
"""

from ratings.models import RatingChange

WIDTH, HEIGHT, PAD = 320, 120, 8
AXIS = 40  # the left margin that holds the value axis's labels
HISTORY = 50


def history(user, game: str, limit: int = HISTORY) -> list[int]:
    """The shown rating before the oldest of the last ``limit`` changes, then after each, oldest first."""
    changes = list(
        RatingChange.objects.filter(user=user, game=game)
        .order_by("-created_at", "-id")
        .values_list("shown_before", "shown_after")[:limit]
    )
    if not changes:
        return []
    changes.reverse()
    return [changes[0][0], *(after for _before, after in changes)]


def dates(user, game: str, limit: int = HISTORY) -> tuple | None:
    """When the oldest and the newest of the charted changes were made (the chart's time axis)."""
    stamps = list(
        RatingChange.objects.filter(user=user, game=game)
        .order_by("-created_at", "-id")
        .values_list("created_at", flat=True)[:limit]
    )
    return (stamps[-1], stamps[0]) if stamps else None


def _text(number: float) -> str:
    """A coordinate as SVG reads it: a dot for the decimals, whatever the reader's language."""
    return f"{number:.1f}"


def points(values: list[int]) -> dict | None:
    """The polyline's points, the last point, the value axis, the first and last values; None below two values."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    span = max(high - low, 1)
    step = (WIDTH - AXIS - 2 * PAD) / (len(values) - 1)

    def y_of(value):
        return HEIGHT - PAD - (value - low) * (HEIGHT - 2 * PAD) / span

    coords = [(AXIS + PAD + i * step, y_of(value)) for i, value in enumerate(values)]
    ticks = sorted({high, low, round((high + low) / 2)}, reverse=True) if high != low else [high]
    return {
        "points": " ".join(f"{_text(x)},{_text(y)}" for x, y in coords),
        "last_x": _text(coords[-1][0]),
        "last_y": _text(coords[-1][1]),
        "axis_x": _text(AXIS),
        "axis": [
            {"y": _text(y_of(v)), "label_y": _text(min(max(y_of(v) + 4, 10), HEIGHT - 2)), "value": str(v)}
            for v in ticks
        ],
        "first": values[0],
        "last": values[-1],
        "low": low,
        "high": high,
        "width": WIDTH,
        "height": HEIGHT,
    }
