"""The co-op rules (Tales to Amaze), one scenario test per rule, on the example villain (its
cards are invented for tests; the rules are the rulebook's)."""

from __future__ import annotations

import pytest

from tests.coop_helpers import stop_after_setup
from unmatched_sim.coop import game as cg
from unmatched_sim.coop.play import make_coop_game


def kinds(g):
    return [e[2] for e in g.events]


def events_of(g, kind):
    return [e for e in g.events if e[2] == kind]


def paused(heroes=("houdini",), seed=0, **kw):
    """A co-op game set up (minions and sidekicks placed), stopped before anything else runs."""
    return stop_after_setup(make_coop_game("example_villain", list(heroes), seed=seed, **kw))


def clear_board(g, keep=()):
    for f in g.fighters:
        if f.on_board and f.idx not in keep:
            g._remove_from_board(f.idx)


def layers(g, start):
    """Spaces by distance from ``start`` over the board's paths."""
    out, seen, frontier = [[start]], {start}, [start]
    while frontier:
        nxt = []
        for x in frontier:
            for y in g.board.adjacent[x]:
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        if nxt:
            out.append(nxt)
        frontier = nxt
    return out


def hero_fi(g, seat=0):
    return g.players[seat].fighters[0]


# ---------------------------------------------------------------------- setup
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_coop_setup_villain_health_ten_per_player_and_one_minion_per_player(n):
    heroes = ["houdini", "alice", "genie", "hamlet"][:n]
    g = paused(heroes)
    co = g.coop
    villain = g.fighters[g.enemy_fighter(co.villain)]
    assert villain.health == villain.max_health == 10 * n
    minions = list(range(co.villain + 1, len(g.players)))
    assert len(minions) == n
    for s in minions:
        m = g.fighters[g.enemy_fighter(s)]
        assert m.health == 10 and m.on_board
        assert m.space in g.board.adjacent[villain.space]
    for s in range(n):
        assert g.fighters[hero_fi(g, s)].space == g.board.starts[s + 1]
        assert len(g.players[s].hand) >= 5
    for s in [co.villain] + minions:
        assert g.players[s].hand == []


def test_coop_setup_without_starting_space_5_puts_villain_on_central_empty_space():
    g = paused()
    assert 5 not in g.board.starts
    assert g.fighters[g.enemy_fighter(g.coop.villain)].space not in g.board.starts.values()


def test_coop_minion_count_must_match_players():
    with pytest.raises(ValueError, match="needs 2 minions"):
        make_coop_game("example_villain", ["houdini", "alice"], minions=["example_brute"])


# ---------------------------------------------------------------------- the initiative deck
def test_coop_initiative_deck_one_card_per_player_villain_and_minion():
    g = paused(["houdini", "alice"])
    cg._new_round(g)
    seats = sorted(c.seat for c in g.coop.deck)
    assert seats == [0, 1, 2, 3, 4]


def test_coop_initiative_card_of_defeated_minion_removed_when_revealed():
    g = paused(["houdini"])
    minion = g.coop.villain + 1
    cg._new_round(g)
    g.stack.clear()
    g.defeat(g.enemy_fighter(minion), "test")
    assert g.check_win() is False and g.out[minion]
    card = next(c for c in g.coop.deck if c.seat == minion)
    g.coop.deck.remove(card)
    g.coop.deck.append(card)           # on top: revealed next
    cg._reveal(g)
    assert events_of(g, "initiative_removed")[-1][10] == card.name
    assert all(c.seat != minion for c in g.coop.cards)


def test_coop_initiative_card_of_defeated_minion_leaves_the_row_at_once():
    g = paused(["houdini"])
    minion = g.coop.villain + 1
    g.coop.row = [c for c in g.coop.cards if c.seat == minion]
    g.defeat(g.enemy_fighter(minion), "test")
    g.check_win()
    assert g.coop.row == []


