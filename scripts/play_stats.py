"""How does a policy play each hero? Exposure statistics from games played here, with exact
knowledge of the hands (a measurement, not a test; the event-log version is
``unmatched_sim.analysis.play``, which cannot see hands).

    python scripts/play_stats.py --policy tuned --games 20        # every ordered hero pair
    python scripts/play_stats.py --policy tuned-v1 --heroes houdini --games 40
    python scripts/play_stats.py --heroes pandora --opponents sinbad --games 400 --seed 11

Per hero, over the turns it played (both seats of every seed, every opponent of the roster):

* ``reach``: share of its turns it ended where a foe fighter could attack its hero without moving;
* ``reach_nodef``: the same, while holding no card its hero could defend with;
* ``attacked_nodef``: share of attacks on its hero made while it held no usable defense card;
* ``on hero``: among attacks whose attacker the engine offered both an opposing hero and an
  opposing sidekick as targets, the share made on the hero (exact: the engine's own options,
  effects included; the log version rebuilds them from positions);
* ``attacks/turn``; ``boost share``: cards spent on BOOST among cards spent (BOOST + played);
* ``wins``: share of its games won; ``deck out``: share of its games in which its deck ran out
  (its deck empty at any of its decisions or at the game's end);
* ``dry maneuvers``: maneuvers chosen with an empty deck while an attack or a scheme was offered
  (each costs exhaustion's damage), per game; ``ransoms paid``: share of the ransoms it was
  asked (Blackbeard's) that it paid.

Below the table, per hero that met them: the ransoms paid by the effect they would stop (a
summoned Sea Dog, Blackbeard's healing, his action, a discard, damage, a cancel), and its
optional draws (Chupacabra's The Hunger, Bigfoot's end-of-turn draw, any "may draw") taken,
overall and with the deck low (``LOW_DECK`` cards or fewer), each a count with a 95% interval.

Damage at the start of foe turns, exhaustion damage and hand-limit discards are in the log whole,
so ``analysis.play_stats`` (and ``sim report``'s "How the AI played") gives them exactly.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict

from unmatched_sim.engine import steps as engine_steps
from unmatched_sim.cli.common import roster, split_names
from unmatched_sim.data.catalog import find_board, find_hero, hero_ids
from unmatched_sim.errors import UserError
from unmatched_sim.run import GameSpec, game_seed, play_game
from unmatched_sim.stats import wilson_interval


def can_hit_now(game, fi, target_fi) -> bool:
    f, t = game.fighters[fi], game.fighters[target_fi]
    if not (f.on_board and t.on_board):
        return False
    b = game.board
    return t.space in b.adjacent[f.space] or (f.defn.ranged and b.same_zone(f.space, t.space))


def has_defense(game, seat) -> bool:
    hero = game.hero_of(seat)
    return any(game.card(c).can_defend and game.card(c).usable_by(hero.defn.name)
               for c in game.players[seat].hand)


LOW_DECK = 5       # "the deck low": this many cards or fewer left in it


def is_optional_draw(d) -> bool:
    """An optional draw of our own: Chupacabra's The Hunger, or a "may draw" effect (Bigfoot's
    end of turn)."""
    return d.kind == "ability_draw" or (d.kind == "effect_may" and d.info.get("op") == "draw")


# The game being measured: a search policy plays sampled copies through the same engine steps,
# whose attacks are not the game's.
WATCH: dict = {"seat": None, "stats": None, "game": None}
_ask_defense = engine_steps._ask_defense
_attack_declared = engine_steps._attack_declared


def _watched_ask_defense(g):
    c = g.combat
    if g is WATCH["game"] and c.players[1] == WATCH["seat"] and g.fighters[c.fighters[1]].is_hero:
        WATCH["stats"]["attacked"] += 1
        WATCH["stats"]["attacked_nodef"] += not has_defense(g, WATCH["seat"])
    _ask_defense(g)


def _watched_attack_declared(g, seat, option):
    if g is WATCH["game"] and seat == WATCH["seat"]:
        st = WATCH["stats"]
        st["attacks"] += 1
        fi, target = option
        offered = {g.fighters[t].is_hero for f, t in g.attack_options(seat) if f == fi}
        if offered == {True, False}:         # this attacker could hit a hero or a sidekick
            st["choices"] += 1
            st["on_hero"] += g.fighters[target].is_hero
    _attack_declared(g, seat, option)


# A measurement only: watch every attack (the engine asks no decision when there is no choice).
engine_steps._ask_defense = _watched_ask_defense
engine_steps._attack_declared = _watched_attack_declared


def measure(heroes_measured, policy, opponent, games, seed, board_id, opponents=None):
    ids = hero_ids()
    heroes = {h: find_hero(h) for h in ids}
    board = find_board(board_id)
    st = defaultdict(Counter)
    for a in heroes_measured:
        for b in opponents or ids:
            if b == a:
                continue
            for i in range(games):
                g = GameSpec(0, i // 2, game_seed(seed, a, b, i // 2), a, b, a_first=(i % 2 == 0))
                track = {"turn": 0, "player": None}
                seat_a = 0 if g.a_first else 1

                def on_decision(game, d, choice, track=track, seat_a=seat_a):
                    WATCH["game"] = game
                    if game.turn != track["turn"]:
                        p = track["player"]
                        if p == seat_a and game.hero_of(p).on_board:
                            hero = game.hero_of(p)
                            c = st[a]
                            c["turns"] += 1
                            reach = any(can_hit_now(game, o, hero.idx) for t in game.all_foes(p)
                                        for o in game.on_board(t))
                            c["reach"] += reach
                            c["reach_nodef"] += reach and not has_defense(game, p)
                        track["turn"] = game.turn
                        track["player"] = game.active if hasattr(game, "active") else d.player
                    if d.player == seat_a:
                        c = st[a]
                        if not game.players[seat_a].deck:
                            track["dry"] = True
                        if (d.kind == "action" and choice == "maneuver" and not game.players[seat_a].deck
                                and ("attack" in d.options or "scheme" in d.options)):
                            c["dry_maneuvers"] += 1
                        elif d.kind == "ransom":
                            c["ransoms"] += 1
                            c["ransoms_paid"] += choice is True
                            kind = d.info["effect"].NAME
                            c["ransoms:" + kind] += 1
                            c["ransoms_paid:" + kind] += choice is True
                        elif is_optional_draw(d):
                            low = len(game.players[seat_a].deck) <= LOW_DECK
                            c["draws_offered"] += 1
                            c["draws_taken"] += choice is True
                            c["draws_offered_low"] += low
                            c["draws_taken_low"] += low and choice is True
                        if d.kind in ("maneuver_boost", "combat_boost") and choice is not None:
                            c["boosts"] += 1
                        elif d.kind in ("attack_card", "scheme_card") or (d.kind == "defense_card" and choice is not None):
                            c["played"] += 1
                WATCH["seat"], WATCH["stats"] = seat_a, st[a]
                game, _ = play_game(g, heroes, board, policy, opponent, record=False, on_decision=on_decision)
                c = st[a]
                c["games"] += 1
                c["wins"] += game.winner == seat_a
                c["deck_out"] += track.get("dry", False) or not game.players[seat_a].deck
    return st


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--policy", default="tuned")
    ap.add_argument("--opponent", default=None, help="policy of the other heroes (default: the same)")
    ap.add_argument("--heroes", nargs="*", default=None, help="hero ids, separated by spaces or commas "
                                                              "(default: every hero)")
    ap.add_argument("--opponents", nargs="*", default=None, help="the heroes they meet (default: every other)")
    ap.add_argument("--games", type=int, default=20, help="games per ordered hero pair (both seats)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--board", default="marmoreal")
    args = ap.parse_args()
    try:
        hs = roster(split_names(args.heroes or []))
        opponents = roster(split_names(args.opponents)) if args.opponents else None
        st = measure(hs, args.policy, args.opponent or args.policy, args.games, args.seed, args.board, opponents)
    except UserError as e:
        sys.exit(f"error: {e}")
    print(f"{args.policy} (opponents: {args.opponent or args.policy}), {args.games} games per hero pair, seed {args.seed}")
    print(f"{'hero':<12}{'turns':>6}  {'ends in reach':>22}  {'in reach, no defense':>22}  {'attacked w/o defense':>22}  "
          f"{'on hero (hero or sidekick)':>28}  att/turn  boost share  {'wins':>20}  {'deck out':>20}  "
          f"dry maneuvers/game  {'ransoms paid':>28}")
    for h in hs:
        c = st[h]
        def cell(k, n):
            lo, hi = wilson_interval(c[k], c[n])
            return f"{c[k] / max(1, c[n]):6.1%} [{lo:4.0%},{hi:4.0%}]"
        spent = c["boosts"] + c["played"]
        on_hero = f"{cell('on_hero', 'choices')} of {c['choices']}"
        print(f"{h:<12}{c['turns']:>6}  {cell('reach', 'turns'):>22}  {cell('reach_nodef', 'turns'):>22}  "
              f"{cell('attacked_nodef', 'attacked'):>22}  {on_hero:>28}  "
              f"{c['attacks'] / max(1, c['turns']):8.2f}  "
              f"{c['boosts'] / max(1, spent):11.1%}  {cell('wins', 'games'):>20}  {cell('deck_out', 'games'):>20}  "
              f"{c['dry_maneuvers'] / max(1, c['games']):18.2f}  {cell('ransoms_paid', 'ransoms')} of {c['ransoms']}")
    # The decisions behind the ransoms and the optional draws, for the heroes that met them.
    for h in hs:
        c = st[h]
        def cell(k, n):
            lo, hi = wilson_interval(c[k], c[n])
            return f"{c[k]} of {c[n]}, {c[k] / max(1, c[n]):.1%} [{lo:.1%}, {hi:.1%}]"
        kinds = sorted(k.split(":", 1)[1] for k in c if k.startswith("ransoms:"))
        for kind in kinds:
            print(f"{h}: ransoms paid, {kind}: {cell('ransoms_paid:' + kind, 'ransoms:' + kind)}")
        if c["draws_offered"]:
            print(f"{h}: optional draws taken: {cell('draws_taken', 'draws_offered')}; "
                  f"with {LOW_DECK} cards or fewer in the deck: {cell('draws_taken_low', 'draws_offered_low')}")


if __name__ == "__main__":
    main()
