"""Abilities that are data, not code: small generic abilities any hero file names with its own
parameters.

``attack_bonus_when`` (Golden Bat, Annie Christmas)
    A standing attack bonus under a condition: The First Superhero (+2 if you did not maneuver
    this turn), Necklace of Pearls (+2 if her health is less than the defender's). Any hero
    whose ability reads "+N to <fighter>'s attacks if <condition>" uses it with params
    ``{ amount, fighter, condition }``; the condition is any ``CONDITIONS`` name (or comparison)
    of the effect vocabulary, read for the attacking fighter in the combat. An ability is not a
    card effect: cards that cancel effects do not touch it.

``move_per_tagged_discard`` (Sinbad)
    When you maneuver, your fighters may move +``per`` space for each card tagged ``tag`` in
    your discard pile. Movement is "up to", so the bonus is always available and never forced.
    Only the maneuver reads the move value (``Game.move_value``); card effects that move a
    fighter a fixed distance are unchanged.

``start_of_turn_effects`` (Medusa), ``end_of_turn_effects`` (Bigfoot; Bruce Lee through ``fleet_of_foot``)
    At the start (the end) of your turn, ``effect`` (an effect list in the card vocabulary, e.g.
    an optional 1 damage to an opposing fighter in the hero's zone, a move of 1 space) resolves
    with your hero as the fighter resolving it.

``after_attacking_effects`` (Robin Hood)
    After you attack (once the combat is over and its cards are cleaned up, the moment of
    ``Ability.after_attacking``), ``effect`` resolves with the fighter that attacked as the
    fighter resolving it — if it is still on the board and the game is not decided.
"""

from __future__ import annotations

from unmatched_sim.engine.effects import parse_condition
from unmatched_sim.engine.game import ABILITY
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.state import ATTACKER, OTHER_ROLE, Combat, Ctx
from unmatched_sim.hooks import Ability, ability


@ability("attack_bonus_when")
class AttackBonusWhen(DeclaredParams, Ability):
    PARAMS = {
        "amount": Param.whole(2, "added to the attack while the condition holds"),
        "fighter": Param.fighter(None, "whose attacks get it (default: any of this hero's fighters)"),
        "condition": Param.condition(doc="a condition of the effect vocabulary, read for the attacking fighter"),
    }

    def __init__(self, hero, params):
        super().__init__(hero, params)
        self.amount = params["amount"]
        self.fighter = params["fighter"]
        self.cond = parse_condition(params["condition"])

    def attack_bonus(self, g, combat):
        fi = combat.fighters[ATTACKER]
        f = g.fighters[fi]
        if self.fighter is not None and f.defn.name != self.fighter:
            return 0
        seat = combat.players[ATTACKER]
        cid = combat.cards[ATTACKER]
        ctx = Ctx(seat, cid if cid is not None else -1, ATTACKER, fi)
        return self.amount if self.cond(g, ctx) else 0

    def combat_bonus_estimate(self, g, seat, fighter, role, opponent=None):
        """The bonus an attack of ``fighter`` on ``opponent`` would get now: the condition is read
        against a stand-in combat (no cards yet), then the real state is put back."""
        if role != ATTACKER or opponent is None:
            return 0
        target = opponent
        if self.fighter is not None and g.fighters[fighter].defn.name != self.fighter:
            return 0
        saved = g.combat
        g.combat = Combat(seat, fighter, target, g.fighters[target].owner)
        try:
            return self.amount if self.cond(g, Ctx(seat, -1, ATTACKER, fighter)) else 0
        finally:
            g.combat = saved


@ability("move_per_tagged_discard")
class MovePerTaggedDiscard(DeclaredParams, Ability):
    PARAMS = {
        "tag": Param.text(doc="the card tag counted in your discard pile"),
        "per": Param.whole(1, "spaces of move for each such card"),
    }

    def move_value(self, g, seat, base):
        return base + self.params["per"] * g.tagged_in_discard(seat, self.params["tag"])


@ability("start_of_turn_effects")
class StartOfTurnEffects(DeclaredParams, Ability):
    PARAMS = {"effect": Param.effects(doc="an effect list resolved at the start of your turn")}

    def start_of_turn(self, g, seat):
        _run_as_hero(g, seat, self.params["effect"])

    def turn_start_hazards(self, g, seat):
        """The damage the effects will deal to a foe's fighter in the hero's zone or next to the
        hero (Medusa's Gaze: 1 in her zone), read from the effect list."""
        hero = g.hero_of(seat)
        if not hero.on_board:
            return ()
        out = []
        for op in self.params["effect"]:
            amount = op.spec.get("amount", 1)
            if op.NAME != "damage" or not isinstance(amount, int):
                continue
            where = _HAZARD_REACH.get(str(op.spec.get("target", "")))
            if where == "zone":
                out.append((g.board.spaces_in_zones(g.board.zone_mask[hero.space]), amount))
            elif where == "adjacent":
                out.append((frozenset(g.board.adjacent[hero.space]), amount))
        return tuple(out)


# effect targets that reach a foe's fighter by where it stands: in the hero's zone, or next to it
_HAZARD_REACH = {"opposing_in_zone": "zone", "each_opposing_in_zone": "zone",
                 "adjacent_opposing": "adjacent", "each_adjacent_opposing": "adjacent",
                 "adjacent": "adjacent", "each_adjacent": "adjacent"}


def _run_as_hero(g, seat: int, effect) -> None:
    """``effect`` resolves now with ``seat``'s hero, if on the board, as the fighter resolving it."""
    hero = g.hero_of(seat)
    if hero.on_board:
        g.run_effects(effect, Ctx(seat, -1, OTHER_ROLE, hero.idx, source=ABILITY))


@ability("end_of_turn_effects")
class EndOfTurnEffects(DeclaredParams, Ability):
    PARAMS = {"effect": Param.effects(doc="an effect list resolved at the end of your turn")}

    def end_of_turn(self, g, seat):
        _run_as_hero(g, seat, self.params["effect"])


# turn_flags key: the fighter that attacked in the combat just cleaned up, per attacking seat
_ATTACKED_WITH = "attacked_with"


@ability("after_attacking_effects")
class AfterAttackingEffects(DeclaredParams, Ability):
    PARAMS = {"effect": Param.effects(doc="an effect list resolved after you attack, by the fighter that attacked")}

    def combat_cleanup(self, g, seat, role):
        # The combat is gone by ``after_attacking``: its attacker is noted while it is here
        # (the fighter in the combat at its end, after any switch).
        if role == ATTACKER:
            g.turn_flags[(_ATTACKED_WITH, seat)] = g.combat.fighters[ATTACKER]

    def after_attacking(self, g, seat):
        fi = g.turn_flags.get((_ATTACKED_WITH, seat))
        if fi is None or g.decided() or g.hero_defeated(seat) or not g.fighters[fi].on_board:
            return
        g.run_effects(self.params["effect"], Ctx(seat, -1, OTHER_ROLE, fi, source=ABILITY))