def test_coop_extra_enemy_turn_puts_its_card_on_the_bottom():
    g = paused(["houdini"])
    villain = g.coop.villain
    card = next(c for c in g.coop.cards if c.seat == villain)
    g.coop.row = [card]
    g.coop.deck = [c for c in g.coop.cards if c is not card]
    cg.extra_enemy_turn(g, villain)
    assert g.coop.deck[0] is card and card not in g.coop.row


def _end_the_round(g):
    """Resolve the end-of-round effects, step by step, up to the next round's start."""
    cg._end_of_round(g)
    while g.stack[-1][0] is cg._end_of_round:
        fn, args = g.stack.pop()
        fn(g, *args)


def test_coop_end_of_round_advances_threat_by_villain_card_then_new_round():
    g = paused(["houdini"])
    g.coop.row = list(g.coop.cards)
    _end_the_round(g)
    assert g.coop.threat == 1
    assert g.stack[-1][0] is cg._new_round


def test_coop_cards_added_during_play_join_at_the_next_shuffle():
    g = paused(["houdini"])
    g._added_later[(g.coop.villain, "Extra")] = cg.Initiative("Extra", g.coop.villain)
    cg.add_initiative_card(g, g.coop.villain, "Extra")
    assert all(c.name != "Extra" for c in g.coop.cards)
    g.coop.row = []
    _end_the_round(g)
    assert any(c.name == "Extra" for c in g.coop.cards)


# ---------------------------------------------------------------------- enemy turns
def _enemy_setup(g, enemy_space, hero_spaces):
    seat = g.coop.villain
    fi = g.enemy_fighter(seat)
    clear_board(g)
    g.place(fi, enemy_space)
    for s, space in zip(range(g.coop.heroes), hero_spaces):
        g.place(hero_fi(g, s), space)
    return seat, fi


def test_coop_enemy_attacks_an_adjacent_target_without_moving():
    g = paused(["houdini"])
    v = g.board.starts[1]
    seat, fi = _enemy_setup(g, v, [sorted(g.board.adjacent[v])[0]])
    g.players[0].hand.clear()          # no defense: the combat resolves at once
    cg._enemy_turn(g, seat)
    g.run()
    attack = events_of(g, "attack")[-1]
    assert (attack[3], attack[5]) == (g.fighters[fi].name, g.fighters[hero_fi(g)].name)
    assert not events_of(g, "move")


def test_coop_players_choose_among_adjacent_targets():
    g = paused(["houdini", "alice"])
    v = next(s for s in range(g.board.size) if len(g.board.adjacent[s]) >= 2)
    a, b = sorted(g.board.adjacent[v])[:2]
    seat, fi = _enemy_setup(g, v, [a, b])
    cg._enemy_turn(g, seat)
    g.run()
    assert g.pending.kind == "enemy_target" and g.pending.player == 0
    assert set(g.pending.options) == {hero_fi(g, 0), hero_fi(g, 1)}


def test_coop_enemy_moves_to_the_closest_target_and_attacks():
    g = paused(["houdini", "alice"])
    start = g.board.starts[1]
    ring = layers(g, start)
    seat, fi = _enemy_setup(g, start, [ring[3][0], ring[4][0]])     # move 3: 2 to reach the first
    reach = cg.closest_targets(g, fi)
    assert list(reach) == [hero_fi(g, 0)]
    g.players[0].hand.clear()
    cg._enemy_turn(g, seat)
    g.run()
    while g.pending is not None and g.pending.kind == "enemy_route":
        g.answer(g.pending.options[0])
    assert g.adjacent(fi, hero_fi(g, 0))
    assert events_of(g, "attack")[-1][5] == g.fighters[hero_fi(g, 0)].name


def test_coop_enemy_with_no_target_in_reach_advances_threat_by_one():
    g = paused(["houdini"])
    start = g.board.starts[1]
    ring = layers(g, start)
    seat, fi = _enemy_setup(g, start, [ring[-1][0]])
    assert len(ring) - 1 > 4
    cg._enemy_turn(g, seat)
    g.run()
    assert g.coop.threat == 1 and events_of(g, "no_target")
    assert g.fighters[fi].space == start and g.combat is None


