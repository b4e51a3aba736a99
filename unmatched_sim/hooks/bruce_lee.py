"""Bruce Lee: Fleet of Foot, and how the AI plays Nunchaku and Bring It On (his cards worth more
once moved, and Little Dragon's empty hand, are read by the shared ``hooks.VIEW_CONDITIONS``).

Every card of the deck is written in the shared vocabulary (heroes/bruce_lee.toml). The ability
is the shared end-of-turn effect list (a move of up to 1 space); its class here adds only what
the AI reads of the turn: the attack bonus Nunchaku has given this turn, so an attack made after
it is weighed at its real value.
"""

from __future__ import annotations

from unmatched_sim.engine.state import ATTACKER
from unmatched_sim.hooks import ability, scheme_advice
from unmatched_sim.hooks.shared.abilities import EndOfTurnEffects
from unmatched_sim.policies.odds import ability_bonus_estimate

_TURN_BONUS = "attack_bonus"        # game.turn_flags key of the "turn_attack_bonus" effects


def turn_attack_bonus(g, seat: int, fighter: int) -> int:
    """The bonus this turn's "turn_attack_bonus" effects (Nunchaku) give an attack of player
    ``seat``'s ``fighter`` (the rule ``Game.combat_value`` applies)."""
    name = g.fighters[fighter].defn.name
    total = 0
    for s, who, n in g.turn_flags.get(_TURN_BONUS, ()):
        if s == seat and (who is None or who == name):
            total += n
    return total


@ability("fleet_of_foot")
class FleetOfFoot(EndOfTurnEffects):
    """Fleet of Foot: ``effect`` at the end of your turn (Bruce Lee moves up to 1 space)."""

    def combat_bonus_estimate(self, g, seat, fighter, role, opponent=None):
        """For the AI: an attack this turn carries the turn's Nunchaku bonus."""
        if role != ATTACKER:
            return 0.0
        return float(turn_attack_bonus(g, seat, fighter))


# ---------------------------------------------------------------------- how the AI plays it
def _bonus_of(card) -> tuple[int, str | None]:
    """(amount, fighter) of a scheme's "turn_attack_bonus" effect; (0, None) without one."""
    for op in card.effects.get("effect", ()):
        if op.NAME == "turn_attack_bonus":
            n = op.spec.get("amount", 0)
            return (n if isinstance(n, int) else 0), op.spec.get("fighter")
    return 0, None


def best_attack_with_bonus(policy, view, amount: int, fighter_name: str | None) -> float | None:
    """The heuristic's score of the best attack our fighter could make now with ``amount`` more
    on its value (None: no attack to make): the attack's worth (``attack_eval``) plus what the
    extra value adds to its expected damage and chance to defeat, at their worth."""
    best = None
    hand = view.hand_ids()
    for fi, t in policy.attack_options(view):
        name = view.fighter(fi).defn.name
        if fighter_name is not None and name != fighter_name:
            continue
        tf = view.fighter(t)
        for cid in hand:
            d = view.card(cid)
            if not (d.can_attack and d.usable_by(name)):
                continue
            a = policy.my_attack_strength(view, cid) + ability_bonus_estimate(view, fi, ATTACKER, t)
            e0, _, k0 = policy.attack_odds(view, tf, a)
            e1, _, k1 = policy.attack_odds(view, tf, a + amount)
            s = (policy.attack_eval(view, fi, t, cid) + policy.foe_hp_weight(view, tf) * (e1 - e0)
                 + policy.defeat_worth(view, tf) * (k1 - k0))
            if best is None or s > best:
                best = s
    return best


def _pulls_foe(card) -> bool:
    """Does the scheme put an opposing fighter of the zone next to ours (Bring It On)?"""
    return any(op.NAME == "place" and op.spec.get("who") == "opposing_in_zone"
               for op in card.effects.get("effect", ()))


def best_attack_on_pulled(policy, view, fi: int) -> float | None:
    """The heuristic's score of the best attack our fighter ``fi`` could make on an opposing
    fighter of its zone it cannot attack now, once placed next to it (None: no such foe or no
    attack card)."""
    me = view.fighter(fi)
    if not me.on_board:
        return None
    reach = set(view.attack_targets(fi))
    name = me.defn.name
    best = None
    for seat in view.foe_seats():
        for t in view.on_board(seat):
            tf = view.fighter(t)
            if t in reach or not view.board.same_zone(me.space, tf.space):
                continue
            for cid in view.hand_ids():
                d = view.card(cid)
                if d.can_attack and d.usable_by(name):
                    sc = policy.attack_eval(view, fi, t, cid)
                    if best is None or sc > best:
                        best = sc
    return best


@scheme_advice("fleet_of_foot")
def advise_scheme(policy, view, cid, fi):
    """Nunchaku and Bring It On give the action they take back: what they are worth is the next
    action with them — the best attack made +1, or on the foe put next to Bruce Lee — or a
    maneuver (which gains nothing from them), less the card. With no attack to make after
    it, such a scheme is a card thrown away (the policy would otherwise count its action back
    as a free one and play it before a maneuver; Bring It On pulled a foe next to Bruce Lee
    with nothing left to hit it with). Other schemes: the policy's own reckoning."""
    from unmatched_sim.policies.weights import FOR_HERO_ADVICE
    ATTACK_BONUS = FOR_HERO_ADVICE["ATTACK_BONUS"]

    card = view.card(cid)
    amount, who = _bonus_of(card)
    if amount:
        attack = best_attack_with_bonus(policy, view, amount, who)
    elif _pulls_foe(card):
        attack = best_attack_on_pulled(policy, view, fi)
    else:
        return None
    then = policy.maneuver_eval(view)
    if attack is not None:
        then = max(then, attack + ATTACK_BONUS + policy.agg + policy.hit_and_run(view))
    return then - policy.spend_cost(view, cid)
