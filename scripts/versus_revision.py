"""Does a change of the AI play better than the AI it replaces? Any `sim` command with the
policies of another git revision registered beside today's, as ``<name>-<rev>``.

    python scripts/versus_revision.py 55c19c3 ladder --policies tuned,tuned-55c19c3 -n 10 --seed 31 -j 1
    python scripts/versus_revision.py 55c19c3 matchup pandora sinbad -n 400 --seed 11 --policy tuned-55c19c3

The revision's ``unmatched_sim/policies/`` is copied out of git into a temporary package (its
imports of the policies renamed to it; the engine, the heroes and their hooks are today's) and
every policy it registers is registered here under ``<name>-<rev>``; its ``tuned`` plays each
hero in the style the hero file's ``[ai]`` table had at the revision (read from git), so a
style written since is today's alone. The copy runs as pure
Python, so run today's the same way (``UNMATCHED_SIM_PURE=1``) and keep ``-j 1`` (worker
processes would not know the copied policies). A hero hook that changed since the revision
(a hero's own decisions, ``hooks.advise``) is today's for both. The card facts the copy keeps in
a card's memo (``CardDef.ai_fact``) go in slots of their own, ``REVISION_SLOTS`` on: both
policies read the same cards (every game of a ladder plays each hero's cards under both), and a
fact worked out differently at the revision would otherwise be whichever policy kept it first.
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
# Where the copy's slots in a card's memo begin: past every slot today's policies use.
REVISION_SLOTS = 64


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
        # its card facts in slots of their own (``ai_fact(`` and ``keep_ai_fact(`` alike)
        text = text.replace("ai_fact(", f"ai_fact({REVISION_SLOTS} + ")
        (pkg / f).write_text(text)
    return name


def pinned_styles(cls: type, balanced: dict, styles: dict[str, dict]) -> dict:
    """The members that make a copied ``tuned`` class play each hero in ``styles`` (hero id ->
    the weights its file set at the revision; unset ones are ``balanced``, or the ones given
    in the policy's spec) instead of today's hero files."""
    base = cls.style_now

    def style_now(self, view):
        hero = view.hero(view.seat)
        if self._styled_for is not hero:
            self._styled_for = hero
            for key, value in {**balanced, **getattr(self, "_given", {}), **styles.get(hero.id, {})}.items():
                setattr(self, key, value)
        return base(self, view)

    return {"style_now": style_now}


def register_revision(rev: str, into: Path) -> str:
    """Register every policy of revision ``rev`` as ``<name>-<tag>`` (its copy made in
    ``into``); returns the tag. ``CalledProcessError`` when ``rev`` has no policies."""
    name = copy_policies(rev, into)
    sys.path.insert(0, str(into))
    import importlib

    old = importlib.import_module(f"{name}.registry")
    importlib.import_module(name)           # registers every policy of the revision in its registry
    from tune_styles import styles_at
    from unmatched_sim.data.catalog import hero_ids
    from unmatched_sim.policies import register

    tag = re.sub(r"[^a-z0-9_-]", "_", rev.lower())     # a policy name's characters
    for pname, cls in list(old.POLICIES.items()):
        members = {"name": f"{pname}-{tag}", "summary": f"{pname} as of revision {rev}"}
        if pname == "tuned":
            members.update(pinned_styles(cls, dict(old.POLICIES["heuristic"].params), styles_at(rev, hero_ids())))
        register(type(cls.__name__, (cls,), members))
    return tag


def main() -> None:
    if len(sys.argv) < 3:
        print("usage: versus_revision.py REV SIM-COMMAND [ARGS...]", file=sys.stderr)
        raise SystemExit(2)
    rev, args = sys.argv[1], sys.argv[2:]
    tmp = Path(tempfile.mkdtemp(prefix="versus-"))
    atexit.register(shutil.rmtree, tmp, True)
    try:
        register_revision(rev, tmp)
    except subprocess.CalledProcessError:
        print(f"error: no policies at revision {rev!r}", file=sys.stderr)
        raise SystemExit(2)
    from unmatched_sim.cli import main as sim

    sys.argv = ["sim", *args]
    sim()


if __name__ == "__main__":
    main()
