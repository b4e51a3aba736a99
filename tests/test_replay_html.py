"""``sim replay --html``: one self-contained page whose board, turns, combats and decisions are
the game's (read back from the page's elements and its embedded data), ``--explain`` that
never changes a game, and bad input to ``sim replay`` as one line and a non-zero exit."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from tests.cli_helpers import run_cli
from unmatched_sim.data.catalog import find_board, hero_ids
from unmatched_sim.replay import replay_game_from_seed, space_names
from unmatched_sim.report.board_layout import layout
from unmatched_sim.report.replay_html import combat_breakdowns, render, replay_data
from unmatched_sim.story import origin


class Page(HTMLParser):
    """The elements of a page, as (tag, attributes) in document order, and its script texts."""

    def __init__(self, text: str):
        super().__init__()
        self.elements: list[tuple[str, dict]] = []
        self.scripts: dict[str, str] = {}
        self._script = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elements.append((tag, a))
        if tag == "script":
            self._script = a.get("id") or f"script{len(self.scripts)}"
            self.scripts[self._script] = ""

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = None

    def handle_data(self, data):
        if self._script is not None:
            self.scripts[self._script] += data

    def find(self, tag: str, cls: str | None = None) -> list[dict]:
        return [a for t, a in self.elements if t == tag and (cls is None or cls in (a.get("class") or "").split())]


@pytest.fixture(scope="module")
def replayed():
    return replay_game_from_seed(("medusa", "houdini"), 5, "a", "marmoreal", "tuned", "tuned", None,
                                 hands=True, explain=True)


@pytest.fixture(scope="module")
def page(replayed):
    return Page(render(replay_data(replayed)))


def _data(page: Page) -> dict:
    return json.loads(page.scripts["replay-data"])


def test_the_page_draws_every_space_zone_and_path_of_the_board_file(page):
    board = find_board("marmoreal")
    spaces = page.find("g", "space")
    assert sorted(s["data-space"] for s in spaces) == sorted(board.labels)
    for s in spaces:
        k = board.index[s["data-space"]]
        zones = [z for i, z in enumerate(board.zone_names) if board.zone_mask[k] >> i & 1]
        assert s["data-zones"].split() == zones
    pairs = {tuple(sorted((board.labels[s], board.labels[t]))) for s in range(board.size) for t in board.adjacent[s]}
    assert {tuple(sorted((p["data-from"], p["data-to"]))) for p in page.find("line", "path")} == pairs
    assert len(page.find("circle", "zone")) == sum(bin(m).count("1") for m in board.zone_mask)


def test_the_page_is_self_contained(page):
    assert page.find("link") == [] and page.find("img") == []
    assert all("src" not in a for _, a in page.elements)
    for text in page.scripts.values():
        assert "import " not in text and "fetch(" not in text


def test_each_turn_has_a_frame_with_where_the_fighters_stand_and_the_players_counts(replayed, page):
    data = _data(page)
    frames = data["frames"]
    assert [f["turn"] for f in frames[:-1]] == sorted({s["turn"] for s in replayed.states[:-1]})
    assert frames[-1]["final"] and frames[-1]["turn"] == replayed.row["turns"]
    sections = page.find("section", "frame")
    assert [int(s["data-frame"]) for s in sections] == list(range(len(frames)))
    slider = page.find("input")[0]
    assert int(slider["max"]) == len(frames) - 1
    labels = set(find_board("marmoreal").labels)
    for f in frames:
        on = [x["space"] for x in f["fighters"] if x["space"] is not None]
        assert len(on) == len(set(on)) and set(on) <= labels
        for p in f["players"]:
            assert len(p["hand_cards"]) == p["hand"]
    # the final frame: the game's last health of every fighter, as the log has it
    last = {}
    for e in replayed.events:
        # (a sidekick summoned back comes with its health)
        if e["kind"] in ("damage", "recover", "set_health", "return_fighter") and e["health"] is not None:
            last[e["fighter"]] = e["health"]
    final = {x["name"]: x["health"] for x in frames[-1]["fighters"]}
    assert all(final[name] == h for name, h in last.items())


def test_each_combat_adds_up_to_its_logged_values(replayed, page):
    data = _data(page)
    combats = [c for f in data["frames"] for c in f["combats"]]
    results = [e for e in replayed.events if e["kind"] == "combat_result"]
    assert len(combats) == len(results) > 0
    for c, r in zip(combats, results):
        a, d = (int(x) for x in r["detail"].split("-"))
        assert (c["attack"]["value"], c["defense"]["value"]) == (a, d)
        for role in ("attack", "defense"):
            assert sum(p["value"] for p in c[role]["parts"]) == c[role]["value"]
        assert c["damage"] == r["amount"]
    boosted = [c for c in combats if any(p["what"].startswith("BOOST") for p in c["attack"]["parts"] + c["defense"]["parts"])]
    assert boosted, "a combat with a BOOST names it"
    assert len(page.find("div", "combat")) == len(combats)


def test_a_combat_names_each_part_of_its_values():
    ev = [dict(turn=1, player="a", kind="turn_start"),
          dict(turn=1, player="a", kind="attack_bonus", card="Toil", amount=1),
          dict(turn=1, player="a", kind="attack", fighter="A", target="B", detail="melee"),
          dict(turn=1, player="a", kind="reveal", fighter="A", card="Strike", amount=3, detail="attack"),
          dict(turn=1, player="b", kind="reveal", fighter="B", card="Block", amount=2, detail="defense"),
          dict(turn=1, player="a", kind="boost", card="Spare", amount=2, detail="combat"),
          dict(turn=1, player="a", kind="combat_result", fighter="A", amount=5, detail="7-2")]
    (c,) = combat_breakdowns(ev, {"a": "Gaze"})
    assert [(p["what"], p["value"]) for p in c["attack"]["parts"]] == [
        ("card value (Strike)", 3), ("attack bonus this turn (Toil)", 1), ("BOOST (Spare)", 2),
        ("card effects and abilities (Strike's effects or the ability Gaze)", 1)]
    assert [(p["what"], p["value"]) for p in c["defense"]["parts"]] == [("card value (Block)", 2)]


def test_explain_scores_the_heuristics_choices_and_names_the_choice(replayed):
    scored = [d for d in replayed.decisions if d["scores"]]
    assert {d["kind"] for d in scored} >= {"action", "attack_card", "defense_card"}
    for d in replayed.decisions:
        assert d["chosen"] in d["options"]
    for d in scored:
        if d["kind"] in ("action", "defense_card"):
            best = max(v for _, v in d["scores"])
            assert dict(d["scores"])[d["chosen"]] == best


@pytest.mark.parametrize("heroes,policy", [(("medusa", "houdini"), "tuned"), (("pandora", "wayward_sisters"), "heuristic"),
                                           (("loki", "genie"), "greedy")])
def test_explain_and_hands_leave_the_game_unchanged(heroes, policy):
    plain = replay_game_from_seed(heroes, 9, "b", "marmoreal", policy, policy, None)
    told = replay_game_from_seed(heroes, 9, "b", "marmoreal", policy, policy, None, hands=True, explain=True)
    assert told.events == plain.events
    assert told.row["decisions"] == plain.row["decisions"] == len(told.decisions)


def test_the_story_names_spaces_by_their_zones_and_damage_by_its_source(replayed):
    names = space_names(find_board("marmoreal"))
    assert names["M13"] == "M13 (yellow, red; start 1)"
    gaze = next(e for e in replayed.events if e["kind"] == "damage" and e["detail"] == "ability")
    assert "Medusa's Gaze" in origin({**gaze, "ability": "Medusa's Gaze"})
    assert "Medusa's Gaze" in "\n".join(replayed.story)


def test_the_board_layout_is_the_same_every_time_and_keeps_spaces_apart():
    board = find_board("marmoreal")
    a, b = layout(board), layout(board)
    assert a == b
    pts = list(a.values())
    assert min(((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5
               for i, (x1, y1) in enumerate(pts) for x2, y2 in pts[i + 1:]) > 0.03


def test_sim_replay_html_writes_one_file(tmp_path, capsys):
    out = tmp_path / "game.html"
    code, stdout, err = run_cli(capsys, "replay", "--heroes", "medusa", "houdini", "--seed", "5", "--policy", "greedy",
                                "--html", str(out), "--explain")
    assert code == 0 and err == "" and out.exists()
    assert re.search(r'id="replay-data"', out.read_text())


@pytest.mark.parametrize("args,needle", [
    (["--heroes", "medusa", "houdini", "--seed", "5", "--explain"], "--html"),
    (["--heroes", "medusa", "houdini", "--seed", "5", "--hands"], "--html"),
    (["--heroes", "medusa", "houdini", "--seed", "5", "--html", "{tmp}"], "is a folder"),
    (["--heroes", "medusa", "houdini", "--seed", "5", "--html", "{tmp}/no/such/x.html"], "does not exist"),
    (["{tmp}/not-a-run", "3", "--html", "{tmp}/x.html"], "not-a-run"),
    (["--heroes", "medusa", "nobody", "--seed", "5", "--html", "{tmp}/x.html"], "nobody"),
])
def test_bad_input_to_replay_is_one_line_and_a_non_zero_exit(tmp_path, capsys, args, needle):
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    code, out, err = run_cli(capsys, "replay", *args)
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and needle in err
    assert "Traceback" not in err and not list(tmp_path.glob("*.html"))


def _to_older_vocabulary(run_dir):
    """Rewrite a run's event log as it was logged before damage named its source kinds."""
    import polars as pl
    for part in (run_dir / "events").glob("*.parquet"):
        ev = pl.read_parquet(part)
        src = pl.col("kind").is_in(["damage", "damage_prevented", "defeat"])
        named = src & pl.col("detail").is_in(["card", "ability", "spell", "misery"])
        ev = ev.with_columns(
            pl.when(src & pl.col("detail").is_in(["ability", "spell", "misery"]) | (pl.col("kind") == "defeat"))
            .then(None).otherwise(pl.col("card")).alias("card"),
            pl.when(named | (pl.col("kind").is_in(["game_end", "eliminated"])
                             & pl.col("detail").is_in(["card", "ability", "spell", "misery"])))
            .then(pl.lit("effect")).otherwise(pl.col("detail")).alias("detail"))
        ev.write_parquet(part)
    games = pl.read_parquet(run_dir / "games.parquet")
    games.with_columns(pl.when(pl.col("end_reason").is_in(["card", "ability", "spell", "misery"]))
                       .then(pl.lit("effect")).otherwise(pl.col("end_reason")).alias("end_reason")
                       ).write_parquet(run_dir / "games.parquet")


