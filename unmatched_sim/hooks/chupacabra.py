"""Chupacabra: The Hunger.

Every card of the deck is written in the shared vocabulary (heroes/chupacabra.toml); only the
special ability needs code.
"""

from __future__ import annotations

from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.hooks import Ability, ability, advise


@ability("draw_after_attacking")
class DrawAfterAttacking(DeclaredParams, Ability):
    """After you attack, you may draw ``cards`` card(s) (default 1).

    The engine calls ``after_attacking`` as the last step of an attack: after the AFTER COMBAT
    effects of both cards, the after-combat abilities and the cleanup of the played cards — the
    moment the rules give The Hunger. It is a choice (``ability_draw``: True = draw), because
    drawing from an empty deck deals exhaustion damage instead.

    Once either hero is defeated the game ends at the end of this action whatever is drawn (if
    both fall, the player whose turn it is — Chupacabra — wins), so the choice is not asked then.
    """

    PARAMS = {"cards": Param.whole(1, "cards drawn after attacking", least=1)}

    def after_attacking(self, g, seat):
        if g.decided() or g.hero_defeated(seat):   # the game is over, or Chupacabra is
            return
        cards = self.params["cards"]
        g.ask(seat, "ability_draw", (True, False), self._answered, seat, cards,
              count=cards, ability="draw_after_attacking")

    def _answered(self, g, seat, cards, draw):
        if not draw:
            return
        g.log("ability", seat, g.players[seat].fighters[0], amount=cards, detail="draw_after_attacking")
        g.draw(seat, cards)


# ---------------------------------------------------------------------- how the AI plays it
# The greedy policy (and every policy built on it, unless it has a method of its own for the
# decision) asks these for this hero's own decisions (hooks.advise).
@advise("ability_draw")
def advise_ability_draw(policy, view, d):
    """An optional draw (The Hunger): always, unless the deck cannot supply it — drawing
    from an empty deck deals 2 damage to each of our fighters instead."""
    return view.deck_size(view.seat) >= d.info.get("count", 1)

