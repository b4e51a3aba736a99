"""The package's modules import each other without cycles.

The graph is built from the source with ``ast``: every ``import`` and ``from ... import``, at
module level or inside a function, absolute or relative; imports under ``if TYPE_CHECKING:`` are
left out (they never run). ``from package import name`` is an edge to the submodule ``name``
when there is one, else to the package. Importing a submodule also runs its package's
``__init__``, but that is not counted as an edge (every package would otherwise be a cycle).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "unmatched_sim"


def _modules() -> dict[str, tuple[Path, bool]]:
    """Module name -> (file, is a package ``__init__``)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts.pop()
        out[".".join(parts)] = (path, is_pkg)
    return out


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            if (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
                    (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"):
                for stmt in node.body:
                    skip.update(id(n) for n in ast.walk(stmt))
    return skip


def import_graph() -> dict[str, set[str]]:
    modules = _modules()

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {m: set() for m in modules}
    for mod, (path, is_pkg) in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        skip = _type_checking_nodes(tree)
        here = mod if is_pkg else mod.rpartition(".")[0]
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[: len(here.split(".")) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in modules else source
                           for a in node.names]
            else:
                continue
            for target in targets:
                if target == "unmatched_sim" or target.startswith("unmatched_sim."):
                    dep = known(target)
                    if dep and dep != mod:
                        graph[mod].add(dep)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

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
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def a_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One concrete loop through ``component``: a -> b -> ... -> a."""
    members = set(component)
    start = component[0]
    path, seen = [start], {start}
    while True:
        nxt = sorted(d for d in graph[path[-1]] if d in members)
        back = [d for d in nxt if d in path]
        if back:
            return path[path.index(back[0]):] + [back[0]]
        step = next(d for d in nxt if d not in seen)
        path.append(step)
        seen.add(step)


def _describe(graph, components) -> str:
    return "; ".join(" -> ".join(a_cycle(graph, c)) for c in components)


def test_the_graph_sees_imports_of_every_kind():
    graph = import_graph()
    assert "unmatched_sim.run.plan" in graph["unmatched_sim.run.play"]           # module level
    assert "unmatched_sim.multiboard" in graph["unmatched_sim.cli.common"]       # inside a function
    assert "unmatched_sim.run.store" in graph["unmatched_sim.run.play"]          # from package import module


@pytest.mark.parametrize("package", ["unmatched_sim.cli", "unmatched_sim.run"])
def test_no_module_of_a_package_imports_its_own_init(package):
    """The command modules and the run modules import each other directly, never through the
    package's ``__init__`` (which only assembles and re-exports them)."""
    graph = import_graph()
    back = sorted(m for m, deps in graph.items() if m.startswith(package + ".") and package in deps)
    assert not back, f"{', '.join(back)} import {package} (its __init__) back"


def test_no_import_cycle_anywhere():
    graph = import_graph()
    found = cycles(graph)
    assert not found, f"import cycles: {_describe(graph, found)}"
