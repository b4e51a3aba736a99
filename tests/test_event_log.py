"""The event log keeps the engine's codes and names them once per chunk (``log.EventBuffer``):
the frame must say exactly what the engine's named events say, game for game."""

from __future__ import annotations

import polars as pl

from tests.play_digest import DUELS, MULTI
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.state import EVENT_FIELDS
from unmatched_sim.log import EVENT_SCHEMA, EventBuffer
from unmatched_sim.run import GameSpec, play_game, seat_labels


def _games():
    """Games of every hero in every format, with names logged as cards (miseries, glamours, lines)
    and several boards' worth of games in one buffer."""
    out = []
    for k, (a, b) in enumerate(DUELS):
        spec = GameSpec(k, 0, 30 + k, a, b, a_first=(k % 2 == 0))
        out.append((spec, (a, b), "greedy"))
    for k, (fmt, lineup) in enumerate(MULTI):
        spec = GameSpec(100 + k, 0, 40 + k, lineup[0], lineup[1], True, lineup=lineup,
                        rotation=k % len(lineup), format=fmt)
        out.append((spec, lineup, "random"))
    return out


def _named_frame(game_id: int, sides: tuple[str, ...], events: list[tuple]) -> pl.DataFrame:
    """The frame built directly from the named events (what the log wrote before it kept codes)."""
    rows = [dict(zip(EVENT_SCHEMA, (game_id, seq, turn, sides[seat] if seat is not None else None, kind,
                                    fighter, card, target, amount, value, health, space, detail,
                                    sides[by] if by is not None else None, by_fighter)))
            for seq, (turn, seat, kind, fighter, card, target, amount, value, health, space, detail, by,
                      by_fighter) in enumerate(events)]
    return pl.DataFrame(rows, schema=EVENT_SCHEMA)


def test_chunk_frame_names_every_event_as_the_engine_does():
    buf = EventBuffer()
    expected = []
    boards = ["marmoreal", "sarpedon"]
    for k, (spec, lineup, policy) in enumerate(_games()):
        game, _ = play_game(spec, {h: find_hero(h) for h in lineup}, find_board(boards[k % 2]), policy, policy)
        buf.add_game(spec.game_id, seat_labels(spec), game)
        expected.append(_named_frame(spec.game_id, seat_labels(spec), game.events))
    got = buf.frame()
    want = pl.concat(expected)
    assert got.schema == want.schema
    assert got.equals(want)
    # the test means something: names logged as cards, damage by a fighter, both boards
    assert got["by_fighter"].null_count() < len(got)
    assert set(got["space"].drop_nulls()) & set(find_board("sarpedon").labels) - set(find_board("marmoreal").labels)


def test_names_logged_as_cards_get_codes_past_the_card_ids():
    spec = GameSpec(0, 0, 5, "pandora", "loki", a_first=True)
    game, _ = play_game(spec, {h: find_hero(h) for h in ("pandora", "loki")}, find_board("marmoreal"),
                        "greedy", "greedy")
    names = [e[4] for e in game.events]
    coded = game.raw_events[4::EVENT_FIELDS]
    extra = [c for c in coded if c is not None and c >= len(game.cards)]
    assert extra, "Pandora's miseries are logged by name"
    assert {names[i] for i, c in enumerate(coded) if c in extra} == set(game.extra_names)


def test_an_empty_buffer_gives_an_empty_frame_with_the_schema():
    assert EventBuffer().frame().schema == pl.Schema(EVENT_SCHEMA)
