"""The mutable pieces of a game, kept small and flat so a whole game copies in microseconds.

Rules for anything stored here: fighters, cards and spaces are plain ints; containers are
lists (copied on clone) or tuples/frozensets (shared). Hero resources in ``Player.res`` must be
immutable values (ints, strings, tuples) so a shallow dict copy is a true copy.

A game's state version (``Game.state_version``) is a ``StateVersion`` the game shares with its
``WatchedDict``s (the turn's flags, each player's resources): every write to one of them moves
it, so code that keeps what it worked out from the position (the AI's memos, the engine's kept
move rules) sees such a change with nobody telling it.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

try:
    import cython
except ImportError:       # pure Python without Cython installed: the declarations are no-ops
    from unmatched_sim import _cython_shim as cython

from unmatched_sim.model import CardDef, FighterDef

ATTACKER, DEFENDER, SCHEME_ROLE, OTHER_ROLE = 0, 1, 2, 3


def other_role(role: int) -> int:
    """The other side of a combat: the defender's for the attacker, and the reverse."""
    return DEFENDER if role == ATTACKER else ATTACKER

NO_SPACE = -1
EVENT_FIELDS = 12      # values per event in Game.raw_events (see Game.log)


@cython.cclass
class StateVersion:
    """A game's state version: a count of the changes of its position (see the module's text)."""

    __slots__ = ("n",)

    def __init__(self, n: int = 0):
        self.n = n

    def __repr__(self) -> str:
        return f"<StateVersion {self.n}>"


@cython.cclass
class WatchedDict(dict):
    """A dict whose every write moves the state version it was given (the turn's flags and each
    player's resources, written by the engine, the vocabulary and the heroes' code alike).
    Compiled, an extension type: a write is a C call, not a Python method's."""

    __slots__ = ("version",)

    def __init__(self, version: StateVersion | None = None, items=()):
        dict.__init__(self, items)
        self.version = version if version is not None else StateVersion()

    @cython.cfunc
    @cython.inline
    def _changed(self):
        self.version.n += 1

    def __setitem__(self, key, value) -> None:
        self._changed()
        if cython.compiled:         # (the dict's own store, in C: no look-up of dict.__setitem__)
            PyDict_SetItem(self, key, value)
        else:
            dict.__setitem__(self, key, value)

    def __delitem__(self, key) -> None:
        self._changed()
        if cython.compiled:
            PyDict_DelItem(self, key)
        else:
            dict.__delitem__(self, key)

    def __ior__(self, other):
        self._changed()
        dict.update(self, other)
        return self

    def pop(self, *args):
        self._changed()
        return dict.pop(self, *args)

    def popitem(self):
        self._changed()
        return dict.popitem(self)

    def setdefault(self, key, default=None):
        self._changed()
        return dict.setdefault(self, key, default)

    def update(self, *args, **kwargs) -> None:
        self._changed()
        dict.update(self, *args, **kwargs)

    def clear(self) -> None:
        self._changed()
        dict.clear(self)

    def __reduce__(self):
        return (WatchedDict, (None, dict(self)))


@cython.cclass
class Fighter:
    __slots__ = ("idx", "owner", "name", "defn", "is_hero", "health", "max_health", "space", "alive",
                 "on_board")

    def __init__(self, idx: int, owner: int, name: str, defn: FighterDef):
        self.idx, self.owner, self.name, self.defn = idx, owner, name, defn
        self.is_hero = defn.is_hero
        self.health = self.max_health = defn.health
        self.space = NO_SPACE
        self.alive = True       # False once defeated
        self.on_board = False   # summonable sidekicks start off the board

    def copy(self) -> "Fighter":
        f: Fighter = Fighter.__new__(Fighter)     # (typed: compiled, its fields are set in C, not by setattr)
        f.idx, f.owner, f.name, f.defn, f.is_hero = self.idx, self.owner, self.name, self.defn, self.is_hero
        f.health, f.max_health, f.space, f.alive, f.on_board = (
            self.health, self.max_health, self.space, self.alive, self.on_board)
        return f

    def __repr__(self) -> str:
        state = f"{self.health}/{self.max_health}" if self.alive else "defeated"
        return f"<{self.name} {state} @{self.space}>"


