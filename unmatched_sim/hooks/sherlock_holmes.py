"""Sherlock Holmes: what his cards need beyond the vocabulary. (His ability — the opponent
cannot cancel the effects of HOLMES and DR. WATSON cards — is those cards' ``uncancelable``
flag in the hero file.)

* Elementary (a defence card tagged ``predict_attack_value``): once the defence is chosen
  and before the cards are revealed (``before_reveal``), its player predicts the printed
  value of the face-down attack card (decision ``predict_value``: every printed value of an
  attack or versatile card in the attacker's deck list, which is public). The prediction is
  public (event ``prediction``); condition ``prediction_correct`` reads it during the combat.
* ``confirm_suspicion`` — name a value (decision ``name_value``); the opponent discards a card
  of that printed value (attack, defence or versatile: decision ``effect_discard``, their
  choice) and their hero takes damage equal to its BOOST; with no such card the whole hand is
  revealed (event ``hand_revealed``).
* ``swap_with_opposing_hero`` — Master of Disguise: the resolving fighter swaps spaces with
  the opponent's hero (a chosen one of several), which then takes ``params.damage``.

State: ``res["prediction"]`` (the predicted value for the current combat; cleared after it).
"""

from __future__ import annotations

from collections import Counter

from unmatched_sim.engine.combat import CARD
from unmatched_sim.engine.effects import CONDITIONS, hook_effect
from unmatched_sim.engine.piles import OPPONENT_EFFECT
from unmatched_sim.engine.state import ATTACKER, DEFENDER, other_role
from unmatched_sim.hooks import Ability, ability, advise, scheme_advice, story_line

PREDICT = "predict_attack_value"
PREDICTION = "prediction"


def _attack_values(hero) -> list[int]:
    """The printed values an attack of this hero may show (its deck list is public)."""
    return sorted({c.value or 0 for c in hero.cards if c.can_attack})


@ability("master_deduction")
class MasterDeduction(Ability):

    def before_reveal(self, g, seat, combat, value):
        cid = combat.cards[DEFENDER]
        if combat.players[DEFENDER] != seat or cid is None or PREDICT not in g.card(cid).tags:
            return value
        attacker = g.players[combat.players[ATTACKER]].hero
        g.push((_ask_prediction, (seat, tuple(_attack_values(attacker)))))
        return value

    def combat_cleanup(self, g, seat, role):
        if PREDICTION in g.players[seat].res:
            del g.players[seat].res[PREDICTION]


def _ask_prediction(g, seat: int, values: tuple) -> None:
    g.ask(seat, "predict_value", list(values), _predicted, seat, card=g.combat.cards[DEFENDER])


def _predicted(g, seat: int, value: int) -> None:
    g.players[seat].res[PREDICTION] = value
    g.log("prediction", seat, g.combat.fighters[DEFENDER], g.combat.cards[DEFENDER], amount=value)


def _prediction_correct(g, ctx) -> bool:
    """The value this player predicted is the printed value of the opponent's combat card."""
    c = g.combat
    if c is None or ctx.role > DEFENDER:
        return False
    cid = c.cards[other_role(ctx.role)]
    guess = g.players[ctx.player].res.get(PREDICTION)
    return cid is not None and guess is not None and g.format.printed_value(g, cid, other_role(ctx.role)) == guess


CONDITIONS["prediction_correct"] = _prediction_correct


@hook_effect("confirm_suspicion")
def confirm_suspicion(g, ctx, op):
    victim = g.opponent_of(ctx)
    values = sorted({c.value or 0 for c in g.players[victim].hero.cards if c.type != "scheme"})
    g.ask(ctx.player, "name_value", values, _named, ctx, victim, card=ctx.card, victim=victim)


def _named(g, ctx, victim: int, value: int) -> None:
    g.log("value_named", ctx.player, card=ctx.card, amount=value)
    p = g.players[victim]
    matching = [c for c in p.hand if g.card(c).type != "scheme" and (g.card(c).value or 0) == value]
    if not matching:
        p.known_hand = p.known_hand | frozenset(p.hand)
        g.log("hand_revealed", victim, amount=len(p.hand))
        return
    g.ask(victim, "effect_discard", matching, _discarded, ctx, victim, card=ctx.card, victim=victim,
          op="confirm_suspicion")


def _discarded(g, ctx, victim: int, cid: int) -> None:
    boost = g.players[g.owner(cid)].ability.boost_value(g, cid)
    g.discard_from_hand(victim, cid, OPPONENT_EFFECT)
    heroes = [fi for fi in g.players[victim].fighters if g.fighters[fi].is_hero and g.fighters[fi].on_board]
    if boost and heroes:
        if len(heroes) == 1:
            g.damage(heroes[0], boost, CARD, ctx.card, by=g.ctx_fighter(ctx))
        else:
            g.ask(ctx.player, "effect_fighter", heroes, _hurt, ctx, boost, card=ctx.card, op="confirm_suspicion")


def _hurt(g, ctx, amount: int, fi: int) -> None:
    g.damage(fi, amount, CARD, ctx.card, by=g.ctx_fighter(ctx))


@hook_effect("swap_with_opposing_hero")
def swap_with_opposing_hero(g, ctx, op):
    me = g.ctx_fighter(ctx)
    victim = g.opponent_of(ctx)
    # (a co-op enemy is no hero: Format.counts_as_hero)
    heroes = [fi for fi in g.players[victim].fighters
              if g.fighters[fi].on_board and g.format.counts_as_hero(g, fi)]
    if heroes and g.fighters[me].on_board:
        g.ask(ctx.player, "effect_fighter", heroes, _swap, ctx, op, card=ctx.card, op="swap_with_opposing_hero")


