"""Regenerate tests/data/play_digests.json: only after a deliberate change of play (say which in
the commit); an optimisation must leave it as it is.

    python scripts/regen_play_digests.py
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.play_digest import cases, digest, key  # noqa: E402

path = Path(__file__).resolve().parents[1] / "tests" / "data" / "play_digests.json"
data = {key(*c): digest(*c) for c in cases()}
path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
print(f"wrote {len(data)} digests to {path}")
