"""Martian Invader's objective, "Invasion" (the rulebook's "Special Rules: Martian Invader").

* **Fields** belong to the board: a board file's ``fields`` (``data/board.py``) lists, for
  field 1, 2, ..., the spaces on its perimeter; a field borders those spaces (a space may
  border two fields).
* **Aliens** are tokens on fields, at most ``FIELD_CAPACITY`` per field, from a supply of
  ``ALIEN_SUPPLY`` (the game's 8 doom/alien tokens). They are not fighters: no fighter
  selector, attack or effect can reach them; only the ``aliens`` op puts them on fields and
  only the players' removal takes them off. An effect that places more aliens than the supply
  (or the field) can take places as many as it can; the threat marker then advances one space
  per alien not placed.
* **The aliens op** for enemy cards, ``{ op = "aliens", count = N, field = F }``: ``F`` is a
  field's number (the card names it) or ``"players"`` (the players choose a field for each
  alien, decision ``place_alien``). A number the board has no field for places nothing (each
  alien is one not placed). Logged ``aliens_placed``.
* **Removing an alien**: after a player's maneuver action (whether their fighters moved or not)
  they may remove one alien from one field bordering a space one of their fighters is on
  (decision ``remove_alien``: a field's number, or None). Logged ``alien_removed``.
* **Invasion tokens**: at setup the four tokens (symbols 1-4) go face down at random to the four
  spots; each time the threat marker reaches the end of the track the leftmost face-down one is
  turned face up (``invasion_revealed``). Nobody sees a face-down token, so which symbol lies
  where is drawn when it is turned (from the game's random stream, among the symbols still face
  down): the same chances as dealing them all at setup, and nothing hidden sits in the game's
  state for a search's copy of it to read. The villain's fourth objective loses the game
  (``objectives_to_win``), which is the fourth token.
* **Effects gated by a symbol**: an enemy card's effect written with ``invasion = N`` (or the
  op ``{ op = "invasion", symbol = N, effects = [...] }`` that the villain file's reader,
  ``coop/data.py``, makes of it) resolves only while token N is face up; otherwise it is ignored (``effect_ignored``,
  detail ``invasion_symbol``).

The rulebook ties aliens to the threat track only through the supply (one space per alien not
placed); what else aliens do, and what the Invasion Wave initiative cards do at the end of the
round, is printed on Martian Invader's cards, which are not public (docs/coop.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from unmatched_sim.coop import game as cg
from unmatched_sim.coop.objectives import Objective, register
from unmatched_sim.engine.effects import Field, Op, SpecError, effect_cancelled, op, parse_effects
from unmatched_sim.engine.view import UNREACHED, board_distances
from unmatched_sim.hooks import advise, story_line

ALIEN_SUPPLY = 8          # the game's 8 doom/alien tokens
FIELD_CAPACITY = 8        # aliens a field may hold
SYMBOLS = (1, 2, 3, 4)    # the four invasion symbols, numbered (the file's author picks which is which)
PLAYERS_CHOICE = "players"


@dataclass
class InvasionState:
    """The fields' aliens (index k - 1 for field k) and the invasion tokens face up, in the
    order of their spots from the left (the others are face down)."""
    aliens: list = field(default_factory=list)
    tokens: list = field(default_factory=list)

    def copy(self) -> "InvasionState":
        return InvasionState(list(self.aliens), list(self.tokens))

    @property
    def revealed(self) -> int:
        return len(self.tokens)

    @property
    def supply(self) -> int:
        return ALIEN_SUPPLY - sum(self.aliens)

    def face_up(self, symbol: int) -> bool:
        return symbol in self.tokens

    def room(self, k: int) -> int:
        """How many aliens field ``k`` (1-based) can take now (0 for a field the board lacks)."""
        if not 1 <= k <= len(self.aliens):
            return 0
        return min(self.supply, FIELD_CAPACITY - self.aliens[k - 1])


def state(g) -> InvasionState | None:
    s = getattr(g, "coop", None)
    s = s.objective_state if s is not None else None
    return s if isinstance(s, InvasionState) else None


class Invasion(Objective):
    name = "invasion"
    acts_after_maneuver = True

    def board_problem(self, board, enemies) -> str | None:
        if not board.fields:
            return (f"{enemies[0].name}'s invasion needs a board with fields; board {board.id} has "
                    "none (a board file's 'fields', docs/coop.md)")
        n = len(board.fields)
        for e in enemies:
            for card in e.cards:
                for timing, raw in card.effects.items():
                    for o in _walk(parse_effects(raw, frozenset(), timing)):
                        if isinstance(o, PlaceAliens) and o.field != PLAYERS_CHOICE and o.field > n:
                            return (f"{e.name}'s {card.name} places aliens in field {o.field}, but "
                                    f"board {board.id} has {n} field{'s' if n != 1 else ''}")
        return None

    def new_state(self, g) -> InvasionState:
        problem = self.board_problem(g.board, (g.villain_def, *g.minion_defs))
        if problem:
            raise ValueError(problem)
        return InvasionState([0] * len(g.board.fields))

    def setup(self, g) -> None:
        g.log("invasion_setup", g.coop.villain, None, None, None, len(SYMBOLS), None, None, None)

    def achieved(self, g) -> None:
        st = g.coop.objective_state
        face_down = [s for s in SYMBOLS if s not in st.tokens]
        if not face_down:
            return
        symbol = face_down[g.rng.randrange(len(face_down))]
        st.tokens.append(symbol)
        g.log("invasion_revealed", g.coop.villain, None, None, None, st.revealed, None, None,
              f"symbol_{symbol}", symbol)

    def after_maneuver(self, g, seat: int) -> None:
        st = g.coop.objective_state
        options = removable_fields(g, seat)
        if options:
            g.ask(seat, "remove_alien", options + [None], _alien_removed, seat,
                  aliens=tuple(st.aliens))


register(Invasion())


def _walk(ops):
    """Every op of ``ops``, those nested in another op's effects too."""
    for o in ops:
        yield o
        for value in vars(o).values():
            if isinstance(value, tuple) and value and all(isinstance(x, Op) for x in value):
                yield from _walk(value)


