"""Position and threat: where the foes could strike next turn (``ThreatMap``), what that means
for a fighter of ours on a space (``exposure_odds``), and how good each space is for it
(``SpaceFacts``): a target in reach, closing in on the foe's hero, the blows it could take
there, hazards at a foe's turn start, a sidekick screening its hero.

The policy gathers the facts of a decision (its style, the threat map, our defense cards) and
``SpaceFacts`` works out each space's value from them alone: this is the AI's innermost loop,
compiled with C fields and C arithmetic (``position.pxd``).
"""

from __future__ import annotations

from array import array

try:
    import cython
except ImportError:     # a pure install without Cython: the typing declarations do nothing
    from unmatched_sim import _cython_shim as cython

from unmatched_sim.engine.state import Fighter
from unmatched_sim.engine.view import _ViewCore
from unmatched_sim.model import CardDef
from unmatched_sim.policies.odds import Reader

if not cython.compiled:     # compiled, inline functions and the weights' C variables (position.pxd)
    from unmatched_sim.policies.card_facts import usable
    from unmatched_sim.policies.odds import foe_in_focus
    from unmatched_sim.policies.weights import (APPROACH_HERO, APPROACH_RANGED, APPROACH_SIDEKICK, BLOW_FLOOR,
                                                DEFENSE_STOP, EXPOSURE_LATER_SHARE, FLANK_PRESS, FOE_BOOST_HAND,
                                                HERO_LETHAL_BASE, HERO_LETHAL_SAFETY, LETHAL_MARGIN, LETHAL_SPREAD,
                                                SCREEN_WORTH, SECOND_ATTACK_SHARE, SIDEKICK_EXPOSURE,
                                                TARGET_HERO, TARGET_LATER_SHARE, TARGET_SIDEKICK,
                                                TARGET_WEAK_BONUS, WEAK_HEALTH)


@cython.ccall
@cython.locals(health=cython.double, dmg=cython.double, a=cython.double, d=cython.double,
               i=cython.Py_ssize_t)
def exposure_odds(attacks: tuple, defs: tuple, health) -> tuple[float, float]:
    """(expected damage, chance-ish of defeat) of a fighter with ``health`` facing ``attacks``
    (expected strengths, strongest first), answered by the defense strengths ``defs`` in turn."""
    if not attacks:
        return 0.0, 0.0
    dmg = 0.0
    for i, a in enumerate(attacks):
        d = defs[i] if i < len(defs) else 0.0
        dmg += _blow(a, d)
    return dmg, _lethal(dmg, health)


# exposure_odds' two terms, also read by a space's value straight from the threat map's arrays
@cython.cfunc
@cython.inline
def _blow(a: cython.double, d: cython.double) -> cython.double:
    """The damage an expected attack ``a`` deals through a defense ``d``: a defense stops the
    blow only on average (the attack may be stronger)."""
    return max(BLOW_FLOOR * a, a - DEFENSE_STOP * d)


@cython.cfunc
@cython.inline
def _lethal(dmg: cython.double, health: cython.double) -> cython.double:
    """Chance-ish of defeat of a fighter with ``health`` expecting ``dmg``."""
    return min(1.0, max(0.0, (dmg - health + LETHAL_MARGIN) / LETHAL_SPREAD))


# ---------------------------------------------------------------------- the foes' blows
@cython.final
@cython.cclass
class ThreatMap:
    """The attacks the foes could make next turn on a fighter of ours on each space
    (``HeuristicPolicy._threat_map``), as the C arrays it was worked out in: space ``s``'s
    expected attack strengths, strongest first, are ``hits[s * width : s * width + counts[s]]``.
    A space's value reads them there; ``attacks`` and ``as_list`` give them as tuples."""

    hits: cython.double[:]
    counts: bytearray
    width: cython.Py_ssize_t

    def __init__(self, hits, counts: bytearray, width: int):
        self.hits, self.counts, self.width = hits, counts, width

    @cython.ccall
    @cython.locals(space=cython.Py_ssize_t, at=cython.Py_ssize_t, i=cython.Py_ssize_t, k=cython.Py_ssize_t)
    def attacks(self, space) -> tuple:
        """Space ``space``'s expected attack strengths, strongest first."""
        k = self.counts[space]
        at = space * self.width
        return tuple([self.hits[at + i] for i in range(k)])

    @cython.locals(s=cython.Py_ssize_t)
    def as_list(self) -> list:
        """Each space's ``attacks``, by space."""
        return [self.attacks(s) for s in range(len(self.counts))]


