"""A small document model, rendered both as HTML (``index.html``) and Markdown (``summary.md``)
so the two always say the same thing; and the report folder they are written into.

The HTML page is self-contained: given the folder its charts were saved in, it carries each chart
inline (the SVG as a data URI; the PNG and SVG files stay beside it for slides), and one small
inline script sorts every ``sortable`` table by the header clicked. No network, no CDN.

Text blocks are plain text with three inline marks: ``**bold**``, ```code``` and a link within the
page, ``[text](#anchor)``.
"""

from __future__ import annotations

import base64
import html
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from unmatched_sim.errors import UserError

MARKER = "unmatched-sim report"          # in index.html: tells a report folder from any other


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]
    caption: str = ""
    align: str = ""            # one letter per column: l or r (default: first l, rest r)
    note: str = ""
    # A grid as wide as it is tall (the win-rate matrix of 18 heroes): in HTML, small type, the
    # column headers turned upright, a cell's lines ("\n": a value, then its details) stacked and
    # the row headers kept in view; it scrolls sideways only when it still does not fit. Markdown
    # writes a cell's lines as "value (detail, detail)".
    grid: bool = False
    # In HTML, a click on a column header sorts the rows by that column (numbers as numbers).
    sortable: bool = False
    # In HTML, an anchor per row (a link "[text](#id)" elsewhere in the page jumps to it); "" for none.
    row_ids: list[str] | None = None


@dataclass
class Chart:
    name: str                  # file stem: name.png, name.svg
    alt: str
    caption: str


@dataclass
class Section:
    id: str
    title: str
    blocks: list = field(default_factory=list)     # str | Table | Chart | list[str] (bullets)


@dataclass
class Document:
    title: str
    subtitle: str
    inputs: Table
    findings: list[str]
    sections: list[Section]
    left_out: list[tuple[str, str]]                 # (section title, why)
    footer: str = ""


# --------------------------------------------------------------------------- inline marks
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"\[([^\]\n]+)\]\((#[A-Za-z0-9_-]+)\)")     # within the page only


def _inline_html(text: str) -> str:
    out = html.escape(text, quote=False)
    out = _CODE.sub(lambda m: f"<code>{m.group(1)}</code>", out)
    out = _LINK.sub(lambda m: f'<a href="{m.group(2)}">{m.group(1)}</a>', out)
    return _BOLD.sub(lambda m: f"<strong>{m.group(1)}</strong>", out)


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


# --------------------------------------------------------------------------- HTML
CSS = """
body { font-family: -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
       color: #222; max-width: 1060px; margin: 0 auto; padding: 1.5rem 1.5rem 4rem; line-height: 1.5; }
h1 { font-size: 1.7rem; margin-bottom: .2rem; }
h2 { font-size: 1.3rem; margin-top: 2.6rem; border-bottom: 1px solid #ddd; padding-bottom: .3rem; }
.subtitle { color: #555; margin-top: 0; }
nav { background: #f6f8fa; border: 1px solid #e3e6ea; border-radius: 6px; padding: .6rem 1rem; margin: 1rem 0; }
nav ol { margin: .2rem 0; padding-left: 1.3rem; columns: 2; }
.findings { background: #fffbea; border: 1px solid #f0e2a8; border-radius: 6px; padding: .6rem 1.2rem; }
.findings li { margin: .25rem 0; }
.leftout { background: #f4f4f4; border-left: 4px solid #aaa; padding: .5rem 1rem; color: #444; }
figure { margin: 1.2rem 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { color: #444; font-size: .92rem; margin-top: .4rem; }
figcaption .files { color: #888; font-size: .85rem; }
table { border-collapse: collapse; margin: .8rem 0 .3rem; font-size: .9rem; }
caption { caption-side: top; text-align: left; font-weight: 600; padding-bottom: .3rem; }
th, td { padding: .25rem .6rem; border-bottom: 1px solid #e5e5e5; }
th { background: #f6f8fa; text-align: left; }
td.r, th.r { text-align: right; font-variant-numeric: tabular-nums; }
tr:nth-child(even) td { background: #fbfbfb; }
.note { color: #666; font-size: .86rem; margin-top: 0; }
code { background: #f3f3f3; padding: 0 .25rem; border-radius: 3px; font-size: .88em; }
.wide { overflow-x: auto; }
table.grid { font-size: .74rem; line-height: 1.25; }
table.grid th, table.grid td { padding: .2rem .3rem; white-space: nowrap; }
table.grid td.r small { color: #666; }
table.grid thead th { vertical-align: bottom; }
table.grid thead th.up span { writing-mode: vertical-rl; transform: rotate(180deg); }
table.grid tbody td:first-child { position: sticky; left: 0; background: #f6f8fa; font-weight: 600; }
table.sortable th { cursor: pointer; user-select: none; }
table.sortable th:empty::after { content: none; }
table.sortable th::after { content: "\\00a0\\2195"; color: #bbb; font-size: .8em; }
table.sortable th[aria-sort="ascending"]::after { content: "\\00a0\\25B2"; color: #444; }
table.sortable th[aria-sort="descending"]::after { content: "\\00a0\\25BC"; color: #444; }
tr:target td { background: #fff3b0; }
table.grid td a { color: #0b57a4; text-decoration: underline dotted; display: block; }
table.grid td a:hover { text-decoration: underline; }
footer { margin-top: 3rem; color: #777; font-size: .85rem; border-top: 1px solid #ddd; padding-top: .6rem; }
"""