# ---------------------------------------------------------------------- placing aliens
def place_aliens(g, seat: int, count: int, where, cause: str) -> None:
    """Place ``count`` aliens for enemy ``seat`` in field ``where`` (a number) or, with
    ``"players"``, in the fields the players choose one alien at a time; the aliens not placed
    advance the threat marker one space each."""
    st = state(g)
    if st is None or count <= 0:
        return
    if where == PLAYERS_CHOICE:
        _ask_place(g, seat, count, cause)
        return
    placed = min(count, st.room(where))
    if placed:
        st.aliens[where - 1] += placed
        g.log("aliens_placed", seat, None, None, None, placed, None, None, cause, where)
    _overflow(g, count - placed)


def _ask_place(g, seat: int, left: int, cause: str) -> None:
    st = state(g)
    options = [k for k in range(1, len(st.aliens) + 1) if st.room(k) > 0]
    if not options:
        _overflow(g, left)
        return
    g.ask(g.first_player_in(), "place_alien", options, _alien_placed, seat, left, cause,
          aliens=tuple(st.aliens))


def _alien_placed(g, seat: int, left: int, cause: str, k: int) -> None:
    st = state(g)
    st.aliens[k - 1] += 1
    g.log("aliens_placed", seat, None, None, None, 1, None, None, cause, k)
    if left > 1:
        _ask_place(g, seat, left - 1, cause)


def _overflow(g, n: int) -> None:
    if n > 0:
        cg.advance_threat(g, n, "aliens_not_placed")


# ---------------------------------------------------------------------- removing aliens
def removable_fields(g, seat: int) -> list[int]:
    """The occupied fields bordering a space one of ``seat``'s fighters is on."""
    st = g.coop.objective_state
    spaces = {g.fighters[fi].space for fi in g.on_board(seat)}
    return [k for k, border in enumerate(g.board.fields, 1)
            if st.aliens[k - 1] > 0 and spaces.intersection(border)]


