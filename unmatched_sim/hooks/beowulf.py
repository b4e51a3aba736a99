"""Beowulf: Rage — a public count (``res["rage"]``, at most ``res["rage_max"]``) he gains when
he is dealt damage and his cards spend.

* ``gain_rage`` — gain N Rage (``count``: a number or a quantity, e.g. the discarded card's
  BOOST), never past the maximum;
* ``cost = { rage = N }`` — "you may spend N Rage to ...", on any optional effect;
* ``spend_rage_for_value`` — "spend any amount of Rage: +``per_rage`` to this card's value for
  each" (The War-King);
* ``spend_rage_for_effects`` — "spend any amount of Rage; choose a different effect for each"
  (Golden Drinking Horn): how many (decision ``rage_spend``), then each effect in turn;
* the quantity ``rage`` — the Rage held now (Epic Poem: +1 per Rage, none spent).
"""

from __future__ import annotations

from unmatched_sim.engine.effects import QUANTITIES, Cost, Field, Op, SpecError, cost, op
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.state import DEFENDER, other_role
from unmatched_sim.engine.vocab.choices import ChooseDifferent
from unmatched_sim.hooks import Ability, ability, advise, card_advice, story_line

RAGE, RAGE_MAX = "rage", "rage_max"


def rage(g, seat: int) -> int:
    return g.players[seat].res.get(RAGE, 0)


def gain_rage(g, seat: int, n: int, card: int | None = None) -> int:
    """Gain up to ``n`` Rage (never past the maximum); returns how much was gained (logged)."""
    res = g.players[seat].res
    if RAGE_MAX not in res:
        return 0
    added = max(0, min(n, res[RAGE_MAX] - res.get(RAGE, 0)))
    if added:
        res[RAGE] = res.get(RAGE, 0) + added
        g.log("rage_gained", seat, card=card, amount=added, value=res[RAGE])
    return added


def spend_rage(g, seat: int, n: int, card: int | None = None) -> None:
    res = g.players[seat].res
    assert 0 < n <= res.get(RAGE, 0), (n, res)
    res[RAGE] -= n
    g.log("rage_spent", seat, card=card, amount=n, value=res[RAGE])


def _card(ctx) -> int | None:
    return ctx.card if ctx.card >= 0 else None


@ability("rage")
class Rage(DeclaredParams, Ability):
    """Beowulf's Rage: he starts with ``rage`` and holds at most ``max_rage``; each time he is
    dealt damage (any kind, after prevention) he gains 1."""
    PARAMS = {
        "rage": Param.whole(1, "Rage Beowulf starts with", 0, 99),
        "max_rage": Param.whole(3, "the most Rage he can hold", 1, 99),
    }

    def setup(self, g, seat):
        res = g.players[seat].res
        res[RAGE_MAX] = self.params["max_rage"]
        res[RAGE] = min(self.params["rage"], self.params["max_rage"])

    def on_damaged(self, g, fighter, amount, source):
        f = g.fighters[fighter]
        if f.is_hero:
            gain_rage(g, f.owner, 1)


QUANTITIES[RAGE] = lambda g, ctx: rage(g, ctx.player)


@cost("rage")
class RageCost(Cost):
    """Spend N Rage."""

    def can_pay(self, g, ctx, n):
        return rage(g, ctx.player) >= n

    def pay(self, g, ctx, n, op, then, args):
        spend_rage(g, ctx.player, n, _card(ctx))
        then(g, *args)


@op("gain_rage")
class GainRage(Op):
    """Gain ``count`` Rage (never past the maximum)."""
    FIELDS = {"count": Field("amount", 1)}

    def run(self, g, ctx):
        gain_rage(g, ctx.player, self.count(g, ctx), _card(ctx))


