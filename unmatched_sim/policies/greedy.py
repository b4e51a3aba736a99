"""A one-step heuristic player: gets in range and attacks, defends with its best card, boosts
movement when that brings a target in reach, plays schemes, and never reaches past what its
``PlayerView`` shows. Every decision kind has a handler; unknown kinds fall back to a sensible
default so new heroes play (if not cleverly) before they get their own heuristics.
"""

from __future__ import annotations

from types import SimpleNamespace

try:
    import cython
except ImportError:     # a pure install without Cython: the typing declarations do nothing
    from unmatched_sim import _cython_shim as cython

from unmatched_sim.engine.effects import QUANTITIES
from unmatched_sim.engine.game import IllegalChoice
from unmatched_sim.hooks import AI_ADVICE, CARD_ADVICE, VIEW_CONDITIONS, VIEW_QUANTITIES
from unmatched_sim.model import CardDef
from unmatched_sim.policies.registry import register
from unmatched_sim.policies.base import Policy
from unmatched_sim.engine.state import Fighter, other_role
from unmatched_sim.engine.view import _ViewCore

EFFECT_WEIGHT = {"draw": 0.6, "damage": 0.8, "gain_action": 1.2, "boost_card": 1.0,
                 "cancel_effects": 0.7, "recover": 0.6, "discard": 0.6, "place": 0.4, "move": 0.3}


# Each policy class's handler of each kind of decision (``on_<kind>``, or None), looked up once per
# class and kind (``getattr(self, "on_" + kind)`` would build the name and miss the type's
# attribute cache at every decision). A handler is a method of the class: one set on an instance
# is not seen.
_HANDLERS: dict = {}
_UNSEEN = object()

# card_power is worked out once per card and kept in the card's own memo (CardDef.ai_memo) in
# this slot; the heuristic's card facts (card_facts.py) use the slots below it.
_POWER_SLOT = 16
_SELF_DAMAGE_SLOT = 17      # and 18 (played by its owner: 17 + 1); the heuristic's 19 follows


@cython.ccall
def card_power(d: CardDef) -> float:
    """A rough worth of holding a card: its value plus something for each effect it carries."""
    got = d.ai_fact(_POWER_SLOT)
    if got is None:
        got = d.keep_ai_fact(_POWER_SLOT, _card_power(d))
    return got


@cython.ccall
@cython.locals(total=cython.Py_ssize_t, slot=cython.Py_ssize_t)
def card_self_damage(d: CardDef, mine: cython.bint) -> int:
    """``GreedyPolicy.self_damage`` of card ``d``, played by its owner (``mine``) or not: a
    fact of the card, kept in its memo like its power."""
    slot = _SELF_DAMAGE_SLOT + mine
    got = d.ai_fact(slot)
    if got is not None:
        return got
    total = 0
    for ops in d.effects.values():
        for op in ops:
            if op.NAME != "damage" or op.spec.get("target") != "hero":
                continue
            cond = op.spec.get("if")
            if cond == "played_by_owner" and not mine or cond == "not played_by_owner" and mine:
                continue    # the half of a TRICK that does not apply to this player
            amount = op.spec.get("amount")
            total += amount if isinstance(amount, int) else 0
    d.keep_ai_fact(slot, total)
    return total


def _card_power(d: CardDef) -> float:
    score = float(d.value or 0)
    for timing, ops in d.effects.items():
        if timing in ("boost_bonus", "when_discarded_by_opponent"):
            continue
        for op in ops:
            score += EFFECT_WEIGHT.get(op.NAME, 0.3)
    if d.type == "scheme":
        score += 2.0
    return score


def trick_power(d: CardDef, mine: bool) -> float:
    """Worth of one of Loki's TRICKs to the player holding it (``mine``: Loki himself). Its
    "Loki." parts (``if = "played_by_owner"``) help only Loki; its "Not Loki." parts
    (``"not played_by_owner"``) hurt whoever else plays it, so they count against them."""
    score = float(d.value or 0)
    for timing, ops in d.effects.items():
        for op in ops:
            w = EFFECT_WEIGHT.get(op.NAME, 0.3)
            cond = op.spec.get("if")
            if cond == "played_by_owner":
                score += w if mine else 0.0
            elif cond == "not played_by_owner":
                score -= 0.0 if mine else 2.0 * w
            else:
                score += w
    if d.type == "scheme" and mine:
        score += 2.0
    return score


