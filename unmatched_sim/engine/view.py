"""What one player may know: the only window a policy has on the game.

A policy sees its own hand, the board, every fighter's health and space, every discard pile,
deck and hand sizes, the public hero resources, the cards of the current combat once revealed,
and the cards of other hands it has been shown. It never sees another player's hand or any deck
order.

With several foes, ``foes`` lists them and ``opp`` is the one in focus: the other player of a
combat this player is in, else the foe whose nearest fighter is closest to this player's hero.
In a duel it is simply the opponent.
"""

from __future__ import annotations

from functools import lru_cache

try:
    import cython
except ImportError:     # a pure install without Cython: the typing declarations do nothing
    from unmatched_sim import _cython_shim as cython

from unmatched_sim import checking
from unmatched_sim.data.board import Board
from unmatched_sim.engine.board_features import token_spaces
from unmatched_sim.engine.determinize import FACE_DOWN_EXTRA, determinize
from unmatched_sim.engine.effects import COSTS, QUANTITIES
from unmatched_sim.engine.piles import REVEALED
from unmatched_sim.engine.state import ATTACKER, DEFENDER, OTHER_ROLE, Combat, Ctx, Fighter, Player
from unmatched_sim.model import CardDef, HeroDef

# Tests (UNMATCHED_SIM_CHECK_CACHES=1): every time the card odds read the game's pile counts,
# recount the piles from scratch and fail on a difference (``Game.check_pile_counts``).
CHECK_PILES = checking.CHECK_CACHES


#: ``board_distances``' distance to a space no move reaches
UNREACHED = 99


@lru_cache(maxsize=32)
def board_distances(board: Board) -> tuple[tuple[int, ...], ...]:
    """Shortest movement distance between every two spaces on an empty board (``UNREACHED``
    where none leads)."""
    n = board.size
    out = []
    for s in range(n):
        dist = [UNREACHED] * n
        dist[s] = 0
        frontier = [s]
        d = 0
        while frontier:
            d += 1
            nxt = []
            for a in frontier:
                for b in board.move_edges[a]:
                    if dist[b] > d:
                        dist[b] = d
                        nxt.append(b)
            frontier = nxt
        out.append(tuple(dist))
    return tuple(out)


def _frozen(x):
    """``x`` as a comparable value that later changes to ``x`` cannot reach: containers copied
    all the way down (a dict as its items sorted by key text), other objects as they are."""
    if isinstance(x, dict):
        return tuple(sorted(((repr(k), _frozen(v)) for k, v in x.items()), key=lambda kv: kv[0]))
    if isinstance(x, (list, tuple)):
        return tuple([_frozen(v) for v in x])
    if isinstance(x, (set, frozenset)):
        return frozenset(x)
    return x


