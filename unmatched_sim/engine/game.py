"""The rules engine: a resumable state machine for a duel, a free-for-all or a team game.

The game never calls a policy. It runs *steps* from an explicit stack until a player must
choose; then ``pending`` holds a ``Decision`` with every legal option and the game waits for
``answer(option)``. Because the whole position — including "halfway through resolving Grand
Escape" — is plain data on the stack, a game can be copied at any decision (``clone``), which
search policies need, and driven one choice at a time by tests.

A step is ``(function, args)`` with immutable args; ``push(a, b, c)`` runs a, then b, then c.
The core rules live here; card effects are in ``effects.py``; what the engine asks of a hero's
ability in ``ability.py`` (the heroes' own code, ``unmatched_sim.hooks``, is registered by the
hero file loader: the engine never imports it); what differs between formats in ``formats.py``.

Players, foes and allies: seat *i* is the *i*-th player in turn order. Whether two players are
foes is decided by the format's sides and asked through ``is_foe`` / ``foes`` / ``allies`` /
``friendly``, never by arithmetic on seats. Inside a combat there are exactly two roles,
attacker and defender (``Combat.players``); "your opponent" on a combat card is the other
player in the combat (``opponent_of``).

Extension points for hero abilities are the hook points of ``ability.HOOKS``: events
(``Game.modify``: a value passes through the handler of every player's ability that defines
one, each of which may change it), notices and queries; the engine calls each only for the
seats whose ability class overrides it (``Game.handlers``).
"""

from __future__ import annotations

import random
from typing import Callable, Iterable, NamedTuple

try:
    import cython
except ImportError:       # pure Python without Cython installed: the declarations are no-ops
    from unmatched_sim import _cython_shim as cython

from unmatched_sim import checking
from unmatched_sim.data.board import Board
from unmatched_sim.engine.ability import EVENTS, hook_seats, make_ability
from unmatched_sim.engine.board_features import run_conveyors
from unmatched_sim.engine.formats import Format, default_format
from unmatched_sim.registry import Registry
from unmatched_sim.engine.state import (ATTACKER, DEFENDER, EVENT_FIELDS, NO_SPACE, OTHER_ROLE,
                                        SCHEME_ROLE, CardInfo, Combat, Ctx, Decision, Fighter, Player,
                                        StateVersion, WatchedDict, new_ctx)
from unmatched_sim.model import (AFTER, BOOST_BONUS, DURING, EFFECT, IMMEDIATELY,
                                 ON_DISCARD_BY_OPPONENT, CardDef, HeroDef)

HAND_LIMIT = 7
STARTING_HAND = 5
ACTIONS_PER_TURN = 2
EXHAUSTION_DAMAGE = 2
DEFAULT_MAX_TURNS = 200   # both players' turns counted; see README "Games that run too long"

# Why a fighter lost health. The source of the blow that defeats a hero is the game's end reason.
COMBAT, EFFECT_DAMAGE, EXHAUSTION, ABILITY = "combat", "effect", "exhaustion", "ability"

# Why a card left a hand for the discard pile (Loki and "And the Beautiful Bess!" care).
HAND_LIMIT_DISCARD, OWN_EFFECT, OPPONENT_EFFECT, BOOST_DISCARD, COST = (
    "hand_limit", "own_effect", "opponent_effect", "boost", "cost")
# Every route a card takes to a discard pile (``Ability.redirect_discard`` hears each): the
# hand causes above, and these for cards that were not in a hand.
PLAYED, FROM_DECK = "played", "from_deck"
# Who knows a card put into a hand (``Game.put_in_hand``): every player, not a seat.
EVERYONE = -1

# Lasting effects: what a card leaves in force for a while ("prevent all damage this combat",
# "held in place until your next turn"). Game.lasting holds plain tuples
# (event, seat, name, data, until) so a game copies them for free; LASTING[name] is the handler
# called for that event like an ability's: fn(game, seat, data, *event args, value) -> value.
# ``until``: "combat" (ends with the combat), "turn" (ends with this turn), "next_turn" (ends
# when ``seat``'s next turn starts).
LASTING: dict[str, Callable] = Registry("lasting effect")
UNTIL = ("combat", "turn", "next_turn")

# Every change of a seat's pile counts (``Game.pile_versions``) takes a fresh number from here
# (``_next_pile_version``), so a number is never reused by another position: in this game, a
# clone of it or another game. (A C integer, compiled: ``next()`` on an ``itertools.count`` was
# a Python call at every card that entered or left a pile.)
_pile_version = cython.declare(cython.Py_ssize_t, 0)


# A game's event log starts with room for this many values (~340 events: a tuned duel logs
# ~190-375) and ``log`` stores each event's values in that room. Grown from empty one append
# at a time, the list's block was reallocated ~35 times a game, each a copy of the whole log
# so far once past the small-object allocator (~1.4 M instructions of copies over 10 tuned
# Houdini-Genie games, the largest single item in the engine's steps). A longer game's log
# grows by appends past the room, as before.
_EVENT_ROOM = cython.declare(cython.Py_ssize_t, 4096)
_FIELDS = cython.declare(cython.Py_ssize_t, EVENT_FIELDS)     # (a C constant in ``log``)


@cython.cfunc
def _new_event_log() -> list:
    """An empty list for ``raw_events`` with its room made at once (compiled: a list of
    ``_EVENT_ROOM`` empty slots whose length is then set to 0, which Python's own list type
    never does on its own; pure Python: ``[]``)."""
    if cython.compiled:
        ev = PyList_New(_EVENT_ROOM)
        _set_list_length(ev, 0)
        return ev
    return []


# The step stack keeps its block (``_push_kept``, ``_pop_kept``): Python's own ``pop`` shrinks a
# list's block once it is less than half full and ``append`` grows it again, a reallocation
# and a copy of the stack each time (~290 of ~250 steps a tuned game, ~75,000 instructions).
# Compiled, the top is taken and a step stored in C, the block left as it is; run as pure
# Python, ``append`` and ``pop``.
@cython.cfunc
@cython.inline
@cython.locals(n=cython.Py_ssize_t)
def _push_kept(stack: list, step):
    if cython.compiled:
        if _list_room(stack) > 0:
            n = len(stack)
            _list_put(stack, n, step)
            _set_list_length(stack, n + 1)
            return
    stack.append(step)


@cython.cfunc
@cython.inline
def _pop_kept(stack: list):
    """The top step, taken off (``stack`` is not empty)."""
    if cython.compiled:
        return _list_take_last(stack)
    return stack.pop()


@cython.cfunc
def _next_pile_version() -> cython.Py_ssize_t:
    global _pile_version
    _pile_version += 1
    return _pile_version


# Hero card zones: ``Player.res`` keys holding action cards (a tuple of card ids, in order) that
# are in none of deck, hand, discard pile or play — Shakespeare's line, the Wayward Sisters'
# cauldron. A hero module registers its own: ``CARD_ZONES["line"] = "public"`` (keys starting
# with "_" are hidden from the view like any hidden resource). Every card of a game is always
# in exactly one place (``Game.zone_cards`` lists these).
CARD_ZONES: dict[str, str] = {}


def lasting(name: str):
    """Register a lasting effect's handler: ``@lasting("prevent_damage")``."""
    def register(fn):
        LASTING[name] = fn
        return fn
    return register


# The combat roles as C constants for the compiled steps: ``c.cards[_ATT]`` reads the list in
# C, where the module's ``ATTACKER`` (a Python int) is an index looked up as an object.
_ATT = cython.declare(cython.Py_ssize_t, ATTACKER)
_DEF = cython.declare(cython.Py_ssize_t, DEFENDER)


class IllegalChoice(Exception):
    pass


# ---------------------------------------------------------------------- a line-up's fixed facts
# What a game's set-up builds the same way for every game of the same heroes in the same seats
# (the cards' records, ~60 named tuples a duel; which seats handle which event) is built once
# and shared by those games, as a clone shares it with its parent: nothing changes it during a
# game. CHECK_CACHES (tests; UNMATCHED_SIM_CHECK_CACHES=1) builds it afresh for every game and
# fails if the kept one differs.
CHECK_CACHES = checking.CHECK_CACHES
_NO_MOVE_RULES = cython.declare(tuple, (False, False))  # (held, may pass foes) with no rule to apply
_KEPT_LIMIT = 4096   # line-ups kept at most (the full round robin plays 342 seatings)


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
_WALK_EDGES: dict[int, tuple] = {}


def _kept(table: dict, key, build, arg, what: str, valid=None):
    """``build(arg)`` (a game's ``what``), kept in ``table`` by ``key`` (at most ``_KEPT_LIMIT``
    entries; ``valid``: does a kept value still belong to ``arg``); under ``CHECK_CACHES``
    built afresh and compared at every use."""
    got = table.get(key)
    if got is not None and (valid is None or valid(got)):
        if CHECK_CACHES and got != build(arg):
            raise AssertionError(f"the kept {what} differ from a fresh build (key {key})")
        return got
    if len(table) >= _KEPT_LIMIT:
        table.clear()
    got = table[key] = build(arg)
    return got


def _is_one_of(x, options: tuple) -> bool:
    """``x`` is one of ``options`` itself, not merely equal to one (``answer``: True == 1; a
    function, not a generator: ``answer`` is a cpdef method, and Cython allows no closure there)."""
    for o in options:
        if o is x:
            return True
    return False


def _lineup_cards(heroes: tuple) -> _LineupCards:
    """The cards of a game of ``heroes`` (in seat order), kept per line-up (by the heroes' ids,
    checked to be the same hero objects)."""
    return _kept(_LINEUP_CARDS, tuple([id(h) for h in heroes]), _build_lineup_cards, heroes,
                 "cards", lambda got: all([a is b for a, b in zip(got.heroes, heroes)]))


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


def _walk_edges(board: Board) -> bytes:
    """The board's movement edges as ``_spread`` reads them, kept per board (by its id, checked
    to be the same board): 16-bit numbers (``_put16``), first where each space's row starts
    (``n + 1`` of them: space s's targets are numbers ``row[s]`` to ``row[s + 1] - 1``), then
    the rows, each space's targets in ``move_edges`` order. Compiled, the walk reads them
    through a C pointer: no tuple item read and converted per edge."""
    return _kept(_WALK_EDGES, id(board), _build_walk_edges, board, "movement edges",
                 lambda got: got[0] is board)[1]


def _build_walk_edges(board: Board) -> tuple:
    n = board.size
    rows = [n + 1]
    targets = []
    for s in range(n):
        targets.extend(board.move_edges[s])
        rows.append(n + 1 + len(targets))
    numbers = rows + targets
    if max(numbers) > 0xFFFF:
        raise ValueError(f"board {board.name!r}: too many movement edges for the walk's 16-bit table")
    out = bytearray(2 * len(numbers))
    for k, v in enumerate(numbers):
        _put16(out, k, v)
    return (board, bytes(out))


@cython.cfunc
@cython.inline
@cython.locals(buf=cython.p_uchar, k=cython.Py_ssize_t, v=cython.Py_ssize_t)
def _put16(buf, k, v) -> cython.Py_ssize_t:
    """Number ``k`` of the 16-bit numbers in ``buf`` (low byte first) set to ``v`` (returned:
    a C integer, no Python object to make)."""
    buf[2 * k] = v & 255
    buf[2 * k + 1] = v >> 8
    return v


@cython.cfunc
@cython.inline
@cython.locals(buf=cython.p_uchar, k=cython.Py_ssize_t)
def _get16(buf, k) -> cython.Py_ssize_t:
    """Number ``k`` of the 16-bit numbers in ``buf`` (see ``_put16``)."""
    return buf[2 * k] | (buf[2 * k + 1] << 8)


def _handler_seats(ability_types: tuple) -> dict[str, tuple[int, ...]]:
    """Per hook point (``ability.HOOKS``), the seats whose ability class overrides its method:
    kept per tuple of the seats' ability classes (``Game.handlers``)."""
    return _kept(_HANDLER_SEATS, ability_types, _build_handler_seats, ability_types,
                 "event handlers")


_build_handler_seats = hook_seats


