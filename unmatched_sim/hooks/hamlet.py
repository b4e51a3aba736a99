"""Hamlet: The Question.

Every card of the deck is written in the shared vocabulary (heroes/hamlet.toml); only the
Question needs code. At the start of each of his turns Hamlet's player turns the Question token
(decision ``question_side``: "to_be" or "not_to_be"; the same side as last turn is allowed).
Choosing NOT TO BE costs ``self_damage`` (2) damage at once to one of that player's fighters
(decision ``question_damage``: a fighter; source "ability"). While TO BE is up, each maneuver
draws ``extra_draws`` (1) more card (``modify_maneuver_draws``); while NOT TO BE is up,
Hamlet's attacks — not his sidekick's — get ``attack_bonus`` (+2) (``attack_bonus``).

State: ``res["question"]`` — "to_be" / "not_to_be", public (the token is face up). Before his
first turn it is "to_be" (it is chosen again before it can matter). Events: ``question``
(detail = the side, amount = the damage it cost).
"""

from __future__ import annotations

from unmatched_sim.engine.game import ABILITY
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.state import ATTACKER
from unmatched_sim.hooks import Ability, ability, advise, story_line

TO_BE, NOT_TO_BE = "to_be", "not_to_be"
QUESTION = "question"


@ability("the_question")
class TheQuestion(DeclaredParams, Ability):
    PARAMS = {
        "extra_draws": Param.whole(1, "more cards each maneuver draws while TO BE is up"),
        "attack_bonus": Param.whole(2, "added to Hamlet's attacks while NOT TO BE is up"),
        "self_damage": Param.whole(2, "damage to one of his fighters for turning to NOT TO BE"),
    }

    def setup(self, g, seat):
        g.players[seat].res[QUESTION] = TO_BE

    def start_of_turn(self, g, seat):
        g.ask(seat, "question_side", (TO_BE, NOT_TO_BE), self._side, seat,
              current=g.players[seat].res.get(QUESTION, TO_BE), cost=self.params["self_damage"])

    def _side(self, g, seat, side):
        g.players[seat].res[QUESTION] = side
        n = self.params["self_damage"]
        g.log("question", seat, detail=side, amount=n if side == NOT_TO_BE else 0)
        if side == NOT_TO_BE and n:
            mine = g.on_board(seat)
            if mine:
                g.ask(seat, "question_damage", mine, self._hurt, seat, amount=n)

    def _hurt(self, g, seat, fi):
        # his own choice: the damage is his doing (the log names him as its cause)
        g.damage(fi, self.params["self_damage"], ABILITY, by=g.hero_of(seat).idx)

    def modify_maneuver_draws(self, g, seat, player, n):
        if player == seat and g.players[seat].res.get(QUESTION) == TO_BE:
            return n + self.params["extra_draws"]
        return n

    def attack_bonus(self, g, combat):
        seat = combat.players[ATTACKER]
        if g.players[seat].res.get(QUESTION) != NOT_TO_BE:
            return 0
        return self.params["attack_bonus"] if g.fighters[combat.fighters[ATTACKER]].is_hero else 0

    def token_bonus(self, g, seat, fighter, role):
        """For the AI: Hamlet's attacks get the +2 while NOT TO BE is up. Without it, Hamlet would
        pay 2 damage for NOT TO BE and then weigh his attacks as if they had no bonus, and
        maneuver where he should attack."""
        if (role == ATTACKER and g.players[seat].res.get(QUESTION) == NOT_TO_BE
                and g.fighters[fighter].is_hero):
            return float(self.params["attack_bonus"])
        return 0.0


# ---------------------------------------------------------------- the AI
def _nearest_foe(view, fi) -> int:
    f = view.fighter(fi)
    if not f.on_board:
        return 99
    dist = view.dist[f.space]
    return min((dist[view.fighter(t).space] for s in view.foes for t in view.on_board(s)), default=99)


@advise("question_side")
def _advise_side(policy, view, d):
    """A policy that weighs blows and attack odds (the heuristic: ``blow_worth``,
    ``attack_odds``) weighs the turn each side gives (``_weigh_sides``). Others (greedy, the
    frozen tuned-v1): NOT TO BE when Hamlet can reach a foe this turn, holds an attack card for
    him and can afford the 2 damage (a sidekick above 2 health, or Hamlet well above it); else
    TO BE."""
    hero = view.my_hero()
    if not hero.alive or not hero.on_board:
        return TO_BE
    cost = d.info.get("cost", 2)
    if hasattr(policy, "blow_worth") and hasattr(policy, "attack_odds"):
        return _weigh_sides(policy, view, cost)
    payer_ok = any(view.fighter(fi).health > cost and not view.fighter(fi).is_hero
                   for fi in view.on_board(view.seat)) or hero.health > cost + 6
    has_attack = any(view.card(c).can_attack and view.card(c).usable_by(hero.defn.name) for c in view.hand)
    close = _nearest_foe(view, hero.idx) <= view.move_value() + 1
    return NOT_TO_BE if payer_ok and has_attack and close else TO_BE


