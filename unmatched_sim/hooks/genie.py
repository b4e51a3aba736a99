"""The Genie: Infinite Power."""

from __future__ import annotations

from unmatched_sim.data.limits import ABILITY_PARAMS
from unmatched_sim.engine.game import OWN_EFFECT
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.hooks import Ability, ability, advise

_RANGE = ABILITY_PARAMS["discard_for_action"]


@ability("discard_for_action")
class DiscardForAction(DeclaredParams, Ability):
    """At the start of your turn you may discard ``cards`` card(s) to gain ``actions`` action(s)."""
    PARAMS = {"cards": Param.whole(1, "cards discarded at the start of the turn", *_RANGE["cards"]),
              "actions": Param.whole(1, "actions gained for them", *_RANGE["actions"])}

    def start_of_turn(self, g, seat):
        cards = self.params["cards"]
        hand = g.players[seat].hand
        if len(hand) < cards:
            return
        g.ask(seat, "ability_discard_for_action", [None] + list(hand), self._chosen, seat, cards)

    def _chosen(self, g, seat, left, cid):
        if cid is None:
            return
        g.discard_from_hand(seat, cid, OWN_EFFECT)
        g.log("ability", seat, card=cid, detail="discard_for_action")
        if left > 1:
            g.ask(seat, "ability_discard_for_action", list(g.players[seat].hand), self._chosen, seat,
                  left - 1)
        else:
            g.gain_action(seat, self.params["actions"])


# ---------------------------------------------------------------------- how the AI plays it
# The greedy policy (and every policy built on it, unless it has a method of its own for the
# decision) asks these for this hero's own decisions (hooks.advise).
@advise("ability_discard_for_action")
def advise_ability_discard_for_action(policy, view, d):
    cards = [c for c in d.options if c is not None]
    if len(view.hand) >= 3 and cards:
        return policy.lowest(view, cards)
    return None

