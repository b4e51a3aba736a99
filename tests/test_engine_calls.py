"""The engine's own calls made as C calls keep every way in
that abilities and tests use: a game's own ``log``, a game class's own ``ask``, steps of any
number of arguments, and Loki's move value counted by the engine (``Ability.move_bonus_tag``)."""

from __future__ import annotations

from collections import Counter

from tests.scenario import drive_random
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.game import Game
from unmatched_sim.hooks import Ability

BOARD = find_board("marmoreal")


def _game(*heroes: str, seed: int = 4, cls=Game) -> Game:
    return cls(BOARD, tuple(find_hero(h) for h in heroes), seed=seed)


def test_a_games_own_log_hears_every_event_the_engine_records():
    """``log`` is a cpdef method the engine's steps call in C; a ``log`` given to the game
    itself (the fuzz tests' checker) is still the one called, for every event."""
    g = _game("houdini", "genie")
    heard = Counter()
    engine_log = g.log

    def own_log(kind, player=None, *args, **kwargs):
        heard[kind] += 1
        engine_log(kind, player, *args, **kwargs)

    g.log = own_log
    drive_random(g, seed=2)
    recorded = Counter(e[2] for e in g.events)
    assert heard == recorded
    # the events the engine logs by position in C are among them
    assert {"draw", "action", "attack", "reveal", "combat_result", "move", "turn_start"} <= set(heard)


def test_an_own_log_gets_the_same_arguments_as_the_engines():
    """An own ``log`` hears the same event fields the engine records (by position or by name)."""
    g = _game("houdini", "genie", seed=7)
    fields: list[tuple] = []

    def own_log(kind, player=None, fighter=None, card=None, target=None, amount=None, health=None,
                space=None, detail=None, value=None, by=None):
        fields.append((kind, player, fighter, target, amount, health, detail, by))
        Game.log(g, kind, player, fighter, card, target, amount, health, space, detail, value, by)

    g.log = own_log
    drive_random(g, seed=3)
    assert [(e[2], e[1], e[3], e[5], e[6], e[8], e[10]) for e in g.decode(0)] == \
        [(k, p, g.fighters[f].name if f is not None else None, g.fighters[t].name if t is not None else None,
          a, h, d) for k, p, f, t, a, h, d, _ in fields]


def test_a_game_class_with_its_own_ask_hears_every_decision_and_plays_the_same():
    """The steps pose their decisions in C (``_ask``) unless the game's class has an ``ask`` of
    its own: then every decision goes through it, and the game is the same."""

    class Listening(Game):
        def ask(self, player, kind, options, resume, *args, **info):
            self.asked.append((kind, tuple(options), dict(info)))
            super().ask(player, kind, options, resume, *args, **info)

    plain = _game("houdini", "genie")
    heard = _game("houdini", "genie", cls=Listening)
    heard.asked = []
    assert not plain._own_ask and heard._own_ask and heard.clone()._own_ask
    drive_random(plain, seed=5)
    drive_random(heard, seed=5)
    assert heard.raw_events == plain.raw_events
    kinds = {k for k, _, _ in heard.asked}
    assert {"action", "maneuver_boost", "attack_target", "attack_card", "defense_card",
            "move_destination"} <= kinds
    # the info a policy reads is passed on as the keywords it was
    assert all(set(info) == {"fighter", "attacker"} for k, _, info in heard.asked if k == "defense_card")


def test_steps_of_any_number_of_arguments_run_in_order():
    """``run`` calls a step with its arguments listed up to four and with ``*args`` past that,
    or when they are not a tuple."""
    g = _game("houdini", "genie")
    calls = []

    def step(game, *args):
        assert game is g
        calls.append(args)

    args = [(), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4), (1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 6), [7, 8]]
    g.push(*[(step, a) for a in args])
    g.run()
    assert calls == [tuple(a) for a in args]


def test_an_answer_resumes_with_the_decisions_arguments_and_the_choice():
    g = _game("houdini", "genie")
    got = []
    g.ask(0, "test_choice", ["x", "y"], lambda game, a, b, c, d, e, choice: got.append((a, b, c, d, e, choice)),
          1, 2, 3, 4, 5, why="test")
    assert g.pending.info == {"why": "test"}
    g.answer("y")
    assert got == [(1, 2, 3, 4, 5, "y")] and g.pending is None


def _foe_tricks(g: Game, seat: int) -> int:
    """The definition: ``seat``'s own TRICK cards in its foes' hands."""
    return sum(1 for t in g.all_foes(seat) for c in g.players[t].hand
               if g.owner(c) == seat and "trick" in g.card(c).tags)


