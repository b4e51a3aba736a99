"""A game's cards and players: the records every other part of the engine stands on.

``_Piles`` is the bottom of the game's class chain (``_Piles`` <- ``board_state._Board`` <-
``combat._Combat`` <- ``game._GameCore`` <- ``game.Game``): one typed record whose fields each
module declares in its own ``.pxd``. Here: the cards and their owners, the players and their
fighters, decks, hands, discard piles and the play area with their counts and versions, who
knows which cards, the event log, the friend/foe relation and the dispatch of ability hooks
and lasting effects (``modify``, ``handles``), which every layer above asks.
"""

from __future__ import annotations

from typing import Callable

try:
    import cython
except ImportError:       # pure Python without Cython installed: the declarations are no-ops
    from unmatched_sim import _cython_shim as cython

from unmatched_sim import checking
from unmatched_sim.engine.ability import EVENTS
from unmatched_sim.engine.state import EVENT_FIELDS, Fighter, Player
from unmatched_sim.model import CardDef
from unmatched_sim.registry import Registry

# Why a card left a hand for the discard pile (Loki and "And the Beautiful Bess!" care).
HAND_LIMIT_DISCARD, OWN_EFFECT, OPPONENT_EFFECT, BOOST_DISCARD, COST = (
    "hand_limit", "own_effect", "opponent_effect", "boost", "cost")
# Every route a card takes to a discard pile (``Ability.redirect_discard`` hears each): the
# hand causes above, and these for cards that were not in a hand.
PLAYED, FROM_DECK = "played", "from_deck"
# Who knows a card put into a hand (``Game.put_in_hand``): every player, not a seat.
EVERYONE = -1
# The turn flag under which a card's reveal keeps the cards it showed, face up for every player
# (``(REVEALED, card)``: the vocabulary's ``reveal_deck_top`` writes it, the view reads it).
REVEALED = "revealed"

# Lasting effects: what a card leaves in force for a while ("prevent all damage this combat",
# "held in place until your next turn"). Game.lasting holds plain tuples
# (event, seat, name, data, until) so a game copies them for free; LASTING[name] is the handler
# called for that event like an ability's: fn(game, seat, data, *event args, value) -> value.
# ``until``: "combat" (ends with the combat), "turn" (ends with this turn), "next_turn" (ends
# when ``seat``'s next turn starts).
LASTING: dict[str, Callable] = Registry("lasting effect")
UNTIL = ("combat", "turn", "next_turn")

# A game's event log starts with room for this many values (~340 events: a tuned duel logs
# ~190-375) and ``log`` stores each event's values in that room. Grown from empty one append
# at a time, the list's block was reallocated ~35 times a game, each a copy of the whole log
# so far once past the small-object allocator (~1.4 M instructions of copies over 10 tuned
# Houdini-Genie games, the largest single item in the engine's steps). A longer game's log
# grows by appends past the room, as before.
_EVENT_ROOM = cython.declare(cython.Py_ssize_t, 4096)
_FIELDS = cython.declare(cython.Py_ssize_t, EVENT_FIELDS)     # (a C constant in ``log``)


@cython.ccall
def _new_event_log() -> list:
    """An empty list for ``raw_events`` with its room made at once (compiled: a list of
    ``_EVENT_ROOM`` empty slots whose length is then set to 0, which Python's own list type
    never does on its own; pure Python: ``[]``)."""
    if cython.compiled:
        ev = PyList_New(_EVENT_ROOM)
        _set_list_length(ev, 0)
        return ev
    return []


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


# ---------------------------------------------------------------------- kept set-up tables
# What a game's set-up builds the same way for every game of the same line-up or board (see
# ``game._lineup_cards``, ``board_state._walk_edges``) is kept by ``_kept``. CHECK_CACHES
# (tests; UNMATCHED_SIM_CHECK_CACHES=1) builds it afresh for every game and fails if the kept
# one differs.
CHECK_CACHES = checking.CHECK_CACHES
_KEPT_LIMIT = 4096   # line-ups kept at most (the full round robin plays 342 seatings)


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


@cython.cfunc
@cython.locals(F=list, f=Fighter, out=list, p=Player, i=cython.Py_ssize_t)
def _on_board_of(g: _Piles, seats: tuple) -> list:
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


@cython.cclass
class _Piles:
    """The cards, the players and the event log of a game (see the module's docstring); the
    game's fields are set by ``game._GameCore``'s construction."""

    # ------------------------------------------------------------------ events
    # (``log`` is a cpdef method: the engine's compiled code calls it in C when it passes the
    # arguments by position up to the last one it needs — a keyword call skipping one is a
    # Python call, with a keyword dictionary: ~170 events a greedy game. In the modules above
    # this one (``board_state``, ``combat``, ``steps``), which know ``log`` from piles.pxd, a
    # compiled keyword call skipping one does not compile at all: they pass the arguments by
    # position, None for those skipped. An ability or a test that gives a game its own ``log``
    # is still called, with the arguments by position.)
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
    # (``PlayerView.unseen_opponent_cards``). A game nobody asks for the counts (greedy play)
    # does not keep them: they are counted from the piles when first asked for, and kept from
    # then on.
    # (Each move tests ``pile_counts is not None`` itself: one call fewer per move is 0.8% of
    # greedy's instructions.)
    @cython.locals(c=cython.Py_ssize_t, k=cython.Py_ssize_t)
    @cython.annotation_typing(False)
    def _pile_moved(self, cid: int, delta: int) -> None:
        # (the card and its kind as C integers: a list indexed by a Python int goes
        # through the list's generic subscript, ~45 instructions more per index)
        c = cid
        k = self.card_kind[c]
        self.pile_counts[k] += delta

    def _count_piles(self) -> list[int]:
        counts = [0] * self.kind_count
        for cid in [c for p in self.players for c in p.discard] + self.in_play:
            counts[self.card_kind[cid]] += 1
        return counts

    def keep_pile_counts(self) -> None:
        """Count the piles now and keep the counts from here on (``pile_counts_of`` does this
        when first called)."""
        if self.pile_counts is None:
            self.pile_counts = self._count_piles()

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

    # ------------------------------------------------------------------ tagged cards counted
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

    # ------------------------------------------------------------------ the state version
    @cython.annotation_typing(False)
    def state_version(self) -> int:
        """A number that moves at every change of the position: each event logged (recorded or
        not), each change of who stands where, of the lasting effects, of the cards in play,
        each write of the turn's flags or a player's resources (``WatchedDict``). Equal
        numbers in one game: the same position. Caches of what the position decides are kept
        by it, so no code that changes the position has anything to tell them."""
        return self._changes.n

    # ------------------------------------------------------------------ cards leaving a hand, cards going to a discard pile
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
