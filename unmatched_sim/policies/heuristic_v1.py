"""The first version of the heuristic, frozen: the baseline ``tuned-v1`` plays it, so that the
current ``tuned`` can be measured against it (robustness checks). Do not change its play; it is
a yardstick.

Original description:
Heuristic policies that play with intent: ``heuristic``, ``aggressive`` and ``careful``.

They build on ``greedy`` (whose ``on_<decision kind>`` handlers cover every hero's special
decisions) and replace its core judgement with estimates made from what the player may know:

* **Card odds.** The opponent's hand is a random draw from the cards not yet seen (their deck
  list minus their discard pile, the cards in play and the cards we have seen in their hand,
  ``PlayerView.unseen_opponent_cards``). From the hand size we get, exactly (hypergeometric),
  the distribution of the best defense they can answer an attack with, or of the attack they
  have just played face down. Attack and defense cards are chosen on the expected damage they
  deal or save, the chance to win the combat (for "if you won" effects) and to defeat the
  fighter, minus what the card would be worth kept in hand.
* **Positioning.** Each fighter scores spaces: ranged fighters want a target in their zone and no
  melee fighter able to reach them next turn; melee fighters close in on the opposing hero;
  sidekicks flank (aggressive) or stay by their hero to screen it (careful). Threats count what
  each opposing fighter could reach with its move (plus a likely BOOST).
* **Tempo and cards.** Whether to attack, scheme or maneuver compares the attack's expected
  value with the scheme's effects and with a maneuver's draw and repositioning. BOOSTs are spent
  when they change an outcome (a target reached, a combat won, damage saved); cards with a BOOST
  bonus (Houdini) count the bonus. Defense cards are saved when the blow is small and the hero
  healthy. An empty deck makes every draw cost 2 damage per fighter, so maneuvers and draws are
  avoided then, and draws are trimmed to what the deck still holds.
* **Hero decisions.** The Genie's extra action, Three Wishes' mode, Blackbeard's doubloons and
  the ransoms asked of his opponent, Pandora's box, Chupacabra's draw: each has a handler
  here or in greedy.

The two styles differ in two numbers: ``aggression`` (how much dealing damage weighs against
keeping cards and position) and ``caution`` (how much the hero's safety and health weigh).
"""

from __future__ import annotations

from math import comb

from unmatched_sim.engine.state import ATTACKER
from unmatched_sim.model import CardDef
from unmatched_sim.policies.registry import register
from unmatched_sim.policies.greedy import GreedyPolicy
from unmatched_sim.policies.heuristic import estimate_number  # main's fix for computed amounts

NO_CARD = -1          # "no card" in a value distribution
BLOCK_ALL = 99        # a defense that makes the attack worth 0 (Celestial Raiments)

# What an effect is worth, in "damage to the opposing hero" units (rough, by op name).
OP_WORTH = {"draw": 0.7, "gain_action": 1.1, "damage": 0.9, "recover": 0.6, "discard": 0.6,
            "cancel_effects": 0.6, "place": 0.4, "move": 0.3, "summon": 0.8, "look_at_hand": 0.1,
            "boost_card": 0.8, "put_on_deck": 0.1, "return_boost_card": 0.6, "take_from_discard": 0.6,
            "return_discard_top": 0.5, "unless_discard": 0.5, "hook": 0.5}


# ---------------------------------------------------------------------- card facts (cached)
# Keyed by id(card) for speed; each entry keeps its card alive so that id is never reused.
_STRENGTH: dict[tuple[int, bool], tuple[CardDef, tuple[float, float]]] = {}


def _ops(d: CardDef, *timings):
    for t in timings:
        yield from d.effects.get(t, ())


def applies(spec: dict, mine: bool) -> bool:
    """Whether an effect can apply for this player at all: Loki's TRICKs say "Loki." (``if =
    "played_by_owner"``) or "Not Loki." (``"not played_by_owner"``)."""
    cond = spec.get("if")
    if cond == "played_by_owner":
        return mine
    if cond == "not played_by_owner":
        return not mine
    return True


