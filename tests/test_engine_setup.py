"""A game's set-up keeps what every game of a line-up builds alike:
the cards' records and each seat's deck (``_lineup_cards``), which seats handle which event
(``_handler_seats``), and seeds the engine's own random stream only when it is first drawn
from. Each kept value equals a fresh build, is shared by the line-up's games as a clone shares
it, and under CHECK_CACHES a wrong kept value fails loudly."""

import random

import pytest

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine import game as G
from unmatched_sim.engine import piles
from unmatched_sim.engine.ability import AI_READINGS
from unmatched_sim.engine.game import Game

BOARD = find_board("marmoreal")
HEROES = (find_hero("houdini"), find_hero("genie"))


@pytest.fixture
def checked(monkeypatch):
    monkeypatch.setattr(piles, "CHECK_CACHES", True)     # (the kept tables: piles._kept)


def test_the_kept_cards_equal_a_fresh_build_and_are_shared_by_the_lineups_games():
    a, b = Game(BOARD, HEROES, seed=1), Game(BOARD, HEROES, seed=2)
    fresh = G._build_lineup_cards(HEROES)
    assert a.cards == fresh.cards and a.card_kind == fresh.card_kind
    assert (a.kind_start, a.kind_count) == (fresh.kind_start, fresh.kind_count)
    assert a.cards is b.cards and a.card_kind is b.card_kind
    # each game gets its own deck lists, in card-list order before the shuffle
    assert [p.deck for p in a.players] == [list(d) for d in fresh.decks]
    assert all(pa.deck is not pb.deck for pa, pb in zip(a.players, b.players))
    # the other seating is another line-up
    swapped = Game(BOARD, HEROES[::-1], seed=1)
    assert swapped.cards == G._build_lineup_cards(HEROES[::-1]).cards
    assert swapped.cards[0].defn is HEROES[1].cards[0]


def test_the_kept_handlers_equal_a_fresh_build():
    g = Game(BOARD, HEROES, seed=1)
    types = tuple(type(p.ability) for p in g.players)
    assert g.handlers == G._build_handler_seats(types)
    assert Game(BOARD, HEROES, seed=2).handlers is g.handlers


def test_a_wrong_kept_card_list_fails_under_check_caches(checked):
    Game(BOARD, HEROES, seed=1)
    key = tuple(id(h) for h in HEROES)
    kept = G._LINEUP_CARDS[key]
    try:
        G._LINEUP_CARDS[key] = kept._replace(card_kind=kept.card_kind[::-1])
        with pytest.raises(AssertionError, match="kept cards"):
            Game(BOARD, HEROES, seed=2)
    finally:
        G._LINEUP_CARDS[key] = kept


def test_a_wrong_kept_handler_table_fails_under_check_caches(checked):
    g = Game(BOARD, HEROES, seed=1)
    types = tuple(type(p.ability) for p in g.players)
    kept = G._HANDLER_SEATS[types]
    try:
        G._HANDLER_SEATS[types] = {**kept, "damage": (0, 1)}
        with pytest.raises(AssertionError, match="kept event handlers"):
            Game(BOARD, HEROES, seed=2)
    finally:
        G._HANDLER_SEATS[types] = kept


def test_the_engine_stream_is_seeded_when_first_drawn_from_with_the_same_draws():
    g = Game(BOARD, HEROES, seed="7:x")
    assert g._rng is None                       # not seeded by the set-up
    expected = random.Random("7:x:engine")
    assert [g.rng.random() for _ in range(3)] == [expected.random() for _ in range(3)]


def test_a_clone_made_before_the_first_draw_draws_the_same_stream_on_its_own():
    g = Game(BOARD, HEROES, seed=5).start()
    c = g.clone()
    first = [g.rng.random() for _ in range(3)]
    assert [c.rng.random() for _ in range(3)] == first     # its own copy of the unseeded stream
    assert g.rng.random() == c.rng.random()                # and the two go on independently
    d = g.clone()
    assert d.rng.random() == g.rng.random()                # a clone after the first draw too


def test_new_ctx_is_the_named_tuple_with_its_defaults():
    from unmatched_sim.engine.state import Ctx, new_ctx

    made = new_ctx(1, 7, 0, 3)
    assert type(made) is Ctx and made == Ctx(1, 7, 0, 3)
    assert made.opponent == -1 and made.uncancelable is False
    assert made._replace(opponent=0) == Ctx(1, 7, 0, 3, opponent=0)


# ---------------------------------------------------------------------- rules asked only where changed
def test_can_boost_with_answers_as_every_owners_ability_does():
    for ids in (("houdini", "genie"), ("loki", "pandora")):
        g = Game(BOARD, tuple(find_hero(h) for h in ids), seed=1)
        for seat in range(2):
            for cid in range(len(g.cards)):
                ability = g.players[g.owner(cid)].ability
                assert g.can_boost_with(seat, cid) == ability.can_boost(g, seat, cid), (ids, seat, cid)
    loki = Game(BOARD, (find_hero("loki"), find_hero("pandora")), seed=1)
    # Loki's TRICKs: his ability says the tag (Ability.no_boost_tag), the engine applies it
    assert loki._own_boost_rule == (False, False) and loki._no_boost_tag == ("trick", None)


def test_only_a_format_that_restricts_attacks_is_asked_per_target():
    from unmatched_sim.engine.formats import make_format

    assert not Game(BOARD, HEROES, seed=1)._attack_rule
    four = tuple(find_hero(h) for h in ("houdini", "genie", "loki", "pandora"))
    assert Game(BOARD, four, seed=1, fmt=make_format("ffa", 4))._attack_rule


def test_the_views_ai_readings_answer_as_every_heros_ability_does():
    """The view asks an ability for what it tells the AI only where its class gives it
    (``Game.handlers``); elsewhere it answers Ability's default itself. Every hero of the
    roster, on every fighter and role, from the start of a game."""
    from unmatched_sim.data.catalog import all_heroes
    from unmatched_sim.engine.state import ATTACKER, DEFENDER
    from unmatched_sim.engine.view import PlayerView

    heroes = all_heroes()
    for a, b in zip(heroes, heroes[1:] + heroes[:1]):
        g = Game(BOARD, (a, b), seed=1)
        view = PlayerView(g, 0)
        for seat in range(2):
            ability = g.players[seat].ability
            assert view.turn_start_hazards(seat) == ability.turn_start_hazards(g, seat)
            for fi in g.players[seat].fighters:
                for role in (ATTACKER, DEFENDER):
                    assert view.token_bonus(fi, role) == ability.token_bonus(g, seat, fi, role)
                    assert (view.combat_bonus_estimate(fi, role)
                            == ability.combat_bonus_estimate(g, seat, fi, role, None))
    medusa = Game(BOARD, (find_hero("medusa"), find_hero("houdini")), seed=1)
    assert medusa.handlers["turn_start_hazards"] == (0,)
    assert not any(1 in medusa.handlers[name] for name in AI_READINGS)
