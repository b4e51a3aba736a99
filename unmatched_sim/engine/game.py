"""The rules engine: a resumable state machine for a duel, a free-for-all or a team game.

The game never calls a policy. It runs *steps* from an explicit stack until a player must
choose; then ``pending`` holds a ``Decision`` with every legal option and the game waits for
``answer(option)``. Because the whole position — including "halfway through resolving Grand
Escape" — is plain data on the stack, a game can be copied at any decision (``clone``), which
search policies need, and driven one choice at a time by tests.

A step is ``(function, args)`` with immutable args; ``push(a, b, c)`` runs a, then b, then c.
The core rules are split by responsibility into a chain of typed classes, one module each:
``piles.py`` (``_Piles``: cards, players, decks, hands, discard piles, the event log, hook
dispatch), ``board_state.py`` (``_Board``: occupancy, movement, reach, attack targets),
``combat.py`` (``_Combat``: combat values, damage, defeat, boost, effects started, the win
check), then here ``_GameCore`` (construction, ``clone``, driving) and ``Game``, the front
every caller uses. The turn's steps are in ``steps.py``; card effects in ``effects.py``; what
the engine asks of a hero's ability in ``ability.py`` (the heroes' own code,
``unmatched_sim.hooks``, is registered by the hero file loader: the engine never imports it);
what differs between formats in ``formats.py``.

Players, foes and allies: seat *i* is the *i*-th player in turn order. Whether two players are
foes is decided by the format's sides and asked through ``is_foe`` / ``foes`` / ``allies`` /
``friendly``, never by arithmetic on seats. Inside a combat there are exactly two roles,
attacker and defender (``Combat.players``); "your opponent" on a combat card is the other
player in the combat (``opponent_of``).

Extension points for hero abilities are the hook points of ``ability.HOOKS``: events
(``Game.modify``: a value passes through the handler of every player's ability that defines
one, each of which may change it), notices and queries; the engine calls each only for the
seats whose ability class overrides it (``Game.handlers``).

The names other modules import from here (the damage sources, the discard routes, ``lasting``,
``CARD_ZONES``, ``IllegalChoice``, ...) are defined in the module that uses them and
re-exported below.
"""

from __future__ import annotations

import itertools
import random
from typing import Callable, NamedTuple

try:
    import cython
except ImportError:       # pure Python without Cython installed: the declarations are no-ops
    from unmatched_sim import _cython_shim as cython

from unmatched_sim.data.board import Board
from unmatched_sim.engine.ability import hook_seats, make_ability
from unmatched_sim.engine.formats import Format, default_format
from unmatched_sim.engine.board_state import _walk_edges
from unmatched_sim.engine.combat import _Combat
from unmatched_sim.engine.piles import _KEPT_LIMIT, _kept
from unmatched_sim.engine.state import CardInfo, Combat, Decision, Fighter, Player, StateVersion, WatchedDict
from unmatched_sim.engine.steps import _setup
from unmatched_sim.model import HeroDef

# What other modules import from the engine's front (hero code, the runner, the policies):
# defined in the layer that uses them.
from unmatched_sim.engine.combat import (ABILITY, BOARD, CARD, COMBAT, DAMAGE_SOURCES, EFFECT_DAMAGE, EXHAUSTION,  # noqa: F401
                                         MISERY, SPELL, damage_source)
from unmatched_sim.engine.piles import (  # noqa: F401
    BOOST_DISCARD, CARD_ZONES, COST, EVERYONE, FROM_DECK, HAND_LIMIT_DISCARD, LASTING, OPPONENT_EFFECT,
    OWN_EFFECT, PLAYED, UNTIL, lasting)
from unmatched_sim.engine.steps import (  # noqa: F401
    ACTIONS_PER_TURN, HAND_LIMIT, STARTING_HAND, IllegalChoice, shuffle_deck)

# The functions of the modules below that game.py calls in C when compiled (cimported: game.pxd);
# imported when run as pure Python.
if not cython.compiled:
    from unmatched_sim.engine.piles import _new_event_log
    from unmatched_sim.engine.steps import _pose, answer_pending, run_stack