@cython.cclass
class Player:
    __slots__ = ("seat", "team", "hero", "ability", "fighters", "hand", "deck", "discard", "actions",
                 "value_lock", "res", "known_hand", "seen_by", "deck_top_known", "top_known_by")

    def __init__(self, seat: int, hero, ability, team: int | None = None,
                 version: StateVersion | None = None):
        self.seat, self.hero, self.ability = seat, hero, ability
        self.team = seat if team is None else team
        self.fighters: list[int] = []
        self.hand: list[int] = []
        self.deck: list[int] = []      # top of deck = end of list
        self.discard: list[int] = []
        self.actions = 0
        self.value_lock: int | None = None  # "your cards' values are N and cannot be changed"
        # hero resources (doubloons, miseries...), immutable values; each write moves the game's version
        self.res: dict[str, Any] = WatchedDict(version)
        # What others know of this hand: ``known_hand`` holds cards every other player has seen
        # (they came from a face-up place or were revealed); ``seen_by[observer]`` the cards one
        # player alone has looked at (e.g. the Genie looking at a hand). See Game.known_to.
        self.known_hand: frozenset[int] = frozenset()
        self.seen_by: dict[int, frozenset[int]] = {}
        self.deck_top_known = 0            # how many top cards of the deck this player knows
        self.top_known_by: dict[int, int] = {}   # other player -> top cards of this deck they know

    def copy(self, version: StateVersion | None = None) -> "Player":
        """A copy for a clone of the game, whose resources count in ``version`` (the clone's;
        None: this player's game's)."""
        p: Player = Player.__new__(Player)     # (typed: compiled, its fields are set in C, not by setattr)
        p.seat, p.team, p.hero, p.ability, p.fighters = self.seat, self.team, self.hero, self.ability, self.fighters
        p.hand, p.deck, p.discard = self.hand[:], self.deck[:], self.discard[:]
        p.actions, p.value_lock = self.actions, self.value_lock
        p.res = WatchedDict(version if version is not None else self.res.version, self.res)
        p.known_hand, p.deck_top_known = self.known_hand, self.deck_top_known
        p.seen_by = dict(self.seen_by) if self.seen_by else {}
        p.top_known_by = self.top_known_by   # replaced, never changed in place (Game.put_deck_top)
        return p


@cython.cclass
class Combat:
    """Everything about the attack in progress. Index 0 = attacker's side, 1 = defender's."""

    __slots__ = ("players", "fighters", "cards", "mods", "ignored", "cancelled", "boosted_with",
                 "damage", "resolved", "ranged", "revealed", "immediate", "extra")

    def __init__(self, attacker_player: int, attacker: int, defender: int, defender_player: int):
        self.players = [attacker_player, defender_player]
        self.fighters = [attacker, defender]
        self.cards: list[int | None] = [None, None]
        self.mods: list[list[tuple[str, int]]] = [[], []]  # ("add", n) / ("set", n), in order applied
        self.ignored = [False, False]
        self.cancelled = [False, False]
        self.boosted_with: list[list[int]] = [[], []]
        self.damage = 0          # combat damage dealt by the attack itself
        self.resolved = False    # combat damage step done: "won/lost" is known
        self.ranged = False
        self.revealed = False    # both cards face up (the defender chooses before this)
        # Cards whose "Immediately" effects have resolved or are queued in this combat: a card
        # swapped back in (Do My Bidding, Looking for Trouble, Sleight of Hand) does not resolve
        # them again, so two such cards cannot send each other back forever.
        self.immediate: list[int] = []
        self.extra: dict[str, Any] = {}

    def copy(self) -> "Combat":
        c: Combat = Combat.__new__(Combat)     # (typed: compiled, its fields are set in C, not by setattr)
        c.players, c.fighters, c.cards = self.players[:], self.fighters[:], self.cards[:]
        c.mods = [self.mods[0][:], self.mods[1][:]]
        c.ignored, c.cancelled = self.ignored[:], self.cancelled[:]
        c.boosted_with = [self.boosted_with[0][:], self.boosted_with[1][:]]
        c.damage, c.resolved, c.ranged, c.revealed = self.damage, self.resolved, self.ranged, self.revealed
        c.immediate = self.immediate[:]
        c.extra = dict(self.extra)
        return c

    def role_of(self, player: int) -> int:
        return ATTACKER if self.players[ATTACKER] == player else DEFENDER

    def opposing(self, role: int) -> int:
        """The player on the other side of the combat from ``role``."""
        return self.players[other_role(role)]

    def other_player(self, player: int) -> int:
        """The other player in the combat (``player`` is the attacker's or the defender's)."""
        return self.opposing(self.role_of(player))

    def won(self, role: int) -> bool:
        """The attacker wins by dealing at least 1 combat damage; otherwise the defender wins."""
        return (self.damage >= 1) if role == ATTACKER else (self.damage == 0)


