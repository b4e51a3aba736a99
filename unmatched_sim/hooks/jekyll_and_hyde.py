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

The AI (the end of the module): the form to take at the start of the turn weighs what each
form's cards attack and defend with; a card that transforms him is weighed by the defense it
leaves him; Pure Evil by the neighbours of the space it puts Mr. Hyde on; a maneuver as Mr.
Hyde by the health it costs him.
"""

from __future__ import annotations

from unmatched_sim.engine.combat import ABILITY
from unmatched_sim.engine.effects import CONDITIONS, hook_effect
from unmatched_sim.engine.state import ATTACKER, DEFENDER
from unmatched_sim.hooks import (Ability, ability, advise, card_advice, destination_advice, maneuver_advice,
                                 scheme_advice, story_line, view_condition)

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


DEFENSE_SHARE = 0.7     # the best defense kept for the foe's turn, against the attack made now
HYDE_PAIN = 0.5         # Mr. Hyde's maneuvers hurt him: a turn in his form risks 1 damage
LOW_HEALTH = 4          # at this health a maneuver as Mr. Hyde may be his last


def _turns_into(card) -> str | None:
    """The form a card's after-combat effect turns him into (Recoiling Blow, Madness Relents:
    Dr. Jekyll; Succumb to Compulsion: Mr. Hyde), or None."""
    for op in card.effects.get("after_combat", ()):
        if op.NAME == "hook" and op.spec.get("name") == "transform":
            return (op.spec.get("params") or {}).get("to")
    return None


def _strength(view, cid: int, form: int, role: int) -> float:
    """A card's value played in ``role`` by the ``form``-th form: Duality of Man is 6 for Dr.
    Jekyll defending and Mr. Hyde attacking, Forever Hyde +2 for each Dr. Jekyll card it can
    discard (useless to Mr. Hyde otherwise)."""
    card = view.card(cid)
    v = float(card.value or 0)
    for op in card.effects.get("during_combat", ()):
        cond, to = op.spec.get("if"), op.spec.get("to")
        if op.NAME == "set_value" and isinstance(to, int) and (
                (cond == "first_form_defending" and form == 0 and role == DEFENDER)
                or (cond == "second_form_attacking" and form == 1 and role == ATTACKER)):
            v = max(v, float(to))
        elif op.NAME == "discard_for_value" and role == ATTACKER:
            banner = op.spec.get("banner")
            v += op.spec.get("per", 2) * sum(1 for c in view.hand_ids() if c != cid and view.card(c).users is not None
                                             and banner in view.card(c).users)
    return v


def form_worth(view, forms: list, form: int, near: bool) -> float:
    """What a turn in the ``form``-th form holds: its best attack if a foe is within reach,
    plus a share of the best defense left for the foe's turn in the form he then ends in (an
    attack that turns him back counts its form), less Mr. Hyde's maneuver damage."""
    name = forms[form].name
    hand = view.hand_ids()
    attack, used, end = 0.0, None, form
    if near:
        for c in hand:
            card = view.card(c)
            if card.can_attack and card.usable_by(name):
                v = _strength(view, c, form, ATTACKER)
                if v > attack:
                    attack, used = v, c
        if used is not None:
            back = _turns_into(view.card(used))
            end = next((i for i, f in enumerate(forms) if f.name == back), form)
    end_name = forms[end].name
    defense = max((_strength(view, c, end, DEFENDER) for c in hand
                   if c != used and view.card(c).can_defend and view.card(c).usable_by(end_name)), default=0.0)
    return attack + DEFENSE_SHARE * defense - (HYDE_PAIN if form == len(forms) - 1 else 0.0)


def scheme_turn(policy, view, name: str, actions: int) -> float:
    """What the best ``actions`` schemes the form ``name`` may play add to its turn, in points
    of damage to the foe's hero (the unit of ``form_worth``): each scheme's worth
    (``scheme_eval``: Pure Evil's blows, Strange Case's, Calming Research's healing, less the
    card) over a point of that hero's health; schemes not worth their card count nothing."""
    if not actions or not hasattr(policy, "scheme_eval"):
        return 0.0
    me, foe = view.my_hero(), view.opp_hero()
    worths = []
    for c in view.hand_ids():
        card = view.card(c)
        if card.type == "scheme" and card.usable_by(name):
            w = policy.scheme_eval(view, c, me.idx)
            if w > 0:
                worths.append(w)
    worths.sort(reverse=True)
    return sum(worths[:actions]) / policy.hp_weight(foe, False)