def test_coop_enemy_moves_through_enemies_but_not_heroes():
    g = paused(["houdini", "alice"])
    seat = g.coop.villain
    fi, minion = g.enemy_fighter(seat), g.enemy_fighter(seat + 1)
    clear_board(g)
    # a - b - c with b the only space between a and c: c is two steps away through b
    adj = g.board.adjacent
    a, b, c = next((a, b, c) for a in range(g.board.size) for b in sorted(adj[a]) for c in sorted(adj[b])
                   if c != a and c not in adj[a] and not (adj[a] & adj[c]) - {b})
    g.place(fi, a)
    g.place(minion, b)
    assert c in g.reachable(fi, 2)           # through a friendly enemy
    g._remove_from_board(minion)
    g.place(hero_fi(g, 1), b)
    assert c not in g.reachable(fi, 2)       # never through a hero


# ---------------------------------------------------------------------- enemy cards in combat
def _enemy_attacks_with(g, card_name):
    seat, fi = g.coop.villain, g.enemy_fighter(g.coop.villain)
    p = g.players[seat]
    cid = next(c for c in p.deck if g.card(c).name == card_name)
    p.deck.remove(cid)
    p.deck.append(cid)
    v = g.board.starts[1]
    _enemy_setup(g, v, [sorted(g.board.adjacent[v])[0]])
    g.players[0].hand.clear()          # no defense
    g.fighters[hero_fi(g)].health = 10
    cg._enemy_attack(g, seat, hero_fi(g))
    g.run()
    return cid


def test_coop_enemy_attacks_with_top_card_at_its_attack_value():
    g = paused(["houdini"])
    cid = _enemy_attacks_with(g, "Crushing Blow")
    assert events_of(g, "reveal")[-1][4] == g.card(cid).name
    assert g.fighters[hero_fi(g)].health == 10 - 4


def test_coop_enemy_defends_with_top_card_at_its_defense_value():
    g = paused(["houdini"])
    seat = g.coop.villain
    p = g.players[seat]
    cid = next(c for c in p.deck if g.card(c).name == "Dark Ward")       # attack 2, defense 4
    p.deck.remove(cid)
    p.deck.append(cid)
    vf = g.enemy_fighter(seat)
    v = g.board.starts[1]
    _enemy_setup(g, v, [sorted(g.board.adjacent[v])[0]])
    g.combat = cg.Combat(0, hero_fi(g), vf, seat)
    g.players[0].hand.append(next(c for c in g.players[0].deck))
    att = g.players[0].hand[-1]
    g.players[0].deck.remove(att)
    g.take_from_hand(0, att)
    g.play_area_add(att)
    g.combat.cards[0] = att
    cg._steps._ask_defense(g)
    assert g.combat.cards[1] == cid
    assert g.combat_value(1) == 4


def test_coop_attack_box_effect_not_resolved_when_defending():
    g = paused(["houdini"])
    seat = g.coop.villain
    cid = next(c for c in g.players[seat].deck if g.card(c).name == "Lingering Curse")
    g.combat = cg.Combat(0, hero_fi(g), g.enemy_fighter(seat), seat)
    g.players[seat].ability.on_card_played(g, cid, seat, 1)
    assert g.combat.cancelled[1]
    g.combat = cg.Combat(seat, g.enemy_fighter(seat), hero_fi(g), 0)
    g.players[seat].ability.on_card_played(g, cid, seat, 0)
    assert not g.combat.cancelled[0]


def test_coop_deception_shuffles_discard_back_into_deck():
    g = paused(["houdini"])
    seat = g.coop.villain
    p = g.players[seat]
    others = [c for c in p.deck if g.card(c).name != "Deception"][:3]
    deception = next(c for c in p.deck if g.card(c).name == "Deception")
    for c in others:
        p.deck.remove(c)
        g.discard_pile_add(seat, c)
    p.deck.remove(deception)
    g.to_discard_pile(deception, "played")
    assert p.discard == [] and len(p.deck) == 10
    assert events_of(g, "enemy_reshuffle")[-1][10] == "deception"


