"""How card text and the players' fighters meet the enemies (Tales to Amaze, "Enemies" and
"Adding Unmatched Fighters"), beyond what ``coop.game`` runs itself.

* **small fighters**: a fighter marked ``small = true`` in its hero file is never an enemy's
  target: enemies ignore it when they look for a fighter to attack or move toward
  (``enemy_targets``). It still blocks their movement like any hero or sidekick. (No hero in
  this simulator has a small fighter: the reference data knows only Squirrel Girl's Squirrels,
  a Marvel set; Alice's SMALL is her size, not a small fighter.)
* **effects for heroes or sidekicks**: an enemy is neither a hero nor a sidekick for card text
  (``CoopFormat.counts_as_hero`` / ``counts_as_sidekick``; the engine keeps it as its seat's
  "hero" fighter for its own bookkeeping). What reads it: the condition
  ``opposing_combatant_is_hero`` (Alice's Claws That Catch is 3 against an enemy), ``defeat``
  with ``sidekick_only`` (Beowulf's No Contest Expecteth never defeats an enemy), Sherlock
  Holmes's swap with "your opponent's hero" (Master of Disguise), webs and acid (``tokens``).
  Effects on "fighters" act on enemies as on anyone.
* **no hand**: looking at an enemy's hand looks at the top card of its deck; an enemy made to
  discard, whoever chooses and at random or not, puts that many cards from the top of its deck
  into its discard pile (``CoopFormat.has_hand``, read by the engine's ``look_at_hand`` and
  ``discard``). An effect that then does something else with a card of the hand (put it under
  the deck, shuffle it in, discard it or take damage) finds none: the rulebook maps looking
  and discarding only.
* **the printed value when defending**: "in combat, use the attack value if it is attacking,
  and the defense value if it is defending" (``CoopFormat.printed_value``): what effects read
  as the printed value of an enemy's defense card (``opponent_card_printed_value``, a
  printed-value lock, Dr. Jill Trent's gadgets) is its defense value, and the card is revealed
  at that value (the ``reveal`` event's ``amount``).
"""

from __future__ import annotations

DEFENSE = "defense"
DEFENDER_ROLE = 1


def enemy_targets(g) -> list[int]:
    """The fighters an enemy may target: the players' fighters on the board, small ones aside."""
    F = g.fighters
    return [t for s in range(g.coop.heroes) for t in g.on_board(s) if not F[t].defn.small]


class EnemyRules:
    """A base of ``CoopGame``: an enemy's defense card is revealed at its defense value."""

    def log(self, kind, player=None, fighter=None, card=None, target=None, amount=None, health=None,
            space=None, detail=None, value=None, by=None):
        if kind == "reveal" and detail == DEFENSE and player is not None and player >= self.coop.heroes \
                and isinstance(card, int) and self.card_owners[card] == player:
            amount = self.format.printed_value(self, card, DEFENDER_ROLE)
        return super().log(kind, player, fighter, card, target, amount, health, space, detail, value, by)
