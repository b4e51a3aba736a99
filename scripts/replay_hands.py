"""Re-play one game of a run and print, at each decision of a heuristic player, its hand and its
answer (``sim replay`` tells the game from the event log, which cannot show hands). Used to read
a hero's losses turn by turn as a strong player of that hero would (docs/policies.md, "Measured strength").

    python scripts/replay_hands.py runs/x 4                  # every heuristic player's decisions
    python scripts/replay_hands.py runs/x 4 --hero hamlet    # one hero's (name contains)

Each line: turn, hero, its hero fighter's health and space, deck size, hand, decision kind, the
answer and the first options (card ids shown as card names). The replay is checked against the
run's log as ``sim replay`` checks it, so the code must be the one that made the run.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from unmatched_sim.policies.heuristic import HeuristicPolicy  # noqa: E402
from unmatched_sim.replay import replay_from_run  # noqa: E402

CARD_KINDS = ("card", "boost", "discard")       # decision kinds whose options are card ids


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("run_dir", type=Path)
    ap.add_argument("game_id", type=int)
    ap.add_argument("--hero", help="only this hero's decisions (its name contains this)")
    args = ap.parse_args()
    choose = HeuristicPolicy.choose

    def traced(self, view, d):
        answer = choose(self, view, d)
        name = view.hero(view.seat).name
        if args.hero and args.hero.lower() not in name.lower():
            return answer
        if d.kind != "action" and len(d.options) < 2:
            return answer

        def shown(o):
            if d.kind.endswith(CARD_KINDS) and isinstance(o, int) and o >= 0:
                return view.card(o).name
            return o
        me = view.my_hero()
        hand = ", ".join(view.card(c).name for c in view.hand)
        print(f"T{view.turn} {name} hp{me.health}@{me.space} deck{view.deck_size(view.seat)} "
              f"[{hand}] {d.kind} -> {shown(answer)}  options {[shown(o) for o in d.options][:8]}")
        return answer

    HeuristicPolicy.choose = traced
    replay_from_run(args.run_dir, args.game_id)


if __name__ == "__main__":
    main()