def _attacks(view, name: str) -> bool:
    return any(view.card(c).can_attack and view.card(c).usable_by(name) for c in view.hand_ids())


@advise("transform")
def _advise_transform(policy, view, d):
    """The form whose turn holds most (``form_worth``): the best attack its cards make if a foe
    is within a maneuver and a blow, and the best defense left for the foe's turn in the form he
    ends it in (Mr. Hyde's cards cannot defend as Dr. Jekyll's can), and the best scheme it may
    play (``scheme_turn``: Mr. Hyde's damage, Dr. Jekyll's healing); on the brink, Dr. Jekyll
    unless a foe is already next to him (a maneuver as Mr. Hyde may be his last)."""
    forms = list(view.hero().forms)
    names = [f.name for f in forms]
    here = names.index(d.info.get("form")) if d.info.get("form") in names else 0
    dist = _foe_distance(view)
    if view.my_hero().health <= LOW_HEALTH and dist > 1:
        return here != 0
    near = dist <= view.move_value() + 1
    # a turn's two actions: an attack (in reach) and a scheme, or two schemes
    worth = [form_worth(view, forms, i, near)
             + scheme_turn(policy, view, f.name, 1 if near and _attacks(view, f.name) else 2)
             for i, f in enumerate(forms)]
    want = max(range(len(forms)), key=lambda i: (worth[i], i == here))
    return want != here


def _best_defense(view, form: int, name: str, without: int) -> float:
    return max((_strength(view, c, form, DEFENDER) for c in view.hand_ids()
                if c != without and view.card(c).can_defend and view.card(c).usable_by(name)), default=0.0)


@card_advice("dual_nature")
def _advise_combat_card(policy, view, cid):
    """A card that transforms him after the combat leaves him in a form whose cards must answer
    the foe's next attack: worth a share of how much better (or worse) the best defense left in
    that form is than in his form now. (Succumb to Compulsion played as a defense made Dr.
    Jekyll Mr. Hyde with a hand of Dr. Jekyll cards for the rest of the foe's turn.)"""
    to = _turns_into(view.card(cid))
    forms = [f.name for f in view.hero().forms]
    here = forms.index(view.resources(view.seat).get(FORM, forms[0])) if forms else 0
    if to is None or to not in forms or forms.index(to) == here:
        return 0.0
    there = forms.index(to)
    return DEFENSE_SHARE * (_best_defense(view, there, to, cid) - _best_defense(view, here, forms[here], cid))


@maneuver_advice("dual_nature")
def _advise_maneuver(policy, view):
    """A maneuver as Mr. Hyde costs him 1 health (his defeat, if it is his last), so a Mr. Hyde
    with nothing better to do than step about pays for each step."""
    forms = view.hero().forms
    me = view.my_hero()
    if not forms or not me.on_board or view.resources(view.seat).get(FORM) != forms[-1].name:
        return 0.0
    if me.health <= 1:
        return policy.defeat_worth(view, me)
    return policy.hp_weight(me, True)


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
    from unmatched_sim.policies.weights import FOR_HERO_ADVICE
    SCHEME_BONUS = FOR_HERO_ADVICE["SCHEME_BONUS"]

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


def _role_of(view, fi: int) -> int:
    """The side fighter ``fi`` plays a card on: its own in the combat under way; before one,
    the attack on its player's turn (the combat it may start), the defense on a foe's."""
    pair = view.combat_fighters()
    if pair is not None and fi in pair:
        return pair.index(fi)
    return ATTACKER if (view.fighter(fi).owner == view.seat) == view.is_my_turn() else DEFENDER


def _form_seen(index: int, role: int):
    """A reader of ``_in_form(index, role)`` from a player's view: the form is public, and so
    is the side a fighter plays on (``_role_of``)."""
    def read(view, fi: int, foe: int) -> bool:
        seat = view.fighter(fi).owner
        forms = view.hero(seat).forms
        return (len(forms) > index and _role_of(view, fi) == role
                and view.resources(seat).get(FORM) == forms[index].name)
    return read


# Duality of Man at the value it will have: 6 for Dr. Jekyll defending, Mr. Hyde attacking.
view_condition("first_form_defending")(_form_seen(0, DEFENDER))
view_condition("second_form_attacking")(_form_seen(1, ATTACKER))


@story_line("transform")
def _story_transform(row):
    return f"{row['who']}: the hero becomes {row['detail']}"
