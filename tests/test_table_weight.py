"""The table page's own scripts and styles stay under 150 KB uncompressed (docs/benchmarks.md).

Counted per game: the stylesheets the shell links, the site script, and the game's module with
every module it imports, followed through the imports as the browser loads them.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
BUDGET = 150 * 1024
IMPORT = re.compile(r"""^\s*import\s+[^;]*?from\s+["'](\.{1,2}/[^"']+)["']""", re.M)
MODULES = ["games/capture.js", "games/crazy_eights.js", "games/buraco.js"]


def module_closure(entry: str) -> set[Path]:
    seen: set[Path] = set()
    todo = [STATIC / "js" / entry]
    while todo:
        path = todo.pop().resolve()
        if path in seen:
            continue
        seen.add(path)
        todo.extend(path.parent / rel for rel in IMPORT.findall(path.read_text(encoding="utf-8")))
    return seen


@pytest.mark.parametrize("entry", MODULES)
def test_a_table_loads_under_150_kb_of_its_own_js_and_css(entry):
    files = module_closure(entry) | {
        STATIC / "css" / "site.css",
        STATIC / "css" / "table.css",
        STATIC / "js" / "site.js",
    }
    assert STATIC / "js" / "table.js" in files and STATIC / "js" / "motion.js" in files
    total = sum(path.stat().st_size for path in files)
    print(entry, total, "bytes")
    assert total < BUDGET, {str(p.relative_to(STATIC)): p.stat().st_size for p in files}


def test_every_game_template_loads_one_of_these_modules():
    shown = set()
    for template in (ROOT / "templates" / "rooms").glob("table_*.html"):
        shown.update(re.findall(r"js/(games/[a-z_]+\.js)", template.read_text(encoding="utf-8")))
    assert shown == set(MODULES)
