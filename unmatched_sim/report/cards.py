"""The report's card statistics: each card's effect on its hero's win rate, in HSReplay's manner
(in the opening hand, drawn by a turn, played), as one sortable, filterable HTML table, a compact
Markdown table, and the findings that name only cards whose effect is clearly non-zero."""

from __future__ import annotations

import html
from dataclasses import dataclass

import polars as pl

from unmatched_sim import analysis as A
from unmatched_sim.analysis.cards import DRAWN_BY_TURN, SMALL, STATS, card_effects, opening_note
from unmatched_sim.report.document import Section
from unmatched_sim.report.format import display, opponent_label, pct
from unmatched_sim.stats import round_half_up

#: findings name at most this many cards (the clearest first); the table holds every one
MAX_NAMED = 6

STAT_LABEL = {"opening": "In opening hand", "drawn": f"Drawn by turn {DRAWN_BY_TURN}", "played": "Played"}
STAT_PROSE = {"opening": "when it is in the opening hand", "drawn": f"when it is drawn by turn {DRAWN_BY_TURN}",
              "played": "when it is played"}


@dataclass
class RawBlock:
    """A block the document renders as given: its own HTML, and its own Markdown."""
    html: str
    markdown: str

    def to_html(self) -> str:
        return self.html

    def to_markdown(self) -> str:
        return self.markdown


def pts(x) -> str:
    """A difference in percentage points, signed: "+4.2", "−1.0" ("–" for none)."""
    if x is None:
        return "–"
    text = round_half_up(100 * x, 1)
    if text in ("0.0", "-0.0"):
        return "0.0"
    return ("+" + text) if not text.startswith("-") else "−" + text[1:]


def against_label(against: str, names: dict[str, str]) -> str:
    """An ``against`` value of ``card_effects`` in display names ("genie, loki" -> "The Genie,
    Loki"; a team "a+b" -> "A + B")."""
    return "all" if against == "all" else opponent_label(against, names)


def card_findings(t: pl.DataFrame, names: dict[str, str]) -> list[str]:
    """The cards whose effect on their hero's win rate is clearly non-zero (the 95% interval
    excludes 0, enough games with and without the card), over every opponent: one line per card,
    each of its clear moments; the opening hand first (dealt before any choice, the nearest to a
    cause), then by how far the interval lies from 0. A single line when there is none."""
    cards = []
    for r in t.filter(pl.col("against") == "all").iter_rows(named=True):
        clear = [s for s in STATS if r[f"{s}_clear"]]
        if not clear:
            continue
        z = max(abs(r[f"{s}_delta"]) / ((r[f"{s}_ci_high"] - r[f"{s}_ci_low"]) / 2 or 1) for s in clear)
        cards.append((STATS.index(clear[0]), -z, r, clear))
    if not cards:
        return [f"No card's effect on its hero's win rate is clearly non-zero in these games: every card's 95% "
                f"interval (in the opening hand, drawn by turn {DRAWN_BY_TURN}, played) includes no effect, or "
                f"rests on fewer than {SMALL} games."]
    cards.sort(key=lambda x: (x[0], x[1]))
    out = []
    for _rank, _z, r, clear in cards[:MAX_NAMED]:
        hero = display(r["hero"], names)
        parts = [f"{pct(r[f'{s}_win_rate'])} {STAT_PROSE[s]} ({pts(r[f'{s}_delta'])} points, "
                 + ("95% interval " if i == 0 else "") + f"{pts(r[f'{s}_ci_low'])} to {pts(r[f'{s}_ci_high'])}, "
                 f"{r[f'{s}_games']:,} of {r['games']:,} games)" for i, s in enumerate(clear)]
        out.append(f"**{hero}'s {r['card']}**: {hero} wins " + ", ".join(parts) + f", against its "
                   f"{pct(r['baseline'])} overall" + (" — the opening hand is dealt before any choice, the nearest to "
                                                      "a cause" if "opening" in clear else
                                                      " — an association, not necessarily the card's doing") + ".")
    if len(cards) > MAX_NAMED:
        out.append(f"{len(cards) - MAX_NAMED} more cards have a clearly non-zero effect; see \"Cards\".")
    return out


