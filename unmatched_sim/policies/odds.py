"""Card odds: what the heuristic can tell about a foe's cards, and what they mean in a combat.

A foe's hand is a random draw from the cards we have not seen (its card list less its discard
pile, the cards in play and those we have seen in its hand: ``PlayerView.unseen_opponent_counts``).
From the hand's size we get, exactly (hypergeometric), the distribution of the best card it may
answer an attack with, or attack with (``Reader``); ``combat_odds`` turns a defense distribution
into the expected damage, the chance to win the combat and the chance to defeat.

Compiled, the policy calls these in C (``odds.pxd``).
"""

from __future__ import annotations

from math import comb

try:
    import cython
except ImportError:     # a pure install without Cython: the typing declarations do nothing
    from unmatched_sim import _cython_shim as cython

from unmatched_sim.engine.view import _ViewCore
from unmatched_sim.model import CardDef
from unmatched_sim.policies.card_facts import BLOCK_ALL, NO_CARD, card_strength

if not cython.compiled:     # compiled, an inline function of card_facts.pxd
    from unmatched_sim.policies.card_facts import usable


# The hypergeometric odds' binomial coefficients as C doubles, by the number drawn then the
# pool's size: ``_COMBS[h][n] == float(comb(n, h))``. Exact while below 2**53, and a quotient of
# two exact doubles is the correctly rounded quotient of the integers, as ``int / int`` is: the
# same bits as ``comb(a, h) / comb(n, h)`` without two Python calls and three integers per level.
_COMB_MAX = 64
_COMBS = [[float(comb(n, h)) for n in range(_COMB_MAX + 1)] for h in range(_COMB_MAX + 1)]
_EXACT = float(2 ** 53)
_INFINITY = float("inf")


@cython.ccall
def best_of_dist(known: list[float], pool: list[float], n_pool: int, h: int) -> list[tuple[float, float]]:
    """Distribution of the best value among ``known`` values plus ``h`` cards drawn without
    replacement from a pool of ``n_pool`` cards, of which the usable ones have values ``pool``
    (the other cards are unusable). ``NO_CARD`` stands for "no usable card"."""
    return _best_of_counts(known, list(pool), [1] * len(pool), n_pool, h)


@cython.cfunc
@cython.locals(n_pool=cython.Py_ssize_t, h=cython.Py_ssize_t, k=cython.Py_ssize_t, i=cython.Py_ssize_t,
               m=cython.Py_ssize_t, col=list, out=list, exact=cython.bint, found=cython.bint,
               total=cython.double, prev=cython.double, p_ge=cython.double, v=cython.double,
               x=cython.double, kd=cython.double, above=cython.double, ev=cython.double)
def _best_of_counts(known: list, values: list, counts: list, n_pool, h, expect: cython.bint = False):
    """``best_of_dist`` with the usable cards of the pool given as values and how many cards
    have each (``counts[i]`` of value ``values[i]``): the card odds count a card kind once.
    The levels are found strongest first by a scan per level (a handful of values: no sort).
    ``expect``: only the expected best value (each level at its chance, below 0 as 0, summed
    in the order of the levels), with no list of levels made."""
    h = max(0, min(h, n_pool))
    kmax = NO_CARD          # the best known value (a loop: no call of the builtin ``max``),
    kd = kmax               # as given (an int stays an int) and as a C double
    for i in range(len(known)):
        x = known[i]
        if i == 0 or x > kd:
            kd = x
            kmax = known[i]
    exact = h > 0 and n_pool <= _COMB_MAX
    if exact:
        col = _COMBS[h]
        total = col[n_pool]
        exact = total < _EXACT
    out = []
    ev = 0.0
    prev = 0.0
    k = 0                   # the pool's cards at least as strong as the level
    m = len(values)
    above = _INFINITY       # the level before (none yet)
    while True:
        found = False
        v = 0.0
        for i in range(m):  # the next level: the strongest value below the last one
            x = values[i]
            if kd < x < above and (not found or x > v):
                v = x
                found = True
        if not found:
            break
        for i in range(m):
            x = values[i]   # (a C double: compared with ``v`` unboxed)
            if x == v:
                k += counts[i]
        above = v
        if not h:
            p_ge = 0.0
        elif exact:
            x = col[n_pool - k]     # (a C double: the division runs in C, the same bits)
            p_ge = 1.0 - x / total
        else:
            p_ge = 1.0 - comb(n_pool - k, h) / comb(n_pool, h)
        if p_ge > prev:
            if expect:
                ev += (p_ge - prev) * max(0.0, v)
            else:
                out.append((v, p_ge - prev))
            prev = p_ge
    if 1.0 - prev > 1e-12:
        if expect:
            ev += (1.0 - prev) * max(0.0, kd)
        else:
            out.append((kmax, 1.0 - prev))
    return ev if expect else out


