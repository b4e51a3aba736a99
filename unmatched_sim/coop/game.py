"""A co-op game: the players' heroes against a villain and its minions (Tales to Amaze).

Built on the engine, not beside it. Every enemy is a seat of the game (the villain's, then one
per minion) whose "hero" is the enemy and whose deck is the enemy's cards, all on one side
(``CoopFormat``); the players' seats are the other side. So the engine's combat, damage, board,
movement (enemies pass through enemies, never through heroes or sidekicks: the engine's rule
for friendly and opposing fighters), decks, discard piles and card effects work unchanged.
What is co-op's own is here:

* **setup** by player count: the villain's health is its ``health_per_player`` times the
  players, one minion per player, heroes on starting spaces 1..n, the villain on starting
  space 5 (the board's most central empty space where it has none), each minion on an empty
  space next to the villain (the players choose: decision ``minion_start``);
* **the initiative deck**: one card per player, the villain's and each minion's cards (and any
  card an enemy file adds at setup for this many players), shuffled each round; revealed one by
  one, each giving its owner a turn; cards of defeated enemies and eliminated players are
  removed (from the row at once, from the deck when revealed); ``extra_enemy_turn`` puts an
  enemy's card on the bottom; at the end of the round the end-of-round effects resolve left to
  right (the threat track), cards added during play join, and the deck is shuffled again;
* **enemy turns**: one attack; an adjacent target, else the closest target reachable within
  the enemy's move by the shortest route, else the threat track advances 1; ties among targets
  and among routes' end spaces are the players' choice (``enemy_target``, ``enemy_route``);
* **enemy cards**: attacking, the top card of its deck face down, at its attack value;
  defending, the top card of its deck at its defense value; effects in the attack box only
  are not resolved when defending; Deception shuffles the discard pile back into the deck
  whenever it is discarded; no hand: an enemy never decides ("may" is no, any other choice is
  the players'), drawing shuffles cards from the top of its discard pile back into its deck,
  and it is never exhausted (an empty deck is refilled from its discard pile);
* **the threat track**: counted space by space; at the end the villain achieves its
  objective (``objective`` event), the extra spaces are ignored and the marker returns to the
  start; ``objectives_to_win`` of them and the players lose;
* **the end**: the players win when the villain is defeated; they lose when every one of their
  fighters is defeated, or on the villain's last objective. A player is eliminated only when
  all of their fighters are defeated.

Beside it: webs and acid (``coop.tokens``: ``TokenRules``), small fighters, enemies being
neither heroes nor sidekicks for card text, an enemy's hand read as its deck and its defense
card revealed at its defense value (``coop.enemy_rules``: ``EnemyRules``, ``enemy_targets``;
``CoopFormat.has_hand``, ``counts_as_hero``, ``counts_as_sidekick``). A villain's own objective
mechanics are rules in ``objectives.py``: Mothman's bridges and doom tokens (``bridges.py``),
Martian Invader's fields, aliens and invasion tokens (``invasion.py``). See README.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from unmatched_sim.coop import advice  # noqa: F401  (the players' co-op decisions, the replay's lines)
from unmatched_sim.coop.data import EnemyDef, EventDef
from unmatched_sim.coop.enemy_rules import EnemyRules, enemy_targets
from unmatched_sim.coop.objectives import Objective, objective_rule
from unmatched_sim.coop.tokens import TokenRules
from unmatched_sim.data.board import Board
from unmatched_sim.engine.ability import Ability, ability
from unmatched_sim.engine.effects import parse_effects
from unmatched_sim.engine.formats import Format
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.state import NO_SPACE, Combat, WatchedDict
from unmatched_sim.engine.view import UNREACHED, board_distances
from unmatched_sim.engine import steps as _steps
from unmatched_sim.model import AbilityDef, CardDef, FighterDef, HeroDef

ATTACKER, DEFENDER = 0, 1
# The two sides (teams): the players' is 0; the enemies' is the villain's seat (the number of
# players), so the game's winner, logged as a seat, names a player of the winning side.
HEROES = 0
DEFAULT_COOP_MAX_TURNS = 400    # every player's and enemy's turn counted
DECEPTION_TAG = "deception"
ATTACK_ONLY_TAG = "attack_only"
VILLAIN_START = 5               # the villain's starting space number


# ====================================================================== the format
class CoopFormat(Format):
    """The players' seats (0..heroes-1, one side) against the enemies' seats (the other side).
    A player is out once all of their fighters are defeated; an enemy once it is defeated."""

    name = "coop"
    min_players = 2
    max_players = 4 + 1 + 4
    out_when_hero_defeated = False

    def __init__(self, heroes: int, enemies: int):
        if not 1 <= heroes <= 4:
            raise ValueError(f"co-op needs 1–4 heroes, got {heroes}")
        self.heroes = heroes
        super().__init__(heroes + enemies)

    def team_of(self, seat: int) -> int:
        return HEROES if seat < self.heroes else self.heroes

    @property
    def starts_needed(self) -> int:
        return self.heroes

    def player_out(self, g, seat: int) -> bool:
        if seat < self.heroes:
            return not any(g.fighters[f].alive for f in g.players[seat].fighters)
        return g.hero_defeated(seat)

    # Enemies hold no hand and are neither heroes nor sidekicks for card text (coop.enemy_rules).
    def has_hand(self, seat: int) -> bool:
        return seat < self.heroes

    def printed_value(self, g, cid: int, role: int) -> int:
        owner = g.card_owners[cid]
        if owner >= self.heroes and role == DEFENDER:
            return g.players[owner].ability.params["defense"][g.card(cid).name]
        return g.card(cid).value or 0

    def counts_as_hero(self, g, fi: int) -> bool:
        f = g.fighters[fi]
        return f.is_hero and f.owner < self.heroes

    def counts_as_sidekick(self, g, fi: int) -> bool:
        f = g.fighters[fi]
        return not f.is_hero and f.owner < self.heroes

    def describe(self) -> str:
        return f"coop {self.heroes}p"


# ====================================================================== enemies as seats
@ability("coop_enemy")
class EnemyAbility(Ability):
    """What makes an enemy's seat play by the enemy rules: its cards' defense values, attack-box
    effects, Deception, and the Amazing Events' attack bonus (``params["attack_bonus"]``)."""

    def modify_combat_value(self, g, seat, combat, role, value):
        if combat.players[role] != seat:
            return value
        cid = combat.cards[role]
        if cid is None or g.card_owners[cid] != seat:
            return value
        if role == DEFENDER:
            defense = self.params["defense"][g.card(cid).name]
            return max(0, value + defense - (g.card(cid).value or 0))
        return value + g.coop.attack_bonus

    def on_card_played(self, g, cid, played_by, role):
        # An effect only in the attack box does not resolve when the card defends.
        if role == DEFENDER and ATTACK_ONLY_TAG in g.card(cid).tags and g.combat is not None:
            g.combat.cancelled[DEFENDER] = True

    def redirect_discard(self, g, cid, route):
        if DECEPTION_TAG not in g.card(cid).tags:
            return False
        owner = g.card_owners[cid]
        g.discard_pile_add(owner, cid)
        reshuffle_discard(g, owner, "deception")
        return True


