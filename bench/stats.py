"""Small statistics shared by the benchmarks: Wilson intervals and percentiles."""

import math


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (z=1.96) Wilson score interval of a proportion wins/n."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    """The value at quantile q (0..1) of values, nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