def _swap(g, ctx, op, fi: int) -> None:
    me = g.ctx_fighter(ctx)
    if not (g.held(me) or g.held(fi)):
        g.swap_spaces(me, fi, ctx.card)
    g.damage(fi, (op.params or {}).get("damage", 1), CARD, ctx.card, by=me)


# ---------------------------------------------------------------------- the AI
def _unseen_values(view, foe: int, usable=None) -> Counter:
    counts: Counter = Counter()
    known = view.known_opponent_hand(foe)
    for d in view.unseen_opponent_cards(foe):
        counts[d.value or 0] += 1 if usable is None or usable(d) else 0
    for c in known:
        d = view.card(c)
        counts[d.value or 0] += 3 if usable is None or usable(d) else 0
    return counts


@advise("predict_value")
def _advise_predict(policy, view, d):
    """The printed value most common among the attacker's attack cards it may still hold."""
    c = view.combat_fighters()
    foe = view.fighter(c[0]).owner if c else view.opp
    name = view.fighter(c[0]).defn.name if c else None
    counts = _unseen_values(view, foe, lambda x: x.can_attack and (name is None or x.usable_by(name)))
    return max(d.options, key=lambda v: (counts.get(v, 0), v))


@advise("name_value")
def _advise_name_value(policy, view, d):
    """The value whose cards in the opponent's unseen or known hand carry the most BOOST."""
    foe = d.info.get("victim", view.opp)
    weight: Counter = Counter()
    for x in view.unseen_opponent_cards(foe):
        if x.type != "scheme":
            weight[x.value or 0] += 1 + (x.boost or 0)
    for c in view.known_opponent_hand(foe):
        x = view.card(c)
        if x.type != "scheme":
            weight[x.value or 0] += 5 * (1 + (x.boost or 0))
    return max(d.options, key=lambda v: (weight.get(v, 0), v))


def _suspicion_worth(policy, view, foe: int) -> float:
    """Confirm Suspicion's worth before the value is named: for the value named
    (``_advise_name_value``), the chance the foe's hand holds a card of it — from the cards
    Holmes knows there and the unseen ones, the hand a random draw of those — times the card
    discarded and its BOOST's damage to the foe's hero; nothing when it misses (the hand is
    only revealed)."""
    from math import comb

    from unmatched_sim.policies.weights import FOR_HERO_ADVICE
    hand = view.hand_size(foe)
    if not hand:
        return 0.0
    known = [view.card(c) for c in view.known_opponent_hand(foe)]
    unseen = [d for d in view.unseen_opponent_cards(foe) if d.type != "scheme"]
    pool = len(view.unseen_opponent_cards(foe))
    drawn = hand - len(known)
    best = 0.0
    values = {d.value or 0 for d in unseen} | {d.value or 0 for d in known if d.type != "scheme"}
    heroes = [fi for fi in view.on_board(foe) if view.fighter(fi).is_hero]
    if not heroes:
        return 0.0
    hero = view.fighter(heroes[0])
    for v in values:
        mine = [d for d in known if d.type != "scheme" and (d.value or 0) == v]
        match = [d for d in unseen if (d.value or 0) == v]
        if mine:
            p, boost = 1.0, max(d.boost or 0 for d in mine)
        elif match and 0 < drawn <= pool:
            p = 1.0 - comb(pool - len(match), drawn) / comb(pool, drawn)
            boost = sum(d.boost or 0 for d in match) / len(match)
        else:
            continue
        w = p * (FOR_HERO_ADVICE["FOE_DISCARD_WORTH"] + policy.blow_worth(view, hero, boost))
        best = max(best, w)
    return best


@scheme_advice("master_deduction")
def _advise_scheme(policy, view, cid, fi):
    """Holmes's schemes whose effect is his own: Confirm Suspicion (``_suspicion_worth``) and
    Master of Disguise (its damage to the foe's hero: its defeat when that is the last point);
    other schemes: the policy's own reckoning."""
    from unmatched_sim.policies.weights import FOR_HERO_ADVICE

    ops = view.card(cid).effects.get("effect", ())
    names = [op.spec.get("name") for op in ops if op.NAME == "hook"]
    if not names or not hasattr(policy, "blow_worth"):
        return None
    worth = 0.0
    for op in ops:
        name = op.spec.get("name") if op.NAME == "hook" else None
        if name == "confirm_suspicion":
            worth += _suspicion_worth(policy, view, view.opp)
        elif name == "swap_with_opposing_hero":
            amount = (op.spec.get("params") or {}).get("damage", 1)
            worth += max((policy.blow_worth(view, view.fighter(x), amount) for x in view.on_board(view.opp)
                          if view.fighter(x).is_hero), default=0.0)
        else:
            worth += policy.ops_worth(view, [op], fi, True)
    return worth - policy.spend_cost(view, cid) + FOR_HERO_ADVICE["SCHEME_BONUS"]


@story_line("prediction")
def _story_prediction(row):
    return f"{row['who']} predicts an attack value of {row['amount']}"


@story_line("value_named")
def _story_value_named(row):
    return f"{row['who']} names the value {row['amount']}"


@story_line("hand_revealed")
def _story_hand_revealed(row):
    return f"{row['who']} reveals their hand ({row['amount']} cards)"