def test_a_run_logged_in_the_older_vocabulary_still_replays_and_reports(tmp_path, capsys):
    run = tmp_path / "old"
    code, _, err = run_cli(capsys, "matchup", "medusa", "wayward_sisters", "-n", "4", "--out", str(run),
                           "--no-progress", "-j", "1")
    assert code == 0, err
    _to_older_vocabulary(run)
    for gid in range(4):
        code, out, err = run_cli(capsys, "replay", str(run), str(gid), "--html", str(tmp_path / f"g{gid}.html"))
        assert code == 0, err
    code, _, err = run_cli(capsys, "report", str(run), "--out", str(tmp_path / "report"))
    assert code == 0, err
    from unmatched_sim import analysis as A
    sources = set(A.damage_by_source(A.open_run(run))["source"].to_list())
    assert "card" in sources and not sources & {"spell", "misery"}


def test_what_changed_a_value_is_named_by_the_cards_and_abilities_that_can():
    ev = [dict(turn=1, player="a", kind="turn_start"),
          dict(turn=1, player="a", kind="attack", fighter="Alice", target="B", detail="melee"),
          dict(turn=1, player="a", kind="reveal", fighter="Alice", card="Strike", amount=3, detail="attack"),
          dict(turn=1, player="b", kind="reveal", fighter="B", card="Curse", amount=2, detail="defense"),
          dict(turn=1, player="a", kind="combat_result", fighter="Alice", amount=2, detail="4-2")]
    cards = {"Curse": {"opponent"}, "Strike": {"self"}}
    (c,) = combat_breakdowns(ev, {"a": "Big and Small"}, cards, {"a": {"attack", "defense"}})
    assert c["attack"]["parts"][-1] == {
        "what": "card effects and abilities (Strike's effects or Curse's effects or the ability Big and Small)", "value": 1}
    (c,) = combat_breakdowns(ev, {"a": "Big and Small"}, {}, {})
    assert c["attack"]["parts"][-1]["what"] == "card effects and abilities (an effect in force)"


