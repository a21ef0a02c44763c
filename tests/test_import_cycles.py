"""No import cycle in companion/: the graph of every import, read with ast, has no loop — an import inside a
function counts too, since it only hides a cycle until the function runs. The only imports inside functions
are the lazy ones docs/ARCHITECTURE.md lists under "Lazy imports" (module and why: start-up time); any other
fails here.

A relative import is resolved against its package; `from pkg import name` counts as an import of the
submodule pkg.name when there is one, else of pkg.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import companion

PACKAGE = Path(companion.__file__).resolve().parent
ARCHITECTURE = PACKAGE.parent / "docs" / "ARCHITECTURE.md"


def module_name(path: Path) -> str:
    parts = ("companion",) + path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def all_imports(tree: ast.Module):
    """Every import statement of the module: at its top, under an `if`, or inside a function."""
    return (node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom)))


def function_level_imports(tree: ast.Module):
    """The import statements inside a def (run when it is first called, not when the module is imported)."""
    return {node for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
            for node in all_imports(f)}


def module_level_imports(tree: ast.Module):
    """Import statements run when the module is imported: not in a def, not under `if TYPE_CHECKING`."""
    todo = list(tree.body)
    while todo:
        node = todo.pop(0)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            test = ast.unparse(node.test)
            if test not in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
                todo += node.body
            todo += node.orelse
        elif isinstance(node, ast.Try):
            todo += node.body + node.orelse + node.finalbody + [s for h in node.handlers for s in h.body]
        elif isinstance(node, (ast.With, ast.For, ast.While)):
            todo += node.body


def import_graph(imports=all_imports) -> dict[str, set[str]]:
    """Each module of companion/ to the modules of companion/ it imports (by `imports`: every one, by default)."""
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in files else source
                           for alias in node.names]
            graph[name] |= {t for t in targets if t in files and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One loop for each strongly connected group of modules (Tarjan), as [a, b, ..., a]."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [loop_through(graph, set(group), group[0]) for group in sorted(groups)]


def loop_through(graph: dict[str, set[str]], group: set[str], start: str) -> list[str]:
    """A shortest path from `start` back to itself inside its group."""
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph[v] & group):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                todo.append(w)
    raise AssertionError(f"{start} is in a cycle but no loop was found")


def documented_lazy_imports() -> list[str]:
    """The paths listed under docs/ARCHITECTURE.md's "Lazy imports" heading (a folder ends with "/")."""
    found = re.search(r"^#+ Lazy imports\n(.*?)(?=^#|\Z)", ARCHITECTURE.read_text(encoding="utf-8"), re.S | re.M)
    assert found, 'docs/ARCHITECTURE.md has no "Lazy imports" section'
    return re.findall(r"^- `(companion/[^`]+)`", found.group(1), re.M)


def lazy_importers() -> dict[str, list[str]]:
    """Each file of companion/ with imports inside functions: `line: statement` for each."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        nodes = function_level_imports(ast.parse(path.read_text(encoding="utf-8")))
        if nodes:
            out[path.relative_to(PACKAGE.parent).as_posix()] = [f"{n.lineno}: {ast.unparse(n)}"
                                                                for n in sorted(nodes, key=lambda n: n.lineno)]
    return out


def documented(path: str, listed: list[str]) -> bool:
    return any(path == entry or (entry.endswith("/") and path.startswith(entry)) for entry in listed)


def test_the_graph_sees_relative_and_submodule_imports():
    graph = import_graph()
    assert "companion.schemas.files.problems" in graph["companion.schemas.files.scenario"]  # from .problems import
    assert "companion.bench.turns" in graph["companion.bench.engine"]  # from . import turns
    assert "companion.phantom.hexmap" in graph["companion.bench.engine"]  # from ..phantom.hexmap import
    assert "companion.web" not in graph["companion"]  # create_app imports it inside the function
    assert "companion.web.setup" in graph["companion"]  # ... and that import counts
    assert "companion.web.setup" not in import_graph(module_level_imports)["companion"]


def test_the_lazy_imports_are_read_from_the_architecture_page():
    listed = documented_lazy_imports()
    assert {"companion/__init__.py", "companion/cli.py", "companion/bench/"} <= set(listed)
    assert documented("companion/bench/pages.py", listed) and not documented("companion/web/setup.py", listed)


def test_every_import_inside_a_function_is_a_documented_lazy_import():
    listed = documented_lazy_imports()
    importers = lazy_importers()
    undocumented = {path: lines for path, lines in importers.items() if not documented(path, listed)}
    assert undocumented == {}, ("imports inside functions, not listed under docs/ARCHITECTURE.md's Lazy imports: "
                                + "; ".join(f"{p} ({', '.join(lines)})" for p, lines in undocumented.items()))
    stale = [entry for entry in listed if not any(documented(p, [entry]) for p in importers)]
    assert stale == [], f"listed as lazy imports but importing nothing inside a function: {stale}"


def test_cycles_finds_a_loop():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert cycles(graph) == [["a", "b", "c", "a"]]


def test_no_import_cycle_in_companion():
    found = cycles(import_graph())
    assert found == [], "import cycles: " + "; ".join(" -> ".join(loop) for loop in found)