# ---------------------------------------------------------------------- a space's worth
@cython.final
@cython.cclass
class SpaceFacts:
    """What ``space_value`` needs about one of our fighters in one decision, looked up once
    (``HeuristicPolicy._space_ctx``); the value of each space is then worked out from these
    alone. Typed fields, so that the compiled build reads them (and calls ``value``) in C."""

    has_targets: cython.bint        # any opposing fighter on the board
    can_attack: cython.bint         # a card in hand this fighter can attack with
    ranged: cython.bint
    is_hero: cython.bint
    has_me: cython.bint             # our hero is on the board (for a sidekick's screening)
    hero_space: cython.Py_ssize_t   # where the opposing hero to close on stands
    me_space: cython.Py_ssize_t     # where our hero stands (if has_me)
    health: cython.double           # this fighter's
    hero_w: cython.double           # worth of the hero's health at stake, times safety
    safety: cython.double
    cau: cython.double
    agg: cython.double
    targets: tuple                  # (space, worth of standing within reach of it)
    tmap: ThreatMap                 # the threat map
    defs: tuple                     # our defense strengths, best first
    adj: bytes                      # the board's adjacency, n * n bytes (Board.adjacency)
    n: cython.Py_ssize_t            # the board's spaces
    zone_mask: tuple
    dist: tuple
    hazard: list                    # damage at a foe's turn start on each space (None: none)
    hazard_w: cython.double         # worth of this fighter's health lost to it
    hazard_lethal: cython.double    # and of its defeat
    _now: list                      # each space's value with no action of ours left after
    _later: list                    # getting there, and with one or more (None: not yet asked)

    @cython.ccall
    @cython.locals(view=_ViewCore, f=Fighter, me=Fighter, hero=Fighter, of=Fighter, d=CardDef)
    def read_board(self, view, fi, foes: tuple):
        """The facts of the board and our hand for our fighter ``fi`` (``foes``: the foe seats);
        the policy sets the rest (its style, the threat map, our defenses, the hazards)."""
        f = view.fighter(fi)
        # Every foe's fighters are targets; the foe in focus's hero is the one to close on.
        # (Plain loops: a generator in compiled code costs more than the work it does here.)
        in_focus = foe_in_focus(view)
        focus = []
        for o in view.on_board(in_focus):
            focus.append(view.fighter(o))
        opp = list(focus)
        for t in foes:
            if t != in_focus:
                for o in view.on_board(t):
                    opp.append(view.fighter(o))
        hero = None
        for of in focus:
            if of.is_hero:
                hero = of
                break
        if hero is None:
            hero = (focus or opp or [None])[0]
        name = f.defn.name
        me = view.my_hero()
        self.has_targets = bool(opp)
        self.can_attack = False
        for c in view.hand_ids():
            d = view.card(c)
            if d.can_attack and usable(d, name):
                self.can_attack = True
                break
        self.ranged = bool(f.defn.ranged)
        self.is_hero = f.is_hero
        self.has_me = me.on_board
        self.hero_space = hero.space if hero is not None else -1
        self.me_space = me.space
        self.health = f.health
        targets = []
        for of in opp:
            targets.append((of.space, TARGET_HERO if of.is_hero
                             else TARGET_SIDEKICK + (TARGET_WEAK_BONUS if of.health <= WEAK_HEALTH else 0.0)))
        self.targets = tuple(targets)
        self.adj, self.n = view._adjacency, view._size      # (the board's, as C fields of the view)
        self.zone_mask, self.dist = view._zone_mask, view.dist
        self.hazard_w = self.hazard_lethal = 0.0
        self._now = self._later = None

    @cython.ccall
    @cython.locals(space=cython.Py_ssize_t, actions_after=cython.Py_ssize_t, row=list)
    @cython.boundscheck(False)     # (every index below is a space, fighter or kind in range)
    @cython.wraparound(False)
    def known_value(self, space, actions_after):
        """``value``, worked out once per space in the decision for "no action left after it"
        and once for "some left": ``value`` reads ``actions_after`` only as one or the other,
        so a space weighed with one action left and again with two is worked out once. (A list
        indexed by space for each: no key to build and hash.)"""
        if actions_after >= 1:
            row = self._later
            if row is None:
                row = self._later = [None] * len(self.dist)
        else:
            row = self._now
            if row is None:
                row = self._now = [None] * len(self.dist)
        got = row[space]
        if got is None:
            got = row[space] = self.value(space, actions_after)
        return got

    @cython.ccall
    @cython.locals(space=cython.Py_ssize_t, actions_after=cython.Py_ssize_t, value=cython.double,
                   best=cython.double, v=cython.double, zone=cython.Py_ssize_t, t_space=cython.Py_ssize_t,
                   d_hero=cython.Py_ssize_t, hero_space=cython.Py_ssize_t, me_space=cython.Py_ssize_t,
                   dmg=cython.double, lethal=cython.double, soon=cython.double, guard=cython.bint,
                   row=tuple, adj=cython.p_uchar, at=cython.Py_ssize_t, zm=tuple, target=tuple,
                   hurt=cython.double, z=cython.Py_ssize_t, tm=ThreatMap, k=cython.Py_ssize_t,
                   i=cython.Py_ssize_t, nd=cython.Py_ssize_t, a=cython.double, d=cython.double, defs=tuple)
    @cython.boundscheck(False)     # (every index below is a space, fighter or kind in range)
    @cython.wraparound(False)
    def value(self, space, actions_after) -> cython.double:
        """How good ``space`` is for the fighter (in rough damage units) with ``actions_after``
        of our actions left after it gets there. Every term is a C double, summed in a fixed
        order."""
        if not self.has_targets:
            return 0.0
        value = 0.0
        # Offense: a target we could attack from here (now, or next turn).
        best = 0.0
        adj = self.adj
        at = space * self.n         # this space's row of the adjacency matrix
        zm = self.zone_mask
        zone = zm[space] if self.ranged else 0
        for target in self.targets:
            t_space = target[0]
            v = target[1]
            if v > best:
                if adj[at + t_space]:
                    best = v
                elif zone:
                    z = zm[t_space]         # (a C integer: the test runs in C)
                    if zone & z:
                        best = v
        if best:
            value += best * (1.0 if (actions_after >= 1 and self.can_attack) else TARGET_LATER_SHARE)
        # Approach: melee closes in on the hero; ranged wants the hero's zone.
        hero_space = self.hero_space
        row = self.dist[space]
        d_hero = row[hero_space]
        if self.ranged:
            z = zm[hero_space]      # (zone is this space's zones: the fighter is ranged)
            if not (zone & z):
                value -= APPROACH_RANGED * max(0, d_hero - 1)
        else:
            value -= (APPROACH_HERO if self.is_hero else APPROACH_SIDEKICK) * max(0, d_hero - 1)
        # Safety: the blows we could take next turn where we end up (fewer if we still act).
        # (exposure_odds on the map's C arrays: the same terms in the same order)
        tm = self.tmap
        k = tm.counts[space]
        dmg = lethal = 0.0
        # A foe's turn-start damage here (Medusa's Gaze in her zone) lands before its blows:
        # they meet the health it leaves.
        hurt = self.hazard[space] if self.hazard is not None else 0.0
        if k:
            at = space * tm.width
            defs = self.defs
            nd = len(defs)
            for i in range(k):
                a = tm.hits[at + i]
                d = defs[i] if i < nd else 0.0
                dmg += _blow(a, d)
            lethal = _lethal(dmg, max(1.0, self.health - hurt))
        if dmg:
            soon = 1.0 if actions_after <= 0 else EXPOSURE_LATER_SHARE
            if self.is_hero:
                value -= soon * (self.hero_w * dmg + (HERO_LETHAL_SAFETY * self.safety + HERO_LETHAL_BASE) * lethal)
            else:
                value -= soon * SIDEKICK_EXPOSURE * dmg
        # A foe's ability that hurts whoever stands here when its turn starts (Medusa's Gaze in
        # her zone): sure damage, not a blow the foe may or may not land.
        if hurt:
            soon = 1.0 if actions_after <= 0 else EXPOSURE_LATER_SHARE
            value -= soon * (self.hazard_w * min(hurt, self.health)
                             + (self.hazard_lethal if hurt >= self.health else 0.0))
        # Sidekicks: screen our hero (careful) or press the attack (aggressive).
        if not self.is_hero and self.has_me:
            me_space = self.me_space
            guard = row[me_space] <= 1 and d_hero <= self.dist[me_space][hero_space]
            value += (SCREEN_WORTH * self.cau) if guard else 0.0
            value -= FLANK_PRESS * self.agg * d_hero
        return value


