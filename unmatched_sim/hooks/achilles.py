"""Achilles: The Rage of Achilles (Patroclus defeated: 2 random discards, then +2 on Achilles'
attacks and a card for each combat he wins) and Relentless Assault (Test for Weakness).

Relentless Assault, ``{ op = "relentless_assault", value = 3 }`` after combat: once the combat
is over, the same attacker attacks the same defender again at once, if it still may. No card is
played for it: the card that made it stays in play as the attack, worth ``value`` with no effect
of its own, and is discarded with that combat's cleanup. The attack is public, so its card is
face up when the defender chooses (the bonus combat's ``extra["bonus_attack"]``). The machinery
is the ``RelentlessAssault`` ability mixin (its ``combat_cleanup`` keeps the card, its
``after_attacking`` starts the attack); on a hero without it the op does nothing.
"""

from __future__ import annotations

from unmatched_sim.engine import steps as S
from unmatched_sim.engine.effects import Field, Op, op
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.piles import OWN_EFFECT
from unmatched_sim.engine.state import ATTACKER, DEFENDER
from unmatched_sim.engine.vocab.combat import open_bonus_combat
from unmatched_sim.hooks import Ability, ability, card_advice, story_line

RELENTLESS = "relentless"          # the combat's extra: the value of the assault it will make


@op("relentless_assault")
class RelentlessAssaultOp(Op):
    """Relentless Assault: after this combat, attack the same defender again (module text)."""
    FIELDS = {"value": Field("int", 3)}

    def run(self, g, ctx):
        c = g.combat
        if c is not None and ctx.role == ATTACKER and isinstance(g.players[ctx.player].ability, RelentlessAssault):
            c.extra[RELENTLESS] = self.value


class RelentlessAssault(Ability):
    """The bonus attack a Relentless Assault makes, for an ability whose cards have one."""

    def combat_cleanup(self, g, seat, role):
        c = g.combat
        value = c.extra.get(RELENTLESS)
        if role != ATTACKER or value is None or c.cards[ATTACKER] is None:
            return
        if g.turn_flags.get("turn_ended") or g.over:
            return                                   # no attack after the turn has ended
        # The card stays in play as the assault: out of this combat, so its cleanup leaves it.
        g.turn_flags[RELENTLESS] = (c.cards[ATTACKER], c.fighters[ATTACKER], c.fighters[DEFENDER], value)
        c.cards[ATTACKER] = None

    def after_attacking(self, g, seat):
        kept = g.turn_flags.get(RELENTLESS)
        if not kept:
            return
        g.turn_flags[RELENTLESS] = None
        cid, fi, target, value = kept
        if g.over or (fi, target) not in _attack_options_any_card(g, seat):
            g.log("relentless_assault", seat, fi, cid, target, 0, detail="no_target")
            g.finish_played_card(cid, seat)
            return
        c = open_bonus_combat(g, seat, fi, target, cid, value)   # its card stays in play as the assault
        g.log("relentless_assault", seat, fi, cid, target, value)
        g.log("attack", seat, fi, None, target, None, None, None, "ranged" if c.ranged else "melee")
        S._ask_defense(g)


def _attack_options_any_card(g, seat: int) -> list[tuple[int, int]]:
    """(attacker, target) pairs the rules allow now, whatever the hand holds."""
    return [(fi, t) for fi in g.on_board(seat) for t in g.attack_targets(fi)]


@ability("rage_of_achilles")
class RageOfAchilles(DeclaredParams, RelentlessAssault):
    """The Rage of Achilles (see the module's text); the numbers are parameters."""
    PARAMS = {
        "discard": Param.whole(2, "random cards discarded when Patroclus is defeated", 0, 30),
        "attack_bonus": Param.whole(2, "added to Achilles' attacks while Patroclus is defeated", 0, 99),
        "draw": Param.whole(1, "cards drawn when Achilles wins a combat while Patroclus is defeated", 0, 30),
    }

    @staticmethod
    def enraged(g, seat: int) -> bool:
        """Is Patroclus (every sidekick of the player) defeated?"""
        F = g.fighters
        return any(not F[fi].is_hero for fi in g.players[seat].fighters) and \
            all(F[fi].is_hero or not F[fi].alive for fi in g.players[seat].fighters)

    def on_defeated(self, g, fighter):
        f = g.fighters[fighter]
        if not f.is_hero:
            g.log("achilles_rage", f.owner, fighter, amount=self.params["discard"])
            g.push((self._discard, (f.owner, self.params["discard"])))

    @staticmethod
    def _discard(g, seat, n):
        hand = g.players[seat].hand
        for _ in range(n):
            if hand:
                g.discard_from_hand(seat, g.rng.choice(hand), OWN_EFFECT)

    def attack_bonus(self, g, combat):
        if g.fighters[combat.fighters[ATTACKER]].is_hero and self.enraged(g, combat.players[ATTACKER]):
            return self.params["attack_bonus"]
        return 0

    def after_combat(self, g, seat, role):
        c = g.combat
        if (c.resolved and c.won(role) and g.fighters[c.fighters[role]].is_hero
                and self.params["draw"] and self.enraged(g, seat)):
            g.draw(seat, self.params["draw"])

    def combat_bonus_estimate(self, g, seat, fighter, role, opponent=None):
        if role == ATTACKER and g.fighters[fighter].is_hero and self.enraged(g, seat):
            return float(self.params["attack_bonus"])
        return 0.0


# ---------------------------------------------------------------------- the replay's story
story_line("achilles_rage")(lambda e: f"Patroclus is defeated: {e['who']} discards {e['amount']} random card(s)")
story_line("relentless_assault")(
    lambda e: f"{e['who']}'s Relentless Assault ({e['card']}): no target left" if e["detail"] == "no_target"
    else f"{e['who']}'s Relentless Assault ({e['card']}): attacks again, worth {e['amount']}")


# ---------------------------------------------------------------------- how the AI plays it
@card_advice("rage_of_achilles")
def advise_achilles_card(policy, view, cid):
    """What a combat card is worth beyond its value: Test for Weakness's Relentless Assault is
    a second attack worth 3 (the AI's card reading sees only the printed 1)."""
    card = view.card(cid)
    if any(op.NAME == "relentless_assault" for op in card.effects.get("after_combat", ())):
        return 2.0
    return 0.0
