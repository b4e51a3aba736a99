"""Mothman's objective, "Destroy Bridges" (the rulebook's "Special Rules: Mothman").

The board's bridges (``bridges`` in a board file, numbered in order) join their two spaces
while they stand: fighters move and make melee attacks across them like a path, and nobody
stops on one. Here:

* **setup**: the four bridge tokens (Suspension, Truss, Covered, Drawbridge) dealt at random to
  bridges 1..4 (the game's own random stream), 1 doom token on bridge 1;
* **doom tokens**: 8 in the supply, at most 8 on a bridge; an effect places them on the
  lowest-numbered standing bridge (``place_doom``; the ``doom`` op of enemy cards); a token
  that cannot be placed advances the threat marker 1 space instead;
* **the end-of-round threat**: the villain's initiative card (``threat_per_doom`` in its file)
  moves the marker its own spaces plus one per doom token on the lowest-numbered standing
  bridge;
* **the objective** (the marker at the end of the track): the lowest-numbered standing bridge
  is destroyed: its doom tokens move to the next lowest-numbered bridge, its join is cut
  (``Board.without_bridges``, ``Game.use_board``: no move and no melee attack across it;
  ranged attacks by zone are unaffected), and the destroyed-bridge spot it goes to resolves its
  effects (``DESTROYED_BRIDGE_EFFECTS``; which ones each spot resolves is the villain file's
  ``destroyed_bridges``, by default the rulebook's list, one per spot). The villain's last
  objective (the 4th bridge) ends the game before any of this;
* **activation after a maneuver**: a player with a fighter on either space of a standing bridge
  may discard a card to activate one such bridge (decision ``bridge_activate``): its optional
  effect (``drawbridge``, ``covered_bridge``, ``truss_fighter`` / ``truss_destination``,
  ``suspension_enemy`` / ``suspension_discard``), then doom tokens off that bridge up to the
  discarded card's BOOST value.

The players' default answers to these decisions and the replay's lines are at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from unmatched_sim.coop.data import DESTROYED_BRIDGE_EFFECTS, RULEBOOK_DESTROYED_BRIDGES
from unmatched_sim.coop.game import advance_threat, reshuffle_discard
from unmatched_sim.coop.objectives import Objective, register
from unmatched_sim.engine.effects import Field, Op, op
from unmatched_sim.engine.piles import COST, FROM_DECK, OPPONENT_EFFECT
from unmatched_sim.hooks import advise, story_line

BRIDGE_TOKENS = ("Suspension Bridge", "Truss Bridge", "Covered Bridge", "Drawbridge")
DOOM_SUPPLY = 8            # doom tokens in the box
DOOM_PER_BRIDGE = 8        # at most on one bridge
DRAWBRIDGE_HAND = 4        # a chosen player draws up to a hand of this many
COVERED_RECOVERY = 3       # a chosen fighter recovers up to this much
TRUSS_MOVE = 3             # a chosen fighter moves up to this many spaces
SUSPENSION_LOOK = 2        # the top cards of an enemy's deck looked at


# ====================================================================== the state
@dataclass
class BridgesState:
    """The bridges' position: bridge k is ``tokens[k - 1]`` with ``doom[k - 1]`` doom tokens;
    ``destroyed`` lists the fallen bridges' numbers in the order they fell. ``board``: the
    board the game started on (with every bridge)."""
    board: object
    tokens: tuple[str, ...] = ()
    doom: list[int] = field(default_factory=list)
    destroyed: list[int] = field(default_factory=list)

    def copy(self) -> "BridgesState":
        return BridgesState(self.board, self.tokens, list(self.doom), list(self.destroyed))

    def standing(self) -> list[int]:
        return [k for k in range(1, len(self.doom) + 1) if k not in self.destroyed]

    def lowest(self) -> int | None:
        """The lowest-numbered standing bridge (None: none stands)."""
        for k in range(1, len(self.doom) + 1):
            if k not in self.destroyed:
                return k
        return None

    @property
    def supply(self) -> int:
        return DOOM_SUPPLY - sum(self.doom)


def bridges_of(g) -> BridgesState | None:
    """The game's bridges (None: the villain's objective is not Mothman's)."""
    st = g.coop.objective_state
    return st if isinstance(st, BridgesState) else None