#: sorts a ``table.sortable`` by the clicked header: numbers (the first number in a cell, so
#: "48.3% (41–56%)" sorts by 48.3; "–" last) as numbers, anything else as text; a second click reverses
SORT_SCRIPT = """
document.querySelectorAll("table.sortable").forEach(function (t) {
  if (t.dataset.sortBound) return;     // a table with its own sorter (the card table)
  t.dataset.sortBound = "page";
  var heads = t.tHead.rows[0].cells;
  function key(td) {
    var s = td.textContent.trim(), m = s.replace(/,/g, "").match(/^[^0-9+\\u2212-]*([+\\u2212-]?[0-9]+(\\.[0-9]+)?)/);
    if (s === "" || s === "\\u2013" || s === "-") return [2, ""];
    return m ? [0, parseFloat(m[1].replace("\\u2212", "-"))] : [1, s.toLowerCase()];
  }
  Array.prototype.forEach.call(heads, function (th, i) {
    th.title = "sort by this column";
    th.addEventListener("click", function () {
      var asc = th.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", asc ? "ascending" : "descending");
      var body = t.tBodies[0], rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = key(a.cells[i]), y = key(b.cells[i]);
        if (x[0] !== y[0]) return x[0] - y[0];
        var d = x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0;
        return asc ? d : -d;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
});
"""


def _html_table(t: Table) -> str:
    align = t.align or ("l" + "r" * (len(t.header) - 1))

    def cls(i: int, up: bool = False) -> str:
        return (align[i] if i < len(align) else "r") + (" up" if up else "")

    def head(i: int, h: str) -> str:
        up = t.grid and i > 0
        text = f"<span>{_inline_html(h)}</span>" if up else _inline_html(h)
        return f'<th class="{cls(i, up)}">{text}</th>'

    def cell(c: str) -> str:
        first, *rest = c.split("\n") if t.grid else [c]
        return _inline_html(first) + "".join(f"<br><small>{_inline_html(x)}</small>" for x in rest)

    classes = " ".join(c for c, on in (("grid", t.grid), ("sortable", t.sortable)) if on)
    tag = f'<table class="{classes}">' if classes else "<table>"
    out = [f'<div class="wide">{tag}' if t.grid else tag]
    if t.caption:
        out.append(f"<caption>{_inline_html(t.caption)}</caption>")
    out.append("<thead><tr>" + "".join(head(i, h) for i, h in enumerate(t.header)) + "</tr></thead><tbody>")
    ids = t.row_ids or []
    for k, row in enumerate(t.rows):
        rid = ids[k] if k < len(ids) else ""
        out.append((f'<tr id="{html.escape(rid)}">' if rid else "<tr>")
                   + "".join(f'<td class="{cls(i)}">{cell(c)}</td>' for i, c in enumerate(row)) + "</tr>")
    out.append("</tbody></table></div>" if t.grid else "</tbody></table>")
    if t.note:
        out.append(f'<p class="note">{_inline_html(t.note)}</p>')
    return "\n".join(out)


def _chart_src(name: str, assets: Path | None) -> str:
    """The chart's SVG inline as a data URI when its file is in ``assets``; else the file's name."""
    path = assets / f"{name}.svg" if assets is not None else None
    if path is not None and path.exists():
        return "data:image/svg+xml;base64," + base64.b64encode(path.read_bytes()).decode("ascii")
    return f"{name}.svg"


def _html_block(b, assets: Path | None = None) -> str:
    if hasattr(b, "to_html"):          # a block that renders itself (an interactive table)
        return b.to_html()
    if isinstance(b, Table):
        return _html_table(b)
    if isinstance(b, Chart):
        return (f'<figure id="fig-{b.name}"><img src="{_chart_src(b.name, assets)}" alt="{html.escape(b.alt)}">'
                f'<figcaption>{_inline_html(b.caption)} '
                f'<span class="files">(<a href="{b.name}.png">PNG</a> · <a href="{b.name}.svg">SVG</a>)</span>'
                f"</figcaption></figure>")
    if isinstance(b, list):
        return "<ul>" + "".join(f"<li>{_inline_html(x)}</li>" for x in b) + "</ul>"
    return f"<p>{_inline_html(b)}</p>"


