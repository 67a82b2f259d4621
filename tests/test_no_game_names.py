"""The room layer knows no game by name: what a game is comes from its declaration (games/*/spec.py).

A game-name literal in ``rooms/``, ``lobby/``, ``players/``, ``chat/``, ``accounts/``, ``config/`` or the shared
table script would be a branch on the game that a fifth game could not reach
without editing the room layer (docs/architecture.md lists what adding a game
touches). Migrations are history and keep the names they were written with.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("rouba_monte", "stealing_bundles", "crazy_eights", "buraco")
LITERAL = re.compile(r"""(["'`])(""" + "|".join(NAMES) + r""")\1""")
ROOM_LAYER = ("rooms", "accounts", "config", "lobby", "players", "chat")


def literals(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
        for m in LITERAL.finditer(text)
    ]


def room_layer_files() -> list[Path]:
    return sorted(
        path
        for package in ROOM_LAYER
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.relative_to(ROOT).parts
    )


def test_the_check_finds_a_literal():
    sample = ROOT / "games" / "rouba_monte" / "spec.py"
    assert literals(sample), "the pattern must see the game names where they belong"


def test_no_game_name_in_the_room_layer():
    files = room_layer_files()
    assert len(files) > 20
    found = [hit for path in files for hit in literals(path)]
    assert not found, "branch on the game's declaration, not its name:\n" + "\n".join(found)


TABLE_SCRIPT = ROOT / "static" / "js" / "table.js"


def test_no_game_name_in_the_shared_table_script():
    found = literals(TABLE_SCRIPT)
    assert not found, (
        "the shared table script reads the game's rules from the page (table_rules), not its name:\n" + "\n".join(found)
    )
