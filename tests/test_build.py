"""The optional compiled build plays exactly the games pure Python plays, a compiled module
whose source has changed since the build is not used (unmatched_sim/_build.py), a second build
of an unchanged tree compiles nothing (hatch_build.py), and ``describe()`` (``sim --version``)
says which build runs and why."""

import importlib.machinery
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from unmatched_sim import _build

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import hatch_build  # noqa: E402  (the build hook; its build functions run without hatchling)

sys.path.pop(0)


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


# --- the build: cache reuse (hatch_build.py) and what ``sim --version`` says (_build.describe) ---

FAKE = ("unmatched_sim/core.py", "unmatched_sim/engine/rules.py", "unmatched_sim/leaf.py")
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def fake_tree(root: Path) -> None:
    """Three modules: ``rules`` cimports ``core`` (through its .pxd), ``leaf`` stands alone."""
    for rel in FAKE:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(f"X = {rel!r}\n")
    (root / "unmatched_sim/core.pxd").write_text("cdef class Core:\n    cdef int n\n")
    (root / "unmatched_sim/engine/rules.pxd").write_text("from unmatched_sim.core cimport Core\n")


class FakeCompiler:
    """Stands for Cython and the C compiler: records what it was asked to compile."""

    def __init__(self):
        self.calls: list[list[str]] = []

    def __call__(self, root: Path, rels: list[str], work: Path) -> dict[str, Path]:
        self.calls.append(sorted(rels))
        out = {}
        for rel in rels:
            lib = work / "lib" / hatch_build.extension_path(Path(rel))
            lib.parent.mkdir(parents=True, exist_ok=True)
            lib.write_bytes(b"built from " + (root / rel).read_bytes())
            out[rel] = lib
        return out


def test_a_second_build_of_an_unchanged_tree_compiles_nothing(tmp_path):
    root, cache = tmp_path / "tree", tmp_path / "tree" / "build" / "compiled-cache"
    fake_tree(root)
    cc = FakeCompiler()
    first = hatch_build.build(root, FAKE, tmp_path / "w1", cache, compile_modules=cc)
    assert cc.calls == [sorted(FAKE)] and first.reused == []
    again = hatch_build.build(root, FAKE, tmp_path / "w2", cache, compile_modules=cc)
    assert cc.calls == [sorted(FAKE)]                       # nothing compiled the second time
    assert again.compiled == [] and again.reused == list(FAKE) and again.libs == first.libs
    assert all(lib.read_bytes().startswith(b"built from") for lib in again.libs.values())


def test_the_cache_key_covers_the_source_the_cimported_pxd_files_and_the_recipe(tmp_path, monkeypatch):
    root, cache = tmp_path / "tree", tmp_path / "cache"
    fake_tree(root)
    cc = FakeCompiler()

    def build(n):
        return hatch_build.build(root, FAKE, tmp_path / f"w{n}", cache, compile_modules=cc)

    build(0)
    (root / "unmatched_sim/leaf.py").write_text("X = 'edited'\n")
    build(1)
    assert cc.calls[-1] == ["unmatched_sim/leaf.py"]
    (root / "unmatched_sim/core.py").write_text("X = 'edited'\n")    # .py only: rules reads core.pxd
    build(2)
    assert cc.calls[-1] == ["unmatched_sim/core.py"]
    (root / "unmatched_sim/core.pxd").write_text("cdef class Core:\n    cdef long n\n")
    build(3)
    assert cc.calls[-1] == ["unmatched_sim/core.py", "unmatched_sim/engine/rules.py"]
    monkeypatch.setattr(hatch_build, "COMPILE_ARGS", ("-O1",))
    build(4)
    assert cc.calls[-1] == sorted(FAKE)
    monkeypatch.undo()
    n = len(cc.calls)
    build(5)                                                            # an earlier recipe's entries
    assert len(cc.calls) == n                                           # are still there
    assert all(len(list(cache.glob(f"{_build.module_name(rel)}-*"))) <= hatch_build.KEEP_PER_MODULE
               for rel in FAKE)