def test_coop_enemy_draw_shuffles_cards_from_top_of_discard_into_deck():
    g = paused(["houdini"])
    seat = g.coop.villain
    p = g.players[seat]
    moved = [p.deck.pop() for _ in range(3)]
    for c in moved:
        g.discard_pile_add(seat, c)
    g.draw(seat, 2)
    assert p.hand == [] and len(p.discard) == 1 and len(p.deck) == 9


def test_coop_enemy_never_exhausted_empty_deck_refilled_from_discard():
    g = paused(["houdini"])
    seat = g.coop.villain
    p = g.players[seat]
    while p.deck:
        g.discard_pile_add(seat, p.deck.pop())
    assert cg.enemy_card(g, seat) is not None
    assert all(not events_of(g, k) for k in ("exhausted",))


def test_coop_enemy_may_is_no_and_other_choices_are_the_players():
    g = paused(["houdini"])
    seat = g.coop.villain
    got = []
    g.ask(seat, "some_may", [None, 3, 4], lambda g, x: got.append(x))
    assert got == [None] and g.pending is None
    g.ask(seat, "place_somewhere", [3, 4], lambda g, x: got.append(x))
    assert g.pending.player == 0 and g.pending.kind == "place_somewhere"


def test_coop_amazing_event_adds_to_enemy_attacks():
    g = paused(["houdini"], events=["example_event"])
    _enemy_attacks_with(g, "Crushing Blow")
    assert g.fighters[hero_fi(g)].health == 10 - 5


# ---------------------------------------------------------------------- threat track and the end
def test_coop_threat_track_end_achieves_objective_ignores_rest_and_resets():
    g = paused(["houdini"])
    last = len(g.coop.track) - 1
    cg.advance_threat(g, last - 1, "test")
    assert g.coop.threat == last - 1 and g.coop.objectives == 0
    cg.advance_threat(g, 4, "test")
    assert g.coop.objectives == 1 and g.coop.threat == 0
    assert events_of(g, "threat")[-1][6] == 1        # one space moved, the rest ignored


def test_coop_fourth_objective_loses():
    g = paused(["houdini"])
    for _ in range(4):
        cg.advance_threat(g, len(g.coop.track), "test")
    assert g.over and g.winner == g.coop.villain and g.end_reason == "objective"


def test_coop_player_eliminated_only_when_all_fighters_defeated():
    g = paused(["houdini", "alice"])
    hero, sidekick = g.players[0].fighters[:2]
    g.defeat(hero, "test")
    assert not g.check_win() and not g.out[0]
    g.defeat(sidekick, "test")
    assert not g.check_win() and g.out[0]
    assert events_of(g, "eliminated")[-1][1] == 0


def test_coop_players_lose_when_all_their_fighters_are_defeated():
    g = paused(["houdini"])
    for fi in g.players[0].fighters:
        if g.fighters[fi].alive:
            g.defeat(fi, "test")
    assert g.check_win() and g.winner == g.coop.villain and g.end_reason == "all_fighters_defeated"


def test_coop_players_win_when_villain_defeated_even_with_minions_left():
    g = paused(["houdini"])
    g.defeat(g.enemy_fighter(g.coop.villain), "test")
    assert g.check_win() and g.winner == cg.HEROES and g.end_reason == "villain_defeated"
    assert g.fighters[g.enemy_fighter(g.coop.villain + 1)].alive


# ---------------------------------------------------------------------- the players' co-op decisions
def test_coop_advice_enemy_hits_the_fighter_with_most_health():
    from unmatched_sim.coop.advice import advise_enemy_target
    from unmatched_sim.engine.state import Decision
    from unmatched_sim.engine.view import PlayerView

    g = paused(["houdini", "alice"])
    a, b = hero_fi(g, 0), hero_fi(g, 1)
    g.fighters[a].health = 3
    d = Decision.__new__(Decision)
    d.player, d.kind, d.options, d.resume, d.args, d.info = 0, "enemy_target", (a, b), None, (), {}
    assert advise_enemy_target(None, PlayerView(g, 0), d) == b