@op("spend_rage_for_value")
class SpendRageForValue(Op):
    """"Spend any amount of Rage; +``per_rage`` to this card's value for each" (decision
    ``rage_spend``: 0 up to the Rage held)."""
    FIELDS = {"per_rage": Field("int", 2)}

    def run(self, g, ctx):
        c = g.combat
        have = rage(g, ctx.player)
        if c is None or ctx.role > DEFENDER or c.cards[ctx.role] is None or not have:
            return
        g.ask(ctx.player, "rage_spend", list(range(have + 1)), self._spent, ctx, card=ctx.card,
              per_rage=self.per_rage, purpose="value")

    def _spent(self, g, ctx, n):
        if n:
            spend_rage(g, ctx.player, n, _card(ctx))
            g.combat.mods[ctx.role].append(("add", self.per_rage * n))


@op("spend_rage_for_effects")
class SpendRageForEffects(Op):
    """"Spend any amount of Rage; choose a different effect for each Rage spent": how many
    (decision ``rage_spend``: 0 up to the Rage held, at most one per effect), then the effects
    one pick at a time, each resolving before the next is picked (``choose_different``)."""
    FIELDS = {"options": Field("raw", required=True)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if not isinstance(self.options, list) or len(self.options) < 2:
            raise SpecError("'options' must list at least two { label, effects } choices")
        self.pickers = {k: ChooseDifferent({"op": "choose_different", "options": self.options, "count": k},
                                           hero_fighters)
                        for k in range(1, len(self.options) + 1)}
        self.labels = tuple(label for label, _ in self.pickers[1].modes)

    def run(self, g, ctx):
        most = min(rage(g, ctx.player), len(self.pickers))
        if most:
            g.ask(ctx.player, "rage_spend", list(range(most + 1)), self._spent, ctx, card=ctx.card,
                  purpose="effects", labels=self.labels)

    def _spent(self, g, ctx, n):
        if n:
            spend_rage(g, ctx.player, n, _card(ctx))
            self.pickers[n].run(g, ctx)


# ---------------------------------------------------------------------- the replay's story
story_line("rage_gained")(lambda e: f"{e['who']} gains {e['amount']} Rage → {e['value']}")
story_line("rage_spent")(lambda e: f"{e['who']} spends {e['amount']} Rage ({e['card']}) → {e['value']}")


# ---------------------------------------------------------------------- how the AI plays it
def _useful_horn_effects(view) -> int:
    """Golden Drinking Horn: the effects worth a Rage now (a draw with cards left to draw,
    healing with health to regain, a move)."""
    me = view.my_hero()
    n = 1                                            # the move: always some use
    if view.deck_size(view.seat) >= 2 and view.hand_size(view.seat) <= 5:
        n += 1
    if me.alive and me.health <= me.max_health - 2:
        n += 1
    return n


@advise("rage_spend")
def advise_rage_spend(policy, view, d):
    """In combat (The War-King) all the Rage held: +2 each, when the combat is now. Out of
    combat (Golden Drinking Horn) one Rage per effect of use now."""
    if d.info.get("purpose") == "value":
        return max(d.options)
    return min(max(d.options), _useful_horn_effects(view))


@advise("cost:rage")
def advise_rage_cost(policy, view, d):
    """Pay Rage for what it buys: a BOOST only with a card to BOOST it; the rest always
    (a value of 5, damage equal to the attack's printed value, a sidekick defeated)."""
    if d.info.get("op") == "boost_card":
        return any(view.card(c).boost for c in view.hand_ids())
    if d.info.get("op") == "damage":
        role = view.my_role()
        theirs = view.combat_cards()[other_role(role)] if role is not None else None
        return theirs is not None and (view.card(theirs).value or 0) >= 2
    return True


@card_advice("rage")
def advise_rage_card(policy, view, cid):
    """What Rage adds to a combat card beyond its printed value: The War-King +2 a Rage, Epic
    Poem +1 a Rage (plus the one it gains), The Ancient Heirloom up to 5 with 2 Rage."""
    have = view.resources(view.seat).get(RAGE, 0)
    name = view.card(cid).name
    if name == "The War-King":
        return 2.0 * have
    if name == "Epic Poem":
        return float(min(have + 1, view.resources(view.seat).get(RAGE_MAX, 3)))
    if name == "The Ancient Heirloom":
        return 2.0 if have >= 2 else 0.0
    return 0.0
