"""The live table's cumulative layout shift on a phone, over a window of play (docs/benchmarks.md).

Lighthouse scores the layout shift of the first seconds only, and whether a seat's turn comes
round inside them is chance: its 0.003 and its 0.08 were the same page. This watches the table
Lighthouse audits (bench/lighthouse.py: Crazy Eights, three bots, a bot move every 0.8 s) on its
phone (412x823, touch, pt-BR, 4x CPU throttling) for ``--seconds`` with a PerformanceObserver and
prints the sum of the shifts without recent input (the CLS of the window) and each shift's
elements, so a regression names what moved:

    nice -n 19 .venv/bin/python -m bench.layout_shift [--seconds 12] [--runs 3]
"""

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests import their conftest by name

from conftest import CHROMIUM_ARGS  # noqa: E402

from bench.lighthouse import TABLE  # noqa: E402
from scripts import stack as stackmod  # noqa: E402
from tests.live import make_users, manage_shell  # noqa: E402

OBSERVE_JS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.hadRecentInput) continue;
    const name = (n) => (n && n.nodeType === 1 ? `${n.tagName.toLowerCase()}${n.id ? "#" + n.id : ""}.${n.className}` : "?");
    window.__shifts.push({ value: e.value, at: Math.round(e.startTime), nodes: (e.sources || []).map((s) => name(s.node)) });
  }
}).observe({ type: "layout-shift", buffered: true });
"""


def watch(browser, base: str, session: str, code: str, seconds: float, throttle: float) -> list[dict]:
    context = browser.new_context(
        viewport={"width": 412, "height": 823}, is_mobile=True, has_touch=True, device_scale_factor=1.75
    )
    for name, value in (("sessionid", session), ("django_language", "pt-br")):
        context.add_cookies([{"name": name, "value": value, "domain": "127.0.0.1", "path": "/"}])
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.add_init_script(OBSERVE_JS)
    page.goto(f"{base}/rooms/{code}/")
    page.wait_for_timeout(seconds * 1000)
    shifts = page.evaluate("() => window.__shifts")
    context.close()
    return shifts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=12)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--throttle", type=float, default=4)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    s = stackmod.new_stack(MESA_STATIC_MANIFEST="1", MESA_BOT_DELAY_MS="800")
    s.env.pop("REDIS_URL", None)
    s.env.pop("DATABASE_URL", None)
    totals = []
    try:
        s.migrate()
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=s.env, check=True
        )
        base = f"http://127.0.0.1:{s.start_daphne().port}"
        session = make_users(s.env, "shift")["shift"]["session"]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, headless=True, args=CHROMIUM_ARGS)
            for run in range(args.runs):
                out = manage_shell(s.env, TABLE.format(name="shift"))
                code = next(x for x in out.splitlines() if x.startswith("CODE"))[4:]
                shifts = watch(browser, base, session, code, args.seconds, args.throttle)
                total = sum(x["value"] for x in shifts)
                totals.append(total)
                print(f"run {run + 1}: layout shift {total:.3f} over {args.seconds:g} s")
                for x in shifts:
                    print(f"    {x['value']:.4f} at {x['at']} ms: {json.dumps(x['nodes'])}")
            browser.close()
    finally:
        s.stop()
    print(f"median of {args.runs} runs: {statistics.median(totals):.3f} (max {max(totals):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
