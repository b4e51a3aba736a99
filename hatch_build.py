"""Build hook: compile the hot modules with Cython when this machine can, else build pure Python.

``pip install -e .`` (and a wheel build) runs this. It compiles the modules that
``unmatched_sim/_build.py`` lists (the same Python source, compiled to C: the games do not
change) and writes the build record ``unmatched_sim/_compiled.json``: what was built, how, and
each compiled source's SHA-256, so that a source edited later runs as pure Python until the next
install instead of as stale compiled code. ``sim --version`` reads it (``_build.describe()``).

Each step prints one line to stderr (``pip install -v`` shows them). The steps:

1. For each module, a cache key: the SHA-256 of its source (``.py`` and ``.pxd``), of every
   ``.pxd`` it cimports (directly or through another ``.pxd``), the Python version and ABI, the
   Cython version and the C flags (``RECIPE``).
2. A module whose key is in ``build/compiled-cache/`` is not compiled again: a second install
   of an unchanged tree (``pip install -e '.[test]'`` after ``pip install -e .``) takes seconds.
3. The others are cythonized one at a time, largest first, and each C file goes to the C compiler
   as soon as it is written, one compiler per core.

The C flags were chosen by measurement (README, "Performance"): with ``-O2 -g0`` the games
run as fast as with Python's own ``-O3 -g`` for half the compiler's time; ``-O1`` takes 40% less
again but plays about 8% slower, ``-O0`` plays at 40% of the speed, and leaving out a module
(``effects.py``, the cheapest candidate) costs up to 10%. ``-w``: the compiler's warnings are
about Cython's generated code, not ours.

Nothing is required beyond what pip installs for the build: Cython and setuptools come from
``[build-system] requires``. Without a C compiler (or with ``UNMATCHED_SIM_PURE_BUILD=1``) the
hook says why and the package is installed as pure Python (the same games, slower); the record
keeps the reason.

A wheel build leaves an editable install's extensions in the source tree alone (pyproject.toml
excludes them from the wheel, which gets its own through ``force_include``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:     # the build functions below are tested without hatchling installed
    BuildHookInterface = object

sys.path.insert(0, str(Path(__file__).resolve().parent / "unmatched_sim"))
import _build  # noqa: E402  (the module list, read without importing the package)

sys.path.pop(0)

# How an extension is made; part of every cache key (a changed recipe compiles everything again).
COMPILE_ARGS = ("-O2", "-g0", "-w")
DIRECTIVES = {"binding": True, "language_level": 3}
CACHE = Path("build") / "compiled-cache"        # under the project root
KEEP_PER_MODULE = 3                             # cache entries kept per module (newest first)


def say(message: str) -> None:
    print(f"unmatched-sim: {message}", file=sys.stderr, flush=True)


class CompileHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        root = Path(self.root)
        editable = version == "editable"
        started = time.monotonic()
        if os.environ.get("UNMATCHED_SIM_PURE_BUILD", "") not in ("", "0"):
            say("UNMATCHED_SIM_PURE_BUILD is set: installing pure Python")
            self._record(root, build_data, editable, pure_record("UNMATCHED_SIM_PURE_BUILD was set at install"))
            return
        work = self._work = Path(tempfile.mkdtemp(prefix="unmatched-sim-build-"))
        try:
            result = build(root, _build.SOURCES, work, cache=root / CACHE)
        except Exception as e:  # no compiler, no headers, ...: the pure package works as well
            reason = failure_reason(e)
            say(f"compiling the hot modules failed ({reason}); installing pure Python (same games, slower)")
            self._record(root, build_data, editable, pure_record(f"compiling failed at install: {reason}"))
            return
        if editable:
            place(root, result.libs)
        else:
            for rel, lib in result.libs.items():
                build_data["force_include"][str(lib)] = str(extension_path(Path(rel)))
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
        record = result.record(root, time.monotonic() - started)
        self._record(root, build_data, editable, record)
        say(f"compiled build ready in {record['seconds']:.0f} s: of the hot modules {len(result.compiled)} "
            f"compiled, {len(result.reused)} reused from {CACHE}")

    def _record(self, root: Path, build_data: dict, editable: bool, record: dict) -> None:
        text = json.dumps(record, indent=1) + "\n"
        if editable:
            if record["build"] == "pure":
                clean(root, _build.SOURCES)
            write_atomically(root / "unmatched_sim" / _build.MANIFEST, text.encode())
        else:
            path = Path(getattr(self, "_work", None) or tempfile.mkdtemp(prefix="unmatched-sim-build-"))
            self._work = path
            (path / _build.MANIFEST).write_text(text)
            build_data["force_include"][str(path / _build.MANIFEST)] = f"unmatched_sim/{_build.MANIFEST}"

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


def failure_reason(e: BaseException) -> str:
    lines = str(e).strip().splitlines()
    text = f"{type(e).__name__}: {lines[-1]}" if lines else type(e).__name__
    if type(e).__name__ in ("CompileError", "LinkError", "DistutilsExecError", "DistutilsPlatformError"):
        text += " (is a C compiler installed?)"
    return text


def extension_path(rel: Path) -> Path:
    """Where the extension built from a module's source goes (beside it)."""
    return rel.with_name(rel.stem + sysconfig.get_config_var("EXT_SUFFIX"))