@cython.cclass
class _ViewCore:
    """``PlayerView``'s fields and methods as a typed record: the compiled build reads its own
    fields in C (a method's ``self._players`` is a struct field, not an attribute look-up).
    ``PlayerView`` (below) adds the foe in focus and the choice of the multi-foe view.

    ``_players``, ``_fighters``: the game's own lists (never replaced during a game: a clone
    gets its own, and its own views; who stands where is read from the game, whose
    ``occupant`` is a new tuple at each change); ``_defs``, ``_owners``: each card's
    definition and owner by card id, fixed for the line-up (the game's ``card_defs`` and
    ``card_owners``, never changed: read only). The policies ask for these hundreds
    of thousands of times a run."""


    def __init__(self, game, seat: int):
        self._g = game
        self.seat = seat
        self.follow_board()
        self._players, self._fighters = game.players, game.fighters
        self._defs, self._owners = game.card_defs, game.card_owners   # (the line-up's: shared)
        foes = game.all_foes(seat)
        self._duel_foe = foes[0] if len(game.players) == 2 else None
        if self._duel_foe is not None:
            self.opp = self._duel_foe     # a duel: the opponent, a plain attribute (hot path)

    @cython.ccall
    def follow_board(self):
        """Read the game's board and its tables (again: after ``Game.use_board``). A C call
        from ``__init__`` in the compiled build."""
        board = self._g.board
        self.board = board
        self._adjacent, self._zone_mask = board.adjacent, board.zone_mask
        self._adjacency, self._size = board.adjacency, board.size
        self._adjacent_seq = board.adjacent_seq
        self.dist = board_distances(board)

    # --- friend and foe
    @property
    def foes(self) -> tuple[int, ...]:
        """The players opposing this one that are still in the game, in turn order."""
        return self._g.foes(self.seat)

    # The turn, the hand and the foes as C calls for typed callers (the policies): a property
    # read on a view costs ~250 instructions through the attribute protocol, and a tuned game
    # reads them ~800 times. The properties stay for everyone else.
    @cython.ccall
    def foe_seats(self) -> tuple:
        """``foes``."""
        return self._g.foes(self.seat)

    @cython.ccall
    def is_my_turn(self) -> cython.bint:
        """``my_turn``."""
        return self._g.active == self.seat

    @cython.ccall
    @cython.locals(p=Player)
    def actions_now(self) -> cython.Py_ssize_t:
        """``actions_left``."""
        if self._g.active != self.seat:
            return 0
        p = self._players[self.seat]
        return p.actions

    def turn_flag(self, key, default=None):
        """A record of the turn so far (``Game.turn_flags``: what every player saw happen this
        turn, e.g. ``actions_gained``), or ``default``."""
        return self._g.turn_flags.get(key, default)

    def action_number(self, seat: int) -> int:
        """Which action of its turn player ``seat`` is taking (the engine's ``action_number``:
        0 outside its turn), or, while it chooses its next action, that one: the action a
        combat card it plays now, or in the attack it may choose, is played in. Public: every
        player sees the actions taken and gained."""
        g = self._g
        n = QUANTITIES["action_number"](g, Ctx(seat, -1, OTHER_ROLE, -1))
        d = g.pending
        return n + 1 if d is not None and d.kind == "action" and d.player == seat else n

    @cython.ccall
    @cython.locals(p=Player)
    def hand_ids(self) -> list:
        """``hand``: a copy of our hand's card ids."""
        p = self._players[self.seat]
        return list(p.hand)

    @cython.ccall
    def turn_number(self):
        """``turn``."""
        return self._g.turn

    @property
    def allies(self) -> tuple[int, ...]:
        return self._g.allies(self.seat)

    @cython.annotation_typing(False)
    def is_foe(self, seat: int) -> bool:
        return self._g.is_foe(self.seat, seat)

    def seats_opposed(self, a: int, b: int) -> bool:
        """Are players ``a`` and ``b`` foes (not one player, nor teammates)? Public."""
        return self._g.is_foe(a, b)

    @property
    def players(self) -> int:
        return len(self._g.players)

    def focus_foe(self) -> int:
        """The foe in focus (see the module text): ``opp``."""
        if self._duel_foe is not None:
            return self._duel_foe
        g = self._g
        c = g.combat
        if c is not None and self.seat in c.players:
            return c.other_player(self.seat)
        foes = g.foes(self.seat) or g.all_foes(self.seat)
        if len(foes) == 1:
            return foes[0]
        mine = [g.fighters[i].space for i in g.on_board(self.seat)]
        if not mine:
            return foes[0]
        me = g.hero_of(self.seat).space if g.hero_of(self.seat).on_board else mine[0]
        dist = self.dist[me]
        F = g.fighters

        def reach(t: int) -> int:
            spaces = [F[i].space for i in g.on_board(t)]
            return min((dist[s] for s in spaces), default=UNREACHED)
        return min(foes, key=lambda t: (reach(t), (t - self.seat) % len(g.players)))

    # --- identity and turn
    @property
    def turn(self) -> int:
        return self.turn_number()

    @property
    def my_turn(self) -> bool:
        return self.is_my_turn()

    @property
    def actions_left(self) -> int:
        return self.actions_now()

    @cython.locals(p=Player)
    @cython.annotation_typing(False)
    def hero(self, seat: int | None = None) -> HeroDef:
        p = self._players[self.seat if seat is None else seat]
        return p.hero

    # --- cards
    @cython.annotation_typing(False)
    def card(self, cid: int) -> CardDef:
        return self._defs[cid]

    @cython.annotation_typing(False)
    def card_owner(self, cid: int) -> int:
        return self._owners[cid]

    @property
    def hand(self) -> list[int]:
        return self.hand_ids()

    @cython.annotation_typing(False)
    @cython.locals(p=Player)
    def hand_size(self, seat: int) -> int:
        p = self._players[seat]
        return len(p.hand)

    @cython.annotation_typing(False)
    @cython.locals(p=Player)
    def deck_size(self, seat: int) -> int:
        p = self._players[seat]
        return len(p.deck)

    def revealed_by(self, cid: int) -> tuple:
        """The cards card ``cid``'s reveal showed this turn, face up for every player (X-Ray
        Radiation's look at the opponent's top card): ((seat, card id), ...)."""
        return self._g.turn_flags.get((REVEALED, cid), ())

    @cython.locals(p=Player)
    def discard(self, seat: int) -> list[int]:
        p = self._players[seat]
        return list(p.discard)

    @cython.annotation_typing(False)
    def known_opponent_hand(self, seat: int | None = None) -> list[int]:
        """Cards of ``seat``'s hand (default: the foe in focus) this player has seen and that
        are still there, or face down in the combat (a seen card played face down stays listed
        until the reveal: the viewer cannot tell which card left the hand). Sorted, so the
        order tells nothing either."""
        g = self._g
        seat = self.opp if seat is None else seat
        me = self.seat
        known = g.known_in_hand(me, seat)
        c = g.combat
        if c is not None and not c.revealed and c.extra.get("known_face_down") is not None \
                and c.players[ATTACKER] == seat and c.players[DEFENDER] == me:
            known.append(c.extra["known_face_down"])
        known.sort()
        return known

    def unseen_opponent_cards(self, seat: int | None = None) -> list[CardDef]:
        """Cards of ``seat``'s deck list (default: the foe in focus) not in a discard pile or
        otherwise seen: what their hand and deck may hold (each copy listed; the counts by kind
        are ``unseen_opponent_counts``)."""
        opp = self.opp if seat is None else seat
        out = []
        for d, n in zip(self._players[opp].hero.cards, self.unseen_opponent_counts(opp)):
            out.extend([d] * n)
        return out

    @cython.annotation_typing(False)
    @cython.locals(opp=cython.Py_ssize_t, start=cython.Py_ssize_t, me=cython.Py_ssize_t,
                   t=cython.Py_ssize_t, x=cython.Py_ssize_t, i=cython.Py_ssize_t, n=cython.Py_ssize_t,
                   seen=list, owners=list, kinds=list, cards=tuple, hand=list, p=Player,
                   d=CardDef, c=Combat)
    def unseen_opponent_counts(self, seat=None, known=None) -> list[int]:
        """How many copies of each card of ``seat``'s deck list (default: the foe in focus), in
        the order of its hero's card list, are not in a discard pile or otherwise seen: the
        card odds' pool, one count a kind (a kind's copies are alike to the odds).

        The game counts their cards in discard piles and in play as the cards move
        (``Game.pile_counts_of``): the pool is those counts taken from the deck list, with what
        this player alone sees — their cards in our hand (Loki's TRICKs) and the ones we know
        in any other hand — taken out too and the combat cards still face down put back.
        (Each hand is read where it lies, no list joined; typed loops, every index a C integer.
        ``known``: ``known_opponent_hand(seat)``, when the caller has it already.)"""
        g = self._g
        opp = self.opp if seat is None else seat
        me = self.seat
        if CHECK_PILES:
            g.check_pile_counts()
        seen = g.pile_counts_of(opp)        # by kind, in the order of their card list
        start = g.kind_start[opp]
        owners, kinds = self._owners, g.card_kind
        p = self._players[me]
        hand = p.hand
        for i in range(len(hand)):
            x = hand[i]
            if owners[x] == opp:
                seen[kinds[x] - start] += 1
        for t in range(len(self._players)):
            if t != me and (self._duel_foe is None or t == opp):
                hand = known if t == opp and known is not None else self.known_opponent_hand(t)
                for i in range(len(hand)):
                    x = hand[i]
                    if owners[x] == opp:
                        seen[kinds[x] - start] += 1
        c = g.combat
        if c is not None:
            for x in self._face_down_cards():
                if owners[x] == opp:
                    seen[kinds[x] - start] -= 1
        p = self._players[opp]
        cards = p.hero.cards
        for i in range(len(cards)):
            d = cards[i]
            n = d.copies - seen[i]
            seen[i] = n if n > 0 else 0
        return seen

    def _face_down_in_play(self) -> set:
        """The cards in play that are face down: a combat's attack card and any card played
        beside it (King Arthur's BOOST) until the reveal."""
        return self._face_down_cards()

    @cython.cfunc
    @cython.locals(c=Combat, out=set)
    def _face_down_cards(self) -> set:
        # (a C method: a cpdef one checks for a Python override on every call, the view being
        # an instance of a Python subclass)
        c = self._g.combat
        out = set()
        if c is None or c.revealed:
            return out
        in_play = self._g.in_play
        x = c.cards[ATTACKER]
        if x in in_play:
            out.add(x)
        for x in c.extra.get(FACE_DOWN_EXTRA, ()):
            if x in in_play:
                out.add(x)
        return out

    @cython.annotation_typing(False)
    @cython.locals(me=cython.Py_ssize_t, t=cython.Py_ssize_t, c=Combat, p=Player, owners=list, theirs=list,
                   x=cython.Py_ssize_t)
    def knowledge_key(self, foe: int) -> tuple:
        """Everything this player's odds on ``foe``'s cards depend on, as a hashable key: equal
        keys give equal ``unseen_opponent_cards(foe)``, ``known_opponent_hand(foe)``, hand size,
        value lock and turn. (Policies keep what they worked out from these across decisions
        while the key stays the same.) ``foe``'s cards in discard piles and in play enter as
        the game's counts of them by kind (``Game.pile_counts_of``), with the number of the
        line-up's cards (``Game.lineup_serial``: the same card ids are the same cards): the
        same counts give the same key in any game of the line-up, a clone's or another world
        of a search, where a number changed at every card moved told apart the worlds that
        moved the same cards."""
        g = self._g
        me = self.seat
        c = g.combat
        combat = None if c is None else (c.revealed, tuple(c.cards), tuple(c.players),
                                         tuple(c.extra.get(FACE_DOWN_EXTRA, ())),
                                         c.extra.get("known_face_down"), frozenset(self._face_down_cards()))
        owners = self._owners
        p = self._players[me]
        theirs = []
        for x in p.hand:
            if owners[x] == foe:
                theirs.append(x)
        if self._duel_foe is not None:
            known_elsewhere = ()
        else:
            known_elsewhere = tuple([tuple(self.known_opponent_hand(t)) for t in range(len(self._players))
                                     if t != me and t != foe])
        p = self._players[foe]
        return (foe, g.active == me, len(p.hand), p.value_lock, tuple(self.known_opponent_hand(foe)),
                known_elsewhere, tuple(theirs), g.lineup_serial, tuple(g.pile_counts_of(foe)), combat)

    def occupancy(self) -> tuple[int, ...]:
        """Who stands where: the fighter on each space (-1: empty)."""
        return self._g.occupant

    @cython.locals(f=Fighter, out=list)
    def positions(self) -> tuple[int, ...]:
        """Where each fighter stands, by fighter id (-1: off the board): who stands where, as
        ``occupancy`` tells it, in a number per fighter instead of one per space (a cache key
        hashes it)."""
        out = []
        for f in self._fighters:
            out.append(f.space if f.on_board else -1)
        return tuple(out)

    @cython.locals(c=Combat, mods=cython.Py_ssize_t)
    def state_version(self):
        """A number that moves whenever the position may have changed: the game's state version
        (``Game.state_version``), with a combat's modifiers counted in (the heroes' code adds
        and clears them in place). A policy keeps what it worked out for one decision for the
        next while the number is the same: in a real game and in a search's copies alike (the
        game's version moves with every change, logged or not; a playout's views last as long
        as its copy).

        The two are one integer (the modifiers in base 1024); a pair, should a combat ever
        have 1024 modifiers, cannot equal an integer."""
        g = self._g
        c = g.combat
        mods = 0                # no combat; a combat counts 1 and one per modifier
        if c is not None:
            mods = 1
            for side in c.mods:
                mods += len(side)
        if mods < 1024:
            return g._changes.n * 1024 + mods
        return (g._changes.n, mods)

    def position_fingerprint(self) -> tuple:
        """The whole position as plain values, for the self-checks only (``state_version``'s
        promise, tested under CHECK_CACHES: an equal version means an equal fingerprint): every
        fighter, every player's cards, knowledge and resources, the board's occupants, the
        cards in play, the combat, the turn and its flags. Not the pending decision or the
        steps still to run: those are how the engine gets to the next position."""
        g = self._g
        fighters = tuple((f.idx, f.owner, f.health, f.max_health, f.space, f.alive, f.on_board)
                         for f in g.fighters)
        players = tuple((p.seat, p.team, tuple(p.fighters), tuple(p.hand), tuple(p.deck), tuple(p.discard),
                         p.actions, p.value_lock, _frozen(p.res), _frozen(p.known_hand), _frozen(p.seen_by),
                         p.deck_top_known, _frozen(p.top_known_by)) for p in g.players)
        c = g.combat
        combat = None if c is None else tuple(_frozen(getattr(c, k)) for k in (
            "players", "fighters", "cards", "mods", "ignored", "cancelled", "boosted_with", "damage",
            "resolved", "ranged", "revealed", "extra"))
        return (g.turn, g.active, g.over, fighters, players, g.occupant, tuple(g.in_play), combat,
                _frozen(g.turn_flags), _frozen(g.lasting), tuple(g.out))

    @cython.annotation_typing(False)
    def move_rules(self, fi: int) -> tuple[bool, bool]:
        """(held in place, may move through opponents) for fighter ``fi``'s own movement, as
        ``reachable`` works them out."""
        return self._g.move_rules(fi)

    def _public_in_play(self) -> list[int]:
        c = self._g.combat
        if c is None:
            return []
        return [cid for cid in self.combat_cards() if cid is not None]

    def sample_game(self, rng, attack_guess=None):
        """A complete game consistent with what this player knows: every card it cannot see is
        re-dealt at random from the cards not accounted for (``engine.determinize``). This is
        what a search policy plays forward; it never touches the real game."""
        return determinize(self._g, self.seat, rng, attack_guess)

    @cython.locals(p=Player)
    @cython.annotation_typing(False)
    def value_lock(self, seat: int) -> int | None:
        """"Your card values are N for the rest of the turn" (Three Wishes), or None."""
        p = self._players[seat]
        return p.value_lock

    def resources(self, seat: int) -> dict:
        """A hero's public resources. Keys starting with ``_`` are hidden state no player may
        see (the order of a face-down stack such as Pandora's box) and are left out."""
        return {k: v for k, v in self._g.players[seat].res.items() if not k.startswith("_")}

    def token_spaces(self, seat: int, kind: str) -> tuple:
        """The spaces of player ``seat``'s board tokens of ``kind`` (the Invisible Man's fog),
        as placed on the board for all to see."""
        return token_spaces(self._g, seat, kind)

    def can_pay(self, cost: tuple) -> bool:
        """Whether this player could pay an effect's cost now (``Op.cost``: a registered cost's
        name and amount — Tesla's coils, Beowulf's rage, Titania's glamour, cards from hand):
        a cost reads only its payer's own hand and public resources."""
        name, n = cost
        return COSTS[name].can_pay(self._g, Ctx(self.seat, -1, OTHER_ROLE, -1), n)

    # --- fighters and board
    @cython.annotation_typing(False)
    def fighter(self, fi: int) -> Fighter:
        return self._fighters[fi]

    @cython.annotation_typing(False)
    @cython.locals(p=Player, out=list, ids=list, i=cython.Py_ssize_t)
    def fighters(self, seat: int) -> list[Fighter]:
        # (a C call: the heuristic asks it each time it weighs a hero's defeat)
        p = self._players[seat]
        ids = p.fighters
        out = []
        for i in range(len(ids)):
            out.append(self._fighters[ids[i]])
        return out

    @cython.annotation_typing(False)
    def on_board(self, seat: int) -> list[int]:
        return self._g.on_board(seat)

    @cython.annotation_typing(False)
    def my_hero(self) -> Fighter:
        return self._g.hero_of(self.seat)

    @cython.annotation_typing(False)
    def opp_hero(self) -> Fighter:
        return self._g.hero_of(self.opp)

    @cython.annotation_typing(False)
    def occupant(self, space: int) -> int:
        return self._g.occupant[space]

    @cython.annotation_typing(False)
    def reachable(self, fi: int, steps: int, through_opponents: bool = False) -> list[int]:
        return self._g.reachable(fi, steps, through_opponents)

    @cython.annotation_typing(False)
    def attack_targets(self, fi: int) -> list[int]:
        return self._g.attack_targets(fi)

    @cython.annotation_typing(False)
    def move_value(self, seat: int | None = None) -> int:
        return self._g.move_value(self.seat if seat is None else seat)

    @cython.annotation_typing(False)
    @cython.locals(f=Fighter)
    def can_hit_from(self, fi: int, space: int, target_space: int) -> bool:
        """Could fighter ``fi`` attack a fighter on ``target_space`` if it stood on ``space``?"""
        if target_space in self._adjacent[space]:
            return True
        f = self._fighters[fi]
        if not f.defn.ranged:
            return False
        zm = self._zone_mask
        return bool(zm[space] & zm[target_space])     # (Board.same_zone)

    def started_turn_on(self, fi: int) -> int:
        """The space fighter ``fi`` stood on when this turn started (public; NO_SPACE if it was
        off the board): what "not on the space it started this turn on" reads."""
        return self._g.started_turn_on(fi)

    def counts_as_hero(self, fi: int) -> bool:
        """Is fighter ``fi`` a hero for card text that names heroes ("if the opposing fighter is
        a hero")? Public: the game's format says (a co-op enemy is no hero)."""
        return self._g.format.counts_as_hero(self._g, fi)

    # --- combat
    @property
    def in_combat(self) -> bool:
        return self._g.combat is not None

    @cython.locals(c=Combat)
    def combat_fighters(self) -> tuple[int, int] | None:
        c = self._g.combat
        return (c.fighters[ATTACKER], c.fighters[DEFENDER]) if c is not None else None

    @cython.locals(c=Combat)
    def combat_cards(self) -> tuple[int | None, int | None]:
        """Combat cards this player can see: its own, and the other once both are revealed."""
        c = self._g.combat
        if c is None:
            return (None, None)
        revealed = c.revealed
        players = c.players
        seat = self.seat
        return tuple([cid if (players[role] == seat or revealed) else None
                      for role, cid in enumerate(c.cards)])

    @cython.locals(c=Combat)
    def card_down(self, role: int) -> bool:
        """Whether the side in ``role`` of the combat under way has put its card down, face up
        or face down: every player sees a card played, if not which."""
        c = self._g.combat
        return c is not None and c.cards[role] is not None

    @cython.locals(c=Combat)
    def combat_boosts(self, role: int) -> int:
        """How many cards have been boosted onto the card of our own side ``role`` in the combat
        under way ("you may BOOST this card"); 0 for the other side, whose BOOST may be face
        down."""
        c = self._g.combat
        if c is None or c.players[role] != self.seat:
            return 0
        return len(c.boosted_with[role])

    @cython.locals(c=Combat)
    def combat_value(self, role: int) -> int | None:
        """The current value of a combat card; None for the opponent's card while face down."""
        c = self._g.combat
        if c is not None and not c.revealed and c.cards[role] is not None and c.players[role] != self.seat:
            return None
        return self._g.combat_value(role)

    @cython.annotation_typing(False)
    @cython.locals(f=Fighter, p=Player, owner=cython.Py_ssize_t)
    def combat_bonus_estimate(self, fi: int, role: int, opponent: int | None = None) -> float:
        """What fighter ``fi``'s own ability is expected to add to a card it plays in ``role``
        against fighter ``opponent`` (public facts only; ``Ability.combat_bonus_estimate``): an
        AI estimate, not a rule."""
        f = self._fighters[fi]
        owner = f.owner
        if owner not in self._g.handlers["combat_bonus_estimate"]:
            return 0.0          # Ability's default, without the call
        p = self._players[owner]
        return p.ability.combat_bonus_estimate(self._g, owner, fi, role, opponent)

    @cython.locals(f=Fighter)
    @cython.annotation_typing(False)
    def maneuver_place_options(self, fi: int, boosted: bool) -> list[int]:
        """The spaces a maneuver lets our fighter ``fi`` be placed on instead of moving, as the
        engine offers them (``Ability.maneuver_place_options``: Escape Artist, boosted, any
        empty space); none for most abilities."""
        g = self._g
        f = self._fighters[fi]
        seat = f.owner
        if seat not in g.handlers["maneuver_place_options"]:
            return []
        return g.players[seat].ability.maneuver_place_options(g, seat, fi, boosted)

    @cython.annotation_typing(False)
    def turn_start_hazards(self, seat: int) -> tuple:
        """The damage player ``seat``'s ability will deal at the start of its next turn to a
        foe's fighter standing on given spaces: ``(spaces, amount)`` pairs
        (``Ability.turn_start_hazards``): an AI reading of public facts, not a rule."""
        g = self._g
        if seat not in g.handlers["turn_start_hazards"]:
            return ()           # Ability's default, without the call
        return g.players[seat].ability.turn_start_hazards(g, seat)

    @cython.annotation_typing(False)
    @cython.locals(f=Fighter, p=Player, owner=cython.Py_ssize_t)
    def token_bonus(self, fi: int, role: int) -> float:
        """What a face-up token of fighter ``fi``'s ability adds for certain to a card it plays
        in ``role`` now (``Ability.token_bonus``): an AI reading, not a rule."""
        f = self._fighters[fi]
        owner = f.owner
        if owner not in self._g.handlers["token_bonus"]:
            return 0.0          # Ability's default, without the call
        p = self._players[owner]
        return p.ability.token_bonus(self._g, owner, fi, role)

    @cython.locals(c=Combat)
    def my_role(self) -> int | None:
        c = self._g.combat
        return None if c is None else (ATTACKER if c.players[ATTACKER] == self.seat else DEFENDER)