DEFAULT_MAX_TURNS = 200   # both players' turns counted; see README "Games that run too long"


# ---------------------------------------------------------------------- a line-up's fixed facts
# What a game's set-up builds the same way for every game of the same heroes in the same seats
# (the cards' records, ~60 named tuples a duel; which seats handle which event) is built once
# and shared by those games, as a clone shares it with its parent: nothing changes it during a
# game (``piles._kept``; built afresh and compared under CHECK_CACHES).
class _LineupCards(NamedTuple):
    """A line-up's cards: ``cards[cid]`` (definition, owning seat; the two also by themselves
    in ``defs`` and ``owners``, the lists the queries and the views read), ``card_kind[cid]``
    (its deck list entry, numbered across the seats: seat ``s``'s kinds start at
    ``kind_start[s]``, in the order of its hero's card list; ``pile_counts``), ``kind_count``
    kinds in all, and each seat's deck before the shuffle (``decks[s]``: its card ids in
    card-list order)."""

    heroes: tuple
    cards: list
    defs: list
    owners: list
    card_kind: list
    kind_start: tuple
    kind_count: int
    decks: tuple


_LINEUP_CARDS: dict[tuple, _LineupCards] = {}
_HANDLER_SEATS: dict[tuple, dict] = {}


def _lineup_cards(heroes: tuple) -> _LineupCards:
    """The cards of a game of ``heroes`` (in seat order), kept per line-up (by the heroes' ids,
    checked to be the same hero objects)."""
    return _kept(_LINEUP_CARDS, tuple([id(h) for h in heroes]), _build_lineup_cards, heroes,
                 "cards", lambda got: all([a is b for a, b in zip(got.heroes, heroes)]))


# Each line-up's cards get a number no other line-up's get in this process (``lineup_serial``,
# kept with the cards it numbers: an id is not reused while they are kept here).
_LINEUP_SERIALS: dict[int, tuple] = {}
_lineup_serials = itertools.count(1)


def _lineup_serial(lineup: _LineupCards) -> int:
    """The number of ``lineup``'s cards: two games with the same number have the same cards
    under the same ids (``Game.lineup_serial``)."""
    got = _LINEUP_SERIALS.get(id(lineup))
    if got is None or got[0] is not lineup:
        if len(_LINEUP_SERIALS) >= _KEPT_LIMIT:
            _LINEUP_SERIALS.clear()
        got = _LINEUP_SERIALS[id(lineup)] = (lineup, next(_lineup_serials))
    return got[1]


def _build_lineup_cards(heroes: tuple) -> _LineupCards:
    cards, card_kind, kind_start, decks = [], [], [], []
    kinds = 0
    for seat, hero in enumerate(heroes):
        kind_start.append(kinds)
        deck = []
        for k, card in enumerate(hero.cards):
            for _ in range(card.copies):
                deck.append(len(cards))
                cards.append(CardInfo(card, seat))
                card_kind.append(kinds + k)
        kinds += len(hero.cards)
        decks.append(tuple(deck))
    return _LineupCards(heroes, cards, [c.defn for c in cards], [c.owner for c in cards], card_kind,
                        tuple(kind_start), kinds, tuple(decks))


def _handler_seats(ability_types: tuple) -> dict[str, tuple[int, ...]]:
    """Per hook point (``ability.HOOKS``), the seats whose ability class overrides its method:
    kept per tuple of the seats' ability classes (``Game.handlers``)."""
    return _kept(_HANDLER_SEATS, ability_types, _build_handler_seats, ability_types,
                 "event handlers")


_build_handler_seats = hook_seats


def _copy_rng(r: random.Random) -> random.Random:
    n = random.Random.__new__(random.Random)
    n.setstate(r.getstate())
    return n