# What the heuristic keeps across decisions (card odds, threat maps, kind tables) is looked up
# by a key of everything it was computed from; KEEP bounds each store.
KEEP = 256


def check_reader(kept: "Reader", fresh: "Reader") -> None:
    """Fail if a kept reader differs from one made afresh (CHECK_CACHES)."""
    a = (kept.foe, kept.lock, kept.my_turn, kept.kinds, kept.counts, kept.n_pool, kept.known, kept.h_unknown)
    b = (fresh.foe, fresh.lock, fresh.my_turn, fresh.kinds, fresh.counts, fresh.n_pool, fresh.known,
         fresh.h_unknown)
    if a != b:
        raise AssertionError(f"a kept card reader differs from a fresh one: {a} != {b}")


# Each foe's card list's strengths as one fighter's cards, by kind (``KindTable``), kept per
# card list (by identity; the list is kept alive with its tables) and fighter name: a reader weighs
# every unseen kind of card at every attack and defense odds it works out, and the card's facts
# (can it attack or defend, can this fighter use it, its strength) do not change in a process.
_KIND_TABLES: dict = {}


@cython.final
@cython.cclass
class KindTable:
    """One foe hero's card list read as one fighter's cards: ``attack[i]`` / ``defense[i]`` the
    attack / defense strength (``card_strength``, played by its owner) of kind ``i`` if the
    fighter can attack / defend with it, else None; ``types[i]`` its type (for the odds against
    an attack that blanks a type of card)."""

    attack: tuple
    defense: tuple
    types: tuple

    @cython.locals(d=CardDef)
    def __init__(self, cards: tuple, fighter_name):
        att, dfn, types = [], [], []
        for d in cards:
            can_use = usable(d, fighter_name)
            strength = card_strength(d)
            att.append(strength[0] if d.can_attack and can_use else None)
            dfn.append(strength[1] if d.can_defend and can_use else None)
            types.append(d.type)
        self.attack, self.defense, self.types = tuple(att), tuple(dfn), tuple(types)


@cython.cfunc
@cython.locals(got=tuple)
def _kind_tables(cards: tuple) -> dict:
    """The ``KindTable``s of ``cards`` kept so far, by fighter name."""
    key = id(cards)
    got = _KIND_TABLES.get(key)
    if got is None or got[0] is not cards:
        if len(_KIND_TABLES) >= KEEP:
            _KIND_TABLES.clear()
        got = _KIND_TABLES[key] = (cards, {})
    return got[1]


