"""The optional compiled build: which modules it covers, and which of them this process runs.

``pip install`` compiles the hot modules listed in ``SOURCES`` with Cython when it can (see
``hatch_build.py``; a machine without a C compiler simply gets the pure-Python package) and
writes the build record ``_compiled.json``: compiled or pure and why, how it was compiled, and
the SHA-256 of each compiled source (``read_record()``). The compiled module is plain Python
semantics compiled to C: the same games come out either way (``tests/test_build.py``).
``describe()`` is the text of ``sim --version``: which build runs, and why.

At import, ``install()`` decides per module:

* compiled, when its extension exists and its source is the one it was compiled from;
* pure Python, when ``UNMATCHED_SIM_PURE=1`` is set, or when the source has changed since the
  build (a stale extension would silently run old code: edits to ``heuristic.py`` would have no
  effect). A stale module prints one line saying how to rebuild.

A module's source is its ``.py`` and, where there is one, its ``.pxd`` (the typed records other
compiled modules ``cimport``: ``model.pxd``, ``engine/state.pxd``, the game's chain ``piles.pxd``
<- ``board_state.pxd`` <- ``combat.pxd`` <- ``game.pxd`` with ``steps.pxd``, ``view.pxd``,
``determinize.pxd``, ``policies/base.pxd``, ``greedy.pxd``, ``search.pxd``). A compiled module that
cimports a module running as pure Python cannot load (it expects that module's classes to be the
compiled types), so it runs as pure Python too (``stale``); and a module that a pure one imports
runs as pure Python too, since a compiled module's C-only names (the heuristic's weights, a
``.pxd``'s inline functions) are not there for a Python import. The hot modules are so bound
together that an edit to one of them runs nearly all of them as pure Python until the next install.

This module is never compiled itself.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from pathlib import Path

# The modules where the time goes (the engine's, the heuristic's and the search's hot paths), as
# file paths relative to the project root. hatch_build.py compiles exactly these.
SOURCES = (
    "unmatched_sim/engine/game.py",
    "unmatched_sim/engine/piles.py",
    "unmatched_sim/engine/board_state.py",
    "unmatched_sim/engine/combat.py",
    "unmatched_sim/engine/steps.py",
    "unmatched_sim/engine/effects.py",
    "unmatched_sim/engine/state.py",
    "unmatched_sim/engine/view.py",
    "unmatched_sim/engine/determinize.py",
    "unmatched_sim/policies/base.py",
    "unmatched_sim/policies/greedy.py",
    "unmatched_sim/policies/weights.py",
    "unmatched_sim/policies/card_facts.py",
    "unmatched_sim/policies/odds.py",
    "unmatched_sim/policies/position.py",
    "unmatched_sim/policies/tempo.py",
    "unmatched_sim/policies/heuristic.py",
    "unmatched_sim/policies/search.py",
    "unmatched_sim/log.py",
    "unmatched_sim/model.py",
)
MANIFEST = "_compiled.json"
PURE_ENV = "UNMATCHED_SIM_PURE"
_WARNED_ENV = "UNMATCHED_SIM_STALE_WARNED"     # a run's worker processes do not repeat the line

PACKAGE = Path(__file__).resolve().parent


def module_name(source: str) -> str:
    return source[:-3].replace("/", ".")


def source_digest(path: Path) -> str:
    """The SHA-256 of a module's source: its ``.py``, then its ``.pxd`` if it has one."""
    import hashlib

    h = hashlib.sha256(path.read_bytes())
    pxd = path.with_suffix(".pxd")
    if pxd.exists():
        h.update(pxd.read_bytes())
    return h.hexdigest()


def cimports(path: Path) -> set[str]:
    """The package's modules that a source's ``.pxd`` cimports (``from unmatched_sim.x cimport``)."""
    import re

    pxd = path.with_suffix(".pxd")
    if not pxd.exists():
        return set()
    return set(re.findall(r"^from\s+(unmatched_sim[\w.]*)\s+cimport\b", pxd.read_text(), re.M))


def _extension(source: Path) -> Path | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_name(source.stem + suffix)
        if candidate.exists():
            return candidate
    return None


def plan(manifest: dict[str, str], package: Path = PACKAGE, force_pure: bool = False) -> dict[str, str]:
    """For each module of ``SOURCES``: "compiled", "pure" (no extension, or forced) or "stale"
    (an extension built from another version of the source: run as pure Python)."""
    out = {}
    root = package.parent
    for rel in SOURCES:
        src = root / rel
        ext = _extension(src)
        if ext is None or force_pure:
            out[module_name(rel)] = "pure"
        elif manifest.get(rel) != source_digest(src):
            out[module_name(rel)] = "stale"
        else:
            out[module_name(rel)] = "compiled"
    # A compiled module whose cimports run as pure Python runs as pure Python too (it expects
    # their compiled types); and a module that a pure one imports runs as pure Python too (a
    # compiled module's C-only names, such as the heuristic's weights or a .pxd's inline
    # functions, are not there for a Python import).
    if all(how == "compiled" for how in out.values()):
        return out                  # the usual case, answered without reading the sources
    deps = {module_name(rel): cimports(root / rel) for rel in SOURCES}
    used = {module_name(rel): imports(root / rel) & set(out) for rel in SOURCES}
    changed = True
    while changed:
        changed = False
        for name, how in out.items():
            if how == "compiled" and any(out.get(d, "compiled") != "compiled" for d in deps[name]):
                out[name] = "stale"
                changed = True
            elif how != "compiled":
                for d in used[name]:
                    if out[d] == "compiled":
                        out[d] = "stale"
                        changed = True
    return out


