"""How the reports and the commands write numbers and heroes: rates as percentages, intervals,
differences in points, counts, heroes by their display names, and the log's codes in words
(``source_label``).

One rounding rule for everything a reader sees: ``rounded`` (decimal, half up: 32.5 -> 33, 96.25
-> 96.3). Every table, chart label, finding and verdict sentence formats through these functions,
so one number reads the same wherever it is shown (a matchup's table and its verdict, the
headroom table and its sentence). Importing this module loads no plotting library, so the
commands use it too."""

from __future__ import annotations

import numbers

from unmatched_sim.stats import round_half_up


def rounded(x: float, digits: int = 1) -> str:
    """``x`` to ``digits`` decimals, rounded half up (not Python's round-half-to-even, nor the
    binary float's own digits: 0.9625 -> "96.3" as a percentage, never "96.2")."""
    x = float(x)                  # numpy's and polars' numbers too
    if x != x or x in (float("inf"), float("-inf")):
        return "–"
    text = round_half_up(x, digits)
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text     # no "-0.0"


def pct(x, digits: int = 1) -> str:
    """A rate as a percentage: "33.3%" ("–" for none)."""
    return "–" if x is None else f"{rounded(100 * x, digits)}%"


def pts(x, digits: int = 1) -> str:
    """A difference of two rates, in percentage points: "+4.2 pts"."""
    if x is None:
        return "–"
    text = rounded(100 * x, digits)
    return ("" if text.startswith("-") else "+") + f"{text} pts"


def ci(lo, hi, digits: int = 1) -> str:
    """An interval of rates: "41.2–58.8%"."""
    return "–" if lo is None or hi is None else f"{rounded(100 * lo, digits)}–{rounded(100 * hi, digits)}%"


def num(x, digits: int = 1) -> str:
    """A count with thousands separators, or a number to ``digits`` decimals (half up)."""
    if x is None:
        return "–"
    if isinstance(x, numbers.Integral):          # numpy's integers too
        return f"{int(x):,}"
    text = rounded(float(x), digits)
    whole, dot, frac = text.partition(".")
    sign = "-" if whole.startswith("-") else ""
    return f"{sign}{int(whole.lstrip('-')):,}{dot}{frac}"


def count(n: int, word: str, plural: str | None = None) -> str:
    """"1 matchup", "3 matchups" (``plural`` where adding an s will not do)."""
    return f"{n:,} {word if n == 1 else (plural or word + 's')}"


def percent_axis(x, _pos=None) -> str:
    """A chart's percentage tick ("25%"): matplotlib's ``FuncFormatter`` takes it as it is."""
    return f"{rounded(100 * x, 0)}%"


# --------------------------------------------------------------------------- heroes
def display(hero: str, names: dict[str, str] | None) -> str:
    """A hero's display name ("The Genie") from ``analysis._common.hero_names``, the names the
    reports show; the id where the run records none."""
    return (names or {}).get(hero) or hero


def catalog_names(ids) -> dict[str, str]:
    """Display names of heroes by id from the hero files of the catalogue, for a command that has
    ids and no run to read names from (a hero no longer in the catalogue keeps its id)."""
    from unmatched_sim.data.catalog import find_hero
    from unmatched_sim.errors import UserError
    names = {}
    for h in ids:
        try:
            names[h] = find_hero(h).name
        except UserError:
            pass
    return names


def catalog_board_name(board: str) -> str:
    """A board's name ("Marmoreal") from its file in the catalogue; the id when it is gone."""
    from unmatched_sim.data.catalog import find_board
    from unmatched_sim.errors import UserError
    try:
        return find_board(board).name
    except UserError:
        return board


def opponent_label(opponent: str, names: dict[str, str] | None = None) -> str:
    """Whom a hero played, as a reader names it: "The Genie", "The Genie, Loki" (a table), "Loki +
    Pandora" (a team), "every opponent together" (``all``)."""
    import re
    if opponent == "all":
        return "every opponent together"
    return re.sub(r"[^,+ ]+", lambda m: display(m.group(0), names), opponent).replace("+", " + ")


def even_short(even: float) -> str:
    """An even result as a rate: "50%", "33.3%"."""
    return "50%" if abs(even - 0.5) < 1e-9 else pct(even)


def even_label(even: float) -> str:
    """An even result in words: "50%", or "33.3% (a fair share of 3)"."""
    if abs(even - 0.5) < 1e-9:
        return "50%"
    return f"{even_short(even)} (a fair share of {round(1 / even)})"