def run_hook(root: Path, monkeypatch, version: str = "editable", env: dict | None = None) -> dict:
    monkeypatch.setattr(hatch_build._build, "SOURCES", FAKE)
    for k in ("UNMATCHED_SIM_PURE_BUILD",):
        monkeypatch.delenv(k, raising=False)
    for k, v in (env or {}).items():
        monkeypatch.setenv(k, v)
    hook = hatch_build.CompileHook()
    hook.root = str(root)
    build_data = {"force_include": {}}
    hook.initialize(version, build_data)
    hook.finalize(version, build_data, "")
    return json.loads((root / "unmatched_sim" / _build.MANIFEST).read_text())


def test_an_editable_install_puts_the_extensions_in_place_and_records_the_build(tmp_path, monkeypatch, capsys):
    fake_tree(tmp_path)
    monkeypatch.setattr(hatch_build, "compile_with_cython", FakeCompiler())
    record = run_hook(tmp_path, monkeypatch)
    assert record["build"] == "compiled" and record["compiled"] == list(FAKE) and record["reused"] == []
    for rel in FAKE:
        assert (tmp_path / hatch_build.extension_path(Path(rel))).exists()
        assert record["sources"][rel] == _build.source_digest(tmp_path / rel)
    assert record["flags"] == " ".join(hatch_build.COMPILE_ARGS) and record["python"]
    record = run_hook(tmp_path, monkeypatch)                        # the second install: all reused
    assert record["compiled"] == [] and record["reused"] == list(FAKE)
    err = capsys.readouterr().err
    assert "3 of 3 hot modules unchanged since an earlier build" in err     # a line per step
    assert "of the hot modules 0 compiled, 3 reused" in err


def test_a_pure_install_records_why_and_leaves_no_extension(tmp_path, monkeypatch):
    fake_tree(tmp_path)
    monkeypatch.setattr(hatch_build, "compile_with_cython", FakeCompiler())
    run_hook(tmp_path, monkeypatch)
    record = run_hook(tmp_path, monkeypatch, env={"UNMATCHED_SIM_PURE_BUILD": "1"})
    assert record["build"] == "pure" and "UNMATCHED_SIM_PURE_BUILD" in record["why"]
    assert not any((tmp_path / hatch_build.extension_path(Path(rel))).exists() for rel in FAKE)

    class CompileError(Exception):
        pass

    def no_compiler(root, rels, work):
        raise CompileError("command 'gcc' failed: No such file or directory")

    monkeypatch.setattr(hatch_build, "compile_with_cython", no_compiler)
    (tmp_path / "unmatched_sim/leaf.py").write_text("X = 'edited'\n")     # not in the cache
    record = run_hook(tmp_path, monkeypatch)
    assert record["build"] == "pure"
    assert not any((tmp_path / hatch_build.extension_path(Path(rel))).exists() for rel in FAKE)
    assert record["why"].startswith("compiling failed at install: CompileError: command 'gcc' failed")
    assert "C compiler" in record["why"]


def real_tree(root: Path) -> Path:
    """A tree with every module of ``SOURCES`` (tiny stand-ins) and its extension file; the
    heuristic cimports greedy."""
    for rel in _build.SOURCES:
        src = root / rel
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(f"# {rel}\n")
        src.with_name(src.stem + SUFFIX).write_bytes(b"")
    (root / "unmatched_sim/policies/heuristic.pxd").write_text(
        "from unmatched_sim.policies.greedy cimport GreedyPolicy\n")
    return root / "unmatched_sim"


def compiled_record(root: Path) -> dict:
    return {"build": "compiled", "why": "", "cython": "3.1", "flags": "-O2", "built_at": "2026-01-02 03:04:05 UTC",
            "compiled": list(_build.SOURCES), "reused": [],
            "sources": {rel: _build.source_digest(root / rel) for rel in _build.SOURCES}}