def test_lokis_move_value_is_counted_by_the_engine():
    """Loki's ability says its bonus (``move_bonus_tag``) instead of computing it: the engine
    counts his TRICKs in foes' hands in C, with the same value his ability gives."""
    g = _game("loki", "genie")
    loki, genie = g.players
    assert type(loki.ability).move_value is Ability.move_value
    assert g._move_tag == ("trick", None) and g.clone()._move_tag == g._move_tag
    assert g._fixed_move == (loki.hero.move, genie.hero.move)
    tricks = [c for c in range(len(g.cards)) if g.owner(c) == 0 and "trick" in g.card(c).tags]
    others = [c for c in range(len(g.cards)) if g.owner(c) == 0 and c not in tricks]
    assert len(tricks) >= 2
    base = loki.hero.move
    for held in ([], tricks[:1], tricks[:2] + others[:2]):
        genie.hand = list(held)
        loki.hand = tricks[2:3]             # his own TRICKs in his own hand do not count
        n = sum(1 for c in held if c in tricks)
        assert g.cards_in_foe_hands(0, "trick") == _foe_tricks(g, 0) == n
        assert g.move_value(0) == loki.ability.move_value(g, 0, base) == base + n
        assert g.move_value(1) == genie.hero.move
        assert g.cards_in_foe_hands(1, "trick") == 0


def test_lokis_move_counts_tricks_in_every_foes_hand():
    """With several foes, a TRICK in any of their hands counts (every foe's, out or not)."""
    from unmatched_sim.engine.formats import FreeForAll

    g = Game(BOARD, tuple(find_hero(h) for h in ("loki", "genie", "houdini")), seed=2, fmt=FreeForAll(3))
    tricks = [c for c in range(len(g.cards)) if g.owner(c) == 0 and "trick" in g.card(c).tags]
    g.players[1].hand = tricks[:1]
    g.players[2].hand = tricks[1:3]
    g.out[2] = True
    assert g.cards_in_foe_hands(0, "trick") == _foe_tricks(g, 0) == 3
    assert g.move_value(0) == g.players[0].hero.move + 3


def test_an_ability_class_that_overrides_a_hook_is_called_and_the_others_get_the_default(monkeypatch):
    """The engine calls ``after_combat``, ``combat_cleanup``, ``attack_bonus``, ``boost_value``,
    ... (``ability.HOOKS``) only for the seats whose ability class overrides them, and applies
    Ability's default for the rest: a class given its own hook is called at every combat."""
    from unmatched_sim.engine.ability import HOOKS

    assert {"after_combat", "combat_cleanup", "attack_bonus", "boost_value", "intercept_discard",
            "on_combat_damage", "maneuver_place_options"} <= {h.method for h in HOOKS}
    plain = _game("genie", "houdini", seed=9)
    genie_cls = type(plain.players[0].ability)
    assert all(0 not in plain.handlers[h] for h in ("after_combat", "combat_cleanup", "attack_bonus"))
    heard = []

    def after_combat(self, g, seat, role):
        heard.append(("after_combat", seat, role))

    def attack_bonus(self, g, combat):
        heard.append(("attack_bonus", combat.players[0]))
        return 0

    from unmatched_sim.engine import game as G

    monkeypatch.setattr(G, "_HANDLER_SEATS", {})    # (kept per line-up of classes: built anew)
    monkeypatch.setattr(genie_cls, "after_combat", after_combat, raising=False)
    monkeypatch.setattr(genie_cls, "attack_bonus", attack_bonus, raising=False)
    g = _game("genie", "houdini", seed=9)
    assert 0 in g.handlers["after_combat"] and 0 in g.handlers["attack_bonus"]
    assert 1 not in g.handlers["after_combat"]
    drive_random(g, seed=4)
    drive_random(plain, seed=4)
    assert g.raw_events == plain.raw_events          # the defaults were what the hooks give
    combats = sum(1 for e in g.events if e[2] == "combat_result")
    assert combats > 0
    assert sum(1 for h in heard if h[0] == "after_combat") == combats   # the Genie's side of each
    assert {h[1] for h in heard if h[0] == "after_combat"} == {0}


def test_shuffle_deck_draws_as_random_shuffle_does():
    """The engine's deck shuffle (its loop compiled) gives the order ``random.Random.shuffle``
    gives and leaves the generator in the same state, for every deck size."""
    import random

    from unmatched_sim.engine.game import shuffle_deck

    for seed in range(40):
        for n in (0, 1, 2, 3, 7, 8, 30, 33, 64, 65, 200):
            mine, theirs = random.Random(f"{seed}:a"), random.Random(f"{seed}:a")
            a, b = list(range(n)), list(range(n))
            shuffle_deck(mine, a)
            theirs.shuffle(b)
            assert a == b and mine.getstate() == theirs.getstate()


def test_shuffle_deck_leaves_another_generator_class_its_own_shuffle():
    import random

    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()

    deck = [1, 2, 3]
    from unmatched_sim.engine.game import shuffle_deck

    shuffle_deck(Reversing(1), deck)
    assert deck == [3, 2, 1]
