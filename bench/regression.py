"""Fails loudly when a move's site CPU has grown more than 20% past the recorded figure.

Not a test: it needs a quiet machine and a minute or two, so it is run by hand
and before each release (bench/README.md). It starts the stack (bench/load.py,
one daphne, open loop, four people per room), measures the site CPU per move
(daphne + PostgreSQL + Redis + worker + beat, CPU time, not wall time) in
``--runs`` separate steps and compares the median with ``bench/baseline.json``.
Exit status 1 and a message naming the figures when it regressed; ``--record``
writes the median measured now as the new baseline (after a change that was
measured to be faster, or on a new reference machine), with the commit it was
measured on.

The same code on the same machine measures up to a quarter apart from one hour
to the next (docs/benchmarks.md), so a failure against the recorded figure may
be the machine. ``--against COMMIT`` settles it: that commit is checked out
beside this one (a temporary git worktree sharing this virtualenv) and the two
are measured alternately, step for step; the verdict compares their medians.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import load  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BASELINE = Path(__file__).with_name("baseline.json")
TOLERANCE = 1.20
STEP = ["--daphne", "1", "--rooms", "8", "--mode", "open", "--people", "4", "--duration", "12", "--warmup", "3"]


def measure(runs: int) -> dict:
    figures = [site_cpu(load.main(STEP)["steps"][-1], "this checkout") for _ in range(runs)]
    site = [f["total_site"] for f in figures]
    return {
        "site_cpu_ms_per_move": round(statistics.median(site), 2),
        "runs": site,
        "daphne_cpu_ms_per_move": round(statistics.median(f.get("daphne", 0) for f in figures), 2),
        "step": " ".join(STEP),
    }


def site_cpu(step: dict, where) -> dict:
    """A load step's CPU figures per move; a step with an error or a lost move stops the check."""
    lost = step.get("lost_answers", 0) + step.get("lost_snapshots", 0)
    if sum(step.get("errors", {}).values()) or lost:
        raise SystemExit(f"{where}: the load step had errors or lost moves: {step.get('errors')}, {lost} lost")
    return step["cpu_ms_per_move"]


def step_in(checkout: Path, out: Path) -> dict:
    """One load step run from ``checkout``'s code (a separate process), its site CPU figures."""
    python = ROOT / ".venv" / "bin" / "python"
    cmd = [str(python if python.exists() else sys.executable), "bench/load.py", *STEP, "--json", str(out)]
    subprocess.run(cmd, cwd=checkout, check=True, stdout=subprocess.DEVNULL)
    return site_cpu(json.loads(out.read_text())["steps"][-1], checkout)


def measure_against(commit: str, runs: int) -> tuple[list[float], list[float]]:
    """Site CPU per move of ``commit`` and of this checkout, measured alternately."""
    with tempfile.TemporaryDirectory(prefix="mesa-regression-") as tmp:
        other = Path(tmp) / "reference"
        subprocess.run(["git", "worktree", "add", "--detach", str(other), commit], cwd=ROOT, check=True)
        try:
            if (ROOT / ".venv").exists():
                os.symlink(ROOT / ".venv", other / ".venv")
            reference, now = [], []
            for i in range(runs):
                reference.append(step_in(other, Path(tmp) / f"reference-{i}.json")["total_site"])
                now.append(step_in(ROOT, Path(tmp) / f"now-{i}.json")["total_site"])
                print(f"step {i + 1} of {runs}: {commit} {reference[-1]} ms, this checkout {now[-1]} ms")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=ROOT, check=False)
    return reference, now


def head_commit() -> str | None:
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip() or None


def regressed(now_ms: float, recorded_ms: float) -> bool:
    """More than 20% above the recorded figure."""
    return now_ms > recorded_ms * TOLERANCE


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=3, help="measured steps; their median is compared")
    p.add_argument("--record", action="store_true", help="write the median measured now as the baseline")
    p.add_argument("--against", metavar="COMMIT", help="measure that commit and this checkout alternately instead")
    args = p.parse_args(argv)
    if args.against:
        reference, runs = measure_against(args.against, args.runs)
        ref_ms, now_ms = round(statistics.median(reference), 2), round(statistics.median(runs), 2)
        verdict = "REGRESSED" if regressed(now_ms, ref_ms) else "ok"
        print(
            f"{verdict}: {now_ms} ms of site CPU per move (runs {runs}); {args.against} measured alongside "
            f"{ref_ms} ms (runs {reference}), limit {ref_ms * TOLERANCE:.2f} ms (+{round((TOLERANCE - 1) * 100)}%)"
        )
        return 1 if verdict == "REGRESSED" else 0
    now = measure(args.runs)
    if args.record:
        now["commit"] = head_commit()
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
    if verdict == "REGRESSED" and recorded.get("commit"):
        print(f"the machine or the code? bench/regression.py --against {recorded['commit']} measures both alongside")
    return 1 if verdict == "REGRESSED" else 0


if __name__ == "__main__":
    raise SystemExit(main())