# The threat map's C arrays start as copies of an all-zero array of their size, kept by size: a
# slice copies the block at once.
_ZEROS: dict = {}


@cython.cfunc
def _zeros(size: cython.Py_ssize_t):
    got = _ZEROS.get(size)
    if got is None:
        got = _ZEROS[size] = array("d", [0.0]) * size
    return got[:]


@cython.locals(view=_ViewCore, n=cython.Py_ssize_t, hand=cython.Py_ssize_t, boost=cython.Py_ssize_t,
               here=cython.Py_ssize_t, zones=cython.Py_ssize_t, r=cython.Py_ssize_t, s=cython.Py_ssize_t,
               e=cython.double, ranged=cython.bint, second=cython.double, zm=tuple, adjacent=tuple,
               hits=cython.double[:], P=cython.Py_ssize_t, M=cython.Py_ssize_t,
               counts=bytearray, width=cython.Py_ssize_t, at=cython.Py_ssize_t, i=cython.Py_ssize_t,
               out=list, k=cython.Py_ssize_t, a=cython.double, b=cython.double, foe_reader=Reader,
               z=cython.Py_ssize_t, near=tuple, tm=ThreatMap, of=Fighter, j=cython.Py_ssize_t)
@cython.boundscheck(False)     # (every index below is a space, fighter or kind in range)
@cython.wraparound(False)
@cython.ccall
def threat_map_of(view, foes: tuple, readers: list) -> ThreatMap:
    """For each space, the attacks the foes (``foes``, each with its card odds in ``readers``)
    could make next turn on a fighter of ours standing there: expected attack strengths (exact odds of the best card each attacker
    may hold, from the unseen cards), strongest first.

    A foe that can hit the space *without moving* has both its actions for attacks (two,
    if its hand holds two cards); one that must first move there (its move plus a likely
    BOOST, along the paths our fighters do not block) has one. Every foe counts, each with
    its own cards and its own two actions.

    (The per-space strengths are C arrays the compiled build reads and writes directly:
    ``array.array`` buffers typed as memoryviews; each foe adds at most two attacks to a
    space, so space ``s``'s attacks are ``hits[s * width : s * width + counts[s]]``.)"""
    n = view._size          # (the board's facts as C fields of the view)
    zm = view._zone_mask
    adjacent = view._adjacent_seq
    width = 2 * len(foes)
    # One array for the map and a foe's two scratch rows (a copy of a kept zero array: no
    # bytes to build and parse): one allocation and one buffer view per map. The rows are read at
    # their offsets in it, compiled or not (a slice of it, run as Python, is a copy).
    hits = _zeros(n * width + 2 * n)
    P = n * width           # hits[P + s]: the best attack reaching space s without moving
    M = P + n               # hits[M + s]: the best attack reaching it after a move
    counts = bytearray(n)
    for j in range(len(foes)):
        t = foes[j]
        foe_reader = readers[j]
        hand = view.hand_size(t)
        if hand <= 0 and view.deck_size(t) <= 0:
            continue
        for s in range(n):
            hits[P + s] = 0.0
            hits[M + s] = 0.0
        boost = 1 if hand >= FOE_BOOST_HAND else 0
        for o in view.on_board(t):
            of = view.fighter(o)
            e = foe_reader.threat(of.defn.name)
            if e <= 0:
                continue
            here = of.space
            ranged = of.defn.ranged
            near = adjacent[here]
            for s in near:
                if e > hits[P + s]:
                    hits[P + s] = e
            if ranged:
                zones = zm[here]
                for s in range(n):
                    z = zm[s]           # (a C integer: the test below runs in C)
                    if z & zones and e > hits[P + s]:
                        hits[P + s] = e
            m = (of.defn.move if of.defn.move is not None else view.move_value(t)) + boost
            zones = 0
            for r in view.reachable(o, m):
                near = adjacent[r]
                for s in near:
                    if e > hits[M + s]:
                        hits[M + s] = e
                zones |= zm[r]
            if ranged:
                for s in range(n):
                    z = zm[s]
                    if z & zones and e > hits[M + s]:
                        hits[M + s] = e
        # A hand of one card (plus the maneuver's draw) makes one attack; two make two.
        second = SECOND_ATTACK_SHARE if hand >= 2 else 0.0
        for s in range(n):
            at = s * width + counts[s]
            if hits[P + s] > 0:
                hits[at] = hits[P + s]
                counts[s] += 1
                if second:
                    hits[at + 1] = second * max(hits[P + s], hits[M + s])
                    counts[s] += 1
            elif hits[M + s] > 0:
                hits[at] = hits[M + s]
                counts[s] += 1
    for s in range(n):      # each space's attacks, strongest first (two: one comparison)
        k = counts[s]
        at = s * width
        if k == 2:
            a, b = hits[at], hits[at + 1]
            if a < b:
                hits[at], hits[at + 1] = b, a
        elif k > 2:
            ordered = sorted([hits[at + i] for i in range(k)], reverse=True)
            for i in range(k):
                hits[at + i] = ordered[i]
    # (its fields set here, in C: a typed buffer passed to the constructor would be made a
    # Python view object and checked again)
    tm = ThreatMap.__new__(ThreatMap)
    tm.hits, tm.counts, tm.width = hits, counts, width
    return tm
