"""Every card with an effect has a scenario test: the card's name appears in its hero's test file
(``tests/test_<hero id>.py``), where its tests live. A hero added without tests for its cards
fails here, naming the cards."""

from pathlib import Path

import pytest

from unmatched_sim.data.catalog import find_hero, hero_ids

TESTS = Path(__file__).parent


@pytest.mark.parametrize("hero_id", hero_ids())
def test_every_card_with_an_effect_has_a_test_in_its_hero_file(hero_id):
    hero = find_hero(hero_id)
    path = TESTS / f"test_{hero_id}.py"
    assert path.exists(), f"{hero_id} has no tests/test_{hero_id}.py"
    text = path.read_text()
    missing = [c.name for c in hero.cards if c.effects and c.name not in text]
    assert not missing, f"{hero_id}: cards with effects and no test: {missing}"