# Boards without some bridges, shared by every game on the same board (by the board's identity,
# checked): the engine keeps walks and the policies keep facts per board object.
_CUT_BOARDS: dict[tuple[int, frozenset], tuple] = {}


def board_without(board, fallen: frozenset):
    key = (id(board), fallen)
    got = _CUT_BOARDS.get(key)
    if got is None or got[0] is not board:
        if len(_CUT_BOARDS) > 256:
            _CUT_BOARDS.clear()
        got = _CUT_BOARDS[key] = (board, board.without_bridges(fallen))
    return got[1]


def bridge_spaces(g, bridge: int) -> tuple[int, int]:
    return g.board.bridges[bridge - 1]


def bridges_next_to(g, seat: int) -> list[int]:
    """The standing bridges one of ``seat``'s fighters is next to (on one of its two spaces)."""
    st = bridges_of(g)
    spaces = {g.fighters[fi].space for fi in g.on_board(seat)}
    return [k for k in st.standing() if spaces & set(bridge_spaces(g, k))]


# ====================================================================== doom tokens
def place_doom(g, n: int, why: str, card: int | None = None) -> None:
    """Place ``n`` doom tokens on the lowest-numbered standing bridge, as many as the supply
    and the bridge allow; each one left over advances the threat marker 1 space."""
    st = bridges_of(g)
    if st is None or n <= 0 or g.over:
        return
    k = st.lowest()
    placed = 0 if k is None else min(n, st.supply, DOOM_PER_BRIDGE - st.doom[k - 1])
    if placed:
        st.doom[k - 1] += placed
        g.log("doom", g.coop.villain, None, card, None, placed, None, None, why, k)
    if n > placed:
        advance_threat(g, n - placed, "doom_overflow")


def remove_doom(g, bridge: int, n: int, seat: int, card: int | None = None) -> int:
    """Remove up to ``n`` doom tokens from ``bridge`` (to the supply): how many came off."""
    st = bridges_of(g)
    off = min(n, st.doom[bridge - 1])
    if off:
        st.doom[bridge - 1] -= off
        g.log("doom", seat, None, card, None, -off, None, None, "activation", bridge)
    return off


@op("doom")
class Doom(Op):
    """Mothman's cards: place doom tokens on the lowest-numbered standing bridge (the supply
    short: the threat marker advances 1 per token not placed). Nothing in a game whose villain
    has no bridges."""
    FIELDS = {"amount": Field("amount", required=True)}

    def run(self, g, ctx):
        if getattr(g, "coop", None) is not None:
            place_doom(g, self.amount(g, ctx), "card", ctx.card if ctx.card >= 0 else None)


# ====================================================================== destroyed bridges
def _villain_to_weakest_hero(g, bridge: int) -> None:
    """Mothman is placed next to the hero with the least health (the players choose the space,
    and so among tied heroes)."""
    co = g.coop
    vf = g.enemy_fighter(co.villain)
    heroes = [fi for s in range(co.heroes) for fi in g.on_board(s) if g.fighters[fi].is_hero]
    if not heroes or not g.fighters[vf].alive:
        return
    low = min(g.fighters[fi].health for fi in heroes)
    near = set()
    for fi in heroes:
        if g.fighters[fi].health == low:
            near |= g.board.adjacent[g.fighters[fi].space]
    here = g.fighters[vf].space if g.fighters[vf].on_board else -1
    options = sorted(s for s in near if g.occupant[s] < 0 or s == here)
    if options:
        g.ask(g.first_player_in(), "villain_placed", options, _villain_placed, vf, fighter=vf)


def _villain_placed(g, vf: int, space: int) -> None:
    if g.fighters[vf].space != space or not g.fighters[vf].on_board:
        g.place(vf, space)