_SCRIPT = """<script>
(function () {
  var t = document.getElementById("card-effects");
  var box = document.getElementById("card-filter"), every = document.getElementById("card-opponents");
  function show() {
    var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    t.tBodies[0].querySelectorAll("tr").forEach(function (tr) {
      var text = tr.textContent.toLowerCase();
      var ok = (every.checked || tr.dataset.against === "all")
               && words.every(function (w) { return text.indexOf(w) >= 0; });
      tr.style.display = ok ? "" : "none";
    });
  }
  box.addEventListener("input", show); every.addEventListener("change", show); show();
  // sorting, so the table works standalone; it binds once and marks the table (data-sort-bound),
  // which a page-wide sorter of table.sortable can check to leave it alone
  if (t.dataset.sortBound) return;
  t.dataset.sortBound = "cards";
  t.tHead.querySelectorAll("th").forEach(function (th, i) {
    th.style.cursor = "pointer";
    th.addEventListener("click", function () {
      var asc = th.dataset.dir !== "asc"; th.dataset.dir = asc ? "asc" : "desc";
      var rows = Array.prototype.slice.call(t.tBodies[0].rows);
      function key(tr) { var c = tr.cells[i], v = c.dataset.sort !== undefined ? c.dataset.sort : c.textContent;
                         var n = parseFloat(v); return isNaN(n) ? v.toLowerCase() : n; }
      rows.sort(function (a, b) { var x = key(a), y = key(b);
        if (typeof x !== typeof y) return typeof x === "number" ? -1 : 1;
        return (x < y ? -1 : x > y ? 1 : 0) * (asc ? 1 : -1); });
      rows.forEach(function (r) { t.tBodies[0].appendChild(r); });
    });
  });
})();
</script>"""

_CSS = """<style>
#card-effects { font-size: .8rem; width: 100%; }
#card-effects th, #card-effects td { padding: .2rem .35rem; }
#card-effects td small { color: #666; white-space: nowrap; }
#card-effects td.small, #card-effects td.small small { color: #b0b0b0; }
#card-effects td.up b { color: #1a7f37; } #card-effects td.down b { color: #c62828; }
.card-tools { font-size: .88rem; margin: .6rem 0 0; }
.card-tools input[type=search] { width: 16rem; padding: .15rem .3rem; }
</style>"""


def _cell(r: dict, s: str) -> str:
    d = r[f"{s}_delta"]
    if r[f"{s}_games"] is None:
        return '<td class="r" data-sort="">–</td>'
    if d is None:
        return f'<td class="r small" data-sort="">–<br><small>{r[f"{s}_games"]:,} g</small></td>'
    cls = "r"
    if r[f"{s}_small"]:
        cls += " small"
    elif r[f"{s}_clear"]:
        cls += " up" if d > 0 else " down"
    ci = (f"{pts(r[f'{s}_ci_low'])}…{pts(r[f'{s}_ci_high'])}" if r[f"{s}_ci_low"] is not None else "no interval")
    return (f'<td class="{cls}" data-sort="{100 * d:.3f}"><b>{pts(d)}</b><br>'
            f"<small>{ci} · {r[f'{s}_games']:,} g</small></td>")