def test_value_cards_finds_the_cards_that_change_combat_values():
    from unmatched_sim.data.catalog import find_hero
    from unmatched_sim.report.replay_html import value_cards
    alice = find_hero("alice")
    got = value_cards({"alice": alice})
    assert got["Claws That Catch"] == {"self"}
    assert all(name in {c.name for c in alice.cards} for name in got)


def test_a_face_down_boost_discarded_without_effect_adds_nothing():
    ev = [dict(turn=2, player="b", kind="turn_start"),
          dict(turn=2, player="b", kind="attack", fighter="King Arthur", target="Alice", detail="melee"),
          dict(turn=2, player="b", kind="reveal", fighter="King Arthur", card="Shift", amount=3, detail="attack"),
          dict(turn=2, player="a", kind="reveal", fighter="Alice", card="Feint", amount=2, detail="defense"),
          dict(turn=2, player="b", kind="boost", card="Prophecy", amount=2, detail="face_down"),
          dict(turn=2, player="a", kind="cancel", card="Shift", detail="Feint"),
          dict(turn=2, player="a", kind="combat_result", fighter="Alice", amount=0, detail="3-3"),
          dict(turn=2, player="b", kind="boost_cancelled", card="Prophecy")]
    (c,) = combat_breakdowns(ev, {}, {}, {})
    assert [(p["what"], p["value"]) for p in c["attack"]["parts"]] == [("card value (Shift)", 3)]
    assert c["attack"]["value"] == 3 and len(c["notes"]) == 2