def _each_player_discards(g, bridge: int, seat: int = 0) -> None:
    """Each player still in discards a card of their choice (one player a step)."""
    co = g.coop
    while seat < co.heroes and (g.out[seat] or not g.players[seat].hand):
        seat += 1
    if seat >= co.heroes:
        return
    g.push_one((_each_player_discards, (bridge, seat + 1)))
    g.ask(seat, "effect_discard", list(g.players[seat].hand), _player_discarded, seat,
          victim=seat, op="bridge_destroyed")


def _player_discarded(g, seat: int, cid: int) -> None:
    g.discard_from_hand(seat, cid, OPPONENT_EFFECT)


def _villain_recovers_per_player(g, bridge: int) -> None:
    co = g.coop
    players = sum(1 for s in range(co.heroes) if not g.out[s])
    g.recover(g.enemy_fighter(co.villain), players)


def _enemy_attack_bonus(g, bridge: int) -> None:
    g.coop.attack_bonus += 1


EFFECTS = {
    "villain_to_weakest_hero": _villain_to_weakest_hero,
    "each_player_discards": _each_player_discards,
    "villain_recovers_per_player": _villain_recovers_per_player,
    "enemy_attack_bonus": _enemy_attack_bonus,
}
assert tuple(EFFECTS) == DESTROYED_BRIDGE_EFFECTS


def _spot_effects(g, spot: int) -> tuple[str, ...]:
    """The effects destroyed-bridge spot ``spot`` (1, 2, ...) resolves."""
    spots = g.villain_def.destroyed_bridges or RULEBOOK_DESTROYED_BRIDGES
    return spots[spot - 1] if spot <= len(spots) else ()


def destroy_lowest_bridge(g) -> None:
    """The lowest-numbered standing bridge falls: its doom tokens move to the next one, its
    join is cut, and the effects of its destroyed-bridge spot resolve in order."""
    st = bridges_of(g)
    k = st.lowest()
    if k is None:
        return
    moved, st.doom[k - 1] = st.doom[k - 1], 0
    st.destroyed.append(k)
    nxt = st.lowest()
    if nxt is not None:
        st.doom[nxt - 1] += moved
    g.use_board(board_without(st.board, frozenset(st.destroyed)))
    g.log("bridge_destroyed", g.coop.villain, None, None, None, k, None, None, st.tokens[k - 1], moved)
    if moved and nxt is not None:
        g.log("doom", g.coop.villain, None, None, None, moved, None, None, "moved", nxt)
    steps = []
    for name in _spot_effects(g, len(st.destroyed)):
        steps.append((_log_effect, (k, name)))
        steps.append((EFFECTS[name], (k,)))
    if steps:
        g.push_steps(tuple(steps))


def _log_effect(g, bridge: int, name: str) -> None:
    g.log("bridge_effect", g.coop.villain, None, None, None, bridge, None, None, name)


# ====================================================================== activating a bridge
def _offer_activation(g, seat: int) -> None:
    st = bridges_of(g)
    hand = g.players[seat].hand
    if g.over or g.out[seat] or not hand:
        return
    near = bridges_next_to(g, seat)
    if not near:
        return
    options = [None] + [(k, cid) for k in near for cid in hand]
    g.ask(seat, "bridge_activate", options, _activated, seat,
          doom=tuple(st.doom), tokens=st.tokens, lowest=st.lowest())


def _activated(g, seat: int, choice) -> None:
    if choice is None:
        return
    k, cid = choice
    st = bridges_of(g)
    boost = g.players[seat].ability.boost_value(g, cid) or 0
    g.discard_from_hand(seat, cid, COST)
    token = st.tokens[k - 1]
    g.log("bridge_activated", seat, None, cid, None, k, None, None, token, boost)
    g.push((ACTIVATIONS[token], (seat, k)), (_doom_off, (seat, k, boost, cid)))


