"""Nikola Tesla: The Scientific Method — two coils, charged and discharged.

The coils and their card-side verbs are ``coils.py`` in this package (``Player.res["coils"]``:
how many are charged, public). The ability itself:

* setup: ``initial`` coils charged (1 of ``coils`` = 2);
* end of each of your turns: you may charge one coil (decision ``coil_charge``: True/False;
  not asked when both are charged);
* start of your turn, if both coils are charged: 1 damage to each opposing fighter adjacent to
  Tesla, then you may move each of those fighters still on the board 1 space (one
  ``effect_destination`` decision each; its own space means "not moved"). The coils stay
  charged. The fighters are the ones adjacent when the ability starts (a fighter whose damage
  was prevented may still be moved).
"""

from __future__ import annotations

from unmatched_sim.engine.effects import SpecError
from unmatched_sim.engine.game import ABILITY
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.state import other_role
from unmatched_sim.hooks.nikola_tesla.coils import charge, charged
from unmatched_sim.policies.card_facts import COMBAT_TIMINGS
from unmatched_sim.hooks import Ability, ability, advise, effect_advice, story_line


@ability("scientific_method")
class ScientificMethod(DeclaredParams, Ability):
    PARAMS = {
        "coils": Param.whole(2, "how many coils Tesla has"),
        "initial": Param.whole(1, "coils charged at setup"),
        "overflow_damage": Param.whole(1, "damage to each adjacent foe at the start of his turn with every coil charged"),
        "overflow_move": Param.whole(1, "spaces each of those foes may then be moved"),
        "coils_underfunded": Param.choice(("refuse", "fizzle"), "refuse",
                                          "two coils declared with one charged: not offered (refuse), "
                                          "or the one is spent and the two-coil tier fizzles"),
    }

    @classmethod
    def check_params(cls, params):
        if params["initial"] > params["coils"]:
            raise SpecError("'initial' cannot be more than 'coils'")

    def setup(self, g, seat):
        res = g.players[seat].res
        res["coils_max"] = self.params["coils"]
        res["coils"] = self.params["initial"]
        res["coils_underfunded"] = self.params["coils_underfunded"]
        res["overflow_damage"] = self.params["overflow_damage"]     # public: the AI reads it
        g.log("coil_charge", seat, amount=res["coils"], value=res["coils"], detail="setup")

    # ------------------------------------------------------------ start of turn: overflow
    def start_of_turn(self, g, seat):
        res = g.players[seat].res
        if charged(g, seat) < res.get("coils_max", 2):
            return
        tesla = g.players[seat].fighters[0]
        if not g.fighters[tesla].on_board:
            return
        targets = tuple(fi for fi in g.fighters_adjacent_to(tesla) if g.is_foe_fighter(seat, fi))
        if not targets:
            return
        g.log("coil_overflow", seat, tesla, amount=len(targets), value=charged(g, seat))
        dmg = self.params["overflow_damage"]
        for fi in targets:
            g.damage(fi, dmg, ABILITY, by=tesla)
        g.push((self._push_next, (seat, targets)))

    def turn_start_hazards(self, g, seat):
        """With both coils charged (they stay so until his turn starts), the spaces next to
        Tesla take the overflow's damage."""
        res = g.players[seat].res
        tesla = g.fighters[g.players[seat].fighters[0]]
        if charged(g, seat) < res.get("coils_max", 2) or not tesla.on_board:
            return ()
        return ((frozenset(g.board.adjacent[tesla.space]), self.params["overflow_damage"]),)

    def _push_next(self, g, seat, left):
        left = tuple(fi for fi in left if g.fighters[fi].on_board)
        if not left or g.over:
            return
        fi, rest = left[0], left[1:]
        g.push((self._push_next, (seat, rest)))
        options = g.reachable(fi, self.params["overflow_move"])
        g.ask(seat, "effect_destination", options, self._pushed, fi, fighter=fi, op="move",
              ability="scientific_method")

    def _pushed(self, g, fi, dest):
        g.move_to(fi, dest)

    # ------------------------------------------------------------ end of turn: charge one
    def end_of_turn(self, g, seat):
        res = g.players[seat].res
        if charged(g, seat) >= res.get("coils_max", 2):
            return
        g.ask(seat, "coil_charge", (True, False), self._charge, seat)

    def _charge(self, g, seat, yes):
        if yes:
            charge(g, seat, 1)


# ------------------------------------------------------------ the AI
COIL_WORTH = 0.5    # a coil charged by an effect: a card's tier it pays for later, less the free charge


@advise("coil_charge")
def _charge_advice(policy, view, d):
    return True