@cython.cclass
class _GameCore:
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
        missing = [k for k in range(1, n + 1) if k not in board.starts]
        if missing:
            raise ValueError(f"board {board.id} has no starting space {missing[0]}: "
                             f"{n} players need spaces 1–{n}")
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
        # Per card kind, how many of its copies lie in a discard pile or in play, and a version
        # number per seat; None until first asked for (see "discard piles and play" below).
        self.pile_counts: list[int] | None = None
        self.pile_versions: list[int] | None = None
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
        self._pass_rule = bool(handlers["move_through"])
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
        g = Game.__new__(Game)
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
        g._lone_hero = self._lone_hero
        g._hero_fis = self._hero_fis
        g.occupant = self.occupant
        g.in_play = self.in_play
        g.pile_counts = self.pile_counts
        g.pile_versions = self.pile_versions
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
            g.pile_counts, g.pile_versions = self.pile_counts[:], self.pile_versions[:]
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

    def push(self, *steps: tuple[Callable, tuple]) -> None:
        """Schedule steps to run next, in the order given."""
        self.push_steps(steps)

    # ``push`` as C calls for the engine's compiled code (a ``cpdef`` method takes no
    # ``*steps``, and a def method is looked up at every call: ~300 pushes a tuned game).
    @cython.locals(stack=list, i=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def push_steps(self, steps: tuple) -> None:
        """``push(*steps)``."""
        # (Appended last first by a C loop over the tuple: a reversed copy, ``steps[::-1]``,
        # and a list extended from it cost ~650 instructions of the ~200 pushes a game; an
        # iterator, ``reversed(steps)``, more.)
        stack = self.stack
        for i in range(len(steps) - 1, -1, -1):
            _push_kept(stack, steps[i])

    @cython.annotation_typing(False)
    def push_one(self, step: tuple) -> None:
        """``push(step)``: one step."""
        _push_kept(self.stack, step)

    @cython.locals(stack=list)
    @cython.annotation_typing(False)
    def run(self) -> None:
        stack = self.stack
        while self.pending is None and stack and not self.over:
            fn, args = _pop_kept(stack)
            _call_step(fn, self, args)

    def ask(self, player: int, kind: str, options: list | tuple, resume: Callable, *args,
            **info) -> None:
        """Pose a decision. A decision with one option is taken at once without asking."""
        _pose(self, player, kind, options, resume, args, info)

    @cython.annotation_typing(False)
    def answer(self, choice) -> None:
        d = self.pending
        if d is None:
            raise IllegalChoice("no decision is pending")
        if choice not in d.options or (type(choice) is bool and not _is_one_of(choice, d.options)):
            # (True == 1: a yes where a seat or a card is asked for would pass the first test)
            raise IllegalChoice(f"{choice!r} is not a legal option for {d.kind}: {d.options!r}")
        self.pending = None
        _call_resume(d.resume, self, d.args, choice)
        self.run()

    # ------------------------------------------------------------------ events
    # (``log`` is a cpdef method: the engine's compiled code calls it in C when it passes the
    # arguments by position up to the last one it needs — a keyword call skipping one is a
    # Python call, with a keyword dictionary: ~170 events a greedy game. An ability or a test
    # that gives a game its own ``log`` is still called, with the arguments by position.)
    @cython.locals(ev=list, n=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def log(self, kind: str, player: int | None = None, fighter: int | None = None,
            card: int | str | None = None, target: int | None = None, amount: int | None = None,
            health: int | None = None, space: int | None = None, detail: str | None = None,
            value: int | None = None, by: int | None = None) -> None:
        """Record one event. ``card`` is a card id, or a name for things that are not action
        cards (a misery, a glamour); ``value`` is a second number where an event needs one;
        ``by`` the fighter who caused it (damage, defeat), logged with its player.

        The event is kept as codes (fighter, card and space ids), ``EVENT_FIELDS`` values
        appended to ``raw_events``; ``events`` gives it with names. Every event moves the
        state version, recorded or not."""
        self._changes.n += 1
        ev = self.raw_events
        if ev is None:
            return
        if card is not None and type(card) is str:
            card = self._name_code(card)
        if space is not None and space < 0:
            space = None
        if cython.compiled:
            if _list_room(ev) >= _FIELDS:
                # (stored in the room ``_new_event_log`` made, the length set once: twelve
                # appends each checked the block and set the length)
                n = len(ev)
                _list_put(ev, n, self.turn)
                _list_put(ev, n + 1, player)
                _list_put(ev, n + 2, kind)
                _list_put(ev, n + 3, fighter)
                _list_put(ev, n + 4, card)
                _list_put(ev, n + 5, target)
                _list_put(ev, n + 6, amount)
                _list_put(ev, n + 7, value)
                _list_put(ev, n + 8, health)
                _list_put(ev, n + 9, space)
                _list_put(ev, n + 10, detail)
                _list_put(ev, n + 11, by)
                _set_list_length(ev, n + _FIELDS)
                return
        # (appended one by one: a list's append is inlined C, where a 12-tuple made, extended
        # from and freed per event cost ~200 instructions more)
        ev.append(self.turn)
        ev.append(player)
        ev.append(kind)
        ev.append(fighter)
        ev.append(card)
        ev.append(target)
        ev.append(amount)
        ev.append(value)
        ev.append(health)
        ev.append(space)
        ev.append(detail)
        ev.append(by)

    def _name_code(self, name: str) -> int:
        """The code of a name logged as a card: past the game's card ids."""
        names = self.extra_names
        if name not in names:
            names.append(name)
        return len(self.cards) + names.index(name)

    def name_tables(self) -> tuple[list[str], list[int], list[str]]:
        """What the codes of ``raw_events`` stand for: fighter names, fighter owners (seats) and
        card names (the game's cards by id, then ``extra_names``)."""
        F = self.fighters
        return ([f.name for f in F], [f.owner for f in F],
                [c.defn.name for c in self.cards] + self.extra_names)

    @property
    def event_count(self) -> int:
        return 0 if self.raw_events is None else len(self.raw_events) // EVENT_FIELDS

    @property
    def events(self) -> list[tuple] | None:
        """The events with names: (turn, seat, kind, fighter, card, target, amount, value,
        health, space label, detail, seat of ``by``, name of ``by``), or None when not recorded."""
        return None if self.raw_events is None else self.decode(0)

    def decode(self, start: int) -> list[tuple]:
        """The events from number ``start`` on, with names (see ``events``)."""
        names, owners, cards = self.name_tables()
        labels = self.board.labels
        flat = self.raw_events
        raw = zip(*(flat[EVENT_FIELDS * start + k::EVENT_FIELDS] for k in range(EVENT_FIELDS)))
        return [(turn, seat, kind,
                 names[f] if f is not None else None, cards[c] if c is not None else None,
                 names[t] if t is not None else None, amount, value, health,
                 labels[s] if s is not None else None, detail,
                 owners[b] if b is not None else None, names[b] if b is not None else None)
                for (turn, seat, kind, f, c, t, amount, value, health, s, detail, b) in raw]

    # ------------------------------------------------------------------ queries
    @cython.annotation_typing(False)
    def card(self, cid: int):
        return self.card_defs[cid]

    @cython.annotation_typing(False)
    def owner(self, cid: int) -> int:
        return self.card_owners[cid]

    @cython.locals(p=Player, fi=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def hero_of(self, seat: int) -> Fighter:
        """``seat``'s hero; with several heroes (the Wayward Sisters), the first one still
        undefeated (the first one if none is)."""
        fi = self._lone_hero[seat]
        if fi >= 0:
            return self.fighters[fi]
        p = self.players[seat]
        F = self.fighters
        if p.hero.hero.count > 1:
            for fi in p.fighters:
                if F[fi].is_hero and F[fi].alive:
                    return F[fi]
        return F[p.fighters[0]]

    def heroes_health(self, seat: int) -> int:
        """Health left on ``seat``'s hero(es): the Wayward Sisters' three added up."""
        F = self.fighters
        return sum(F[i].health for i in self.players[seat].fighters if F[i].is_hero)

    @cython.locals(F=list, f=Fighter, i=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def hero_defeated(self, seat: int) -> bool:
        F = self.fighters
        for i in self._hero_fis[seat]:
            f = F[i]
            if f.alive:
                return False
        return True

    @cython.locals(F=list, f=Fighter, out=list, p=Player, i=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def on_board(self, seat: int) -> list[int]:
        F = self.fighters
        p = self.players[seat]
        # Usually every fighter of the seat is on the board: its list copied whole (one block
        # of the right size), where appending grew a new list a block at a time (the AI asks
        # ~400 times a tuned game).
        for i in p.fighters:
            f = F[i]
            if not f.on_board:
                break
        else:
            return p.fighters[:]
        out = []
        for i in p.fighters:
            f = F[i]
            if f.on_board:
                out.append(i)
        return out

    @cython.annotation_typing(False)
    def opponents_on_board(self, seat: int) -> list[int]:
        """Fighters on the board of every foe of ``seat``."""
        return _on_board_of(self, self._foes[seat])

    @cython.annotation_typing(False)
    def friendly_on_board(self, seat: int) -> list[int]:
        """Fighters on the board of ``seat`` and its allies (teammates' fighters are friendly)."""
        return _on_board_of(self, self._friendly[seat])

    @cython.locals(f=Fighter, out=list)
    def all_on_board(self) -> list[int]:
        out = []
        for f in self.fighters:
            if f.on_board:
                out.append(f.idx)
        return out

    def zone_cards(self, seat: int) -> list[int]:
        """The action cards in ``seat``'s hero card zones (see CARD_ZONES)."""
        res = self.players[seat].res
        return [c for key in CARD_ZONES for c in res.get(key, ())]

    # ------------------------------------------------------------------ friend and foe
    @cython.annotation_typing(False)
    def is_foe(self, a: int, b: int) -> bool:
        """Are players ``a`` and ``b`` on different sides?"""
        return self.team[a] != self.team[b]

    @cython.locals(out=list, every=tuple)
    @cython.annotation_typing(False)
    def foes(self, seat: int) -> tuple[int, ...]:
        """The players opposing ``seat`` that are still in the game, in turn order."""
        out = self.out
        every = self._foes[seat]
        for t in every:
            if out[t]:
                return tuple([u for u in every if not out[u]])
        return every        # (no foe out, the usual case: the kept tuple, nothing built)

    def all_foes(self, seat: int) -> tuple[int, ...]:
        return self._foes[seat]

    def allies(self, seat: int) -> tuple[int, ...]:
        """``seat``'s teammates (none in a duel or free-for-all)."""
        return self._allies[seat]

    def friendly(self, seat: int) -> tuple[int, ...]:
        """``seat`` and its teammates."""
        return self._friendly[seat]

    def is_foe_fighter(self, seat: int, fi: int) -> bool:
        return self.team[self.fighters[fi].owner] != self.team[seat]

    @cython.annotation_typing(False)
    def next_seat(self, seat: int) -> int:
        """The next player in turn order after ``seat`` that still takes turns."""
        n = len(self.players)
        for k in range(1, n + 1):
            t = (seat + k) % n
            if not self.out[t]:
                return t
        return seat

    @cython.locals(c=Combat)
    def opponent_of(self, ctx: Ctx) -> int:
        """"Your opponent" for an effect: in a combat, the other player in the combat; else the
        one chosen for this effect (``ctx.opponent``), else the only foe left, else the next foe
        in turn order."""
        c = self.combat
        if c is not None and ctx.role <= DEFENDER:
            return c.opposing(ctx.role)
        if ctx.opponent >= 0:
            return ctx.opponent
        foes = self.foes(ctx.player) or self._foes[ctx.player]
        if len(foes) == 1:
            return foes[0]
        n = len(self.players)
        return min(foes, key=lambda t: (t - ctx.player) % n)

    @cython.locals(p=Player)
    @cython.annotation_typing(False)
    def known_to(self, observer: int, holder: int, cid: int) -> bool:
        """Does ``observer`` know that card ``cid`` is in ``holder``'s hand? Cards revealed to
        everyone are known to all; a look at a hand is known to the player who looked."""
        p = self.players[holder]
        if cid in p.known_hand:
            return True
        seen = p.seen_by.get(observer)
        return seen is not None and cid in seen

    @cython.annotation_typing(False)
    @cython.locals(p=Player, public=frozenset, seen=frozenset, h=cython.Py_ssize_t)
    def known_in_hand(self, observer: int, holder: int) -> list[int]:
        """The cards of ``holder``'s hand that ``observer`` knows are there (``known_to`` for
        each, without a call per card: most hands are not known at all)."""
        h = holder              # (a C index: see _pile_moved)
        p = self.players[h]
        public = p.known_hand
        # (no look-up in an empty dictionary: most hands were never looked at)
        seen = p.seen_by.get(observer) if p.seen_by else None
        if seen:
            return [c for c in p.hand if c in public or c in seen]
        if public:
            return [c for c in p.hand if c in public]
        return []

    @cython.locals(p=Player)
    def reveal_to(self, observer: int, holder: int, cids) -> None:
        """``observer`` (alone) has seen these cards in ``holder``'s hand."""
        p = self.players[holder]
        p.seen_by[observer] = p.seen_by.get(observer, frozenset()) | frozenset(cids)

    # ------------------------------------------------------------------ events for abilities
    def modify(self, event: str, value, *args):
        """Pass ``value`` through the handler of every ability that handles ``event`` (in seat
        order), then through every lasting effect on it (oldest first), and return the result;
        see ``ability.HOOKS``, ``LASTING``."""
        meth = EVENTS[event]
        for seat in self.handlers[event]:
            value = getattr(self.players[seat].ability, meth)(self, seat, *args, value)
        for ev, seat, name, data, _ in self.lasting:
            if ev == event:
                value = LASTING[name](self, seat, data, *args, value)
        return value

    @cython.annotation_typing(False)
    def handles(self, event: str) -> bool:
        """Would ``modify(event, ...)`` consult anything? (Lets hot paths skip the call.)"""
        if self.handlers[event]:
            return True
        for e in self.lasting:
            if e[0] == event:
                return True
        return False

    def add_lasting(self, event: str, seat: int, name: str, data, until: str) -> None:
        """Put a lasting effect in force (see LASTING). ``data`` must be immutable."""
        if name not in LASTING or event not in EVENTS or until not in UNTIL:
            raise ValueError(f"bad lasting effect {(event, name, until)!r}")
        self._changes.n += 1
        self.lasting = self.lasting + ((event, seat, name, data, until),)
        self.log("lasting", seat, detail=f"{name}:{until}")

    def end_lasting(self, until: str, seat: int | None = None) -> None:
        if self.lasting:
            self._changes.n += 1
            self.lasting = tuple(e for e in self.lasting
                                 if not (e[4] == until and (seat is None or e[1] == seat)))

    @cython.locals(p=Player)
    @cython.annotation_typing(False)
    def held(self, fi: int) -> bool:
        """Is fighter ``fi`` held in its space: it cannot move, be moved, be placed elsewhere,
        swap spaces or ride a conveyor belt? The one hold rule: every ability that overrides
        ``holds_in_place`` or ``modify_hold`` is asked, and every lasting effect on "hold"
        (none: False at once, from C flags)."""
        if not (self.lasting or self._hold_rule):
            return False
        for seat in self.handlers["holds_in_place"]:
            p = self.players[seat]
            if p.ability.holds_in_place(self, fi):
                return True
        return self.handles("hold") and bool(self.modify("hold", False, fi))

    def started_turn_on(self, fi: int) -> int:
        """The space fighter ``fi`` was on when this turn started (NO_SPACE if off the board)."""
        spaces = self.turn_flags.get("start_spaces")
        return spaces[fi] if spaces is not None and fi < len(spaces) else NO_SPACE

    # ------------------------------------------------------------------ decks
    @cython.locals(p=Player)
    def take_deck_top(self, seat: int) -> int | None:
        """Take the top card of ``seat``'s deck (None if empty); what anyone knew of the top
        of that deck shifts down by one."""
        p = self.players[seat]
        if not p.deck:
            return None
        cid = p.deck.pop()
        if p.deck_top_known:
            p.deck_top_known -= 1
        if p.top_known_by:
            p.top_known_by = {o: n - 1 for o, n in p.top_known_by.items() if n > 1}
        return cid

    @cython.locals(p=Player)
    def take_deck_card(self, seat: int, cid: int) -> None:
        """Take card ``cid`` out of ``seat``'s deck wherever it is (a card looked at among the top
        ones); whoever knew it as one of the top cards now knows one card fewer."""
        p = self.players[seat]
        depth = len(p.deck) - p.deck.index(cid) - 1      # 0 = the top card (the list's last)
        p.deck.remove(cid)
        if p.deck_top_known > depth:
            p.deck_top_known -= 1
        if p.top_known_by:
            p.top_known_by = {o: n - 1 if n > depth else n for o, n in p.top_known_by.items() if n - (n > depth) > 0}

    @cython.locals(p=Player)
    def put_deck_top(self, seat: int, cid: int, known_to: tuple[int, ...] = ()) -> None:
        """Put a card on top of ``seat``'s deck; ``known_to`` lists the players who know it
        (its owner knows their own card if listed). Knowledge of the cards below is kept."""
        p = self.players[seat]
        p.deck.append(cid)
        if seat in known_to:
            p.deck_top_known += 1
        others = [o for o in known_to if o != seat]
        if others or p.top_known_by:
            known = dict(p.top_known_by)
            for o in list(known):
                known[o] = known[o] + 1 if o in others else 0
            for o in others:
                known[o] = known.get(o, 0) or 1
            p.top_known_by = {o: n for o, n in known.items() if n > 0}

    def put_deck_bottom(self, seat: int, cid: int) -> None:
        """Put a card at the bottom of ``seat``'s deck (nobody's knowledge of the top changes)."""
        self.players[seat].deck.insert(0, cid)

    @cython.locals(p=Player)
    def know_deck_top(self, observer: int, seat: int, n: int) -> None:
        """``observer`` has seen the top ``n`` cards of ``seat``'s deck."""
        p = self.players[seat]
        n = min(n, len(p.deck))
        if observer == seat:
            p.deck_top_known = max(p.deck_top_known, n)
        elif n > p.top_known_by.get(observer, 0):
            p.top_known_by = {**p.top_known_by, observer: n}

    # ------------------------------------------------------------------ discard piles and play
    # Every card entering or leaving a discard pile or the play area (``in_play``) goes through
    # these methods, and nothing else changes those lists. They keep ``pile_counts``: how many
    # copies of each card kind (``card_kind``) lie in any discard pile or in play — the cards
    # the players have seen leave a hand or deck (a combat card still face down too: the view
    # takes those out), which every player's odds on their owner's cards start from
    # (``PlayerView.unseen_opponent_cards``). ``pile_versions[owner]`` changes whenever the
    # counts of ``owner``'s cards do and is never reused (``_next_pile_version``): a cache key may
    # hold it for those counts. A game nobody asks for the counts (greedy play) does not keep
    # them: they are counted from the piles when first asked for, and kept from then on.
    # (Each move tests ``pile_counts is not None`` itself: one call fewer per move is 0.8% of
    # greedy's instructions.)
    @cython.locals(c=cython.Py_ssize_t, k=cython.Py_ssize_t, o=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def _pile_moved(self, cid: int, delta: int) -> None:
        # (the card, its kind and owner as C integers: a list indexed by a Python int goes
        # through the list's generic subscript, ~45 instructions more per index)
        c = cid
        k = self.card_kind[c]
        o = self.card_owners[c]
        self.pile_counts[k] += delta
        self.pile_versions[o] = _next_pile_version()

    def _count_piles(self) -> list[int]:
        counts = [0] * self.kind_count
        for cid in [c for p in self.players for c in p.discard] + self.in_play:
            counts[self.card_kind[cid]] += 1
        return counts

    def keep_pile_counts(self) -> None:
        """Count the piles now and keep the counts from here on (``pile_counts_of`` and
        ``pile_version`` do this when first called)."""
        if self.pile_counts is None:
            self.pile_counts = self._count_piles()
            # fresh numbers: a clone made before anyone counted starts from its parent's state
            self.pile_versions = [_next_pile_version() for _ in self.players]

    @cython.locals(s=cython.Py_ssize_t, start=cython.Py_ssize_t, end=cython.Py_ssize_t, p=Player)
    @cython.annotation_typing(False)
    def pile_counts_of(self, seat: int) -> list[int]:
        """How many of ``seat``'s cards of each kind lie in a discard pile or in play, in the
        order of its hero's card list (a new list)."""
        if self.pile_counts is None:
            self.keep_pile_counts()
        # (the seat and the slice's ends as C integers: the list sliced in C, where Python ints
        # made a slice object and went through the list's generic subscript)
        s = seat
        p = self.players[s]
        start = self.kind_start[s]
        end = start + len(p.hero.cards)
        return self.pile_counts[start:end]

    @cython.annotation_typing(False)
    def pile_version(self, seat: int) -> int:
        """A number that changes whenever ``pile_counts_of(seat)`` does, never reused."""
        if self.pile_counts is None:
            self.keep_pile_counts()
        return self.pile_versions[seat]

    @cython.locals(p=Player, s=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def discard_pile_add(self, seat: int, cid: int) -> None:
        """Put card ``cid`` on top of ``seat``'s discard pile (no ability hears of it: see
        ``to_discard_pile`` for the route a discarded card takes)."""
        s = seat                # (a C index: see _pile_moved)
        p = self.players[s]
        p.discard.append(cid)
        if self.pile_counts is not None:
            self._pile_moved(cid, 1)

    def discard_pile_take(self, seat: int, cid: int | None = None) -> int:
        """Take card ``cid`` (default: the top card) out of ``seat``'s discard pile."""
        pile = self.players[seat].discard
        if cid is None:
            cid = pile.pop()
        else:
            pile.remove(cid)
        if self.pile_counts is not None:
            self._pile_moved(cid, -1)
        return cid

    @cython.locals(p=Player)
    def put_in_hand(self, seat: int, cid: int, event: str, known_to: int = EVERYONE,
                    logged_by: int = -1, detail: str | None = None, card_logged: bool = True) -> None:
        """Card ``cid``, already taken from where it was, goes into ``seat``'s hand; logged as
        ``event`` (by ``logged_by``, default the holder; ``card_logged = False``: the row
        names no card). ``known_to`` is who else knows it is there: ``EVERYONE`` (it was face
        up or revealed: ``known_hand``), one other player who alone saw it (``reveal_to``), or
        the holder (nobody else)."""
        p = self.players[seat]
        p.hand.append(cid)
        if known_to == EVERYONE:
            p.known_hand = p.known_hand | {cid}
        elif known_to != seat:
            self.reveal_to(known_to, seat, (cid,))
        self.log(event, seat if logged_by < 0 else logged_by, card=cid if card_logged else None,
                 detail=detail)

    def discard_to_hand(self, seat: int, cid: int | None = None, detail: str | None = None) -> int:
        """Card ``cid`` (default: the top card) goes from ``seat``'s discard pile to its hand,
        known to every player (it came from a face-up pile); event ``return_to_hand``."""
        cid = self.discard_pile_take(seat, cid)
        self.put_in_hand(seat, cid, "return_to_hand", detail=detail)
        return cid

    def play_to_hand(self, seat: int, cid: int, detail: str | None = None) -> bool:
        """Card ``cid`` goes from play back to ``seat``'s hand, known to every player (it was
        revealed); event ``return_to_hand``. Nothing happens if it is not in play (says so)."""
        if not self.play_area_take(cid):
            return False
        self.put_in_hand(seat, cid, "return_to_hand", detail=detail)
        return True

    @cython.annotation_typing(False)
    def play_area_add(self, cid: int) -> None:
        """Card ``cid`` is in play: played, used to BOOST, or set down face down in a combat."""
        self._changes.n += 1
        self.in_play.append(cid)
        if self.pile_counts is not None:
            self._pile_moved(cid, 1)

    @cython.annotation_typing(False)
    def play_area_take(self, cid: int) -> bool:
        """Take card ``cid`` out of play if it is there; says whether it was."""
        if cid not in self.in_play:
            return False
        self._changes.n += 1
        self.in_play.remove(cid)
        if self.pile_counts is not None:
            self._pile_moved(cid, -1)
        return True

    def play_area_swap(self, old: int, new: int) -> None:
        """Card ``new`` takes card ``old``'s place in play (a search's re-dealt hidden card)."""
        self._changes.n += 1
        in_play = self.in_play
        in_play[in_play.index(old)] = new
        if self.pile_counts is not None:
            self._pile_moved(old, -1)
            self._pile_moved(new, 1)

    def check_pile_counts(self) -> None:
        """Recount the piles; fail if the kept ``pile_counts`` differ (a card moved past the
        methods above). Nothing to check while the counts are not kept."""
        if self.pile_counts is not None and self.pile_counts != self._count_piles():
            raise AssertionError(f"the kept pile counts differ from a recount: {self.pile_counts} "
                                 f"!= {self._count_piles()}")

    @cython.locals(fa=Fighter, fb=Fighter)
    @cython.annotation_typing(False)
    def adjacent(self, a: int, b: int) -> bool:
        fa, fb = self.fighters[a], self.fighters[b]
        return fa.on_board and fb.on_board and fb.space in self._adjacent[fa.space]

    @cython.locals(fa=Fighter, fb=Fighter)
    def same_zone(self, a: int, b: int) -> bool:
        fa, fb = self.fighters[a], self.fighters[b]
        return fa.on_board and fb.on_board and self.board.same_zone(fa.space, fb.space)

    @cython.locals(f=Fighter)
    def fighters_adjacent_to(self, fi: int) -> list[int]:
        f = self.fighters[fi]
        if not f.on_board:
            return []
        occ = self.occupant
        return [occ[s] for s in self.board.adjacent[f.space] if occ[s] >= 0]

    @cython.locals(occ=tuple, s=cython.Py_ssize_t, o=cython.Py_ssize_t, out=list)
    def empty_spaces(self) -> list[int]:
        # (a loop over C integers: enumerate made a pair and compared a Python int per space,
        # ~3,800 instructions a call; Escape Artist asks at every boosted maneuver, the AI more)
        occ = self.occupant
        out = []
        for s in range(len(occ)):
            o = occ[s]
            if o < 0:
                out.append(s)
        return out

    @cython.locals(p=Player, s=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def move_value(self, seat: int) -> int:
        s = seat                # (a C index: see _pile_moved)
        move = self._fixed_move[s]
        if move is not None:
            tag = self._move_tag[s]
            return move if tag is None else move + self.cards_in_foe_hands(seat, tag)
        p = self.players[s]
        return p.ability.move_value(self, seat, p.hero.move)

    @cython.locals(p=Player, d=CardDef, defs=list, c=cython.Py_ssize_t, n=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def tagged_in_discard(self, seat: int, tag: str) -> int:
        """How many cards carrying ``tag`` lie in ``seat``'s discard pile. (Here, in compiled
        code: Sinbad's move counts his VOYAGE cards there, and the AI asks his move at every
        reach it weighs: a pure-Python count was 12% of a Dr. Jill Trent–Sinbad game.)"""
        defs = self.card_defs
        p = self.players[seat]
        n = 0
        for c in p.discard:
            d = defs[c]
            if tag in d.tags:
                n += 1
        return n

    @cython.locals(p=Player, d=CardDef, owners=list, defs=list, c=cython.Py_ssize_t, n=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def cards_in_foe_hands(self, seat: int, tag: str) -> int:
        """How many of ``seat``'s own cards with ``tag`` lie in its foes' hands (every foe's,
        out of the game or not): Loki's TRICKs held by the opponent."""
        owners, defs = self.card_owners, self.card_defs
        n = 0
        for t in self._foes[seat]:
            p = self.players[t]
            for c in p.hand:
                if owners[c] == seat:
                    d = defs[c]
                    if tag in d.tags:
                        n += 1
        return n

    @cython.annotation_typing(False)
    def state_version(self) -> int:
        """A number that moves at every change of the position: each event logged (recorded or
        not), each change of who stands where, of the lasting effects, of the cards in play,
        each write of the turn's flags or a player's resources (``WatchedDict``). Equal
        numbers in one game: the same position. Caches of what the position decides are kept
        by it, so no code that changes the position has anything to tell them."""
        return self._changes.n

    @cython.locals(got=tuple, fresh=tuple, v=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def move_rules(self, fi: int) -> tuple[bool, bool]:
        """(held in place, may pass opponents) as ``reachable`` decides them for fighter ``fi``
        moving by its own rules (the AI also uses them to tell whether a cached reachability
        still holds).

        Kept per fighter for the state version (``state_version``): the abilities and lasting
        effects that decide them read the position (Titania's glamours: her resources).
        Asked afresh, the rule goes through the ability's hook (``modify``, ~5,000
        instructions), and the AI asks at every reach it weighs: 16% of a King Arthur–Titania
        game."""
        if not (self.lasting or self._hold_rule or self._pass_rule):
            return _NO_MOVE_RULES       # (most games: nothing to ask, nothing to keep)
        v = self._changes.n
        if v != self._rules_version:
            self._rules_memo = {}
            self._rules_version = v
        got = self._rules_memo.get(fi)
        if got is None or CHECK_CACHES:
            fresh = self._move_rules(fi)
            if got is not None and got != fresh:
                raise AssertionError(f"kept move rules of fighter {fi} out of date: {got} != {fresh}")
            got = self._rules_memo[fi] = fresh
        return got

    @cython.annotation_typing(False)
    def _move_rules(self, fi: int) -> tuple[bool, bool]:
        held = self.held(fi)
        through = self._pass_rule and bool(self.modify("move_through", False, fi))
        return held, through

    @cython.locals(f=Fighter, n=cython.Py_ssize_t, k=cython.Py_ssize_t, key=cython.Py_ssize_t,
                   through=cython.bint, memo=dict, kept=list, okey=object, rules=tuple)
    @cython.annotation_typing(False)
    def reachable(self, fi: int, steps: int, through_opponents: bool = False) -> list[int]:
        """Spaces fighter ``fi`` can end a move of up to ``steps`` on (its own space included).

        It may pass friendly fighters but not opposing ones (unless the effect allows) and must
        end on an empty space. Movement follows the board's movement edges (one-way paths,
        secret passages)."""
        f = self.fighters[fi]
        if not f.on_board:
            return []
        if self.lasting or self._hold_rule or (not through_opponents and self._pass_rule):
            rules = self.move_rules(fi)
            if rules[0]:
                return [f.space]
            if not through_opponents:
                through_opponents = rules[1]
        through = bool(through_opponents)
        # The walk is kept while the occupancy is the same (``_reach_memo``, for the occupancy
        # tuple ``_reach_occ``: a new one at each change): the AI asks the same reach again and again in a position
        # (~half of ~200 walks a tuned game repeat one since the last move, at ~2,000
        # instructions each). It depends only on the occupancy (the fighter's own space and
        # side with it), the steps and whether foes may be passed; steps past the board's size
        # walk as far as that size. (The key, a small number, is made once.)
        n = len(self.occupant)
        k = steps
        if k > n:
            k = n
        elif k < 0:
            k = 0
        key = (k * 2 + through) * len(self.fighters) + f.idx
        okey = key
        if self._reach_occ is not self.occupant:
            self._reach_memo = {}
            self._reach_occ = self.occupant
        memo = self._reach_memo
        kept = memo.get(okey)
        if kept is None:
            kept = self._spread(fi, f.space, steps, through)
            memo[okey] = kept
        elif CHECK_CACHES and kept != self._spread(fi, f.space, steps, through):
            raise AssertionError(f"kept reach of fighter {fi} ({steps} steps) out of date")
        return kept[:]      # (a copy: the caller may change its list)

    @cython.locals(occ=list)
    @cython.annotation_typing(False)
    def _occupy(self, a: int, fa: int, b: int = -1, fb: int = -1) -> None:
        """The one writer of ``occupant``: space ``a`` now holds fighter ``fa`` (-1: empty), and
        space ``b`` (if not -1) fighter ``fb``; a new tuple, and the state version moves."""
        occ = list(self.occupant)
        occ[a] = fa
        if b >= 0:
            occ[b] = fb
        self.occupant = tuple(occ)
        self._changes.n += 1

    @cython.locals(f=Fighter)
    def shift(self, fi: int, dest: int) -> None:
        """Fighter ``fi`` goes from its space to the empty space ``dest`` with nothing logged
        and no hold asked (a conveyor belt, which logs its own event and asks ``held`` first)."""
        f = self.fighters[fi]
        if self.occupant[f.space] != fi or self.occupant[dest] >= 0:
            raise RuntimeError("shift of a fighter not on its space, or onto an occupied space")
        self._occupy(f.space, -1, dest, fi)
        f.space = dest

    def _new_walk_scratch(self) -> None:
        """``_spread``'s scratch, the game's own: a byte per space, 1 once a walk has seen it
        (each walk sets them back to 0 as it lists its spaces), and the walk's queue of spaces,
        two bytes each (``_put16``). Kept per game, not per process: a dask cluster may play
        games in threads, and pure Python switches threads inside a walk (a shared scratch
        gave one walk another's marks)."""
        n = self.board.size
        self._walk_seen, self._walk_queue = bytearray(n), bytearray(2 * n)

    @cython.locals(start=cython.Py_ssize_t, steps=cython.Py_ssize_t, through=cython.bint,
                   n=cython.Py_ssize_t, s=cython.Py_ssize_t, t=cython.Py_ssize_t, o=cython.Py_ssize_t,
                   step=cython.Py_ssize_t, occ=tuple, head=cython.Py_ssize_t, end=cython.Py_ssize_t,
                   tail=cython.Py_ssize_t, e=cython.Py_ssize_t, last=cython.Py_ssize_t,
                   walk=cython.p_uchar, seen=cython.p_uchar, queue=cython.p_uchar, seen_buf=bytearray,
                   queue_buf=bytearray, team=tuple, F=list, f=Fighter, out=list, m=cython.Py_ssize_t,
                   k=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def _spread(self, fi: int, start: int, steps: int, through: bool) -> list[int]:
        """``reachable``'s walk, breadth first from ``start``: the spaces in order. (Compiled,
        the edges, the spaces seen and the queue are bytes read through C pointers: the walk
        was ~4,600 instructions, ~240 walks a tuned game, most of it tuple items, list
        appends and the integers read from and made for them.)"""
        team, F = self.team, self.fighters
        f = F[fi]
        my_team = team[f.owner]
        occ = self.occupant
        n = len(occ)
        seen_buf, queue_buf = self._walk_seen, self._walk_queue
        walk, seen, queue = self._walk, seen_buf, queue_buf
        # A space seen is marked 2 if the walk lists it (empty, or the start), else 1; ``m``
        # counts the listed ones, so the list is made at its size and filled in place
        # (appending grew it a block at a time: ~400 instructions a walk).
        seen[start] = 2
        m = 1
        # One queue for every step's frontier: step k's spaces are numbers head to end - 1.
        _put16(queue, 0, start)
        head = 0
        tail = 1
        for step in range(steps):
            end = tail
            if head == end:
                break
            while head < end:
                s = _get16(queue, head)
                head += 1
                last = _get16(walk, s + 1)
                for e in range(_get16(walk, s), last):
                    t = _get16(walk, e)
                    if seen[t]:
                        continue
                    o = occ[t]
                    if o >= 0 and not through:
                        f = F[o]
                        if team[f.owner] != my_team:
                            continue
                    if o < 0:
                        seen[t] = 2
                        m += 1
                    else:
                        seen[t] = 1
                    _put16(queue, tail, t)
                    tail += 1
        out = [None] * m
        k = 0
        for s in range(n):
            if seen[s]:
                if seen[s] == 2:
                    out[k] = s
                    k += 1
                seen[s] = 0           # (the scratch left all unseen for the next walk)
        return out

    @cython.locals(f=Fighter, tf=Fighter, F=list, p=Player, out=list, adj=cython.p_uchar, zm=tuple,
                   at=cython.Py_ssize_t, zone=cython.Py_ssize_t, z=cython.Py_ssize_t, s=cython.Py_ssize_t,
                   t=cython.Py_ssize_t, seat=cython.Py_ssize_t, i=cython.Py_ssize_t, foe=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def attack_targets(self, fi: int) -> list[int]:
        """The opposing fighters fighter ``fi`` may attack from where it stands (adjacent, or in
        a zone it shares if it is ranged). (Read in C: the board's adjacency matrix, the zone
        masks and the foes' fighters, without the list of every opposing fighter on the board;
        the engine and the AI ask it ~200 times a tuned game.)"""
        F = self.fighters
        i = fi                  # (C integers for the indexes: see _pile_moved)
        f = F[i]
        if not f.on_board:
            return []
        adj = self._adjacency
        at = f.space * len(self.occupant)        # this space's row of the adjacency matrix
        zm = self._zone_mask
        zone = zm[f.space] if f.defn.ranged else 0
        out = []
        seat = f.owner
        for foe in self._foes[seat]:
            p = self.players[foe]
            for t in p.fighters:
                tf = F[t]
                if not tf.on_board:
                    continue
                s = tf.space
                z = zm[s]
                if (adj[at + s] or zone & z) and (
                        not self._attack_rule or self.format.may_attack(self, seat, tf.owner)):
                    out.append(t)
        return out

    @cython.locals(f=Fighter, d=CardDef, hand=list)
    @cython.annotation_typing(False)
    def attack_options(self, seat: int) -> list[tuple[int, int]]:
        hand = _hand_defs(self, self.players[seat].hand)
        out = []
        for fi in self.on_board(seat):
            f = self.fighters[fi]
            name = f.defn.name
            # (a loop, not ``any`` over a generator: the card typed, its fields read in C)
            for d in hand:
                if d.can_attack and (d.users is None or name in d.users):   # (usable_by)
                    for t in self.attack_targets(fi):
                        out.append((fi, t))
                    break
        return out

    # (``can_attack_now`` and ``can_scheme_now`` run at every action decision: they read the
    # player's fighters and hand in C, without the lists of the fighters on the board and of
    # the hand's definitions that ``on_board`` and ``_hand_defs`` would make.)
    @cython.locals(p=Player, f=Fighter, d=CardDef, F=list, defs=list, fi=cython.Py_ssize_t,
                   c=cython.Py_ssize_t, s=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def can_attack_now(self, seat: int) -> bool:
        """``attack_options(seat)`` is not empty (worked out without listing them)."""
        s = seat                # (a C index: see _pile_moved)
        p = self.players[s]
        F, defs = self.fighters, self.card_defs
        for fi in p.fighters:
            f = F[fi]
            if not f.on_board:
                continue
            name = f.defn.name
            for c in p.hand:
                d = defs[c]
                if d.can_attack and (d.users is None or name in d.users):
                    if self.attack_targets(fi):
                        return True
                    break
        return False

    @cython.locals(p=Player, f=Fighter, d=CardDef, F=list, defs=list, fi=cython.Py_ssize_t,
                   c=cython.Py_ssize_t, s=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def can_scheme_now(self, seat: int) -> bool:
        """``scheme_options(seat)`` is not empty (worked out without listing them): a scheme
        card in hand that one of the player's fighters on the board may play."""
        s = seat                # (a C index: see _pile_moved)
        p = self.players[s]
        F, defs = self.fighters, self.card_defs
        for c in p.hand:
            d = defs[c]
            if d.type == "scheme":
                for fi in p.fighters:
                    f = F[fi]
                    # (d.usable_by(name), inline)
                    if f.on_board and (d.users is None or f.defn.name in d.users):
                        return True
        return False

    @cython.locals(p=Player)
    def scheme_options(self, seat: int) -> list[tuple[int, int]]:
        p = self.players[seat]
        out = []
        board_fighters = self.on_board(seat)
        for c in p.hand:
            d = self.card_defs[c]
            if d.type == "scheme":
                out.extend((c, fi) for fi in board_fighters if d.usable_by(self.fighters[fi].defn.name))
        return out

    def ctx_fighter(self, ctx: Ctx) -> int:
        """The fighter resolving an effect; for combat cards, whoever is in the combat now."""
        if ctx.role <= DEFENDER and self.combat is not None:
            return self.combat.fighters[ctx.role]
        return ctx.fighter

    # ------------------------------------------------------------------ state changes
    @cython.locals(p=Player)
    @cython.annotation_typing(False)
    def draw(self, seat: int, n: int = 1) -> None:
        """Draw n cards; each card that cannot be drawn deals exhaustion damage instead."""
        p = self.players[seat]
        missing = 0
        for _ in range(n):
            if p.deck:
                c = p.deck.pop()
                p.hand.append(c)
                if p.deck_top_known:
                    p.deck_top_known -= 1
                if p.top_known_by:
                    p.top_known_by = {o: k - 1 for o, k in p.top_known_by.items() if k > 1}
                self.log("draw", seat, None, c)
                if not p.deck:
                    self.log("deck_empty", seat)
            else:
                missing += 1
        if missing:
            self.log("exhausted", seat, amount=missing)
            for fi in self.on_board(seat):
                self.damage(fi, EXHAUSTION_DAMAGE * missing, EXHAUSTION)

    @cython.locals(f=Fighter)
    @cython.annotation_typing(False)
    def damage(self, fi: int, amount: int, source: str, card: int | None = None,
               by: int | None = None) -> int:
        """Deal damage to fighter ``fi``; ``by`` is the fighter that caused it (None for
        exhaustion and other damage nobody deals). It passes the ``damage`` event first, where
        an ability may prevent, reduce or floor it."""
        f = self.fighters[fi]
        if amount <= 0 or not f.on_board:
            return 0
        if self.handlers["damage"] or self.lasting:
            amount = self.modify("damage", amount, fi, source, by, card)
            if amount <= 0:
                self.log("damage_prevented", f.owner, fi, card, detail=source, by=by)
                return 0
        dealt = min(amount, f.health)
        f.health -= dealt
        self.turn_flags[("took_damage", fi)] = True   # "if Hamlet took damage this turn"
        # (by position: kind, player, fighter, card, target, amount, health, space, detail, value, by)
        self.log("damage", f.owner, fi, card, None, dealt, f.health, None, source, None, by)
        if f.health == 0:
            self.defeat(fi, source, by)
        return dealt

    @cython.locals(f=Fighter)
    def defeat(self, fi: int, source: str, by: int | None = None) -> None:
        f = self.fighters[fi]
        f.alive = False
        self._remove_from_board(fi)
        if f.is_hero and self.defeat_cause[f.owner] is None and self.hero_defeated(f.owner):
            self.defeat_cause[f.owner] = source   # the blow that defeated the last hero
        self.log("defeat", f.owner, fi, detail=source, by=by)
        if f.is_hero and self.format.removes_sidekicks and self.hero_defeated(f.owner):
            # Free-for-all: a player whose hero is defeated is eliminated; their sidekicks
            # leave the board at once (they are removed, not defeated).
            gone = self.on_board(f.owner)
            for s in gone:
                self._remove_from_board(s)
            for s in gone:
                self.log("removed", f.owner, s, detail="eliminated")

    @cython.locals(f=Fighter)
    def recover(self, fi: int, amount: int, card: int | None = None) -> int:
        """Recover health, never above starting health; defeated fighters cannot recover."""
        f = self.fighters[fi]
        if not f.alive or amount <= 0:
            return 0
        gained = min(amount, f.max_health - f.health)
        f.health += gained
        self.log("recover", f.owner, fi, card, amount=gained, health=f.health)
        return gained

    @cython.locals(f=Fighter)
    def set_health(self, fi: int, health: int, card: int | None = None) -> None:
        f = self.fighters[fi]
        f.health = min(health, f.max_health)
        f.alive = f.health > 0
        if f.is_hero and f.alive:
            self.defeat_cause[f.owner] = None
        self.log("set_health", f.owner, fi, card, amount=f.health, health=f.health)

    @cython.locals(f=Fighter)
    def _remove_from_board(self, fi: int) -> None:
        f = self.fighters[fi]
        if f.on_board:
            self._occupy(f.space, -1)
        f.space, f.on_board = NO_SPACE, False

    @cython.locals(f=Fighter)
    @cython.annotation_typing(False)
    def move_to(self, fi: int, dest: int, card: int | None = None) -> None:
        f = self.fighters[fi]
        if dest == f.space:
            return
        src = f.space
        self._occupy(src, -1, dest, fi)
        f.space = dest
        self.log("move", f.owner, fi, card, None, None, None, dest, self.board.labels[src])

    @cython.locals(f=Fighter)
    @cython.annotation_typing(False)
    def place(self, fi: int, dest: int, card: int | None = None) -> None:
        """Put a fighter on an empty space without moving through the board."""
        f = self.fighters[fi]
        if self.occupant[dest] >= 0 and dest != f.space:
            raise RuntimeError("place onto an occupied space")
        if f.on_board and dest != f.space and self.held(fi):
            self.log("held", f.owner, fi, card, space=f.space)
            return
        if f.on_board:
            self._occupy(f.space, -1, dest, fi)
        else:
            self._occupy(dest, fi)
        f.space, f.on_board = dest, True
        self.log("place", f.owner, fi, card, None, None, f.health, dest)

    @cython.locals(fa=Fighter, fb=Fighter)
    def swap_spaces(self, a: int, b: int, card: int | None = None) -> None:
        fa, fb = self.fighters[a], self.fighters[b]
        fa.space, fb.space = fb.space, fa.space
        self._occupy(fa.space, a, fb.space, b)
        self.log("swap", fa.owner, a, card, target=b, space=fa.space)

    def end_turn(self, card: int | None = None) -> None:
        """An effect ends the turn (The Rest Is Silence): the active player loses the actions
        left; inside a combat, every effect not yet resolved is skipped (``turn_ended``, read by
        ``effects.effect_cancelled``), the cleanup still discards the played cards, and
        after-attacking effects do not happen. Then the turn ends as usual (end-of-turn effects,
        hand limit)."""
        if self.over:
            return
        self.players[self.active].actions = 0
        self.turn_flags["turn_ended"] = True
        self.log("turn_ended", self.active, card=card)

    @cython.annotation_typing(False)
    def gain_action(self, seat: int, n: int = 1, card: int | None = None) -> None:
        """Extra actions only exist on your own turn; gained on the opponent's turn they lapse
        (as do actions gained once an effect has ended the turn)."""
        if seat == self.active and not self.over and not self.turn_flags.get("turn_ended"):
            self.players[seat].actions += n
            self.log("gain_action", seat, card=card, amount=n)

    @cython.locals(p=Player, s=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def take_from_hand(self, seat: int, cid: int) -> None:
        s = seat                # (a C index: see _pile_moved)
        p = self.players[s]
        p.hand.remove(cid)
        if cid in p.known_hand:
            p.known_hand = p.known_hand - {cid}
        if p.seen_by:
            for o, seen in p.seen_by.items():
                if cid in seen:
                    p.seen_by[o] = seen - {cid}

    @cython.annotation_typing(False)
    def discard_from_hand(self, seat: int, cid: int, cause: str) -> None:
        """A card leaves a hand for its owner's discard pile, with every reaction that triggers."""
        self.take_from_hand(seat, cid)
        self.log("discard", seat, None, cid, None, None, None, None, cause)
        owner = self.owner(cid)
        if owner in self.handlers["intercept_discard"] and \
                self.players[owner].ability.intercept_discard(self, seat, cid, cause):
            return
        self.to_discard_pile(cid, cause)
        if cause == OPPONENT_EFFECT:
            ops = self.card(cid).effects.get(ON_DISCARD_BY_OPPONENT)
            if ops:
                self.run_effects(ops, new_ctx(seat, cid, OTHER_ROLE, self.players[seat].fighters[0]))

    @cython.annotation_typing(False)
    def put_in_discard(self, cid: int, route: str = PLAYED) -> None:
        """A card that was in play (played, or used to boost) goes to its owner's discard pile."""
        self.play_area_take(cid)
        self.to_discard_pile(cid, route)

    @cython.locals(c=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def to_discard_pile(self, cid: int, route: str) -> None:
        """Every card bound for a discard pile passes here; its owner's ability may send it
        elsewhere (``Ability.redirect_discard``: the Wayward Sisters' cauldron). ``route``:
        PLAYED, BOOST_DISCARD, FROM_DECK or the hand causes (HAND_LIMIT_DISCARD, ...)."""
        c = cid                 # (a C index: see _pile_moved)
        owner = self.card_owners[c]
        if owner in self.handlers["redirect_discard"] and \
                self.players[owner].ability.redirect_discard(self, cid, route):
            return
        self.discard_pile_add(owner, cid)

    @cython.locals(c=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def card_played(self, cid: int, seat: int, role: int) -> None:
        """``seat`` has played a card: revealed in combat (``role`` ATTACKER / DEFENDER) or
        played as a scheme (SCHEME_ROLE). Its owner's ability hears of it (Loki logs his TRICKs
        played by the opponent). Effects that swap a new card into a combat call this too."""
        c = cid                 # (a C index: see _pile_moved)
        owner = self.card_owners[c]
        if owner in self.handlers["on_card_played"]:
            self.players[owner].ability.on_card_played(self, cid, seat, role)

    @cython.locals(c=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def finish_played_card(self, cid: int, played_by: int) -> None:
        """Cleanup for a played card; an ability may send it elsewhere (Loki's TRICKs)."""
        c = cid                 # (a C index: see _pile_moved)
        owner = self.card_owners[c]
        if owner in self.handlers["after_card_played"] and \
                self.players[owner].ability.after_card_played(self, cid, played_by):
            self.play_area_take(cid)
            return
        self.put_in_discard(cid)

    @cython.annotation_typing(False)
    def boost(self, seat: int, cid: int, purpose: str) -> int:
        """Use a card from hand to BOOST: returns the value added.

        The card's BOOST bonus (Houdini) triggers when its owner boosts with it; the bonus
        resolves first, then the card goes to the discard pile (the caller has already pushed
        whatever comes after the boost).
        """
        self.take_from_hand(seat, cid)
        self.play_area_add(cid)
        owner = self.owner(cid)
        if owner in self.handlers["boost_value"]:
            value = self.players[owner].ability.boost_value(self, cid)
        else:
            value = self.card_defs[cid].boost_value     # (Ability.boost_value, inline)
        self.log("boost", seat, None, cid, None, value, None, None, purpose)
        self.push_one((_boost_card_done, (cid,)))
        bonus = self.card(cid).effects.get(BOOST_BONUS)
        if bonus and owner == seat:
            self.log("boost_bonus", seat, card=cid)
            self.run_effects(bonus, new_ctx(seat, cid, OTHER_ROLE, self.players[seat].fighters[0]))
        return value

    @cython.locals(d=CardDef, c=cython.Py_ssize_t, owner=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def can_boost_with(self, seat: int, cid: int) -> bool:
        """May ``seat`` BOOST with card ``cid``? Its owner's ability says (``can_boost``)."""
        c = cid                 # (C integers for the indexes: see _pile_moved)
        owner = self.card_owners[c]
        if not self._own_boost_rule[owner]:
            d = self.card_defs[c]
            tag = self._no_boost_tag[owner]     # (Ability.can_boost, inline)
            return d.boost is not None and (tag is None or tag not in d.tags)
        return self.players[owner].ability.can_boost(self, seat, cid)

    @cython.annotation_typing(False)
    def run_effects(self, ops: Iterable, ctx: Ctx) -> None:
        """Schedule a card's effects (a tuple of Ops) to resolve next, in printed order.

        Outside a combat, with several foes left, effects that act on "your opponent" as a
        player (their hand, their draw) need one: the player chooses it first (decision
        ``effect_opponent``), and every effect of the card then means that player."""
        if ctx.role > DEFENDER and ctx.opponent < 0 and len(self.players) > 2 and _needs_opponent(ops):
            foes = self.foes(ctx.player)
            if len(foes) > 1:
                self.ask(ctx.player, "effect_opponent", list(foes), _opponent_chosen, tuple(ops), ctx,
                         card=ctx.card if ctx.card >= 0 else None)
                return
        args = (ctx,)
        self.push_steps(tuple([(op.start, args) for op in ops]))

    @cython.locals(F=list, f=Fighter, n=cython.Py_ssize_t, s=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   places=list, hero_fis=tuple)
    @cython.annotation_typing(False)
    def check_win(self) -> bool:
        """Win check, made at the start and end of every action and at turn boundaries.

        A hero reduced to 0 health is defeated at once, but players go out and the game ends
        only at the next check, so the rest of the action still resolves (e.g. All Part of the
        Show). A side is beaten when every hero on it is defeated; the game ends when one side
        is left. Sides beaten at the same check share a place; if that leaves none, the side of
        the player whose turn it is wins if it is among them (the duel's rule: "if both heroes
        are defeated, the player whose turn it is wins"), else the first of them in turn order
        after that player.
        """
        if self.over:
            return True
        n = len(self.players)
        out, fmt = self.out, self.format
        places = self.places
        F, hero_fis = self.fighters, self._hero_fis
        for s in range(n):
            if places[s] is None:
                for i in hero_fis[s]:      # (hero_defeated, inline: this runs every action)
                    f = F[i]
                    if f.alive:
                        break
                else:
                    break
        else:
            return False     # the fast path: every hero still in the game stands
        newly = [s for s in range(n) if not out[s] and fmt.player_out(self, s)]
        if not newly and fmt.out_when_hero_defeated:
            return False
        standing = {self.team[s] for s in range(n) if not self.hero_defeated(s)}
        unplaced = {self.team[s] for s in range(n) if self.places[s] is None}
        beaten = unplaced - standing
        if not newly and not beaten:
            return False
        for s in newly:
            out[s] = True
            self.out_turn[s] = self.turn
        if n > 2:
            for s in newly:
                self.log("eliminated", s, detail=self.defeat_cause[s] or "no_fighters")
        if len(standing) > 1:
            self._set_place(beaten, len(standing) + 1)
            return False
        if standing:
            winner = standing.pop()
            reason = self._defeat_reason(beaten)
        else:   # every side left was beaten at once: the tie-break
            order = [(self.active + k) % n for k in range(n)]
            winner = [self.team[s] for s in order if self.team[s] in beaten][0]
            beaten.discard(winner)
            reason = "both_heroes_defeated" if n == 2 else "simultaneous_defeat"
        self._set_place(beaten, 2)
        self.end(winner, reason)
        return True

    def decided(self) -> bool:
        """Would the next win check end the game (at most one side has a hero standing)?"""
        return len({self.team[s] for s in range(len(self.players)) if not self.hero_defeated(s)}) <= 1

    def _set_place(self, teams: set, place: int) -> None:
        for s, p in enumerate(self.players):
            if p.team in teams and self.places[s] is None:
                self.places[s] = place
                self.out[s] = True
                if self.out_turn[s] is None:
                    self.out_turn[s] = self.turn

    def _defeat_reason(self, teams: set) -> str:
        for s, p in enumerate(self.players):
            if p.team in teams and self.defeat_cause[s]:
                return self.defeat_cause[s]
        return EFFECT_DAMAGE

    def end(self, winner: int | None, reason: str) -> None:
        """The game is over: ``winner`` is the winning side (None: no winner, e.g. the turn
        limit). Players not yet placed are first if on the winning side; with no winner, every
        player still in shares first place (and none of them won)."""
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self.pending = None
        self.stack.clear()
        for s, p in enumerate(self.players):
            if self.places[s] is None and (winner is None or p.team == winner):
                self.places[s] = 1
        rest = [s for s in range(len(self.players)) if self.places[s] is None]
        for s in rest:
            self.places[s] = 2
        self.log("game_end", winner, detail=reason)

    def won(self, seat: int) -> bool:
        return self.over and self.winner is not None and self.team[seat] == self.winner

    # ------------------------------------------------------------------ card values in combat
    @cython.locals(c=Combat, d=CardDef, r=cython.Py_ssize_t, k=cython.Py_ssize_t, seat=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def combat_value(self, role: int, bonuses: bool = True) -> int:
        """The current value of a combat card: printed value, then every change in the order it
        was applied ("set" replaces, "add" adds, "sub" subtracts but never below 0), floored at
        0. Ignored values count 0; a locked value (Three Wishes) cannot be changed at all.
        ``bonuses=False`` leaves out the attacker's standing bonuses (abilities, turn effects):
        the card's own value, which "swap the values" trades."""
        c = self.combat
        r = role                # (C integers for the indexes: see _pile_moved)
        cid = c.cards[r]
        if cid is None or c.ignored[r]:
            return 0
        seat = c.players[r]
        lock = self.players[seat].value_lock
        if lock is not None:
            return lock
        k = cid
        d = self.card_defs[k]
        v = d.value or 0
        for kind, n in c.mods[r]:
            if kind == "add":
                v += n
            elif kind == "sub":
                v = max(0, v - n)
            else:
                v = n
        if role == ATTACKER and bonuses:
            if seat in self.handlers["attack_bonus"]:
                v += self.players[seat].ability.attack_bonus(self, c)
            bonus = self.turn_flags.get("attack_bonus")   # ("turn_attack_bonus" effects: Toil)
            if bonus:
                name = self.fighters[c.fighters[ATTACKER]].defn.name
                total = 0
                for s, who, n in bonus:
                    if s == seat and (who is None or who == name):
                        total += n
                v += total
        if bonuses and (self.handlers["combat_value"] or self.lasting):
            v = self.modify("combat_value", v, c, role)
        return max(0, v)


class Game(_GameCore):
    """A game in progress: the board, the players, the fighters and the cards, the pending
    decision, and the event log (the fields and methods are ``_GameCore``'s)."""


@cython.cfunc
@cython.locals(d=Decision)
def _pose(g: _GameCore, player, kind, options, resume, args: tuple, info: dict):
    """``ask``'s work, its extra arguments and keywords given as a tuple and a dictionary."""
    if not options:
        raise RuntimeError(f"decision {kind} for player {player} has no options")
    if len(options) == 1:
        _call_resume(resume, g, args, options[0])
        return
    # (``Decision(...)``'s fields set here, compiled as C stores: the call parsed six arguments
    # through the type's Python ``__init__``, ~300 instructions a decision)
    d = Decision.__new__(Decision)
    d.player, d.kind, d.options = player, kind, tuple(options)
    d.resume, d.args, d.info = resume, args, info
    g.pending = d


@cython.cfunc
def _ask(g: _GameCore, player, kind, options, resume, args: tuple, info: dict):
    """``g.ask(player, kind, options, resume, *args, **info)`` from the engine's own steps, as a
    C call: ``ask`` takes ``*args`` and keywords, so a call to it builds an argument tuple and
    a keyword dictionary and parses them (~100 decisions a greedy game). Where the game's class
    has its own ``ask`` (a subclass's, or a test's that lists the decisions asked), that one is
    called, as before (``_GameCore._own_ask``, set when the game is made)."""
    if g._own_ask:
        g.ask(player, kind, options, resume, *args, **info)
        return
    _pose(g, player, kind, options, resume, args, info)


# A step's call, ``fn(g, *args)``, as a call with its arguments listed: compiled, that passes
# them to the function directly, where ``*args`` would first build a new tuple ``(g,) + args``
# and call through it (~290 steps and ~80 answers a greedy game). Most steps take at most four
# arguments (the general call for the rest).
@cython.cfunc
@cython.locals(t=tuple, n=cython.Py_ssize_t)
@cython.annotation_typing(False)
def _call_step(fn, g, args):
    if type(args) is not tuple:
        return fn(g, *args)
    t = args
    n = len(t)
    if n == 0:
        return fn(g)
    if n == 1:
        return fn(g, t[0])
    if n == 2:
        return fn(g, t[0], t[1])
    if n == 3:
        return fn(g, t[0], t[1], t[2])
    if n == 4:
        return fn(g, t[0], t[1], t[2], t[3])
    return fn(g, *t)


# A decision's continuation, ``resume(g, *args, choice)``, likewise with its arguments listed:
# no tuple ``args + (choice,)`` made and freed per answer. The longest continuation the
# engine asks with takes six arguments before the choice (``_moved``).
@cython.cfunc
@cython.locals(n=cython.Py_ssize_t)
def _call_resume(fn, g, args: tuple, choice):
    n = len(args)
    if n == 0:
        return fn(g, choice)
    if n == 1:
        return fn(g, args[0], choice)
    if n == 2:
        return fn(g, args[0], args[1], choice)
    if n == 3:
        return fn(g, args[0], args[1], args[2], choice)
    if n == 4:
        return fn(g, args[0], args[1], args[2], args[3], choice)
    if n == 6:
        return fn(g, args[0], args[1], args[2], args[3], args[4], args[5], choice)
    return fn(g, *args, choice)


# The steps a turn's machinery pushes for a seat are the same at every turn: tuples of a step
# function and the seat, which nothing changes. Each kind is made once per seat and kept
# (``_kept_steps``), where building them afresh made and freed ~800 tuples a tuned game.
@cython.cfunc
@cython.locals(s=cython.Py_ssize_t)
def _kept_steps(made: list, make, seat):
    """``make(seat)``, made at the seat's first turn and kept in ``made`` (indexed by seat)."""
    s = seat
    while len(made) <= s:
        made.append(make(len(made)))
    return made[s]


def _copy_rng(r: random.Random) -> random.Random:
    n = random.Random.__new__(random.Random)
    n.setstate(r.getstate())
    return n


def _opponent_chosen(g: _GameCore, ops: tuple, ctx: Ctx, foe: int) -> None:
    if ctx.card >= 0:   # what else the card does afterwards (Loki's TRICK going over) reads it
        g.turn_flags[("opponent_chosen", ctx.card)] = foe
    g.log("opponent_chosen", ctx.player, card=ctx.card if ctx.card >= 0 else None,
          target=g.players[foe].fighters[0])
    g.run_effects(ops, ctx._replace(opponent=foe))


def _boost_card_done(g: _GameCore, cid: int) -> None:
    g.put_in_discard(cid, BOOST_DISCARD)


# ====================================================================== setup and turns
def _setup(g: _GameCore) -> None:
    for seat, p in enumerate(g.players):
        shuffle_deck(g.rngs[seat], p.deck)
        g.log("setup", seat, detail=f"hero={p.hero.id}")
        for _ in range(STARTING_HAND):
            p.hand.append(p.deck.pop())
    # Seat i places its hero on starting space i + 1 (teams: A1, B1, A2, B2) and the player on
    # space 1 takes the first turn. Every hero is placed before any sidekick, so a sidekick
    # never takes a later player's starting space.
    seats = range(len(g.players))
    for seat in seats:
        hero = g.players[seat].fighters[0]
        g.place(hero, g.board.starts[g.format.start_number(seat)])
    steps = []
    for seat in seats:
        p = g.players[seat]
        for fi in p.fighters[1:]:
            if g.fighters[fi].defn.starts_on_board:
                steps.append((_ask_sidekick_start, (seat, fi)))
        steps.append((_ability_setup, (seat,)))
    steps.append((_begin_turn, ()))
    g.push_steps(tuple(steps))


@cython.locals(i=cython.Py_ssize_t, n=cython.Py_ssize_t, k=cython.Py_ssize_t, m=cython.Py_ssize_t,
               r=cython.Py_ssize_t)
def shuffle_deck(rng: random.Random, deck: list) -> None:
    """``rng.shuffle(deck)``: the same draws and the same order. ``random.Random.shuffle`` is
    Python code (~70,000 instructions for a deck of 30, two a game); its loop runs here in C:
    from the last card down, the card swapped with card ``i`` is ``_randbelow(i + 1)``, i.e.
    ``getrandbits`` of ``i + 1``'s bit length drawn until below ``i + 1``. A generator of
    another class (one that draws its own way) shuffles by its own method."""
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return
    getrandbits = rng.getrandbits
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        k = 0              # n.bit_length()
        m = n
        while m:
            k += 1
            m >>= 1
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        deck[i], deck[r] = deck[r], deck[i]


def _ability_setup(g: _GameCore, seat: int) -> None:
    if seat in g.handlers["setup"]:
        g.players[seat].ability.setup(g, seat)


def _needs_opponent(ops) -> bool:
    """Does any of ``ops`` act on "your opponent" as a player (``run_effects``; a function, not
    a generator: ``run_effects`` is a cpdef method, and Cython allows no closure there)?"""
    for op in ops:
        if op.needs_opponent:
            return True
    return False


@cython.cfunc
@cython.locals(defs=list, out=list, c=cython.Py_ssize_t)
def _hand_defs(g: _GameCore, hand: list) -> list:
    """The definitions of the cards in ``hand`` (card ids: read from the game's list by C index)."""
    defs = g.card_defs
    out = []
    for c in hand:
        out.append(defs[c])
    return out


@cython.cfunc
@cython.locals(F=list, f=Fighter, out=list, p=Player, i=cython.Py_ssize_t)
def _on_board_of(g: _GameCore, seats: tuple) -> list:
    """The fighters on the board of the players ``seats``, in seat order (a foe relation's or
    a friend relation's seats: ``opponents_on_board``, ``friendly_on_board``)."""
    F = g.fighters
    out = []
    for t in seats:
        p = g.players[t]
        for i in p.fighters:
            f = F[i]
            if f.on_board:
                out.append(i)
    return out


def _ask_sidekick_start(g: _GameCore, seat: int, fi: int) -> None:
    """Sidekicks start on separate spaces in (any of) the hero's zones; anywhere if none is free."""
    hero_space = g.hero_of(seat).space
    zm = g.board.zone_mask
    options = [s for s in g.empty_spaces() if zm[s] & zm[hero_space]] or g.empty_spaces()
    g.ask(seat, "sidekick_start", options, _sidekick_placed, fi, fighter=fi)


def _sidekick_placed(g: _GameCore, fi: int, space: int) -> None:
    g.place(fi, space)


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


def _begin_turn(g: _GameCore) -> None:
    if g.check_win():
        return
    if g.turn >= g.max_turns:
        g.end(None, "turn_limit")
        return
    g.turn += 1
    seat = g.active
    g.turns_taken[seat] += 1
    if g.lasting:
        g.end_lasting("next_turn", seat)
    # Where every fighter started the turn ("if your fighter started this turn in a different
    # space": Game.started_turn_on).
    g._changes.n += 1
    g.turn_flags = WatchedDict(g._changes, {"start_spaces": _start_spaces(g)})
    g.players[seat].actions = ACTIONS_PER_TURN
    g.log("turn_start", seat)
    g.push_steps(_kept_steps(_TURN_STEPS, _turn_steps, seat))


@cython.cfunc
@cython.locals(f=Fighter, out=list)
def _start_spaces(g: _GameCore) -> tuple:
    """Each fighter's space, NO_SPACE if off the board (a loop over typed fighters: a generator
    reads each fighter's fields as Python attributes)."""
    out = []
    for f in g.fighters:
        out.append(f.space if f.on_board else NO_SPACE)
    return tuple(out)


def _start_of_turn(g: _GameCore, seat: int) -> None:
    if seat in g.handlers["start_of_turn"]:
        g.players[seat].ability.start_of_turn(g, seat)


@cython.locals(p=Player, s=cython.Py_ssize_t)
def _next_action(g: _GameCore, seat: int) -> None:
    s = seat                    # (a C index: see _GameCore._pile_moved)
    if g.check_win() or g.out[s]:
        return
    p = g.players[s]
    if p.actions <= 0:
        return
    options = ["maneuver"]
    if g.can_scheme_now(seat):
        options.append("scheme")
    if g.can_attack_now(seat):
        options.append("attack")
    _ask(g, seat, "action", options, _take_action, (seat,), {})


@cython.locals(p=Player, s=cython.Py_ssize_t)
def _take_action(g: _GameCore, seat: int, action: str) -> None:
    s = seat                    # (a C index: see _GameCore._pile_moved)
    p = g.players[s]
    p.actions -= 1
    g.log("action", seat, None, None, None, None, None, None, action)
    g.push_steps(_kept_steps(_ACTION_STEPS[action], _ACTION_MAKERS[action], seat))


def _end_of_turn(g: _GameCore, seat: int) -> None:
    if g.check_win():
        return
    if g.out[seat]:   # eliminated during their own turn: the turn just passes
        g.push_steps(_kept_steps(_PASS_STEPS, _pass_steps, seat))
        return
    g.push_steps(_kept_steps(_END_STEPS, _end_steps, seat))


def _end_of_turn_effects(g: _GameCore, seat: int) -> None:
    # A mark of the turn's end in the position: the abilities' end-of-turn changes need not
    # log an event (Pandora shuffles her box of miseries), and a policy keeps what it worked
    # out for one decision while the view's state_version, which counts the turn's flags,
    # stays the same.
    g.turn_flags["ending"] = True
    if g.board.conveyors:
        # Its own step, scheduled under the ability's: the belt runs once everything the
        # ability's end of turn asks or pushes has resolved (then the hand limit).
        g.push_one((run_conveyors, ()))
    if seat in g.handlers["end_of_turn"]:
        g.players[seat].ability.end_of_turn(g, seat)


@cython.locals(p=Player)
def _hand_limit(g: _GameCore, seat: int) -> None:
    p = g.players[seat]
    if len(p.hand) > HAND_LIMIT:
        _ask(g, seat, "hand_limit_discard", list(p.hand), _hand_limit_discarded, (seat,),
             {"excess": len(p.hand) - HAND_LIMIT})


def _hand_limit_discarded(g: _GameCore, seat: int, cid: int) -> None:
    g.discard_from_hand(seat, cid, HAND_LIMIT_DISCARD)
    g.push_one((_hand_limit, (seat,)))


def _pass_turn(g: _GameCore, seat: int) -> None:
    g.players[seat].value_lock = None
    if g.lasting:
        g.end_lasting("turn")
    if g.check_win():
        return
    g.log("turn_end", seat)
    g.active = g.next_seat(seat)
    g.push_one(_BEGIN_TURN)


# ====================================================================== maneuver
@cython.locals(p=Player)
def _maneuver(g: _GameCore, seat: int) -> None:
    # The turn has a maneuver from its first step, the draw (set here rather than once the
    # BOOST is chosen: the BOOST decision and the move's decisions then see the same position,
    # and a policy keeps its work from one to the next; nothing reads it in between).
    g.turn_flags["maneuvered"] = True
    g.draw(seat, g.modify("maneuver_draws", 1, seat) if g.handlers["maneuver_draws"] else 1)
    p = g.players[seat]
    options = [None] + [c for c in p.hand if g.can_boost_with(seat, c)]
    _ask(g, seat, "maneuver_boost", options, _maneuver_boost_chosen, (seat,), {})


def _maneuver_boost_chosen(g: _GameCore, seat: int, cid: int | None) -> None:
    if cid is None:
        g.push_steps(_kept_steps(_UNBOOSTED_MOVES, _unboosted_moves, seat))
    else:
        # The move phase must be scheduled before the boost so that a BOOST bonus resolves
        # first. The bonus may change the move value (Loki), so the phase reads it when it starts.
        g.push_one((_move_phase_boosted, (seat, cid)))
        added = g.boost(seat, cid, "maneuver")
        g.turn_flags["maneuver_boost"] = added
    if g.handlers["before_moves"]:
        # The moment after the draw and the BOOST, before any fighter moves (Glamour of Love):
        # handlers push steps, which run before the move phase.
        g.modify("before_moves", None, seat)


def _move_phase_boosted(g: _GameCore, seat: int, cid: int) -> None:
    g.push_one((_move_phase, (seat, g.turn_flags.get("maneuver_boost", 0), True, ())))


def _move_phase(g: _GameCore, seat: int, bonus: int, boosted: bool, moved: tuple) -> None:
    """Each fighter may move up to the move value, one at a time, in the player's order."""
    movable = [fi for fi in g.on_board(seat) if fi not in moved]
    if not movable:
        return
    if len(movable) == 1 and not moved:
        _move_one(g, seat, bonus, boosted, moved, movable[0])
        return
    _ask(g, seat, "move_order", movable + [None], _move_one, (seat, bonus, boosted, moved), {})


@cython.locals(f=Fighter, i=cython.Py_ssize_t)
def _move_one(g: _GameCore, seat: int, bonus: int, boosted: bool, moved: tuple, fi: int | None) -> None:
    if fi is None:
        return
    i = fi                      # (a C index: see _GameCore._pile_moved)
    f = g.fighters[i]
    steps = (f.defn.move if f.defn.move is not None else g.move_value(seat)) + bonus
    options = g.reachable(fi, steps)
    placed_only = ()
    placeable = (g.players[seat].ability.maneuver_place_options(g, seat, fi, boosted)
                 if seat in g.handlers["maneuver_place_options"] else None)
    if placeable:
        # Escape Artist: placing instead of moving. Where both are possible the outcome is the
        # same space, so it is offered once (logged as a move).
        have = set(options)
        placed_only = tuple([s for s in placeable if s not in have])
        options = options + list(placed_only)
    _ask(g, seat, "move_destination", options, _moved, (seat, bonus, boosted, moved, fi, placed_only),
         {"fighter": fi, "steps": steps})


@cython.locals(f=Fighter)
def _moved(g: _GameCore, seat: int, bonus: int, boosted: bool, moved: tuple, fi: int,
           placed_only: tuple, dest: int) -> None:
    """The fighter goes to ``dest``: placed there if it was offered only as a placement
    (``placed_only``: not reachable by moving when the options were made, in this same
    position), else moved."""
    f = g.fighters[fi]
    if dest != f.space:
        if dest in placed_only:
            g.place(fi, dest)
        else:
            g.move_to(fi, dest)
    g.push_one((_move_phase, (seat, bonus, boosted, moved + (fi,))))


# ====================================================================== scheme
def _scheme(g: _GameCore, seat: int) -> None:
    _ask(g, seat, "scheme_card", g.scheme_options(seat), _scheme_chosen, (seat,), {})


def _scheme_chosen(g: _GameCore, seat: int, option: tuple[int, int]) -> None:
    cid, fi = option
    g.take_from_hand(seat, cid)
    g.play_area_add(cid)
    g.log("scheme", seat, fi, cid)
    g.card_played(cid, seat, SCHEME_ROLE)
    ctx = new_ctx(seat, cid, SCHEME_ROLE, fi)
    g.push_steps(((_scheme_effects, (ctx,)), (_finish_scheme, (cid, seat))))


def _scheme_effects(g: _GameCore, ctx: Ctx) -> None:
    g.run_effects(g.card(ctx.card).effects.get(EFFECT, ()), ctx)


def _finish_scheme(g: _GameCore, cid: int, seat: int) -> None:
    g.finish_played_card(cid, seat)


# ====================================================================== attack
def _attack(g: _GameCore, seat: int) -> None:
    _ask(g, seat, "attack_target", g.attack_options(seat), _attack_declared, (seat,), {})


@cython.locals(c=Combat, f=Fighter, tf=Fighter, d=CardDef, cid=cython.Py_ssize_t, p=Player,
               i=cython.Py_ssize_t, t=cython.Py_ssize_t, s=cython.Py_ssize_t)
def _attack_declared(g: _GameCore, seat: int, option: tuple[int, int]) -> None:
    fi, target = option
    i, t, s = fi, target, seat  # (C indexes: see _GameCore._pile_moved)
    tf = g.fighters[t]
    c = Combat(seat, fi, target, tf.owner)
    c.ranged = not g.adjacent(fi, target)
    g.combat = c
    g.log("attack", seat, fi, None, target, None, None, None, "ranged" if c.ranged else "melee")
    f = g.fighters[i]
    name = f.defn.name
    cards = g.card_defs
    options = []
    p = g.players[s]
    for cid in p.hand:
        d = cards[cid]
        if d.can_attack and (d.users is None or name in d.users):     # (d.usable_by(name))
            options.append(cid)
    _ask(g, seat, "attack_card", options, _attack_card_chosen, (seat,), {"fighter": fi, "target": target})


def _attack_card_chosen(g: _GameCore, seat: int, cid: int) -> None:
    dseat = g.combat.players[_DEF]
    if g.known_to(dseat, seat, cid):   # the defender saw it in the hand: still "known" to
        g.combat.extra["known_face_down"] = cid   # be in hand or face down (see PlayerView)
    g.take_from_hand(seat, cid)
    g.play_area_add(cid)
    g.combat.cards[_ATT] = cid
    if g.handlers["before_defense"]:
        # The window before the defender chooses (Titania's glamours): handlers push steps.
        g.push_one((_ask_defense, ()))
        g.modify("before_defense", None, g.combat)
        return
    _ask_defense(g)


@cython.locals(c=Combat, f=Fighter, d=CardDef, cid=cython.Py_ssize_t)
def _ask_defense(g: _GameCore) -> None:
    c = g.combat
    defender = c.fighters[_DEF]
    dseat = c.players[_DEF]
    f = g.fighters[defender]
    name = f.defn.name
    cards = g.card_defs
    options = [None]
    for cid in g.players[dseat].hand:
        d = cards[cid]
        if d.can_defend and (d.users is None or name in d.users):     # (d.usable_by(name))
            options.append(cid)
    # The defender chooses without seeing the attack card: nothing about it is in the info.
    _ask(g, dseat, "defense_card", options, _defense_chosen, (dseat,),
         {"fighter": defender, "attacker": c.fighters[_ATT]})


@cython.locals(c=Combat, role=cython.Py_ssize_t)
def _defense_chosen(g: _GameCore, dseat: int, cid: int | None) -> None:
    c = g.combat
    if cid is not None:
        g.take_from_hand(dseat, cid)
        g.play_area_add(cid)
        c.cards[_DEF] = cid
    c.revealed = True
    # (``log``'s arguments by position, a C call: see ``_GameCore.log``)
    g.log("reveal", c.players[_ATT], c.fighters[_ATT], c.cards[_ATT], None,
          g.card(c.cards[_ATT]).value, None, None, "attack")
    if cid is not None:
        g.log("reveal", dseat, c.fighters[_DEF], cid, None, g.card(cid).value, None, None, "defense")
    else:
        g.log("no_defense", dseat, c.fighters[_DEF])
    for role in (_DEF, _ATT):
        if c.cards[role] is not None:
            g.card_played(c.cards[role], c.players[role], role)
    g.push_steps(_COMBAT_STEPS)


@cython.locals(c=Combat, d=CardDef, role=cython.Py_ssize_t, k=cython.Py_ssize_t)
def _combat_window(g: _GameCore, timing: str) -> None:
    """Effects of one timing on both combat cards: the defender's first, then the attacker's.

    Cards are read when the window opens, so a card swapped in earlier (Sleight of Hand)
    resolves its own effects. Cancellation is checked as each effect starts."""
    c = g.combat
    steps = []
    for role in (_DEF, _ATT):
        cid = c.cards[role]
        if cid is None:
            continue
        k = cid                 # (a C index: see _GameCore._pile_moved)
        d = g.card_defs[k]
        ops = d.effects.get(timing)
        if ops:
            step_args = (new_ctx(c.players[role], cid, role, c.fighters[role]),)
            for op in ops:
                steps.append((op.start, step_args))
    if g.handlers["combat_step"]:
        # Abilities acting at this timing (Jill Trent's gadgets) push their steps first, so
        # they resolve after the cards' effects ("card effects before hero abilities").
        g.modify("combat_step", None, c, timing)
    g.push_steps(tuple(steps))


@cython.locals(c=Combat, winner=cython.Py_ssize_t)
def _combat_damage(g: _GameCore) -> None:
    c = g.combat
    attack = g.combat_value(ATTACKER)
    defense = g.combat_value(DEFENDER) if c.cards[_DEF] is not None else 0
    dmg = max(0, attack - defense)
    defender = c.fighters[_DEF]
    dealt = g.damage(defender, dmg, COMBAT, c.cards[_ATT], c.fighters[_ATT]) if dmg else 0
    c.damage = dealt
    c.resolved = True
    winner = _ATT if dealt >= 1 else _DEF
    g.log("combat_result", c.players[winner], c.fighters[winner], None, None, dealt, None, None,
          f"{attack}-{defense}")
    if winner == _ATT:
        g.turn_flags["won_combat"] = True
    # Who won, attacker or defender ("if you already won a combat this turn").
    g.turn_flags[("won_combat", c.players[winner])] = True
    owner = g.fighters[defender].owner
    if dealt and owner in g.handlers["on_combat_damage"]:
        g.players[owner].ability.on_combat_damage(g, defender, dealt)


@cython.locals(c=Combat, role=cython.Py_ssize_t)
def _after_combat_abilities(g: _GameCore) -> None:
    c = g.combat
    if g.turn_flags.get("turn_ended"):
        return
    for role in (_DEF, _ATT):
        seat = c.players[role]
        if seat in g.handlers["after_combat"]:
            g.players[seat].ability.after_combat(g, seat, role)


@cython.locals(c=Combat, role=cython.Py_ssize_t)
def _combat_cleanup(g: _GameCore) -> None:
    """The played cards are discarded: the abilities' own cards first (King Arthur's face-down
    BOOST), then the defense card, then the attack card. Always, even when an effect ended the
    turn."""
    c = g.combat
    for role in (_DEF, _ATT):
        seat = c.players[role]
        if seat in g.handlers["combat_cleanup"]:
            g.players[seat].ability.combat_cleanup(g, seat, role)
    for role in (_DEF, _ATT):
        cid = c.cards[role]
        if cid is not None and cid in g.in_play:
            g.finish_played_card(cid, c.players[role])


def _after_attacking(g: _GameCore) -> None:
    seat = g.combat.players[_ATT]
    g.combat = None
    if g.lasting:
        g.end_lasting("combat")
    if g.turn_flags.get("turn_ended"):
        return
    if seat in g.handlers["after_attacking"]:
        g.players[seat].ability.after_attacking(g, seat)


ACTIONS = {"maneuver": _maneuver, "scheme": _scheme, "attack": _attack}


# ---------------------------------------------------------------------- the steps kept
# (see ``_kept_steps``: each list holds, per seat, the steps that make pushes)
def _turn_steps(seat: int) -> tuple:
    return ((_start_of_turn, (seat,)), (_next_action, (seat,)), (_end_of_turn, (seat,)))


def _end_steps(seat: int) -> tuple:
    return ((_end_of_turn_effects, (seat,)), (_hand_limit, (seat,)), (_pass_turn, (seat,)))


def _pass_steps(seat: int) -> tuple:
    return ((_pass_turn, (seat,)),)


def _unboosted_moves(seat: int) -> tuple:
    return ((_move_phase, (seat, 0, False, ())),)


def _action_steps(action: str):
    """The steps of ``action`` for a seat: the action, then the next one. (The win check at
    the end of an action is the next action's first: nothing runs between the two, and the
    check changes nothing when it finds no side beaten. A step of its own for it cost ~550
    instructions an action.)"""
    def make(seat: int) -> tuple:
        return ((ACTIONS[action], (seat,)), (_next_action, (seat,)))
    return make


_TURN_STEPS: list = []
_END_STEPS: list = []
_PASS_STEPS: list = []
_UNBOOSTED_MOVES: list = []
_ACTION_MAKERS = {action: _action_steps(action) for action in ACTIONS}
_ACTION_STEPS: dict[str, list] = {action: [] for action in ACTIONS}
_BEGIN_TURN = (_begin_turn, ())
# A combat's steps once both cards are chosen (the same for every combat).
_COMBAT_STEPS = ((_combat_window, (IMMEDIATELY,)), (_combat_window, (DURING,)), (_combat_damage, ()),
                 (_combat_window, (AFTER,)), (_after_combat_abilities, ()), (_combat_cleanup, ()),
                 (_after_attacking, ()))