def reshuffle_discard(g, seat: int, why: str, count: int | None = None) -> None:
    """Shuffle ``seat``'s discard pile (or its top ``count`` cards) back into its deck. The card
    an enemy is using in combat is in play, not in the pile, so it stays out."""
    p = g.players[seat]
    pile = p.discard
    take = list(pile) if count is None else list(pile[-count:]) if count > 0 else []
    for cid in take:
        g.discard_pile_take(seat, cid)
        p.deck.append(cid)
    _steps.shuffle_deck(g.rngs[seat], p.deck)
    p.deck_top_known = 0
    p.top_known_by = {}
    g.log("enemy_reshuffle", seat, None, None, None, len(take), None, None, why)


def enemy_hero_def(enemy: EnemyDef, health: int, attack_bonus: int = 0) -> HeroDef:
    """The enemy as a side of the engine: one fighter, its cards versatile at their attack
    value (the defense value is the ability's parameter), Deception and attack-box effects
    tagged."""
    names = frozenset({enemy.name})
    cards = []
    for c in enemy.cards:
        tags = set()
        if c.deception:
            tags.add(DECEPTION_TAG)
        if c.attack_only:
            tags.add(ATTACK_ONLY_TAG)
        effects = {t: parse_effects(ops, names, t) for t, ops in c.effects.items()}
        cards.append(CardDef(name=c.name, type="versatile", value=c.attack, boost=c.boost,
                             copies=c.copies, users=None, effects=effects, tags=frozenset(tags),
                             text=c.text))
    fighter = FighterDef(name=enemy.name, health=health, ranged=enemy.ranged, is_hero=True)
    params = {"defense": {c.name: c.defense for c in enemy.cards}, "kind": enemy.kind}
    return HeroDef(id=f"{enemy.kind}:{enemy.id}", name=enemy.name, set="", move=enemy.move or 0,
                   hero=fighter, sidekicks=(), ability=AbilityDef("Enemy", "coop_enemy", params),
                   cards=tuple(cards), path=enemy.path, sha256=enemy.sha256)