def pure_record(why: str) -> dict:
    return {"build": "pure", "why": why, "sources": {}, **recipe_fields()}


def recipe_fields() -> dict:
    return {"python": sys.version.split()[0], "abi": sysconfig.get_config_var("EXT_SUFFIX"),
            "cython": _cython_version(), "flags": " ".join(COMPILE_ARGS),
            "built_at": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())}


def _cython_version() -> str:
    try:
        import Cython
    except ImportError:
        return ""
    return Cython.__version__


def recipe() -> str:
    """Everything besides the sources that makes a different extension."""
    return json.dumps([sys.version, sysconfig.get_config_var("EXT_SUFFIX"), sysconfig.get_config_var("CC"),
                       sysconfig.get_config_var("CFLAGS"), _cython_version(), COMPILE_ARGS, DIRECTIVES])


def pxd_closure(root: Path, rel: str) -> list[str]:
    """The ``.pxd`` files (relative paths) that compiling ``rel`` reads: its own, and every one
    cimported from it, directly or through another."""
    seen: list[str] = []
    todo = [rel]
    while todo:
        pxd = str(Path(todo.pop()).with_suffix(".pxd"))
        if pxd in seen or not (root / pxd).exists():
            continue
        seen.append(pxd)
        todo.extend(name.replace(".", "/") + ".py" for name in _build.cimports(root / pxd))
    return sorted(seen)


def cache_key(root: Path, rel: str, recipe_text: str) -> str:
    h = hashlib.sha256(recipe_text.encode())
    h.update((root / rel).read_bytes())
    for pxd in pxd_closure(root, rel):
        h.update(pxd.encode() + b"\0" + (root / pxd).read_bytes())
    return h.hexdigest()[:24]


def cache_entry(cache: Path, rel: str, key: str) -> Path:
    return cache / f"{_build.module_name(rel)}-{key}{sysconfig.get_config_var('EXT_SUFFIX')}"


class Result:
    def __init__(self, libs: dict[str, Path], compiled: list[str], reused: list[str]):
        self.libs, self.compiled, self.reused = libs, compiled, reused

    def record(self, root: Path, seconds: float) -> dict:
        return {"build": "compiled", "why": "", **recipe_fields(), "seconds": round(seconds, 1),
                "sources": {rel: _build.source_digest(root / rel) for rel in self.libs},
                "compiled": self.compiled, "reused": self.reused}


def build(root: Path, sources: tuple[str, ...], work: Path, cache: Path, compile_modules=None) -> Result:
    """Every module of ``sources`` as an extension in ``cache``: taken from there when its key is
    there, else compiled (``compile_modules(root, rels, work)`` -> {rel: built file}, by default
    Cython and the C compiler) and stored. Returns {rel: the cached extension}."""
    compile_modules = compile_modules or compile_with_cython
    recipe_text = recipe()
    cache.mkdir(parents=True, exist_ok=True)
    entries = {rel: cache_entry(cache, rel, cache_key(root, rel, recipe_text)) for rel in sources}
    missing = [rel for rel in sources if not entries[rel].exists()]
    reused = [rel for rel in sources if rel not in missing]
    say(f"{len(reused)} of {len(sources)} hot modules unchanged since an earlier build: reused from {cache}"
        if reused else f"no earlier build of the {len(sources)} hot modules in {cache}")
    if missing:
        built = compile_modules(root, missing, work)
        for rel in missing:
            write_atomically(entries[rel], built[rel].read_bytes())
    for rel in reused:
        os.utime(entries[rel])          # recently used: kept by prune()
    prune(cache, sources)
    return Result(entries, missing, reused)


