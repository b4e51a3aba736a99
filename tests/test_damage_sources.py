"""Every point of damage is named by its source: the ``damage``, ``damage_prevented`` and
``defeat`` rows carry a source kind (``detail``) and, whenever one caused it, the card, spell or
misery (``card``). Checked for every hero in the catalogue (so a hero added later is checked
without touching this file), and for each hero whose ability or extra deals damage, that its
own damage appears under its own kind."""

from __future__ import annotations

import pytest

from unmatched_sim.data.catalog import find_board, find_hero, hero_ids
from unmatched_sim.engine.game import (ABILITY, BOARD, CARD, COMBAT, DAMAGE_SOURCES, EXHAUSTION, MISERY, SPELL,
                                       damage_source)
from unmatched_sim.engine.state import OTHER_ROLE, Ctx
from unmatched_sim.run import GameSpec, play_game

KEYS = ("turn", "player", "kind", "fighter", "card", "target", "amount", "value", "health", "space",
        "detail", "by_player", "by_fighter")
DAMAGE_KINDS = ("damage", "damage_prevented", "defeat")
HERO_SPECIFIC = {"misery_bust"}          # Pandora's box: her bust (no card: the whole turn's miseries)
NAMED = {COMBAT, CARD, SPELL, MISERY}    # kinds that always come from a card, spell or misery

# The heroes whose ability or extra deals damage, with the kinds it is logged under.
OWN_DAMAGE = {
    "medusa": {ABILITY},                 # Medusa's Gaze
    "hamlet": {ABILITY},                 # NOT TO BE
    "nikola_tesla": {ABILITY},           # coil overflow
    "pandora": {MISERY, "misery_bust"},  # Pain; a bust
    "wayward_sisters": {SPELL},          # the Spell of Stinging...
}
OPPONENTS = ("houdini", "chupacabra")


def _rows(hero: str, opponent: str, seed: int, policy: str = "greedy") -> list[dict]:
    heroes = {h: find_hero(h) for h in (hero, opponent)}
    spec = GameSpec(seed, 0, seed, hero, opponent, a_first=seed % 2 == 0)
    game, _ = play_game(spec, heroes, find_board("marmoreal"), policy, policy, 120)
    return [dict(zip(KEYS, e)) for e in game.events]


def _unattributed(rows: list[dict]) -> list[dict]:
    bad = []
    for r in rows:
        if r["kind"] not in DAMAGE_KINDS:
            continue
        kind = r["detail"]
        if kind not in DAMAGE_SOURCES and kind not in HERO_SPECIFIC:
            bad.append(r)
        elif kind in NAMED and r["card"] is None:
            bad.append(r)
        elif kind not in (EXHAUSTION, BOARD) and r["by_fighter"] is None:
            bad.append(r)
    return bad


@pytest.mark.parametrize("hero", hero_ids())
def test_no_damage_row_is_unattributed_unless_it_is_exhaustion(hero):
    for k, opponent in enumerate(OPPONENTS):
        for seed in (3 + k, 10 + k):
            rows = _rows(hero, opponent, seed)
            assert _unattributed(rows) == [], f"{hero} v {opponent}, seed {seed}"


@pytest.mark.parametrize("hero", sorted(OWN_DAMAGE))
def test_a_heros_own_damage_is_logged_under_its_own_kind(hero):
    seen: set[str] = set()
    for seed in range(1, 25):
        rows = _rows(hero, "houdini", seed, "tuned")
        own = [r for r in rows if r["kind"] == "damage" and r["detail"] in OWN_DAMAGE[hero]]
        assert _unattributed(own) == []
        for r in own:
            if r["detail"] in (SPELL, MISERY):
                assert r["card"] is not None and r["by_fighter"] is not None
        seen |= {r["detail"] for r in own}
        if seen >= OWN_DAMAGE[hero]:
            break
    assert seen >= OWN_DAMAGE[hero]


def test_a_defeat_row_names_the_card_of_the_blow():
    for seed in range(1, 12):
        rows = _rows("houdini", "chupacabra", seed)
        for i, r in enumerate(rows):
            if r["kind"] == "defeat" and r["detail"] in (COMBAT, CARD):
                blow = rows[i - 1]
                assert blow["kind"] == "damage" and blow["fighter"] == r["fighter"]
                assert r["card"] == blow["card"] is not None
                return
    pytest.fail("no defeat by combat or card in the games played")


def test_damage_source_reads_the_context():
    assert damage_source(Ctx(0, 7, OTHER_ROLE, 0)) == (CARD, 7)
    assert damage_source(Ctx(0, -1, OTHER_ROLE, 0, source=ABILITY)) == (ABILITY, None)
    assert damage_source(Ctx(0, -1, OTHER_ROLE, 0, source=SPELL, source_name="Spell of Stinging")) == \
        (SPELL, "Spell of Stinging")
    assert damage_source(Ctx(0, 4, OTHER_ROLE, 0, source=BOARD)) == (BOARD, 4)
    assert damage_source(Ctx(0, -1, OTHER_ROLE, 0)) == ("effect", None)
