"""The listing commands: ``sim heroes``, ``sim boards`` and ``sim policies``."""

from __future__ import annotations

import click


@click.command("heroes")
def heroes_cmd():
    """List the heroes available, with their set and key stats."""
    from unmatched_sim.data.catalog import all_heroes, heroes_dir

    hs = all_heroes()
    click.echo(f"{len(hs)} heroes in {heroes_dir()}")
    rows = []
    for h in hs:
        sk = ", ".join(f"{s.name} ({s.health})" + (f" x{s.count}" if s.count > 1 else "") for s in h.sidekicks) or "-"
        health = f"{h.hero.health}" + (f" x{h.hero.count}" if h.hero.count > 1 else "")   # the Sisters
        rows.append((h.id, h.name, h.set or "-", health, str(h.move), "ranged" if h.hero.ranged else "melee", sk,
                     str(h.deck_size), h.ability.name))
    head = ("id", "name", "set", "health", "move", "attack", "sidekicks", "cards", "ability")
    width = [max(len(r[k]) for r in rows + [head]) for k in range(len(head))]
    right = {3, 4, 7}
    for r in [head] + rows:
        cells = [c.rjust(width[k]) if k in right else c.ljust(width[k]) for k, c in enumerate(r)]
        click.echo("  " + "  ".join(cells).rstrip())


@click.command("boards")
def boards_cmd():
    """List the battlefields available."""
    from unmatched_sim.data.catalog import all_boards

    for b in all_boards():
        edges = sum(len(a) for a in b.adjacent) // 2
        features = []
        if any(b.move_edges[s] != tuple(sorted(b.adjacent[s])) for s in range(b.size)):
            features.append("one-way paths / secret passages")
        if b.conveyors:
            features.append("conveyor belt")
        starts = ", ".join(f"{n}={b.labels[s]}" for n, s in sorted(b.starts.items()))
        click.echo(f"  {b.id:<12} {b.name:<16} {b.size} spaces, {edges} paths, {len(b.zone_names)} zones; "
                   f"starts {starts}" + (f"; {', '.join(features)}" if features else ""))


@click.command("policies")
def policies_cmd():
    """List the AI policies and their parameters (use as --policy NAME:key=value,key=value)."""
    from unmatched_sim.policies import POLICIES

    width = max(len(n) for n in POLICIES)
    for name, cls in POLICIES.items():
        click.echo(f"  {name:<{width}}  {cls.summary}")
        pw = max((len(f"{k}={v}") for k, v in cls.params.items()), default=0)
        for k, v in cls.params.items():
            helptext = cls.param_help.get(k, "")
            click.echo(f"  {'':<{width}}    {f'{k}={v}':<{pw}}" + (f"  {helptext}" if helptext else "").rstrip())
    click.echo("  e.g. --policy greedy:aggression=0.9 --policy-b ismcts:iterations=400; "
               "writing your own: docs/policies.md")


@click.command("villains")
def villains_cmd():
    """List the co-op villains, minions and Amazing Events (Tales to Amaze), and which can be
    played: a file without its cards holds the rulebook's facts only (docs/coop.md)."""
    from unmatched_sim.coop.data import EnemyDef, all_content, villains_dirs

    items = all_content()
    click.echo(f"{len(items)} villain, minion and event files in "
               f"{', '.join(str(d) for d in villains_dirs())}")
    rows = []
    for it in items:
        if isinstance(it, EnemyDef):
            health = f"{it.health}/player" if it.kind == "villain" else str(it.health)
            cards = str(sum(c.copies for c in it.cards)) if it.cards else "-"
            state = "playable" if it.playable else "facts only: enter its cards" if not it.cards \
                else "incomplete: needs " + ("a move value" if it.move is None else "a threat track")
            rows.append((it.id, it.kind, it.name, health, str(it.move) if it.move is not None else "?",
                         cards, state + (" (example, not official)" if it.example else "")))
        else:
            rows.append((it.id, "event", it.name, "", "", "",
                         "in force all game" + (" (example, not official)" if it.example else "")))
    head = ("id", "kind", "name", "health", "move", "cards", "")
    width = [max(len(r[k]) for r in rows + [head]) for k in range(len(head))]
    for r in [head] + rows:
        click.echo("  " + "  ".join(c.ljust(width[k]) for k, c in enumerate(r)).rstrip())