@cython.final
@cython.cclass
class DuelView(_ViewCore):
    """The view of a two-player game (``PlayerView(game, seat)`` makes one): ``opp``, the one
    opponent, is a field. A compiled record rather than a Python subclass: a compiled caller's
    call of a view method (~10,000 a tuned game) then skips Cython's check for a Python
    override, which an instance of a Python class pays at every call."""


class PlayerView(_ViewCore):
    """A player's view of the game: ``PlayerView(game, seat)`` gives a ``DuelView`` in a
    two-player game and a ``MultiPlayerView`` with several foes. (A subclass made elsewhere, a
    test's, is itself.) ``opp``, the foe in focus: a plain slot here, a property of the
    multi-foe view."""

    __slots__ = ("opp",)

    def __new__(cls, game, seat: int):
        if cls is PlayerView:
            if len(game.players) == 2:
                return DuelView(game, seat)
            # Several foes: the foe in focus changes with the position (a property, below).
            cls = MultiPlayerView
        return _ViewCore.__new__(cls)


class MultiPlayerView(PlayerView):
    """A view with several foes: ``opp`` is worked out from the position, once per decision
    (policies read it many times while they decide; the position does not change meanwhile)."""

    __slots__ = ("_focus_for", "_focus")

    def __init__(self, game, seat: int):
        super().__init__(game, seat)
        self._focus_for = self._focus = None

    @property
    def opp(self) -> int:
        pending = self._g.pending
        if pending is None or pending is not self._focus_for:
            self._focus, self._focus_for = self.focus_foe(), pending
        return self._focus
