"""Build hook: compile the hot modules with Cython when this machine can, else build pure Python.

``pip install -e .`` (and a wheel build) runs this. It compiles the modules that
``unmatched_sim/_build.py`` lists (the same Python source, compiled to C: the games do not
change) and records each source's SHA-256 in ``unmatched_sim/_compiled.json``, so that a source
edited later runs as pure Python until the next install instead of as stale compiled code.

Nothing is required beyond what pip installs for the build: Cython and setuptools come from
``[build-system] requires``. Without a C compiler (or with ``UNMATCHED_SIM_PURE_BUILD=1``) the
hook prints one line and the package is installed as pure Python, which plays the same games
about 1.5 times slower.

Every build first removes the extensions an earlier editable install compiled into the source
tree (so a wheel never packs them by accident); after building a wheel from a working copy,
`pip install -e .` compiles them again (until then that copy runs as pure Python).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

sys.path.insert(0, str(Path(__file__).resolve().parent / "unmatched_sim"))
import _build  # noqa: E402  (the module list, read without importing the package)

sys.path.pop(0)


class CompileHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        root = Path(self.root)
        editable = version == "editable"
        # an old build's extensions and manifest go first: whatever happens next, no stale code
        _clean(root)
        if os.environ.get("UNMATCHED_SIM_PURE_BUILD", "") not in ("", "0"):
            print("unmatched-sim: UNMATCHED_SIM_PURE_BUILD is set: installing pure Python")
            return
        work = self._work = Path(tempfile.mkdtemp(prefix="unmatched-sim-build-"))
        try:
            built = _compile(root, work, inplace=editable)
        except Exception as e:  # no compiler, no headers, ...: the pure package works as well
            print(f"unmatched-sim: compiling the hot modules failed ({type(e).__name__}: "
                  f"{str(e).strip().splitlines()[-1] if str(e).strip() else ''}); installing "
                  f"pure Python (same games, slower)")
            _clean(root)
            return
        manifest = {rel: _build.source_digest(root / rel) for rel in _build.SOURCES}
        if editable:
            (root / "unmatched_sim" / _build.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
        else:
            mpath = work / _build.MANIFEST
            mpath.write_text(json.dumps(manifest, indent=1) + "\n")
            build_data["force_include"][str(mpath)] = f"unmatched_sim/{_build.MANIFEST}"
            for rel, lib in built.items():
                build_data["force_include"][str(lib)] = str(Path(rel).with_name(lib.name))
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
        print(f"unmatched-sim: compiled {len(built)} modules with Cython")

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


def _clean(root: Path) -> None:
    suffixes = _suffixes()
    for rel in _build.SOURCES:
        src = root / rel
        for suffix in suffixes:
            src.with_name(src.stem + suffix).unlink(missing_ok=True)
    (root / "unmatched_sim" / _build.MANIFEST).unlink(missing_ok=True)


def _suffixes() -> list[str]:
    import importlib.machinery

    return list(importlib.machinery.EXTENSION_SUFFIXES)


def _compile(root: Path, work: Path, inplace: bool) -> dict[str, Path]:
    """Cythonize and compile; returns {source path: built extension file}."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    exts = [Extension(_build.module_name(rel), [str(root / rel)]) for rel in _build.SOURCES]
    exts = cythonize(exts, language_level=3, quiet=True, build_dir=str(work / "c"), nthreads=os.cpu_count() or 1,
                     compiler_directives={"binding": True})
    dist = Distribution({"name": "unmatched-sim-hot", "ext_modules": exts})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib = str(work / "lib")
    cmd.build_temp = str(work / "tmp")
    cmd.parallel = os.cpu_count() or 1
    cmd.ensure_finalized()
    cmd.run()
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    out = {}
    for rel in _build.SOURCES:
        lib = work / "lib" / Path(rel).with_name(Path(rel).stem + suffix)
        if not lib.exists():
            raise FileNotFoundError(f"{lib.name} was not built")
        if inplace:
            dest = (root / rel).with_name(lib.name)
            shutil.copy2(lib, dest)
            out[rel] = dest
        else:
            out[rel] = lib
    return out
