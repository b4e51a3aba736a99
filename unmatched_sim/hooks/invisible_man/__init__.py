"""The Invisible Man and his fog.

Fog tokens are board tokens of kind ``fog`` owned by his player (``engine.board_features``:
``res["tokens:fog"]``, public; moved by the vocabulary's ``move_token``). His ability (hook
``fog``, parameters ``tokens``, ``defense_bonus``):

* setup: once he is on his starting space, his player puts ``tokens`` (3) fog tokens on
  different spaces of his zone (decision ``fog_space``; a space with a fighter may hold one);
* while he stands on a fog token, his defence cards are worth ``defense_bonus`` (1) more
  (only a card he plays: without one there is no value to add to);
* his movement links every fog space to every other (``move_links``): from a fog space he may
  step to any other as if adjacent, in every move of his (maneuvers and card effects);
  attacks and effects keep the board's adjacency.

His cards' words: conditions ``on_fog`` (the resolving fighter stands on a fog token of its
player's) and ``started_turn_on_fog`` (he began this turn on one: Emerge from Mist), selector
``each_opposing_on_fog`` (Dreaming of Revenge), effect hooks ``place_on_fog`` (Lurking) and
``vanish`` (Vanish: he leaves the board undefeated and is placed on any empty space at the
start of his player's next turn; played as the turn's first action it ends the turn).

State beyond the tokens: ``res["vanished"]`` (True while he is off the board by Vanish).
Events: ``token_placed``, ``token_moved`` (board_features), ``vanish`` (he leaves; ``space``:
where he was), ``return`` (he is placed back; ``space``).
"""

from __future__ import annotations

from unmatched_sim.engine.board_features import place_token, token_spaces
from unmatched_sim.engine.effects import CONDITIONS, SELECTORS, hook_effect
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.state import DEFENDER, SCHEME_ROLE
from unmatched_sim.hooks import Ability, ability, advise, story_line, view_condition

FOG = "fog"
VANISHED = "vanished"
STARTED_ON_FOG = "started_on_fog"     # turn_flags[(this, seat)]: he began the turn on fog


def _hero(g, seat: int) -> int:
    return g.players[seat].fighters[0]


def fog_spaces(g, seat: int) -> tuple:
    return token_spaces(g, seat, FOG)


def on_fog(g, seat: int, fi: int) -> bool:
    f = g.fighters[fi]
    return f.on_board and f.space in fog_spaces(g, seat)


@ability("fog")
class Fog(DeclaredParams, Ability):
    PARAMS = {
        "tokens": Param.whole(3, "fog tokens put in his zone at setup", least=1),
        "defense_bonus": Param.whole(1, "added to his defence cards while he stands on fog"),
    }

    def setup(self, g, seat):
        if g.fighters[_hero(g, seat)].on_board:
            _ask_fog(g, seat, self.params["tokens"])

    def start_of_turn(self, g, seat):
        fi = _hero(g, seat)
        res = g.players[seat].res
        if res.get(VANISHED):
            spaces = g.empty_spaces()
            if spaces:
                g.ask(seat, "return_space", spaces, _returned, seat, fighter=fi)
            return
        g.turn_flags[(STARTED_ON_FOG, seat)] = on_fog(g, seat, fi)

    def on_card_played(self, g, cid, played_by, role):
        if role == SCHEME_ROLE or g.active == played_by:
            key = ("cards_played", played_by)
            g.turn_flags[key] = g.turn_flags.get(key, 0) + 1

    def move_links(self, g, seat, fighter):
        if fighter != _hero(g, seat):
            return frozenset()
        return frozenset(fog_spaces(g, seat))

    def modify_combat_value(self, g, seat, combat, role, value):
        if (role == DEFENDER and combat.players[role] == seat and combat.fighters[role] == _hero(g, seat)
                and on_fog(g, seat, combat.fighters[role])):
            return value + self.params["defense_bonus"]
        return value

    def combat_bonus_estimate(self, g, seat, fighter, role, opponent=None):
        if role == DEFENDER and fighter == _hero(g, seat) and on_fog(g, seat, fighter):
            return float(self.params["defense_bonus"])
        return 0.0


def _ask_fog(g, seat: int, left: int) -> None:
    hero = g.fighters[_hero(g, seat)]
    zm = g.board.zone_mask
    have = fog_spaces(g, seat)
    options = [s for s in range(len(g.occupant)) if zm[s] & zm[hero.space] and s not in have]
    if left > 0 and options:
        g.ask(seat, "fog_space", options, _fog_placed, seat, left)


