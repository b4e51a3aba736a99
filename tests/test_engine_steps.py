"""The engine's steps and queries made cheaper give the same
answers: ``reachable``'s walk over the movement edges as 16-bit numbers and shared scratch
bytes agrees with a plain breadth-first walk on every board, a board larger than the scratch
included, and leaves no space marked for the next walk; ``attack_targets`` read from the
adjacency matrix and the zone masks agrees with the rule as written; the move hooks' flags
follow the abilities; pile versions are never reused."""

from __future__ import annotations

import random

from unmatched_sim.data.board import Board
from unmatched_sim.data.catalog import all_boards, find_hero
from unmatched_sim.engine.game import Game


def _plain_reach(g: Game, fi: int, steps: int, through: bool) -> list[int]:
    """The spaces fighter ``fi`` may end a move of up to ``steps`` on, by the rules as written:
    a walk along the movement edges that may pass friendly fighters (any, ``through``) and ends
    on an empty space or where it started."""
    f = g.fighters[fi]
    start = f.space
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for s in frontier:
            for t in g.board.move_edges[s]:
                if t in seen:
                    continue
                o = g.occupant[t]
                if o >= 0 and not through and g.team[g.fighters[o].owner] != g.team[f.owner]:
                    continue
                seen.add(t)
                nxt.append(t)
        frontier = nxt
    return sorted(s for s in seen if g.occupant[s] < 0 or s == start)


