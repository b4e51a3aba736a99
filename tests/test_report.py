"""``sim report`` end to end: a tiny tournament to a report, and a hand-built Pandora run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_analysis import misery_log, record
from tests.cli_helpers import run_cli
from unmatched_sim.cli import main
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.report import build_report
from unmatched_sim.report.document import Section, Table


def ai_style(hero: str) -> str:
    """A hero file's [ai] style as the report writes it: "0.75 (caution 1, safety 0, reserve 0.25)"."""
    style = dict(find_hero(hero).ai_style)
    rest = ", ".join(f"{k} {style[k]:g}" for k in ("caution", "safety", "reserve"))
    return f"{style['aggression']:g} ({rest})"

CHARTS = ["win_matrix", "ranking", "seats", "damage_curves", "damage_sources", "comeback", "exhaustion", "game_length"]
MISERY_CHARTS = ["misery_risk", "misery_pushes"]



def check_report(folder: Path, heroes: list[str], charts: list[str]) -> str:
    html = (folder / "index.html").read_text()
    md = (folder / "summary.md").read_text()
    for name in charts:
        png, svg = folder / f"{name}.png", folder / f"{name}.svg"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
        assert "<svg" in svg.read_text()[:2000], name
        # the page carries the chart inline (it works alone, offline); the files stay for slides
        assert re.search(f'<figure id="fig-{name}"><img src="data:image/svg\\+xml;base64,', html), name
        assert f'href="{name}.png"' in html and f"({name}.png)" in md
    assert not re.findall(r'src="(?!data:)', html)                   # nothing the page loads from elsewhere
    for src in re.findall(r'href="([^"#:]+)"', html):                # every local link resolves
        assert (folder / src).exists(), src
    for anchor in re.findall(r'href="#([^"]+)"', html):              # and every link within the page
        assert f'id="{anchor}"' in html, anchor
    for src in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md):
        assert (folder / src).exists(), src
    for h in heroes:
        assert h in html and h in md
    assert "Traceback" not in html
    return html


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory) -> Path:
    """A real 3-pairing tournament (houdini, genie, mirrors included), 4 games per pairing."""
    out = tmp_path_factory.mktemp("tour") / "run"
    with pytest.MonkeyPatch.context():
        try:
            main(["tournament", "houdini", "genie", "-n", "4", "--jobs", "1", "--no-progress", "--seed", "3",
                  "--out", str(out)])
        except SystemExit as e:          # pragma: no cover - a failure shows in the asserts below
            assert not e.code
    return out


def test_tournament_to_report_end_to_end(tiny_run, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)                                 # default folder: reports/<run name>/
    code, out, err = run_cli(capsys, "report", str(tiny_run))
    assert code == 0, err
    rep = tmp_path / "reports" / tiny_run.name
    assert str(Path("reports") / tiny_run.name / "index.html") in out
    assert "left out: Pandora's misery risk" in out
    html = check_report(rep, ["houdini", "genie"], CHARTS)
    assert "12 simulated games" in html
    assert "Left out: Pandora" in html                          # the absent section is named, with why
    for word in ("tuned", "marmoreal", "Seed", "unmatched-sim", "Wilson"):      # the inputs are stated
        assert word in html
    # how tuned played each hero (in the report's order of the heroes, which the games set)
    h, g = f"Houdini {ai_style('houdini')}", f"The Genie {ai_style('genie')}"
    assert f"[ai] table: {h}, {g}" in html or f"[ai] table: {g}, {h}" in html
    assert not (rep / "misery_risk.png").exists()


def test_misery_section_from_a_hand_built_pandora_log(tmp_path):
    log = misery_log()
    log.game(2, "y", "pandora", winner="a", fighters=("Y", "P"))       # pandora on side b too
    run = log.write(tmp_path / "pandora-run")
    r = build_report(run, tmp_path / "rep")
    # a hand-built log names no board file: only the AI's play statistics are left out, with why
    assert [title for title, _ in r.left_out] == ["How the AI played"]
    html = check_report(tmp_path / "rep", ["pandora", "y"], CHARTS + MISERY_CHARTS)
    assert "Pandora&#x27;s misery risk" in html or "Pandora's misery risk" in html
    assert "reach 3" in html                                    # the bust rule read off the log
    assert "14.3%" in html                                      # exact: 1/7 for the second reveal
    assert "26.7%" in html                                      # exact: 4/15 for the third


