"""Blackbeard: Privateer Turned Pirate — doubloons, the treasury, ransoms, Queen Anne's Revenge.

There are 3 doubloons. Both piles live in Blackbeard's ``res`` as plain ints: ``doubloons``
(his) and ``treasury`` (the pile by the opponent). Blackbeard pays into the treasury (for an
extra action, or when he takes combat damage); an opponent who pays a ransom takes doubloons
from the treasury and gives them to him, and his thefts take them from the treasury too. So an
opponent can pay only what the treasury holds.

Ransoms themselves ("<effect> unless 🪙×N") are the shared ``unless_paid`` field of every effect
(see ``engine.effects.offer_ransom``); this ability only says what may be paid and moves it.
"""

from __future__ import annotations

from unmatched_sim.data.limits import ABILITY_PARAMS
from unmatched_sim.engine.effects import hook_effect
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.state import DEFENDER, other_role
from unmatched_sim.hooks import Ability, ability, advise, story_line

DOUBLOONS, TREASURY = "doubloons", "treasury"
# Why doubloons were paid (the ``detail`` of ``doubloons_paid`` events).
EXTRA_ACTION, COMBAT_DAMAGE, RANSOM = "extra_action", "combat_damage", "ransom"


def doubloons(g, seat: int) -> int:
    return g.players[seat].res.get(DOUBLOONS, 0)


def treasury(g, seat: int) -> int:
    """The treasury of the Blackbeard player in ``seat``."""
    return g.players[seat].res.get(TREASURY, 0)


def _transfer(g, seat: int, to_blackbeard: int) -> None:
    """Move doubloons between Blackbeard (``seat``) and his treasury; positive = to him."""
    res = g.players[seat].res
    res[DOUBLOONS] = res.get(DOUBLOONS, 0) + to_blackbeard
    res[TREASURY] = res.get(TREASURY, 0) - to_blackbeard
    assert res[DOUBLOONS] >= 0 and res[TREASURY] >= 0, res


def pay_to_treasury(g, seat: int, n: int, why: str) -> None:
    """Blackbeard pays ``n`` doubloons into the treasury."""
    _transfer(g, seat, -n)
    g.log("doubloons_paid", seat, g.hero_of(seat).idx, amount=n, value=doubloons(g, seat), detail=why)


@ability("privateer_turned_pirate")
class PrivateerTurnedPirate(DeclaredParams, Ability):
    """Blackbeard's doubloons.

    - At the start of his turn he may pay 1 doubloon for 1 extra action (once a turn).
    - Whenever Blackbeard himself (not a Sea Dog) takes combat damage he pays 1 doubloon to the
      treasury, if he has one (one doubloon per hit, however much damage).
    - Ransoms on his cards are paid from the treasury to him.
    """
    PARAMS = {
        "doubloons": Param.whole(2, "doubloons Blackbeard starts with",
                                 *ABILITY_PARAMS["privateer_turned_pirate"]["doubloons"]),
        "treasury": Param.whole(1, "doubloons the treasury starts with",
                                *ABILITY_PARAMS["privateer_turned_pirate"]["treasury"]),
    }

    def setup(self, g, seat):
        res = g.players[seat].res
        res[DOUBLOONS] = self.params["doubloons"]
        res[TREASURY] = self.params["treasury"]

    def start_of_turn(self, g, seat):
        if doubloons(g, seat) >= 1:
            g.ask(seat, "ability_pay_for_action", (False, True), self._paid_for_action, seat,
                  doubloons=doubloons(g, seat))

    def _paid_for_action(self, g, seat, pay):
        if pay:
            pay_to_treasury(g, seat, 1, EXTRA_ACTION)
            g.gain_action(seat, 1)

    def on_combat_damage(self, g, fighter, amount):
        f = g.fighters[fighter]
        if f.is_hero and doubloons(g, f.owner) >= 1:
            pay_to_treasury(g, f.owner, 1, COMBAT_DAMAGE)

    def ransom_available(self, g, seat):
        return treasury(g, seat)

    def pay_ransom(self, g, seat, payer, amount, card):
        _transfer(g, seat, amount)
        g.log("doubloons_paid", payer, card=card, amount=amount, value=doubloons(g, seat), detail=RANSOM)


@hook_effect("steal_doubloons")
def steal_doubloons(g, ctx, op):
    """"Steal N doubloons from the treasury" (params ``count``, default 1): as many as it holds."""
    n = min((op.params or {}).get("count", 1), treasury(g, ctx.player))
    if n > 0:
        _transfer(g, ctx.player, n)
        g.log("doubloons_stolen", ctx.player, g.hero_of(ctx.player).idx, ctx.card if ctx.card >= 0 else None,
              amount=n, value=doubloons(g, ctx.player))


@hook_effect("pay_to_lower_value")
def pay_to_lower_value(g, ctx, op):
    """"Subtract N from this card's value for each doubloon your opponent pays" (Queen Anne's
    Revenge; params ``per_doubloon``, default 2). The opponent chooses how many to pay, from 0 up
    to what the treasury holds (decision ``ransom_amount``); the doubloons go to Blackbeard."""
    c = g.combat
    if c is None or ctx.role > DEFENDER or c.cards[ctx.role] is None:
        return
    per = (op.params or {}).get("per_doubloon", 2)
    available = g.players[ctx.player].ability.ransom_available(g, ctx.player)
    g.ask(g.opponent_of(ctx), "ransom_amount", tuple(range(available + 1)), _lower_value_paid, ctx, per,
          available, card=ctx.card, per_doubloon=per, available=available)


