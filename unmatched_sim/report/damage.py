"""The report's damage section: damage curves, damage by source kind, by fighter, and by what
dealt it — the card, spell, misery or hero ability each point of damage came from (the log names
it: docs/events.md "Damage sources")."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import polars as pl

from unmatched_sim import analysis as A
from unmatched_sim.analysis.damage import default_max_turn
from unmatched_sim.report import charts as C
from unmatched_sim.report.document import Chart, Section, Table
from unmatched_sim.report.format import num, pct

#: what each source kind means, for the chart's caption (only the kinds present are defined)
SOURCE_MEANING = {
    "combat": "combat damage", "card": "damage from an action card's effect",
    "ability": "damage from a hero's special ability (Medusa's Gaze, NOT TO BE, coil overflow...)",
    "spell": "damage from a spell of the Wayward Sisters", "misery": "damage from a misery of Pandora's box (Pain)",
    "board": "damage from a feature of the battlefield",
    "exhaustion": "the 2 damage per card a player cannot draw from an empty deck",
    "misery_bust": "Pandora's busts",
    "effect": "an effect the log does not name (card effects in logs made before the source kinds were told apart)",
}
#: the source kind beside a named card, spell or misery
KIND_WORD = {"combat": "combat", "card": "card effect", "spell": "spell", "misery": "misery", "board": "battlefield"}
TOP_ORIGINS = 8
ORIGIN_SHARE = 0.2      # a non-combat source behind this share of a hero's dealt damage is a finding         # rows per hero in the table of what dealt the damage


def damage_section(run: A.Run, order: list[str], nm: Callable[[str], str], chart: Callable, findings: list[str],
                   several_fighters: set[str], names: dict[str, str] | None = None) -> Section:
    """The section; ``chart(fig, name)`` saves a chart, ``findings`` takes the section's headline
    lines, ``nm`` names a hero (``names``: the same as a dict, for the charts), ``several_fighters``
    the heroes of several hero fighters."""
    from unmatched_sim.report import workbench as W
    T = default_max_turn(run)
    curves = A.damage_curves(run, T)
    start = A.starting_health(run)
    sides = A.player_turns(run)
    lengths = dict(sides.group_by("hero").agg(pl.col("turns").median()).iter_rows())
    chart(C.damage_curves_chart(curves, order, lengths, names), "damage_curves")
    sources = A.damage_by_source(run)
    src_rows = []
    for h in order:
        for r in sources.filter(pl.col("hero") == h).iter_rows(named=True):
            src_rows.append([nm(h), C.source_label(r["source"]), num(r["dealt_per_game"], 2), num(r["taken_per_game"], 2),
                             num(r["self_inflicted_per_game"], 2), num(r["unattributed_per_game"], 2),
                             num(r["dealt"]), num(r["taken"])])
    sh = ", ".join(f"{nm(h)} {v}" for h, v in sorted(start.iter_rows(), key=lambda x: order.index(x[0])
                                                        if x[0] in order else len(order)))
    several = [nm(h) for h in order if h in several_fighters]
    at = min(T, 6)
    pace = []
    for h in order:
        c = curves.filter((pl.col("hero") == h) & (pl.col("turn") == at))
        if c.height:
            pace.append(f"{nm(h)} {num(c['dealt_median'][0], 0)}")
    findings.append(f"Damage pace — median damage dealt by turn {at}: " + ", ".join(pace) + ".")
    own = (sources.group_by("hero").agg(pl.col("self_inflicted").sum(), pl.col("taken").sum())
           .join(sides.group_by("hero").agg(pl.len().alias("games")), on="hero")
           .filter(pl.col("self_inflicted") > 0)
           .with_columns((pl.col("self_inflicted") / pl.col("games")).alias("per_game"))
           .sort("per_game", descending=True))
    if own.height and own["per_game"][0] >= 0.5:
        top = own.filter(pl.col("per_game") >= 0.5)
        findings.append("Self-inflicted damage (a side's own cards hurting its own fighters; never counted as the "
                        "foe's) per game: " + ", ".join(f"{nm(h)} {num(v, 1)} ({pct(sv / tv if tv else None, 0)} of what "
                                                         f"it took)" for h, v, sv, tv in
                                                         top.select("hero", "per_game", "self_inflicted", "taken").iter_rows())
                        + ".")
    origins = origin_finding(run, order, nm)
    if origins:
        findings.append(origins)
    credit = ("Dealt: damage the opposing fighters (heroes and sidekicks together) took that the event log names "
              "the hero's side as the cause of. Taken: all damage the hero's side suffered, whoever caused it. "
              "Damage a side did to its own fighters (its own cards, e.g. Annie Christmas's, Titania's or "
              "Shakespeare's, Hamlet's NOT TO BE, Pandora's busts) is **self-inflicted**: taken, and never counted "
              "as dealt by the opponent. Damage the log names no cause for (exhaustion) is taken and nobody's.")
    blocks: list = [
        Chart("damage_curves", "Damage curves per hero",
              f"One panel per hero. Red line: damage the hero's side has dealt to its foes so far (median game; "
              f"self-inflicted and unattributed damage left out); blue dashed line: the hero's own health left "
              f"(a hero of several fighters: all of them added up, so it reaches 0 only when the last one falls"
              + (f" — {', '.join(several)}" if several else "") + "); shaded bands: the middle half of games (25th to 75th "
              f"percentile). The x axis counts both players' turns (turn 1 is the first player's first turn), "
              f"up to turn {T}, by which 95% of games are over. A finished game keeps its final totals on later "
              f"turns, so every game counts at every turn: the health band reaching 0 shows games being lost. The "
              f"dotted line is the hero's median game length. Starting health (from the log): {sh}."),
    ]
    if sources.height:
        chart(C.damage_sources_chart(sources, order, names), "damage_sources")
        blocks += [
            Chart("damage_sources", "Damage by source",
                  "Average damage per game, split by source. " + credit + " Sources: " + _source_caption(sources)),
            Table(["Hero", "Source", "Dealt / game", "Taken / game", "of it self-inflicted / game",
                   "of it unattributed / game", "Dealt (total)", "Taken (total)"], src_rows,
                  caption="Damage by source", align="llrrrrrr", sortable=True,
                  note="Python: `analysis.damage_curves(run)`, `analysis.damage_by_source(run)`."),
            W.damage_by_fighter_table(run, order, names),
            origin_table(run, order, nm),
        ]
    else:
        blocks.append("Damage by source: no damage was logged in this run, so there is nothing to split.")
    return Section("damage", "Damage over the game", blocks)


def several_fighters(run: A.Run) -> set[str]:
    """Heroes of several hero fighters (the Wayward Sisters), from the hero files the run names."""
    return {h for h, f in (run.meta.get("hero_files") or {}).items() if _hero_count(f) > 1}


def _hero_count(files: dict) -> int:
    from unmatched_sim.data.heroes import load_hero_file
    try:
        return load_hero_file(Path(files["path"])).hero.count
    except Exception:  # a missing file only costs the "several heroes" mark
        return 1


def _source_caption(sources: pl.DataFrame) -> str:
    """Defines only the damage sources that occur in this run."""
    present = [s for s in sources["source"].unique(maintain_order=True).to_list()]
    return "; ".join(f"**{C.source_label(s)}**: {SOURCE_MEANING.get(s, 'a hero-specific source')}"
                     for s in present) + "."


def ability_names(run: A.Run) -> dict[str, str]:
    """Hero id -> its ability's name, from the hero files the run names (a missing file: none)."""
    from unmatched_sim.data.heroes import load_hero_file
    out = {}
    for h, f in (run.meta.get("hero_files") or {}).items():
        try:
            name = load_hero_file(Path(f["path"])).ability.name
        except Exception:  # a moved or changed file only costs the ability's name
            continue
        if name:
            out[h] = name
    return out