def test_report_replaces_an_old_report_but_never_a_foreign_folder(tiny_run, tmp_path, capsys, monkeypatch):
    import unmatched_sim.report.build as B

    def quick_save(fig, out, name):                             # the folder logic, without drawing
        for ext in ("png", "svg"):
            (out / f"{name}.{ext}").write_text("")
        return [f"{name}.png", f"{name}.svg"]

    monkeypatch.setattr(B.C, "save", quick_save)
    rep = tmp_path / "rep"
    build_report(misery_log().write(tmp_path / "p"), rep)
    assert (rep / "misery_risk.svg").exists()
    build_report(tiny_run, rep)                                 # same folder, run without Pandora
    assert not (rep / "misery_risk.svg").exists()               # no stale charts left behind
    foreign = tmp_path / "notes"
    foreign.mkdir()
    (foreign / "todo.txt").write_text("keep me")
    code, _, err = run_cli(capsys, "report", str(tiny_run), "--out", str(foreign))
    assert code == 1 and "not a report" in err and len(err.strip().splitlines()) == 1
    assert (foreign / "todo.txt").read_text() == "keep me"


@pytest.mark.parametrize("make, message", [
    (lambda p: None, "does not exist"),
    (lambda p: p.mkdir(), "is not a run directory"),
    (lambda p: record({("x", "y"): (1, 1)}).write(p) and (p / "games.parquet").write_bytes(b"junk"),
     "corrupt or unreadable"),
])
def test_report_errors_are_one_line(tmp_path, capsys, make, message):
    path = tmp_path / "run"
    make(path)
    code, out, err = run_cli(capsys, "report", str(path), "--out", str(tmp_path / "rep"))
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in err
    assert not (tmp_path / "rep").exists()


def test_inputs_name_the_policies_the_games_were_played_with():
    from unmatched_sim.report.build import _policies
    log = record({("x", "y"): (2, 2)})
    assert _policies(log.run()) == "greedy on both sides"
    log.games[0]["policy_b"] = "random"
    assert _policies(log.run()).startswith("mixed — 2 policy pairings: greedy vs greedy (3 games); greedy vs random")


def test_report_shows_how_the_ai_played_each_hero(tiny_run, tmp_path):
    """The play statistics section: one row per hero, from analysis.play_stats."""
    from unmatched_sim import analysis as A
    from unmatched_sim.report.build import _make

    doc, _ = _make(A.open_run(tiny_run), tmp_path)
    (section,) = [s for s in doc.sections if s.id == "play"]
    table, choices = [b for b in section.blocks if hasattr(b, "rows")]
    strongest_first = [{"genie": "The Genie", "houdini": "Houdini"}[h] for h in A.ranking(A.open_run(tiny_run))["hero"]]
    assert [r[0] for r in table.rows] == [r[0] for r in choices.rows] == strongest_first    # by name, in strength order
    assert all(int(r[1].replace(",", "")) > 0 for r in table.rows)       # turns played


def test_a_hero_of_several_fighters_is_named_by_its_display_name(tmp_path, capsys):
    """The Wayward Sisters' hero fighters are "Sister 1..3" and Shakespeare's is "Shakespeare": the
    report's names are the heroes' own ("The Wayward Sisters", "William Shakespeare"), recorded in
    run.json, read from the hero file for a run made before run.json recorded them."""
    import json

    from unmatched_sim import analysis as A
    from unmatched_sim.analysis._common import hero_names

    out = tmp_path / "run"
    code, _, err = run_cli(capsys, "matchup", "wayward_sisters", "shakespeare", "-n", "2", "-j", "1",
                           "--no-progress", "--out", str(out))
    assert code == 0, err
    expected = {"wayward_sisters": "The Wayward Sisters", "shakespeare": "William Shakespeare"}
    meta = json.loads((out / "run.json").read_text())
    assert {h: f["name"] for h, f in meta["hero_files"].items()} == expected
    assert hero_names(A.open_run(out)) == expected
    for f in meta["hero_files"].values():          # an older run.json: the names come from the files
        del f["name"]
    (out / "run.json").write_text(json.dumps(meta))
    assert hero_names(A.open_run(out)) == expected


