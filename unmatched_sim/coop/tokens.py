"""Webs and acid: the tokens the Tarantula and The Blob add to the board (Tales to Amaze,
"Tokens").

* **placing**: an enemy card's ``{ op = "add_token", kind = "web" }`` (or ``"acid"``) puts a
  token on the space of each fighter its ``on`` selector names (default ``"self"``: the enemy's
  own space, "Tarantula adds webs to their spaces"). A space holds at most one token of each
  kind; the supply holds ``SUPPLY`` (6) of each kind for the game, and placing one with none
  left does nothing (``token_not_placed``). Tokens are never moved or removed (a defeated
  enemy's stay). They are board tokens of the engine (``engine.board_features``: kept in the
  placing enemy's resources, ``token_placed`` events), so a game copy, the state version and
  every player's view follow them.
* **web**: a hero or sidekick that enters an empty space with a web ends its movement there;
  it may move again with a new action or effect. ``reachable`` treats such a space as one the
  move may end on but not pass, so the players' move options and the AI's reach are right.
* **acid**: a hero or sidekick that enters an empty space with acid takes 1 damage (source
  ``board``, card ``"acid"``); the move goes on.
* **who is affected**: only heroes and sidekicks (the players' fighters); enemies ignore
  tokens. A token acts only on a space with no fighter on it when the mover enters it: a space
  a friendly fighter stands on is passed freely (the rulebook's "empty space" and "ignores the
  effect if there is a friendly fighter on the space" say the same for friends; a space with an
  enemy, passed by an effect that allows it, is not empty either).
* **routes**: the engine moves a fighter to its destination without a path, so the route is
  worked out when it arrives: among the routes of at most the move's length (the ``steps`` of
  the decision that offered the space; else the shortest routes) that pass no web, the one
  entering the fewest acid spaces (then the shortest; the players choose their routes and never
  pick a worse one). Movement only: a fighter placed, swapped or carried by a conveyor belt does
  not "enter" a space this way.

Events: ``token_placed`` (``detail`` = web / acid), ``token_not_placed`` (``detail`` =
``<kind>:supply_empty`` or ``<kind>:already``), ``token_effect`` (a fighter meets a token:
``space``, ``detail`` = web (its move ends) / acid (a ``damage`` row follows)).
"""

from __future__ import annotations

from unmatched_sim.coop.advice import story_line
from unmatched_sim.engine.board_features import place_token, token_spaces
from unmatched_sim.engine.combat import BOARD
from unmatched_sim.engine.effects import CONDITIONS, Field, FighterOp, op

WEB, ACID = "web", "acid"
KINDS = (WEB, ACID)
SUPPLY = 6                  # tokens of each kind in the game (the rulebook's components)
ACID_DAMAGE = 1


def _enemy_seats(g) -> range:
    return range(g.coop.heroes, len(g.players))


def spaces_with(g, kind: str) -> frozenset:
    """The spaces holding a token of ``kind`` (whichever enemy placed it)."""
    out = frozenset()
    for seat in _enemy_seats(g):
        have = token_spaces(g, seat, kind)
        if have:
            out = out | frozenset(have)
    return out


def placed(g, kind: str) -> int:
    """How many tokens of ``kind`` are on the board (the supply holds ``SUPPLY`` less these)."""
    return sum(len(token_spaces(g, seat, kind)) for seat in _enemy_seats(g))


def add_token(g, seat: int, kind: str, space: int, card: int | None = None) -> bool:
    """Enemy ``seat`` adds a token of ``kind`` to ``space``: nothing happens if the space has
    one of that kind or the supply is empty. True if placed."""
    if space in spaces_with(g, kind):
        g.log("token_not_placed", seat, None, card, space=space, detail=f"{kind}:already")
        return False
    if placed(g, kind) >= SUPPLY:
        g.log("token_not_placed", seat, None, card, space=space, detail=f"{kind}:supply_empty")
        return False
    place_token(g, seat, kind, space, card)
    return True


@op("add_token")
class AddToken(FighterOp):
    """Co-op: add a web or acid token (``kind``) to the space of each fighter ``on`` names
    (default the enemy resolving the card). Outside a co-op game it does nothing."""
    SELECTOR_FIELD = "on"
    FIELDS = {"kind": Field("choice", required=True, choices=KINDS), "on": Field("selector", "self")}

    def apply(self, g, ctx, fi):
        f = g.fighters[fi]
        if getattr(g, "coop", None) is not None and f.on_board:
            add_token(g, ctx.player, self.kind, f.space, ctx.card if ctx.card >= 0 else None)


def _on(kind: str):
    def on_token(g, ctx) -> bool:
        f = g.fighters[g.ctx_fighter(ctx)]
        return getattr(g, "coop", None) is not None and f.on_board and f.space in spaces_with(g, kind)
    on_token.__doc__ = f"The resolving fighter stands on a space with a {kind} token (co-op)."
    return on_token


CONDITIONS.update({"on_web": _on(WEB), "on_acid": _on(ACID)})


