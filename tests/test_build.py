"""The optional compiled build plays exactly the games pure Python plays, and a compiled module
whose source has changed since the build is not used (unmatched_sim/_build.py)."""

import json
import os
import subprocess
import sys
from pathlib import Path

from unmatched_sim import _build

ROOT = Path(__file__).resolve().parents[1]


def test_pure_python_plays_the_pinned_games():
    """The digest test (test_play_digests.py) runs on the installed build, compiled where the
    machine could compile; this runs every pinned game again with every module forced to pure
    Python, so both paths are held to the same digests."""
    code = ("import json, sys; sys.path.insert(0, '.');"
            "from tests.play_digest import cases, digest, key;"
            "import unmatched_sim._build as b;"
            "print(json.dumps({'kind': b.kind(), 'file': b.loaded_from('unmatched_sim.policies.heuristic'),"
            " 'digests': {key(*c): digest(*c) for c in cases()}}))")
    env = {**os.environ, _build.PURE_ENV: "1"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True)
    got = json.loads(out.stdout)
    assert got["kind"] == "pure" and got["file"].endswith("heuristic.py")
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
