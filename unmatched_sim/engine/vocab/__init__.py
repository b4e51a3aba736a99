"""More verbs, selectors, conditions and quantities of the shared effect vocabulary, one module
per domain (``engine/effects.py`` holds the core and the Op protocol). Every module in this
package is imported when ``engine.effects`` loads, so a verb defined here with ``@op("name")``
is usable from any hero file. Shared vocabulary goes here (never in one hero's hook module):
"the fighter started this turn on another space" serves every hero that says it.

    deck       looking at, revealing, searching and shuffling decks; cards from hand to deck
    hands      another player's hand: look at it, pick a card, and what becomes of it
    discard    cards from the discard pile back to a hand; counting tagged cards there
    choices    choosing several of a card's effects
    combat     conditions and verbs about the combat; printed values held
    turn       what happened this turn; ending it
    position   where fighters started the turn, zones and adjacency, placing, returning
    fighters   friendly fighters; damage and health
    costs      costs beyond the core ones
    lasting    effects that last a combat, a turn or until the next turn

What cards say about one hero's own state (Titania's glamours, Shakespeare's line, the Wayward
Sisters' cauldron, Nikola Tesla's coils) lives in that hero's hook package, beside its ability.
"""

from __future__ import annotations


def _register_all() -> None:
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


_register_all()