def test_coop_advice_minion_starts_away_from_the_players():
    from unmatched_sim.coop.advice import advise_minion_start
    from unmatched_sim.engine.state import Decision
    from unmatched_sim.engine.view import PlayerView

    g = paused(["houdini"])
    clear_board(g)
    v = g.board.starts[1]
    near, far = sorted(g.board.adjacent[v])[:2]
    g.place(hero_fi(g), next(x for x in sorted(g.board.adjacent[near]) if x not in (v, far)
                             and x not in g.board.adjacent[far]))
    d = Decision.__new__(Decision)
    d.player, d.kind, d.options, d.resume, d.args, d.info = 0, "minion_start", (near, far), None, (), {}
    assert advise_minion_start(None, PlayerView(g, 0), d) == far


def test_coop_card_returned_to_enemy_hand_goes_on_top_of_its_deck():
    g = paused(["houdini"])
    seat = g.coop.villain
    p = g.players[seat]
    cid = p.deck.pop(0)
    p.hand.append(cid)
    cg.settle_enemy_hands(g)
    g.run()
    assert p.hand == [] and p.deck[-1] == cid


def test_coop_other_players_card_given_to_enemy_is_discarded():
    g = paused(["houdini"])
    seat = g.coop.villain
    cid = g.players[0].hand[0]
    g.take_from_hand(0, cid)
    g.players[seat].hand.append(cid)
    cg.settle_enemy_hands(g)
    g.run()
    assert g.players[seat].hand == [] and cid in g.players[0].discard


def test_coop_choose_an_opponent_never_names_an_enemy():
    g = paused(["houdini"])
    ran = []
    g.ask(0, "effect_opponent", [1, 2], lambda g, *a: ran.append(a))
    assert ran == [] and g.pending is None
    assert events_of(g, "effect_ignored")


def test_coop_deception_mid_combat_leaves_the_card_in_use_out_of_the_shuffle():
    g = paused(["houdini"])
    seat = g.coop.villain
    p = g.players[seat]
    in_use = next(c for c in p.deck if g.card(c).name == "Crushing Blow")
    p.deck.remove(in_use)
    g.play_area_add(in_use)                  # the card the enemy plays in this combat
    deception = next(c for c in p.deck if g.card(c).name == "Deception")
    p.deck.remove(deception)
    g.to_discard_pile(deception, "from_deck")
    assert in_use not in p.deck and deception in p.deck and p.discard == []
    g.put_in_discard(in_use)                 # after the combat: a new discard pile
    assert p.discard == [in_use]


def test_coop_amazing_event_adds_to_minion_health():
    import dataclasses

    from unmatched_sim.coop import data
    from unmatched_sim.coop.game import CoopGame
    from unmatched_sim.data.catalog import find_board, find_hero

    event = dataclasses.replace(data.find("example_event", "event"), enemy_attack_bonus=0, minion_health_bonus=2)
    g = CoopGame(find_board("marmoreal"), (find_hero("houdini"),), data.find("example_villain", "villain"),
                 (data.find("example_brute", "minion"),), (event,))
    assert g.fighters[g.enemy_fighter(2)].max_health == 12
    assert g.fighters[g.enemy_fighter(1)].max_health == 10


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_coop_initiative_cards_used_by_player_count(n):
    """Martian Invader's rule: the invasion waves used depend on the number of players."""
    import dataclasses

    from unmatched_sim.coop import data
    from unmatched_sim.coop.game import CoopGame
    from unmatched_sim.data.catalog import find_board, find_hero

    waves = tuple(i for i in data.find("martian_invader", "villain").initiative if i.name.startswith("Invasion"))
    villain = dataclasses.replace(data.find("example_villain", "villain"),
                                  initiative=data.find("example_villain", "villain").initiative + waves)
    heroes = tuple(find_hero(h) for h in ["houdini", "alice", "genie", "hamlet"][:n])
    g = CoopGame(find_board("marmoreal"), heroes, villain, (data.find("example_brute", "minion"),) * n)
    assert sorted(c.name for c in g.coop.cards if c.name.startswith("Invasion")) == \
        [f"Invasion Wave {k}" for k in range(1, n + 1)]