def test_win_matrix_of_18_heroes_is_a_compact_grid_that_fits_a_laptop_page():
    """The numeric matrix of a whole-roster tournament: 19 columns must fit the page (1,060 px),
    so the table is a grid (small type, upright column headers) whose cells are stacked short
    lines — the win rate, then its interval — and a count every cell shares goes in the note."""
    from itertools import combinations

    from unmatched_sim import analysis as A
    from unmatched_sim.data.catalog import hero_ids
    from unmatched_sim.report.build import _matrix_table
    from unmatched_sim.report.document import Document, render_html, render_markdown

    heroes = hero_ids()[:18]           # (the layout is checked for 18 columns, however many ship)
    assert len(heroes) == 18
    run = record({pair: (3, 1) for pair in combinations(heroes, 2)}).run()
    order = A.ranking(run)["hero"].to_list()
    matrix = _matrix_table(A.win_matrix(run), A.seat_split(run), order, set(), "")
    assert matrix.grid and matrix.header[1:] == order          # a hand-built log names no hero: ids stand in
    cells = [c for row in matrix.rows for c in row[1:]]
    assert {len(c.split("\n")) for c in cells if c != "no mirror"} == {2}        # rate, then interval
    shown = [re.sub(r"\[([^\]]+)\]\(#[^)]+\)", r"\1", c) for c in cells]      # a rate links to its games
    assert max(len(line) for c in shown for line in c.split("\n")) <= 9      # about 50 px a column
    assert "every cell is 4 games" in matrix.note
    doc = Document("t", "", Table(["a"], []), [], [], [])
    doc.sections.append(Section("m", "m", [matrix]))
    html, md = render_html(doc), render_markdown(doc)
    assert '<div class="wide"><table class="grid">' in html and f'<th class="r up"><span>{order[-1]}</span></th>' in html
    assert f"| {order[0]} | no mirror | " in md and "% (" in md              # Markdown: "rate (interval)"


def test_a_log_with_no_damage_reports_an_empty_damage_section_as_a_note_not_a_crash(tmp_path):
    """A hand-built log with no damage events: the damage-sources chart (matplotlib's legend of
    nothing) is not drawn; the section says so in one line, and every other section still renders."""
    from unmatched_sim.report.charts import damage_sources_chart

    run = record({("x", "y"): (2, 2)}).write(tmp_path / "run")
    r = build_report(run, tmp_path / "rep")
    html = (r.out / "index.html").read_text()
    md = (r.out / "summary.md").read_text()
    note = "Damage by source: no damage was logged in this run, so there is nothing to split."
    assert note in html and note in md
    assert not (r.out / "damage_sources.png").exists()
    check_report(r.out, ["x", "y"], [c for c in CHARTS if c != "damage_sources"])
    import polars as pl
    damage_sources_chart(pl.DataFrame(schema={"hero": pl.Utf8, "source": pl.Utf8, "dealt_per_game": pl.Float64,
                                              "taken_per_game": pl.Float64}), ["x", "y"])   # draws, no crash


def test_report_shows_the_wayward_sisters_combined_health_and_how_the_ai_played_them(tmp_path, capsys):
    """The report's damage section starts the Sisters at 18 (three Sisters of 6), and "How the AI
    played" gives them figures (attacks on any Sister), not a dash."""
    import re

    out = tmp_path / "run"
    code, _, err = run_cli(capsys, "matchup", "wayward_sisters", "hamlet", "-n", "2", "-j", "1",
                           "--no-progress", "--out", str(out))
    assert code == 0, err
    r = build_report(out, tmp_path / "rep")
    html = (r.out / "index.html").read_text()
    assert re.search(r"Starting health \(from the log\): [^.]*The Wayward Sisters 18", html)
    play = html[html.index('id="play"'):]
    row = re.search(r"<tr><td[^>]*>The Wayward Sisters</td>(.*?)</tr>", play, re.S).group(1)
    cells = [re.sub("<.*?>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    assert cells[1] != "–" and "%" in cells[1] and not cells[2].endswith("of 0")


@pytest.mark.parametrize("error", [OSError(28, "No space left on device"), PermissionError(13, "Permission denied")])
def test_a_report_that_cannot_be_written_is_one_line_and_leaves_nothing(tmp_path, capsys, monkeypatch, error):
    from tests.cli_helpers import run_cli
    from tests.test_cli import assert_one_line_error
    import unmatched_sim.report.build as B

    run = tmp_path / "run"
    assert run_cli(capsys, "matchup", "houdini", "genie", "-n", "20", "-j", "1", "--policy", "greedy",
                   "--out", str(run), "--no-progress")[0] == 0

    def fail(*args, **kwargs):
        raise error

    monkeypatch.setattr(B, "render_markdown", fail)      # the disk fills while the report is written
    code, _, err = run_cli(capsys, "report", str(run), "--out", str(tmp_path / "rep"))
    assert_one_line_error(code, err, str(tmp_path / "rep"))
    assert "internal error" not in err
    assert not (tmp_path / "rep").exists() and not list(tmp_path.glob(".rep*"))
