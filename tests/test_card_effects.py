"""Card effects in HSReplay's manner (analysis.cards.card_effects): a known effect of a card on
hand-built logs gives the expected difference from the hero's baseline, with its interval; small
samples are marked; the split by opponent; free-for-all and team runs; the report's table."""

from __future__ import annotations

import polars as pl
import pytest

from tests.workbench import make_run
from unmatched_sim.analysis.cards import SMALL, card_effects, effects_from_indicators
from unmatched_sim.analysis.run import Run


def _players(n_seeds: int, opponents=("o1",)) -> pl.DataFrame:
    """Hero h's side of 2 × n_seeds games: game 2s and 2s + 1 share seed s."""
    rows = []
    for s in range(n_seeds):
        for k in range(2):
            rows.append({"game_id": 2 * s + k, "player": "a", "seed": s, "against": opponents[s % len(opponents)]})
    return pl.DataFrame(rows)


def _indicators(ps: pl.DataFrame, card: str, held) -> pl.DataFrame:
    return ps.select("game_id", "player", pl.lit("h").alias("hero"), pl.lit(card).alias("card"),
                     pl.Series("opening", [held(r) for r in ps.iter_rows(named=True)]),
                     pl.Series("drawn", [held(r) for r in ps.iter_rows(named=True)]),
                     pl.Series("played", [held(r) for r in ps.iter_rows(named=True)]),
                     pl.Series("plays", [int(held(r)) for r in ps.iter_rows(named=True)]))


def _row(t, card, against="all"):
    return t.filter((pl.col("card") == card) & (pl.col("against") == against)).row(0, named=True)


def test_a_card_that_wins_more_games_shows_its_difference_from_the_baseline():
    ps = _players(200)
    # X in the opening hand of every seed whose number is even; the hero wins 3 in 4 of those
    # games and 1 in 4 of the others: baseline 50%, with X 75%, so +25 points
    held = lambda r: r["seed"] % 2 == 0                                          # noqa: E731
    won = [not (r["seed"] % 4 == 2 and r["game_id"] % 2) if held(r) else (r["seed"] % 4 == 1 and r["game_id"] % 2 == 0)
           for r in ps.iter_rows(named=True)]
    ps = ps.with_columns(pl.Series("won", won))
    ind = pl.concat([_indicators(ps, "X", held), _indicators(ps, "Y", lambda r: r["seed"] % 8 < 4)])
    t = effects_from_indicators(ind, ps)
    x = _row(t, "X")
    assert x["games"] == 400 and x["baseline"] == pytest.approx(0.5)
    for s in ("opening", "drawn", "played"):
        assert x[f"{s}_games"] == 200
        assert x[f"{s}_win_rate"] == pytest.approx(0.75)
        assert x[f"{s}_delta"] == pytest.approx(0.25)
        assert 0 < x[f"{s}_ci_low"] < 0.25 < x[f"{s}_ci_high"]
        assert x[f"{s}_clear"] and not x[f"{s}_small"]
    # Y: held in half the seeds, each kind of seed as often: no effect
    y = _row(t, "Y")
    assert y["opening_delta"] == pytest.approx(0.0)
    assert y["opening_ci_low"] < 0 < y["opening_ci_high"] and not y["opening_clear"]


def test_a_card_seen_in_few_games_is_marked_small_and_never_clear():
    ps = _players(200)
    rare = lambda r: r["seed"] < SMALL // 4                                      # noqa: E731
    ps = ps.with_columns(pl.Series("won", [rare(r) for r in ps.iter_rows(named=True)]))
    t = effects_from_indicators(_indicators(ps, "R", rare), ps)
    r = _row(t, "R")
    assert r["played_games"] < SMALL and r["played_small"]
    assert r["played_delta"] > 0.5 and not r["played_clear"]


def test_the_effect_is_split_by_opponent():
    ps = _players(400, ("o1", "o2"))
    held = lambda r: r["seed"] % 4 < 2                                             # noqa: E731
    # against o1 the hero wins exactly the games X is held in; against o2 one game of each seed
    won = [held(r) if r["against"] == "o1" else r["game_id"] % 2 == 0 for r in ps.iter_rows(named=True)]
    ps = ps.with_columns(pl.Series("won", won))
    t = effects_from_indicators(_indicators(ps, "X", held), ps)
    o1, o2 = _row(t, "X", "o1"), _row(t, "X", "o2")
    assert o1["games"] == o2["games"] == 400
    assert o1["played_delta"] == pytest.approx(0.5) and o1["played_clear"]
    assert o2["played_delta"] == pytest.approx(0.0) and not o2["played_clear"]
    assert _row(t, "X")["games"] == 800