# ====================================================================== the co-op state
@dataclass
class Initiative:
    name: str
    seat: int                 # whose card it is (-1: nobody's)
    right_now: str = "turn"
    end_of_round_threat: int = 0


@dataclass
class CoopState:
    """What a co-op game adds to the engine's position (copied by ``clone``)."""
    heroes: int
    villain: int                                   # the villain's seat
    track: tuple[int, ...]
    objective: str
    objectives_to_win: int
    attack_bonus: int = 0
    cards: list = field(default_factory=list)      # the initiative cards in use this game
    added: list = field(default_factory=list)      # cards to add at the next shuffle
    deck: list = field(default_factory=list)       # the initiative deck (top = last)
    row: list = field(default_factory=list)        # revealed this round, left to right
    threat: int = 0                                # the marker's space, 0 = the first
    objectives: int = 0
    round: int = 0
    objective_state: object = None                 # the objective's own (objectives.Objective)

    def copy(self) -> "CoopState":
        return replace(self, cards=list(self.cards), added=list(self.added), deck=list(self.deck),
                       row=list(self.row),
                       objective_state=None if self.objective_state is None else self.objective_state.copy())

    @property
    def threat_level(self) -> int:
        return self.track[self.threat]


class CoopGame(EnemyRules, TokenRules, Game):
    """A co-op game: ``heroes`` (the players, seats 0..n-1) against ``villain`` and ``minions``
    (one per player), with ``events`` (Amazing Events) in force."""

    def __init__(self, board: Board, heroes: tuple[HeroDef, ...], villain: EnemyDef,
                 minions: tuple[EnemyDef, ...], events: tuple[EventDef, ...] = (), seed: int | str = 0,
                 *, side_keys: tuple[str, ...] | None = None, max_turns: int = DEFAULT_COOP_MAX_TURNS,
                 record: bool = True):
        n = len(heroes)
        # (set first: the engine's set-up reads it, ``_dispatch``)
        self.objective_rule: Objective = objective_rule(villain.objective)
        if len(minions) != n:
            raise ValueError(f"co-op with {n} player{'s' if n > 1 else ''} needs {n} "
                             f"minion{'s' if n > 1 else ''}, got {len(minions)}")
        for e in (villain, *minions):
            if not e.playable:
                raise ValueError(f"{e.name} cannot be played yet: its file has no "
                                 f"{'cards' if not e.cards else 'move value' if e.move is None else 'threat track'}")
        bonus = sum(e.enemy_attack_bonus for e in events)
        minion_health = 10 + sum(e.minion_health_bonus for e in events)
        enemies = (enemy_hero_def(villain, villain.health * n),) + tuple(
            enemy_hero_def(m, m.health + minion_health - 10) for m in minions)
        # each player's shuffles from a stream keyed by its label (its slot in a run), so a hero
        # gets the same deck whichever seat it plays from; the enemies' by their role
        keys = tuple(side_keys or (f"p{i}" for i in range(n))) + ("villain",) + tuple(
            f"minion{i + 1}" for i in range(n))
        super().__init__(board, tuple(heroes) + enemies, seed, side_keys=keys,
                         fmt=CoopFormat(n, len(enemies)), max_turns=max_turns, record=record)
        self.villain_def, self.minion_defs, self.event_defs = villain, tuple(minions), tuple(events)
        self.coop = CoopState(n, n, villain.threat_track, villain.objective, villain.objectives_to_win,
                              attack_bonus=bonus)
        cards = [Initiative(f"Player {s + 1}", s) for s in range(n)]
        for seat, e in zip(range(n, 2 * n + 1), (villain, *minions)):
            for ic in e.initiative:
                if n < ic.min_players:
                    continue
                for _ in range(ic.copies):
                    if ic.at_start:
                        cards.append(Initiative(ic.name, seat, ic.right_now, ic.end_of_round_threat))
        self.coop.cards = cards
        self.coop.objective_state = self.objective_rule.new_state(self)
        self._added_later = {(e_seat, ic.name): ic for e_seat, e in zip(range(n, 2 * n + 1), (villain, *minions))
                             for ic in e.initiative if not ic.at_start}

    # ------------------------------------------------------------------ who is who
    def is_enemy_seat(self, seat: int) -> bool:
        return seat >= self.coop.heroes

    def enemy_fighter(self, seat: int) -> int:
        return self.players[seat].fighters[0]

    def first_player_in(self) -> int:
        """The player who answers the players' decisions (the first one still in)."""
        for s in range(self.coop.heroes):
            if not self.out[s]:
                return s
        return 0

    # ------------------------------------------------------------------ overrides
    def _dispatch(self) -> None:
        super()._dispatch()
        if self.objective_rule.acts_after_maneuver:
            # every player's maneuver ends with the objective's action, whatever its hero's ability
            seats = set(self.handlers["after_maneuver"]) | set(range(self.format.heroes))
            self.handlers = {**self.handlers, "after_maneuver": tuple(sorted(seats))}

    def after_maneuver(self, seat: int) -> None:
        super().after_maneuver(seat)
        if seat < self.coop.heroes and self.objective_rule.acts_after_maneuver:
            self.objective_rule.after_maneuver(self, seat)

    def start(self) -> "CoopGame":
        self.push_one((_coop_setup, ()))
        self.run()
        return self

    def clone(self, record: bool = False) -> "CoopGame":
        g = super().clone(record)
        g.__class__ = CoopGame
        g.coop = self.coop.copy()
        return g

    def ask(self, player, kind, options, resume, *args, **info):
        """Enemies never decide: an enemy's defense card is the top of its deck; a "may" is no;
        any other choice an effect gives an enemy is the players'. "Choose an opponent" never
        names an enemy: the effect is ignored."""
        if kind == "effect_opponent":
            self.log("effect_ignored", player, None, info.get("card"), None, None, None, None,
                     "choose_an_opponent")
            return None
        if player < self.coop.heroes:
            return super().ask(player, kind, options, resume, *args, **info)
        if kind == "defense_card":
            cid = enemy_card(self, player)
            if cid is None:
                return resume(self, *args, None)
            self.players[player].hand.append(cid)
            return resume(self, *args, cid)
        for refusal in (None, False):
            if any(o is refusal for o in options):
                return resume(self, *args, refusal)
        return super().ask(self.first_player_in(), kind, options, resume, *args, **info)

    def draw(self, seat: int, n: int = 1) -> None:
        if seat < self.coop.heroes:
            return super().draw(seat, n)
        # An enemy that draws shuffles that many cards from the top of its discard pile back.
        if n > 0:
            reshuffle_discard(self, seat, "draw", n)

    def check_win(self) -> bool:
        if self.over:
            return True
        co = self.coop
        for s in range(len(self.players)):
            if not self.out[s] and self.format.player_out(self, s):
                self.out[s] = True
                self.out_turn[s] = self.turn
                self.log("eliminated", s, None, None, None, None, None, None,
                         "defeated" if s >= co.heroes else "no_fighters")
                co.row = [c for c in co.row if c.seat != s]
        if self.out[co.villain]:
            self.end(HEROES, "villain_defeated")
        elif all(self.out[s] for s in range(co.heroes)):
            self.end(co.villain, "all_fighters_defeated")
        elif co.objectives >= co.objectives_to_win:
            self.end(co.villain, "objective")
        return self.over

    def decided(self) -> bool:
        co = self.coop
        return (self.hero_defeated(co.villain) or co.objectives >= co.objectives_to_win
                or all(self.format.player_out(self, s) for s in range(co.heroes)))


