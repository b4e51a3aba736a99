"""King Arthur: "When King Arthur attacks, you may BOOST that attack" — the BOOST card is played
face down together with the attack card; if the opponent cancels the effects of the attack
card, the BOOST is discarded without effect.

The moment: once the attack card is face down and before the defender chooses (the engine's
``before_defense`` window), Arthur's player decides ``arthur_boost`` — a card from hand that can
BOOST, or None. The card leaves the hand face down and waits in play, listed in
``Combat.extra[FACE_DOWN_EXTRA]``: the defender's view and determinization treat it as unseen
(engine/determinize.py). It is revealed with the attack card (event ``boost``, detail
``face_down``). Its BOOST value is added to the attack's value (``modify_combat_value``) unless
the attack card's effects are cancelled (and it can be cancelled) when the value is read; after
the after-combat effects, in the combat's cleanup, it goes to the discard pile (event
``boost_cancelled`` first if it was cancelled), also when an effect ended the turn (The Rest Is
Silence). Only the hero's own attacks are boosted, not Merlin's.

Events: ``face_down_boost`` (a card was put face down; which one is not logged), ``boost``
(revealed: card and value), ``boost_cancelled``.
"""

from __future__ import annotations

from unmatched_sim.engine.determinize import FACE_DOWN_EXTRA
from unmatched_sim.engine.game import BOOST_DISCARD
from unmatched_sim.engine.state import ATTACKER, DEFENDER
from unmatched_sim.hooks import Ability, ability, advise, story_line


def _extra(combat) -> tuple:
    return combat.extra.get(FACE_DOWN_EXTRA, ()) if combat is not None else ()


def _attack_cancelled(g, combat) -> bool:
    cid = combat.cards[ATTACKER]
    return cid is not None and combat.cancelled[ATTACKER] and not g.card(cid).uncancelable


@ability("face_down_attack_boost")
class FaceDownAttackBoost(Ability):
    """King Arthur's ability; see the module text."""

    def before_defense(self, g, seat, combat, value):
        if combat.players[ATTACKER] == seat and combat.fighters[ATTACKER] == g.hero_of(seat).idx:
            if any(g.can_boost_with(seat, c) for c in g.players[seat].hand):
                g.push((_offer, (seat,)))
        return value

    def on_card_played(self, g, cid, played_by, role):
        c = g.combat
        if role == ATTACKER and c is not None and c.cards[ATTACKER] == cid:
            for x in _extra(c):
                g.log("boost", played_by, card=x,
                      amount=g.players[g.owner(x)].ability.boost_value(g, x), detail="face_down")

    def modify_combat_value(self, g, seat, combat, role, value):
        if role != ATTACKER or combat.players[ATTACKER] != seat:
            return value
        extra = _extra(combat)
        if not extra or _attack_cancelled(g, combat):
            return value
        return value + sum(g.players[g.owner(x)].ability.boost_value(g, x) for x in extra)

    def combat_cleanup(self, g, seat, role):
        """The face-down BOOST is discarded with the combat's cards, also when an effect has
        ended the turn (The Rest Is Silence) and the after-combat effects were skipped."""
        c = g.combat
        extra = _extra(c)
        if role != ATTACKER or not extra:
            return
        cancelled = _attack_cancelled(g, c)
        c.extra[FACE_DOWN_EXTRA] = ()
        for x in extra:
            if cancelled:
                g.log("boost_cancelled", seat, card=x)
            g.put_in_discard(x, BOOST_DISCARD)

    def combat_bonus_estimate(self, g, seat, fighter, role, opponent=None):
        """An AI estimate from public facts: King Arthur attacking with three or more cards in
        hand usually has a spare card to BOOST face down (a BOOST of about 2)."""
        if role == ATTACKER and fighter == g.hero_of(seat).idx and len(g.players[seat].hand) >= 3:
            return 1.5
        return 0.0


def _offer(g, seat: int) -> None:
    c = g.combat
    options = [None] + [x for x in g.players[seat].hand if g.can_boost_with(seat, x)]
    g.ask(seat, "arthur_boost", options, _chosen, seat, card=c.cards[ATTACKER],
          fighter=c.fighters[ATTACKER], target=c.fighters[DEFENDER])


def _chosen(g, seat: int, cid) -> None:
    if cid is None:
        return
    c = g.combat
    g.take_from_hand(seat, cid)
    g.play_area_add(cid)
    c.extra[FACE_DOWN_EXTRA] = _extra(c) + (cid,)
    c.boosted_with[ATTACKER].append(cid)
    g.log("face_down_boost", seat, c.fighters[ATTACKER])


@advise("arthur_boost")
def _advise_boost(policy, view, d):
    """A policy that can weigh it (the heuristic's ``attack_boost_unseen``: the BOOST's gain
    against the defense the foe may hold, net of the card's worth kept) decides itself. Others
    (greedy, the frozen tuned-v1): BOOST whenever a card can be spared (never the last one): the
    card with the most BOOST for the least value. For tuned play against the nine other heroes
    (270 games on the same seeds) this rule won 19.6%, against 13.0% keeping the last cards and
    last two defence cards, 17.4% judging it as a combat BOOST, 19.3% always the highest BOOST."""
    judge = getattr(policy, "attack_boost_unseen", None)
    if judge is not None:     # a policy that weighs the BOOST against the card's worth (heuristic)
        return judge(view, d)
    cards = [c for c in d.options if c is not None]
    if not cards or len(view.hand) <= 1:
        return None
    return max(cards, key=lambda c: (view.card(c).boost_value - 0.5 * (view.card(c).value or 0), -c))


@story_line("face_down_boost")
def _story_face_down(row):
    return f"{row['who']} adds a BOOST card face down to the attack"


@story_line("boost_cancelled")
def _story_cancelled(row):
    return f"{row['who']}'s face-down BOOST ({row['card']}) is discarded without effect"