# ---------------------------------------------------------------------- movement
def _affected(g, fi: int) -> bool:
    """Tokens act on the players' fighters (heroes and sidekicks), never on enemies."""
    return g.fighters[fi].owner < g.coop.heroes


def _links(g, fi: int) -> frozenset:
    rules = g.move_rules(fi)
    return rules[2] if len(rules) > 2 else frozenset()


def _passable(g, fi: int, space: int, through: bool) -> bool:
    o = g.occupant[space]
    return o < 0 or o == fi or through or not g.is_foe_fighter(g.fighters[fi].owner, o)


def acid_route(g, fi: int, dest: int, budget: int | None, through: bool) -> list[int]:
    """The acid spaces fighter ``fi`` enters on its way to ``dest``, in order: the route of at
    most ``budget`` steps (None: the shortest routes) that passes no empty web space and enters
    the fewest empty acid spaces (then the fewest steps)."""
    f = g.fighters[fi]
    src = f.space
    occ = g.occupant
    webs = frozenset(s for s in spaces_with(g, WEB) if occ[s] < 0)
    acid = frozenset(s for s in spaces_with(g, ACID) if occ[s] < 0)
    links = _links(g, fi)
    through = through or g.move_rules(fi)[1]
    edges = g.board.move_edges
    limit = budget if budget is not None else len(occ)
    # best[s] = (acid entered, parent state) for routes of exactly k steps, layer by layer
    layer = {src: (0, None)}
    history = [layer]
    found = None                     # (acid, k)
    for k in range(1, limit + 1):
        nxt: dict = {}
        for s, (cost, _) in layer.items():
            if s != src and s in webs:
                continue             # a web ends the move
            targets = edges[s]
            if s in links:
                targets = tuple(targets) + tuple(sorted(links))
            for t in targets:
                if t == s or not _passable(g, fi, t, through):
                    continue
                c = cost + (1 if t in acid else 0)
                if t not in nxt or c < nxt[t][0]:
                    nxt[t] = (c, s)
        if not nxt:
            break
        history.append(nxt)
        if dest in nxt and (found is None or nxt[dest][0] < found[0]):
            found = (nxt[dest][0], k)
            if budget is None or found[0] == 0:
                break
        layer = nxt
    if found is None or found[0] == 0:
        return []
    route, s = [], dest
    for k in range(found[1], 0, -1):
        route.append(s)
        s = history[k][s][1]
    return [s for s in reversed(route) if s in acid]


class TokenRules:
    """The web and acid rules on a co-op game's movement (a base of ``CoopGame``; only its
    games pay for them)."""

    def reachable(self, fi, steps, through_opponents=False):
        f = self.fighters[fi]
        if not f.on_board or not _affected(self, fi):
            return super().reachable(fi, steps, through_opponents)
        occ = self.occupant
        stops = frozenset(s for s in spaces_with(self, WEB) if occ[s] < 0)
        if not stops:
            return super().reachable(fi, steps, through_opponents)
        rules = self.move_rules(fi)
        if rules[0]:
            return [f.space]
        through = bool(through_opponents or rules[1])
        return self._spread_linked(fi, steps, through, rules[2] if len(rules) > 2 else frozenset(), stops)

    def ask(self, player, kind, options, resume, *args, **info):
        # The move's length, kept for the route its fighter takes (``acid_route``).
        if "steps" in info and kind in ("move_destination", "effect_destination"):
            self._move_budget = (info.get("fighter"), info["steps"], bool(info.get("through")))
        return super().ask(player, kind, options, resume, *args, **info)

    def move_to(self, fi, dest, card=None):
        budget = getattr(self, "_move_budget", None)
        self._move_budget = None
        f = self.fighters[fi]
        if dest == f.space or not f.on_board or not _affected(self, fi):
            return super().move_to(fi, dest, card)
        webbed = dest in spaces_with(self, WEB) and self.occupant[dest] < 0
        burns = []
        if spaces_with(self, ACID):
            steps, through = (budget[1], budget[2]) if budget is not None and budget[0] == fi else (None, False)
            burns = acid_route(self, fi, dest, steps, through)
        super().move_to(fi, dest, card)
        for s in burns:
            if not f.on_board:
                break
            self.log("token_effect", f.owner, fi, None, None, ACID_DAMAGE, None, s, ACID)
            self.damage(fi, ACID_DAMAGE, BOARD, ACID)
        if webbed and f.on_board:
            self.log("token_effect", f.owner, fi, None, None, None, None, dest, WEB)


# ---------------------------------------------------------------------- the replay's lines
_NOT_PLACED = {"already": "the space has one", "supply_empty": "none is left in the supply"}


@story_line("token_not_placed")
def _token_not_placed(row):
    kind, _, why = (row["detail"] or "").partition(":")
    return f"{row['who']} places no {kind} token on {row['space']}: {_NOT_PLACED.get(why, why)}"


@story_line("token_effect")
def _token_effect(row):
    if row["detail"] == WEB:
        return f"{row['fighter']} is caught in the web on {row['space']}: its move ends there"
    return f"{row['fighter']} enters the acid on {row['space']}"