@cython.cfunc
@cython.locals(v=_ViewCore, hero_space=cython.Py_ssize_t, d_hero=cython.Py_ssize_t, near=cython.Py_ssize_t,
               t=cython.Py_ssize_t, threats=cython.Py_ssize_t, score=cython.double, targets=tuple,
               dist=tuple, row=tuple, f=Fighter, space=cython.Py_ssize_t)
@cython.returns(cython.double)
def _position_score(view, fi, space, targets) -> float:
    """``GreedyPolicy.position_score``: how good ``space`` is for fighter ``fi`` against the
    opposing fighters on ``targets`` (``target_spaces``, the hero first)."""
    v = view
    f = v._fighters[fi]
    dist = v.dist
    if not targets:
        return 0.0
    hero_space = targets[0]
    if f.defn.ranged:
        score = 10.0 if v.can_hit_from(fi, space, hero_space) else -dist[space][hero_space]
        adjacent = v._adjacent
        threats = 0
        for s in targets:
            if space in adjacent[s]:
                threats += 1
        return score - 2.0 * threats
    row = dist[space]
    d_hero = near = row[hero_space]
    for t in targets:
        if row[t] < near:
            near = row[t]
    return -d_hero * 1.0 - near * 0.3 + (5.0 if d_hero == 1 else 0.0)


@cython.cfunc
@cython.locals(view=_ViewCore)
def _hits_from_any(view, fi, spaces, target) -> cython.bint:
    """Could fighter ``fi`` attack ``target``'s space from one of ``spaces``?"""
    for s in spaces:
        if view.can_hit_from(fi, s, target):
            return True
    return False


@cython.cfunc
def _blocks_attack(card) -> cython.bint:
    """Does this defense card make the attack worth 0 outright (Celestial Raiments)?"""
    for t in ("immediately", "during_combat"):
        for op in card.effects.get(t, ()):
            if op.NAME == "ignore_value" and op.card == "opponent" and "if" not in op.spec:
                return True
    return False


def _illegal(policy, decision, choice, handler) -> None:
    """An answer that is not one of the decision's options is a bug in the policy (or in a
    hero's advice): it stops the game, naming the policy, the decision and the answer, rather
    than being replaced by a legal option that hides it."""
    who = (f"its handler {handler.__name__}" if handler is not None
           else "the hero's advice" if AI_ADVICE.get(decision.kind) else "its default")
    raise IllegalChoice(f"policy '{policy.name}' ({type(policy).__name__}, {who}) answered {choice!r} "
                        f"to a '{decision.kind}' decision; the options were {decision.options!r}")


def condition_seen(view, cond, fi, foe) -> int:
    """Whether a combat card's condition ``cond`` (an ``if`` as written: a name, ``"not
    name"``, or ``{ quantity = ..., at_most = N }``) holds for fighter ``fi`` (ours, or a foe's
    whose card we guess) against ``foe`` as the view tells it now (``hooks.VIEW_CONDITIONS``):
    1 or 0, or -1 where the view cannot tell (the foe's card, a number it does not know)."""
    if isinstance(cond, dict):
        read = VIEW_CONDITIONS.get(cond.get("quantity"))
        if read is None:
            return -1
        n = read(view, fi, foe)
        lo, hi = cond.get("at_least"), cond.get("at_most")
        return int((lo is None or n >= lo) and (hi is None or n <= hi))
    negate = cond.startswith("not ")
    read = VIEW_CONDITIONS.get(cond[4:] if negate else cond)
    if read is None:
        return -1
    return int(bool(read(view, fi, foe)) != negate)