def card_strength(d: CardDef, mine: bool = True) -> tuple[float, float]:
    """(attack strength, defense strength): the printed value adjusted for effects that change
    combat values (may BOOST itself, set its own value, blank the opponent's card...).
    ``mine``: played by the player whose deck it comes from (not so for a TRICK of Loki's
    played by his opponent)."""
    key = (id(d), mine)
    got = _STRENGTH.get(key)
    if got is not None and got[0] is d:    # the entry holds d, so its id is never reused
        return got[1]
    v = float(d.value or 0)
    att = dfn = v
    for op in _ops(d, "immediately", "during_combat"):
        n = op.NAME
        spec = op.spec
        if not applies(spec, mine):
            continue
        if n == "boost_card" and spec.get("card", "self") == "self":
            bonus = 1.5 * min(2, spec.get("times", 1))
            if spec.get("if"):
                bonus *= 0.5
            att += bonus
            dfn += bonus
        elif n == "set_value" and spec.get("card", "self") == "self" and isinstance(spec.get("to"), int):
            to = spec["to"]
            if to > v:
                share = 0.5 if spec.get("if") else 1.0
                att += share * (to - v)
                dfn += share * (to - v)
        elif n == "add_value" and spec.get("card", "self") == "self":
            amt = spec.get("amount")
            gain = amt if isinstance(amt, int) else 1.5
            att += gain
            dfn += gain
        elif n == "ignore_value" and spec.get("card", "opponent") == "opponent":
            dfn = BLOCK_ALL
        elif n == "set_value" and spec.get("card") == "opponent":
            dfn += 1.0      # the attack drops to its BOOST value (This Is No Parlor Trick)
            att += 1.0
        elif n in ("subtract_value",) and spec.get("card", "opponent") == "opponent":
            amt = spec.get("amount")
            gain = amt if isinstance(amt, int) else 2
            att += gain
            dfn += gain
        elif n == "hook":
            att += 0.5
            dfn += 0.5
        elif n == "discharge_coils":
            # (main's addition for Tesla, taken into the frozen copy so new heroes play)
            tos = [o.spec["to"] for o in op.one + op.two if o.NAME == "set_value"
                   and o.spec.get("card", "self") == "self" and isinstance(o.spec.get("to"), int)]
            if tos and max(tos) > v:
                att += 0.5 * (max(tos) - v)
                dfn += 0.5 * (max(tos) - v)
    if d.value == 0 and not any(True for _ in _ops(d, "immediately", "during_combat")):
        att = dfn = 0.0
    _STRENGTH[key] = (d, (att, dfn))
    return att, dfn


def effect_worth(d: CardDef, timings=("after_combat", "immediately", "during_combat"),
                 p_won: float = 0.5, mine: bool = True) -> float:
    """Rough worth of a card's non-value effects when it is played in combat (``mine``: by the
    player whose deck it comes from)."""
    total = 0.0
    for w, cond, may, ransom in _effect_terms(d, timings, mine):
        if cond == _IF_WON:
            w *= p_won
        elif cond == _IF_LOST:
            w *= 1 - p_won
        elif cond == _IF_OTHER:
            w *= 0.5
        if may:
            w = max(0.0, w)
        if ransom:
            w *= 0.6
        total += w
    return total


_IF_NONE, _IF_WON, _IF_LOST, _IF_OTHER = range(4)
_TERMS: dict[tuple, tuple] = {}


def _effect_terms(d: CardDef, timings: tuple, mine: bool) -> tuple:
    """A card's effects as (worth, condition, may, ransom) terms, worked out once per card:
    effect_worth then only applies the chance of winning the combat."""
    key = (id(d), timings, mine)
    got = _TERMS.get(key)
    if got is not None and got[0] is d:
        return got[1]
    terms = []
    for op in _ops(d, *timings):
        n = op.NAME
        spec = op.spec
        if n in ("boost_card", "set_value", "add_value", "ignore_value", "subtract_value"):
            continue        # counted in card_strength
        if not applies(spec, mine):
            continue
        w = OP_WORTH.get(n, 0.3)
        if n == "draw":
            c = spec.get("count", 1)
            w *= c if isinstance(c, int) else 1.5
            if spec.get("who") == "opponent":
                w = -w
        elif n in ("damage", "recover"):
            a = spec.get("amount", 1)
            w *= a if isinstance(a, int) else 1.5
            tgt = str(spec.get("target", ""))
            if n == "damage" and tgt in ("hero", "self", "own_fighter", "each_own"):
                w = -w        # hurts us (a TRICK of Loki's played by his opponent)
            elif n == "recover" and tgt == "owner_hero":
                w = -w        # heals Loki when we play his TRICK
            elif n == "damage" and not ("opposing" in tgt or tgt == "any_fighter" or tgt.startswith("each_opp")):
                w *= 0.4      # may hit our own fighters
        elif n == "discard":
            c = spec.get("count", 1)
            w *= c if isinstance(c, int) else 1
            if spec.get("who") == "self":
                w = -w
        cond = spec.get("if")
        kind = (_IF_WON if cond == "won" else _IF_LOST if cond == "lost"
                else _IF_NONE if cond in (None, "", "played_by_owner", "not played_by_owner")
                else _IF_OTHER)
        terms.append((w, kind, bool(spec.get("may")), bool(spec.get("unless_paid"))))
    got = tuple(terms)
    _TERMS[key] = (d, got)
    return got


def keep_worth(d: CardDef, mine: bool = True) -> float:
    """What a card is worth kept in hand (the cost of spending it)."""
    att, dfn = card_strength(d, mine)
    best = max(att if d.can_attack else 0.0, min(dfn, 6.0) if d.can_defend else 0.0)
    if d.can_attack and d.can_defend:
        best += 0.5
    if d.type == "scheme":
        best = 1.5 + effect_worth(d, ("effect",), mine=mine)
    return best + 0.3 * effect_worth(d, mine=mine)


