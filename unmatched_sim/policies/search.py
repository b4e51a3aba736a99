"""``ismcts``: information-set Monte Carlo tree search.

Each decision grows a tree (or goes on growing the one kept from the decision before, see
below). Every iteration:

1. **Determinize.** ``view.sample_game(rng)`` gives a complete game consistent with what this
   player knows (``engine.determinize``): the opponent's unseen hand cards and both decks'
   unknown orders re-dealt from the cards not accounted for, a face-down attack card resampled
   (weighted towards strong cards: attackers rarely lead with their weakest). The search never
   reads the real game's hidden state: it only ever plays these copies.
2. **Select** down the tree with UCB1, among the children whose option is legal in this
   determinization (single-observer ISMCTS with availability counts: a child's exploration
   term uses how often it *could* have been chosen, not how often its parent was visited).
   Both players' decisions are nodes; each node is scored from the view of the player who
   chose it. A forced answer (one option) is no node, and the decisions the guide makes in
   the real game (``DELEGATED``: the order fighters move in) are made by the guide in the tree.
3. **Expand** one untried option — the guide policy's own choice first, so the tree starts
   from a sensible line.
4. **Roll out** with a fast heuristic policy for both players, to the end of the game or for
   ``horizon`` turns (then the position is scored by health, hand and deck).
5. **Back up** the result.

The answer is the most visited option at the root.

**Keeping the tree** (``reuse``). The subtree below the option chosen is kept. When the same
player's next decision comes in the same turn and, in every world the search played below that
option, the next choice was this player's decision of the same kind (no foe's choice between),
that subtree becomes the new root: its playouts count towards the new decision's budget, and
only the rest is played (at least ``fresh`` of it, so that what was seen since — a card drawn,
a combat's cards — weighs in). A maneuver's boost and moves, an attack's card and boost follow
the action chosen just before them: about a quarter of a game's playouts are kept.

Budget: ``iterations`` per decision (deterministic: the same seed gives the same choices), or
``ms`` milliseconds per decision (``ms`` > 0 wins; wall-clock budgets are *not* deterministic —
how many iterations fit depends on the machine and its load).

A decision's search also stops **early** once the iterations left could not change its answer
(the leader is ahead of every other option, tried or not, by more visits than are left): the
answer is the whole budget's, for fewer iterations.

**What costs what** (Houdini–Genie, the compiled build, ``python scripts/bench_search.py``). A
game of ``iterations=100`` on both sides searches about 130 decisions and plays about 9,000
iterations, 68 a decision: kept trees stand for about a quarter of the budget and stopping early
saves about a seventh more. One iteration is about 610,000 instructions: a determinization
(~8 µs on a quiet core: the clone ~3 µs, the re-deal and its shuffles the rest; seeding fresh
random streams for each world would cost ~7 µs a stream, which is why a world draws from the
search's own), then the game played from the root to the horizon:
one guide or playout answer per decision on the way (tuned: most of the time) and the engine's
steps. The tree walk and the re-deal are compiled (``search.pxd``, ``determinize.pxd``): the
guide's and the playouts' answers and the engine's steps are nearly all of the time. The
playout's reach sets the price: with tuned playouts to the end of the *next* turn
(``horizon=2``) a game costs about twice as much, with greedy playouts (``rollout=greedy``) a
quarter less — but greedy playouts lose to tuned more often.
"""

from __future__ import annotations

import math
import random
import time

try:
    import cython
except ImportError:     # a pure install without Cython: the typing declarations do nothing
    from unmatched_sim import _cython_shim as cython
if not cython.compiled:     # (compiled, search.pxd cimports the C library's: math's call them)
    from math import log, sqrt

from unmatched_sim.engine.game import _GameCore
from unmatched_sim.engine.state import Decision, Fighter, Player
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.errors import UserError
from unmatched_sim.policies.registry import POLICIES, register
from unmatched_sim.policies.base import Policy


