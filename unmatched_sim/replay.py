"""Re-play one game exactly and tell its story; check it against the run's log.

``replay_game_from_run`` / ``replay_game_from_seed`` give a ``Replayed`` game: its events, the
story, and what the HTML replay (``report/replay_html.py``) draws — each turn's state as its
first choice is made (where the fighters stand, health, hand, deck) and, with ``explain``, every
decision with the AI's scores of its options (``explain.py``). Recording reads the
game and never changes it. ``replay_from_run`` / ``replay_from_seed`` give the story's lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from unmatched_sim.data.board import load_board_file
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.data.heroes import load_hero_file
from unmatched_sim.engine.game import DEFAULT_MAX_TURNS
from unmatched_sim.errors import UserError
from unmatched_sim.log import EventBuffer
from unmatched_sim.log import SLOTS
from unmatched_sim.run import GameSpec, play_game, read_games, read_run, seat_labels, seating
from unmatched_sim.story import end_words, tell


@dataclass
class Replayed:
    """One game re-played: what ``sim replay`` prints and ``--html`` draws."""
    spec: GameSpec
    heroes: dict                    # hero id -> HeroDef
    board: object                   # data.board.Board
    policies: tuple[str, str]       # policy of slot a, of the others
    row: dict                       # the games-table row (logged, or of the replay)
    events: list[dict]              # the events with names (a run's game: the logged ones, up to the
                                    # older vocabulary of damage sources, see ``same_event``)
    header: list[str]
    story: list[str]
    states: list[dict] = field(default_factory=list)      # ``Recorder.state``, one per turn + the end
    decisions: list[dict] = field(default_factory=list)   # ``Recorder.decision``
    hands: bool = False
    explained: bool = False
    checked: str = ""               # "✓ replay matches..." (a run's game), else ""
    value_abilities: dict = field(default_factory=dict)   # ``Recorder.value_abilities``

    @property
    def lines(self) -> list[str]:
        return self.header + self.story + ([""] + [self.checked] if self.checked else [])

    @property
    def names(self) -> dict[str, str]:
        """Player label -> how the story names that player ("Houdini (a)")."""
        return _names(self.heroes, self.spec)

    @property
    def teams(self) -> dict[str, str] | None:
        return _teams(self.spec)

    @property
    def abilities(self) -> dict[str, str]:
        """Player label -> its hero's ability's name."""
        return _abilities(self.heroes, self.spec)

    @property
    def spaces(self) -> dict[str, str]:
        return space_names(self.board)


def space_zones(board, s: int) -> list[str]:
    """The zones of space ``s``, in the board file's order."""
    return [z for i, z in enumerate(board.zone_names) if board.zone_mask[s] >> i & 1]


def space_names(board) -> dict[str, str]:
    """How the story names each space: its label with its zones and start number
    ("M13 (yellow, red; start 1)": the zones in the board file's order)."""
    starts = {s: n for n, s in board.starts.items()}
    out = {}
    for s, label in enumerate(board.labels):
        extra = "; ".join(x for x in (", ".join(space_zones(board, s)), f"start {starts[s]}" if s in starts else "") if x)
        out[label] = f"{label} ({extra})" if extra else label
    return out


def _abilities(heroes, spec: GameSpec) -> dict[str, str]:
    """Player label -> the name of its hero's ability."""
    lineup = spec.lineup or (spec.hero_a, spec.hero_b)
    return {SLOTS[k]: heroes[h].ability.name for k, h in enumerate(lineup) if heroes[h].ability.name}


def describe_option(g, kind: str, opt) -> str:
    """A decision's option in words: a card, fighter or space by name, a tuple part by part."""
    if opt is None:
        return "none"
    if isinstance(opt, bool):
        return "yes" if opt else "no"
    if isinstance(opt, tuple):
        return " → ".join(describe_option(g, kind, o) for o in opt)
    if isinstance(opt, int):
        k = kind.lower()
        # (spaces first: "sidekick_start" is where a sidekick starts, "token_choice" a token's space)
        if any(w in k for w in ("space", "destination", "bin", "place", "start", "token", "route")) \
                and opt < g.board.size:
            return g.board.labels[opt]
        if any(w in k for w in ("fighter", "target", "move_order", "sidekick", "question_damage")) \
                and opt < len(g.fighters):
            return g.fighters[opt].name
        if 0 <= opt < len(g.cards):
            return g.cards[opt].defn.name
    return str(opt)


