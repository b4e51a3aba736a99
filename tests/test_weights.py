"""The heuristic's weights are named in one place (policies/weights.py): each number there has
its C declaration in weights.pxd (the compiled modules read them as C variables), each is read
by a policy module, and the evaluation modules hold no tuning number of their own."""

from __future__ import annotations

import ast
import re
from pathlib import Path

POLICIES = Path(__file__).resolve().parent.parent / "unmatched_sim" / "policies"
EVALUATION = ("card_facts", "odds", "position", "tempo", "heuristic")
# numbers that are no tuning: nothing, all, and "below anything" / "rounding" sentinels
NOT_WEIGHTS = {0.0, 1.0, 1e9, 1e-12}


def _weights() -> dict[str, object]:
    tree = ast.parse((POLICIES / "weights.py").read_text())
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and not isinstance(node.value, ast.Dict):
            (target,) = node.targets
            out[target.id] = ast.literal_eval(node.value)
    return out


def test_every_weight_has_its_c_declaration_of_its_type():
    declared = dict((name, ctype) for ctype, name in
                    re.findall(r"^cdef (double|Py_ssize_t) (\w+)$", (POLICIES / "weights.pxd").read_text(), re.M))
    weights = _weights()
    assert set(declared) == set(weights)
    for name, value in weights.items():
        assert declared[name] == ("Py_ssize_t" if type(value) is int else "double"), name


def test_every_weight_is_read_by_a_policy_module():
    code = "\n".join((POLICIES / f"{m}.py").read_text() for m in EVALUATION)
    unused = [name for name in _weights() if len(re.findall(rf"\b{name}\b", code)) < 2]   # (its import, a use)
    assert not unused


def _style_tables(tree) -> set[int]:
    """The ids of the dicts that are the styles' parameters (``params = {...}``)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "params" for t in node.targets):
            out.add(id(node.value))
    return out


def test_the_evaluation_modules_hold_no_tuning_number_of_their_own():
    found = []
    for m in EVALUATION:
        tree = ast.parse((POLICIES / f"{m}.py").read_text())
        styles = _style_tables(tree)
        skip = {id(v) for node in ast.walk(tree) if id(node) in styles for v in node.values}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and type(node.value) is float and node.value not in NOT_WEIGHTS
                    and id(node) not in skip):
                found.append(f"{m}.py:{node.lineno}: {node.value}")
    assert not found, "name these in weights.py: " + ", ".join(found)


def test_code_run_as_python_imports_no_weight_that_is_a_c_variable_when_compiled():
    """A module that is not compiled (hero advice in hooks/, the analysis...) cannot read a
    weight declared in weights.pxd once the policies are compiled: it reads the Python tables
    (``OP_WORTH``, ``FOR_HERO_ADVICE``)."""
    from unmatched_sim._build import SOURCES
    package = POLICIES.parent
    compiled = {package.parent / rel for rel in SOURCES}
    c_only = set(_weights())
    wrong = []
    for path in [*package.rglob("*.py"), *Path(__file__).parent.glob("*.py")]:     # (tests too)
        if path in compiled:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "unmatched_sim.policies.weights":
                wrong += [f"{path.name}: {a.name}" for a in node.names if a.name in c_only]
    assert not wrong


def test_code_run_as_python_imports_no_c_only_function_of_a_compiled_module():
    """``cdef`` functions of a compiled module (``cdef inline`` in its .pxd: card_facts'
    ``usable``) do not exist for Python code; a module run as Python must not import them."""
    from unmatched_sim._build import SOURCES
    package = POLICIES.parent
    root = package.parent
    c_only = {}
    for rel in SOURCES:
        pxd = (root / rel).with_suffix(".pxd")
        if pxd.exists():
            module = rel[:-3].replace("/", ".")
            c_only[module] = set(re.findall(r"^cdef (?!class )(?:inline )?[\w\[\], ]+? (\w+)\(", pxd.read_text(), re.M))
    compiled = {root / rel for rel in SOURCES}
    wrong = []
    for path in package.rglob("*.py"):
        if path in compiled:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module in c_only:
                wrong += [f"{path.relative_to(package)}: {node.module}.{a.name}" for a in node.names
                          if a.name in c_only[node.module]]
    assert not wrong
