"""How the reports write numbers and heroes: rates as percentages (rounded half up), intervals,
differences in points, counts, and heroes by their display names. Every report module formats
through these, so one number reads the same in every section."""

from __future__ import annotations

from unmatched_sim.stats import round_half_up


def pct(x, digits: int = 1) -> str:
    """A rate as a percentage: "33.3%" ("–" for none)."""
    # rounded half up (32.5% -> 33%), not Python's round-half-to-even, so 32.5/67.5 give 33/68
    return "–" if x is None else f"{round_half_up(100 * x, digits)}%"


def pts(x) -> str:
    """A difference of two rates, in percentage points."""
    return "–" if x is None else ("+" if x >= 0 else "") + f"{round_half_up(100 * x, 1)} pts"


def ci(lo, hi, digits: int = 1) -> str:
    """An interval of rates: "41.2–58.8%"."""
    return "–" if lo is None or hi is None else f"{round_half_up(100 * lo, digits)}–{round_half_up(100 * hi, digits)}%"


def num(x, digits: int = 1) -> str:
    """A count with thousands separators, or a number to ``digits`` decimals."""
    if x is None:
        return "–"
    if isinstance(x, int):
        return f"{x:,}"
    return f"{x:,.{digits}f}"


def display(hero: str, names: dict[str, str] | None) -> str:
    """A hero's display name ("The Genie") from ``analysis._common.hero_names``, the names the
    reports show; the id where the run records none."""
    return (names or {}).get(hero) or hero


def pair_label(row: dict, names: dict[str, str] | None) -> str:
    """A team pair as a reader names it: "Dr. Jill Trent + The Genie" (the CSV keeps "a+b" ids)."""
    return f"{display(row['hero_1'], names)} + {display(row['hero_2'], names)}"


def heroes_line(order: list[str], names: dict[str, str]) -> str:
    """A list of heroes: each id (what the commands take) with its display name from
    ``analysis._common.hero_names`` where that is more than the id ("genie (The Genie)")."""
    return ", ".join(f"{h} ({names[h]})" if names.get(h) and names[h].lower() != h else h for h in order)
