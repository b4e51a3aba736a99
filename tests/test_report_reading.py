"""What a reader of the reports and the commands sees: one rounding rule, names and codes in words,
the self-contained interactive page, comebacks, the multi-player sections, and small defects
(example games as ids, `winner = 'HERO'` in `sim games --where`, whole command descriptions,
the inputs of a robust run, a two-hero report)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polars as pl
import pytest

from tests.cli_helpers import run_cli
from unmatched_sim import analysis as A

GREEDY = ("--policy", "greedy", "--no-progress", "-j", "1")


@pytest.fixture(scope="module")
def duel_run(tmp_path_factory) -> Path:
    """A real two-hero run without mirrors, with --robust (its other policy's games in the same run)."""
    from unmatched_sim.cli import main
    out = tmp_path_factory.mktemp("duel") / "run"
    try:
        main(["matchup", "houdini", "medusa", "-n", "16", *GREEDY, "--out", str(out), "--robust", "tuned-v1"])
    except SystemExit as e:                 # pragma: no cover - a failure shows in the asserts below
        assert not e.code
    return out


@pytest.fixture(scope="module")
def ffa_run(tmp_path_factory) -> Path:
    from unmatched_sim.cli import main
    out = tmp_path_factory.mktemp("ffa") / "run"
    try:
        main(["tournament", "houdini", "medusa", "genie", "--format", "ffa", "-n", "6", *GREEDY, "--out", str(out)])
    except SystemExit as e:                 # pragma: no cover
        assert not e.code
    return out


# --------------------------------------------------------------------------- one rounding rule
def test_rates_round_half_up_everywhere_and_no_difference_reads_minus_zero():
    from unmatched_sim.cli.common import pct as cli_pct
    from unmatched_sim.report.format import num, pct, pts
    assert pct(77 / 80) == "96.3%" and cli_pct(77 / 80).strip() == "96.3%"      # not Python's 96.2
    assert pct(0.325, 0) == "33%" and num(2.25, 1) == "2.3" and num(12345) == "12,345"
    assert pts(-0.0004) == "+0.0 pts" and pts(-0.05) == "-5.0 pts"


def test_the_matchup_verdict_rounds_its_numbers_as_the_table_above_it():
    """77 wins in 80 games: the table prints 96.3%, and so must the verdict (it said 96.2%)."""
    from unmatched_sim.cli.common import pct as cli_pct
    from unmatched_sim.cli.play import matchup_verdict
    from unmatched_sim.stats import wilson_interval
    lo, hi = wilson_interval(77, 80)
    summary = {"heroes": ["a", "b"], "games": 80, "win_rate": {"a": 77 / 80, "b": 3 / 80},
               "ci95": {"a": [lo, hi], "b": list(wilson_interval(3, 80))}, "draws": 0}
    verdict = matchup_verdict(summary, {"a": "Alice", "b": "Bob"})
    assert f"wins {cli_pct(77 / 80).strip()}" in verdict
    assert f"{cli_pct(lo).strip()[:-1]}–{cli_pct(hi).strip()}" in verdict


def test_the_headroom_sentence_writes_gains_as_its_table_does():
    from unmatched_sim.analysis.headroom import headroom_summary, reading
    from unmatched_sim.report.headroom import gain_cell
    t = pl.DataFrame({"hero": ["a", "b"], "games": [40, 40], "gain": [0.0715, 0.3715], "gain_se": [0.01, 0.01],
                      "policy": ["tuned"] * 2, "check_with": ["ismcts"] * 2})
    said = reading(headroom_summary(t))
    assert gain_cell(0.3715, None, None) in said and gain_cell(0.0715, None, None) in said


# --------------------------------------------------------------------------- the page
def test_a_sortable_table_and_a_link_within_the_page_render_in_html_and_read_as_text_in_markdown(tmp_path):
    from unmatched_sim.report.document import Chart, Document, Section, Table, render_html, render_markdown
    (tmp_path / "c.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"></svg>')
    t = Table(["Hero", "Rate"], [["A", "[50%](#games-a-b)"]], sortable=True, row_ids=["games-a-b"])
    doc = Document("t", "", Table(["a"], []), [], [Section("s", "S", [t, Chart("c", "alt", "cap")])], [])
    html, md = render_html(doc, tmp_path), render_markdown(doc)
    assert '<table class="sortable">' in html and "table.sortable" in html and "<script>" in html
    assert '<a href="#games-a-b">50%</a>' in html and '<tr id="games-a-b">' in html
    assert 'src="data:image/svg+xml;base64,' in html and 'href="c.png"' in html        # inline, files kept
    assert "| A | 50% |" in md and "#games-a-b" not in md


def test_a_report_page_is_self_contained_and_its_matrix_links_to_example_games(tmp_path, capsys):
    from unmatched_sim.report import build_report
    run = tmp_path / "run"
    assert run_cli(capsys, "tournament", "houdini", "medusa", "-n", "4", *GREEDY, "--out", str(run))[0] == 0
    r = build_report(run, tmp_path / "rep")
    html = (r.out / "index.html").read_text()
    assert not re.findall(r'<(?:img|script|link)[^>]+(?:src|href)="(?!data:|#)', html)   # loads nothing
    links = set(re.findall(r'<a href="#(games-[^"]+)"', html))
    assert links and all(f'<tr id="{a}">' in html for a in links)
    examples = pl.read_csv(r.out / "tables" / "example_games.csv")
    assert examples["longest_game"].dtype == pl.Int64                         # ids, not "game 67 (5 turns)"
    assert set(examples["longest_game"]) <= set(pl.read_parquet(run / "games.parquet")["game_id"])


def test_a_two_hero_report_says_one_matchup_draws_no_empty_diagonal_and_names_the_robust_policy(duel_run, tmp_path):
    from unmatched_sim.report.build import _make
    doc, _ = _make(A.open_run(duel_run), tmp_path)
    inputs = dict(doc.inputs.rows)
    assert inputs["Games"].split(": ")[1].startswith("1 matchup") and "pairings" not in inputs["Games"]
    assert "tuned-v1" in inputs["Robustness (`--robust`)"]
    (who,) = [s for s in doc.sections if s.id == "winrates"]
    assert not [b for b in who.blocks if getattr(b, "grid", False)]          # no 2 x 2 grid
    assert (tmp_path / "win_matrix.svg").exists()


def test_codes_reach_the_reader_as_words(duel_run, tmp_path):
    from unmatched_sim.report.build import _make
    doc, _ = _make(A.open_run(duel_run), tmp_path)
    (length,) = [s for s in doc.sections if s.id == "length"]
    shown = json.dumps([b.rows for b in length.blocks if hasattr(b, "rows")] + [b for b in length.blocks
                                                                                 if isinstance(b, str)])
    assert "both_heroes_defeated" not in shown and "turn_limit" not in shown and "houdini vs" not in shown


# --------------------------------------------------------------------------- comebacks
def test_the_comeback_table_is_symmetric_and_a_lead_is_worth_its_deficit(duel_run):
    """Both sides of a game count at every turn: one side's lead is the other's deficit, so each
    lead band has as many observations as its mirror band, and their win rates add up to 1 less
    the draws."""
    from unmatched_sim.analysis.comeback import comeback, comebacks_by_hero, lead_labels
    run = A.open_run(duel_run)
    t = comeback(run)
    n = len(lead_labels())
    cells = {(r["turn_index"], r["lead_index"]): r for r in t.iter_rows(named=True)}
    assert cells
    for (ti, li), r in cells.items():
        other = cells[(ti, n - 1 - li)]
        assert other["observations"] == r["observations"] and other["sides"] == r["sides"]
        assert r["wins"] + other["wins"] <= r["sides"] <= r["observations"]
    per = comebacks_by_hero(run)
    assert set(per["hero"]) == {"houdini", "medusa"} and (per["games_behind"] <= per["games"]).all()


# --------------------------------------------------------------------------- multi-player
def test_team_play_reports_the_turn_order_once_per_team_and_each_line_up():
    from unmatched_sim.analysis import multi as M
    rows = []
    for gid, (winner, first) in enumerate([("A", "A"), ("A", "B"), ("B", "A")]):
        seats = {first: (0, 2), ("B" if first == "A" else "A"): (1, 3)}      # a team's two turn positions
        for slot, team, hero, member in (("a", "A", "x", 0), ("b", "A", "y", 1), ("c", "B", "z", 0), ("d", "B", "w", 1)):
            seat = seats[team][member]
            rows.append({"game_id": gid, "slot": slot, "seat": seat, "team": team, "hero": hero,
                         "place": 1 if team == winner else 2, "won": team == winner})
    players = pl.DataFrame(rows)
    order = M.team_turn_order(players)
    assert order["order"].to_list() == ["first", "second"] and order["games"].to_list() == [3, 3]
    assert order["wins"].to_list() == [1, 2]          # the first-moving team won game 0 only
    (lu,) = M.lineup_results(players).iter_rows(named=True)
    assert (lu["side_1"], lu["side_2"], lu["games"], lu["wins_1"], lu["wins_2"]) == ("x+y", "w+z", 3, 2, 1)
    pairs = M.team_pairs(players)
    assert (pairs["synergy_low"] <= pairs["synergy"]).all() and (pairs["synergy"] <= pairs["synergy_high"]).all()


def test_a_free_for_all_credits_each_elimination_and_counts_kingmaking(ffa_run):
    from unmatched_sim.analysis import multi as M
    run = A.open_run(ffa_run)
    players = pl.read_parquet(ffa_run / "players.parquet")
    elims = M.eliminations(run, players)
    assert elims.height == players.filter(pl.col("out_turn").is_not_null()).height
    lineup = {(g, h) for g, h in players.select("game_id", "hero").iter_rows()}
    assert all((g, b) in lineup for g, b in elims.select("game_id", "by_hero").iter_rows() if b is not None)
    km = M.kingmaking(elims, players)
    assert (km["for_itself"] + km["for_another"] <= km["eliminations"]).all()
    made = elims.filter(pl.col("by_hero").is_not_null() & (pl.col("by_hero") != pl.col("hero"))).height
    assert km["eliminations"].sum() == made and km["eliminated"].sum() == elims.height


def test_exhaustion_reads_a_free_for_all_run_for_every_player(ffa_run):
    ex = A.exhaustion(A.open_run(ffa_run))
    players = pl.read_parquet(ffa_run / "players.parquet")
    assert dict(ex.select("hero", "games").iter_rows()) == dict(players.group_by("hero").len().iter_rows())


def test_the_free_for_all_report_has_eliminations_and_running_out_of_cards(ffa_run, tmp_path):
    from unmatched_sim.report import build_report
    r = build_report(ffa_run, tmp_path / "rep")
    html = (r.out / "index.html").read_text()
    assert 'id="eliminations"' in html and 'id="exhaustion"' in html and 'id="lineups"' in html
    assert (r.out / "tables" / "kingmaking.csv").exists()


def test_the_free_for_all_report_splits_each_heros_damage_by_its_source(ffa_run, tmp_path):
    from unmatched_sim.report import build_report
    r = build_report(ffa_run, tmp_path / "rep")
    assert 'id="damage"' in (r.out / "index.html").read_text()
    sources = A.damage_by_source(A.open_run(ffa_run))
    players = pl.read_parquet(ffa_run / "players.parquet")
    assert set(sources["hero"]) <= set(players["hero"]) and sources["dealt"].sum() > 0
    assert sources.filter(pl.col("source") == "combat")["dealt"].sum() > 0


# --------------------------------------------------------------------------- small defects
def test_winner_compared_with_a_hero_finds_that_heros_wins(duel_run, capsys):
    from unmatched_sim.analysis.games import find_games
    run = A.open_run(duel_run)
    by_where = find_games(run, where="winner = 'medusa'", limit=None)["game_id"].to_list()
    by_option = find_games(run, winner="medusa", limit=None)["game_id"].to_list()
    assert by_where and by_where == by_option
    # a seat stays a seat: medusa is hero b of every game of this run
    assert find_games(run, where="winner = 'b'", limit=None)["game_id"].to_list() == by_option
    code, out, _ = run_cli(capsys, "games", str(duel_run), "--where", "winner = 'medusa'", "--json")
    assert code == 0 and json.loads(out)["matching"] == len(by_option)


def test_sim_help_gives_each_command_its_whole_first_sentence(capsys):
    code, out, _ = run_cli(capsys, "--help")
    assert code == 0
    commands = out[out.index("Commands:"):]
    assert "..." not in commands and "Round-robin of HEROES (default: every hero), mirrors included" in \
        " ".join(commands.split())
