"""A standing attack bonus under a condition: Golden Bat's The First Superhero (+2 if you did
not maneuver this turn), Annie Christmas's Necklace of Pearls (+2 if her health is less than
the defender's). Any hero whose ability reads "+N to <fighter>'s attacks if <condition>" uses
it with params ``{ amount, fighter, condition }``; the condition is any ``CONDITIONS`` name (or
comparison) of the effect vocabulary, read for the attacking fighter in the combat.

An ability is not a card effect: cards that cancel effects do not touch it."""

from __future__ import annotations

from unmatched_sim.engine.effects import SpecError, parse_condition
from unmatched_sim.engine.state import ATTACKER, Combat, Ctx
from unmatched_sim.hooks import Ability, ability


@ability("attack_bonus_when")
class AttackBonusWhen(Ability):

    @classmethod
    def parse_params(cls, params, fighter_names):
        cls.check_known_params(params, {"amount", "fighter", "condition"})
        cls.whole_number_param(params, "amount", 2)
        fighter = params.get("fighter")
        if fighter is not None and fighter not in fighter_names:
            raise SpecError(f"'fighter' must name one of this hero's fighters {sorted(fighter_names)}, "
                            f"got {fighter!r}")
        if "condition" not in params:
            raise SpecError("needs 'condition' (a condition of the effect vocabulary)")
        parse_condition(params["condition"])
        return params

    def __init__(self, hero, params):
        super().__init__(hero, params)
        self.amount = params.get("amount", 2)
        self.fighter = params.get("fighter")
        self.cond = parse_condition(params["condition"])

    def attack_bonus(self, g, combat):
        fi = combat.fighters[ATTACKER]
        f = g.fighters[fi]
        if self.fighter is not None and f.defn.name != self.fighter:
            return 0
        seat = combat.players[ATTACKER]
        cid = combat.cards[ATTACKER]
        ctx = Ctx(seat, cid if cid is not None else -1, ATTACKER, fi)
        return self.amount if self.cond(g, ctx) else 0

    def combat_bonus_estimate(self, g, seat, fighter, role, opponent=None):
        """The bonus an attack of ``fighter`` on ``opponent`` would get now: the condition is read
        against a stand-in combat (no cards yet), then the real state is put back."""
        if role != ATTACKER or opponent is None:
            return 0
        target = opponent
        if self.fighter is not None and g.fighters[fighter].defn.name != self.fighter:
            return 0
        saved = g.combat
        g.combat = Combat(seat, fighter, target, g.fighters[target].owner)
        try:
            return self.amount if self.cond(g, Ctx(seat, -1, ATTACKER, fighter)) else 0
        finally:
            g.combat = saved