def imports(path: Path) -> set[str]:
    """The package's modules a source imports in Python (``from unmatched_sim.x import``,
    ``import unmatched_sim.x``), wherever in the file."""
    import re

    text = path.read_text()
    return (set(re.findall(r"^[ \t]*from[ \t]+(unmatched_sim[\w.]*)[ \t]+import\b", text, re.M))
            | set(re.findall(r"^[ \t]*import[ \t]+(unmatched_sim[\w.]*)", text, re.M)))


class _SourceFirst:
    """A meta path finder: loads the listed modules from their ``.py`` source even where an
    extension exists."""

    def __init__(self, names: set[str]):
        self.names = names

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.names:
            return None
        import importlib.util

        src = PACKAGE.parent / (fullname.replace(".", "/") + ".py")
        return importlib.util.spec_from_file_location(fullname, src)


_STATE: dict[str, str] = {}


def read_record(package: Path = PACKAGE) -> dict:
    """The build record the install wrote (``hatch_build.py``): {} when there is none.

    ``build`` ("compiled" or "pure"), ``why`` (the reason for a pure build), ``sources`` ({path:
    SHA-256} of each compiled source), ``compiled`` and ``reused`` (compiled at this install, or
    taken from the build cache), ``python``, ``cython``, ``flags``, ``built_at``, ``seconds``."""
    path = package / MANIFEST
    if not path.exists():
        return {}
    import json         # (only when there is a build to check)

    try:
        record = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) and isinstance(record.get("sources"), dict) else {}


def _forced_pure() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def install() -> None:
    """Decide compiled or pure per module (called once, from the package's ``__init__``)."""
    if _STATE:
        return
    _STATE.update(plan(read_record().get("sources", {}), force_pure=_forced_pure()))
    from_source = {m for m, how in _STATE.items() if how != "compiled"}
    if from_source:
        sys.meta_path.insert(0, _SourceFirst(from_source))
    stale = sorted(m for m, how in _STATE.items() if how == "stale")
    if stale and not os.environ.get(_WARNED_ENV):
        os.environ[_WARNED_ENV] = "1"
        print(f"unmatched-sim: {len(stale)} compiled modules changed since the build or are bound to "
              f"one that did ({', '.join(stale[:3])}{' …' if len(stale) > 3 else ''}); running them as pure "
              f"Python (slower, the same games). Rebuild: pip install -e .",
              file=sys.stderr)


def kind() -> str:
    """"compiled" (every hot module compiled), "pure" (none) or "partial"."""
    hows = set(_STATE.values()) or {"pure"}
    if hows == {"compiled"}:
        return "compiled"
    return "pure" if "compiled" not in hows else "partial"


def loaded_from(name: str) -> str:
    """The file a module of ``SOURCES`` was actually loaded from (after importing it)."""
    return getattr(sys.modules[name], "__file__", "") or ""


def describe(package: Path = PACKAGE, record: dict | None = None, forced_pure: bool | None = None) -> str:
    """What ``sim --version`` prints: the version, the build this process runs (compiled, pure
    or partial) and why, from the plan made at import and the install's build record. (With
    another ``package`` folder, for tests: the plan for that tree.)"""
    __version__ = sys.modules[__package__].__version__     # the package is imported before this module

    record = read_record(package) if record is None else record
    forced_pure = _forced_pure() if forced_pure is None else forced_pure
    sources = record.get("sources", {})
    if package == PACKAGE:
        install()
        state = dict(_STATE)
    else:
        state = plan(sources, package=package, force_pure=forced_pure)
    root = package.parent
    head = f"sim {__version__} (Python {sys.version.split()[0]})"
    n, compiled = len(state), sum(how == "compiled" for how in state.values())
    made = ""
    if record.get("build") == "compiled":
        made = (f"installed {record.get('built_at', '?')}: Cython {record.get('cython', '?')}, C flags "
                f"{record.get('flags', '?')}; {len(record.get('compiled', []))} compiled then, "
                f"{len(record.get('reused', []))} reused from the build cache")
    if compiled == n:
        return f"{head}\nbuild: compiled, all {n} hot modules ({made})"
    if forced_pure:
        line = f"build: pure Python, because {PURE_ENV} is set"
        if made:
            line += f"; unset it to run the compiled build ({made})"
        return f"{head}\n{line}"
    if not made:
        if record.get("build") == "pure":
            why = record.get("why") or "the install built no extensions"
            return (f"{head}\nbuild: pure Python, because {why} (installed {record.get('built_at', '?')}); "
                    f"pip install -e . compiles")
        return (f"{head}\nbuild: pure Python, because no compiled build is installed here (no "
                f"{MANIFEST}: a source tree pip has not built); pip install -e . compiles")
    reasons = []
    for rel in SOURCES:
        name = module_name(rel)
        if state.get(name) == "compiled":
            continue
        if rel not in sources:
            why = "not compiled at install"
        elif _extension(root / rel) is None:
            why = "its extension file is missing"
        elif sources[rel] != source_digest(root / rel):
            why = "source edited since the build"
        else:
            pure_deps = sorted(d for d in cimports(root / rel) if state.get(d, "compiled") != "compiled")
            users = sorted(m for m in state if state[m] != "compiled" and name in imports(
                root / (m.replace(".", "/") + ".py")))
            why = (f"cimports {', '.join(pure_deps)}, which runs as pure Python" if pure_deps else
                   f"imported by {', '.join(users)}, which runs as pure Python")
        reasons.append(f"{name} ({why})")
    kind_ = "pure Python" if compiled == 0 else f"partial, {compiled} of {n} hot modules compiled"
    return (f"{head}\nbuild: {kind_} ({made})\nrunning as pure Python: " + "; ".join(reasons)
            + "\nrebuild: pip install -e . (unchanged modules come from the build cache in seconds)")
