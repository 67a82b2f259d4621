"""The table page's own scripts and styles stay under 175 KB as written and 56 KB as they travel
(gzip, as WhiteNoise serves them): docs/benchmarks.md.

Counted per game: the stylesheets the shell links, the site script, and the game's module with
every module it imports, followed through the imports as the browser loads them. The sources
keep their comments (they say why), so the first figure bounds what the browser parses and the
second what a phone downloads.
"""

import gzip
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
BUDGET = 175 * 1024
COMPRESSED_BUDGET = 56 * 1024
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
def test_a_table_loads_under_its_budget_of_its_own_js_and_css(entry):
    files = module_closure(entry) | {
        STATIC / "css" / "site.css",
        STATIC / "css" / "table.css",
        STATIC / "js" / "site.js",
    }
    assert STATIC / "js" / "table.js" in files and STATIC / "js" / "motion.js" in files
    total = sum(path.stat().st_size for path in files)
    compressed = sum(len(gzip.compress(path.read_bytes(), 9)) for path in files)
    print(entry, total, "bytes,", compressed, "compressed")
    assert total < BUDGET, {str(p.relative_to(STATIC)): p.stat().st_size for p in files}
    assert compressed < COMPRESSED_BUDGET, compressed


def test_every_game_template_loads_one_of_these_modules():
    shown = set()
    for template in (ROOT / "templates" / "rooms").glob("table_*.html"):
        shown.update(re.findall(r"js/(games/[a-z_]+\.js)", template.read_text(encoding="utf-8")))
    assert shown == set(MODULES)