def _log_run(n_seeds: int = 60) -> Run:
    """A hand-built duel log: h (slot a) against o; game 2s and 2s + 1 share seed s. Card D is
    drawn on turn 2 in the games h wins and on turn 9 in the others; card P is played (an attack
    revealed) in the games h wins only."""
    games, events = [], []
    for gid in range(2 * n_seeds):
        win = gid % 3 == 0
        games.append({"game_id": gid, "seed": gid // 2, "hero_a": "h", "hero_b": "o", "first_player": "a",
                      "winner": "a" if win else "b", "turns": 12, "end_reason": "combat"})
        ev = [(2 if win else 9, "a", "draw", "D", None), (3, "a", "draw", "P", None)]
        if win:
            ev.append((5, "a", "reveal", "P", "attack"))
        ev.append((4, "b", "draw", "Q", None))
        for seq, (turn, player, kind, card, detail) in enumerate(ev):
            events.append({"game_id": gid, "seq": seq, "turn": turn, "player": player, "kind": kind, "card": card,
                           "detail": detail})
    return Run.from_frames(pl.DataFrame(games), pl.DataFrame(events))


def test_drawn_by_the_turn_and_played_are_read_from_the_log():
    t = card_effects(_log_run())
    d, p = _row(t, "D"), _row(t, "P")
    # without the hero files the opening hands cannot be rebuilt: opening and drawn are unknown
    assert d["opening_games"] is None and d["drawn_games"] is None
    assert p["played_games"] == 40 and p["played_win_rate"] == 1.0
    assert p["played_delta"] == pytest.approx(1.0 - 40 / 120)
    assert p["played_clear"]
    # one opponent each: no rows per opponent repeating "all"
    assert set(t["hero"].to_list()) == {"h", "o"} and set(t["against"].to_list()) == {"all"}


def test_drawn_by_the_turn_counts_draws_up_to_that_turn(monkeypatch):
    from unmatched_sim.analysis import cards as K
    run = _log_run()
    # opening hands "rebuilt" as empty: then drawn is the draws by DRAWN_BY_TURN alone
    empty = (pl.DataFrame({"game_id": [0], "player": ["a"], "d": [0]}, schema={"game_id": pl.Int64, "player": pl.Utf8,
                                                                                "d": pl.UInt32}),
             pl.DataFrame({"d": [], "card": []}, schema={"d": pl.UInt32, "card": pl.Utf8}))
    monkeypatch.setitem(run._cache, "opening_deals", (empty, "test"))
    d = _row(card_effects(run), "D")
    assert d["drawn_games"] == 40 and d["drawn_win_rate"] == 1.0 and d["drawn_clear"]
    assert d["opening_games"] == 0


@pytest.fixture(scope="module")
def multi_runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("multi")
    ffa = make_run(base / "ffa", "matchup", "houdini", "genie", "loki", "-n", "6", "--policy", "greedy")
    teams = make_run(base / "teams", "matchup", "houdini", "genie", "loki", "pandora", "--format", "teams",
                     "-n", "4", "--policy", "greedy")
    return ffa, teams


def test_card_effects_read_free_for_all_and_team_runs(multi_runs):
    ffa, teams = multi_runs
    t = card_effects(ffa)
    assert set(t["hero"].to_list()) == {"houdini", "genie", "loki"}
    assert set(t.filter(pl.col("hero") == "houdini")["against"].to_list()) == {"all"}      # one line-up
    r = t.filter((pl.col("hero") == "houdini") & (pl.col("against") == "all"))
    assert r["games"].unique().to_list() == [6]
    # five cards in each opening hand: at most five distinct cards, at least three (three copies at most)
    assert 3 * 6 <= r["opening_games"].sum() <= 5 * 6
    t = card_effects(teams)
    assert set(t["hero"].to_list()) == {"houdini", "genie", "loki", "pandora"}
    assert t.filter(pl.col("hero") == "pandora")["games"].unique().to_list() == [4]


def test_the_report_table_is_sortable_and_names_only_clear_cards():
    from unmatched_sim.report.cards import card_findings, cards_html
    t = card_effects(_log_run())
    page = cards_html(t, ["h", "o"], {"h": "Hero H"})
    assert '<table class="sortable"' in page and 'type="search"' in page
    found = card_findings(t, {"h": "Hero H"})
    assert any("Hero H's P" in f for f in found)
    assert not any("Hero H's D" in f or "'s Q" in f for f in found)


def test_the_free_for_all_report_has_the_card_table(multi_runs, tmp_path):
    from unmatched_sim.report import build_report
    ffa, _ = multi_runs
    build_report(ffa, tmp_path / "rep")
    assert "## Cards" in (tmp_path / "rep" / "summary.md").read_text()
    assert '<table class="sortable" id="card-effects">' in (tmp_path / "rep" / "index.html").read_text()
    csv = pl.read_csv(tmp_path / "rep" / "tables" / "card_effects.csv")
    assert set(csv["hero"].to_list()) == {"houdini", "genie", "loki"}        # the CSV keeps ids