def value_abilities(g, labels: tuple[str, ...]) -> dict[str, set[str]]:
    """Player -> the combat roles ("attack", "defense") whose card values its hero's ability may
    change: an attack bonus its attack; a combat-value hook both, and the foe's ("any")."""
    from unmatched_sim.engine.ability import Ability
    out = {}
    for seat, p in enumerate(g.players):
        cls = type(p.ability)
        roles = set()
        if getattr(cls, "attack_bonus", None) is not Ability.attack_bonus:
            roles.add("attack")
        if getattr(cls, "modify_combat_value", None) is not Ability.modify_combat_value:
            roles |= {"attack", "defense", "any"}      # (any: the foe's card too)
        if roles:
            out[labels[seat]] = roles
    return out


class Recorder:
    """The ``on_decision`` hook of a replay: the state as each turn's first choice is made and,
    with an ``Explainer``, each decision with the scores of its options. It only reads the game."""

    def __init__(self, labels: tuple[str, ...], specs: list[str], seed: int, hands: bool, explain: bool):
        self.labels, self.specs, self.seed = labels, specs, seed
        self.hands, self.explain = hands, explain
        self.explainer = None
        self.turn = None
        self.states: list[dict] = []
        self.decisions: list[dict] = []
        self.value_abilities: dict[str, set[str]] = {}   # player -> the roles its ability changes values of

    def __call__(self, g, d, choice) -> None:
        if self.turn is None:
            self.value_abilities = value_abilities(g, self.labels)
        if g.turn != self.turn:
            self.turn = g.turn
            self.states.append(self.state(g))
        if self.explain:
            if self.explainer is None:
                from unmatched_sim.explain import Explainer
                self.explainer = Explainer(g, self.specs, self.seed)
            self.decisions.append(self.decision(g, d, choice))

    def state(self, g, final: bool = False) -> dict:
        labels = g.board.labels
        fighters = [{"name": f.name, "player": self.labels[f.owner], "hero": bool(f.is_hero),
                     "space": labels[f.space] if f.on_board and f.space >= 0 else None,
                     "health": f.health, "max_health": f.max_health, "alive": bool(f.alive)}
                    for f in g.fighters]
        players = []
        for seat, p in enumerate(g.players):
            row = {"player": self.labels[seat], "hand": len(p.hand), "deck": len(p.deck),
                   "discard": len(p.discard), "actions": p.actions}
            if self.hands:
                row["hand_cards"] = sorted(g.cards[c].defn.name for c in p.hand)
            players.append(row)
        active = None if final or g.active is None else self.labels[g.active]
        return {"turn": g.turn, "event": g.event_count, "final": final, "active": active,
                "fighters": fighters, "players": players}

    def decision(self, g, d, choice) -> dict:
        scores = self.explainer.scores(d)
        kind = d.kind
        return {"turn": g.turn, "event": g.event_count, "player": self.labels[d.player], "kind": kind,
                "options": [describe_option(g, kind, o) for o in d.options],
                "chosen": describe_option(g, kind, choice),
                "scores": None if scores is None else [[describe_option(g, kind, o), round(float(v), 3)]
                                                       for o, v in scores]}


def _specs_by_seat(labels: tuple[str, ...], policy_a: str, policy_b: str) -> list[str]:
    return [policy_a if lab == "a" else policy_b for lab in labels]


def _play(spec: GameSpec, heroes, board, policy_a: str, policy_b: str, max_turns: int, hands: bool,
          explain: bool):
    labels = seat_labels(spec)
    rec = Recorder(labels, _specs_by_seat(labels, policy_a, policy_b), spec.seed, hands, explain)
    game, row = play_game(spec, heroes, board, policy_a, policy_b, max_turns, on_decision=rec)
    rec.states.append(rec.state(game, final=True))
    return game, row, rec


def _events_of(game, spec: GameSpec) -> list[dict]:
    buf = EventBuffer()
    buf.add_game(spec.game_id, seat_labels(spec), game)
    return buf.frame().drop("game_id").to_dicts()


def _team(spec: GameSpec, slot: int) -> str:
    return (" team A" if slot < 2 else " team B") if spec.format == "teams" else ""


def _names(heroes, spec: GameSpec) -> dict[str, str]:
    """Player label -> how the story names that player ("Houdini (a)", "Loki (c, team B)")."""
    lineup = spec.lineup or (spec.hero_a, spec.hero_b)
    names = {SLOTS[k]: f"{heroes[h].name} ({SLOTS[k]}{',' + _team(spec, k) if _team(spec, k) else ''})"
             for k, h in enumerate(lineup)}
    if spec.format == "coop":       # the enemies' seats, by their labels and files
        enemies = [e[1] for e in spec.coop if e[0] in ("villain", "minion")]
        labels = seat_labels(spec)[len(lineup):]
        names.update({label: f"{eid} ({label})" for label, eid in zip(labels, enemies)})
    return names


