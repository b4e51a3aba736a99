"""The Wayward Sisters: Bubbling Brew — the cauldron and the four spells — and Three Sisters.

Three Sisters: the hero file's ``[hero] count = 3`` gives three heroes of 6 health ("Sister 1"
to "Sister 3"); the side is beaten only when all three are defeated (``Game.hero_defeated``),
and an effect on "your hero" lets the player choose a Sister (selector ``hero``).

Bubbling Brew: every card of theirs bound for their discard pile — played, used to BOOST,
discarded from hand by any effect or the hand limit, discarded from the deck — goes into the
cauldron instead (``redirect_discard``; ``cauldron.py`` in this package holds the zone and
the card-side verbs). After each of their attacks (once the played card is in the cauldron) they may
cast one spell whose ingredients are all in the cauldron (decision ``spell``: a spell name or
None); its effect resolves, then every card in the cauldron goes to the discard pile, even the
ones not needed. Spells are data: ``[[ability.params.spells]]`` in the hero file, each with a
name, the ingredients it needs and an effect list in the shared vocabulary.

Something Wicked This Way Comes (hook effect ``cast_two_spells``): cast any spell, then a
different one, ignoring ingredients and leaving the cauldron as it is.

Events: ``to_cauldron`` (card, detail = the route), ``cauldron_discard`` (amount = cards),
``spell`` (card = the spell's name, detail = "cast" after attacking or "free" for Something
Wicked), then the spell's own rows.
"""

from __future__ import annotations

from typing import NamedTuple

from unmatched_sim.engine.effects import hook_effect
from unmatched_sim.engine.game import SPELL
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.state import OTHER_ROLE, Ctx
from unmatched_sim.hooks.wayward_sisters.cauldron import (CAULDRON, cauldron_of, empty_cauldron,
                                                         ingredient, to_cauldron)
from unmatched_sim.hooks import Ability, ability, advise, effect_advice, story_line

INGREDIENTS = ("snake", "bat", "lizard")


class Spell(NamedTuple):
    name: str
    needs: frozenset
    effect: tuple
    text: str = ""


def _spell(name, needs, effect, text) -> Spell:
    return Spell(name, frozenset(needs), effect, text)


@ability("bubbling_brew")
class BubblingBrew(DeclaredParams, Ability):
    PARAMS = {"spells": Param.tables({
        "name": Param.text(doc="the spell's name"),
        "needs": Param.names(INGREDIENTS, doc="the ingredients it needs in the cauldron"),
        "effect": Param.effects([], "what it does"),
        "text": Param.text("", "its printed text", empty=True),
    }, _spell, "a list of [[ability.params.spells]] with name, needs, effect", unique="name")}

    def __init__(self, hero, params):
        super().__init__(hero, params)
        self.spells: tuple[Spell, ...] = params["spells"]
        self.by_name = {s.name: s for s in self.spells}

    def setup(self, g, seat):
        g.players[seat].res[CAULDRON] = ()

    def redirect_discard(self, g, cid, route):
        to_cauldron(g, g.owner(cid), cid, route)
        return True

    def castable(self, g, seat) -> list[str]:
        have = {ingredient(g.card(c)) for c in cauldron_of(g, seat)}
        return [s.name for s in self.spells if s.needs <= have]

    def after_attacking(self, g, seat):
        if g.hero_defeated(seat):
            return
        options = self.castable(g, seat)
        if options:
            g.ask(seat, "spell", options + [None], self._cast, seat,
                  cauldron=tuple(cauldron_of(g, seat)))

    def _cast(self, g, seat, name):
        if name is None:
            return
        g.push((self._after_spell, (seat,)))
        self.resolve(g, seat, name, "cast")

    def resolve(self, g, seat, name, how):
        spell = self.by_name[name]
        g.log("spell", seat, g.hero_of(seat).idx, card=name, detail=how)
        if spell.effect:
            g.run_effects(spell.effect, Ctx(seat, -1, OTHER_ROLE, g.hero_of(seat).idx, source=SPELL,
                                            source_name=name))

    def _after_spell(self, g, seat):
        empty_cauldron(g, seat)


@hook_effect("cast_two_spells")
def cast_two_spells(g, ctx, op):
    """Something Wicked This Way Comes: any spell, then a different one (decisions ``spell``),
    without ingredients and without emptying the cauldron."""
    ab = g.players[ctx.player].ability
    names = [s.name for s in ab.spells]
    g.ask(ctx.player, "spell", names, _first_spell, ctx, free=True)


def _first_spell(g, ctx, name):
    ab = g.players[ctx.player].ability
    rest = [s.name for s in ab.spells if s.name != name]
    g.push((_ask_second, (ctx, tuple(rest))))
    ab.resolve(g, ctx.player, name, "free")