def render_html(doc: Document, assets: Path | None = None) -> str:
    """The page. ``assets``: the folder the charts were saved in; each found there is carried
    inline, so the page alone is the whole report (offline, mailed, moved)."""
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f'<meta name="generator" content="{MARKER}">',
             f"<title>{html.escape(doc.title)}</title><style>{CSS}</style></head><body>",
             f"<h1>{html.escape(doc.title)}</h1>", f'<p class="subtitle">{_inline_html(doc.subtitle)}</p>']
    parts.append('<nav><strong>Contents</strong><ol><li><a href="#findings">At a glance</a></li>'
                 '<li><a href="#inputs">What was simulated</a></li>'
                 + "".join(f'<li><a href="#{s.id}">{html.escape(s.title)}</a></li>' for s in doc.sections)
                 + "</ol></nav>")
    parts.append('<h2 id="findings">At a glance</h2><div class="findings"><ul>'
                 + "".join(f"<li>{_inline_html(f)}</li>" for f in doc.findings) + "</ul></div>")
    if doc.left_out:
        parts.append('<p class="leftout">' + "<br>".join(
            f"<strong>Left out: {html.escape(t)}</strong> — {_inline_html(why)}" for t, why in doc.left_out) + "</p>")
    parts.append('<h2 id="inputs">What was simulated</h2>' + _html_table(doc.inputs))
    for s in doc.sections:
        parts.append(f'<section><h2 id="{s.id}">{html.escape(s.title)}</h2>')
        parts.extend(_html_block(b, assets) for b in s.blocks)
        parts.append("</section>")
    if doc.footer:
        parts.append(f"<footer>{_inline_html(doc.footer)}</footer>")
    parts.append(f"<script>{SORT_SCRIPT}</script>")      # any table.sortable, ours or a section's own HTML
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"



# --------------------------------------------------------------------------- Markdown
def _md_table(t: Table) -> str:
    align = t.align or ("l" + "r" * (len(t.header) - 1))
    out = []
    if t.caption:
        out.append(f"**{t.caption}**\n")
    out.append("| " + " | ".join(_md_cell(h) for h in t.header) + " |")
    out.append("|" + "|".join(("---:" if (align[i] if i < len(align) else "r") == "r" else ":---")
                              for i in range(len(t.header))) + "|")
    def cell(c: str) -> str:
        first, *rest = c.split("\n") if t.grid else [c]
        return _md_cell(first + (f" ({', '.join(rest)})" if rest else ""))

    for row in t.rows:
        out.append("| " + " | ".join(cell(c) for c in row) + " |")
    if t.note:
        out.append(f"\n{t.note}")
    return "\n".join(out)


def _md_block(b) -> str:
    if hasattr(b, "to_markdown"):
        return b.to_markdown()
    if isinstance(b, Table):
        return _md_table(b)
    if isinstance(b, Chart):
        return f"![{b.alt}]({b.name}.png)\n\n*{b.caption}*"
    if isinstance(b, list):
        return "\n".join(f"- {x}" for x in b)
    return b


def render_markdown(doc: Document) -> str:
    parts = [f"# {doc.title}", "", doc.subtitle, "", "## At a glance", ""]
    parts += [f"- {f}" for f in doc.findings]
    if doc.left_out:
        parts.append("")
        parts += [f"> **Left out: {t}** — {why}" for t, why in doc.left_out]
    parts += ["", "## What was simulated", "", _md_table(doc.inputs)]
    for s in doc.sections:
        parts += ["", f"## {s.title}", ""]
        for b in s.blocks:
            parts += [_md_block(b), ""]
    if doc.footer:
        parts += ["", "---", doc.footer]
    # links within the HTML page have no target in Markdown: their text stays
    return _LINK.sub(r"\1", "\n".join(parts).rstrip()) + "\n"


# --------------------------------------------------------------------------- the report folder
def prepare_out(out: Path) -> Path:
    """Refuse to write into a folder that holds something other than a report; returns the
    temporary folder the report is built in (moved into place at the end)."""
    if out.exists():
        if not out.is_dir():
            raise UserError(f"--out {out} exists and is not a directory; choose another --out")
        if (out / "sweep.json").exists():        # a sweep's page is a report, its runs are not
            raise UserError(f"--out {out} is a sweep folder; choose another --out (nothing was written)")
        if any(out.iterdir()):
            index = out / "index.html"
            is_report = index.exists() and MARKER in index.read_text(errors="replace")[:2000]
            if not is_report:
                raise UserError(f"--out {out} is a non-empty directory that is not a report; "
                                "choose another --out (nothing was written)")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.parent / f".{out.name}.tmp-{os.getpid()}"
        if tmp.exists():
            shutil.rmtree(tmp)
        tmp.mkdir()
    except OSError as e:
        raise UserError(f"cannot write the report to {out}: {e.strerror or e}") from None
    return tmp