def _alien_removed(g, seat: int, k: int | None) -> None:
    if k is None:
        return
    st = g.coop.objective_state
    st.aliens[k - 1] -= 1
    g.log("alien_removed", seat, None, None, None, st.aliens[k - 1], None, None, None, k)


# ---------------------------------------------------------------------- the card vocabulary
@op("aliens")
class PlaceAliens(Op):
    """Martian Invader places ``count`` aliens in field ``field`` (its number) or, with
    ``field = "players"``, in fields the players choose. Outside an invasion game, nothing."""
    FIELDS = {"count": Field("int", 1), "field": Field("raw", required=True)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        f = self.field
        if f != PLAYERS_CHOICE and (isinstance(f, bool) or not isinstance(f, int) or f < 1):
            raise SpecError(f"'field' must be a field's number (1, 2, ...) or \"{PLAYERS_CHOICE}\", "
                            f"got {f!r}")

    def run(self, g, ctx):
        place_aliens(g, ctx.player, self.count, self.field, g.card(ctx.card).name if ctx.card >= 0 else "effect")


@op("invasion")
class InvasionSymbol(Op):
    """Effects marked with invasion symbol ``symbol``: resolved only while that invasion token
    is face up, otherwise ignored (``effect_ignored``, detail ``invasion_symbol``)."""
    FIELDS = {"symbol": Field("int", required=True), "effects": Field("effects", required=True)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if self.symbol not in SYMBOLS:
            raise SpecError(f"'symbol' must be one of {', '.join(map(str, SYMBOLS))}, got {self.symbol!r}")

    def start(self, g, ctx):
        if effect_cancelled(g, ctx) or (self.cond is not None and not self.cond(g, ctx)):
            return
        self.run(g, ctx)

    def run(self, g, ctx):
        st = state(g)
        if st is not None and st.face_up(self.symbol):
            g.run_effects(self.effects, ctx)
            return
        g.log("effect_ignored", ctx.player, None, ctx.card if ctx.card >= 0 else None, None,
              self.symbol, None, None, "invasion_symbol")


# ---------------------------------------------------------------------- the players' advice
def _players_spaces(view) -> list[int]:
    return [view.fighter(fi).space for s in range(view.players) if not view.is_foe(s)
            for fi in view.on_board(s)]


@advise("remove_alien")
def advise_remove_alien(policy, view, d):
    """Remove one, from the field with the most aliens (the lowest number among ties): aliens
    only hurt the players, and the fullest field is the one a card most likely fills."""
    aliens = d.info["aliens"]
    fields = [k for k in d.options if k is not None]
    return max(fields, key=lambda k: (aliens[k - 1], -k)) if fields else None


@advise("place_alien")
def advise_place_alien(policy, view, d):
    """Place it in the field nearest to the players' fighters (they can remove it soonest); among
    ties the emptiest, then the lowest number."""
    dist = board_distances(view.board)
    mine = _players_spaces(view)
    aliens = d.info["aliens"]

    def near(k):
        border = view.board.fields[k - 1]
        return min((dist[s][t] for s in mine for t in border), default=UNREACHED)
    return min(d.options, key=lambda k: (near(k), aliens[k - 1], k))


story_line("invasion_setup")(lambda e: f"The {e['amount']} invasion tokens are dealt face down")
story_line("aliens_placed")(lambda e: f"{e['who']} places {e['amount']} alien(s) in field {e['value']} "
                                      f"({e['detail']})")
story_line("alien_removed")(lambda e: f"{e['who']} removes an alien from field {e['value']} "
                                      f"({e['amount']} left there)")
story_line("invasion_revealed")(lambda e: f"Invasion token {e['amount']} is turned face up: symbol {e['value']}")
story_line("effect_ignored")(lambda e: f"{e['who']}: an effect is ignored ("
                             + (f"invasion symbol {e['amount']} is face down"
                                if e['detail'] == "invasion_symbol" else str(e['detail']).replace("_", " "))
                             + ")")