def origin_label(source: str, card: str | None, ability: str | None) -> str:
    """What dealt a row of ``damage_by_origin``, in words."""
    if source == "ability":
        return f"{ability} (ability)" if ability else "hero ability"
    if card:
        return f"{card} ({KIND_WORD.get(source, C.source_label(source))})"
    return C.source_label(source)


def origin_finding(run: A.Run, order: list[str], nm: Callable[[str], str]) -> str | None:
    """A headline naming, per hero, the one card, spell, misery or ability (not combat) behind at
    least ``ORIGIN_SHARE`` of its dealt damage; None if no hero has one."""
    t = A.damage_by_origin(run).filter((pl.col("source") != "combat") & (pl.col("dealt") > 0))
    totals = dict(A.damage_by_origin(run).group_by("hero").agg(pl.col("dealt").sum()).iter_rows())
    abilities = ability_names(run)
    said = []
    for h in order:
        mine = t.filter(pl.col("hero") == h)
        if not mine.height or not totals.get(h):
            continue
        r = mine.row(0, named=True)
        share = r["dealt"] / totals[h]
        if share >= ORIGIN_SHARE:
            said.append(f"{nm(h)} {pct(share, 0)} from {origin_label(r['source'], r['card'], abilities.get(h))}")
    if not said:
        return None
    return ("Damage beyond combat — the largest single source of a hero's dealt damage other than its attack "
            "cards' combat damage: " + "; ".join(said) + ".")


def origin_table(run: A.Run, order: list[str], nm: Callable[[str], str]) -> Table:
    """Per hero, the cards, spells, miseries and abilities that dealt its damage, most first."""
    t = A.damage_by_origin(run)
    abilities = ability_names(run)
    rows = []
    for h in order:
        mine = t.filter(pl.col("hero") == h)
        total = mine["dealt"].sum() or 0
        for r in mine.head(TOP_ORIGINS).iter_rows(named=True):
            if not r["dealt"] and not r["self_inflicted"]:
                continue
            rows.append([nm(h), origin_label(r["source"], r["card"], abilities.get(h)),
                         num(r["dealt_per_game"], 2), pct(r["dealt"] / total if total else None, 0),
                         num(r["self_inflicted_per_game"], 2)])
    return Table(["Hero", "Dealt by", "Dealt / game", "Share of the hero's dealt damage", "Self-inflicted / game"],
                 rows, caption="What dealt the damage: card, spell, misery or ability", align="llrrr", sortable=True,
                 note=f"Each hero's {TOP_ORIGINS} largest sources of damage, named as the event log names them: "
                      "combat damage by the attack card, an effect's damage by its card, spell or misery, a hero "
                      "ability's by the ability. Dealt: to foes; self-inflicted: to the hero's own side. "
                      "Python: `analysis.damage_by_origin(run)`.")