def _doom_off(g, seat: int, bridge: int, boost: int, cid: int) -> None:
    remove_doom(g, bridge, boost, seat, cid)


# --- Drawbridge: a chosen player draws up to a hand of 4 (fewer if they like)
def _drawbridge(g, seat: int, bridge: int) -> None:
    options = [None]
    for s in range(g.coop.heroes):
        if not g.out[s]:
            options += [(s, n) for n in range(1, DRAWBRIDGE_HAND - len(g.players[s].hand) + 1)]
    g.ask(seat, "drawbridge", options, _drawn, bridge, bridge=bridge)


def _drawn(g, bridge: int, choice) -> None:
    if choice is not None:
        g.draw(*choice)


# --- Covered Bridge: a chosen fighter recovers up to 3
def _covered_bridge(g, seat: int, bridge: int) -> None:
    options = [None]
    for f in g.fighters:
        if f.alive and f.on_board and f.health < f.max_health:
            options += [(f.idx, n) for n in range(1, min(COVERED_RECOVERY, f.max_health - f.health) + 1)]
    g.ask(seat, "covered_bridge", options, _covered, bridge, bridge=bridge)


def _covered(g, bridge: int, choice) -> None:
    if choice is not None:
        g.recover(*choice)


# --- Truss Bridge: a chosen fighter (enemy or friendly) moves up to 3
def _truss_bridge(g, seat: int, bridge: int) -> None:
    options = [None] + [f.idx for f in g.fighters if f.alive and f.on_board]
    g.ask(seat, "truss_fighter", options, _truss_chosen, seat, bridge=bridge)


def _truss_chosen(g, seat: int, fi) -> None:
    if fi is None:
        return
    options = g.reachable(fi, TRUSS_MOVE)
    if options:
        g.ask(seat, "truss_destination", options, _truss_moved, fi, fighter=fi)


def _truss_moved(g, fi: int, dest: int) -> None:
    if dest != g.fighters[fi].space:
        g.move_to(fi, dest)


# --- Suspension Bridge: look at an enemy's top 2 cards, discard one, the other back on top
def _suspension_bridge(g, seat: int, bridge: int) -> None:
    co = g.coop
    options = [None] + [s for s in range(co.heroes, len(g.players))
                        if not g.out[s] and (g.players[s].deck or g.players[s].discard)]
    g.ask(seat, "suspension_enemy", options, _suspension_chosen, seat, bridge=bridge)


def _suspension_chosen(g, seat: int, enemy) -> None:
    if enemy is None:
        return
    p = g.players[enemy]
    if not p.deck:            # enemies are never exhausted: the discard pile comes back first
        reshuffle_discard(g, enemy, "empty_deck")
    top = list(reversed(p.deck[-SUSPENSION_LOOK:]))      # the top card first
    g.ask(seat, "suspension_discard", top, _suspension_discarded, seat, enemy, tuple(top), enemy=enemy)


def _suspension_discarded(g, seat: int, enemy: int, top: tuple, cid: int) -> None:
    g.take_deck_card(enemy, cid)
    g.log("discard_from_deck", enemy, None, cid, None, g.players[enemy].ability.boost_value(g, cid))
    g.to_discard_pile(cid, FROM_DECK)
    p = g.players[enemy]
    kept = [c for c in top if c != cid]
    if kept and p.deck and p.deck[-1] == kept[0]:
        # the card put back on top is known to the players (they play with open hands)
        g.take_deck_card(enemy, kept[0])
        g.put_deck_top(enemy, kept[0], known_to=tuple(range(g.coop.heroes)))


ACTIVATIONS = {
    "Drawbridge": _drawbridge,
    "Covered Bridge": _covered_bridge,
    "Truss Bridge": _truss_bridge,
    "Suspension Bridge": _suspension_bridge,
}


# ====================================================================== the objective
def _counts_doom(g, card) -> bool:
    """Is ``card`` the villain's initiative card whose file says ``threat_per_doom``?"""
    return card.seat == g.coop.villain and any(
        ic.threat_per_doom for ic in g.villain_def.initiative if ic.name == card.name)