# ====================================================================== the threat track
def advance_threat(g: CoopGame, n: int, cause: str) -> None:
    """Move the threat marker ``n`` spaces, one by one; at the last space the villain achieves
    its objective, the rest of the move is ignored and the marker returns to the start."""
    co = g.coop
    if n <= 0 or g.over:
        return
    last = len(co.track) - 1
    moved = 0
    while moved < n:
        co.threat += 1
        moved += 1
        if co.threat >= last:
            break
    g.log("threat", co.villain, None, None, None, moved, None, None, cause, co.threat)
    if co.threat >= last:
        co.objectives += 1
        g.log("objective", co.villain, None, None, None, co.objectives, None, None, co.objective)
        if not g.check_win():
            co.threat = 0
            g.objective_rule.achieved(g)


# ====================================================================== setup
def _center_space(g: CoopGame) -> int:
    """The empty space with the least summed distance to the board's starting spaces."""
    dist = board_distances(g.board)
    starts = set(g.board.starts.values())
    return min(g.empty_spaces(), key=lambda s: (sum(dist[s][t] for t in starts), s))


def _coop_setup(g: CoopGame) -> None:
    co = g.coop
    for seat, p in enumerate(g.players):
        _steps.shuffle_deck(g.rngs[seat], p.deck)
        if seat < co.heroes:
            g.log("setup", seat, None, None, None, None, None, None, f"hero={p.hero.id}")
            for _ in range(_steps.STARTING_HAND):
                p.hand.append(p.deck.pop())
        else:       # an enemy holds no hand: its deck is shuffled, its health set
            g.log("enemy_setup", seat, None, None, None, p.hero.hero.health, None, None, p.hero.id)
    for seat in range(co.heroes):
        g.place(g.players[seat].fighters[0], g.board.starts[seat + 1])
    start = g.board.starts.get(VILLAIN_START)
    if start is None or g.occupant[start] >= 0:
        start = _center_space(g)
    g.place(g.enemy_fighter(co.villain), start)
    steps = [(_ask_minion_start, (seat,)) for seat in range(co.heroes + 1, len(g.players))]
    for seat in range(co.heroes):
        for fi in g.players[seat].fighters[1:]:
            if g.fighters[fi].defn.starts_on_board:
                steps.append((_steps._ask_sidekick_start, (seat, fi)))
        steps.append((_steps._ability_setup, (seat,)))
    steps.append((_objective_setup, ()))
    steps.append((_new_round, ()))
    g.push_steps(tuple(steps))


