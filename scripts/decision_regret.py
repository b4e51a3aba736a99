"""Where does a policy leave games on the table? At a share of each hero's decisions, every
option is played out to the end of the game by the policy on both sides, and what the best
option wins over the policy's own choice is measured (a measurement, not a test).

    python scripts/decision_regret.py --heroes wayward_sisters --games 3 --share 0.15
    python scripts/decision_regret.py --heroes alice,annie_christmas,... --games 1 --out regret.parquet

Each sampled decision of the hero (``--share`` of them; never the order fighters move in or
where sidekicks start) is played out from ``--worlds`` determinizations of the deciding
player's information set (the cards it cannot see re-dealt, as the search does), the same
worlds for every option (paired). The best option is picked on half the worlds and its gain
over the policy's own choice is measured on the other half, and the other way round: the
average is an unbiased estimate of what changing that one decision wins, 0 or below where the
policy's choice is already the best (selection on noise then picks a worse option). Options
beyond ``--max-options`` (a move's destinations) are sampled, the policy's own always kept.

With ``--versus POLICY`` (e.g. the search, ``ismcts:iterations=200``) only the decisions where
that policy, asked from the deciding player's view, would choose otherwise are measured: the
gain is what its choice wins over the policy's own, played out the same way (no split: the
choice does not depend on the worlds). An attack target is told apart as hero (H) or sidekick
(S) for each side, an action or a combat card by its name (``detail``): which of the two
policies' disagreements are worth following.

Printed: per decision kind, then per hero and kind, the decisions sampled, the mean gain per
decision (win-rate points, with its standard error) and the gain per game (the mean gain times
the decisions of that kind a game, sampled at ``--share``): where the policy's play is weakest.
A gain per game sums one-decision improvements, each with the policy playing on: a guide to
where to look, not a win rate a better player would reach.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict

from unmatched_sim.cli.common import roster, split_names
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.game import play_out
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.errors import UserError
from unmatched_sim.policies import make_policy
from unmatched_sim.policies.search import outcome, strong_attack_guess
from unmatched_sim.run import GameSpec, game_seed, play_game

SKIP = frozenset({"move_order", "effect_move_order", "sidekick_start"})


def playout(view, d, option, policy: str, world_seed: str) -> float | None:
    """The deciding player's reward (the search's ``outcome``: 1 a win, 0.5 a draw, 0 a loss) of
    ``option`` answered in the world ``world_seed`` determinizes from ``view``, ``policy``
    playing every side to the end (the engine's ``play_out``); None if the option is not legal
    there."""
    w = view.sample_game(random.Random(world_seed), strong_attack_guess)
    if w.pending is None or option not in w.pending.options:
        return None
    seats = range(len(w.players))
    w.answer(option)
    play_out(w, [make_policy(policy, random.Random(f"{world_seed}:{s}")) for s in seats],
             [PlayerView(w, s) for s in seats], None)
    return outcome(w)[d.player]


def split_half_gain(results: list[list[float]], mine: int) -> float:
    """What the best option (picked on one half of the worlds) wins over option ``mine`` on the
    other half, averaged over both ways of splitting."""
    k = len(results[mine])
    h = k // 2
    gains = []
    for pick, judge in ((range(0, h), range(h, k)), (range(h, k), range(0, h))):
        best = max(range(len(results)), key=lambda j: (sum(results[j][i] for i in pick), j == mine))
        gains.append(sum(results[best][i] - results[mine][i] for i in judge) / len(judge))
    return sum(gains) / 2


def target_kind(game, option) -> str:
    """H or S: whether an attack target option (attacker, target) aims at a hero or a sidekick."""
    return "H" if game.fighters[option[1]].is_hero else "S"


def card_name(game, option) -> str:
    """A card option by its card's name ("none": no card); a scheme's option is (card, fighter
    playing it)."""
    if option is None:
        return "none"
    if isinstance(option, tuple):
        option = option[0]
    return game.cards[option].defn.name


# The decision kinds whose options are cards of the hand (or None: no card).
CARD_KINDS = frozenset({"attack_card", "defense_card", "scheme_card", "maneuver_boost", "combat_boost",
                        "effect_discard", "ability_discard_for_action"})


def space_kind(game, player: int, space) -> str:
    """Where a move puts a fighter against the foes: "adj" next to a foe, "zone" in a foe's zone,
    "away" neither ("stay": the fighter does not move)."""
    if space is None:
        return "stay"
    foes = [f for f in game.fighters if f.on_board and game.is_foe(player, f.owner)]
    if any(f.space in game.board.adjacent[space] for f in foes):
        return "adj"
    if any(game.board.same_zone(space, f.space) for f in foes):
        return "zone"
    return "away"


def disagreement(game, kind: str, ours, theirs, player: int = 0, card=None) -> str:
    """How two choices of a decision differ, for the tables: an attack target's H or S on each
    side, an action's name or a card's (``CARD_KINDS``) on each side, where a move goes
    (``space_kind``), a yes or no or a named choice as it is, a number with the card that asks
    it (``card``: "Intense Experimentation: 2>0" coils discharged); "" for other kinds."""
    if kind == "attack_target":
        return f"{target_kind(game, ours)}>{target_kind(game, theirs)}"
    if kind == "action":
        return f"{ours}>{theirs}"
    if kind == "move_destination":
        return f"{space_kind(game, player, ours)}>{space_kind(game, player, theirs)}"
    if kind in CARD_KINDS:
        return f"{card_name(game, ours)}>{card_name(game, theirs)}"
    if isinstance(ours, (bool, str)) and isinstance(theirs, (bool, str)):
        return f"{ours}>{theirs}"       # a yes or no, a named choice
    if isinstance(ours, int) and isinstance(theirs, int) and card is not None:
        return f"{card_name(game, card)}: {ours}>{theirs}"
    return ""


def measure(heroes, opponents, games: int, seed: int, policy: str, worlds: int, share: float,
            max_options: int, board_id: str, out=None, kinds=None, versus: str | None = None) -> list[dict]:
    loaded = {h: find_hero(h) for h in set(heroes) | set(opponents)}
    board = find_board(board_id)
    rows: list[dict] = []
    for hero in heroes:
        for foe in opponents:
            if foe == hero:
                continue
            for i in range(games):
                first = i % 2 == 0
                gs = game_seed(seed, hero, foe, i)
                spec = GameSpec(i, i, gs, hero, foe, a_first=first)
                mine = 0 if first else 1
                sample = random.Random(f"{gs}:regret")

                def on_decision(game, d, choice, gs=gs, mine=mine, foe=foe, sample=sample):
                    if d.player != mine or d.kind in SKIP or len(d.options) < 2 or sample.random() >= share:
                        return
                    if kinds and d.kind not in kinds:
                        return
                    view = PlayerView(game, d.player)
                    hand, actions = view.hand_size(d.player), view.actions_now()
                    # the position in brief: our deck, our hero's health and the foe hero's
                    context = {"deck": view.deck_size(d.player), "health": view.my_hero().health,
                               "foe_health": view.opp_hero().health}
                    at = f"{gs}:{game.turn}:{len(rows)}"        # this decision's seeds
                    if versus:
                        other = make_policy(versus, random.Random(f"{at}:versus")).choose(view, d)
                        if other == choice:
                            return
                        own = theirs = 0.0
                        for k in range(worlds):
                            ws = f"{at}:{k}"
                            a, b = playout(view, d, choice, policy, ws), playout(view, d, other, policy, ws)
                            if a is None or b is None:
                                return
                            own, theirs = own + a, theirs + b
                        detail = disagreement(game, d.kind, choice, other, d.player, d.info.get("card"))
                        rows.append({"hero": hero, "foe": foe, "game": gs, "turn": game.turn, "kind": d.kind,
                                     "options": len(d.options), "gain": (theirs - own) / worlds, "detail": detail,
                                     "hand": hand, "actions": actions, **context})
                        return
                    opts = list(d.options)
                    if len(opts) > max_options:
                        others = [o for o in opts if o != choice]
                        random.Random(f"{at}:options").shuffle(others)
                        opts = [choice] + others[:max_options - 1]
                    results = [[] for _ in opts]
                    for k in range(worlds):
                        for j, o in enumerate(opts):
                            r = playout(view, d, o, policy, f"{at}:{k}")
                            if r is None:
                                return
                            results[j].append(r)
                    rows.append({"hero": hero, "foe": foe, "game": gs, "turn": game.turn, "kind": d.kind,
                                 "options": len(opts), "gain": split_half_gain(results, opts.index(choice)),
                                 "detail": "", "hand": hand, "actions": actions, **context})

                play_game(spec, loaded, board, policy, policy, record=False, on_decision=on_decision)
            print(f"{hero} against {foe}: {len(rows)} decisions", file=sys.stderr, flush=True)
    if out:
        import polars as pl
        pl.DataFrame(rows).write_parquet(out)
    return rows


def table(rows: list[dict], keys: tuple, games_by: dict, share: float, title: str, top: int | None = None) -> None:
    groups = defaultdict(list)
    for r in rows:
        groups[tuple(r[k] for k in keys)].append(r["gain"])
    lines = []
    for key, gains in groups.items():
        n = len(gains)
        m = sum(gains) / n
        se = math.sqrt(sum((x - m) ** 2 for x in gains) / (n - 1) / n) if n > 1 else float("nan")
        played = games_by[key[0]] if keys[0] == "hero" else sum(games_by.values())
        lines.append((sum(gains) / share / played, key, n, m, se))
    lines.sort(reverse=True)
    print(f"\n{title}")
    print(f"{'':44s} {'decisions':>9s} {'gain/decision':>14s} {'± se':>7s} {'gain/game':>10s}")
    for per_game, key, n, m, se in lines[:top]:
        print(f"{' / '.join(key):44s} {n:9d} {100 * m:+13.2f}  {100 * se:6.2f} {100 * per_game:+9.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--policy", default="tuned", help="the policy measured, playing both sides (no search)")
    ap.add_argument("--heroes", nargs="*", default=None, help="hero ids, by spaces or commas (default: every "
                    "hero)")
    ap.add_argument("--opponents", nargs="*", default=None, help="the heroes they meet (default: the same roster)")
    ap.add_argument("--games", type=int, default=1, help="games per hero and opponent (seats alternate)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--worlds", type=int, default=20, help="worlds each option is played out in (even)")
    ap.add_argument("--share", type=float, default=0.15, help="share of the hero's decisions measured")
    ap.add_argument("--max-options", type=int, default=8)
    ap.add_argument("--board", default="marmoreal")
    ap.add_argument("--kinds", nargs="*", default=None, help="only these decision kinds (e.g. action attack_target)")
    ap.add_argument("--versus", default=None, help="measure only where this policy would choose otherwise, "
                    "and what its choice wins (e.g. ismcts:iterations=200)")
    ap.add_argument("--out", default=None, help="also write the decisions to this Parquet file (with the "
                                                "hand's size, the actions left, the deck and both heroes' health at each)")
    a = ap.parse_args()
    try:
        if not 0 < a.share <= 1:
            raise UserError(f"--share must be above 0 and at most 1 (got {a.share})")
        if a.worlds < 2 or a.worlds % 2:
            raise UserError(f"--worlds must be an even number, at least 2 (got {a.worlds})")
        if a.max_options < 2:
            raise UserError(f"--max-options must be at least 2 (got {a.max_options})")
        from unmatched_sim.policies.registry import POLICIES, validate_policy_spec
        validate_policy_spec(a.policy)
        if a.versus:
            validate_policy_spec(a.versus)
        if getattr(POLICIES[a.policy.split(":")[0]], "uses_search", False):
            raise UserError(f"--policy must be a policy without search (got '{a.policy}')")
        heroes = roster(split_names(a.heroes or []))
        opponents = roster(split_names(a.opponents)) if a.opponents else heroes
    except UserError as e:
        sys.exit(f"error: {e}")
    rows = measure(heroes, opponents, a.games, a.seed, a.policy, a.worlds, a.share, a.max_options, a.board, a.out,
                   kinds=set(split_names(a.kinds)) if a.kinds else None, versus=a.versus)
    if not rows:
        if a.kinds:
            sys.exit(f"error: no decision of the kinds {', '.join(sorted(set(split_names(a.kinds))))} was measured: "
                     "check --kinds (e.g. action, attack_target, attack_card, defense_card, move_destination) "
                     "or raise --share or --games")
        sys.exit("error: no decision was sampled: raise --share or --games")
    games_by = {h: a.games * sum(1 for o in opponents if o != h) for h in heroes}
    table(rows, ("kind",), games_by, a.share, "By kind of decision")
    table(rows, ("hero", "kind"), games_by, a.share, "By hero and kind (the 25 largest)", top=25)
    if a.versus:
        table(rows, ("kind", "detail"), games_by, a.share, f"By kind and the two choices (ours>{a.versus}'s)", top=25)


if __name__ == "__main__":
    main()
