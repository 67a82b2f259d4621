"""Repeat the fault scenarios and print what was lost.

For each fault, one stack (PostgreSQL, Redis) is started and migrated, then
the scenario of tests/reliability/faultkit.py runs N times on it, each run
with new users and a new room: a match played over real WebSockets while the
fault is injected. The table gives, per fault: runs, moves acknowledged,
acknowledged moves lost, duplicates, and the recovery time (median and worst).

    python -m bench.faults --runs 5
    python -m bench.faults --runs 3 --only daphne worker --keep
"""

import argparse
import json
import shutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts import stack as stackmod  # noqa: E402
from tests.reliability import faultkit  # noqa: E402


def run_fault(name: str, runs: int, keep: bool) -> list[faultkit.Run]:
    stack = stackmod.new_stack(**faultkit.FAST_ENV)
    results = []
    try:
        stack.start_redis()
        stack.start_postgres()
        stack.migrate()
        for i in range(runs):
            started = time.monotonic()
            try:
                run = faultkit.SCENARIOS[name](stack, faultkit.tag_for(i))
            except Exception as exc:  # a run that could not finish counts, with the reason
                run = faultkit.Run(name)
                run.problems.append(f"{type(exc).__name__}: {str(exc)[:300]}")
            results.append(run)
            print(
                f"  {name} run {i + 1}: acked {run.acked} lost {run.lost} dup {run.duplicates} "
                f"recovery {run.recovery}s problems {run.problems} ({time.monotonic() - started:.0f}s)",
                flush=True,
            )
    finally:
        stack.stop()
        if keep:
            print(f"  logs kept in {stack.workdir}")
        else:
            shutil.rmtree(stack.workdir, ignore_errors=True)
    return results


def table(all_runs: dict[str, list[faultkit.Run]]) -> str:
    lines = [
        "| fault | runs | moves acknowledged | moves lost | duplicates | recovery median / max (s) "
        "| `unavailable` answers | failed runs |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, runs in all_runs.items():
        times = [r.recovery for r in runs if r.recovery is not None]
        rec = f"{statistics.median(times):.1f} / {max(times):.1f}" if times else "-"
        lines.append(
            f"| {runs[0].fault if runs else name} | {len(runs)} | {sum(r.acked for r in runs)} | "
            f"{sum(r.lost for r in runs)} | {sum(r.duplicates for r in runs)} | {rec} | "
            f"{sum(r.unavailable for r in runs)} | {sum(1 for r in runs if r.problems)} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", nargs="*", choices=sorted(faultkit.SCENARIOS), default=None)
    parser.add_argument("--keep", action="store_true", help="keep the processes' logs")
    parser.add_argument("--json", type=Path, help="also write every run as JSON here")
    args = parser.parse_args()
    all_runs = {}
    for name in args.only or list(faultkit.SCENARIOS):
        print(f"{name}: {args.runs} runs", flush=True)
        all_runs[name] = run_fault(name, args.runs, args.keep)
    print()
    print(table(all_runs))
    if args.json:
        args.json.write_text(json.dumps({k: [r.row() for r in v] for k, v in all_runs.items()}, indent=1))


if __name__ == "__main__":
    main()
