"""Python for what hero files cannot say: special abilities and truly unique card effects.

A hero file names its ability with ``[ability] hook = "name"`` (plus parameters); the hook is
an ``Ability`` subclass registered with ``@ability("name")``. The contract, what the engine asks
of an ability and when, is the engine's (``engine.ability``: ``Ability`` and its ``HOOKS``);
it is re-exported here for the hero modules. Importing this package registers every hero's
code; the hero file loader (``unmatched_sim.data.heroes``) does, the engine never does.

Unique card effects are functions registered with ``@hook_effect`` (see engine.effects) and used
from a card as ``{ op = "hook", name = "..." }``.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Callable

from unmatched_sim.engine.ability import ABILITIES, Ability, ability, make_ability
from unmatched_sim.engine.effects import QUANTITIES, hook_effect
from unmatched_sim.registry import Registry

__all__ = ["ABILITIES", "AI_ADVICE", "CARD_ADVICE", "DESTINATION_ADVICE", "EFFECT_ADVICE", "HAND_ADVICE",
           "MANEUVER_ADVICE", "SCHEME_ADVICE", "STORY_LINES", "VALUE_ADVICE", "VIEW_CONDITIONS", "VIEW_QUANTITIES",
           "Ability", "ability", "advise", "card_advice", "destination_advice", "effect_advice", "hand_advice",
           "hook_effect", "make_ability", "maneuver_advice", "scheme_advice", "story_line", "value_advice",
           "view_condition", "view_quantity"]


# What the AI and the replay story need to know of a hero, registered by its hook module so a
# hero's code stays in one place:
#   AI_ADVICE[decision kind] = fn(policy, view, decision) -> one of decision.options
#       used by the greedy policy and every policy built on it (heuristic, tuned, the search's
#       guide) for a decision kind they have no method of their own for;
#   STORY_LINES[event kind] = fn(event row as a dict, with "who") -> text for ``sim replay``.
AI_ADVICE: dict[str, Callable] = Registry("AI advice for decision")
STORY_LINES: dict[str, Callable[[dict], str]] = Registry("story line for event")
#   CARD_ADVICE[ability hook name] = fn(policy, view, card id) -> float
#       how much more (or less) a combat card is worth playing now to a hero with that ability,
#       beyond its value and effects (Shakespeare: a card that completes the line); added by the
#       greedy and heuristic policies when they choose an attack or defense card.
CARD_ADVICE: dict[str, Callable] = {}
#   SCHEME_ADVICE[ability hook name] = fn(policy, view, card id, fighter) -> float | None
#       what playing this scheme now is worth to a hero with that ability, on the scale of the
#       heuristic's action scores (None: the policy's own reckoning); a scheme whose worth lies in
#       what the turn's next action does with it (Nunchaku's +1 before an attack).
SCHEME_ADVICE: dict[str, Callable] = {}
#   HAND_ADVICE[ability hook name] = fn(policy, view, cards) -> float
#       what ending our turn with ``cards`` cards in hand is worth to a hero with that ability,
#       on the scale of the heuristic's action scores (Bloody Mary: exactly 3 when her next turn
#       starts gives her an action); added to each choice of the turn's last action.
HAND_ADVICE: dict[str, Callable] = {}
#   DESTINATION_ADVICE[ability hook name] = fn(policy, view, decision) -> space | None
#       where an effect of this hero's puts its own fighter (decision "effect_destination"), when
#       the hero knows better than the space's worth (Pure Evil: next to the foes it then hurts);
#       None: the policy's own choice.
DESTINATION_ADVICE: dict[str, Callable] = {}
#   MANEUVER_ADVICE[ability hook name] = fn(policy, view) -> float
#       what a maneuver of ours costs a hero with that ability beyond what it draws and where it
#       goes, on the scale of the heuristic's action scores (Mr. Hyde: the damage each of his
#       maneuvers deals him); taken off the maneuver's worth.
MANEUVER_ADVICE: dict[str, Callable] = {}
#   EFFECT_ADVICE[verb or hook-effect name] = fn(policy, view, op, fighter) -> float
#       what one of a hero's own effects (a verb its package defines, or a ``hook`` effect by
#       its name) is worth resolved now by our ``fighter``, on the scale of the heuristic's
#       action scores, where the shared table has no entry for it (Something Wicked This Way
#       Comes: the two spells it casts); used wherever the heuristic weighs a list of effects.
EFFECT_ADVICE: dict[str, Callable] = {}
#   VALUE_ADVICE[hook-effect name] = fn(policy, view, card id) -> float
#       what one of a hero's own during-combat ``hook`` effects adds to its card's value if we
#       play the card now (Lævateinn: the BOOST of the card it shows from the foe's hand), where
#       the card tables' flat guess (``HOOK_LIFT``) would stand; read by the heuristic for its
#       own attack and defense cards.
VALUE_ADVICE: dict[str, Callable] = {}
#   VIEW_QUANTITIES[the quantity's function, ``engine.effects.QUANTITIES[name]``] =
#       fn(view, seat, card id) -> int: a number a card reads that a player's view tells
#       exactly because what it counts is public (Shakespeare's line: the Horrors in it), so
#       the AI reads a card whose value adds it as the value it will have now.
VIEW_QUANTITIES: dict[str, Callable] = {}
#   VIEW_CONDITIONS[condition name, ``engine.effects.CONDITIONS``] = fn(view, fighter, foe) -> bool:
#       a condition of a combat card's effect that a player's view tells before the cards are
#       shown (the resolving fighter has moved this turn; the opposing fighter is a hero), with
#       ``fighter`` the one resolving the card and ``foe`` the opposing fighter of the combat, so
#       the AI reads the card at the value it will have where the card tables count half of it.
#       Under a quantity's name (``QUANTITIES``): its number, for a condition that compares it
#       (``{ quantity = "fighter_health", at_most = 7 }``).
VIEW_CONDITIONS: dict[str, Callable] = {}


def _registrar(table: dict, doc: str, key=None):
    """A decorator factory registering ``fn`` in ``table`` under a name (or ``key(name)``)."""
    def by_name(name: str):
        def register(fn):
            table[key(name) if key else name] = fn
            return fn
        return register
    by_name.__doc__ = doc
    return by_name


advise = _registrar(AI_ADVICE, """Register how the AI decides a hero's own decision kind:
``@advise("misery_continue")``.""")
card_advice = _registrar(CARD_ADVICE, """Register a hero's combat-card preference:
``@card_advice("iambic_pentameter")``.""")
scheme_advice = _registrar(SCHEME_ADVICE, """Register a hero's worth of its own schemes:
``@scheme_advice("fleet_of_foot")``.""")
hand_advice = _registrar(HAND_ADVICE, """Register what a hero's hand size at the end of its turn is
worth: ``@hand_advice("...")``.""")
destination_advice = _registrar(DESTINATION_ADVICE, """Register where a hero's effects put its own
fighter: ``@destination_advice("...")``.""")
maneuver_advice = _registrar(MANEUVER_ADVICE, """Register what a hero's maneuvers cost it:
``@maneuver_advice("dual_nature")``.""")
effect_advice = _registrar(EFFECT_ADVICE, """Register what a hero's own effect is worth:
``@effect_advice("cast_two_spells")``.""")
value_advice = _registrar(VALUE_ADVICE, """Register what a hero's own hook adds to its card's value now:
``@value_advice("laevateinn")``.""")
view_condition = _registrar(VIEW_CONDITIONS, """Register how a player's view tells a combat card's
condition (one of ``CONDITIONS``), or a quantity a condition compares:
``@view_condition("started_turn_elsewhere")``.""")
view_quantity = _registrar(VIEW_QUANTITIES, """Register how a player's view tells a public quantity (one
of ``QUANTITIES``, registered before): ``@view_quantity("line_same_name")``; kept by the quantity's
function.""", key=QUANTITIES.__getitem__)
story_line = _registrar(STORY_LINES, """Register how ``sim replay`` tells a hero's own event kind.""")


def _register_all() -> None:
    """Import every module in this package: each registers its abilities and effect hooks."""
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


_register_all()
