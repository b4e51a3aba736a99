"""``sim replay --html``: one game as a single self-contained HTML file for debugging it.

The board is drawn from its board file (spaces, zones as colours, paths; laid out by
``board_layout``), with the fighters on it as each turn's first choice is made and at the end
(a turn slider); per turn the players' health, hand, deck and discard pile (and with ``--hands``
the cards in hand), the turn's story, why each combat came out as it did (each side's value
built up from its named parts) and, with ``--explain``, every decision with the AI's score of each
option. Everything is inline — styles, script, data — so the file works offline.

``replay_data`` is the data the page shows (also embedded in it as JSON, ``#replay-data``);
``combat_breakdowns`` reads the combats from the events alone.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from unmatched_sim.replay import space_zones
from unmatched_sim.report.board_layout import layout
from unmatched_sim.story import end_words, origin, tell

PLAYER_COLOURS = {"a": "#b3261e", "b": "#1d4ed8", "c": "#15803d", "d": "#7e22ce"}
# Zone names are colours in the shipped boards; any other name takes the next of these.
ZONE_PALETTE = ["#e6ab02", "#66a61e", "#7570b3", "#e7298a", "#1b9e77", "#d95f02", "#a6761d", "#666666"]
CSS_ZONES = {"gray": "#9ca3af", "grey": "#9ca3af", "yellow": "#facc15", "green": "#4ade80", "blue": "#60a5fa",
             "red": "#f87171", "violet": "#c084fc", "purple": "#a855f7", "brown": "#b45309", "orange": "#fb923c",
             "pink": "#f472b6", "white": "#e5e7eb", "black": "#374151", "teal": "#2dd4bf", "cyan": "#22d3ee"}
W, H, PAD = 900, 560, 40


# ---------------------------------------------------------------------- the data
def zone_colours(board) -> dict[str, str]:
    out, k = {}, 0
    for z in board.zone_names:
        if z.lower() in CSS_ZONES:
            out[z] = CSS_ZONES[z.lower()]
        else:
            out[z] = ZONE_PALETTE[k % len(ZONE_PALETTE)]
            k += 1
    return out


def board_data(board) -> dict:
    pos = layout(board)
    starts = {s: n for n, s in board.starts.items()}
    spaces = []
    for s, label in enumerate(board.labels):
        x, y = pos[label]
        spaces.append({"id": label, "x": round(PAD + x * (W - 2 * PAD), 1), "y": round(PAD + y * (H - 2 * PAD), 1),
                       "zones": space_zones(board, s),
                       "start": starts.get(s)})
    paths = sorted({tuple(sorted((board.labels[s], board.labels[t]))) for s, near in enumerate(board.adjacent)
                    for t in near})
    return {"id": board.id, "name": board.name, "spaces": spaces, "paths": [list(p) for p in paths],
            "zones": zone_colours(board)}


def _side_of_attack(events: list[dict], i: int) -> tuple[str, str | None]:
    """(attacker's player, defender's player) of the ``attack`` row ``i``."""
    att = events[i]["player"]
    for e in events[i + 1:]:
        if e["kind"] in ("reveal", "no_defense") and e["player"] != att:
            return att, e["player"]
        if e["kind"] in ("combat_result", "turn_start"):
            break
    return att, None


ANY_ROLE = "any"          # an ability's combat-value hook: either card's value
#: the effect ops that change a combat card's value (engine/effects.py ``CardValueOp`` and the swap)
VALUE_OPS = ("set_value", "add_value", "subtract_value", "ignore_value", "swap_values")


def _value_targets(op) -> set[str]:
    """Whose card value ``op`` (and the ops nested in it) may change: "self", "opponent"."""
    out = set()
    if getattr(op, "NAME", None) in VALUE_OPS:
        out |= {"self", "opponent"} if op.NAME == "swap_values" else {getattr(op, "card", None) or "self"}
    for v in getattr(op, "__dict__", {}).values():
        for o in (v if isinstance(v, (list, tuple)) else [v]):
            if hasattr(o, "NAME"):
                out |= _value_targets(o)
    return out


#: the timings whose effects resolve before combat damage (so may change the values)
VALUE_TIMINGS = ("immediately", "during_combat")


def value_cards(heroes) -> dict[str, set[str]]:
    """Card name -> whose combat value its effects may change: "self" for any card with effects
    before combat damage (they add to its value in many ways: value ops, a revealed card's BOOST,
    a hero's own effect), "opponent" for one whose value ops act on the other card."""
    out: dict[str, set[str]] = {}
    for hero in heroes.values():
        for card in hero.cards:
            for timing in VALUE_TIMINGS:
                for op in card.effects.get(timing, ()):
                    out.setdefault(card.name, set()).update({"self"} | _value_targets(op))
    return out


def combat_breakdowns(events: list[dict], abilities: dict[str, str], cards: dict[str, set[str]] | None = None,
                      value_abilities: dict[str, set[str]] | None = None) -> list[dict]:
    """Each combat of ``events`` (an ``attack`` row to its ``combat_result``): per side, the
    value as revealed and each part added to it, named — the card's printed value, each BOOST,
    a turn's attack bonus (Toil), a gadget's BOOST — and whatever else card effects and abilities
    made of it (the difference to the final value: the log does not split it), named by what may
    have made it: a card in the combat whose effects change that value (``cards``: name -> "self"
    / "opponent", see ``value_cards``) and an ability of that side that changes combat values
    (``value_abilities``: player -> roles); with what was cancelled, swapped or locked, and the
    outcome."""
    out = []
    bonus: dict[str, list] = {}             # this turn's attack bonuses, by player
    for i, e in enumerate(events):
        kind = e["kind"]
        if kind == "turn_start":
            bonus = {}
        elif kind == "attack_bonus":
            bonus.setdefault(e["player"], []).append((e.get("card") or "an attack bonus", e.get("amount") or 0))
        if kind != "attack":
            continue
        att_p, def_p = _side_of_attack(events, i)
        sides = {"attack": _side(e["fighter"], att_p), "defense": _side(e["target"], def_p)}
        for name, n in bonus.get(att_p, []):
            sides["attack"]["parts"].append({"what": f"attack bonus this turn ({name})", "value": n})
        notes, result = [], None
        for f in events[i + 1:]:
            k = f["kind"]
            if k in ("attack", "turn_start", "action"):
                break
            if result is not None and k != "boost_cancelled":     # after the damage, only a face-down
                continue                                            # BOOST's end still concerns the values
            if k == "reveal":
                role = "attack" if f["detail"] == "attack" else "defense"
                side = sides[role]
                side["fighter"] = f["fighter"]
                side["card"] = f["card"]
                side["parts"] = [p for p in side["parts"] if p.get("kind") != "card"]
                side["parts"].insert(0, {"what": f"card value ({f['card']})", "value": f["amount"] or 0, "kind": "card"})
            elif k == "no_defense":
                notes.append(f"{f['fighter']} plays no defense card")
            elif k == "boost" and f.get("detail") in ("combat", "face_down"):
                role = "attack" if f["player"] == att_p else "defense"
                sides[role]["parts"].append({"what": f"BOOST ({f['card']})", "value": f["amount"] or 0})
            elif k == "boost_cancelled":        # a face-down BOOST whose attack card was cancelled
                parts = sides["attack"]["parts"]
                gone = next((p for p in parts if p["what"] == f"BOOST ({f['card']})"), None)
                if gone is not None:
                    parts.remove(gone)
                notes.append(f"the face-down BOOST {f['card']} is discarded without effect")
            elif k == "gadget_used" and f.get("amount"):
                what = (f.get("detail") or "gadget").replace("_", " ")
                sides["attack"]["parts"].append({"what": f"{what} BOOST", "value": f["amount"]})
            elif k == "cancel":
                notes.append(f"{f['detail']} cancels the effects of {f['card']}")
                for side in sides.values():
                    if side.get("card") == f["card"]:
                        side["cancelled"] = True
            elif k == "swap_values":
                notes.append(f"{f.get('card') or 'an effect'} swaps the values: attack {f['amount']}, defense {f['value']}")
            elif k == "value_lock":
                notes.append(f"{_who(f)} card values are locked at {f['amount']}")
            elif k == "combatant_changed":
                notes.append(f"{f['fighter']} is now in the combat")
            elif k == "combat_result":
                result = f
        if result is None:
            continue
        a, d = (int(x) for x in str(result["detail"]).split("-")[:2])
        for (role, side), final, player in ((("attack", sides["attack"]), a, att_p),
                                             (("defense", sides["defense"]), d, def_p)):
            known = sum(p["value"] for p in side["parts"])
            if final != known:
                other = sides["defense" if role == "attack" else "attack"]
                by = _value_makers(side, other, player, role, abilities, cards, value_abilities)
                side["parts"].append({"what": "card effects and abilities"
                                      + (f" ({' or '.join(by)})" if by else "")
                                      + ("; values the card ignores count 0" if final < known else ""),
                                      "value": final - known})
            side["value"] = final
            for p in side["parts"]:
                p.pop("kind", None)
        winner = result["fighter"]
        out.append({"turn": e["turn"], "event": i, "kind": e.get("detail"), "attack": sides["attack"],
                    "defense": sides["defense"], "damage": result["amount"] or 0, "winner": winner,
                    "notes": notes})
    return out


def _value_makers(side: dict, other: dict, player, role: str, abilities: dict, cards, value_abilities) -> list[str]:
    """What may have changed a side's value beyond its named parts (see ``combat_breakdowns``);
    without ``cards`` and ``value_abilities``, its own card and its hero's ability."""
    if cards is None or value_abilities is None:
        by = [f"{side['card']}'s effects"] if side.get("card") and not side.get("cancelled") else []
        return by + ([f"the ability {abilities[player]}"] if player in abilities else [])
    by = []
    if side.get("card") and not side.get("cancelled") and "self" in cards.get(side["card"], ()):
        by.append(f"{side['card']}'s effects")
    if other.get("card") and not other.get("cancelled") and "opponent" in cards.get(other["card"], ()):
        by.append(f"{other['card']}'s effects")
    if player in abilities and role in value_abilities.get(player, ()):
        by.append(f"the ability {abilities[player]}")
    foe = other.get("player")
    if foe in abilities and foe != player and ANY_ROLE in value_abilities.get(foe, ()):
        by.append(f"the ability {abilities[foe]}")
    return by or ["an effect in force"]


def _side(fighter, player) -> dict:
    return {"fighter": fighter, "player": player, "card": None, "parts": [], "value": 0}


def _who(e: dict) -> str:
    return f"{e['player']}'s" if e.get("player") else "the"


def replay_data(r) -> dict:
    """What the page shows, from a ``replay.Replayed``."""
    names, abilities, spaces = r.names, r.abilities, r.spaces
    by_turn: dict[int, list[dict]] = {}
    for e in r.events:
        by_turn.setdefault(e["turn"], []).append(e)
    combats = combat_breakdowns(r.events, abilities, value_cards(r.heroes), r.value_abilities)
    frames = []
    for k, st in enumerate(r.states):
        turn = st["turn"]
        last = st["final"]
        frames.append({
            "turn": turn, "final": last,
            "label": "end of the game" if last else ("setup" if turn == 0 else f"turn {turn}"),
            "active": names.get(st["active"]) if st["active"] else None,
            "fighters": st["fighters"], "players": st["players"],
            "story": [] if last else [x for x in tell(by_turn.get(turn, []), names, r.teams, spaces, abilities)
                                      if x.strip() and not x.startswith("── Turn")],
            "combats": [] if last else [c for c in combats if c["turn"] == turn],
            "decisions": [] if last else [d for d in r.decisions if d["turn"] == turn],
        })
    row = r.row
    damage = [{"turn": e["turn"], "fighter": e["fighter"], "amount": e["amount"], "source": e["detail"],
               "card": e.get("card"), "by": e.get("by_fighter"), "origin": origin({**e, "ability": abilities.get(e.get("by_player"))})}
              for e in r.events if e["kind"] == "damage"]
    return {
        "title": r.header[0], "header": r.header, "checked": r.checked,
        "players": [{"player": p, "name": n, "colour": PLAYER_COLOURS.get(p, "#444")} for p, n in names.items()],
        "board": board_data(r.board), "frames": frames, "damage": damage,
        "result": {"winner": " and ".join(r.heroes[h].name if h in r.heroes else h
                                          for h in (row.get("winner_hero") or "").split("+") if h) or None,
                   "turns": row.get("turns"), "end_reason": row.get("end_reason")},
        "hands": r.hands, "explained": r.explained,
    }


# ---------------------------------------------------------------------- the page
def _e(x) -> str:
    return html.escape(str(x), quote=True)


def _svg_board(b: dict) -> str:
    pos = {s["id"]: (s["x"], s["y"]) for s in b["spaces"]}
    out = [f'<svg id="board" viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img" '
           f'aria-label="{_e(b["name"])}">']
    out.append('<g class="paths">')
    for a, c in b["paths"]:
        (x1, y1), (x2, y2) = pos[a], pos[c]
        out.append(f'<line class="path" data-from="{_e(a)}" data-to="{_e(c)}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    out.append('</g><g class="spaces">')
    for s in b["spaces"]:
        x, y = s["x"], s["y"]
        zones = s["zones"] or [None]
        ring = 18
        parts = [f'<g class="space" data-space="{_e(s["id"])}" data-zones="{_e(" ".join(s["zones"]))}">',
                 f'<title>{_e(s["id"])}: {_e(", ".join(s["zones"]) or "no zone")}'
                 f'{"; start " + str(s["start"]) if s["start"] else ""}</title>']
        for k, z in enumerate(zones):
            colour = b["zones"].get(z, "#ddd") if z else "#ddd"
            parts.append(f'<circle class="zone" data-zone="{_e(z or "")}" cx="{x}" cy="{y}" r="{ring - 4 * k}" '
                         f'fill="{colour}"/>')
        parts.append(f'<circle class="hole" cx="{x}" cy="{y}" r="{max(5, ring - 4 * len(zones) - 1)}" fill="#fff"/>')
        parts.append(f'<text class="label" x="{x}" y="{y + ring + 11}">{_e(s["id"])}'
                     f'{" ★" + str(s["start"]) if s["start"] else ""}</text></g>')
        out.append("".join(parts))
    out.append('</g><g id="tokens"></g></svg>')
    return "\n".join(out)


def _legend(b: dict, players: list[dict]) -> str:
    zones = " ".join(f'<span class="chip" style="background:{c}"></span>{_e(z)}' for z, c in b["zones"].items())
    who = " ".join(f'<span class="chip round" style="background:{p["colour"]}"></span>{_e(p["name"])}'
                   for p in players)
    return f'<p class="legend">Zones: {zones}<br>Players: {who} (large: hero, small: sidekick)</p>'


def _state_table(frame: dict, names: dict[str, str], hands: bool) -> str:
    rows = []
    for p in frame["players"]:
        mine = [f for f in frame["fighters"] if f["player"] == p["player"]]
        fighters = ", ".join(f'{_e(f["name"])} {f["health"]}/{f["max_health"]}'
                             + ("" if f["alive"] else " ✖") for f in mine)
        cells = [_e(names.get(p["player"], p["player"])), fighters, str(p["hand"]), str(p["deck"]), str(p["discard"])]
        if hands:
            cells.append(_e(", ".join(p.get("hand_cards", [])) or "—"))
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    head = ["Player", "Fighters (health)", "Hand", "Deck", "Discard"] + (["Cards in hand"] if hands else [])
    return ('<table class="state"><thead><tr>' + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")


def _combat_html(c: dict) -> str:
    def side(role: str) -> str:
        s = c[role]
        parts = "".join(f'<li><span class="what">{_e(p["what"])}</span> <span class="num">{p["value"]:+d}</span></li>'
                        for p in s["parts"])
        return (f'<div class="side {role}"><b>{"Attack" if role == "attack" else "Defence"}: {_e(s["fighter"])}'
                f'</b> = <span class="total">{s["value"]}</span><ul>{parts}</ul></div>')
    notes = "".join(f"<li>{_e(n)}</li>" for n in c["notes"])
    outcome = (f'{c["damage"]} combat damage; {_e(c["winner"])} wins the combat')
    return (f'<div class="combat" data-event="{c["event"]}">{side("attack")}{side("defense")}'
            f'<p class="outcome">{_e(outcome)}</p>' + (f"<ul class='notes'>{notes}</ul>" if notes else "") + "</div>")


def _decision_html(d: dict, names: dict[str, str]) -> str:
    who = _e(names.get(d["player"], d["player"]))
    if d["scores"]:
        ranked = sorted(d["scores"], key=lambda o: -o[1])
        items = "".join(f'<li class="{"chosen" if o == d["chosen"] else ""}"><span class="opt">{_e(o)}</span> '
                        f'<span class="num">{v:.2f}</span></li>' for o, v in ranked)
        body = f'<ol class="scores">{items}</ol>'
    else:
        items = "".join(f'<li class="{"chosen" if o == d["chosen"] else ""}">{_e(o)}</li>' for o in d["options"])
        body = f'<ul class="options">{items}</ul><p class="muted">(not scored by the policy)</p>'
    return (f'<details class="decision" data-kind="{_e(d["kind"])}"><summary>{who}: '
            f'{_e(d["kind"].replace("_", " "))} → <b>{_e(d["chosen"])}</b></summary>{body}</details>')


def _damage_html(data: dict) -> str:
    """Every point of damage of the game, by what dealt it (totals over the game)."""
    totals: dict[tuple, list] = {}
    for d in data["damage"]:
        key = (d["origin"], d["source"])
        t = totals.setdefault(key, [0, 0, set()])
        t[0] += d["amount"] or 0
        t[1] += 1
        t[2].add(d["fighter"])
    rows = sorted(totals.items(), key=lambda kv: (-kv[1][0], kv[0]))
    body = "".join(f'<tr data-source="{_e(src)}"><td>{_e(org)}</td><td>{_e(src)}</td><td class="num">{n}</td>'
                   f'<td class="num">{k}</td><td>{_e(", ".join(sorted(who)))}</td></tr>'
                   for (org, src), (n, k, who) in rows)
    return ('<details class="damage" open><summary><b>Damage over the whole game, by what dealt it</b></summary>'
            '<table class="state"><thead><tr><th>Dealt by</th><th>Source kind</th><th>Damage</th><th>Times</th>'
            f'<th>Fighters hit</th></tr></thead><tbody>{body}</tbody></table></details>')


def _frame_html(k: int, f: dict, names: dict[str, str], data: dict) -> str:
    parts = [f'<section class="frame" id="frame-{k}" data-frame="{k}" data-turn="{f["turn"]}">',
             f'<h2>{_e(f["label"].capitalize())}' + (f' · {_e(f["active"])}' if f["active"] else "") + "</h2>",
             '<p class="muted">' + ("The state at the end of the game." if f["final"] else
                                    "The state as the turn's first choice is made.") + "</p>",
             _state_table(f, names, data["hands"])]
    if f["combats"]:
        parts.append("<h3>Combats: why they came out as they did</h3>")
        parts += [_combat_html(c) for c in f["combats"]]
    if f["story"]:
        parts.append('<h3>What happened</h3><pre class="story">' + _e("\n".join(f["story"])) + "</pre>")
    if data["explained"] and f["decisions"]:
        parts.append("<h3>Decisions: the options and the AI's scores (higher is better; the choice in bold)</h3>")
        parts += [_decision_html(d, names) for d in f["decisions"]]
    parts.append("</section>")
    return "\n".join(parts)


CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:16px 24px;color:#111;max-width:1240px}
h1{font-size:20px;margin:0 0 4px} h2{font-size:17px;margin:14px 0 2px} h3{font-size:15px;margin:14px 0 4px}
.muted{color:#666;margin:2px 0} .legend{font-size:13px}
.chip{display:inline-block;width:12px;height:12px;margin:0 4px 0 10px;vertical-align:-1px;border:1px solid #0003}
.chip.round{border-radius:50%}
#board{border:1px solid #ddd;background:#fcfcfa;max-width:100%;height:auto}
.path{stroke:#888;stroke-width:2} .label{font-size:10px;text-anchor:middle;fill:#333}
.token circle{stroke:#000;stroke-width:1.5} .token text{font-size:10px;font-weight:700;fill:#fff;text-anchor:middle;dominant-baseline:central}
.controls{margin:8px 0;display:flex;gap:10px;align-items:center} #turn{width:520px}
table.state{border-collapse:collapse;margin:6px 0} .state td,.state th{border:1px solid #ddd;padding:3px 8px;text-align:left}
.state th{background:#f3f4f6}
.combat{border:1px solid #ddd;border-radius:6px;padding:6px 10px;margin:6px 0;display:grid;grid-template-columns:1fr 1fr;gap:4px 20px}
.combat .outcome,.combat .notes{grid-column:1/3;margin:2px 0} .side ul{margin:2px 0 0 0;padding-left:18px}
.num{font-variant-numeric:tabular-nums;color:#333} .total{font-weight:700}
pre.story{background:#f8f8f8;border:1px solid #eee;padding:8px;white-space:pre-wrap;font-size:12.5px}
details.decision{margin:2px 0} .chosen{font-weight:700} ol.scores,ul.options{margin:2px 0 6px}
.frame.hidden{display:none}
"""

JS = """
const data = JSON.parse(document.getElementById('replay-data').textContent);
const pos = {}; for (const s of data.board.spaces) pos[s.id] = [s.x, s.y];
const colour = {}; for (const p of data.players) colour[p.player] = p.colour;
const NS = 'http://www.w3.org/2000/svg';
function show(k) {
  const f = data.frames[k];
  const g = document.getElementById('tokens'); g.replaceChildren();
  for (const x of f.fighters) {
    if (!x.space) continue;
    const [cx, cy] = pos[x.space];
    const t = document.createElementNS(NS, 'g'); t.setAttribute('class', 'token');
    t.setAttribute('data-fighter', x.name);
    const c = document.createElementNS(NS, 'circle');
    c.setAttribute('cx', cx); c.setAttribute('cy', cy); c.setAttribute('r', x.hero ? 13 : 9);
    c.setAttribute('fill', colour[x.player] || '#444'); t.appendChild(c);
    const tx = document.createElementNS(NS, 'text'); tx.setAttribute('x', cx); tx.setAttribute('y', cy);
    tx.textContent = x.name.split(' ').map(w => w[0]).join('').slice(0, 2) + '';
    t.appendChild(tx);
    const ti = document.createElementNS(NS, 'title'); ti.textContent = x.name + ' ' + x.health + '/' + x.max_health;
    t.appendChild(ti); g.appendChild(t);
  }
  document.querySelectorAll('.frame').forEach(s => s.classList.toggle('hidden', +s.dataset.frame !== k));
  document.getElementById('turn-label').textContent = f.label + (f.active ? ' · ' + f.active : '');
  document.getElementById('turn').value = k;
}
const slider = document.getElementById('turn');
slider.addEventListener('input', () => show(+slider.value));
document.getElementById('prev').onclick = () => show(Math.max(0, +slider.value - 1));
document.getElementById('next').onclick = () => show(Math.min(data.frames.length - 1, +slider.value + 1));
document.addEventListener('keydown', e => { if (e.key === 'ArrowLeft') document.getElementById('prev').click();
  if (e.key === 'ArrowRight') document.getElementById('next').click(); });
const start = new URLSearchParams(location.search).get('frame');
show(start !== null ? Math.min(data.frames.length - 1, Math.max(0, +start)) : 0);
"""


def render(data: dict) -> str:
    names = {p["player"]: p["name"] for p in data["players"]}
    res = data["result"]
    frames = "\n".join(_frame_html(k, f, names, data) for k, f in enumerate(data["frames"]))
    blob = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    head = "".join(f"<p class='muted'>{_e(x)}</p>" for x in data["header"][1:] if not x.startswith("Logged result"))
    result = (f"{res['winner'] or 'nobody'} won after {res['turns']} turns ({end_words(res['end_reason'])})"
              if res.get("turns") is not None else "")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{_e(data['title'])}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{CSS}</style></head>
<body>
<h1>{_e(data['title'])}</h1>{head}<p>{_e(result)}{(' · ' + _e(data['checked'])) if data['checked'] else ''}</p>
{_legend(data['board'], data['players'])}
{_svg_board(data['board'])}
<div class="controls"><button id="prev" type="button">◀</button>
<input id="turn" type="range" min="0" max="{len(data['frames']) - 1}" value="0" aria-label="turn">
<button id="next" type="button">▶</button> <b id="turn-label"></b></div>
{frames}
{_damage_html(data)}
<script type="application/json" id="replay-data">{blob}</script>
<script>{JS}</script>
</body></html>
"""


def write_replay_html(r, path: Path) -> Path:
    """Write the page of ``r`` (a ``replay.Replayed``) to ``path``."""
    path.write_text(render(replay_data(r)), encoding="utf-8")
    return path