def _fog_placed(g, seat: int, left: int, space: int) -> None:
    place_token(g, seat, FOG, space)
    _ask_fog(g, seat, left - 1)


def _returned(g, seat: int, space: int) -> None:
    fi = _hero(g, seat)
    g.players[seat].res[VANISHED] = False
    g.place(fi, space)
    g.log("return", seat, fi, space=space)
    g.turn_flags[(STARTED_ON_FOG, seat)] = on_fog(g, seat, fi)


# ---------------------------------------------------------------------- card words
def _on_fog(g, ctx) -> bool:
    return on_fog(g, ctx.player, g.ctx_fighter(ctx))


def _started_turn_on_fog(g, ctx) -> bool:
    return bool(g.turn_flags.get((STARTED_ON_FOG, ctx.player)))


def _opposing_on_fog(g, ctx) -> list[int]:
    fog = fog_spaces(g, ctx.player)
    return [fi for fi in g.opponents_on_board(ctx.player) if g.fighters[fi].space in fog]


CONDITIONS.update({"on_fog": _on_fog, "started_turn_on_fog": _started_turn_on_fog})
SELECTORS["each_opposing_on_fog"] = (False, _opposing_on_fog)


@hook_effect("place_on_fog")
def place_on_fog(g, ctx, op):
    """The resolving fighter is placed on an empty space holding one of its player's fog tokens."""
    fi = g.ctx_fighter(ctx)
    if not g.fighters[fi].on_board or g.held(fi):
        return
    options = [s for s in fog_spaces(g, ctx.player) if g.occupant[s] < 0]
    if options:
        g.ask(ctx.player, "effect_destination", options, _placed, ctx, fi, card=ctx.card, fighter=fi,
              op="place")


def _placed(g, ctx, fi: int, space: int) -> None:
    g.place(fi, space, ctx.card)


@hook_effect("vanish")
def vanish(g, ctx, op):
    seat = ctx.player
    fi = g.ctx_fighter(ctx)
    f = g.fighters[fi]
    if not f.on_board:
        return
    first = not g.turn_flags.get("maneuvered") and g.turn_flags.get(("cards_played", seat), 0) <= 1
    space = f.space
    g._remove_from_board(fi)
    g.players[seat].res[VANISHED] = True
    g.log("vanish", seat, fi, ctx.card, space=space)
    if first and g.active == seat:
        g.end_turn(ctx.card)


# ---------------------------------------------------------------------- the AI


def _foe_spaces(view) -> list[int]:
    return [view.fighter(fi).space for t in view.foe_seats() for fi in view.on_board(t)]


@advise("fog_space")
def _advise_fog_space(policy, view, d):
    """His own space first, then the spaces of his zone nearest the foes."""
    me = view.my_hero()
    if me.on_board and me.space in d.options:
        return me.space
    foes = _foe_spaces(view)
    dist = {s: min((view.dist[s][f] for f in foes), default=0) for s in d.options}
    return min(d.options, key=lambda s: (dist[s], s))


@advise("return_space")
def _advise_return_space(policy, view, d):
    """Back next to the weakest foe, on fog if possible."""
    fog = set(view.token_spaces(view.seat, FOG))
    adj = view.board.adjacent
    best, key = d.options[0], None
    for s in d.options:
        near = [view.fighter(fi) for t in view.foe_seats() for fi in view.on_board(t)
                if view.fighter(fi).space in adj[s]]
        k = (bool(near), s in fog, -min((f.health for f in near), default=99), -s)
        if key is None or k > key:
            best, key = s, k
    return best


# His cards' conditions as a player's view tells them (``hooks.VIEW_CONDITIONS``): the fog
# tokens are on the board, and where he started the turn was seen by all.
@view_condition("on_fog")
def _on_fog_seen(view, fi: int, foe: int) -> bool:
    """Dreaming of Revenge: the fighter stands on a fog token of its player's."""
    f = view.fighter(fi)
    return f.on_board and f.space in view.token_spaces(f.owner, FOG)


@view_condition("started_turn_on_fog")
def _started_on_fog_seen(view, fi: int, foe: int) -> bool:
    """Emerge from Mist: he began this turn of his player's on a fog token (the turn's record
    of it, kept when the turn started or when he came back from Vanish)."""
    return bool(view.turn_flag((STARTED_ON_FOG, view.fighter(fi).owner)))


@story_line("vanish")
def _story_vanish(row):
    return f"{row['who']}: the Invisible Man vanishes from {row['space']}"


@story_line("return")
def _story_return(row):
    return f"{row['who']}: the Invisible Man reappears on {row['space']}"