def _lower_value_paid(g, ctx, per, available, n):
    payer = g.opponent_of(ctx)
    if n == 0:
        g.log("ransom_refused", payer, card=ctx.card, amount=0, value=available, detail="subtract_value")
        return
    g.log("ransom_paid", payer, card=ctx.card, amount=n, value=available, detail="subtract_value")
    g.players[ctx.player].ability.pay_ransom(g, ctx.player, payer, n, ctx.card)
    g.combat.mods[ctx.role].append(("add", -per * n))


# ---------------------------------------------------------------------- the replay's story
# value = Blackbeard's doubloons afterwards (the treasury holds the rest of the 3)
story_line("doubloons_paid")(lambda e: f"{e['who']} pays {e['amount']} doubloon(s) "
                                       f"({e['detail'].replace('_', ' ')}) → Blackbeard has {e['value']}")
story_line("doubloons_stolen")(lambda e: f"{e['who']} steals {e['amount']} doubloon(s) from the treasury "
                                         f"({e['card']}) → Blackbeard has {e['value']}")


# ---------------------------------------------------------------------- how the AI plays it
# The greedy policy (and every policy built on it, unless it has a method of its own for the
# decision) asks these for this hero's own decisions (hooks.advise).
@advise("ability_pay_for_action")
def advise_ability_pay_for_action(policy, view, d):
    """Pay a doubloon for a third action when it buys an attack: two attack cards and a
    target in reach now or after one maneuver, or one attack card and a target two
    maneuvers away (maneuver, maneuver, attack)."""
    attack_cards = [c for c in view.hand if view.card(c).can_attack]
    if not attack_cards:
        return False
    for fi in view.on_board(view.seat):
        if view.attack_targets(fi) and policy.usable_attack_cards(view, fi):
            return len(attack_cards) >= 2
    me = view.my_hero()
    targets = policy.target_spaces(view)
    if not me.on_board or not targets or not policy.usable_attack_cards(view, me.idx):
        return False
    move = view.move_value()
    if any(view.can_hit_from(me.idx, s, t) for s in view.reachable(me.idx, move) for t in targets):
        return len(attack_cards) >= 2
    return any(view.can_hit_from(me.idx, s, t) for s in view.reachable(me.idx, 2 * move)
               for t in targets)


# Each doubloon Blackbeard already holds funds one of his coming turns' extra action, so one
# more handed to him buys an action a turn later (and goes back to the treasury first if he is
# hit meanwhile): worth this share of the one before it.
HELD_SHARE = 0.5


def doubloons_price(policy, view, d, count: int) -> float:
    """What handing Blackbeard ``count`` doubloons costs now: the first is worth
    ``doubloon_worth`` times ``HELD_SHARE`` for each he holds already, the next one share less."""
    card = d.info.get("card")
    seat = view.card_owner(card) if card is not None and card >= 0 else view.opp
    held = view.resources(seat).get(DOUBLOONS, 0)
    return sum(policy.doubloon_worth * HELD_SHARE ** (held + k) for k in range(count))


@advise("ransom_price")
def advise_ransom_price(policy, view, d):
    """What paying a ransom on Blackbeard's card costs now (the heuristic's ``ransom_price``):
    each doubloon goes to him, and he spends one at the start of a turn for an extra action.
    The doubloons he holds already fund his next turns, so the first paid is worth
    ``doubloon_worth`` times ``HELD_SHARE`` for each he holds, the next one share less."""
    return doubloons_price(policy, view, d, d.info["amount"])


@advise("ransom_amount")
def advise_ransom_amount(policy, view, d):
    """Queen Anne's Revenge: each doubloon we pay makes it ``per_doubloon`` weaker. Pay the
    number that costs least: doubloons against the damage kept off our fighter (it attacks
    us) or the damage we get through (it defends). A policy that weighs a change of combat
    values (the heuristic: ``value_change_worth``, the blow it changes at the health's worth and
    the defeat it brings or saves) prices the doubloons as a ransom's (``doubloons_price``);
    others at a fixed ``doubloon_worth`` each against a rough harm."""
    role = view.my_role()
    if role is None:
        return 0
    per = d.info.get("per_doubloon", 2)
    foe = other_role(role)
    mine, theirs = view.combat_value(role), view.combat_value(foe)
    me, them = view.combat_fighters()[role], view.combat_fighters()[foe]
    if hasattr(policy, "value_change_worth"):
        def weighed(k):
            lowered = theirs - max(0, theirs - per * k)     # the same as ours raised by as much
            gain = policy.value_change_worth(view, role, lowered) if lowered else 0.0
            return doubloons_price(policy, view, d, k) - (gain or 0.0)
        return min(d.options, key=lambda k: (weighed(k), k))

    def cost(k):
        queen = max(0, theirs - per * k)
        if role == 1:
            return policy.doubloon_worth * k + policy._harm(view, me, max(0, queen - mine))
        target = view.fighter(them)
        dealt = min(max(0, mine - queen), target.health)
        gain = 100.0 if target.is_hero and dealt >= target.health else 0.9 * dealt
        return policy.doubloon_worth * k - gain
    return min(d.options, key=lambda k: (cost(k), k))

