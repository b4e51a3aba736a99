"""The heuristic's per-card facts (policies/card_facts.py: ``card_strength``, ``keep_worth``,
``own_draw_counts``, ``recover_specs``, ...) are worked out once per card definition and kept:
what is kept must be the fact of that very definition, so that a what-if edit (a new definition
of the same card) gets its own facts and leaves the original's alone."""

from dataclasses import replace

from unmatched_sim.data.catalog import find_hero
from unmatched_sim.policies.card_facts import (card_strength, keep_worth, own_draw_counts,
                                               recover_specs)


def _card(hero: str, name: str):
    return next(c for c in find_hero(hero).cards if c.name == name)


def test_an_edited_card_gets_its_own_kept_facts_and_the_original_keeps_its_own():
    wish = _card("genie", "Wishing for More Wishes")
    before = card_strength(wish), keep_worth(wish)
    stronger = replace(wish, value=wish.value + 2)
    assert card_strength(stronger)[0] == before[0][0] + 2
    assert keep_worth(stronger) > before[1]
    assert (card_strength(wish), keep_worth(wish)) == before      # the original's facts are kept


def test_a_card_draw_and_healing_facts_are_read_from_its_effects():
    assert own_draw_counts(_card("genie", "Wishing for More Wishes")) == (3,)
    lamp = _card("genie", "Back in the Lamp")
    assert [spec.get("amount") for spec in recover_specs(lamp)] and own_draw_counts(lamp) == ()
    flat = replace(lamp, effects={})
    assert recover_specs(flat) == () and recover_specs(lamp)       # each definition its own