def _teams(spec: GameSpec) -> dict[str, str] | None:
    if spec.format == "coop":
        return {label: "the heroes" if k < len(spec.lineup) else "the enemies"
                for k, label in enumerate(seat_labels(spec))}
    if spec.format != "teams":
        return None
    return {SLOTS[k]: ("team A" if k < 2 else "team B") for k in range(len(spec.lineup))}


def _header(heroes, spec: GameSpec, board, pa: str, pb: str, row: dict | None) -> list[str]:
    if spec.lineup:
        order = seating(spec.format, len(spec.lineup), spec.rotation)
        who = ", ".join(f"{heroes[spec.lineup[k]].name} ({SLOTS[k]}{',' + _team(spec, k) if _team(spec, k) else ''})"
                        for k in order)
        kind = {"teams": "team game", "coop": "co-op game"}.get(spec.format, "free-for-all")
        lines = [f"Game {spec.game_id}: {kind} on {board.name}, seed {spec.seed}; turn order: {who}; "
                 f"policies {pa} (a{', team A' if spec.format == 'teams' else ''}) / {pb} (the others)"]
        if row is not None:
            lines.append(_result(heroes, row))
        return lines
    first = spec.hero_a if spec.a_first else spec.hero_b
    lines = [f"Game {spec.game_id}: {heroes[spec.hero_a].name} (a, {pa}) vs {heroes[spec.hero_b].name} "
             f"(b, {pb}) on {board.name}; seed {spec.seed}; {heroes[first].name} goes first"]
    if row is not None:
        lines.append(_result(heroes, row))
    return lines


def _result(heroes, row: dict) -> str:
    """The logged result in words: the winner by name, how the game ended."""
    won = [heroes[h].name if h in heroes else h for h in (row["winner_hero"] or "").split("+") if h]
    winner = " and ".join(won) or "nobody"
    return f"Logged result: {winner} won after {row['turns']} turns ({end_words(row['end_reason'])})"


def replay_from_run(run_dir: Path, game_id: int) -> list[str]:
    """The story of a run's game, checked against its log (the lines ``sim replay`` prints)."""
    return replay_game_from_run(run_dir, game_id).lines


def replay_game_from_run(run_dir: Path, game_id: int, hands: bool = False, explain: bool = False) -> Replayed:
    """Re-play game ``game_id`` of ``run_dir`` exactly and check it against the log."""
    meta = read_run(run_dir)
    games = read_games(run_dir)
    rows = games.filter(pl.col("game_id") == game_id)
    if rows.height == 0:
        raise UserError(f"game {game_id} is not in {run_dir} (game ids run 0..{games.height - 1})")
    row = rows.row(0, named=True)
    from unmatched_sim.log import event_files
    from unmatched_sim.logcheck import (check_counts, check_parts, check_readable, check_rows, parts_of_game,
                                        reason)
    files = event_files(run_dir)
    if not files:
        raise UserError(f"{run_dir} has no event files in events/")
    check_counts(run_dir, meta, games.lazy())
    check_parts(run_dir, meta, files)
    own = parts_of_game(meta, files, game_id)     # only the game's own part is read: a damaged
    check_readable(run_dir, meta, own)            # part elsewhere does not stop this replay
    check_rows(run_dir, games.lazy(), own, game_id)
    heroes = {}
    for hid, f in meta["hero_files"].items():
        path = Path(f["path"])
        if not path.exists():
            raise UserError(f"hero file {path} used by this run no longer exists")
        hero = load_hero_file(path)
        if hero.sha256 == f["sha256"] and meta.get("overrides"):
            # a what-if run: the same --set overrides again (run.json records them)
            from unmatched_sim.overrides import load_hero, parse_overrides
            hero = load_hero(path, parse_overrides(meta["overrides"]), f["sha256"])
        if hero.sha256 != f["sha256"]:
            raise UserError(f"{path} has changed since this run was made, so the game cannot be "
                            "replayed exactly; restore the file or make a new run")
        heroes[hid] = hero
    from unmatched_sim.multiboard import board_file_of
    board_file = board_file_of(meta, row["board"])       # a run on several boards: the game's own
    board = load_board_file(Path(board_file["path"]))
    if board.sha256 != board_file["sha256"]:
        raise UserError(f"{board.path} has changed since this run was made; the game cannot be replayed exactly")
    spec = spec_of_row(row)
    if spec.format == "coop":       # the enemy files the run played against (run.json)
        import dataclasses
        spec = dataclasses.replace(spec, coop=tuple(tuple(e) for e in meta.get("coop", ())))
    game, _, rec = _play(spec, heroes, board, row["policy_a"], row["policy_b"],
                         meta.get("max_turns", DEFAULT_MAX_TURNS), hands, explain)
    replayed = _events_of(game, spec)
    try:
        logged = (pl.scan_parquet(own).filter(pl.col("game_id") == game_id).sort("seq").collect()
                  .drop("game_id").to_dicts())
    except Exception as e:  # a part whose footer reads but whose pages are damaged
        raise UserError(f"events/{own[0].name if len(own) == 1 else ''} of {run_dir} is corrupt or "
                        f"unreadable ({reason(e)})") from None
    header = _header(heroes, spec, board, row["policy_a"], row["policy_b"], row)
    story = _tell(replayed, heroes, spec, board)
    if len(replayed) != len(logged) or not all(map(same_event, replayed, logged)):
        n = min(len(replayed), len(logged))
        k = next((i for i in range(n) if not same_event(replayed[i], logged[i])), n)
        got = replayed[k] if k < len(replayed) else "(nothing)"
        want = logged[k] if k < len(logged) else "(nothing)"
        print("\n".join(header + story))
        raise UserError(f"replay of game {game_id} differs from the log at event {k}: "
                        f"logged {want}, replayed {got}")
    return Replayed(spec, heroes, board, (row["policy_a"], row["policy_b"]), row, replayed, header, story,
                    rec.states, rec.decisions, hands, explain,
                    f"✓ replay matches the {len(logged)} logged events of game {game_id}", rec.value_abilities)