def _objective_setup(g: CoopGame) -> None:
    g.objective_rule.setup(g)


def _ask_minion_start(g: CoopGame, seat: int) -> None:
    """A minion starts on an empty space next to the villain (the players choose which); with
    none free, on the empty space closest to the villain."""
    villain_space = g.fighters[g.enemy_fighter(g.coop.villain)].space
    empty = set(g.empty_spaces())
    options = sorted(s for s in g.board.adjacent[villain_space] if s in empty)
    if not options:
        options = [_closest_empty(g, villain_space)]
    g.ask(g.first_player_in(), "minion_start", options, _minion_placed, seat,
          fighter=g.enemy_fighter(seat))


def _closest_empty(g: CoopGame, start: int) -> int:
    dist = board_distances(g.board)[start]
    reachable = [s for s in g.empty_spaces() if dist[s] < UNREACHED]
    if not reachable:
        raise ValueError("the board has no empty space left for a minion")
    return min(reachable, key=lambda s: (dist[s], s))


def _minion_placed(g: CoopGame, seat: int, space: int) -> None:
    g.place(g.enemy_fighter(seat), space)


# ====================================================================== rounds and the initiative deck
def _new_round(g: CoopGame) -> None:
    if g.check_win():
        return
    co = g.coop
    co.round += 1
    co.deck = [c for c in co.cards if c.seat < 0 or not g.out[c.seat]]
    co.row = []
    g.rng.shuffle(co.deck)
    g.log("round", None, None, None, None, co.round, None, None, None, len(co.deck))
    g.push_one((_reveal, ()))


