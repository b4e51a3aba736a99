"""Alice: BIG or SMALL. Her player chooses the size when she is placed (setup decision
``alice_size``); while BIG her attack cards are worth +``big_attack`` (2), while SMALL her defence
cards +``small_defense`` (1) — only in combats Alice herself fights, only for a card she played
(``modify_combat_value``, so an ignored or locked value stays as it is). Six cards change the
size (effect hook ``change_size``).

State: ``game.players[seat].res["size"]``, "big" or "small" (public). Event ``size``
(detail: the new size; ``value`` 1 at setup, 0 when changed).
"""

from __future__ import annotations

from unmatched_sim.engine.effects import hook_effect
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.state import ATTACKER, DEFENDER
from unmatched_sim.hooks import Ability, ability, advise, story_line

SIZE, BIG, SMALL = "size", "big", "small"


@ability("big_and_small")
class BigAndSmall(DeclaredParams, Ability):
    PARAMS = {
        "big_attack": Param.whole(2, "added to the attack cards Alice plays while BIG"),
        "small_defense": Param.whole(1, "added to the defence cards Alice plays while SMALL"),
    }

    def setup(self, g, seat):
        g.players[seat].res[SIZE] = BIG
        g.ask(seat, "alice_size", (BIG, SMALL), _size_chosen, seat)

    def modify_combat_value(self, g, seat, combat, role, value):
        if combat.players[role] != seat or combat.fighters[role] != g.players[seat].fighters[0]:
            return value
        size = g.players[seat].res.get(SIZE)
        if role == ATTACKER and size == BIG:
            return value + self.params["big_attack"]
        if role == DEFENDER and size == SMALL:
            return value + self.params["small_defense"]
        return value


    def combat_bonus_estimate(self, g, seat, fighter, role, opponent=None):
        if fighter != g.players[seat].fighters[0]:
            return 0.0
        size = g.players[seat].res.get(SIZE)
        if role == ATTACKER and size == BIG:
            return float(self.params["big_attack"])
        if role == DEFENDER and size == SMALL:
            return float(self.params["small_defense"])
        return 0.0


def _size_chosen(g, seat: int, size: str) -> None:
    g.players[seat].res[SIZE] = size
    g.log("size", seat, g.players[seat].fighters[0], detail=size, value=1)


@hook_effect("change_size")
def change_size(g, ctx, op):
    """Alice becomes SMALL if she was BIG, BIG if she was SMALL."""
    res = g.players[ctx.player].res
    if SIZE not in res:
        return
    res[SIZE] = SMALL if res[SIZE] == BIG else BIG
    g.log("size", ctx.player, g.players[ctx.player].fighters[0], ctx.card if ctx.card >= 0 else None,
          detail=res[SIZE], value=0)


@advise("alice_size")
def _advise_size(policy, view, d):
    """BIG (+2 attacking) for a policy that attacks readily, SMALL (+1 defending) otherwise."""
    aggression = getattr(policy, "aggression", 0.7)
    return BIG if aggression >= 0.3 else SMALL


@story_line("size")
def _story_size(row):
    return f"{row['who']}: Alice is {str(row['detail']).upper()}"