def test_describe_says_which_build_runs_and_why(tmp_path):
    pkg = real_tree(tmp_path)
    record = compiled_record(tmp_path)
    n = len(_build.SOURCES)
    text = _build.describe(pkg, record, forced_pure=False)
    assert text.startswith("sim 0.1.0 (Python ")
    assert f"build: compiled, all {n} hot modules (installed 2026-01-02 03:04:05 UTC: Cython 3.1, C flags -O2" in text

    text = _build.describe(pkg, record, forced_pure=True)
    assert "build: pure Python, because UNMATCHED_SIM_PURE is set; unset it to run the compiled build" in text

    (tmp_path / "unmatched_sim/policies/greedy.py").write_text("# edited\n")
    text = _build.describe(pkg, record, forced_pure=False)
    assert f"build: partial, {n - 2} of {n} hot modules compiled" in text
    assert "unmatched_sim.policies.greedy (source edited since the build)" in text
    assert "unmatched_sim.policies.heuristic (cimports unmatched_sim.policies.greedy, which runs as pure Python)" in text
    assert "rebuild: pip install -e ." in text

    pure = {"build": "pure", "why": "compiling failed at install: CompileError: no gcc", "sources": {},
            "built_at": "2026-01-02 03:04:05 UTC"}
    assert "build: pure Python, because compiling failed at install: CompileError: no gcc" in \
        _build.describe(pkg, pure, forced_pure=False)
    assert "build: pure Python, because no compiled build is installed here" in \
        _build.describe(pkg, {}, forced_pure=False)


def test_describe_reads_the_record_the_install_wrote():
    """This process's own build: the text names the kind ``kind()`` reports."""
    text = _build.describe()
    assert text.splitlines()[1].startswith("build: " + {"compiled": "compiled", "pure": "pure Python",
                                                         "partial": "partial"}[_build.kind()])


@pytest.mark.slow
def test_a_real_build_compiles_once_and_then_reuses_every_module(tmp_path):
    """Cython and the C compiler on the real modules (a minute or more of CPU), twice."""
    pytest.importorskip("Cython")
    pytest.importorskip("setuptools")
    import shutil

    root = tmp_path / "tree"
    for rel in _build.SOURCES:
        for f in (ROOT / rel, (ROOT / rel).with_suffix(".pxd")):
            if f.exists():
                (root / f.relative_to(ROOT)).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(f, root / f.relative_to(ROOT))
    cache = root / "build" / "compiled-cache"
    first = hatch_build.build(root, _build.SOURCES, tmp_path / "w1", cache)
    assert first.compiled == list(_build.SOURCES)
    assert all(lib.stat().st_size > 10_000 for lib in first.libs.values())
    again = hatch_build.build(root, _build.SOURCES, tmp_path / "w2", cache,
                              compile_modules=lambda *a: pytest.fail("compiled again"))
    assert again.reused == list(_build.SOURCES) and again.libs == first.libs


def test_an_edited_hot_module_runs_every_module_bound_to_it_as_pure_python(monkeypatch):
    """A pure module cannot import a compiled module's C-only names (the weights), and a compiled
    module cannot cimport a pure one: so an edit to the combat layer leaves neither compiled."""
    from unmatched_sim import _build as B

    root = B.PACKAGE.parent
    manifest = {rel: B.source_digest(root / rel) for rel in B.SOURCES}
    manifest["unmatched_sim/engine/combat.py"] = "edited"
    monkeypatch.setattr(B, "_extension", lambda src: src)        # as if every extension were built
    state = B.plan(manifest)
    assert state["unmatched_sim.engine.combat"] == "stale"
    assert state["unmatched_sim.policies.weights"] == "stale"     # imported by the pure heuristic
    assert state["unmatched_sim.policies.heuristic"] == "stale"
    manifest["unmatched_sim/engine/combat.py"] = B.source_digest(root / "unmatched_sim/engine/combat.py")
    assert set(B.plan(manifest).values()) == {"compiled"}