def _reveal(g: CoopGame) -> None:
    if g.check_win():
        return
    co = g.coop
    if not co.deck:
        g.push_one((_end_of_round, ()))
        return
    card = co.deck.pop()
    if card.seat >= 0 and g.out[card.seat]:
        # the card of a defeated enemy or an eliminated player leaves play when revealed
        co.cards = [c for c in co.cards if c is not card]
        g.log("initiative_removed", card.seat, None, None, None, None, None, None, card.name)
        g.push_one((_reveal, ()))
        return
    co.row.append(card)
    g.log("initiative", card.seat if card.seat >= 0 else None, None, None, None, None, None, None,
          card.name)
    if card.right_now == "turn" and card.seat >= 0:
        turn = _enemy_turn if g.is_enemy_seat(card.seat) else _player_turn
        g.push((turn, (card.seat,)), (_reveal, ()))
    else:
        g.push_one((_reveal, ()))


def extra_enemy_turn(g: CoopGame, seat: int) -> None:
    """The enemy's initiative card goes to the bottom of the deck: another turn this round (at
    once, when the deck is empty)."""
    co = g.coop
    card = next((c for c in co.row if c.seat == seat and c.right_now == "turn"), None)
    if card is None:
        card = next(c for c in co.cards if c.seat == seat and c.right_now == "turn")
    else:
        co.row.remove(card)
    co.deck.insert(0, card)
    g.log("extra_turn", seat, None, None, None, None, None, None, card.name)


def add_initiative_card(g: CoopGame, seat: int, name: str) -> None:
    """An enemy's effect adds one of its later cards (Strange Pheromone): it joins the deck when
    the cards are next shuffled together, after the end-of-round effects."""
    ic = g._added_later[(seat, name)]
    g.coop.added.append(Initiative(ic.name, seat, ic.right_now, ic.end_of_round_threat))


def _end_of_round(g: CoopGame, i: int = 0) -> None:
    """The end-of-round effects of the row's cards, left to right (one card a step: the
    objective's effects of one card resolve before the next card's); then the added cards join
    and a new round starts."""
    co = g.coop
    if g.check_win():
        return
    if i < len(co.row):
        card = co.row[i]
        g.push_one((_end_of_round, (i + 1,)))
        n = g.objective_rule.end_of_round_threat(g, card) if card.end_of_round_threat else 0
        if n:
            advance_threat(g, n, f"end_of_round:{card.name}")
        return
    co.cards = co.cards + co.added
    co.added = []
    g.push_one((_new_round, ()))


# ====================================================================== turns
def _start_turn(g: CoopGame, seat: int) -> bool:
    """A turn's opening (the engine's, without the next seat): False if the game is over."""
    if g.check_win():
        return False
    if g.turn >= g.max_turns:
        g.end(None, "turn_limit")
        return False
    g.turn += 1
    g.active = seat
    g.turns_taken[seat] += 1
    if g.lasting:
        g.end_lasting("next_turn", seat)
    g._changes.n += 1
    spaces = tuple(f.space if f.on_board else NO_SPACE for f in g.fighters)
    g.turn_flags = WatchedDict(g._changes, {"start_spaces": spaces})
    g.log("turn_start", seat)
    return True


def _player_turn(g: CoopGame, seat: int) -> None:
    if not _start_turn(g, seat):
        return
    g.players[seat].actions = _steps.ACTIONS_PER_TURN
    g.push((_steps._start_of_turn, (seat,)), (_steps._next_action, (seat,)), (_player_turn_end, (seat,)))


def _player_turn_end(g: CoopGame, seat: int) -> None:
    if g.check_win():
        return
    if not g.out[seat]:
        g.push((_steps._end_of_turn_effects, (seat,)), (_steps._hand_limit, (seat,)), (_turn_over, (seat,)))
    else:
        _turn_over(g, seat)


