"""Special board features that act on their own: the conveyor belts of Santa's Workshop; and
the tokens heroes put on spaces (the Invisible Man's fog: see "tokens on spaces" below).

One-way paths and secret passages need no code here: ``unmatched_sim.data.board`` turns them
into the board's movement edges (``Board.move_edges``), which every move — maneuvers, card
effects, moving an opponent's fighter — follows through ``Game.reachable``, while attacks and
effects use ``Board.adjacent`` (which a secret passage does not join, and a one-way path joins
both ways).

Conveyor belts (Battle of Legends Vol. 3, "Conveyor Belt"), at the end of every turn,
whoever's turn it was (``game._end_of_turn_effects`` schedules ``run_conveyors`` after the
ability's own end-of-turn effects and before the hand limit):

* every fighter on a belt space rides one space along the belt, all at the same time;
* a fighter on the belt's last space leaves it: its owner places it on an empty space of the
  belt's bin zone (the gift bin; a space in several zones counts). The decision is
  ``conveyor_bin`` (options: spaces; ``info["fighter"]``), asked of that fighter's owner;
* a fighter that an effect holds in its space does not move (``Game.held``, the one hold rule:
  abilities and lasting effects such as the ``hold_in_place`` op);
* a fighter whose next space holds a fighter does not move; the others still do.

How a line of fighters resolves (our reading; the rule's words leave it open): the belt moves
everyone *simultaneously*, so a fighter is blocked only by a fighter that stays where it is.
A fighter whose next space is being vacated in the same instant — its occupant rides on, or
leaves the last space for the bin — moves up behind it. Blocks spread backwards: the belt is
read from its last space to its first, and a fighter moves only if its next space is empty or
its occupant moves. So a queue nose-to-tail on a belt whose front can move all shift one space;
if the front cannot (held, or no empty space left in the bin), nobody behind it moves.

The fighter on the last space can leave only if an empty bin space is left for it. With
several belts, fighters leaving belts are placed in this order: the fighters of the player
whose turn just ended first, then the other player's, each in belt order; a space chosen for
one is not offered to the next, so a full bin holds the later fighter on its belt (and whoever
is queued behind it).

The bin choices are all made before anything moves; then the riders move front to back and the
leavers are placed, so the board is consistent at every logged event and at every decision.

Events (docs/events.md, "Board features"): ``conveyor`` (a fighter rides one space:
``space`` = new space, ``detail`` = the space left), ``conveyor_bin`` (a fighter leaves the
belt's end for the bin: ``space`` = bin space, ``detail`` = the end space), ``conveyor_blocked``
(a fighter on a belt stays: ``space`` = its space, ``detail`` = ``occupied`` / ``held`` /
``bin_full``).

Not modelled: large fighters (the belt does not move them; no hero in the simulator is large).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unmatched_sim.engine.game import Game

OCCUPIED, HELD, BIN_FULL = "occupied", "held", "bin_full"


def plan_conveyors(g: "Game") -> tuple[tuple, tuple, tuple]:
    """Who rides where this end of turn, without changing anything.

    Returns ``(rides, leavers, blocked)``: ``rides`` = ((fighter, from, to), ...) ordered front to
    back (safe to apply one by one); ``leavers`` = ((fighter, end_space, bin_spaces), ...) in
    placing order; ``blocked`` = ((fighter, space, reason), ...)."""
    occ, F = g.occupant, g.fighters
    belts = g.board.conveyors
    # Ends first: which fighters on last spaces can go to a bin (placing order, bin capacity).
    enders = []
    for b, belt in enumerate(belts):
        fi = occ[belt.path[-1]]
        if fi >= 0:
            enders.append((F[fi].owner != g.active, b, fi))
    enders.sort()
    leaving: dict[int, tuple] = {}       # belt index -> bin spaces it may use
    blocked = []
    claimed: dict[tuple, int] = {}       # bin spaces tuple -> spaces already promised
    for _, b, fi in enders:
        belt = belts[b]
        if g.held(fi):
            blocked.append((fi, belt.path[-1], HELD))
            continue
        empty = sum(1 for s in belt.bin_spaces if occ[s] < 0)
        if empty - _promised_in(claimed, belt.bin_spaces) <= 0:
            blocked.append((fi, belt.path[-1], BIN_FULL))
            continue
        claimed[belt.bin_spaces] = claimed.get(belt.bin_spaces, 0) + 1
        leaving[b] = belt.bin_spaces
    leavers = tuple((fi, belts[b].path[-1], leaving[b]) for _, b, fi in enders if b in leaving)
    rides = []
    for b, belt in enumerate(belts):
        path = belt.path
        # Will the space ahead be free? (The last space: empty, or its fighter leaves.)
        moves_on = occ[path[-1]] < 0 or b in leaving
        for i in range(len(path) - 2, -1, -1):
            fi = occ[path[i]]
            if fi < 0:
                moves_on = True          # an empty space: the fighter behind may enter it
                continue
            ahead = occ[path[i + 1]]
            if g.held(fi):
                blocked.append((fi, path[i], HELD))
                moves_on = False
            elif ahead >= 0 and not moves_on:
                blocked.append((fi, path[i], OCCUPIED))
                moves_on = False
            else:
                rides.append((fi, path[i], path[i + 1]))
                moves_on = True
    return tuple(rides), leavers, tuple(blocked)


def _promised_in(claimed: dict[tuple, int], bins: tuple) -> int:
    """Bin spaces already promised to earlier leavers that lie in ``bins``. Leavers of belts
    sharing the very same bin count fully; for partly overlapping bins (not on any known board)
    we count conservatively: every promise made on an overlapping bin."""
    s = set(bins)
    return sum(n for other, n in claimed.items() if s & set(other))


def run_conveyors(g: "Game") -> None:
    """The end-of-turn belt step (scheduled by the engine when the board has belts)."""
    if g.over:
        return
    rides, leavers, blocked = plan_conveyors(g)
    for fi, space, reason in blocked:
        g.log("conveyor_blocked", g.fighters[fi].owner, fi, space=space, detail=reason)
    if rides or leavers:
        _choose_bin(g, rides, leavers, ())


def _choose_bin(g: "Game", rides: tuple, leavers: tuple, chosen: tuple) -> None:
    if len(chosen) == len(leavers):
        _apply(g, rides, leavers, chosen)
        return
    fi, end, bins = leavers[len(chosen)]
    occ = g.occupant
    options = [s for s in bins if occ[s] < 0 and s not in chosen]
    g.ask(g.fighters[fi].owner, "conveyor_bin", options, _bin_chosen, rides, leavers, chosen,
          fighter=fi, space=end)


def _bin_chosen(g: "Game", rides: tuple, leavers: tuple, chosen: tuple, space: int) -> None:
    _choose_bin(g, rides, leavers, chosen + (space,))


def _apply(g: "Game", rides: tuple, leavers: tuple, chosen: tuple) -> None:
    """Everything moves at once: leavers go to their bin spaces first, then riders front to
    back, so every space a rider enters has just been left (or was empty)."""
    F, labels = g.fighters, g.board.labels
    for (fi, end, _), dest in zip(leavers, chosen):
        g.shift(fi, dest)
        g.log("conveyor_bin", F[fi].owner, fi, space=dest, detail=labels[end])
    for fi, src, dest in rides:
        g.shift(fi, dest)
        g.log("conveyor", F[fi].owner, fi, space=dest, detail=labels[src])


# ---------------------------------------------------------------------- tokens on spaces
# Components a hero puts on the board's spaces (the Invisible Man's fog): a kind, an owner and
# one space per token, at most one token of a kind on a space; fighters stand on them freely.
# They are public and kept in the owner's resources (``res["tokens:<kind>"]``, a tuple of
# spaces, one per token in the order placed), so a game copy, the state version and every
# player's view follow them with nothing more. A token moves along the board's paths
# (``Board.adjacent``), whatever stands on the spaces it crosses. Events: ``token_placed``
# (``space``, ``detail`` = kind) and ``token_moved`` (``space`` = where to, ``value`` = from,
# ``detail`` = kind; ``player`` = who moved it).

def _token_key(kind: str) -> str:
    return "tokens:" + kind


def token_spaces(g: "Game", seat: int, kind: str) -> tuple:
    """The spaces of ``seat``'s tokens of ``kind``, in the order they were placed."""
    return g.players[seat].res.get(_token_key(kind), ())