# ---------------------------------------------------------------------- value distributions
def best_of_dist(known: list[float], pool: list[float], n_pool: int, h: int) -> list[tuple[float, float]]:
    """Distribution of the best value among ``known`` values plus ``h`` cards drawn without
    replacement from a pool of ``n_pool`` cards, of which the usable ones have values ``pool``
    (the other cards are unusable). ``NO_CARD`` stands for "no usable card"."""
    h = max(0, min(h, n_pool))
    kmax = max(known) if known else NO_CARD
    levels = sorted({v for v in pool if v > kmax}, reverse=True)
    total = comb(n_pool, h) if h else 1
    out = []
    prev = 0.0
    for v in levels:
        k = sum(1 for x in pool if x >= v)
        p_ge = 1.0 - (comb(n_pool - k, h) / total if h else 1.0)
        if p_ge > prev:
            out.append((v, p_ge - prev))
            prev = p_ge
    if 1.0 - prev > 1e-12:
        out.append((kmax, 1.0 - prev))
    return out


class Reader:
    """What this player can tell about one foe's cards (default: the foe in focus), computed
    once per decision."""

    def __init__(self, view, foe: int | None = None):
        self.view = view
        self.foe = foe = view.opp if foe is None else foe
        self.pool = view.unseen_opponent_cards(foe)
        known_ids = view.known_opponent_hand(foe)
        # (card, is it theirs?) — our TRICKs in their hand play differently for them
        self.known = [(view.card(c), view.card_owner(c) == foe) for c in known_ids]
        self.h_unknown = max(0, view.hand_size(foe) - len(known_ids))
        self._cache: dict = {}

    def defense(self, fighter_name: str) -> list[tuple[float, float]]:
        """Best defense strength the opponent's ``fighter_name`` can answer an attack with."""
        key = ("d", fighter_name)
        if key not in self._cache:
            use = lambda d: d.can_defend and d.usable_by(fighter_name)
            self._cache[key] = best_of_dist([card_strength(d, m)[1] for d, m in self.known if use(d)],
                                            [card_strength(d)[1] for d in self.pool if use(d)],
                                            len(self.pool), self.h_unknown)
        return self._cache[key]

    def attack(self, fighter_name: str, played: bool = False) -> list[tuple[float, float]]:
        """Best attack strength of the opponent's ``fighter_name``; ``played``: the card is face
        down in front of us already (it came from a hand one card larger)."""
        key = ("a", fighter_name, played)
        if key not in self._cache:
            use = lambda d: d.can_attack and d.usable_by(fighter_name)
            lock = self.view.value_lock(self.foe)
            if lock is not None and not self.view.my_turn:
                dist = [(float(lock), 1.0)]
            else:
                dist = best_of_dist([card_strength(d, m)[0] for d, m in self.known if use(d)],
                                    [card_strength(d)[0] for d in self.pool if use(d)],
                                    len(self.pool), self.h_unknown + (1 if played else 0))
            self._cache[key] = dist
        return self._cache[key]

    def threat(self, fighter_name: str) -> float:
        """Expected best attack the opponent's fighter could make next turn."""
        dist = self.attack(fighter_name)
        return sum(p * max(0.0, v) for v, p in dist)


