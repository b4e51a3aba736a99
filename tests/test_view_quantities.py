"""The public numbers a card's value reads, as a player's view tells them (``hooks.VIEW_QUANTITIES``:
the heuristic weighs such a card at the value it will have), equal the engine's own count
(``QUANTITIES``) at every decision of random games of each hero whose cards read one."""

from __future__ import annotations

import random

import pytest

from unmatched_sim.data.catalog import find_board, find_hero, hero_ids
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.state import OTHER_ROLE, Ctx
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.hooks import VIEW_QUANTITIES


def quantities_read(d) -> set:
    """The engine quantities card ``d``'s during-combat value effects read (a mode's too)."""
    out = set()

    def scan(ops):
        for op in ops:
            if op.NAME == "choose_one":
                for _, mode in op.modes:
                    scan(mode)
            elif op.NAME in ("add_value", "set_value") and op.card == "self":
                fn = getattr(op.amount if op.NAME == "add_value" else op.to, "fn", None)
                if fn in VIEW_QUANTITIES:
                    out.add(fn)
    scan(d.effects.get("during_combat", ()))
    return out


def heroes_reading_a_quantity() -> list[str]:
    return [h for h in hero_ids() if any(quantities_read(d) for d in find_hero(h).cards)]


def test_the_heroes_whose_cards_read_a_public_number_are_found():
    assert {"shakespeare", "pandora", "wayward_sisters", "sinbad"} <= set(heroes_reading_a_quantity())


@pytest.mark.parametrize("hero", heroes_reading_a_quantity())
def test_a_public_quantity_as_the_view_tells_it_is_the_engine_s(hero):
    heroes = (hero, "houdini" if hero != "houdini" else "genie")
    board = find_board("marmoreal")
    checked, read = set(), set()
    for seed in range(6):
        g = Game(board, tuple(find_hero(h) for h in heroes), seed=seed)
        g.start()
        rng = random.Random(seed)
        readers = [(cid, fn) for cid, info in enumerate(g.cards) for fn in quantities_read(info.defn)]
        read |= {fn for _, fn in readers}
        for _ in range(600):
            if g.pending is None:
                break
            for cid, fn in readers:
                seat = g.cards[cid].owner
                hero = g._hero_fis[seat][0]
                seen = VIEW_QUANTITIES[fn](PlayerView(g, seat), seat, cid)
                assert seen == fn(g, Ctx(seat, cid, OTHER_ROLE, hero)), (g.cards[cid].defn.name, g.turn)
                checked.add((fn, seen))
            g.answer(rng.choice(g.pending.options))
    # each count moved during the games: not only its starting 0
    assert read and all(any(n for f, n in checked if f is fn) for fn in read)
