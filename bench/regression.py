"""Fails loudly when a move's site CPU has grown more than 20% past the recorded figure.

Not a test: it needs a quiet machine and a minute or two, so it is run by hand
and before each release (bench/README.md). It starts the stack (bench/load.py,
one daphne, open loop, four people per room), measures the site CPU per move
(daphne + PostgreSQL + Redis + worker + beat, CPU time, not wall time) in
``--runs`` separate steps and compares the median with ``bench/baseline.json``.
Exit status 1 and a message naming the figures when it regressed; ``--record``
writes the median measured now as the new baseline (after a change that was
measured to be faster, or on a new reference machine).
"""

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import load  # noqa: E402

BASELINE = Path(__file__).with_name("baseline.json")
TOLERANCE = 1.20
STEP = ["--daphne", "1", "--rooms", "8", "--mode", "open", "--people", "4", "--duration", "12", "--warmup", "3"]


def measure(runs: int) -> dict:
    figures = []
    for _ in range(runs):
        out = load.main(STEP)
        step = out["steps"][-1]
        lost = step.get("lost_answers", 0) + step.get("lost_snapshots", 0)
        if sum(step.get("errors", {}).values()) or lost:
            raise SystemExit(f"the load step had errors or lost moves: {step.get('errors')}, {lost} lost")
        figures.append(step["cpu_ms_per_move"])
    site = [f["total_site"] for f in figures]
    return {
        "site_cpu_ms_per_move": round(statistics.median(site), 2),
        "runs": site,
        "daphne_cpu_ms_per_move": round(statistics.median(f.get("daphne", 0) for f in figures), 2),
        "step": " ".join(STEP),
    }


def regressed(now_ms: float, recorded_ms: float) -> bool:
    """More than 20% above the recorded figure."""
    return now_ms > recorded_ms * TOLERANCE


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=3, help="measured steps; their median is compared")
    p.add_argument("--record", action="store_true", help="write the median measured now as the baseline")
    args = p.parse_args(argv)
    now = measure(args.runs)
    if args.record:
        BASELINE.write_text(json.dumps(now, indent=2) + "\n")
        print(f"recorded: {now['site_cpu_ms_per_move']} ms of site CPU per move -> {BASELINE}")
        return 0
    recorded = json.loads(BASELINE.read_text())
    limit = recorded["site_cpu_ms_per_move"] * TOLERANCE
    verdict = "REGRESSED" if regressed(now["site_cpu_ms_per_move"], recorded["site_cpu_ms_per_move"]) else "ok"
    print(
        f"{verdict}: {now['site_cpu_ms_per_move']} ms of site CPU per move (runs {now['runs']}); "
        f"recorded {recorded['site_cpu_ms_per_move']} ms, limit {limit:.2f} ms (+{round((TOLERANCE - 1) * 100)}%)"
    )
    return 1 if verdict == "REGRESSED" else 0


if __name__ == "__main__":
    raise SystemExit(main())
