"""Regenerate the ``tuned`` entries of tests/data/duel_digests.json (and only those): the AI's
play changes the tuned games on purpose; random and greedy games must stay as they are.

    python scripts/regen_tuned_digests.py
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.duel_digest import cases, digest  # noqa: E402

path = Path(__file__).resolve().parents[1] / "tests" / "data" / "duel_digests.json"
data = json.loads(path.read_text())
for a, b, policy, seed in cases():
    if policy == "tuned":
        data[f"{a}|{b}|{policy}|{seed}"] = digest(a, b, policy, seed)
path.write_text(json.dumps(data, indent=1, sort_keys=True))
print(f"rewrote the tuned digests in {path}")