def _ring(n: int) -> Board:
    """A board of ``n`` spaces in a ring with a one-way chord every 7th space (more spaces than
    the walk's first scratch holds, and edges numbered past 255)."""
    adjacent = tuple(frozenset({(s - 1) % n, (s + 1) % n}) for s in range(n))
    moves = tuple(tuple(sorted({(s - 1) % n, (s + 1) % n} | ({(s + 100) % n} if s % 7 == 0 else set())))
                  for s in range(n))
    return Board(id=f"ring{n}", name="Ring", labels=tuple(f"R{s}" for s in range(n)), adjacent=adjacent,
                 move_edges=moves, zone_mask=tuple(1 for _ in range(n)), zone_names=("all",),
                 starts={1: 0, 2: n // 2})


def _plain_targets(g: Game, fi: int) -> list[int]:
    """Opposing fighters adjacent to ``fi``, or in a zone it shares if it is ranged."""
    f = g.fighters[fi]
    if not f.on_board:
        return []
    return [t for t in g.opponents_on_board(f.owner)
            if g.fighters[t].space in g.board.adjacent[f.space]
            or (f.defn.ranged and g.board.same_zone(f.space, g.fighters[t].space))]


def _check_walks(g: Game, rng: random.Random) -> None:
    for fi, f in enumerate(g.fighters):
        if not f.on_board:
            continue
        for steps in (0, 1, 2, 3, 5, 9):
            through = rng.random() < 0.3
            assert g._spread(fi, f.space, steps, through) == _plain_reach(g, fi, steps, through)
        assert g.attack_targets(fi) == _plain_targets(g, fi)
    assert not any(g._walk_seen)        # (each walk leaves the game's scratch all unseen)


def test_the_walk_and_the_targets_agree_with_the_rules_as_written_on_every_board():
    rng = random.Random(5)
    for board, heroes in zip(all_boards(), (("houdini", "genie"), ("medusa", "sinbad"))):
        g = Game(board, tuple(find_hero(h) for h in heroes), seed=3)
        g.start()
        while g.pending is not None:      # the walks checked at every decision of a game
            _check_walks(g, rng)
            g.answer(rng.choice(g.pending.options))


def test_a_board_larger_than_the_scratch_is_walked_the_same():
    n = 700
    board = _ring(n)
    g = Game(board, (find_hero("houdini"), find_hero("genie")), seed=1)
    g.start()
    _check_walks(g, random.Random(1))
    assert len(g._walk_seen) == n and len(g._walk_queue) == 2 * n    # (the game's scratch, its size)
    # the walk reads the edges as kept for this board, the same object for every game on it
    assert Game(board, (find_hero("houdini"), find_hero("genie")), seed=2)._walk is g._walk


def test_the_move_hooks_flags_follow_the_abilities_and_a_clone_keeps_them():
    """``reachable`` reads two C flags instead of ``handlers``: whether any ability may hold a
    fighter in place, or let one pass foes (Titania's glamours)."""
    plain = Game(all_boards()[0], (find_hero("houdini"), find_hero("genie")), seed=1)
    titania = Game(all_boards()[0], (find_hero("titania"), find_hero("genie")), seed=1)
    for g in (plain, titania, titania.clone()):
        assert g._hold_rule == bool(g.handlers["hold"])
        assert g._pass_rule == bool(g.handlers["move_through"])
    assert titania._pass_rule and not plain._pass_rule and not plain._hold_rule


def test_playing_a_game_freezes_what_the_process_made_before_it():
    """``run.play._drive`` moves the objects made before a process's first game (its imports)
    into the collector's permanent generation, once; the games are the same."""
    import gc

    from tests.play_digest import cases, digest
    from unmatched_sim.run import play

    case = next(iter(cases()))
    before = digest(*case)
    assert play._STARTUP_FROZEN and gc.get_freeze_count() > 0
    frozen = gc.get_freeze_count()
    assert digest(*case) == before
    assert gc.get_freeze_count() == frozen        # (once: later games are collected as before)


def test_lokis_tricks_may_not_boost_by_the_engines_own_rule():
    """Loki says which of his cards may not BOOST (``Ability.no_boost_tag``) instead of an own
    ``can_boost``: the engine applies it in C, and his ability's ``can_boost`` agrees."""
    from unmatched_sim.hooks import loki

    g = Game(all_boards()[0], (find_hero("loki"), find_hero("houdini")), seed=2)
    assert g._own_boost_rule == (False, False) and g._no_boost_tag == (loki.TRICK, None)
    tricks = [cid for cid in range(len(g.cards)) if loki.is_trick(g, cid)]
    assert tricks
    for cid in range(len(g.cards)):
        owner = g.card_owners[cid]
        allowed = g.can_boost_with(owner, cid)
        assert allowed == g.players[owner].ability.can_boost(g, owner, cid)
        assert allowed == (g.card_defs[cid].boost is not None and cid not in tricks)


def test_an_ability_with_its_own_can_boost_is_still_asked(monkeypatch):
    from unmatched_sim.hooks.loki import MischiefMonger

    asked = []

    def picky(self, g, seat, cid):
        asked.append(cid)
        return False

    from unmatched_sim.engine import game as G

    monkeypatch.setattr(G, "_HANDLER_SEATS", {})    # (kept per line-up of classes: built anew)
    monkeypatch.setattr(MischiefMonger, "can_boost", picky, raising=False)
    g = Game(all_boards()[0], (find_hero("loki"), find_hero("houdini")), seed=2)
    assert g._own_boost_rule == (True, False)
    cid = g.players[0].deck[0]
    assert not g.can_boost_with(0, cid) and asked == [cid]


def test_the_action_choices_tests_agree_with_the_options_they_stand_for():
    """``can_attack_now`` and ``can_scheme_now`` (read in C at every action decision) say
    whether ``attack_options`` and ``scheme_options`` would list anything, at every decision of
    random games of heroes with schemes, sidekicks, ranged fighters and card restrictions."""
    from unmatched_sim.data.catalog import all_heroes

    heroes = all_heroes()
    rng = random.Random(9)
    checked = 0
    for a, b in zip(heroes, heroes[1:] + heroes[:1]):
        g = Game(all_boards()[0], (a, b), seed=4)
        g.start()
        while g.pending is not None and g.turn < 12:
            for seat in range(2):
                foe = g.foes(seat)[0]
                assert g.can_attack_now(seat) == bool(g.attack_options(seat))
                assert g.can_scheme_now(seat) == bool(g.scheme_options(seat))
                assert g.known_in_hand(foe, seat) == [c for c in g.players[seat].hand
                                                      if g.known_to(foe, seat, c)]
                checked += 1
            g.answer(rng.choice(g.pending.options))
    assert checked > 1000


def test_pushed_steps_run_in_the_order_given():
    """``push_steps`` appends the steps last first (a C loop), so the first given runs first."""
    g = Game(all_boards()[0], (find_hero("houdini"), find_hero("genie")), seed=1)
    ran = []
    steps = tuple((lambda g, k: ran.append(k), (k,)) for k in range(5))
    g.push_steps(steps)
    g.push(*steps[:2])
    g.run()
    assert ran == [0, 1, 0, 1, 2, 3, 4] and g.stack == []