@effect_advice("charge_coils")
def _charge_worth(policy, view, op, fi):
    """Charging coils where the AI weighs a list of effects (The Alternating Current's mode, the
    scheme Fully Charged, Kinetic Induction's after combat) is worth each coil it would charge
    now: none when both are charged. On a foe's turn, coils it fills stay full to the start of
    Tesla's next turn: its overflow then hits each opposing fighter next to him now."""
    res = view.resources(view.seat)
    room = res.get("coils_max", 2) - res.get("coils", 0)
    charged_now = max(0, min(op.count, room))
    worth = COIL_WORTH * charged_now
    if charged_now and charged_now == room and not view.is_my_turn():
        worth += _overflow_worth(policy, view)
    return worth


@advise("discharge_coils")
def _discharge_advice(policy, view, d):
    """Spend coils where they pay: the most the card allows, except where it would act on
    nothing or add little — Polyphase Coils against no card, or with one coil against a card
    with no effect to cancel, X-Ray Radiation's discard with one coil (a single coil kept is
    charged with the other by the turn's end: the next turn's overflow and the two-coil tiers),
    both coils where what the two-coil tier does to the blow (the other card counting 0, the
    revealed card's BOOST added: ``value_change_worth``) is worth no more than the overflow
    they would have dealt at the start of Tesla's next turn (``_overflow_worth``),
    Lightning Storm with no opposing fighter in Tesla's zone, 7 Hertz's action off Tesla's own
    turn, more draws from an almost empty deck, Repulsion Blast's extras unless the random
    discard bites."""
    name = view.card(d.info["card"]).name if d.info.get("card") is not None else ""
    best = max(d.options)
    role = view.my_role()
    if name == "Polyphase Coils":
        theirs = view.combat_cards()[other_role(role)] if role is not None else None
        if theirs is None:
            return 0
        one = 1 if any(view.card(theirs).effects.get(t) for t in COMBAT_TIMINGS) else 0
        if best >= 2:
            judge = getattr(policy, "value_change_worth", None)
            if judge is None:
                return best
            # Both spent leave no overflow at the start of his next turn; one spent on his own
            # turn is charged again by its end, one spent on the foe's costs the overflow too.
            gain = judge(view, role, view.combat_value(other_role(role)) or 0)
            lost = _overflow_worth(policy, view) if view.my_turn or not one else 0.0
            if gain is None or gain > lost:
                return best
        return min(one, best)
    if name == "X-Ray Radiation":
        if best < 2:
            return 0
        judge = getattr(policy, "value_change_worth", None)
        if judge is None or role is None:
            return best
        # both coils add the revealed card's BOOST value to the blow, and cost the overflow
        lift = sum(view.card(c).boost_value for _, c in view.revealed_by(d.info["card"]))
        gain = judge(view, role, lift)
        return best if gain is None or gain > _overflow_worth(policy, view) else 0
    if name == "Lightning Storm":
        me = view.my_hero()
        hit = me.on_board and any(view.board.same_zone(view.fighter(fi).space, me.space)
                                  for s in view.foes for fi in view.on_board(s))
        return best if hit else 0
    if name == "Repulsion Blast":
        return 2 if 2 in d.options and view.hand_size(view.opp) >= 2 else 0
    if name == "7 Hertz" and not view.my_turn:
        return 0
    if name == "Intense Experimentation" and view.deck_size(view.seat) < 3:
        return 0
    return best


def _overflow_worth(policy, view) -> float:
    """What both coils charged at the start of Tesla's next turn are worth: the overflow's
    damage on each opposing fighter next to him now (``blow_worth``), for a policy that weighs
    it (none otherwise)."""
    me = view.my_hero()
    judge = getattr(policy, "blow_worth", None)
    if judge is None or not me.on_board:
        return 0.0
    near = view.board.adjacent[me.space]
    damage = view.resources(view.seat).get("overflow_damage", 1)
    return sum(judge(view, view.fighter(fi), damage) for s in view.foes for fi in view.on_board(s)
               if view.fighter(fi).space in near)


# ------------------------------------------------------------ the replay
@story_line("coil_charge")
def _charge_line(row):
    why = " at the start" if row.get("detail") == "setup" else ""
    return f"{row['who']} charges {row['amount']} coil(s){why}: {row['value']} charged"


@story_line("coil_discharge")
def _discharge_line(row):
    on = f" for {row['card']}" if row.get("card") else ""
    return f"{row['who']} discharges {row['amount']} coil(s){on}: {row['value']} charged"


@story_line("coil_overflow")
def _overflow_line(row):
    return f"both coils charged: {row['fighter']} shocks {row['amount']} adjacent fighter(s)"


@story_line("coil_fizzle")
def _fizzle_line(row):
    return f"{row['who']} declared two coils with one charged: the effect fizzles"