# ``searched``: the groups of a player's own decisions the search may be limited to. "effects"
# is every decision no other group names (a card's choices, ransoms, hero abilities).
SEARCHED_GROUPS = {
    "action": ("action",),
    "target": ("attack_target",),
    "attack": ("attack_card",),
    "defense": ("defense_card",),
    "move": ("move_destination", "maneuver_boost"),
    "effects": (),
}
_GROUP_OF_KIND = {kind: group for group, kinds in SEARCHED_GROUPS.items() for kind in kinds}


def searched_groups(spec: str) -> frozenset | None:
    """The groups named by a ``searched`` value ("action+target"), or None for all of them."""
    names = frozenset(n.strip().lower() for n in spec.split("+") if n.strip())
    if not names or names == {"all"}:
        return None
    for n in sorted(names):
        if n not in SEARCHED_GROUPS:
            raise UserError(f"ismcts: searched names no group '{n}' (groups: "
                            f"{', '.join(SEARCHED_GROUPS)}, or all; join several with '+')")
    return names


# A ``cclass`` (search.pxd) when compiled: the tree walk reads and updates its fields in C.
@cython.cclass
class Node:
    __slots__ = ("player", "visits", "avail", "reward", "children", "guided")

    def __init__(self, player: int):
        self.player = player      # who chose the option leading here
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict = {}
        # (player, kind) of the decisions below this node whose guide has already answered
        # with an option tried before: it is not asked there again (None: no such decision)
        self.guided: set | None = None


@cython.locals(child=Node, key=tuple, top=cython.double, second=cython.double, v=cython.double,
               tried=cython.Py_ssize_t)
def _decided(root: Node, options: tuple, kind: str, favourite, bonus: float, remaining: int) -> bool:
    """Can the ``remaining`` iterations no longer change the answer? The most visited option
    (with the favourite's head start) leads every other one, tried or not, by more visits than
    are left to play: the search may stop, its answer the one the whole budget would give."""
    top = second = 0.0
    tried = 0
    for key, child in root.children.items():
        if key[1] != kind or key[2] not in options:
            continue
        tried += 1
        v = child.visits + (bonus if key[2] == favourite else 0.0)
        if v > top:
            top, second = v, top
        elif v > second:
            second = v
    if tried < len(options):        # an option not tried yet may still take every visit left
        untried_best = bonus if favourite in options and not any(
            k[2] == favourite and k[1] == kind for k in root.children) else 0.0
        second = max(second, untried_best)
    return top - second > remaining


def _follow_board(game, views: list):
    """A co-op bridge fell (``game.board`` is a new board): the views read it. Returns it."""
    for view in views:
        view.follow_board()
    return game.board


def strong_attack_guess(game, candidates, rng):
    """Pick the attacker's face-down card among the possible ones, strong cards likelier."""
    weights = [(1 + (game.card(c).value or 0)) ** 2 for c in candidates]
    return rng.choices(candidates, weights)[0]


@cython.locals(game=_GameCore, p=Player, hero=Fighter, f=Fighter, fighters=list, score=cython.double,
               sidekicks=cython.Py_ssize_t, fi=cython.Py_ssize_t)
def _standing(game, s: int) -> float:
    """How well player ``s`` stands, in rough health units (for cut-off playouts)."""
    p = game.players[s]
    hero = game.hero_of(s)
    score = 3.0 * hero.health / hero.max_health + 0.15 * hero.health
    sidekicks = 0           # their health, summed
    fighters = game.fighters
    for fi in p.fighters[1:]:
        f = fighters[fi]
        if f.alive:
            sidekicks += f.health
    score += 0.3 * sidekicks
    score += 0.12 * min(len(p.hand), 7)
    if not p.deck:
        score -= 0.5
    return score