def cards_html(t: pl.DataFrame, order: list[str], names: dict[str, str]) -> str:
    rank = {h: i for i, h in enumerate(order)}
    opp_rank = {"all": -1, **rank}
    rows = sorted(t.iter_rows(named=True), key=lambda r: (rank.get(r["hero"], len(rank)), r["hero"],
                                                          opp_rank.get(r["against"], len(rank)), r["against"],
                                                          r["card"]))
    head = ["Hero", "Card", "Against", "Games", "Hero's win rate"] + [STAT_LABEL[s] for s in STATS] + ["Plays / game"]
    out = [_CSS, '<p class="card-tools"><label>Filter <input type="search" id="card-filter" '
           'placeholder="hero, card or opponent"></label> <label><input type="checkbox" id="card-opponents"> '
           "show each opponent apart</label> · click a heading to sort</p>",
           '<table class="sortable" id="card-effects"><thead><tr>'
           + "".join(f'<th class="{"l" if i < 3 else "r"}">{html.escape(h)}</th>' for i, h in enumerate(head))
           + "</tr></thead><tbody>"]
    for r in rows:
        out.append(f'<tr data-against="{"all" if r["against"] == "all" else "one"}">'
                   f'<td class="l">{html.escape(display(r["hero"], names))}</td>'
                   f'<td class="l">{html.escape(r["card"])}</td>'
                   f'<td class="l">{html.escape(against_label(r["against"], names))}</td>'
                   f'<td class="r" data-sort="{r["games"]}">{r["games"]:,}</td>'
                   f'<td class="r" data-sort="{100 * r["baseline"]:.3f}">{pct(r["baseline"])}</td>'
                   + "".join(_cell(r, s) for s in STATS)
                   + f'<td class="r">{r["plays_per_game"]:.2f}</td></tr>')
    out.append("</tbody></table>")
    out.append(_SCRIPT)
    return "\n".join(out)


def cards_markdown(t: pl.DataFrame, order: list[str], names: dict[str, str]) -> str:
    """Every opponent together; the HTML table also has each opponent apart."""
    def cell(r, s):
        if r[f"{s}_delta"] is None:
            return "–"
        text = f"{pts(r[f'{s}_delta'])} [{pts(r[f'{s}_ci_low'])}, {pts(r[f'{s}_ci_high'])}] n={r[f'{s}_games']:,}"
        return f"({text})" if r[f"{s}_small"] else (f"**{text}**" if r[f"{s}_clear"] else text)
    rank = {h: i for i, h in enumerate(order)}
    lines = ["| Hero | Card | Games | Win rate | " + " | ".join(STAT_LABEL[s] for s in STATS) + " |",
             "|:---|:---|---:|---:|" + "---:|" * len(STATS)]
    for r in sorted(t.filter(pl.col("against") == "all").iter_rows(named=True),
                    key=lambda r: (rank.get(r["hero"], len(rank)), r["card"])):
        lines.append(f"| {display(r['hero'], names)} | {r['card']} | {r['games']:,} | {pct(r['baseline'])} | "
                     + " | ".join(cell(r, s) for s in STATS) + " |")
    return "\n".join(lines)


def cards_section(run: A.Run, order: list[str], names: dict[str, str]) -> tuple[Section, list[str]]:
    """The "Cards" section and the findings it supports."""
    t = card_effects(run)
    note = opening_note(run)
    intro = (
        "Each card's effect on its hero's win rate, in three moments: **in the opening hand** (dealt before any "
        f"choice: the closest to a cause), **drawn by turn {DRAWN_BY_TURN}** (in the opening hand or drawn by the "
        f"end of game turn {DRAWN_BY_TURN}, every player's turn counted) and **played** (at least once, as an "
        "attack, defense, scheme or BOOST). Each cell is the hero's win rate in those games minus its win rate "
        "in all its games (its baseline), in percentage points, with a 95% interval and the number of games (g). "
        "Green and red: an effect whose interval excludes 0; grey: fewer than "
        f"{SMALL} games with the card or without it — too few to read. Played and drawn are associations, not "
        "causes: a card held back for the finishing blow, or drawn more in long games, looks better or worse "
        "than it is. Mirror matches are left out. "
        f"Opening hands: {note}.")
    blocks: list = [intro,
                    RawBlock(cards_html(t, order, names), cards_markdown(t, order, names)),
                    "The difference from the baseline is (1 − f)·(win rate with − win rate without), f the share of "
                    "games with the card; its interval is the normal interval of that difference with the variance "
                    "clustered by seed (the seatings of a seed share their deals). Every opponent apart, and the "
                    "usage counts (drawn, played as attack, defense, scheme or BOOST, discarded, damage per play), "
                    "are in `tables/card_effects.csv` and `tables/cards.csv` (ids). Python: "
                    "`analysis.card_effects(run)`, `analysis.cards(run)`."]
    if t.height == 0:
        blocks = ["No card was drawn or played by a hero in these games, so there are no card statistics."]
    return Section("cards", "Cards", blocks), (card_findings(t, names) if t.height else [])
