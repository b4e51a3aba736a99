"""``sim robust``: a matchup's win rate under several differently built AI policies, flagged when
its verdict depends on the policy; and how ``sim matchup`` / ``sim tournament --robust`` print the
same figures, and the headroom of ``--check-with``. The work is in ``unmatched_sim.robust`` and
``unmatched_sim.analysis.headroom``."""

from __future__ import annotations

import itertools
import json

import click

from unmatched_sim.cli.common import complete_heroes, fail, pct, split_names


@click.command()
@click.argument("hero_a", shell_complete=lambda c, p, i: complete_heroes(c, p, i))
@click.argument("hero_b", required=False, shell_complete=lambda c, p, i: complete_heroes(c, p, i))
@click.option("--policies", default="tuned,tuned-v1", show_default=True,
              help="Comma-separated policies; each plays both heroes on the same seeds.")
@click.option("--games", "-n", type=int, default=200, show_default=True, help="Games per policy (each seed from both seats).")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--board", default="marmoreal", show_default=True)
@click.option("--jobs", "-j", type=int, default=1, show_default=True)
@click.option("--spread", type=float, default=0.10, show_default=True,
              help="Flag the matchup when two policies' win rates differ by more than this.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def robust(hero_a, hero_b, policies, games, seed, board, jobs, spread, as_json):
    """Is HERO_A vs HERO_B's verdict the heroes' or the AI's? Win rate under each policy.

    The matchup is labelled policy-dependent when the verdicts (favours A / B / even at 95%)
    differ between policies or the win rates differ by more than --spread.
    """
    from unmatched_sim.data.catalog import find_board, find_hero
    from unmatched_sim.policies import validate_policy_spec
    from unmatched_sim.robust import robust_matchup

    names = split_names([hero_a] + ([hero_b] if hero_b else []))
    if len(names) != 2:
        fail("robust needs two heroes, HERO_A HERO_B or HERO_A,HERO_B")
    if games < 2:
        fail(f"--games must be at least 2 (got {games})")
    pols = [p.strip() for p in policies.split(",") if p.strip()]
    if len(pols) < 2:
        fail("--policies needs at least two policies to compare")
    for p in pols:
        validate_policy_spec(p)
    a, b = find_hero(names[0]), find_hero(names[1])
    find_board(board)
    res = robust_matchup(a.id, b.id, pols, games, seed, board, jobs, spread)
    if as_json:
        click.echo(json.dumps(res))
        return
    click.echo(f"{a.name} vs {b.name} on {board}: {res['games']} games per policy (seed {seed}; "
               f"same seeds for every policy, each from both seats)")
    echo_robust(res, a.name, b.name)


def _pts(x) -> str:
    from unmatched_sim.report.format import pts      # (format loads no plotting library)
    return "n/a" if x is None else pts(x)


def _points(x, digits: int = 1) -> str:
    """A share or a difference of rates as plain points ("7.4"), the reports' rounding."""
    from unmatched_sim.report.format import rounded
    return rounded(100 * x, digits)


def echo_robust(res: dict, name_a: str, name_b: str) -> None:
    """One matchup under each policy and its label (``analysis.robust.summarise``'s shape): what
    ``sim robust`` and ``sim matchup --robust`` print."""
    pols = list(res["policies"])
    width = max(len(p) for p in pols)
    for p, r in res["policies"].items():
        lo, hi = r["ci95"]
        diff = ""
        if r.get("diff") is not None:
            se = r.get("diff_se")
            diff = f"  {_pts(r['diff'])}" + (f" (paired s.e. {_points(se)})" if se is not None else "")
        said = {"favours A": f"favours {name_a}", "favours B": f"favours {name_b}"}.get(r["verdict"], r["verdict"])
        click.echo(f"  {p:<{width}}  {name_a} wins {pct(r['win_rate'])}  95% CI [{pct(lo)}, {pct(hi)}]  "
                   f"{said}{diff}")
    label = "POLICY-DEPENDENT" if res["policy_dependent"] else "robust"
    noise = res.get("expected_by_chance")
    tail = (f" (with this many games noise alone passes {_points(res['spread_limit'], 0)} points "
            f"{_points(noise, 0)}% of the time)" if noise is not None and res["beyond_spread"] else "")
    click.echo(f"Robustness: {label}: {res['reason']}{tail}")


def echo_sensitivity(summary: dict, rows: list[dict], top: int = 10) -> None:
    """A robust tournament's count of policy-dependent matchups, its noise floor, and the matchups
    that move most (``analysis.robust.sensitivity_summary`` / ``policy_sensitivity``), heroes by
    display name."""
    from unmatched_sim.report.format import catalog_names, matchup_label, num

    pols = summary["policies"]
    n = summary.get("matchups", 0)
    if not n:
        return
    click.echo(f"  Robustness ({' vs '.join(pols)}, same seeds): {summary['policy_dependent']} of {n} matchups "
               f"({_points(summary['share'], 0)}%) policy-dependent: {summary['beyond_spread']} differ by more than "
               f"{_points(summary['spread'], 0)} points (noise alone would give about "
               f"{num(float(summary['expected_by_chance']), 1)}), {summary['verdict_changes']} change verdict")
    shown = list(itertools.takewhile(lambda r: r["policy_dependent"], rows[:top]))     # most moved first
    names = catalog_names({h for r in shown for h in (r["hero"], r["opponent"])})
    for r in shown:
        rates = " / ".join(pct(r[f"win_rate_{k}"]).strip() for k in range(len(pols)))
        click.echo(f"    {matchup_label(r['hero'], r['opponent'], names)}: {rates}  ({r['reason']})")


def echo_headroom(summary: dict, rows: list[dict]) -> None:
    """A checked run's gain per hero and its reading (``analysis.headroom``): what ``sim matchup`` /
    ``sim tournament --check-with`` print, heroes by display name."""
    from unmatched_sim.analysis.headroom import reading
    from unmatched_sim.report.format import catalog_names, display

    if not summary.get("heroes"):
        click.echo("  Headroom: no check game paired with the run's own")
        return
    click.echo(f"  Headroom ({summary['check_with']} instead of {summary['policy']} on one hero, same seeds and "
               f"opponent policy):")
    names = catalog_names([r["hero"] for r in rows])
    width = max(len(display(r["hero"], names)) for r in rows)
    for r in rows:
        ci = "" if r["gain_lo"] is None else f"  95% [{_pts(r['gain_lo'])}, {_pts(r['gain_hi'])}]"
        click.echo(f"    {display(r['hero'], names):<{width}}  {pct(r['base_win_rate'])} -> "
                   f"{pct(r['check_win_rate'])}  "
                   f"gain {_pts(r['gain'])}{ci}  ({r['games']} games)")
    sd = "" if summary["sd_gain"] is None else f", SD across heroes {_points(summary['sd_gain'])} points"
    click.echo(f"    mean gain {_pts(summary['mean_gain'])}{sd}")
    click.echo("  " + reading(summary, names).replace("**", ""))
