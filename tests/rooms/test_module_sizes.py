"""The room layer stays readable: no module over about 400 lines, no function over about 50.

A function whose body only returns a literal (a table of translated strings)
is data, not logic, and is counted neither as a function nor in its module.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 50


def room_layer_modules() -> list[Path]:
    return [p for p in sorted((ROOT / "rooms").rglob("*.py")) if "migrations" not in p.parts]


def only_returns_a_literal(fn) -> bool:
    body = [n for n in fn.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    return len(body) == 1 and isinstance(body[0], ast.Return) and isinstance(body[0].value, ast.Dict | ast.List)


def code_lines(path: Path) -> int:
    """The module's lines, less those of functions that only return a literal (tables of strings)."""
    tree = ast.parse(path.read_text())
    data = sum(
        fn.end_lineno - fn.lineno + 1
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) and only_returns_a_literal(fn)
    )
    return len(path.read_text().splitlines()) - data


def test_no_module_is_too_long():
    long = {str(p.relative_to(ROOT)): n for p in room_layer_modules() if (n := code_lines(p)) > MAX_MODULE_LINES}
    assert not long, long


def test_no_function_is_too_long():
    long = {}
    for path in room_layer_modules():
        for fn in ast.walk(ast.parse(path.read_text())):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) and not only_returns_a_literal(fn):
                lines = fn.end_lineno - fn.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long[f"{path.relative_to(ROOT)}:{fn.name}"] = lines
    assert not long, long