def _ask_second(g, ctx, rest):
    if rest and not g.over:
        g.ask(ctx.player, "spell", list(rest), _second_spell, ctx, free=True)


def _second_spell(g, ctx, name):
    g.players[ctx.player].ability.resolve(g, ctx.player, name, "free")


# ---------------------------------------------------------------- the AI
SPELL_ORDER = ("gain_action", "damage", "draw", "move")


@advise("spell")
def _advise_spell(policy, view, d):
    """Cast the spell worth most. A policy that weighs effects (the heuristic's
    ``best_effects``: the spell's effects as they would resolve now — Stinging hits whom it can
    reach, an extra action on an empty deck is a forced exhausting maneuver) decides itself.
    Others (greedy, the frozen tuned-v1) by a fixed order: an action on our own turn, then
    damage, then draw-and-heal, then a move. Never decline."""
    by_name = {s.name: s for s in view.hero().ability.params["spells"]}
    spells = [o for o in d.options if o is not None]
    if not spells:
        return None
    judge = getattr(policy, "best_effects", None)
    if judge is not None:
        return judge(view, {name: by_name[name].effect for name in spells})

    def worth(name):
        ops = [op.NAME for op in by_name[name].effect]
        score = 0.0
        if "gain_action" in ops:
            score += 3.0 if view.my_turn else 0.0
        if "damage" in ops:
            score += 2.0
        if "draw" in ops:
            score += 1.5
        if "recover" in ops:
            score += 0.5
        if "move" in ops:
            score += 0.5
        return score
    return max(spells, key=lambda n: (worth(n), n))


@effect_advice("cast_two_spells")
def _wicked_worth(policy, view, op, fi):
    """Something Wicked This Way Comes is worth the two best different spells it casts, each as
    it would resolve now by our hero (``ops_worth``), not a flat unknown effect's worth."""
    me = view.my_hero()
    at = me.idx if me.on_board else None
    worths = sorted((policy.ops_worth(view, s.effect, at) for s in view.hero().ability.params["spells"]),
                    reverse=True)
    return sum(worths[:2])


@advise("deck_top_destination")
def _advise_top(policy, view, d):
    return "hand"


@advise("opponent_picks")
def _advise_opponent_picks(policy, view, d):
    """Hurly-Burly, as the opponent: give them the card rather than add a big BOOST to the
    attack coming at us; a small BOOST is worth less than a card in their hand."""
    return "cauldron" if d.info.get("boost", 0) <= 1 else "hand"


@advise("cauldron_from_discard")
def _advise_from_discard(policy, view, d):
    """Add an ingredient the cauldron lacks, if any."""
    have = {ingredient(view.card(c)) for c in view.resources(view.seat).get(CAULDRON, ())}
    fresh = [c for c in d.options if ingredient(view.card(c)) not in have]
    return (fresh or list(d.options))[0]


@advise("cauldron_to_hand")
def _advise_to_hand(policy, view, d):
    return max(d.options, key=lambda c: (policy.power(view, c) if hasattr(policy, "power") else 0, -c))


# What the last card of an ingredient in the cauldron is worth: one of the two or three a spell
# after the next attack needs (a spell is worth about an action or a damage).
LONE_INGREDIENT_WORTH = 1.5


@advise("cauldron_discard")
def _advise_cauldron_discard(policy, view, d):
    """Unnatural Remedy: heal while our fighters are hurt, a spare card of an ingredient first.
    The last card of an ingredient goes too when a policy that weighs health (the heuristic's
    ``heal_worth``) finds the health worth more than the ingredient (a Sister at 2 health should
    heal rather than keep a spell's ingredient). Others (greedy, the frozen tuned-v1) keep one card
    of each ingredient."""
    hurt = any(f.health < f.max_health for f in view.fighters(view.seat) if f.alive)
    if not hurt:
        return None
    pot = [c for c in d.options if c is not None]
    seen = set()
    spare = []
    for c in pot:
        ing = ingredient(view.card(c))
        if ing in seen:
            spare.append(c)
        seen.add(ing)
    if spare:
        return spare[0]
    judge = getattr(policy, "heal_worth", None)
    if pot and judge is not None and judge(view, 1) > LONE_INGREDIENT_WORTH:
        return pot[0]
    return None


@story_line("to_cauldron")
def _story_to_cauldron(e):
    return f"{e['who']} drops {e['card']} into the cauldron"


@story_line("cauldron_discard")
def _story_cauldron_discard(e):
    return f"{e['who']} empties {e['amount']} card(s) from the cauldron"


@story_line("spell")
def _story_spell(e):
    return f"{e['who']} casts {e['card']}" + (" (Something Wicked)" if e.get("detail") == "free" else "")