@cython.final
@cython.cclass
class Reader:
    """What this player can tell about one foe's cards (default: the foe in focus), computed
    once per decision. A typed record: the compiled policy calls its methods in C.

    The unseen cards (``PlayerView.unseen_opponent_counts``) are kept by kind: ``unseen[i]``
    copies of kind ``i`` of the foe's card list (``n_pool`` in all) may be in its hand or deck.
    The odds depend on how many cards have each value, so a kind is weighed once, not once per
    copy; ``kinds`` and ``counts`` list the kinds with an unseen copy and their counts."""

    foe: object
    lock: object
    my_turn: object
    unseen: list
    cards: tuple
    n_pool: cython.Py_ssize_t
    known: list
    h_unknown: cython.Py_ssize_t
    _tables: dict       # fighter name -> KindTable (shared by every reader of this card list)
    _defenses: dict     # fighter name (or (name, blanked types)) -> defense()
    _attacks: dict      # fighter name (or (name, True): played) -> attack()
    _threats: dict

    @cython.locals(view=_ViewCore, unseen=list, i=cython.Py_ssize_t, n=cython.Py_ssize_t, total=cython.Py_ssize_t)
    def __init__(self, view, foe: int | None = None):
        self.foe = foe = foe_in_focus(view) if foe is None else foe
        # read now: a reader outlives the decision it was made for (see HeuristicPolicy.reader)
        self.lock = view.value_lock(foe)
        self.my_turn = view.is_my_turn()
        known_ids = view.known_opponent_hand(foe)
        self.unseen = unseen = view.unseen_opponent_counts(foe, known_ids)
        self.cards = view._players[foe].hero.cards
        total = 0
        for i in range(len(unseen)):
            n = unseen[i]
            total += n
        self.n_pool = total
        # (card, is it theirs?) — our TRICKs in their hand play differently for them
        self.known = [(view.card(c), view.card_owner(c) == foe) for c in known_ids]
        self.h_unknown = max(0, view.hand_size(foe) - len(known_ids))
        self._tables = _kind_tables(self.cards)
        self._defenses = {}
        self._attacks = {}
        self._threats = {}

    @property
    def kinds(self) -> list:
        """The kinds of card with an unseen copy, in the order of the foe's card list."""
        return [d for d, n in zip(self.cards, self.unseen) if n]

    @property
    def counts(self) -> list:
        """How many unseen copies each of ``kinds`` has."""
        return [n for n in self.unseen if n]

    @property
    def pool(self) -> list:
        """The unseen cards, each copy listed (``PlayerView.unseen_opponent_cards``)."""
        out = []
        for d, n in zip(self.cards, self.unseen):
            out.extend([d] * n)
        return out

    @cython.ccall
    def kind_table(self, fighter_name) -> KindTable:
        """The foe's card list as ``fighter_name``'s cards (shared by this card list's readers)."""
        got = self._tables.get(fighter_name)
        if got is None:
            got = self._tables[fighter_name] = KindTable(self.cards, fighter_name)
        return got

    @cython.ccall
    @cython.locals(out=list, values=list, counts=list, i=cython.Py_ssize_t, n=cython.Py_ssize_t, d=CardDef,
                   table=tuple, types=tuple, unseen=list)
    @cython.boundscheck(False)     # (every index below is a space, fighter or kind in range)
    @cython.wraparound(False)
    def defense(self, fighter_name, blanked: frozenset = frozenset(), lifts: tuple = ()) -> list:
        """Best defense strength the opponent's ``fighter_name`` can answer an attack with
        (``blanked``: types of card that count 0 against the attack, ``blanked_types``;
        ``lifts``: what each kind of the foe's card list gains or loses in this combat, as its
        conditions on the board read, ``HeuristicPolicy.foe_lifts``; () for none)."""
        key = (fighter_name, blanked, lifts) if blanked or lifts else fighter_name    # (mostly a name)
        out = self._defenses.get(key)
        if out is None:
            known = []
            for d, m in self.known:
                if d.can_defend and usable(d, fighter_name) and d.type not in blanked:
                    known.append(card_strength(d, m)[1] + self._lift_of(d, m, lifts))
            kt = self.kind_table(fighter_name)
            table, types, unseen = kt.defense, kt.types, self.unseen
            values, counts = [], []
            for i in range(len(unseen)):
                n = unseen[i]
                if n:
                    v = table[i]
                    if v is not None and not (blanked and types[i] in blanked):
                        values.append(v + lifts[i] if lifts else v)
                        counts.append(n)
            out = self._defenses[key] = _best_of_counts(known, values, counts, self.n_pool, self.h_unknown)
        return out

    @cython.ccall
    @cython.locals(out=list)
    def defense_boosts(self, fighter_name) -> list:
        """``defense``'s odds with the card of each level counting its BOOST value (our attack
        card is This Is No Parlor Trick). The foe still answers with its strongest defense, not
        knowing our card; a level's BOOST is the mean of those of the cards of that strength it
        may hold."""
        key = (fighter_name, "boosts")
        out = self._defenses.get(key)
        if out is None:
            out = self._defenses[key] = self._as_boosts(self.defense(fighter_name), fighter_name)
        return out

    @cython.cfunc
    @cython.locals(levels=list, sums=dict, got=list, out=list, i=cython.Py_ssize_t, n=cython.Py_ssize_t,
                   d=CardDef, table=tuple, unseen=list)
    def _as_boosts(self, levels: list, fighter_name) -> list:
        """Defense ``levels`` (strength, chance), each strength replaced by the mean BOOST of the
        foe's defense cards of that strength (known in its hand, or unseen); no card and a
        defense that blocks every attack stay as they are."""
        sums = {}           # strength -> [BOOSTs summed, cards]
        for d, m in self.known:
            if d.can_defend and usable(d, fighter_name):
                got = sums.setdefault(card_strength(d, m)[1], [0.0, 0])
                got[0] += d.boost_value
                got[1] += 1
        table, unseen = self.kind_table(fighter_name).defense, self.unseen
        for i in range(len(unseen)):
            n = unseen[i]
            if n and table[i] is not None:
                d = self.cards[i]
                got = sums.setdefault(table[i], [0.0, 0])
                got[0] += d.boost_value * n
                got[1] += n
        out = []
        for v, p in levels:
            got = sums.get(v)
            if got is None or v == NO_CARD or v >= BLOCK_ALL:
                out.append((v, p))
            else:
                out.append((got[0] / got[1], p))
        return out

    @cython.cfunc
    @cython.locals(i=cython.Py_ssize_t)
    def _lift_of(self, d: CardDef, theirs: cython.bint, lifts: tuple) -> cython.double:
        """The lift of ``lifts`` for a card of the foe's own list seen in its hand (none for a
        card of ours it holds: our TRICKs)."""
        if not lifts or not theirs:
            return 0.0
        for i in range(len(self.cards)):
            if self.cards[i] is d:
                return lifts[i]
        return 0.0

    @cython.ccall
    @cython.locals(out=list)
    def attack(self, fighter_name, played: cython.bint = False, lifts: tuple = ()) -> list:
        """Best attack strength of the opponent's ``fighter_name``; ``played``: the card is face
        down in front of us already (it came from a hand one card larger); ``lifts``: as in
        ``defense``."""
        key = (fighter_name, played, lifts) if lifts else (fighter_name, True) if played else fighter_name
        out = self._attacks.get(key)
        if out is None:
            out = self._attack_odds(fighter_name, played, False, lifts)
            self._attacks[key] = out
        return out

    @cython.cfunc
    @cython.locals(values=list, counts=list, i=cython.Py_ssize_t, n=cython.Py_ssize_t, d=CardDef,
                   table=tuple, unseen=list)
    @cython.boundscheck(False)     # (every index below is a kind in range)
    @cython.wraparound(False)
    def _attack_odds(self, fighter_name, played: cython.bint, expect: cython.bint, lifts: tuple = ()):
        """``attack``'s odds, worked out (``expect``: their expected value only, as ``threat``
        sums them, with no list of levels made)."""
        lock = self.lock
        if lock is not None and not self.my_turn:
            return max(0.0, float(lock)) if expect else [(float(lock), 1.0)]
        known = []
        for d, m in self.known:
            if d.can_attack and usable(d, fighter_name):
                known.append(card_strength(d, m)[0] + self._lift_of(d, m, lifts))
        table, unseen = self.kind_table(fighter_name).attack, self.unseen
        values, counts = [], []
        for i in range(len(unseen)):
            n = unseen[i]
            if n:
                v = table[i]
                if v is not None:
                    values.append(v + lifts[i] if lifts else v)
                    counts.append(n)
        return _best_of_counts(known, values, counts, self.n_pool, self.h_unknown + (1 if played else 0),
                               expect)

    @cython.ccall
    @cython.locals(total=cython.double)
    def threat(self, fighter_name) -> cython.double:
        """Expected best attack the opponent's fighter could make next turn (kept per fighter:
        a reader outlives its decision): each level of ``attack``'s odds at its chance, a value
        below 0 as 0. (Worked out without the odds' list: only this reads them unplayed.)"""
        got = self._threats.get(fighter_name)
        if got is not None:
            return got
        total = self._attack_odds(fighter_name, False, True)
        self._threats[fighter_name] = total
        return total


