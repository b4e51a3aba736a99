"""Games of the example villain against 1-4 heroes, played by the default policy, run to an end
with the rules' invariants holding."""

from __future__ import annotations

import pytest

from unmatched_sim.coop.game import HEROES
from unmatched_sim.coop.play import make_coop_game, play_coop

LINEUPS = [["houdini"], ["alice", "king_arthur"], ["genie", "hamlet", "blackbeard"],
           ["dr_jill_trent", "annie_christmas", "golden_bat", "chupacabra"]]


@pytest.mark.parametrize("heroes", LINEUPS, ids=lambda h: f"{len(h)}p")
@pytest.mark.parametrize("seed", [0, 1])
def test_coop_games_run_to_an_end(heroes, seed):
    g = make_coop_game("example_villain", heroes, seed=seed)
    play_coop(g, "tuned", seed)
    assert g.over and g.pending is None
    assert g.end_reason in ("villain_defeated", "all_fighters_defeated", "objective", "turn_limit")
    co = g.coop
    villain = g.fighters[g.enemy_fighter(co.villain)]
    assert villain.max_health == 10 * len(heroes)
    if g.end_reason == "villain_defeated":
        assert g.winner == HEROES and not villain.alive
    elif g.end_reason == "all_fighters_defeated":
        assert g.winner == co.villain
        assert not any(g.fighters[f].alive for s in range(co.heroes) for f in g.players[s].fighters)
    elif g.end_reason == "objective":
        assert g.winner == co.villain and co.objectives == co.objectives_to_win
    for f in g.fighters:
        assert 0 <= f.health <= f.max_health
        assert f.on_board == (g.occupant[f.space] == f.idx if f.on_board else False)
    kinds = [e[2] for e in g.events]
    assert "initiative" in kinds and "round" in kinds
    # each enemy attacks at most once per turn of its own
    turn_attacks = {}
    for e in g.events:
        if e[2] == "attack" and e[1] >= co.heroes:
            turn_attacks[e[0]] = turn_attacks.get(e[0], 0) + 1
    assert all(n == 1 for n in turn_attacks.values())


def test_coop_same_seed_same_game():
    a = play_coop(make_coop_game("example_villain", ["houdini", "alice"], seed=7), "tuned", 7)
    b = play_coop(make_coop_game("example_villain", ["houdini", "alice"], seed=7), "tuned", 7)
    assert a.events == b.events


def _all_heroes():
    from unmatched_sim.data.catalog import hero_ids
    return hero_ids()


@pytest.mark.parametrize("hero", _all_heroes())
def test_coop_every_hero_plays_against_the_example_villain(hero):
    """Every hero's abilities and card effects meet enemies without error: alone with random
    choices, and beside two other heroes with the default policy."""
    ids = _all_heroes()
    i = ids.index(hero)
    def enemies_hold_nothing_at_turn_start(g, d, choice):
        if d.kind == "action" and g.players[d.player].actions == 2:
            assert all(not g.players[s].hand for s in range(g.coop.heroes, len(g.players)))

    for heroes, policy in (([hero], "random"), ([hero, ids[(i + 5) % len(ids)], ids[(i + 11) % len(ids)]], "tuned")):
        g = play_coop(make_coop_game("example_villain", heroes, seed=i), policy, i,
                      enemies_hold_nothing_at_turn_start)
        assert g.over and g.end_reason in ("villain_defeated", "all_fighters_defeated", "objective", "turn_limit")


def test_coop_search_policy_plays_a_game_to_its_end():
    """ISMCTS searches copies of the co-op game (``CoopGame.clone`` keeps the co-op state)."""
    g = play_coop(make_coop_game("example_villain", ["houdini", "alice"], seed=5), "ismcts:iterations=8", 5)
    assert g.over and g.end_reason in ("villain_defeated", "all_fighters_defeated", "objective", "turn_limit")


def test_coop_clone_keeps_the_coop_state_apart():
    g = make_coop_game("example_villain", ["houdini"], seed=1)
    g.start()
    while g.coop.round == 0 or not g.coop.deck:       # past the setup, into a round
        g.answer(g.pending.options[0])
    c = g.clone()
    assert type(c) is type(g) and c.coop is not g.coop and c.coop.deck == g.coop.deck
    c.coop.deck.clear()
    c.coop.threat = 3
    assert g.coop.deck and g.coop.threat == 0
