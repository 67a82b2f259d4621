"""A rating's history as the numbers of a small SVG line chart, drawn by a template on the server.

Only numbers leave here (coordinates and the values at the axis ends): the
template writes them into an inline ``<svg>``, with nothing a player typed in it.
"""

from ratings.models import RatingChange

WIDTH, HEIGHT, PAD = 320, 120, 8
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


def points(values: list[int]) -> dict | None:
    """The polyline's points and the chart's scale, or None with fewer than two values."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    span = max(high - low, 1)
    step = (WIDTH - 2 * PAD) / (len(values) - 1)
    coords = [
        (round(PAD + i * step, 1), round(HEIGHT - PAD - (value - low) * (HEIGHT - 2 * PAD) / span, 1))
        for i, value in enumerate(values)
    ]
    return {
        "points": " ".join(f"{x},{y}" for x, y in coords),
        "last": coords[-1],
        "low": low,
        "high": high,
        "width": WIDTH,
        "height": HEIGHT,
    }