# ---------------------------------------------------------------------- the policy
class HeuristicV1Policy(GreedyPolicy):
    name = "heuristic-v1"
    summary = ("plays with intent: card odds from the unseen cards, ranged/melee positioning, "
               "boosts and defenses when they pay, deck-exhaustion aware (balanced style)")
    params = {"aggression": 0.55, "caution": 0.5}
    param_help = {"aggression": "0..1: how much dealing damage outweighs keeping cards and position",
                  "caution": "0..1: how much the hero's health and safety weigh"}

    def __init__(self, rng, **params):
        super().__init__(rng, **params)
        for key in ("aggression", "caution"):
            if not 0.0 <= getattr(self, key) <= 1.0:
                raise ValueError(f"{key} must be between 0 and 1 (got {getattr(self, key)})")
        # greedy's handlers we inherit may read greedy's own parameters: give them its defaults.
        for key, default in GreedyPolicy.params.items():
            if not hasattr(self, key):
                setattr(self, key, default)
        self._reader = None
        self.agg, self.cau = self.aggression, self.caution

    # ------------------------------------------------------------ plumbing
    def choose(self, view, decision):
        self._reader = None
        self.agg, self.cau = self.style_now(view)
        return super().choose(view, decision)

    def style_now(self, view) -> tuple[float, float]:
        """(aggression, caution) for this decision. Waiting only pays while the clock is on our
        side: as our deck runs out (before the opponent's) or our hand fills up (every draw
        then wastes a card), any style turns to the attack."""
        deck, opp_deck = view.deck_size(view.seat), view.deck_size(view.opp)
        urgency = max(0.0, (10 - deck) / 10)
        if opp_deck + 3 < deck:
            urgency *= 0.3          # they run out first: patience is fine
        if len(view.hand) >= 6:
            urgency = max(urgency, 0.5)
        agg = self.aggression + (1.0 - self.aggression) * urgency
        cau = self.caution * (1.0 - 0.7 * urgency)
        return agg, cau

    def reader(self, view, foe: int | None = None) -> Reader:
        """The card odds of ``foe`` (default: the foe in focus); the focus foe's reader also
        holds the per-decision cache."""
        if self._reader is None:
            self._reader = Reader(view)
        if foe is None or foe == self._reader.foe:
            return self._reader
        others = self._reader._cache.setdefault("readers", {})
        if foe not in others:
            others[foe] = Reader(view, foe)
        return others[foe]

    def keep(self, view, cid) -> float:
        """Worth of keeping a card of our hand; cards no fighter of ours can use only BOOST."""
        d = view.card(cid)
        if d.type != "scheme" and d.users is not None:
            alive = {view.fighter(fi).defn.name for fi in view.on_board(view.seat)}
            if not (d.users & alive):
                return 0.25 * d.boost_value
        w = keep_worth(d, self.mine(view, cid))
        if view.deck_size(view.seat) == 0:
            w *= 1.2          # nothing more is coming
        return w

    def power(self, view, cid) -> float:       # greedy's helpers (lowest/highest) use this
        return self.keep(view, cid)

    def spend_weight(self) -> float:
        return 0.55 - 0.35 * self.agg

    def hp_weight(self, f, mine: bool) -> float:
        """Worth of one health point of fighter ``f``."""
        if not f.is_hero:
            return 0.45 if f.health > 0 else 0.0
        w = 1.0 + 3.0 / max(1, f.health)
        if mine:
            w *= 0.7 + 0.8 * self.cau
        else:
            w *= 0.8 + 0.5 * self.agg
        return w

    def boost_bonus_worth(self, view, cid) -> float:
        """What a card's BOOST bonus is worth when we BOOST with it (Houdini's cards)."""
        d = view.card(cid)
        ops = d.effects.get("boost_bonus", ())
        if not ops or view.card_owner(cid) != view.seat:
            return 0.0
        total = 0.0
        opp = view.opp_hero()
        for op in ops:
            n, spec = op.NAME, op.spec
            cond = spec.get("if")
            if cond == "your_turn" and not view.my_turn:
                continue
            if n == "draw":
                c = estimate_number(spec.get("count", 1), view)
                total += 0.7 * c if view.deck_size(view.seat) >= c else -2.0
            elif n == "damage":
                a = estimate_number(spec.get("amount", 1), view)
                total += a * (self.hp_weight(opp, False) if opp.on_board else 0.4)
            elif n == "recover":
                me = view.my_hero()
                total += 0.8 * min(estimate_number(spec.get("amount", 1), view), me.max_health - me.health)
            elif n == "gain_action":
                total += 1.2
            elif n == "discard":
                total += 0.8 if view.hand_size(view.opp) else 0.0
            else:
                total += OP_WORTH.get(n, 0.3)
        return total

    def boost_cost(self, view, cid) -> float:
        return self.spend_weight() * self.keep(view, cid) - self.boost_bonus_worth(view, cid)

    @staticmethod
    def mine(view, cid) -> bool:
        """Is this card from our own deck (not a TRICK of Loki's we hold)?"""
        return view.card_owner(cid) == view.seat

    def my_attack_strength(self, view, cid) -> float:
        lock = view.value_lock(view.seat)
        if lock is not None and view.my_turn:
            return float(lock)
        return card_strength(view.card(cid), self.mine(view, cid))[0]

    # ------------------------------------------------------------ attack evaluation
    def attack_eval(self, view, fi, target, cid) -> float:
        d = view.card(cid)
        tf = view.fighter(target)
        a = self.my_attack_strength(view, cid)
        if view.value_lock(view.seat) is None or not view.my_turn:
            a += view.combat_bonus_estimate(fi, ATTACKER, target)   # (main's addition, for new heroes)
        dist = self.reader(view, tf.owner).defense(tf.defn.name)
        exp_dmg = p_win = p_kill = 0.0
        for v, p in dist:
            dv = 0.0 if v == NO_CARD else v
            dmg = 0.0 if v >= BLOCK_ALL else max(0.0, a - dv)
            dmg = min(dmg, tf.health)
            exp_dmg += p * dmg
            if dmg >= 1:
                p_win += p
            if dmg >= tf.health:
                p_kill += p
        value = self.hp_weight(tf, False) * exp_dmg
        if tf.is_hero:
            value += 25.0 * p_kill
        else:
            value += 2.0 * p_kill
        value += effect_worth(d, p_won=p_win, mine=self.mine(view, cid))
        return value - self.spend_weight() * self.keep(view, cid)

    def best_attack(self, view, options=None):
        """(score, (fighter, target), card) of the best attack we can make now."""
        best = (-1e9, None, None)
        for fi, t in options if options is not None else self.attack_options(view):
            name = view.fighter(fi).defn.name
            for cid in view.hand:
                d = view.card(cid)
                if d.can_attack and d.usable_by(name):
                    s = self.attack_eval(view, fi, t, cid)
                    if s > best[0]:
                        best = (s, (fi, t), cid)
        return best

    def attack_options(self, view):
        out = []
        for fi in view.on_board(view.seat):
            for t in view.attack_targets(fi):
                out.append((fi, t))
        return out

    # ------------------------------------------------------------ turn structure
    def on_action(self, view, d):
        opts = d.options
        scores = {"maneuver": self.maneuver_eval(view)}
        if "attack" in opts:
            s, _, _ = self.best_attack(view)
            scores["attack"] = s + 0.6 + self.agg
        if "scheme" in opts:
            scores["scheme"] = max(self.scheme_eval(view, cid, fi) for cid, fi in self.scheme_options(view))
        return max(scores, key=lambda k: (scores[k], k == "attack"))

    def scheme_options(self, view):
        out = []
        for cid in view.hand:
            dd = view.card(cid)
            if dd.type == "scheme":
                for fi in view.on_board(view.seat):
                    if dd.usable_by(view.fighter(fi).defn.name):
                        out.append((cid, fi))
        return out

    def draw_worth(self, view, n: int) -> float:
        """Worth of drawing n cards now (exhaustion damage for cards that are not there)."""
        deck = view.deck_size(view.seat)
        hand = view.hand_size(view.seat)
        drawn = min(n, deck)
        missing = n - drawn
        room = max(0, 8 - hand)
        w = 0.75 * min(drawn, room) + 0.2 * max(0, drawn - room)
        if deck - drawn <= 3:
            w *= 0.6        # bringing exhaustion closer
        if missing:
            w -= missing * sum(2 * self.hp_weight(view.fighter(fi), True) for fi in view.on_board(view.seat))
        return w

    def ops_worth(self, view, ops, fi, mine: bool = True) -> float:
        """Worth of a list of effects resolved now by our fighter ``fi`` (schemes, modes);
        ``mine``: the card is from our deck (a TRICK of Loki's played by us only hurts us)."""
        total = 0.0
        for op in ops:
            n, spec = op.NAME, op.spec
            if not applies(spec, mine):
                continue
            if not mine and spec.get("if") == "not played_by_owner":
                total -= 1.0      # the "Not Loki." half of a TRICK: it works against us
                continue
            if n == "draw":
                c = spec.get("count", 1)
                c = c if isinstance(c, int) else 2
                w = self.draw_worth(view, c) if spec.get("who", "self") == "self" else -0.5 * c
            elif n == "gain_action":
                w = 1.0 + (0.6 if self.best_attack(view)[1] is not None else 0.0)
            elif n == "choose_one":
                w = max((self.ops_worth(view, mode_ops, fi) for _, mode_ops in op.modes), default=0.0)
            elif n == "lock_values":
                w = self.lock_worth(view, spec.get("value", 4))
            elif n == "discard":
                c = spec.get("count", 1)
                c = c if isinstance(c, int) else 1
                if spec.get("who", "opponent") == "opponent":
                    w = 0.7 * min(c, view.hand_size(view.opp))
                else:
                    w = -0.5 * c
            elif n == "recover":
                me = view.my_hero()
                a = spec.get("amount", 1)
                a = a if isinstance(a, int) else 2
                w = 0.7 * min(a, me.max_health - me.health)
            elif n == "summon":
                w = 1.0
            elif n in ("move", "place"):
                w = 0.5
            elif n == "put_on_deck":
                w = -0.1
            else:
                w = OP_WORTH.get(n, 0.3)
            if spec.get("unless_paid"):
                w *= 0.6
            total += w
        return total

    def lock_worth(self, view, value: int) -> float:
        """"Your card values are N this turn": worth it when attacks are coming."""
        actions = view.actions_left
        if actions <= 0:
            return 0.0
        attackers = [fi for fi in view.on_board(view.seat)
                     if any(view.card(c).can_attack and view.card(c).usable_by(view.fighter(fi).defn.name)
                            for c in view.hand)]
        if not attackers:
            return 0.0
        in_range = any(view.attack_targets(fi) for fi in attackers)
        vals = sorted((card_strength(view.card(c), self.mine(view, c))[0] for c in view.hand
                       if view.card(c).can_attack),
                      reverse=True)
        uses = min(actions, len(vals))
        gain = sum(max(0.0, value - v) for v in vals[:uses]) + 0.5 * uses
        return gain * (1.0 if in_range else 0.4)

    def scheme_eval(self, view, cid, fi) -> float:
        d = view.card(cid)
        return (self.ops_worth(view, d.effects.get("effect", ()), fi, self.mine(view, cid))
                - self.spend_weight() * self.keep(view, cid) + 0.3)

    def maneuver_eval(self, view) -> float:
        me = view.my_hero()
        deck = view.deck_size(view.seat)
        if deck == 0:
            w = -sum(2 * self.hp_weight(view.fighter(fi), True) for fi in view.on_board(view.seat))
        else:
            w = self.draw_worth(view, 1)
        if not me.on_board:
            return w
        # Repositioning: how much better a space the hero can reach than where it stands.
        after = view.actions_left - 1
        here = self.space_value(view, me.idx, me.space, after)
        reach = view.reachable(me.idx, view.move_value())
        best = max(self.space_value(view, me.idx, s, after) for s in reach) if reach else here
        return w + 0.6 * max(0.0, best - here) + 0.3

    # ------------------------------------------------------------ positions
    def threat_map(self, view) -> list[float]:
        """Expected harm opposing fighters could do next turn to a fighter of ours on each
        space: what each could reach with its move plus a likely BOOST (on an empty board)."""
        reader = self.reader(view)
        got = reader._cache.get("threat_map")
        if got is not None:
            return got
        board, dist = view.board, view.dist
        n = board.size
        out = [0.0] * n
        foes = view.foes or (view.opp,)
        fighters = [(o, self.reader(view, t), view.move_value(t), 1 if view.hand_size(t) >= 3 else 0)
                    for t in foes for o in view.on_board(t)]
        for o, foe_reader, opp_move, boost in fighters:
            of = view.fighter(o)
            m = (of.defn.move if of.defn.move is not None else opp_move) + boost
            row = dist[of.space]
            weight = foe_reader.threat(of.defn.name) * (1.0 if of.is_hero else 0.5)
            if weight <= 0:
                continue
            hit = [row[s] <= m + 1 for s in range(n)]
            if of.defn.ranged:
                zm = board.zone_mask
                zones = 0
                for x in range(n):
                    if row[x] <= m:
                        zones |= zm[x]
                hit = [h or bool(zm[s] & zones) for s, h in enumerate(hit)]
            for s in range(n):
                if hit[s]:
                    out[s] += weight
        reader._cache["threat_map"] = out
        return out

    def _space_ctx(self, view, fi):
        """Per-decision facts space_value needs for fighter ``fi``."""
        reader = self.reader(view)
        key = ("space_ctx", fi)
        got = reader._cache.get(key)
        if got is None:
            f = view.fighter(fi)
            # Every foe's fighters are targets; the foe in focus's hero is the one to close on.
            focus = [view.fighter(o) for o in view.on_board(view.opp)]
            opp = focus + [view.fighter(o) for t in view.foes if t != view.opp for o in view.on_board(t)]
            hero = next((o for o in focus if o.is_hero), (focus or opp or [None])[0])
            name = f.defn.name
            can_attack = any(view.card(c).can_attack and view.card(c).usable_by(name) for c in view.hand)
            me = view.my_hero()
            got = (f, opp, hero, can_attack, me if me.on_board else None)
            reader._cache[key] = got
        return got

    def space_value(self, view, fi, space, actions_after: int) -> float:
        """How good ``space`` is for our fighter ``fi`` (in rough damage units)."""
        cache = self.reader(view)._cache
        key = ("space_value", fi, space, actions_after)
        got = cache.get(key)
        if got is None:
            got = cache[key] = self._space_value(view, fi, space, actions_after)
        return got

    def _space_value(self, view, fi, space, actions_after: int) -> float:
        f, opp, hero, can_attack, me = self._space_ctx(view, fi)
        if not opp:
            return 0.0
        dist, board = view.dist, view.board
        value = 0.0
        # Offense: a target we could attack from here (now, or next turn).
        best = 0.0
        for o in opp:
            if view.can_hit_from(fi, space, o.space):
                v = 3.0 if o.is_hero else 1.2 + (1.0 if o.health <= 2 else 0.0)
                if v > best:
                    best = v
        if best:
            value += best * (1.0 if (actions_after >= 1 and can_attack) else 0.45)
        # Approach: melee closes in on the hero; ranged wants the hero's zone.
        d_hero = dist[space][hero.space]
        if f.defn.ranged:
            if not board.same_zone(space, hero.space):
                value -= 0.35 * max(0, d_hero - 1)
        else:
            value -= (0.55 if f.is_hero else 0.35) * max(0, d_hero - 1)
        # Safety.
        threat = self.threat_map(view)[space]
        if f.is_hero:
            weight = (0.15 + 0.5 * self.cau) * (1.0 + 4.0 / max(1, f.health))
            if not f.defn.ranged:
                weight *= 0.5     # a melee hero has to stand in reach to fight at all
        else:
            weight = 0.12
        value -= weight * threat
        # Sidekicks: screen our hero (careful) or press the attack (aggressive).
        if not f.is_hero and me is not None:
            guard = dist[space][me.space] <= 1 and dist[space][hero.space] <= dist[me.space][hero.space]
            value += (0.8 * self.cau) if guard else 0.0
            value -= 0.15 * self.agg * d_hero
        return value

    def on_move_destination(self, view, d):
        fi = d.info["fighter"]
        after = view.actions_left
        return max(d.options, key=lambda s: (self.space_value(view, fi, s, after), -s))

    def on_move_order(self, view, d):
        # Sidekicks that screen move after the hero (they guard where it ends up); others first.
        mine = [o for o in d.options if o is not None]
        heroes = [o for o in mine if view.fighter(o).is_hero]
        if heroes:
            return heroes[0]
        return mine[0] if mine else None

    def on_maneuver_boost(self, view, d):
        cards = [c for c in d.options if c is not None]
        if not cards:
            return None
        me = view.my_hero()
        if not me.on_board:
            return min(cards, key=lambda c: (self.boost_cost(view, c), c)) \
                if min(self.boost_cost(view, c) for c in cards) < 0 else None
        after = view.actions_left
        move = view.move_value()

        def best_with(extra: int, placed: bool) -> float:
            spaces = view.reachable(me.idx, move + extra)
            if placed:
                spaces = list(set(spaces) | {s for s in range(view.board.size) if view.occupant(s) < 0})
            return max(self.space_value(view, me.idx, s, after) for s in spaces)

        base = best_with(0, False)
        escape = view.hero(view.seat).ability.hook == "escape_artist"
        best, pick = 0.15, None
        seen: dict[int, float] = {}
        for c in cards:
            b = view.card(c).boost_value
            if b not in seen:
                seen[b] = best_with(b, escape)
            gain = seen[b] - base - self.boost_cost(view, c)
            if gain > best:
                best, pick = gain, c
        return pick

    # ------------------------------------------------------------ combat
    def on_attack_target(self, view, d):
        _, opt, _ = self.best_attack(view, d.options)
        return opt if opt is not None else d.options[0]

    def on_attack_card(self, view, d):
        fi, t = d.info["fighter"], d.info["target"]
        return max(d.options, key=lambda c: (self.attack_eval(view, fi, t, c), -c))

    def on_defense_card(self, view, d):
        me = view.fighter(d.info["fighter"])
        attacker = view.fighter(d.info["attacker"])
        dist = self.reader(view, attacker.owner).attack(attacker.defn.name, played=True)
        w = self.hp_weight(me, True)

        def score(cid):
            if cid is None:
                dv, heal, worth, cost = 0.0, 0.0, 0.0, 0.0
            else:
                card = view.card(cid)
                dv = card_strength(card, self.mine(view, cid))[1]
                heal = 0.0
                for op in _ops(card, "immediately"):
                    if op.NAME == "recover":
                        a = op.spec.get("amount", 1)
                        heal += a if isinstance(a, int) else 1
                worth = effect_worth(card, p_won=0.6, mine=self.mine(view, cid)) * 0.6
                cost = self.spend_weight() * self.keep(view, cid)
            exp_loss = p_dead = 0.0
            for v, p in dist:
                av = 0.0 if v == NO_CARD else v
                dmg = 0.0 if dv >= BLOCK_ALL else max(0.0, av - dv)
                health = min(me.max_health, me.health + heal)
                dmg = min(dmg, health)
                exp_loss += p * dmg
                if dmg >= health:
                    p_dead += p
            healed = min(heal, me.max_health - me.health)
            s = -w * exp_loss + 0.6 * healed + worth - cost
            s -= (40.0 if me.is_hero else 2.0) * p_dead
            return s
        return max(d.options, key=lambda c: (score(c), -(c if c is not None else -1)))

    def on_combat_boost(self, view, d):
        cards = [c for c in d.options if c is not None]
        if not cards:
            return None
        boosted = d.info.get("card")
        roles = view.combat_cards()
        if boosted is None or not view.in_combat:
            return super().on_combat_boost(view, d)
        role = 0 if roles[0] == boosted else 1
        mine = view.card_owner(boosted) == view.seat or view.my_role() == role
        if not mine:
            return None
        a, dv = view.combat_value(0), view.combat_value(1)
        fighters = view.combat_fighters()
        defender = view.fighter(fighters[1])
        if role == 0:       # attacking: more damage, maybe a won combat
            w = self.hp_weight(defender, False)

            def gain(b):
                before, after = max(0, a - dv), max(0, a + b - dv)
                g = w * (min(after, defender.health) - min(before, defender.health))
                if before == 0 and after > 0:
                    g += 0.8 + effect_worth(view.card(boosted), ("after_combat",), 1.0,
                                                self.mine(view, boosted)) * 0.5
                if after >= defender.health > before and defender.is_hero:
                    g += 25.0
                return g
        else:               # defending: less damage taken
            w = self.hp_weight(defender, True)

            def gain(b):
                before, after = max(0, a - dv), max(0, a - dv - b)
                g = w * (min(before, defender.health) - min(after, defender.health))
                if before > 0 and after == 0:
                    g += 0.8 + effect_worth(view.card(boosted), ("after_combat",), 1.0,
                                                self.mine(view, boosted)) * 0.5
                if before >= defender.health > after and defender.is_hero:
                    g += 40.0
                return g
        best, pick = 0.05, None
        for c in cards:
            v = gain(view.card(c).boost_value) - self.boost_cost(view, c)
            if v > best:
                best, pick = v, c
        return pick

    def on_effect_replace_card(self, view, d):
        cards = [c for c in d.options if c is not None]
        if not cards or not view.in_combat:
            return None
        role = view.my_role()
        current = d.info.get("card")
        if role == 0:
            other = view.combat_value(1)
            fighters = view.combat_fighters()
            target = view.fighter(fighters[1])

            def score(c):
                a = card_strength(view.card(c), self.mine(view, c))[0]
                return (self.hp_weight(target, False) * min(target.health, max(0.0, a - other))
                        + effect_worth(view.card(c), p_won=1.0 if a > other else 0.0, mine=self.mine(view, c))
                        - self.spend_weight() * self.keep(view, c))
        else:
            other = view.combat_value(0)

            def score(c):
                dv = card_strength(view.card(c), self.mine(view, c))[1]
                return -max(0.0, other - dv) * 1.5 - self.spend_weight() * self.keep(view, c)
        best = max(cards, key=lambda c: (score(c), -c))
        base = score(current) if current is not None and current in view.hand + [current] else -1e9
        return best if score(best) > base + 0.5 else None

    # ------------------------------------------------------------ cards
    def on_hand_limit_discard(self, view, d):
        return min(d.options, key=lambda c: (self.keep(view, c), c))

    def on_effect_cost_discard(self, view, d):
        return min(d.options, key=lambda c: (self.keep(view, c), c))

    def on_effect_put_on_deck(self, view, d):
        # It is the next card we draw: give back the one we need least now.
        return min(d.options, key=lambda c: (self.keep(view, c), c))

    def on_effect_discard(self, view, d):
        if d.info.get("victim") == view.seat:
            return min(d.options, key=lambda c: (self.keep(view, c), c))
        # Their best card: the strongest value, schemes and effects counted.
        return max(d.options, key=lambda c: (keep_worth(view.card(c), view.card_owner(c) == view.opp), -c))

    def on_effect_unless_discard(self, view, d):
        cards = [c for c in d.options if c is not None]
        if not cards:
            return None
        effects = d.info.get("effects", ())
        harm = 0.0
        for op in effects:
            n, spec = op.NAME, op.spec
            if n == "damage":
                a = spec.get("amount", 1)
                harm += (a if isinstance(a, int) else 2) * self.hp_weight(view.my_hero(), True)
            else:
                harm += OP_WORTH.get(n, 0.4)
        cheapest = min(cards, key=lambda c: (self.keep(view, c), c))
        return cheapest if harm > 0.8 * self.keep(view, cheapest) else None

    def on_effect_may(self, view, d):
        cost = d.info.get("cost", 0)
        op = d.info.get("op")
        if view.deck_size(view.seat) == 0 and op == "draw":
            return False
        if cost:
            hand = sorted(self.keep(view, c) for c in view.hand)
            if len(hand) < cost:
                return False
            price = sum(hand[:cost]) * 0.6
            worth = 1.6 if op == "gain_action" else 1.8 if op == "damage" else 0.8
            if op == "gain_action" and self.best_attack(view)[1] is None and view.deck_size(view.seat) == 0:
                worth = 0.0
            return worth > price
        dmg = d.info.get("cost_damage", 0)
        if dmg:
            me = view.my_hero()
            return me.health > dmg + 4 + 4 * self.cau
        return True

    # ------------------------------------------------------------ hero decisions
    def on_ability_discard_for_action(self, view, d):
        """The Genie's Infinite Power: a card for an extra action, when the action is worth more."""
        cards = [c for c in d.options if c is not None]
        if not cards or len(view.hand) < 2:
            return None
        worst = min(cards, key=lambda c: (self.keep(view, c), c))
        action = 1.1 if view.deck_size(view.seat) > 0 else 0.0
        if self.best_attack(view)[1] is not None:
            action += 1.0
        if len(view.hand) <= 2:
            action -= 0.8
        return worst if action > 0.55 * self.keep(view, worst) else None

    def on_ability_pay_for_action(self, view, d):
        """Blackbeard: 1 doubloon for 1 action, unless an extra action could only hurt."""
        if view.deck_size(view.seat) == 0 and self.best_attack(view)[1] is None:
            return False
        return True

    def on_effect_mode(self, view, d):
        card = d.info.get("card")
        modes = None
        if card is not None and card >= 0:
            for timing_ops in view.card(card).effects.values():
                for op in timing_ops:
                    if op.NAME == "choose_one":
                        modes = dict(op.modes)
        if not modes or not all(label in modes for label in d.options):
            return super().on_effect_mode(view, d)
        me = view.my_hero().idx
        return max(d.options, key=lambda label: self.ops_worth(view, modes[label], me))



# The first [ai] aggression values of the hero files (scripts/tune_styles.py, a 1-D sweep).
V1_AGGRESSION = {"houdini": 0.0, "genie": 0.55, "blackbeard": 0.0, "chupacabra": 0.55,
                 "loki": 0.15, "pandora": 0.15}


@register
class TunedV1Policy(HeuristicV1Policy):
    """The first ``tuned``: the first heuristic with each hero's first 1-D aggression (a hero not
    in the table plays the balanced style)."""
    name = "tuned-v1"
    summary = ("baseline: the first heuristic and per-hero aggression, frozen, to measure "
               "tuned against")
    params = {"caution": 0.5}
    param_help = {"caution": "0..1: how much the hero's health and safety weigh"}
    aggression = 0.55

    def style_now(self, view):
        self.aggression = V1_AGGRESSION.get(view.hero(view.seat).id, 0.55)
        return super().style_now(view)
