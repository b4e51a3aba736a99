"""Bloody Mary: Ritualistic Power (an extra action when her turn starts with exactly 3 cards in
hand) and what the AI needs to play her "third action" cards.

The rule itself is data (the hero file's ``[ability.params] effect``, resolved at the start of
her turn as ``start_of_turn_effects`` does); this class exists to give her cards' AI advice a
name of its own. Her cards read the vocabulary's ``action_number`` ("if this is your third
action"), which a player's view tells (its reader is the shared vocabulary's): the policies
weigh such a card at its worth on the third action of the turn, without its third-action part
on any other; ``third_action_advice`` takes off part of what it would gain on the third action
when played on another, so she keeps them for that action. ``ritual_hand_advice`` steers the
turn's last action (a maneuver's draw, a card spent, a BOOST) toward the hand that starts her
next turn with exactly 3 cards.
"""

from __future__ import annotations

from unmatched_sim.engine.state import ATTACKER
from unmatched_sim.hooks import ability, card_advice, hand_advice
from unmatched_sim.hooks.shared.abilities import StartOfTurnEffects
from unmatched_sim.policies.odds import ability_bonus_estimate

THIRD = 3
DRAW_WORTH, HEAL_WORTH = 0.7, 0.6        # a card drawn, a point of health, in card-value units
SAVE_SHARE = 0.5                        # what playing such a card too early gives up


@ability("ritualistic_power")
class RitualisticPower(StartOfTurnEffects):
    """``start_of_turn_effects`` under its own name (see the module's text)."""


def _third_action_only(op) -> bool:
    cond = op.spec.get("if")
    return (isinstance(cond, dict) and cond.get("quantity") == "action_number"
            and cond.get("at_least") == THIRD and cond.get("at_most") == THIRD)


def _value_gain(policy, view, cid: int, to: float) -> float:
    """What the card's being worth ``to`` on the third action adds: for the heuristic, in the
    combat under way, the damage and defeat that value adds against the fighter she attacks
    over the card's usual estimate, at their worth (Speak Three Times' 7 on a 1-health Harpy adds
    nothing a 3 does not); else the value over the printed one."""
    printed = float(view.card(cid).value or 0)
    fighters = view.combat_fighters() if view.in_combat else None
    if policy is None or not hasattr(policy, "attack_odds") or fighters is None or view.my_role() != ATTACKER:
        return max(0.0, to - printed)
    fi, target = fighters
    tf = view.fighter(target)
    bonus = ability_bonus_estimate(view, fi, ATTACKER, target)
    e0, _, k0 = policy.attack_odds(view, tf, policy.my_attack_strength(view, cid) + bonus)
    e1, _, k1 = policy.attack_odds(view, tf, to + bonus)
    return max(0.0, policy.foe_hp_weight(view, tf) * (e1 - e0) + policy.defeat_worth(view, tf) * (k1 - k0))


@card_advice("ritualistic_power")
def third_action_advice(policy, view, cid: int) -> float:
    """What playing a combat card's "if this is your third action" effects now gives up: on
    the third action of her turn nothing (the policies read them there at their worth, as the
    view tells the action's number), on any other ``SAVE_SHARE`` of what they would gain on it."""
    if view.action_number(view.seat) == THIRD:
        return 0.0
    card = view.card(cid)
    gain = 0.0
    for ops in card.effects.values():
        for op in ops:
            if not _third_action_only(op):
                continue
            if op.NAME == "set_value":
                gain += _value_gain(policy, view, cid, float(op.to.const))
            elif op.NAME == "draw":
                gain += DRAW_WORTH * op.count.const
            elif op.NAME == "recover":
                me = view.my_hero()
                gain += HEAL_WORTH * min(op.amount.const, me.max_health - me.health)
    return -SAVE_SHARE * gain


RITUAL_HAND = 3
RITUAL_WORTH = 1.0      # the action the ability gives (the heuristic's EXTRA_ACTION)
DEFEND_CHANCE = 0.35    # how often a threatened hand loses a card to a defense in the foe's turn


def defense_chance(policy, view) -> float:
    """The chance she plays a defense card in the foe's coming turn: ``DEFEND_CHANCE`` if a foe's
    attack can reach her where she stands (the heuristic's threat map), else none. (Against
    Medusa, who threatens her nearly always, her hand lost a card over about a quarter of the
    foe's turns.)"""
    me = view.my_hero()
    if not me.on_board:
        return 0.0
    return DEFEND_CHANCE if policy.threat_record(view).attacks(me.space) else 0.0


@hand_advice("ritualistic_power")
def ritual_hand_advice(policy, view, cards: int) -> float:
    """Ending her turn with the hand that will be exactly 3 cards when her next turn starts is
    worth the action the ability then gives, at the chance of it: 3 cards if she does not
    defend in between, 4 if she defends once."""
    p = defense_chance(policy, view)
    if cards == RITUAL_HAND:
        return RITUAL_WORTH * (1.0 - p)
    if cards == RITUAL_HAND + 1:
        return RITUAL_WORTH * p
    return 0.0