class DestroyBridges(Objective):
    name = "destroy_bridges"
    acts_after_maneuver = True

    def board_problem(self, board, enemies) -> str | None:
        n = len(board.bridges)
        if n and n != len(BRIDGE_TOKENS):
            return (f"destroy_bridges needs a board with {len(BRIDGE_TOKENS)} bridges; board "
                    f"{board.id} has {n} (its file's 'bridges' list)")
        return None

    def board_note(self, board) -> str | None:
        if not board.bridges:
            return (f"board {board.id} has no bridges, so the objective is not played yet: the threat "
                    "track counts objectives alone, without bridges or doom tokens (a board file's "
                    "'bridges' list; docs/coop.md)")
        return None

    def new_state(self, g) -> BridgesState | None:
        """The bridges' state; None on a board without bridges (the threat track alone)."""
        problem = self.board_problem(g.board, ())
        if problem:
            raise ValueError(problem)
        if not g.board.bridges:
            return None
        return BridgesState(g.board, (), [0] * len(g.board.bridges), [])

    def setup(self, g) -> None:
        st = bridges_of(g)
        if st is None:
            return
        tokens = list(BRIDGE_TOKENS)
        g.rng.shuffle(tokens)
        st.tokens = tuple(tokens)
        for k, token in enumerate(tokens, 1):
            g.log("bridge_dealt", None, None, None, None, k, None, None, token)
        place_doom(g, 1, "setup")

    def end_of_round_threat(self, g, card) -> int:
        n = card.end_of_round_threat
        st = bridges_of(g)
        if st is not None and _counts_doom(g, card):
            k = st.lowest()
            n += 0 if k is None else st.doom[k - 1]
        return n

    def achieved(self, g) -> None:
        if bridges_of(g) is not None:
            destroy_lowest_bridge(g)

    def after_maneuver(self, g, seat: int) -> None:
        if bridges_of(g) is not None:
            _offer_activation(g, seat)


register(DestroyBridges())



# ====================================================================== the players' answers
# Simple rules, not search (every policy built on greedy reads them: ``hooks.advise``). A bridge
# is worth activating when what it gives — doom tokens off (those on the lowest standing bridge
# count double: they move the marker every round) and its effect — outweighs the card spent,
# measured as the policy measures a card it keeps (``power``).
DOOM_WORTH = 2.5          # a doom token off the lowest standing bridge
LATER_DOOM_WORTH = 1.25   # a doom token off a later bridge
CARD_WORTH = 2.0          # a card drawn
HEALTH_WORTH = 1.0        # a point of a hero's health recovered (a sidekick's: half)
MOVE_WORTH = 0.5          # a fighter moved (Truss Bridge)
LOOK_WORTH = 0.5          # an enemy's card discarded from the top of its deck (Suspension Bridge)


def _card_cost(policy, view, cid) -> float:
    power = getattr(policy, "power", None)
    return power(view, cid) if power is not None else float(view.card(cid).value or 0)


def _friends(view):
    return [f for s in range(view.players) if not view.is_foe(s) for f in
            (view.fighter(fi) for fi in view.on_board(s))]


def _health_worth(f) -> float:
    return HEALTH_WORTH * (1.0 if f.is_hero else 0.5)


def _drawbridge_gain(view, seat: int, spent: int) -> int:
    """The most cards one player would draw: up to a hand of 4, not past their deck."""
    best = 0
    for s in range(view.players):
        if view.is_foe(s):
            continue
        hand = view.hand_size(s) - (spent if s == seat else 0)
        best = max(best, min(DRAWBRIDGE_HAND - hand, view.deck_size(s)))
    return best


