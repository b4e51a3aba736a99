"""Does a change of the AI play better than the AI it replaces? Any `sim` command with the
policies of another git revision registered beside today's, as ``<name>-<rev>``.

    python scripts/versus_revision.py 55c19c3 ladder --policies tuned,tuned-55c19c3 -n 10 --seed 31 -j 1
    python scripts/versus_revision.py 55c19c3 matchup pandora sinbad -n 400 --seed 11 --policy tuned-55c19c3

The revision's ``unmatched_sim/policies/`` is copied out of git into a temporary package (its
imports of the policies renamed to it; the engine, the heroes and their hooks are today's) and
every policy it registers is registered here under ``<name>-<rev>``. The copy runs as pure
Python, so run today's the same way (``UNMATCHED_SIM_PURE=1``) and keep ``-j 1`` (worker
processes would not know the copied policies). A hero hook that changed since the revision
(a hero's own decisions, ``hooks.advise``) is today's for both.
"""

from __future__ import annotations

import atexit
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POLICIES = "unmatched_sim/policies"


def copy_policies(rev: str, into: Path) -> str:
    """The revision's policies as package ``into/<name>``; returns the package's name."""
    name = "policies_" + re.sub(r"\W", "_", rev)
    pkg = into / name
    pkg.mkdir(parents=True)
    files = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", f"{rev}:{POLICIES}"],
                           check=True, capture_output=True, text=True).stdout.split()
    for f in files:
        if not f.endswith(".py"):
            continue        # (the .pxd files only matter to a compiled build)
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{POLICIES}/{f}"],
                              check=True, capture_output=True, text=True).stdout
        text = text.replace("unmatched_sim.policies.", f"{name}.").replace("from unmatched_sim.policies import",
                                                                            f"from {name} import")
        (pkg / f).write_text(text)
    return name


def main() -> None:
    if len(sys.argv) < 3:
        print("usage: versus_revision.py REV SIM-COMMAND [ARGS...]", file=sys.stderr)
        raise SystemExit(2)
    rev, args = sys.argv[1], sys.argv[2:]
    tmp = Path(tempfile.mkdtemp(prefix="versus-"))
    atexit.register(shutil.rmtree, tmp, True)
    try:
        name = copy_policies(rev, tmp)
    except subprocess.CalledProcessError:
        print(f"error: no policies at revision {rev!r}", file=sys.stderr)
        raise SystemExit(2)
    sys.path.insert(0, str(tmp))
    import importlib

    old = importlib.import_module(f"{name}.registry")
    importlib.import_module(name)           # registers every policy of the revision in its registry
    from unmatched_sim.policies import register

    tag = re.sub(r"[^a-z0-9_-]", "_", rev.lower())     # a policy name's characters
    for pname, cls in list(old.POLICIES.items()):
        register(type(cls.__name__, (cls,), {"name": f"{pname}-{tag}",
                                             "summary": f"{pname} as of revision {rev}"}))
    from unmatched_sim.cli import main as sim

    sys.argv = ["sim", *args]
    sim()


if __name__ == "__main__":
    main()
