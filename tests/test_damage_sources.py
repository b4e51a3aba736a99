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


# ------------------------------------------------------------------ the analysis reads them
def _origin_log():
    from tests.test_analysis import Log
    log = Log()
    log.game(0, "medusa", "y", first="a", winner="a", turns=4, health=(16, 0), fighters=("Medusa", "Y"))
    log.ev(0, 1, "b", "damage", fighter="Y", amount=1, health=9, detail="ability", by_player="a", by_fighter="Medusa")
    log.ev(0, 1, "b", "damage", fighter="Y", amount=3, health=6, detail="combat", card="Snipe", by_player="a",
           by_fighter="Medusa")
    log.ev(0, 3, "b", "damage", fighter="Y", amount=2, health=4, detail="card", card="A Momentary Glance",
           by_player="a", by_fighter="Medusa")
    log.ev(0, 3, "a", "damage", fighter="Medusa", amount=2, health=14, detail="card", card="A Momentary Glance",
           by_player="a", by_fighter="Medusa")
    log.ev(0, 4, "b", "damage", fighter="Y", amount=2, health=2, detail="exhaustion")
    # a log of the older vocabulary: a card's effect as "effect" with its card, an ability's without
    log.game(1, "medusa", "y", first="a", winner="a", turns=4, health=(16, 0), fighters=("Medusa", "Y"))
    log.ev(1, 1, "b", "damage", fighter="Y", amount=2, health=8, detail="effect", card="A Momentary Glance",
           by_player="a", by_fighter="Medusa")
    log.ev(1, 3, "b", "damage", fighter="Y", amount=1, health=7, detail="effect", by_player="a", by_fighter="Medusa")
    return log


def test_damage_by_origin_names_the_card_or_ability_and_keeps_self_inflicted_apart():
    from unmatched_sim import analysis as A
    t = A.damage_by_origin(_origin_log().run())
    got = {(r["hero"], r["source"], r["card"]): (r["dealt"], r["self_inflicted"]) for r in t.iter_rows(named=True)}
    assert got[("medusa", "ability", None)] == (1, 0)
    assert got[("medusa", "combat", "Snipe")] == (3, 0)
    assert got[("medusa", "card", "A Momentary Glance")] == (4, 2)      # 2 + the older log's 2; 2 to herself
    assert got[("medusa", "effect", None)] == (1, 0)                    # the older log names no card: unnamed
    assert not any(k[1] == "exhaustion" for k in got)                   # nobody's
    assert t.row(0, named=True)["card"] == "A Momentary Glance"          # most dealt first


def test_damage_by_source_reads_an_older_logs_card_effects_as_card():
    from unmatched_sim import analysis as A
    s = A.damage_by_source(_origin_log().run())
    dealt = {r["source"]: r["dealt"] for r in s.filter(s["hero"] == "medusa").iter_rows(named=True)}
    assert dealt == {"card": 4, "combat": 3, "ability": 1, "effect": 1}


def test_the_reports_origin_table_names_the_ability_from_the_hero_file():
    from pathlib import Path

    from unmatched_sim.report.damage import origin_table
    path = Path(find_hero("medusa").path)
    run = _origin_log().run({"hero_files": {"medusa": {"path": str(path)}}})
    t = origin_table(run, ["medusa", "y"], lambda h: h)
    dealt_by = [r[1] for r in t.rows]
    assert "Medusa's Gaze (ability)" in dealt_by and "A Momentary Glance (card effect)" in dealt_by
    assert "Snipe (combat)" in dealt_by


def test_the_reports_finding_names_a_heros_largest_source_beyond_combat():
    from unmatched_sim.report.damage import origin_finding
    run = _origin_log().run()
    text = origin_finding(run, ["medusa", "y"], lambda h: h)
    assert "A Momentary Glance (card effect)" in text and "Snipe" not in text