def settle_enemy_hands(g: CoopGame) -> None:
    """Enemies hold no hand (a step, at the end of every turn): a card of its own an effect put
    in an enemy's hand goes on top of its deck (the rulebook's "returning to hand"); anyone
    else's card given to it (Loki's TRICKs) is discarded from it, with the reactions a discard
    by an opponent's effect has (which may ask its owner: one card a step)."""
    for seat in range(g.coop.heroes, len(g.players)):
        p = g.players[seat]
        if p.hand:
            cid = p.hand[-1]
            g.push_one((settle_enemy_hands, ()))
            if g.card_owners[cid] == seat:
                g.take_from_hand(seat, cid)
                g.put_deck_top(seat, cid)
                g.log("to_deck_top", seat, None, cid, None, None, None, None, "no_enemy_hand")
            else:
                g.discard_from_hand(seat, cid, "no_enemy_hand")
            return


def _turn_over(g: CoopGame, seat: int) -> None:
    if any(g.players[s].hand for s in range(g.coop.heroes, len(g.players))):
        g.push((settle_enemy_hands, ()), (_turn_over, (seat,)))
        return
    _steps.close_turn(g, seat)


def _enemy_turn(g: CoopGame, seat: int) -> None:
    """The enemy attacks once: an adjacent target, else the closest it can reach, else the
    threat track advances."""
    if not _start_turn(g, seat):
        return
    g.push_one((_turn_over, (seat,)))
    fi = g.enemy_fighter(seat)
    targets = enemy_targets(g)
    adjacent = [t for t in targets if g.adjacent(fi, t)]
    if adjacent:
        g.ask(g.first_player_in(), "enemy_target", adjacent, _enemy_attack, seat, enemy=fi)
        return
    reach = closest_targets(g, fi)
    if not reach:
        g.log("no_target", seat, fi)
        advance_threat(g, 1, "no_target")
        return
    g.ask(g.first_player_in(), "enemy_target", sorted(reach), _enemy_target_chosen, seat, reach,
          enemy=fi)


def closest_targets(g: CoopGame, fi: int) -> dict[int, tuple[int, ...]]:
    """The targets enemy ``fi`` can reach soonest within its move, each with the spaces next to
    it the enemy can end on by a shortest route: {target fighter: (spaces)}. Empty if none."""
    seat = g.fighters[fi].owner
    here = g.fighters[fi].space
    targets = enemy_targets(g)
    for k in range(1, g.move_value(seat) + 1):
        spaces = [s for s in g.reachable(fi, k) if s != here]
        found = {}
        for t in targets:
            near = tuple(sorted(s for s in spaces if g.fighters[t].space in g.board.adjacent[s]))
            if near:
                found[t] = near
        if found:
            return found
    return {}


def _enemy_target_chosen(g: CoopGame, seat: int, reach: dict, target: int) -> None:
    g.ask(g.first_player_in(), "enemy_route", list(reach[target]), _enemy_moved, seat, target,
          enemy=g.enemy_fighter(seat), target=target)


def _enemy_moved(g: CoopGame, seat: int, target: int, space: int) -> None:
    g.move_to(g.enemy_fighter(seat), space)
    _enemy_attack(g, seat, target)


def enemy_card(g: CoopGame, seat: int) -> int | None:
    """The top card of an enemy's deck (an empty deck is first refilled from its discard pile:
    enemies are never exhausted)."""
    if not g.players[seat].deck:
        reshuffle_discard(g, seat, "empty_deck")
    return g.take_deck_top(seat)


def _enemy_attack(g: CoopGame, seat: int, target: int) -> None:
    fi = g.enemy_fighter(seat)
    c = Combat(seat, fi, target, g.fighters[target].owner)
    c.ranged = not g.adjacent(fi, target)
    g.combat = c
    g.log("attack", seat, fi, None, target, None, None, None, "ranged" if c.ranged else "melee")
    cid = enemy_card(g, seat)
    if cid is None:          # an enemy with no cards at all: the attack cannot be made
        g.combat = None
        return
    g.play_area_add(cid)
    c.cards[ATTACKER] = cid
    _steps._ask_defense(g)
