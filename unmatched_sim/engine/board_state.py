"""Where the fighters stand: occupancy, movement, reach and attack targets.

``_Board(_Piles)``: who stands where (``occupant``, changed only through ``_occupy``), moving,
placing and swapping fighters, whether a fighter is held in place, the spaces it may reach
(``reachable``, a walk over the board's movement edges, kept per occupancy) and whom it may
attack. The next layer up is ``combat._Combat``.
"""

from __future__ import annotations

try:
    import cython
except ImportError:       # pure Python without Cython installed: the declarations are no-ops
    from unmatched_sim import _cython_shim as cython

from unmatched_sim import checking
from unmatched_sim.data.board import Board
from unmatched_sim.engine.piles import _Piles, _kept
from unmatched_sim.engine.state import NO_SPACE, Fighter, Player
from unmatched_sim.model import CardDef

CHECK_CACHES = checking.CHECK_CACHES     # kept move rules and reaches checked against fresh ones
_NO_MOVE_RULES = cython.declare(tuple, (False, False))  # (held, may pass foes) with no rule to apply
_WALK_EDGES: dict[int, tuple] = {}


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


@cython.cfunc
@cython.locals(defs=list, out=list, c=cython.Py_ssize_t)
def _hand_defs(g: _Board, hand: list) -> list:
    """The definitions of the cards in ``hand`` (card ids: read from the game's list by C index)."""
    defs = g.card_defs
    out = []
    for c in hand:
        out.append(defs[c])
    return out


@cython.cclass
class _Board(_Piles):
    """The board's part of a game (see the module's docstring)."""

    # ------------------------------------------------------------------ held in place
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

    # ------------------------------------------------------------------ spaces and movement
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
        s = seat                # (a C index: see piles._Piles._pile_moved)
        move = self._fixed_move[s]
        if move is not None:
            tag = self._move_tag[s]
            return move if tag is None else move + self.cards_in_foe_hands(seat, tag)
        p = self.players[s]
        return p.ability.move_value(self, seat, p.hero.move)

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
        if self.handlers["move_links"]:
            # Spaces an ability links for this fighter's movement (the Invisible Man's fog):
            # a third item, so a kept rule (and the AI's threat map) changes with them.
            links = frozenset()
            for seat in self.handlers["move_links"]:
                links = links | self.players[seat].ability.move_links(self, seat, fi)
            if len(links) > 1:
                return held, through, links
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
        if self.lasting or self._hold_rule or self._pass_rule:
            rules = self.move_rules(fi)
            if rules[0]:
                return [f.space]
            if not through_opponents:
                through_opponents = rules[1]
            if len(rules) > 2:
                return self._spread_linked(fi, steps, bool(through_opponents), rules[2])
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

    @cython.annotation_typing(False)
    def _spread_linked(self, fi: int, steps: int, through: bool, linked: frozenset,
                       stops: frozenset = frozenset()) -> list[int]:
        """``reachable``'s walk for a fighter whose movement also links every space of
        ``linked`` to every other (one step between any two): breadth first over the board's
        movement edges and those links, by the same rules of passing and ending. A space of
        ``stops`` may be entered but the move ends there (co-op webs). Never kept: the links
        and stops change without the occupancy changing."""
        F, team, occ = self.fighters, self.team, self.occupant
        f = F[fi]
        my_team = team[f.owner]
        edges = self.board.move_edges
        start = f.space
        seen = {start}
        out = [start]
        frontier = [start]
        for _ in range(steps):
            nxt = []
            for s in frontier:
                targets = edges[s]
                if s in linked:
                    targets = tuple(targets) + tuple(sorted(linked))
                for t in targets:
                    if t in seen:
                        continue
                    o = occ[t]
                    if o >= 0 and not through and team[F[o].owner] != my_team:
                        continue
                    seen.add(t)
                    if t not in stops:
                        nxt.append(t)
                    if o < 0:
                        out.append(t)
            if not nxt:
                break
            frontier = nxt
        return sorted(out)

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

    def use_board(self, board) -> None:
        """Play on from here on ``board``, the same spaces joined differently (a bridge
        destroyed: ``Board.without_bridges``): the tables the hot queries read and the kept
        walks and move rules follow it. A clone made after keeps it; one made before keeps the
        old. Players' views read the board when made: ``PlayerView.follow_board``."""
        if board.size != self.board.size:
            raise ValueError("use_board needs a board with the same spaces")
        self.board = board
        self._adjacent, self._zone_mask, self._move_edges = board.adjacent, board.zone_mask, board.move_edges
        self._walk = _walk_edges(board)
        self._adjacency = board.adjacency
        self._reach_memo = {}
        self._reach_occ = None
        self._rules_memo = {}
        self._rules_version = -1

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

    # ------------------------------------------------------------------ attacks and schemes
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
        i = fi                  # (C integers for the indexes: see piles._Piles._pile_moved)
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
        s = seat                # (a C index: see piles._Piles._pile_moved)
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
        s = seat                # (a C index: see piles._Piles._pile_moved)
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

    # ------------------------------------------------------------------ fighters moved, placed and removed
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
            self.log("held", f.owner, fi, card, None, None, None, f.space)
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
        self.log("swap", fa.owner, a, card, b, None, None, fa.space)
