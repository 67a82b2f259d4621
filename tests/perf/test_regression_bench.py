"""bench/regression.py: its verdict, and the recorded figure it compares with (the benchmark itself is run by hand)."""

import json


def test_the_regression_benchmark_fails_past_twenty_percent_and_has_a_baseline():
    """bench/regression.py: its verdict, and the recorded figure it compares with."""
    from bench import regression

    assert not regression.regressed(3.0, 2.5) and regression.regressed(3.01, 2.5)
    recorded = json.loads(regression.BASELINE.read_text())
    assert recorded["site_cpu_ms_per_move"] > 0 and recorded["step"] == " ".join(regression.STEP)
    assert recorded["commit"], "the commit measured, for --against"