def bridge_effect_worth(view, token: str) -> float:
    """What activating a bridge's effect is worth to the players now."""
    if token == "Drawbridge":
        return CARD_WORTH * _drawbridge_gain(view, view.seat, 1)
    if token == "Covered Bridge":
        return max((min(COVERED_RECOVERY, f.max_health - f.health) * _health_worth(f)
                    for f in _friends(view)), default=0.0)
    return MOVE_WORTH if token == "Truss Bridge" else LOOK_WORTH


def activation_worth(policy, view, d, k: int, cid: int) -> float:
    doom, lowest = d.info["doom"], d.info["lowest"]
    off = min(view.card(cid).boost or 0, doom[k - 1])
    per = DOOM_WORTH if k == lowest else LATER_DOOM_WORTH
    return off * per + bridge_effect_worth(view, d.info["tokens"][k - 1]) - _card_cost(policy, view, cid)


@advise("bridge_activate")
def advise_bridge_activate(policy, view, d):
    best, pick = 0.0, None
    for o in d.options:
        if o is not None:
            w = activation_worth(policy, view, d, *o)
            if w > best:
                best, pick = w, o
    return pick


@advise("drawbridge")
def advise_drawbridge(policy, view, d):
    """The player who draws the most, never past their deck (an empty deck hurts)."""
    ok = [o for o in d.options if o is not None and o[1] <= view.deck_size(o[0])]
    return max(ok, key=lambda o: (o[1], -o[0]), default=None)


@advise("covered_bridge")
def advise_covered_bridge(policy, view, d):
    """The most health back, to one of the players' fighters (a hero first)."""
    ok = [o for o in d.options if o is not None and not view.is_foe(view.fighter(o[0]).owner)]
    return max(ok, key=lambda o: (o[1] * _health_worth(view.fighter(o[0])), -o[0]), default=None)


def _enemies_next_to(view, space: int) -> int:
    return sum(1 for t in view.board.adjacent[space]
               if view.occupant(t) >= 0 and view.is_foe(view.fighter(view.occupant(t)).owner))


@advise("truss_fighter")
def advise_truss_fighter(policy, view, d):
    """Our most hurt hero out of an enemy's reach, if one stands next to it; else nothing."""
    ok = [fi for fi in d.options if fi is not None and not view.is_foe(view.fighter(fi).owner)
          and view.fighter(fi).is_hero and _enemies_next_to(view, view.fighter(fi).space)]
    return min(ok, key=lambda fi: (view.fighter(fi).health, fi), default=None)


@advise("truss_destination")
def advise_truss_destination(policy, view, d):
    return min(d.options, key=lambda s: (_enemies_next_to(view, s), s))


@advise("suspension_enemy")
def advise_suspension_enemy(policy, view, d):
    """The villain (its attacks hurt most); else the first enemy."""
    ok = [s for s in d.options if s is not None]
    return min(ok, default=None)


@advise("suspension_discard")
def advise_suspension_discard(policy, view, d):
    """Its strongest attack goes; the weaker card stays on top."""
    return max(d.options, key=lambda c: (view.card(c).value or 0, -c))


@advise("villain_placed")
def advise_villain_placed(policy, view, d):
    from unmatched_sim.coop.advice import _players_fighters_next_to
    return min(d.options, key=lambda s: (_players_fighters_next_to(view, s), s))


story_line("bridge_dealt")(lambda e: f"Bridge {e['amount']}: {e['detail']}")
story_line("doom")(lambda e: (f"{e['amount']} doom token(s) on bridge {e['value']} ({e['detail']})"
                              if e["amount"] > 0 else
                              f"{-e['amount']} doom token(s) off bridge {e['value']}"))
story_line("bridge_activated")(lambda e: f"{e['who']} discards {e['card']} to activate bridge {e['amount']}, "
                                         f"the {e['detail']} (BOOST {e['value']})")
story_line("bridge_destroyed")(lambda e: f"Bridge {e['amount']}, the {e['detail']}, is destroyed "
                                         f"({e['value']} doom token(s) move on)")
story_line("bridge_effect")(lambda e: f"Destroyed bridge {e['amount']}: {e['detail'].replace('_', ' ')}")