#: rows whose ``detail`` is a damage source kind (the game's end reason too)
_SOURCE_ROWS = ("damage", "damage_prevented", "defeat", "game_end", "eliminated")
_LEGACY_EFFECT = "effect"


def same_event(replayed: dict, logged: dict) -> bool:
    """Is a replayed event the logged one? A log of the older vocabulary named every effect's
    damage ``effect`` (an ability's, a spell's and a misery's with no card) and put no card on
    ``defeat`` rows: such a row matches the same event told in today's source kinds."""
    if replayed == logged:
        return True
    kind = logged.get("kind")
    if kind not in _SOURCE_ROWS:
        return False
    told = dict(replayed)
    legacy = logged.get("detail") == _LEGACY_EFFECT
    if legacy:
        told["detail"] = _LEGACY_EFFECT
    if logged.get("card") is None and (legacy or kind == "defeat"):
        told["card"] = None
    return told == logged


def _tell(events: list[dict], heroes, spec: GameSpec, board) -> list[str]:
    return tell(events, _names(heroes, spec), _teams(spec), space_names(board), _abilities(heroes, spec))


def spec_of_row(row: dict) -> GameSpec:
    """The game a games-table row was made from (any format)."""
    fmt = row.get("format") or "duel"
    if fmt == "duel":
        return GameSpec(row["game_id"], row["pair"], row["seed"], row["hero_a"], row["hero_b"],
                        a_first=row["first_player"] == "a")
    lineup = tuple(row["lineup"])
    first_slot = SLOTS.index(row["first_player"])
    rotation = next(r for r in range(len(lineup)) if seating(fmt, len(lineup), r)[0] == first_slot)
    return GameSpec(row["game_id"], row["pair"], row["seed"], lineup[0], lineup[1] if len(lineup) > 1 else lineup[0],
                    a_first=True, lineup=lineup, rotation=rotation, format=fmt)     # (a co-op game of one hero)


def replay_from_seed(hero_names, seed: int, first: str, board_name: str, policy_a: str, policy_b: str,
                     max_turns: int | None) -> list[str]:
    """The story of a duel played from its seed (the lines ``sim replay --heroes`` prints)."""
    return replay_game_from_seed(hero_names, seed, first, board_name, policy_a, policy_b, max_turns).lines


def replay_game_from_seed(hero_names, seed: int, first: str, board_name: str, policy_a: str, policy_b: str,
                          max_turns: int | None, hands: bool = False, explain: bool = False) -> Replayed:
    """A duel played from its seed, recorded for the story and the HTML replay."""
    ha, hb = (find_hero(n) for n in hero_names)
    board = find_board(board_name)
    heroes = {ha.id: ha, hb.id: hb}
    from unmatched_sim.data.limits import check_fits
    check_fits([ha, hb], board, [(ha.id, hb.id)])
    spec = GameSpec(0, 0, seed, ha.id, hb.id, a_first=(first == "a"))
    game, row, rec = _play(spec, heroes, board, policy_a, policy_b,
                           DEFAULT_MAX_TURNS if max_turns is None else max_turns, hands, explain)
    events = _events_of(game, spec)
    return Replayed(spec, heroes, board, (policy_a, policy_b), row, events,
                    _header(heroes, spec, board, policy_a, policy_b, None), _tell(events, heroes, spec, board),
                    rec.states, rec.decisions, hands, explain, "", rec.value_abilities)
