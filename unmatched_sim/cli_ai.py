"""``sim robust``: a matchup's win rate under several differently built AI policies, flagged when
its verdict depends on the policy (registered on the ``sim`` group when ``unmatched_sim.cli`` is
imported). The work is in ``unmatched_sim.robust``."""

from __future__ import annotations

import json

import click

from unmatched_sim.cli import _fail, _pct, cli, complete_heroes, split_names


@cli.command()
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
        _fail("robust needs two heroes, HERO_A HERO_B or HERO_A,HERO_B")
    if games < 2:
        _fail(f"--games must be at least 2 (got {games})")
    pols = [p.strip() for p in policies.split(",") if p.strip()]
    if len(pols) < 2:
        _fail("--policies needs at least two policies to compare")
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
    width = max(len(p) for p in pols)
    for p, r in res["policies"].items():
        lo, hi = r["ci95"]
        click.echo(f"  {p:<{width}}  {a.name} wins {_pct(r['win_rate'])}  95% CI [{_pct(lo)}, {_pct(hi)}]  {r['verdict']}")
    label = "POLICY-DEPENDENT" if res["policy_dependent"] else "robust"
    click.echo(f"Verdict: {label}: {res['reason']}")