def _weigh_sides(policy, view, cost: int) -> str:
    """NOT TO BE is worth the +2 on the attacks Hamlet can make this turn (two if a foe is in
    reach now, one after a move; the strongest cards he holds for them, against the foe
    hero's defense odds) less the 2 damage (on whom ``_advise_damage`` would put it: on the
    sidekick at Hamlet's own health's worth, since what it pays now he pays later); TO BE is
    worth a card more on each maneuver the turn leaves. (A fixed rule — NOT TO BE whenever a foe
    is near — has Hamlet with two cards pay 2 of his own health every turn for one attack's +2
    and draw one card a maneuver instead of two.)"""
    hero = view.my_hero()
    foe = view.opp_hero()
    if not foe.on_board:
        return TO_BE
    mine = view.on_board(view.seat)
    payer = view.fighter(_payer(view, mine, cost))
    if payer.is_hero and cost >= payer.health:
        return TO_BE
    name = hero.defn.name
    cards = sorted((policy.my_attack_strength(view, c) for c in view.hand
                    if view.card(c).can_attack and view.card(c).usable_by(name)), reverse=True)
    if view.attack_targets(hero.idx):
        attacks = min(2, len(cards))
    elif _nearest_foe(view, hero.idx) <= view.move_value() + 1:
        attacks = min(1, len(cards))
    else:
        attacks = 0
    params = view.hero().ability.params
    bonus = float(params["attack_bonus"])
    gain = 0.0
    for a in cards[:attacks]:
        dmg0, _, kill0 = policy.attack_odds(view, foe, a)
        dmg1, _, kill1 = policy.attack_odds(view, foe, a + bonus)
        gain += (policy.hp_weight(foe, False) * (dmg1 - dmg0)
                 + policy.defeat_worth(view, foe) * (kill1 - kill0))
    if payer.is_hero:
        gain += policy.blow_worth(view, payer, cost)      # negative: the damage we take
    else:
        # the sidekick's health is the Question's reserve: each point it pays now is one Hamlet
        # pays himself on a later turn, so it costs what his health is worth
        gain -= policy.hp_weight(hero, True) * cost
    maneuvers = 2 - attacks if attacks < 2 else 0
    extra = params["extra_draws"]
    to_be = maneuvers * policy.draw_worth(view, extra) if view.deck_size(view.seat) > extra else 0.0
    return NOT_TO_BE if gain > to_be else TO_BE


def _payer(view, options, cost: int) -> int:
    """Whom NOT TO BE's damage goes to: the sidekick if it survives; else whoever has the most
    health."""
    fighters = [view.fighter(fi) for fi in options]
    sidekicks = [f for f in fighters if not f.is_hero and f.health > cost]
    if sidekicks:
        return max(sidekicks, key=lambda f: f.health).idx
    return max(fighters, key=lambda f: (f.health - (0 if f.is_hero else 100), f.idx)).idx


@advise("question_damage")
def _advise_damage(policy, view, d):
    """The sidekick takes it if it survives; else whoever has the most health (``_payer``)."""
    return _payer(view, d.options, d.info.get("amount", 2))


@advise("hand_to_bottom")
def _advise_bottom(policy, view, d):
    """Method in the Madness: put under the cards no living fighter can use, then the weakest
    while more than three cards are left in hand."""
    cards = [c for c in d.options if c is not None]
    if not cards:
        return None
    names = {view.fighter(fi).defn.name for fi in view.on_board(view.seat)}
    dead = [c for c in cards if view.card(c).users is not None and not (view.card(c).users & names)]
    if dead:
        return dead[0]
    if len(cards) > 3 and hasattr(policy, "lowest"):
        return policy.lowest(view, cards)
    return None


@advise("draw_up_to")
def _advise_draw(policy, view, d):
    """Draw as many as allowed, but not into exhaustion."""
    deck = d.info.get("deck", 99)
    return max((n for n in d.options if n <= deck), default=0)


@story_line("question")
def _story_question(e):
    side = "TO BE" if e["detail"] == TO_BE else "NOT TO BE"
    cost = f" and takes {e['amount']} damage for it" if e.get("amount") else ""
    return f"{e['who']} turns the Question to {side}{cost}."