@cython.cclass
class _GameCore(_Combat):
    """``Game``'s fields and methods as a typed record: the compiled build reads a game's
    fields in C inside its methods (``self.fighters`` is a struct field, not an attribute
    look-up). ``Game`` (below) is a Python subclass: code outside may still give a game
    attributes of its own (an instance dictionary), and ``clone`` copies them too."""

    # ------------------------------------------------------------------ construction
    def __init__(self, board: Board, heroes: tuple[HeroDef, ...], seed: int | str = 0, *,
                 side_keys: tuple[str, ...] | None = None, fmt: Format | None = None,
                 max_turns: int = DEFAULT_MAX_TURNS, record: bool = True):
        n = len(heroes)
        # The state version (``state_version``): every change of the position moves it. Shared
        # with the game's watched dictionaries (the turn's flags, each player's resources),
        # whose every write counts; the engine's own changes count in its mutators below.
        self._changes = StateVersion()
        self.board = board
        # the board's tables the hot queries walk (reachable, attack_targets, adjacent), kept
        # as typed fields: read in C, not looked up on the Board dataclass at every call
        self._adjacent, self._zone_mask, self._move_edges = board.adjacent, board.zone_mask, board.move_edges
        self._walk = _walk_edges(board)
        self._adjacency = board.adjacency
        self._new_walk_scratch()
        self.heroes = tuple(heroes)
        self.format = fmt if fmt is not None else default_format(n)
        if self.format.players != n:
            raise ValueError(f"{self.format.name} for {self.format.players} players given {n} heroes")
        need = self.format.starts_needed
        missing = [k for k in range(1, need + 1) if k not in board.starts]
        if missing:
            raise ValueError(f"board {board.id} has no starting space {missing[0]}: "
                             f"{need} players need spaces 1–{need}")
        self.max_turns = max_turns
        if side_keys is None:
            side_keys = tuple("abcdefgh"[:n])
        # Each seat's deck (and hero-specific randomness) comes from a stream keyed by side, so
        # a hero gets the same shuffle whichever seat it plays from the same seed.
        self._rngs_shared = False
        self.rngs = [random.Random(f"{seed}:{k}") for k in side_keys]
        # The engine's own stream (random discards) is seeded when first drawn from: most
        # games never draw from it, and seeding one costs as much as ~2% of a greedy game.
        self._rng = None
        self._rng_seed = f"{seed}:engine"
        # The cards, their kinds and each seat's deck in card-list order: the same in every
        # game of this line-up (``_LineupCards``), shared like a clone shares them.
        cards = _lineup_cards(self.heroes)
        self.cards, self.card_kind = cards.cards, cards.card_kind
        self.card_defs, self.card_owners = cards.defs, cards.owners
        self.kind_start, self.kind_count = cards.kind_start, cards.kind_count
        self.lineup_serial = _lineup_serial(cards)
        self.fighters: list[Fighter] = []
        self.players: list[Player] = []
        for seat, hero in enumerate(heroes):
            player = Player(seat, hero, make_ability(hero), team=self.format.team_of(seat),
                            version=self._changes)
            self.players.append(player)
            for i in range(hero.hero.count):   # several heroes (the Wayward Sisters): Name 1, 2, 3
                self._add_fighter(player, hero.hero,
                                  hero.hero.name if hero.hero.count == 1 else f"{hero.hero.name} {i + 1}")
            for sk in hero.sidekicks:
                for i in range(sk.count):
                    name = sk.name if sk.count == 1 else f"{sk.name} {i + 1}"
                    self._add_fighter(player, sk, name)
            player.deck = list(cards.decks[seat])
        # Each seat's hero fighter when it has one hero (-1: several, the Wayward Sisters): hero_of
        self._lone_hero = tuple(p.fighters[0] if p.hero.hero.count == 1 else -1 for p in self.players)
        # Each seat's hero fighters (fixed for the game): hero_defeated and check_win's fast path
        self._hero_fis = tuple(tuple(i for i in p.fighters if self.fighters[i].is_hero) for p in self.players)
        # Who stands where (-1: empty), a tuple replaced by each change (``_occupy``): nobody
        # writes it in place, and a cache keyed on it is never out of date.
        self.occupant = (-1,) * board.size
        self._reach_memo: dict[int, list[int]] = {}   # kept walks (``reachable``), for ...
        self._reach_occ = self.occupant                # ... this occupancy
        self._rules_memo: dict = {}                    # kept move rules (``move_rules``), for ...
        self._rules_version = -1                       # ... this state version
        self.in_play: list[int] = []   # cards played or used and not yet in a discard pile
        # Per card kind, how many of its copies lie in a discard pile or in play; None until
        # first asked for (see "discard piles and play" in piles.py).
        self.pile_counts: list[int] | None = None
        self.stack: list[tuple[Callable, tuple]] = []
        self.pending: Decision | None = None
        self.combat: Combat | None = None
        self.active = 0
        self.turn = 0
        self.over = False
        self.winner: int | None = None     # the winning side (team); in a duel or free-for-all the seat
        self.end_reason = ""
        self.defeat_cause: list[str | None] = [None] * n
        self.out = [False] * n             # takes no more turns (eliminated, or beaten side)
        self.out_turn: list[int | None] = [None] * n   # the turn a player went out
        self.places: list[int | None] = [None] * n     # finishing place once the game is over
        self.turns_taken = [0] * n         # turns begun by each player (this one included)
        # The event log as recorded: ``EVENT_FIELDS`` plain ints and strings per event, one event
        # after the other in one flat list (see ``log``); names are looked up once per chunk when
        # the log's frame is built (``log.EventBuffer``), and ``events`` gives them per event.
        self.raw_events: list | None = _new_event_log() if record else None
        self.extra_names: list[str] = []   # names logged as cards that are not cards (a misery...)
        self.turn_flags = WatchedDict(self._changes)   # per-turn facts ("won_combat", ...), reset each turn
        self.lasting: tuple = ()           # lasting effects in force (see LASTING)
        # The friend/foe relation, fixed for the game: decided by the format's sides.
        team = [p.team for p in self.players]
        self.team = tuple(team)
        self._foes = tuple(tuple(t for t in range(n) if team[t] != team[s]) for s in range(n))
        self._allies = tuple(tuple(t for t in range(n) if t != s and team[t] == team[s]) for s in range(n))
        self._friendly = tuple(tuple(t for t in range(n) if team[t] == team[s]) for s in range(n))
        self._dispatch()
        # Does the format restrict who may be attacked (a free-for-all's first round)? Where
        # not, attack_targets does not ask it for every target.
        self._attack_rule = type(self.format).may_attack is not Format.may_attack
        # Does this game's class have an ask of its own (a subclass's, a test's)? The engine's
        # steps then call it; else they pose their decisions in C (``_ask``).
        self._own_ask = type(self).ask is not _GameCore.ask

    def _dispatch(self) -> None:
        """Per hook point, the seats whose ability class overrides it (``ability.HOOKS``): the
        engine calls a hook for those alone. The fast paths are read from it."""
        n = len(self.players)
        handlers = self.handlers = _handler_seats(tuple([type(p.ability) for p in self.players]))
        # Whether any ability may hold a fighter in place (``modify_hold`` or ``holds_in_place``:
        # ``held``) or let it pass foes: ``reachable`` (~240 a tuned game, most asked by the AI)
        # reads these C flags, not the dictionary.
        self._hold_rule = bool(handlers["hold"] or handlers["holds_in_place"])
        # (also set by a rule linking spaces for a fighter's movement: ``move_rules`` asks both)
        self._pass_rule = bool(handlers["move_through"] or handlers["move_links"])
        # Per seat, does its ability decide itself which of its cards may BOOST (Loki's TRICKs
        # may not)? Where not, the engine applies Ability.can_boost's rule without the call.
        self._own_boost_rule = tuple([s in handlers["can_boost"] for s in range(n)])
        # ... and the tag of its cards that may not BOOST (Ability.no_boost_tag, Loki's TRICKs)
        self._no_boost_tag = tuple([p.ability.no_boost_tag for p in self.players])
        # Per seat, its hero's move value where its ability takes it as printed (None where the
        # ability works it out, Loki's for one): move_value then asks no ability.
        self._fixed_move = tuple([None if p.seat in handlers["move_value"] else p.hero.move
                                  for p in self.players])
        # ... and the tag of the cards that add to it in a foe's hand (Ability.move_bonus_tag,
        # Loki's TRICKs), counted here in C where the move is the printed one plus that bonus.
        self._move_tag = tuple([p.ability.move_bonus_tag for p in self.players])

    def set_ability(self, seat: int, ability) -> None:
        """Give ``seat`` another ability (a test's own, with hooks its hero's does not have):
        the engine's dispatch follows its class."""
        self.players[seat].ability = ability
        self._dispatch()
        self._changes.n += 1

    def _add_fighter(self, player: Player, defn, name: str) -> None:
        f = Fighter(len(self.fighters), player.seat, name, defn)
        self.fighters.append(f)
        player.fighters = player.fighters + [f.idx]

    # The random streams are copied lazily (copy-on-write): a clone shares its parent's
    # generators, both are marked shared, and whichever draws first takes a private copy. A
    # shared generator is never drawn from, so clones still replay exactly like the original,
    # and clone() costs a few microseconds instead of ~45 (three generator state copies).
    @property
    def rngs(self) -> list[random.Random]:
        if self._rngs_shared:
            self._own_rngs()
        return self._rngs

    @rngs.setter
    def rngs(self, value: list[random.Random]) -> None:
        if self._rngs_shared:
            if self._rng is not None:
                self._rng = _copy_rng(self._rng)
            self._rngs_shared = False
        self._rngs = value

    @property
    def rng(self) -> random.Random:
        if self._rngs_shared:
            self._own_rngs()
        if self._rng is None:        # first drawn from: seeded now (the same stream as at start)
            self._rng = random.Random(self._rng_seed)
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        if self._rngs_shared:
            self._rngs = [_copy_rng(r) for r in self._rngs]
            self._rngs_shared = False
        self._rng = value

    def _own_rngs(self) -> None:
        self._rngs = [_copy_rng(r) for r in self._rngs]
        if self._rng is not None:    # (not seeded yet: each copy seeds its own when it draws)
            self._rng = _copy_rng(self._rng)
        self._rngs_shared = False

    def reseed(self, rng: random.Random) -> None:
        """Replace every random stream with fresh ones drawn from ``rng`` (determinization:
        a search must not know the real game's future shuffles)."""
        self._rngs = [random.Random(rng.getrandbits(64)) for _ in self.players]
        self._rng = random.Random(rng.getrandbits(64))
        self._rngs_shared = False

    def clone(self, record: bool = False) -> "Game":
        """A full copy of the position, pending decision included. Costs a few microseconds."""
        g: _GameCore = Game.__new__(Game)   # (typed: compiled, its fields are set in C)
        g.__dict__.update(self.__dict__)     # attributes of its own, if any
        g.board = self.board
        g._adjacent, g._zone_mask, g._move_edges = self._adjacent, self._zone_mask, self._move_edges
        g._walk, g._adjacency = self._walk, self._adjacency
        g._new_walk_scratch()
        g.heroes = self.heroes
        g.format = self.format
        g.max_turns = self.max_turns
        g._rngs_shared = self._rngs_shared
        g._rngs = self._rngs
        g._rng = self._rng
        g._rng_seed = self._rng_seed
        g.cards = self.cards
        g.card_defs = self.card_defs
        g.card_owners = self.card_owners
        g.card_kind = self.card_kind
        g.players = self.players
        g.fighters = self.fighters
        g.kind_start = self.kind_start
        g.kind_count = self.kind_count
        g.lineup_serial = self.lineup_serial
        g._lone_hero = self._lone_hero
        g._hero_fis = self._hero_fis
        g.occupant = self.occupant
        g.in_play = self.in_play
        g.pile_counts = self.pile_counts
        g.stack = self.stack
        g.pending = self.pending
        g.combat = self.combat
        g.active = self.active
        g.turn = self.turn
        g.over = self.over
        g.winner = self.winner
        g.end_reason = self.end_reason
        g.defeat_cause = self.defeat_cause
        g.out = self.out
        g.out_turn = self.out_turn
        g.places = self.places
        g.turns_taken = self.turns_taken
        g.raw_events = self.raw_events
        g.extra_names = self.extra_names
        g.turn_flags = self.turn_flags
        g.lasting = self.lasting
        g.team = self.team
        g._foes = self._foes
        g._allies = self._allies
        g._friendly = self._friendly
        g.handlers = self.handlers
        g._hold_rule, g._pass_rule = self._hold_rule, self._pass_rule
        g._changes = StateVersion(self._changes.n)
        g._own_boost_rule, g._no_boost_tag = self._own_boost_rule, self._no_boost_tag
        g._fixed_move = self._fixed_move
        g._move_tag = self._move_tag
        g._attack_rule = self._attack_rule
        g._own_ask = self._own_ask
        self._rngs_shared = g._rngs_shared = True
        g.fighters = [f.copy() for f in self.fighters]
        g.players = [p.copy(g._changes) for p in self.players]
        # (the same occupancy, the same walks: the kept ones are shared while both games stand
        # as they are; either one that moves keeps its own from then on)
        g._reach_memo, g._reach_occ = self._reach_memo, self._reach_occ
        g._rules_memo, g._rules_version = {}, -1
        g.in_play = self.in_play[:]
        if self.pile_counts is not None:
            g.pile_counts = self.pile_counts[:]
        g.stack = self.stack[:]
        g.combat = self.combat.copy() if self.combat else None
        g.defeat_cause = self.defeat_cause[:]
        g.out, g.out_turn, g.places = self.out[:], self.out_turn[:], self.places[:]
        g.turns_taken = self.turns_taken[:]
        g.turn_flags = WatchedDict(g._changes, self.turn_flags)
        g.raw_events = ([] if record else None)
        g.extra_names = []
        return g

    # ------------------------------------------------------------------ driving
    def start(self) -> "Game":
        self.push_one((_setup, ()))
        self.run()
        return self

    @cython.annotation_typing(False)
    def run(self) -> None:
        """Run the steps until a decision is pending or the game is over."""
        run_stack(self)

    def ask(self, player: int, kind: str, options: list | tuple, resume: Callable, *args,
            **info) -> None:
        """Pose a decision. A decision with one option is taken at once without asking."""
        _pose(self, player, kind, options, resume, args, info)

    @cython.annotation_typing(False)
    def answer(self, choice) -> None:
        answer_pending(self, choice)
        self.run()


class Game(_GameCore):
    """A game in progress: the board, the players, the fighters and the cards, the pending
    decision, and the event log (the fields and methods are ``_GameCore``'s and its bases')."""

    def after_maneuver(self, seat: int) -> None:
        """A maneuver action of ``seat`` is done (its moves too): its ability's hook. A format's
        game may add its own (co-op: the villain's objective action)."""
        self.players[seat].ability.after_maneuver(self, seat)


# ---------------------------------------------------------------------- playing a game out
@cython.locals(d=Decision, decisions=cython.Py_ssize_t, seat=cython.Py_ssize_t)
def play_out(g: _GameCore, policies: list, views: list, on_decision) -> int:
    """Ask each pending decision of the started game ``g`` of its player's policy (with that
    seat's view) and answer it, to the end; ``on_decision(g, decision, choice)`` hears each
    answer first. The number of decisions. (Here, compiled, and not in the runner: the loop's
    reads of the pending decision and its ``answer`` calls are C reads and calls.)"""
    decisions = 0
    while g.pending is not None:
        d = g.pending
        seat = d.player
        choice = policies[seat].choose(views[seat], d)
        if on_decision is not None:
            on_decision(g, d, choice)
        g.answer(choice)
        decisions += 1
    return decisions