def matchup_label(hero: str, opponent: str, names: dict[str, str] | None) -> str:
    """A matchup as a reader names it: "Houdini vs Medusa", a mirror "Houdini mirror"."""
    if hero == opponent:
        return f"{display(hero, names)} mirror"
    return f"{display(hero, names)} vs {display(opponent, names)}"


def strength_pair(a: str, b: str, order: list[str]) -> tuple[str, str]:
    """A matchup's two heroes, the stronger (earlier in ``order``) first."""
    rank = {h: i for i, h in enumerate(order)}
    return (a, b) if rank.get(a, len(order)) <= rank.get(b, len(order)) else (b, a)


def pair_rank(a: str, b: str, order: list[str]) -> tuple[int, int]:
    """Where a matchup sits in strength order: by its stronger hero, then its weaker ("all" first)."""
    if a == "all":
        return (-1, -1)
    rank = {h: i for i, h in enumerate(order)}
    x, y = sorted((rank.get(a, len(order)), rank.get(b, len(order))))
    return (x, y)


def example_anchor(a: str, b: str, order: list[str]) -> str:
    """The id of a matchup's row among the example games (the same for either way round)."""
    x, y = strength_pair(a, b, order)
    return f"games-{x}-{y}"


def pair_label(row: dict, names: dict[str, str] | None) -> str:
    """A team pair as a reader names it: "Dr. Jill Trent + The Genie" (the CSV keeps "a+b" ids)."""
    return f"{display(row['hero_1'], names)} + {display(row['hero_2'], names)}"


def heroes_line(order: list[str], names: dict[str, str]) -> str:
    """A list of heroes: each id (what the commands take) with its display name from
    ``analysis._common.hero_names`` where that is more than the id ("genie (The Genie)"), the name
    alone where it is the id capitalised ("Alice")."""
    return ", ".join(f"{h} ({names[h]})" if names.get(h) and names[h].lower() != h else names.get(h) or h
                     for h in order)



# --------------------------------------------------------------------------- the log's codes
#: readable names of damage sources and end reasons (the log's ids stay in the CSV tables)
SOURCE_LABELS = {"combat": "combat", "card": "card effects", "ability": "hero ability", "spell": "spell",
                 "misery": "misery (Pandora)", "board": "battlefield", "effect": "unnamed effect",
                 "exhaustion": "exhaustion (empty deck)", "misery_bust": "misery bust (Pandora)",
                 "both_heroes_defeated": "both heroes defeated", "turn_limit": "turn limit (draw)",
                 "unknown": "unknown"}


def source_label(s: str) -> str:
    return SOURCE_LABELS.get(s, s.replace("_", " "))


def game_line(r: dict, names: dict[str, str] | None) -> str:
    """One game of ``analysis.games.find_games`` as ``sim games`` prints it: heroes by display
    name with their seats, who went first, the result and how the game ended in words."""
    how = source_label(r["end_reason"] or "unknown")
    if r.get("lineup") is not None and r.get("format") == "coop":      # the heroes together against the villain
        heroes = " + ".join(display(h, names) for h in r["lineup"])
        won = r["winner_hero"] == "+".join(r["lineup"])
        winner = r["winner_hero"] and ("the heroes" if won else f"the villain ({r['winner_hero']})")
        result = (f"no winner after {r['turns']} turns ({how})" if winner is None else
                  f"{winner} won in {r['turns']} turns by {how}")
        return f"{heroes} against the villain, {display(r['first_hero'], names)} first; {result}"
    if r.get("lineup") is not None and r.get("format") in ("ffa", "teams"):
        lu = [display(h, names) for h in r["lineup"]]
        who = (f"{lu[0]} + {lu[1]} (team A) vs {lu[2]} + {lu[3]} (team B)" if r["format"] == "teams"
               else ", ".join(f"{h} ({'abcd'[k]})" for k, h in enumerate(lu)))
        winner = r["winner_hero"] and " and ".join(display(h, names) for h in r["winner_hero"].split("+"))
        tail = ""
    else:
        who = f"{display(r['hero_a'], names)} (a) vs {display(r['hero_b'], names)} (b)"
        winner = r["winner_hero"] and display(r["winner_hero"], names)
        tail = f"; health left {r['health_a']}–{r['health_b']}"
    result = (f"no winner after {r['turns']} turns ({how})" if winner is None else
              f"{winner} won in {r['turns']} turns by {how}")
    return f"{who}, {display(r['first_hero'], names)} first; {result}{tail}"
