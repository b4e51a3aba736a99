"""Jekyll & Hyde: one fighter in two forms. He starts as Dr. Jekyll; at the start of his
player's turn he may transform (decision ``transform``: True / False); while he is Mr. Hyde,
each maneuver of his ends with 1 damage to him (``after_maneuver``). Four cards transform him
too (effect hook ``transform``, ``params = { to = "Mr. Hyde" }`` or ``"Dr. Jekyll"``).

A form is the fighter's banner: the hero file names the forms (``[hero] forms``) and each card
carries the banner of the form that may play it, so the engine's usual "who may use this
card" reads the form. Transforming switches the fighter's definition to the form's
(``Fighter.defn``: the same numbers under the form's name); its display name stays.

State: ``game.players[seat].res["form"]``, the form's name (public). Event ``transform``
(detail: the new form; ``card``: the card that did it, if any). Calming Research's draw is the
effect hook ``draw_keep_one``.
"""

from __future__ import annotations

from unmatched_sim.engine.combat import ABILITY
from unmatched_sim.engine.effects import CONDITIONS, hook_effect
from unmatched_sim.engine.state import ATTACKER, DEFENDER
from unmatched_sim.hooks import Ability, ability, advise, destination_advice, scheme_advice, story_line

FORM = "form"


def _forms(g, seat: int) -> dict:
    """The hero's forms by name (their fighter definitions)."""
    return {d.name: d for d in g.players[seat].hero.forms}


def _hero_fighter(g, seat: int) -> int:
    return g.players[seat].fighters[0]


def set_form(g, seat: int, form: str, card: int | None = None) -> None:
    """The hero becomes ``form`` (one of its forms; nothing happens if it already is)."""
    res = g.players[seat].res
    if res.get(FORM) == form:
        return
    fi = _hero_fighter(g, seat)
    g.fighters[fi].defn = _forms(g, seat)[form]
    res[FORM] = form
    g.log("transform", seat, fi, card, detail=form)


def other_form(g, seat: int) -> str:
    forms = [d.name for d in g.players[seat].hero.forms]
    here = g.players[seat].res.get(FORM, forms[0])
    return next(n for n in forms if n != here)


@ability("dual_nature")
class DualNature(Ability):
    """Forms are the hero file's ``[hero] forms``: the first is the starting form, the second
    the one whose maneuvers hurt him."""

    def setup(self, g, seat):
        first = self.hero.forms[0].name
        g.fighters[_hero_fighter(g, seat)].defn = self.hero.forms[0]
        g.players[seat].res[FORM] = first

    def start_of_turn(self, g, seat):
        if g.fighters[_hero_fighter(g, seat)].on_board:
            g.ask(seat, "transform", (False, True), _transform_answered, seat,
                  form=g.players[seat].res.get(FORM))

    def after_maneuver(self, g, seat):
        fi = _hero_fighter(g, seat)
        if g.players[seat].res.get(FORM) == self.hero.forms[-1].name and g.fighters[fi].on_board:
            g.damage(fi, 1, ABILITY, None, by=fi)


def _transform_answered(g, seat: int, yes: bool) -> None:
    if yes:
        set_form(g, seat, other_form(g, seat))


@hook_effect("transform")
def transform(g, ctx, op):
    """The hero becomes the form ``params.to``."""
    set_form(g, ctx.player, (op.params or {})["to"], ctx.card if ctx.card >= 0 else None)


def _in_form(index: int, role: int):
    """A condition: the resolving player's hero is in its ``index``-th form, playing the card
    in ``role``."""
    def check(g, ctx) -> bool:
        hero = g.players[ctx.player].hero
        return (len(hero.forms) > index and ctx.role == role
                and g.players[ctx.player].res.get(FORM) == hero.forms[index].name)
    return check


CONDITIONS.update({
    "first_form_defending": _in_form(0, DEFENDER),    # Duality of Man: Dr. Jekyll, defending
    "second_form_attacking": _in_form(1, ATTACKER),   # ... Mr. Hyde, attacking
})


@hook_effect("draw_keep_one")
def draw_keep_one(g, ctx, op):
    """Calming Research: draw up to ``params.up_to`` cards (decision ``draw_up_to``: how many,
    never more than the deck holds), keep one of them and put the others on the bottom of the
    deck in the order chosen (``deck_to_bottom``, one card at a time, the first chosen lowest)."""
    up_to = (op.params or {}).get("up_to", 3)
    n_max = min(up_to, len(g.players[ctx.player].deck))
    # (the decision kind Hamlet's draw uses too, and its advice: as many as the deck allows)
    g.ask(ctx.player, "draw_up_to", list(range(n_max + 1)), _drawn, ctx, card=ctx.card,
          deck=n_max)


def _drawn(g, ctx, n: int) -> None:
    if n <= 0:
        return
    p = g.players[ctx.player]
    before = len(p.hand)
    g.draw(ctx.player, n)
    drawn = tuple(p.hand[before:])
    if len(drawn) > 1:
        g.ask(ctx.player, "draw_keep", list(drawn), _kept, ctx, drawn, card=ctx.card)


def _kept(g, ctx, drawn: tuple, keep: int) -> None:
    _bottom_next(g, ctx, tuple(c for c in drawn if c != keep))