def place_token(g: "Game", seat: int, kind: str, space: int, card: int | None = None) -> None:
    """A new token of ``kind`` owned by ``seat`` goes on ``space`` (which holds none of that
    kind: nothing happens otherwise)."""
    res = g.players[seat].res
    have = res.get(_token_key(kind), ())
    if space in have:
        return
    res[_token_key(kind)] = have + (space,)
    g.log("token_placed", seat, None, card, space=space, detail=kind)


def move_token(g: "Game", seat: int, kind: str, source: int, dest: int, mover: int | None = None,
               card: int | None = None) -> None:
    """``seat``'s token of ``kind`` on ``source`` goes to ``dest`` (moved by ``mover``,
    default its owner)."""
    res = g.players[seat].res
    have = res.get(_token_key(kind), ())
    if source not in have or dest in have:
        return
    res[_token_key(kind)] = tuple(dest if s == source else s for s in have)
    g.log("token_moved", seat if mover is None else mover, None, card, space=dest, value=source,
          detail=kind)


def token_destinations(g: "Game", seat: int, kind: str, source: int, up_to: int | None = None,
                       empty_only: bool = False) -> list[int]:
    """Where ``seat``'s token on ``source`` may go: within ``up_to`` steps along the board's
    paths (None: any other space), never onto a space holding a token of that kind;
    ``empty_only``: only spaces without a fighter."""
    have = set(token_spaces(g, seat, kind))
    n = len(g.occupant)
    if up_to is None:
        spaces = [s for s in range(n) if s != source]
    else:
        seen = {source}
        frontier = [source]
        for _ in range(up_to):
            frontier = [t for s in frontier for t in g.board.adjacent[s] if t not in seen and not seen.add(t)]
        spaces = sorted(seen - {source})
    return [s for s in spaces if s not in have and not (empty_only and g.occupant[s] >= 0)]