@cython.cclass
class GreedyPolicy(Policy):
    name = "greedy"
    summary = "one-step rules: closes in and attacks with its best card, defends with its best card, " \
              "boosts to reach a target, plays schemes"
    params = {"aggression": 0.7, "doubloon_worth": 1.5}
    param_help = {"aggression": "0..1: chance to attack when its best attack card is weak",
                  "doubloon_worth": "≥ 0: what a doubloon is worth when paying Blackbeard's ransoms"}
    param_ranges = {"aggression": (0.0, 1.0), "doubloon_worth": (0.0, None)}

    def __init__(self, rng, **params):
        super().__init__(rng, **params)
        self._targets = None      # (view, target spaces) for the decision being made
        self._advice_view = self._advice_fn = None
        # A subclass with other parameters (the heuristic's) still runs greedy's handlers, which
        # read greedy's own: they get greedy's defaults.
        self.default_params(GreedyPolicy.params)

    @cython.locals(table=dict)
    def choose(self, view, decision):
        self._targets = None
        kind = decision.kind
        table = _HANDLERS.get(type(self))
        if table is None:
            table = _HANDLERS[type(self)] = {}
        handler = table.get(kind, _UNSEEN)
        if handler is _UNSEEN:
            handler = table[kind] = getattr(type(self), "on_" + kind, None)
        if handler is not None:
            choice = handler(self, view, decision)
        else:   # a hero's own decision: its hook module says how to play it (hooks.advise)
            advice = AI_ADVICE.get(decision.kind)
            choice = advice(self, view, decision) if advice else self.default(view, decision)
        if choice not in decision.options:
            _illegal(self, decision, choice, handler)
        return choice

    # ------------------------------------------------------------ helpers
    def default(self, view, d):
        if any(o is True for o in d.options):      # a yes/no question (not seat 1, which == True)
            return True
        non_none = [o for o in d.options if o is not None]
        return self.rng.choice(non_none or list(d.options))

    # ------------------------------------------------------------ looking at and searching decks
    def deck_card_worth(self, view, cid, owner: int) -> float:
        """What a card of ``owner``'s deck is worth to ``owner``: our own by our usual measure
        (``power``: the heuristic's keep worth), anyone else's by its printed strength."""
        return self.power(view, cid) if owner == view.seat else self.held_power(view, cid, owner)

    def _deck_pick(self, view, d, best_for_friend: bool):
        """The card of a looked-at deck top to pick: the best one for its owner when
        ``best_for_friend`` and the owner is on our side (or the worst when picking against a
        foe), else the reverse. Ties: the lowest card id."""
        owner = d.info.get("owner", view.seat)
        friendly = owner == view.seat or not view.is_foe(owner)
        sign = 1.0 if best_for_friend == friendly else -1.0
        return max(d.options, key=lambda c: (sign * self.deck_card_worth(view, c, owner), -c))

    def on_deck_to_hand(self, view, d):
        """A card of the looked-at top goes to its owner's hand: our best; a foe's worst."""
        return self._deck_pick(view, d, True)

    def on_deck_to_bottom(self, view, d):
        """A card goes under the deck: our worst; a foe's best (they will not see it soon)."""
        return self._deck_pick(view, d, False)

    def on_deck_discard(self, view, d):
        """A card of the top is discarded: our worst; a foe's best."""
        return self._deck_pick(view, d, False)

    def on_deck_order(self, view, d):
        """The next card to put back on top (the first chosen is drawn first): our best; the
        card a foe would least like to draw."""
        return self._deck_pick(view, d, True)

    def on_search_where(self, view, d):
        """A searched card is taken from the discard pile when it is there too: the deck keeps
        all its cards for the draws (and the turns) to come."""
        return "discard" if "discard" in d.options else d.options[0]

    def on_shuffle_into_deck(self, view, d):
        """Cards of our discard pile shuffled back into our deck: the best first, and as many
        as allowed (each is a later draw, and a later exhaustion)."""
        cards = [c for c in d.options if c is not None]
        return max(cards, key=lambda c: (self.power(view, c), -c)) if cards else None

    def on_effect_hand_card(self, view, d):
        """The card of a foe's hand to shuffle into their deck: the one worth most to them."""
        victim = d.info.get("victim", view.opp)
        return max(d.options, key=lambda c: (self.held_power(view, c, victim), -c))

    def on_effect_opponent(self, view, d):
        """Which foe "your opponent" means for a card played outside a combat (a free-for-all
        or team game): the foe in focus, the one we fight or stand nearest to."""
        return view.opp if view.opp in d.options else d.options[0]

    def power(self, view, cid) -> float:
        return self.held_power(view, cid, view.seat)

    @cython.annotation_typing(False)
    @cython.locals(v=_ViewCore, d=CardDef)
    def held_power(self, view, cid, holder: int) -> float:
        """``power`` of a card in ``holder``'s hand, seen from that player's side (a TRICK of
        Loki's is worth less to the opponent holding it than to Loki)."""
        v = view
        d = v._defs[cid]
        if "trick" in d.tags:
            return trick_power(d, v._owners[cid] == holder)
        return card_power(d)

    @cython.locals(v=_ViewCore, d=CardDef)
    def value_gain(self, view, cid) -> float:
        """What a combat card's own during-combat effects add to its printed value if we play it
        now, where the view tells the numbers they read (hand sizes; our TRICKs they hold; the
        public numbers of ``hooks.VIEW_QUANTITIES``, Shakespeare's line): Shapeshifter, Ragnarök,
        Underhanded, Horror. Other effects count 0 here."""
        v = view
        d = v._defs[cid]
        during = d.effects.get("during_combat")
        if not during:
            return 0.0          # the common case, and on the hot path: nothing to compute
        return self._during_gain(view, cid, d, during)

    def _during_gain(self, view, cid, d, during) -> float:
        """``value_gain`` of a card with during-combat effects (closures: not in the cpdef)."""
        base = float(d.value or 0)
        held = view.hand_size(view.seat)
        mine_after = held - 1 if cid in view.hand_ids() else held
        # the quantities the view can tell, by their functions (what an amount holds)
        known = {QUANTITIES["opponent_hand_size"]: view.hand_size(view.opp),
                 QUANTITIES["own_hand_size"]: mine_after,
                 QUANTITIES["opponent_hand_tricks"]: sum(
                     1 for c in view.known_opponent_hand()
                     if view.card_owner(c) == view.seat and "trick" in view.card(c).tags)}

        def amount(a):
            if a.fn is None:
                return a.const
            n = known.get(a.fn)
            if n is None:       # a public number a hero's package tells (few cards read one)
                tell = VIEW_QUANTITIES.get(a.fn)
                if tell is not None:
                    n = tell(view, view.seat, cid)
            return None if n is None else n * a.times

        role = view.my_role() if view.in_combat else None
        pair = view.combat_fighters() if role is not None else None

        def run(ops, v):
            for op in ops:
                cond = op.spec.get("if")
                if cond == "opponent_hand_larger":
                    if not view.hand_size(view.opp) > mine_after:
                        continue
                elif cond is not None:      # one the board tells (Momentous Shift once moved)
                    if pair is None or condition_seen(view, cond, pair[role], pair[other_role(role)]) != 1:
                        continue
                if op.NAME == "add_value" and op.card == "self":
                    v += amount(op.amount) or 0
                elif op.NAME == "set_value" and op.card == "self":
                    n = amount(op.to)
                    v = v if n is None else n
                elif op.NAME == "choose_one":
                    v = max(run(mode, v) for _, mode in op.modes)
            return v
        return run(during, base) - base

    def lowest(self, view, cids):
        return min(cids, key=lambda c: (self.power(view, c), c))

    def highest(self, view, cids):
        return max(cids, key=lambda c: (self.power(view, c), -c))

    @cython.locals(opp=Fighter, f=Fighter, spaces=list, F=list)
    def target_spaces(self, view) -> tuple[int, ...]:
        """Where the opposing fighters stand, the hero first (worked out once per decision)."""
        got = self._targets
        if got is not None and got[0] is view:
            return got[1]
        opp = view.opp_hero()
        spaces = [opp.space] if opp.on_board else []
        F = view._fighters
        for fi in view.on_board(view.opp):
            f = F[fi]
            if not f.is_hero:
                spaces.append(f.space)
        out = tuple(spaces)
        self._targets = (view, out)
        return out

    def position_score(self, view, fi, space) -> float:
        return _position_score(view, fi, space, self.target_spaces(view))

    @cython.locals(best=cython.double, v=cython.double)
    def best_position(self, view, fi, spaces) -> int:
        """The space of ``spaces`` with the best ``position_score`` (the lowest of equals)."""
        targets = self.target_spaces(view)
        best = 0.0
        pick = None
        for s in spaces:
            v = _position_score(view, fi, s, targets)
            if pick is None or v > best or (v == best and s < pick):
                best, pick = v, s
        return pick

    @cython.locals(v=_ViewCore, f=Fighter, defs=list, out=list, d=CardDef)
    def usable_attack_cards(self, view, fi):
        v = view
        f = v._fighters[fi]
        name = f.defn.name
        defs = v._defs
        out = []
        for c in view.hand_ids():
            d = defs[c]
            if d.can_attack and (d.users is None or name in d.users):     # (d.usable_by(name))
                out.append(c)
        return out

    # ------------------------------------------------------------ turn structure
    def on_action(self, view, d):
        opts = d.options
        exhausted = view.deck_size(view.seat) == 0
        if "attack" in opts:
            best = max((view.card(c).value or 0) for c in view.hand_ids() if view.card(c).can_attack)
            if best >= 2 or exhausted or self.rng.random() < self.aggression:
                return "attack"
        if "scheme" in opts:
            # A scheme worth nothing to us (Loki's Svaðilfari's Lure in his opponent's hand
            # only hurts them) is not a reason to take the scheme action.
            schemes = [c for c in view.hand_ids() if view.card(c).type == "scheme" and self.power(view, c) > 0]
            draws = any(op.NAME == "draw" for c in schemes for op in view.card(c).effects.get("effect", ()))
            if schemes and not (draws and view.deck_size(view.seat) < 3):
                return "scheme"
        return "maneuver"

    def on_scheme_card(self, view, d):
        # Prefer schemes that gain an action, then the one worth most.
        def worth(opt):
            cid, fi = opt
            ops = view.card(cid).effects.get("effect", ())
            return (any(op.NAME == "gain_action" for op in ops), self.power(view, cid),
                    view.fighter(fi).is_hero)
        return max(d.options, key=worth)

    def best_card_value(self, view, fi):
        """The value (with its own during-combat gain) of fighter ``fi``'s best attack card."""
        best = 0
        first = True
        for c in self.usable_attack_cards(view, fi):
            v = (view.card(c).value or 0) + self.value_gain(view, c)
            if first or v > best:
                best, first = v, False
        return best

    @cython.locals(target=Fighter)
    def on_attack_target(self, view, d):
        best_of = {}    # attacker -> its best attack card's value: the same whatever the target
        pick = top = None
        for opt in d.options:       # the first of the best, as max() with a key would choose
            fi, t = opt
            target = view.fighter(t)
            best = best_of.get(fi)
            if best is None:
                best = best_of[fi] = self.best_card_value(view, fi)
            s = best + (2.0 if target.is_hero else 0.0)
            if best >= target.health:
                s += 6.0 if target.is_hero else 2.0
            if top is None or s > top:
                top, pick = s, opt
        return pick

    @cython.locals(d=CardDef)
    @cython.locals(v=_ViewCore)
    def self_damage(self, view, cid) -> int:
        """Damage a card would deal to this player's own hero if this player played it (the
        "Not Loki." half of Baldr's Downfall)."""
        v = view
        return card_self_damage(v.card(cid), v.card_owner(cid) == v.seat)

    def card_bonus(self, view, cid) -> float:
        """A hero's own preference for playing this combat card now (hooks.CARD_ADVICE), looked
        up once per view: a view's hero is its seat's for the whole game (the look-up goes
        through the hero's ability and the registry)."""
        if view is not self._advice_view:
            self._advice_fn = CARD_ADVICE.get(view.hero().ability.hook) if CARD_ADVICE else None
            self._advice_view = view
        fn = self._advice_fn
        return fn(self, view, cid) if fn is not None and cid is not None else 0.0

    def on_attack_card(self, view, d):
        # Never play a card whose effect on our own hero would defeat it (if another card will do).
        health = view.my_hero().health
        safe = [c for c in d.options if self.self_damage(view, c) < health] or list(d.options)
        # The card of greatest worth, the lowest id of equals (a loop, as max() with a key
        # would choose: the first of the greatest).
        pick = best = None
        for c in safe:
            k = (self.power(view, c) + self.value_gain(view, c) + self.card_bonus(view, c), -c)
            if best is None or k > best:
                best, pick = k, c
        return pick

    @cython.locals(card=CardDef)
    def on_defense_card(self, view, d):
        cards = [c for c in d.options if c is not None]
        if not cards:
            return None
        me = view.fighter(d.info["fighter"])
        pick = best = None
        for c in cards:         # the first of the most worth, as max() with a key would choose
            card = view.card(c)
            v = float(card.value or 0) + self.value_gain(view, c)
            for op in card.effects.get("immediately", ()):
                if op.NAME == "recover":
                    v += min(4, me.max_health - me.health)
            if _blocks_attack(card):
                v += 6.0   # the attack is worth 0 (Celestial Raiments): better than any value
            v = v + 0.2 * self.power(view, c) + self.card_bonus(view, c)
            if best is None or v > best:
                best, pick = v, c
        return pick

    def on_sidekick_start(self, view, d):
        targets = [view.opp_hero().space]
        return min(d.options, key=lambda s: (min(view.dist[s][t] for t in targets), s))

    def on_hand_limit_discard(self, view, d):
        return self.lowest(view, d.options)

    # ------------------------------------------------------------ movement
    def on_maneuver_boost(self, view, d):
        cards = [c for c in d.options if c is not None]
        if not cards:
            return None
        me = view.my_hero()
        if not me.on_board:
            return None
        targets = self.target_spaces(view)
        if not targets:
            return None
        move = view.move_value()
        if _hits_from_any(view, me.idx, view.reachable(me.idx, move), targets[0]):
            return None
        # Boost with a cheap card that brings the enemy hero into reach.
        for power, c in sorted([(self.power(view, c), c) for c in cards]):
            extra = view.card(c).boost_value
            if extra and _hits_from_any(view, me.idx, view.reachable(me.idx, move + extra), targets[0]):
                if power <= 3.5 or view.hand_size(view.seat) > 5:
                    return c
        return None

    def on_move_order(self, view, d):
        for fi in d.options:
            if fi is not None and view.fighter(fi).is_hero:
                return fi
        return next((o for o in d.options if o is not None), None)

    def on_effect_move_order(self, view, d):
        return self.on_move_order(view, d)

    def on_move_destination(self, view, d):
        fi = d.info["fighter"]
        return self.best_position(view, fi, d.options)

    # ------------------------------------------------------------ effects
    def cost_advice(self, view, d):
        """A hero's own advice on paying a cost of its own kind (``cost_kind``, e.g. Titania's
        glamour): registered as ``@advise("cost:<kind>")``; None if there is none."""
        kind = d.info.get("cost_kind")
        fn = AI_ADVICE.get(f"cost:{kind}") if kind not in (None, "discard", "damage") else None
        return fn(self, view, d) if fn is not None else None

    def on_effect_may(self, view, d):
        advice = self.cost_advice(view, d)
        if advice is not None:
            return advice
        cost = d.info.get("cost", 0)
        if cost:
            return view.hand_size(view.seat) >= cost + 2
        damage = d.info.get("cost_damage", 0)
        if damage:
            # Pay with health only while plenty is left (Unsettle: 2 damage for 1 more discard).
            return view.my_hero().health - damage >= 7
        return True

    def on_effect_fighter(self, view, d):
        op = d.info.get("op")
        mine = [o for o in d.options if o is not None and not view.is_foe(view.fighter(o).owner)]
        theirs = [o for o in d.options if o is not None and view.is_foe(view.fighter(o).owner)]
        if op in ("damage",):
            if theirs:
                return min(theirs, key=lambda f: (not view.fighter(f).is_hero, view.fighter(f).health))
            return None if None in d.options else min(mine, key=lambda f: view.fighter(f).is_hero)
        if op in ("recover", "place", "move", "swap_fighters"):
            if mine:
                return max(mine, key=lambda f: view.fighter(f).is_hero)
        if op == "summon" and mine:
            # Every token is on the board: re-place the one standing worst.
            return min(mine, key=lambda f: (self.position_score(view, f, view.fighter(f).space), f))
        return d.options[0]

    def on_effect_destination(self, view, d):
        fi = d.info["fighter"]
        f = view.fighter(fi)
        if not view.is_foe(f.owner):    # ours or a teammate's: put it somewhere good
            return self.best_position(view, fi, d.options)
        me = view.my_hero()
        if not me.on_board:
            return d.options[0]
        source = d.info.get("card")
        if (source is not None and source >= 0 and view.is_my_turn() and view.card_owner(source) == view.seat
                and any(op.NAME == "gain_action" for op in view.card(source).effects.get("effect", ()))
                and any(view.card(c).can_attack and view.card(c).usable_by(me.defn.name) for c in view.hand_ids())):
            # A scheme that moves an opposing fighter and then gains an action (Zeus's
            # Mischief): pull it next to the hero to attack it with that action.
            return min(d.options, key=lambda s: (view.dist[s][me.space], s))
        return max(d.options, key=lambda s: (view.dist[s][me.space], -s))

    def on_effect_discard(self, view, d):
        if d.info.get("victim") == view.seat:
            return self.lowest(view, d.options)
        return self.highest(view, d.options)

    def on_effect_cost_discard(self, view, d):
        return self.lowest(view, d.options)

    def on_effect_fighters(self, view, d):
        """"... up to N fighters" (Tooth and Tail): as many opposing fighters as allowed, the
        hero among them, none of ours — the reverse for a helpful effect."""
        harmful = d.info.get("op") == "damage"

        def score(fighters):
            mine = sum(1 for f in fighters if not view.is_foe(view.fighter(f).owner))   # teammates too
            theirs = len(fighters) - mine
            their_hero = any(view.fighter(f).is_hero and view.is_foe(view.fighter(f).owner) for f in fighters)
            return (theirs - 2 * mine, their_hero) if harmful else (mine - 2 * theirs, not their_hero)
        return max(d.options, key=score)

    def on_conveyor_bin(self, view, d):
        fi = d.info["fighter"]
        return self.best_position(view, fi, d.options)

    def on_effect_put_on_deck(self, view, d):
        return self.lowest(view, d.options)

    def on_effect_return_card(self, view, d):
        return max(d.options, key=lambda c: (view.card(c).boost_value, -c))

    def on_effect_mode(self, view, d):
        labels = list(d.options)
        hand = view.hand_ids()
        per_card = [lab for lab in labels if "per card in the opponent's hand" in lab]
        action = [lab for lab in labels if "gain 1 action" in lab]
        if per_card and action:   # Shapeshifter: +1 per card they hold, or one more action
            return per_card[0] if view.hand_size(view.opp) >= 3 else action[0]
        attack_soon = view.is_my_turn() and view.actions_now() >= 1 and any(
            view.attack_targets(fi) for fi in view.on_board(view.seat))
        for label in labels:
            if "values" in label and attack_soon and any(view.card(c).can_attack for c in hand):
                return label
        for label in labels:
            if "draw" in label and len(hand) <= 4 and view.deck_size(view.seat) >= 5:
                return label
        for label in labels:
            if "discard" in label and view.hand_size(view.opp) >= 2:
                return label
        return labels[0]

    def on_effect_modes(self, view, d):
        """"Choose N different effects" (Gift of the Fair Folk): the modes ranked by the rule of
        ``on_effect_mode`` applied again to what is left, and the set with the best ranks."""
        left = list(dict.fromkeys(lab for opt in d.options for lab in opt))
        rank = {}
        while left:
            pick = self.on_effect_mode(view, SimpleNamespace(kind="effect_mode", player=d.player,
                                                             options=tuple(left), info=d.info))
            rank[pick] = len(rank)
            left.remove(pick)
        return min(d.options, key=lambda opt: (sorted(rank[lab] for lab in opt), opt))

    def on_combat_boost(self, view, d):
        cards = [c for c in d.options if c is not None]
        if not cards:
            return None
        cheap = [c for c in cards if self.power(view, c) <= 3.0 or view.card(c).type == "scheme"]
        pool = cheap or (cards if view.hand_size(view.seat) >= 4 else [])
        if not pool:
            return None
        return max(pool, key=lambda c: (view.card(c).boost_value - 0.3 * self.power(view, c), -c))

    def on_effect_take_from_discard(self, view, d):
        return self.highest(view, d.options)

    # ------------------------------------------------------------ Blackbeard's doubloons
    # What an effect is worth to the player it serves, in the same rough units as health
    # (per card drawn/discarded, per health for damage and recovery, else per effect).
    RANSOM_EFFECT_WORTH = {"draw": 0.6, "damage": 0.8, "recover": 0.5, "discard": 0.7,
                           "gain_action": 1.5, "boost_card": 1.2, "return_boost_card": 0.8,
                           "place": 0.5, "move": 0.4, "revive": 4.0, "set_value": 1.5,
                           "ignore_value": 2.0, "add_value": 1.0, "cancel_effects": 1.0,
                           "summon": 1.0, "choose_one": 1.5, "lock_values": 1.0,
                           "swap_fighters": 0.5}
    PER_UNIT = ("draw", "damage", "recover", "discard")

    @staticmethod
    def _number(amount, default: int = 2) -> int:
        """A fixed number from an effect field (int or constant Amount); else ``default``."""
        if isinstance(amount, int):
            return amount
        return amount.const if amount is not None and getattr(amount, "fn", 0) is None else default

    def _harm(self, view, fi, dmg) -> float:
        """What losing ``dmg`` health costs one of my fighters (a defeated hero: everything)."""
        f = view.fighter(fi)
        dealt = min(dmg, f.health)
        if dealt <= 0:
            return 0.0
        if f.is_hero:
            if dealt >= f.health:
                return 100.0
            return dealt * (1.5 if f.health - dealt <= 4 else 0.7)
        return 0.5 + 0.2 * f.max_health if dealt >= f.health else 0.3 * dealt

    def _effects_worth(self, card, timings) -> float:
        worth = 0.0
        for t in timings:
            for op in card.effects.get(t, ()):
                w = self.RANSOM_EFFECT_WORTH.get(op.NAME, 1.0)
                if op.NAME in self.PER_UNIT:
                    w *= self._number(getattr(op, "amount", None) or getattr(op, "count", None), 1)
                worth += w
        return worth

    def on_ransom(self, view, d):
        """Pay when what the effect would do to us costs more than the doubloons: lethal or
        heavy damage to a low hero, losing our best card, a cancel of a card with strong
        effects. Refuse cheap ones (a random discard, Blackbeard healing a little)."""
        op = d.info["effect"]
        price = self.doubloon_worth * d.info["amount"]
        fighters = d.info.get("fighters", ())
        name = op.NAME
        if name == "damage":
            n = self._number(op.amount)
            cost = sum(self._harm(view, fi, n) for fi in fighters if not view.is_foe(view.fighter(fi).owner))
        elif name == "discard":
            hand = view.hand_ids()
            if not hand:
                cost = 0.0
            elif op.chooser == "you":       # they look and take our best card
                cost = 0.35 * max(self.power(view, c) for c in hand)
            else:
                cost = 0.8 if len(hand) > 2 else 1.2
        elif name == "cancel_effects":
            # Our card's effects still to come; the defender's "immediately" ones already ran.
            role = view.my_role()
            cid = view.combat_cards()[role] if role is not None else None
            timings = ("during_combat", "after_combat") + (("immediately",) if role == 0 else ())
            cost = 1.2 * self._effects_worth(view.card(cid), timings) if cid is not None else 0.0
        elif name == "recover":
            n = self._number(op.amount)
            cost = sum(0.5 * min(n, view.fighter(fi).max_health - view.fighter(fi).health)
                       for fi in fighters)
        elif name == "summon":
            sidekicks = [f for f in view.fighters(view.opp) if not f.is_hero]
            cost = 1.2 if any(not f.on_board for f in sidekicks) else 0.3
        else:
            cost = self.RANSOM_EFFECT_WORTH.get(name, 1.0)
        return cost > price

    def on_effect_unless_discard(self, view, d):
        """"Discard a card or suffer the effect" (Sindri's Bet: or our attack loses 3): pay with
        our least useful card when the effect would cost us and we can spare one."""
        cards = [c for c in d.options if c is not None]
        if not cards:
            return None
        if None not in d.options:
            return self.lowest(view, cards)
        role = view.my_role()
        if role is not None and view.combat_value(role) == 0:
            return None    # nothing left to lose
        return self.lowest(view, cards) if view.hand_size(view.seat) >= 2 else None

    def on_cancel_look(self, view, d):
        return next((o for o in d.options if o is not None), None)

    def on_effect_replace_card(self, view, d):
        cards = [c for c in d.options if c is not None]
        if not cards:
            return None
        best = max(cards, key=lambda c: (view.card(c).value or 0, -c))
        return best if (view.card(best).value or 0) > 2 else None


register(GreedyPolicy)      # (a cclass takes no decorator but its own)