def evaluate(game, seat: int) -> float:
    """Score in [0, 1] for ``seat`` of an unfinished game (rollouts cut at the horizon): its
    side's standing against the average foe's, through a logistic."""
    if game.over:
        return outcome(game)[seat]
    foes = game.all_foes(seat)
    # (Lists summed, not generators: a compiled generator costs more than the list. The sums
    # stay Python's ``sum``, whose float rounding is the same compiled or not.)
    score = sum([_standing(game, s) for s in game.friendly(seat)])
    score -= sum([_standing(game, s) for s in foes]) / max(1, len(foes)) * (len(game.friendly(seat)))
    return 1.0 / (1.0 + math.exp(-score))


def outcome(game) -> tuple[float, ...]:
    """Each player's reward for a finished game: 1 for first place down to 0 for last (a duel:
    1 to the winner, 0 to the loser); 0.5 each when nobody won."""
    n = len(game.players)
    if game.winner is None:
        return (0.5,) * n
    worst = max(game.places)
    if worst <= 1:
        return (1.0,) * n
    return tuple(1.0 - (pl - 1) / (worst - 1) for pl in game.places)


@register
class ISMCTSPolicy(Policy):
    name = "ismcts"
    summary = ("information-set Monte Carlo tree search: samples the hidden cards from what it "
               "knows, guided by tuned, plays out with tuned to the end of the turn then scores the "
               "position; "
               "budget per decision")
    params = {"iterations": 200, "ms": 0.0, "c": 0.7, "rollout": "tuned", "guide": "tuned",
              "horizon": 1, "prior": 0.1, "blind_defense": True, "reuse": True, "fresh": 0.25,
              "early": True, "searched": "all"}
    param_help = {
        "iterations": "playouts per decision (deterministic for a given seed)",
        "ms": "if > 0: milliseconds per decision instead (not deterministic: depends on the machine)",
        "c": "UCB1 exploration constant",
        "rollout": "policy playing both sides in playouts (a policy without search)",
        "guide": "policy whose choice is tried first, gets the head start, and makes the "
                 "decisions not searched (a policy without search)",
        "horizon": "turns per playout before scoring the position (1: to the end of the turn it "
                   "starts in; 0: to the end of the game)",
        "prior": "head start, as a share of the iterations, for the guide policy's own choice at "
                 "the root (so a thin search does not override it on noise)",
        "blind_defense": "a defense card chosen below the root (without seeing the attack card "
                         "above it) follows the rollout policy instead of being searched",
        "reuse": "keep the subtree of a choice for this player's next decision of the same turn "
                 "(its playouts count towards that decision's budget)",
        "fresh": "share of the budget played anew at a decision whose tree was kept",
        "early": "stop a decision's search once the iterations left cannot change its answer",
        "searched": "which of its own decisions the search makes, groups joined by '+' (" +
                    ", ".join(SEARCHED_GROUPS) + ", or all); the guide makes the others, in the "
                    "real game and in the tree (to measure where the search's gain lies)",
    }
    uses_search = True

    def __init__(self, rng: random.Random, **params):
        super().__init__(rng, **params)
        if self.iterations < 1:
            raise UserError(f"ismcts: iterations must be at least 1 (got {self.iterations})")
        if self.ms < 0:
            raise UserError(f"ismcts: ms must be ≥ 0 (got {self.ms})")
        if self.c < 0:
            raise UserError(f"ismcts: c must be ≥ 0 (got {self.c})")
        if self.horizon < 0:
            raise UserError(f"ismcts: horizon must be ≥ 0 turns (got {self.horizon})")
        if not 0 <= self.prior <= 1:
            raise UserError(f"ismcts: prior must be between 0 and 1 (got {self.prior})")
        made = []
        for key in ("rollout", "guide"):
            cls = POLICIES.get(getattr(self, key))
            if cls is None or getattr(cls, "uses_search", False):
                simple = sorted(n for n, c in POLICIES.items() if not getattr(c, "uses_search", False))
                raise UserError(f"ismcts: {key} must be a policy without search "
                                f"({', '.join(simple)}), got '{getattr(self, key)}'")
            # Each draws from its own stream, split off once: choices stay reproducible.
            made.append(cls(random.Random(rng.getrandbits(64))))
        self.rollout_policy, self.guide_policy = made
        if not 0 < self.fresh <= 1:
            raise UserError(f"ismcts: fresh must be above 0 and at most 1 (got {self.fresh})")
        self.iterations_done = 0      # statistics for benchmarks: playouts played ...
        self.iterations_kept = 0      # ... and kept from the decision before
        self.decisions = 0
        self._kept = None             # (node of the last choice, its view, its turn)
        self.searched_groups = searched_groups(self.searched)

    # Decisions not worth a search: the order fighters move in (each destination is searched).
    # The guide makes them, in the real game and in the tree alike.
    DELEGATED = frozenset({"move_order", "effect_move_order", "sidekick_start"})

    def choose(self, view, decision):
        options = decision.options
        if len(options) == 1:
            return options[0]
        if decision.kind in self.DELEGATED or not self._searches(decision.kind):
            return self.guide_policy.choose(view, decision)
        seat = view.seat
        root = self._kept_root(view, decision) if self.reuse else None
        self._kept = None
        carried = 0
        if root is None:
            root = Node(-1)
        else:
            carried = sum(child.visits for child in root.children.values())
        rng = self.rng
        kind = decision.kind
        # The guide's choice gets a head start: a thin search must beat it clearly.
        favourite = self.guide_policy.choose(view, decision) if self.prior else None
        n = 0
        if self.ms > 0:
            deadline = time.perf_counter() + self.ms / 1000.0
            while True:
                self._iterate(view.sample_game(rng, strong_attack_guess), root, seat)
                n += 1
                if time.perf_counter() >= deadline:
                    break
            bonus = self.prior * (n + carried)
        else:
            budget = max(self.iterations - carried, math.ceil(self.fresh * self.iterations), 1)
            bonus = self.prior * (budget + carried)
            early = self.early
            while n < budget:
                self._iterate(view.sample_game(rng, strong_attack_guess), root, seat)
                n += 1
                if early and _decided(root, options, kind, favourite, bonus, budget - n):
                    break
        self.iterations_done += n
        self.iterations_kept += carried
        self.decisions += 1
        best, best_key = None, None
        for key, child in root.children.items():
            if key[2] not in options or key[1] != kind:
                continue
            rank = (child.visits + (bonus if key[2] == favourite else 0.0), child.reward)
            if best is None or rank > best:
                best, best_key = rank, key
        if best_key is None:
            return options[0]
        if self.reuse:
            self._kept = (root.children[best_key], view, view.turn)
        return best_key[2]

    def _searches(self, kind: str) -> bool:
        """Is this player's decision of ``kind`` searched (``searched``), or left to the guide?"""
        groups = self.searched_groups
        return groups is None or _GROUP_OF_KIND.get(kind, "effects") in groups

    def _kept_root(self, view, decision):
        """The subtree of the previous decision's choice, if it can stand for this decision: the
        same game (its view) and the same turn, and below that choice every world the search
        played met this player's decision of this kind next (no other player's choice between,
        in any of them). Its statistics were gathered before what has been seen since (a card
        drawn, a combat's cards): the new iterations, at least ``fresh`` of the budget, weigh
        that in."""
        if self._kept is None:
            return None
        node, kept_view, turn = self._kept
        if kept_view is not view or turn != view.turn or not node.children:
            return None
        seat, kind = view.seat, decision.kind
        for key in node.children:
            if key[0] != seat or key[1] != kind:
                return None
        return node

    # ------------------------------------------------------------------ one iteration
    @cython.locals(game=_GameCore, node=Node, child=Node, best_child=Node, nd=Node, d=Decision,
                   options=tuple, children=dict, path=list, untried=list, kids=list, views=list,
                   result=tuple, c=cython.double, best=cython.double, u=cython.double,
                   i=cython.Py_ssize_t)
    def _iterate(self, game, root: Node, seat: int) -> None:
        node = root
        path = []
        # One view per player for the whole iteration, the tree walk's and the playout's: a
        # policy keeps what it worked out for a view while its position stands (a guide asked
        # twice in one position, a playout's next decision in the position the walk left).
        views = [PlayerView(game, s) for s in range(len(game.players))]
        board = game.board
        c = self.c
        policy = self.rollout_policy
        guide = self.guide_policy
        blind = self.blind_defense
        delegated = self.DELEGATED
        limited = self.searched_groups is not None
        while game.pending is not None and not game.over:
            if game.board is not board:
                board = _follow_board(game, views)
            d = game.pending
            options = d.options
            if len(options) == 1:
                # A forced answer is no choice: no node (the real game asks nobody either).
                game.answer(options[0])
                continue
            kind = d.kind
            if kind in delegated or (limited and d.player == seat and not self._searches(kind)):
                # The searching player's decisions it leaves to the guide are the guide's in
                # the tree too: the tree plays the player as the real game will.
                game.answer(guide.choose(views[d.player], d))
                continue
            if blind and kind == "defense_card" and path:
                # Below the root a defender cannot see the attack card chosen above it: a tree
                # node here would answer each attack card with its best counter (a clairvoyant
                # defender, on either side). Its choice follows the rollout policy instead.
                # (At the root we defend against a card the determinization has sampled.)
                game.answer(policy.choose(views[d.player], d))
                continue
            prefix = (d.player, kind)
            children = node.children
            untried = []
            kids = []           # the tried options' nodes, in the options' order
            for o in options:
                child = children.get(prefix + (o,))
                if child is None:
                    untried.append(o)
                else:
                    child.avail += 1
                    kids.append(child)
            if untried:
                if len(untried) > 1:
                    # The guide's choice first. Once it answers with an option already tried
                    # (it mostly repeats itself), the other options come in random order
                    # without asking it again: a guide's answer costs as much as a playout's
                    # whole turn of choices.
                    guided = node.guided
                    pref = None
                    if guided is None or prefix not in guided:
                        pref = guide.choose(views[d.player], d)
                        if pref not in untried:
                            if guided is None:
                                node.guided = guided = set()
                            guided.add(prefix)
                    pick = pref if pref in untried else untried[self.rng.randrange(len(untried))]
                else:
                    pick = untried[0]
                child = Node(d.player)
                child.avail = 1
                children[prefix + (pick,)] = child
                path.append(child)
                game.answer(pick)
                break
            # Every option tried: UCB1 (``kids[i]`` is the node of ``options[i]``).
            best, pick, best_child = -1.0, None, None
            for i in range(len(options)):
                child = kids[i]
                u = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                if u > best:
                    best, pick, best_child = u, options[i], child
            path.append(best_child)
            node = best_child
            game.answer(pick)
        result = self._rollout(game, views, board)
        for nd in path:
            nd.visits += 1
            nd.reward += result[nd.player]

    @cython.locals(game=_GameCore, d=Decision)
    def _rollout(self, game, views: list, board) -> tuple[float, ...]:
        """Play ``game`` on to the horizon with the rollout policy (``views``: each player's, of
        ``board``) and score it."""
        policy = self.rollout_policy
        stop = game.turn + self.horizon if self.horizon else None
        while game.pending is not None and not game.over:
            if stop is not None and game.turn >= stop:
                break
            if game.board is not board:
                board = _follow_board(game, views)
            d = game.pending
            game.answer(policy.choose(views[d.player], d))
        if game.over:
            return outcome(game)
        if len(game.players) == 2:
            v = evaluate(game, 0)
            return (v, 1.0 - v)
        return tuple([evaluate(game, s) for s in range(len(game.players))])