class Ctx(NamedTuple):
    """Who is resolving an effect: the player, the card it is printed on and in which role."""

    player: int
    card: int            # card id, or -1 for effects not printed on a card (abilities, miseries)
    role: int            # ATTACKER / DEFENDER in combat, SCHEME_ROLE, or OTHER_ROLE
    fighter: int         # the fighter resolving it (for combat cards: looked up live, see Game.ctx_fighter)
    # "Your opponent" outside a combat, once chosen (several foes: see Game.run_effects); -1:
    # not chosen. In a combat it is always the other player in the combat (Game.opponent_of).
    opponent: int = -1
    # Effects that cannot be cancelled whatever their card (a line's completion effect): no
    # cancel, and no "end the turn", stops them.
    uncancelable: bool = False
    # What the effect belongs to when it is not an action card's own: a damage source kind
    # (``engine.combat``: ABILITY, SPELL, MISERY, BOARD...) and the name it goes by (a spell's,
    # a misery's; None: nothing but the kind). "": the card's (``card``), see ``damage_source``.
    source: str = ""
    source_name: object = None


# ``Ctx(...)`` runs the named tuple's ``__new__``, a Python function (~2,000 instructions called
# from compiled code); the engine makes the contexts of every card it resolves with
# ``new_ctx``: the same tuple, made in C, the fields not given at their defaults.
_CTX_DEFAULTS = tuple([Ctx._field_defaults[name] for name in Ctx._fields[4:]])
_TUPLE_NEW = tuple.__new__     # (bound once: ``tuple.__new__`` in the body is a method look-up)
_CTX_OPPONENT, _CTX_UNCANCELABLE, _CTX_SOURCE, _CTX_SOURCE_NAME = _CTX_DEFAULTS


# Compiled, the engine calls ``new_ctx`` in C (``state.pxd``) and the tuple is made as
# ``tuple.__new__`` makes a subclass's (its type's allocation, the eight items stored) without
# the call through ``tuple.__new__`` and the argument tuple joined to the defaults: ~1,600
# instructions a context before, ~50 contexts a tuned game.
@cython.ccall
@cython.annotation_typing(False)
def new_ctx(player: int, card: int, role: int, fighter: int) -> Ctx:
    """``Ctx(player, card, role, fighter)``, cheaper (see ``_CTX_DEFAULTS``)."""
    if cython.compiled:
        return _tuple_of_type(Ctx, player, card, role, fighter, _CTX_OPPONENT, _CTX_UNCANCELABLE,
                              _CTX_SOURCE, _CTX_SOURCE_NAME)
    return _TUPLE_NEW(Ctx, (player, card, role, fighter) + _CTX_DEFAULTS)


@cython.cclass
class Decision:
    """One choice a player must make, with every legal option listed.

    ``options`` are plain values: card ids, fighter ids, space ids, action names, tuples of
    those, or ``None`` for "decline". ``resume(game, *args, choice)`` continues the game.
    ``info`` carries what a policy may want to know to judge the choice (the source card, the
    fighter moving, the value at stake), never hidden information.
    """

    __slots__ = ("player", "kind", "options", "resume", "args", "info")

    def __init__(self, player: int, kind: str, options: tuple, resume: Callable, args: tuple,
                 info: dict):
        self.player, self.kind, self.options = player, kind, options
        self.resume, self.args, self.info = resume, args, info

    def __repr__(self) -> str:
        return f"<Decision p{self.player} {self.kind} {self.options!r} {self.info!r}>"


class CardInfo(NamedTuple):
    """A card in a game: its definition and which player's deck it belongs to."""

    defn: CardDef
    owner: int