def _bottom_next(g, ctx, left: tuple) -> None:
    left = tuple(c for c in left if c in g.players[ctx.player].hand)
    if left:
        g.ask(ctx.player, "deck_to_bottom", list(left), _bottomed, ctx, left, card=ctx.card,
              owner=ctx.player)


def _bottomed(g, ctx, left: tuple, cid: int) -> None:
    g.take_from_hand(ctx.player, cid)
    g.put_deck_bottom(ctx.player, cid)
    g.log("deck_to_bottom", ctx.player)
    _bottom_next(g, ctx, tuple(c for c in left if c != cid))


# ---------------------------------------------------------------------- the AI
def _usable_count(view, name: str) -> int:
    return sum(1 for c in view.hand if view.card(c).users is not None and name in view.card(c).users)


def _foe_distance(view) -> int:
    """Steps from the hero to the nearest opposing fighter (99: none on the board)."""
    me = view.my_hero()
    foes = {view.fighter(fi).space for t in view.foe_seats() for fi in view.on_board(t)}
    adj = view.board.adjacent
    seen, frontier, k = {me.space}, [me.space], 0
    while frontier:
        if any(s in foes for s in frontier):
            return k
        nxt = [t for s in frontier for t in adj[s] if t not in seen and not seen.add(t)]
        frontier, k = nxt, k + 1
    return 99


@advise("transform")
def _advise_transform(policy, view, d):
    """Mr. Hyde (the fighting form: his attacks are worth 5) when a foe is within a maneuver
    and a blow and the hand holds a Mr. Hyde card; Dr. Jekyll while foes are far (Mr. Hyde's
    maneuvers hurt him), on the brink, or with no Mr. Hyde card in hand."""
    forms = [f.name for f in view.hero().forms]
    here = d.info.get("form")
    jekyll, hyde = forms[0], forms[-1]
    near = _foe_distance(view) <= view.move_value() + 1
    if view.my_hero().health <= 4:
        want = jekyll
    elif near and _usable_count(view, hyde):
        want = hyde
    elif _usable_count(view, jekyll) or not near:
        want = jekyll
    else:
        want = here
    return want != here


@advise("draw_keep")
def _advise_draw_keep(policy, view, d):
    """Keep the card of the highest value (a scheme counts 3)."""
    return max(d.options, key=lambda c: (view.card(c).value if view.card(c).value is not None else 3, -c))


def _then_hurts_neighbours(card, op_name: str) -> int:
    """The damage the card deals to every fighter next to ours right after the ``op_name``
    effect that puts it somewhere (Pure Evil: place, then 2 to each neighbour); 0 if none."""
    for ops in card.effects.values():
        for i, op in enumerate(ops[:-1]):
            nxt = ops[i + 1]
            if (op.NAME == op_name and nxt.NAME == "damage" and nxt.spec.get("target") == "each_adjacent"
                    and isinstance(nxt.spec.get("amount"), int)):
                return nxt.spec["amount"]
    return 0


def _blows(policy, view, fi: int, space: int, amount: int) -> float:
    """What ``amount`` damage to every fighter next to ``space`` (but ``fi``) is worth to us."""
    total = 0.0
    for t in view.board.adjacent[space]:
        o = view.occupant(t)
        if o >= 0 and o != fi:
            total += policy.blow_worth(view, view.fighter(o), amount)
    return total


@destination_advice("dual_nature")
def _advise_destination(policy, view, d):
    """Pure Evil puts Mr. Hyde where his 2 damage to every neighbour is worth most (foes hurt,
    less friends), the space's own worth added; other effects: the policy's choice."""
    card = d.info.get("card")
    if card is None or card < 0:
        return None
    amount = _then_hurts_neighbours(view.card(card), d.info.get("op"))
    if not amount:
        return None
    fi = d.info["fighter"]
    options = list(d.options)
    worths = policy.space_values(view, fi, options, policy._after_now(view))
    return max(zip(options, worths), key=lambda sw: (_blows(policy, view, fi, sw[0], amount) + sw[1], -sw[0]))[0]


@scheme_advice("dual_nature")
def _advise_scheme(policy, view, cid, fi):
    """Pure Evil hurts the neighbours of the space it puts Mr. Hyde on, not of the one he
    leaves (an empty space of his zone: he cannot stay): it is worth the best such space's
    blows, less the card. (Weighed where he stood, it was played next to a foe only to carry
    him away from it.) Other schemes: the policy's own reckoning."""
    from unmatched_sim.policies.weights import SCHEME_BONUS

    card = view.card(cid)
    amount = _then_hurts_neighbours(card, "place")
    me = view.fighter(fi)
    if not amount or not me.on_board or not any(
            op.NAME == "place" and op.spec.get("where") == "self_zone" for op in card.effects.get("effect", ())):
        return None
    zone = view.board.same_zone
    spaces = [s for s in range(len(view.board.adjacent))
              if s != me.space and view.occupant(s) < 0 and zone(s, me.space)]
    # with no empty space in his zone he stays, and hurts his neighbours there
    best = max((_blows(policy, view, fi, s, amount) for s in spaces or [me.space]), default=0.0)
    return best - policy.spend_cost(view, cid) + SCHEME_BONUS


@story_line("transform")
def _story_transform(row):
    return f"{row['who']}: the hero becomes {row['detail']}"