@pytest.mark.parametrize("hero", hero_ids())
def test_explain_leaves_every_heros_games_unchanged(hero):
    """The heroes' own advice to the AI runs in the scoring copy too: none of it may reach the game."""
    heroes = hero_ids()
    foe = heroes[(heroes.index(hero) + 7) % len(heroes)]
    plain = replay_game_from_seed((hero, foe), 4, "a", "marmoreal", "heuristic", "tuned", 40)
    told = replay_game_from_seed((hero, foe), 4, "a", "marmoreal", "heuristic", "tuned", 40, explain=True)
    assert told.events == plain.events and told.row["decisions"] == plain.row["decisions"]
    assert any(d["scores"] for d in told.decisions)


def test_a_decision_about_a_space_names_the_space_not_a_fighter_or_card():
    from unmatched_sim.data.catalog import find_board, find_hero
    from unmatched_sim.engine.game import Game
    from unmatched_sim.replay import describe_option
    g = Game(find_board("marmoreal"), (find_hero("medusa"), find_hero("houdini")), seed=1)
    for kind in ("sidekick_start", "token_choice", "move_destination", "fog_space"):
        assert describe_option(g, kind, 25) == g.board.labels[25]
    assert describe_option(g, "effect_fighter", 0) == g.fighters[0].name
