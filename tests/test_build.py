"""The optional compiled build plays exactly the games pure Python plays, and a compiled module
whose source has changed since the build is not used (unmatched_sim/_build.py)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from unmatched_sim import _build

ROOT = Path(__file__).resolve().parents[1]


def test_pure_python_plays_the_pinned_games():
    """The digest test (test_play_digests.py) runs on the installed build, compiled where the
    machine could compile; this runs every pinned game again with every module forced to pure
    Python, so both paths are held to the same digests. Cython is hidden from it (a pure install
    need not have it): the typing declarations come from the shim."""
    code = ("import json, sys; sys.path.insert(0, '.'); sys.modules['cython'] = None;"
            "from tests.play_digest import cases, digest, key;"
            "import unmatched_sim._build as b;"
            "import unmatched_sim.policies.heuristic as h;"
            "print(json.dumps({'kind': b.kind(), 'file': b.loaded_from('unmatched_sim.policies.heuristic'),"
            " 'shim': h.cython.__name__ == 'unmatched_sim._cython_shim',"
            " 'digests': {key(*c): digest(*c) for c in cases()}}))")
    env = {**os.environ, _build.PURE_ENV: "1"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True)
    got = json.loads(out.stdout)
    assert got["kind"] == "pure" and got["file"].endswith("heuristic.py")
    assert got["shim"]
    expected = json.loads((ROOT / "tests" / "data" / "play_digests.json").read_text())
    assert got["digests"] == expected


def test_a_module_is_compiled_only_when_its_source_is_the_one_compiled(tmp_path):
    pkg = tmp_path / "unmatched_sim"
    for rel in _build.SOURCES:
        src = tmp_path / rel
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(f"# {rel}\n")
    game, heur = tmp_path / _build.SOURCES[0], tmp_path / "unmatched_sim/policies/heuristic.py"
    suffix = __import__("importlib.machinery").machinery.EXTENSION_SUFFIXES[0]
    game.with_name(game.stem + suffix).write_bytes(b"")
    heur.with_name(heur.stem + suffix).write_bytes(b"")
    manifest = {rel: _build.source_digest(tmp_path / rel) for rel in _build.SOURCES}
    heur.write_text("# edited after the build\n")
    got = _build.plan(manifest, package=pkg)
    assert got["unmatched_sim.engine.game"] == "compiled"
    assert got["unmatched_sim.policies.heuristic"] == "stale"       # runs as pure Python
    assert got["unmatched_sim.engine.view"] == "pure"                # never compiled
    assert set(_build.plan(manifest, package=pkg, force_pure=True).values()) == {"pure"}
    assert _build.plan({}, package=pkg)["unmatched_sim.engine.game"] == "stale"   # no manifest


def test_every_module_listed_for_compiling_exists():
    for rel in _build.SOURCES:
        assert (ROOT / rel).exists(), rel


def test_the_cython_shim_has_every_name_the_hot_modules_use():
    """Run without Cython, a hot module's typing declarations (``@cython.locals(x=cython.double)``,
    ...) come from ``_cython_shim``: each name they use must be there, and leave the code as is."""
    from unmatched_sim import _cython_shim as shim

    used = set()
    for rel in _build.SOURCES:
        used |= set(re.findall(r"\bcython\.(\w+)", (ROOT / rel).read_text()))
    assert not {n for n in used if not hasattr(shim, n)}

    def f(x):
        return x + 1

    assert shim.cfunc(f) is f and shim.ccall(f) is f and shim.locals(x=shim.double)(f) is f
    assert shim.declare(shim.double, 2.5) == 2.5 and shim.compiled is False
    # a typed memoryview (``cython.double[:]``) stands for any buffer; the C type converts
    assert shim.locals(a=shim.double[:])(f) is f and shim.double(3) == 3.0
