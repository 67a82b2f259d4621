"""The apps form a tree: each imports only what docs/architecture.md's map allows it, and no circle closes.

Every import counts, those inside functions too, and every model relation (a
foreign key names its target by a string, not an import). ``config/`` is the
project that wires the apps, not one of them; tests, benchmarks and scripts
may import anything.
"""

import ast
import re
from pathlib import Path

from django.apps import apps as django_apps

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "docs" / "architecture.md"


def allowed_imports() -> dict[str, set[str]]:
    """app -> the apps it may import, from the map's table."""
    text = MAP.read_text()
    table = text[text.index("<!-- app-graph") : text.index("<!-- /app-graph -->")]
    allowed = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            allowed[cells[0].strip("`")] = set(re.findall(r"`([a-z_]+)`", cells[2]))
    return allowed


APPS = allowed_imports()


def imports_of(app: str) -> dict[str, set[str]]:
    """other app -> the files of ``app`` that import it, counting imports anywhere in a file."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / app).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top in APPS and top != app:
                    found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def relations_of(app: str) -> dict[str, set[str]]:
    """other app -> the models of ``app`` whose fields point at one of its models."""
    found: dict[str, set[str]] = {}
    for model in django_apps.get_app_config(app).get_models():
        for field in model._meta.get_fields(include_hidden=True):
            if field.is_relation and field.concrete and field.related_model is not None:
                target = field.related_model._meta.app_label
                if target in APPS and target != app:
                    found.setdefault(target, set()).add(f"{model.__name__}.{field.name}")
    return found


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """A path that comes back to where it started, if the graph has one."""
    state: dict[str, str] = {}

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = "open"
        for target in sorted(graph.get(node, ())):
            if state.get(target) == "open":
                return [*path[path.index(target) :], target] if target in path else [*path, target]
            if target not in state and (found := visit(target, [*path, target])):
                return found
        state[node] = "done"
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start, [start])):
            return found
    return None


def test_the_map_names_every_app_and_is_a_tree():
    local = {config.name for config in django_apps.get_app_configs() if (ROOT / config.name).is_dir()}
    assert set(APPS) == (local | {"games"}) - {"config"}, "every app of the project has its row in the map"
    assert all(target in APPS for targets in APPS.values() for target in targets)
    assert circle(APPS) is None, f"the map itself allows a circle: {circle(APPS)}"


def test_every_import_between_apps_goes_down_the_map():
    refused = {
        f"{app} -> {target}": sorted(files)
        for app in APPS
        for target, files in imports_of(app).items()
        if target not in APPS[app]
    }
    assert not refused, f"imports the map does not allow (docs/architecture.md): {refused}"


def test_every_model_relation_goes_down_the_map():
    refused = {
        f"{app} -> {target}": sorted(fields)
        for app in APPS
        if app != "games"  # no models: pure Python
        for target, fields in relations_of(app).items()
        if target not in APPS[app]
    }
    assert not refused, f"relations the map does not allow (docs/architecture.md): {refused}"


def test_no_circle_between_apps():
    graph = {app: set(imports_of(app)) | (set(relations_of(app)) if app != "games" else set()) for app in APPS}
    assert circle(graph) is None, " -> ".join(circle(graph))


def test_the_circle_finder_finds_one():
    """The check above would see a circle: two apps that import each other, and three in a ring."""
    assert circle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert circle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