def prune(cache: Path, sources: tuple[str, ...]) -> None:
    """Keep the newest ``KEEP_PER_MODULE`` entries of each module."""
    for rel in sources:
        entries = sorted(cache.glob(f"{_build.module_name(rel)}-*"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[KEEP_PER_MODULE:]:
            old.unlink(missing_ok=True)


def jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return os.cpu_count() or 1


def compile_with_cython(root: Path, rels: list[str], work: Path) -> dict[str, Path]:
    """Cythonize the modules one at a time, largest first, handing each C file to the C compiler
    as soon as it is written (one compiler per core); returns {rel: built extension}."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    order = sorted(rels, key=lambda rel: (root / rel).stat().st_size, reverse=True)
    n = min(jobs(), len(order))
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    say(f"compiling {len(order)} module{'s' if len(order) != 1 else ''} with Cython {_cython_version()} and "
        f"{cc} {' '.join(COMPILE_ARGS)}, {n} at a time")

    class Pipelined(build_ext):
        def build_extensions(self) -> None:
            self.check_extensions_list(self.extensions)
            with ThreadPoolExecutor(n) as pool:
                pending = []
                for ext, rel in zip(self.extensions, order):
                    start = time.monotonic()
                    [c_ext] = cythonize([ext], quiet=True, build_dir=str(work / "c"),
                                        compiler_directives=DIRECTIVES)
                    ext.sources = c_ext.sources
                    say(f"cythonized {rel} in {time.monotonic() - start:.1f} s")
                    pending.append(pool.submit(self._compile_one, ext, rel))
                    if any(f.done() and f.exception() for f in pending):
                        break
                for f in pending:
                    f.result()

        def _compile_one(self, ext, rel: str) -> None:
            start = time.monotonic()
            self.build_extension(ext)
            say(f"compiled {rel} in {time.monotonic() - start:.0f} s")

    exts = [Extension(_build.module_name(rel), [str(root / rel)], extra_compile_args=list(COMPILE_ARGS))
            for rel in order]
    dist = Distribution({"name": "unmatched-sim-hot", "ext_modules": exts})
    dist.cmdclass["build_ext"] = Pipelined
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib = str(work / "lib")
    cmd.build_temp = str(work / "tmp")
    cmd.ensure_finalized()
    cmd.run()
    out = {}
    for rel in rels:
        lib = work / "lib" / extension_path(Path(rel))
        if not lib.exists():
            raise FileNotFoundError(f"{lib.name} was not built")
        out[rel] = lib
    return out


def place(root: Path, libs: dict[str, Path]) -> None:
    """Put the extensions beside their sources (an editable install), each replaced in one step
    (a running ``sim`` keeps the file it loaded)."""
    for rel, lib in libs.items():
        dest = root / extension_path(Path(rel))
        for other in _other_extensions(root / rel, dest):
            other.unlink(missing_ok=True)
        write_atomically(dest, lib.read_bytes())


def _other_extensions(src: Path, keep: Path) -> list[Path]:
    import importlib.machinery

    found = (src.with_name(src.stem + s) for s in importlib.machinery.EXTENSION_SUFFIXES)
    return [p for p in found if p != keep and p.exists()]


def clean(root: Path, sources: tuple[str, ...]) -> None:
    """Remove the extensions and the record of an earlier editable build from the source tree."""
    for rel in sources:
        for ext in _other_extensions(root / rel, keep=Path()):
            ext.unlink(missing_ok=True)
    (root / "unmatched_sim" / _build.MANIFEST).unlink(missing_ok=True)


def write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644 if path.suffix == ".json" else 0o755)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