@cython.ccall
@cython.locals(reader=Reader, health=cython.double, a=cython.double, k=cython.Py_ssize_t,
               exp_dmg=cython.double, p_win=cython.double, p_kill=cython.double, v=cython.double,
               p=cython.double, dv=cython.double, av=cython.double, dmg=cython.double,
               no_card=cython.double, block_all=cython.double)
def combat_odds(reader: Reader, name, health, a, k, blanked: frozenset,
                boosts: cython.bint = False, lifts: tuple = ()) -> tuple[cython.double, cython.double, cython.double]:
    """``HeuristicPolicy.attack_odds`` on C doubles, from the defender's card reader: (expected
    damage, chance to win the combat, chance to defeat) of an attack of strength ``a`` on the
    fighter ``name`` with ``health`` (``boosts``: the defense card counts its BOOST value,
    ``Reader.defense_boosts``; ``lifts``: its cards' conditions on the board, ``Reader.defense``)."""
    exp_dmg = p_win = p_kill = 0.0
    no_card, block_all = NO_CARD, BLOCK_ALL     # (C doubles: the tests below run in C)
    for v, p in (reader.defense_boosts(name) if boosts else reader.defense(name, blanked, lifts)):
        dv = 0.0 if v == no_card else v
        av = a + k * dv if k else a
        dmg = 0.0 if v >= block_all else max(0.0, av - dv)
        dmg = min(dmg, health)
        exp_dmg += p * dmg
        if dmg >= 1:
            p_win += p
        if dmg >= health:
            p_kill += p
    return exp_dmg, p_win, p_kill


if not cython.compiled:     # compiled, the same read is inlined from odds.pxd
    def foe_in_focus(view):
        """``view.opp``, the foe in focus: in a duel the view's C field (``opp`` is a Python
        attribute of the view class, slower to read in a hot path; compiled, this is an inline
        C function where it is used)."""
        foe = view._duel_foe
        return foe if foe is not None else view.opp


@cython.ccall
@cython.locals(view=_ViewCore)
def ability_bonus_estimate(view, fi, role, opponent=None) -> float:
    """What fighter ``fi``'s ability is expected to add to a card it plays in ``role``: the
    estimate (Alice's size, Arthur's BOOST, standing bonuses) plus a face-up token's sure
    bonus (Hamlet's NOT TO BE)."""
    return view.combat_bonus_estimate(fi, role, opponent) + view.token_bonus(fi, role)
