"""Titania: Fairy Magic — the six glamours.

At setup the glamours named in ``[ability] params.glamours`` are shuffled (with the player's own
random stream) into a face-down glamour deck. At the start of each of her turns, if no glamour
is face up, the top one is flipped face up; its ongoing effect is in force while it stays face
up. Glamours leave play only through her action cards ("discard your glamour": the ``glamour``
cost, ``glamours.py``); a discarded glamour has no effect, no new one is flipped before her
next turn, and the discard pile is never reshuffled (only The Moon Looks Down puts one back,
under the deck). State and the card-side verbs: ``glamours.py`` in this package.

Each glamour hooks its own step of the turn (all are Titania's player's own decisions):

    Greed          end of her turn: she may draw 1 card (decision ``glamour_greed``: True/False)
    Invisibility   her fighters (and her teammates') may move through opposing fighters
                   (``modify_move_through``: maneuvers and every effect that moves them)
    Jealousy       when Titania or Oberon is attacked, after the attack card is face down and
                   before the defender chooses, they may swap spaces; the other is then the
                   defender (``before_defense``; decision ``glamour_jealousy``: True/False)
    Love           her maneuver, after the draw and BOOST and before her fighters move: she may
                   move one opposing fighter up to 1 space (``before_maneuver_moves``; decisions
                   ``glamour_love``: a fighter or None, then ``effect_destination``)
    Rhyme          each time she plays a scheme, once it has resolved: gain 1 action
    Sleep          her fighters (and her teammates') take no damage except combat damage
                   (``modify_damage``)

Events: ``glamour_deck`` (setup: the glamours' names), ``glamour_flip`` (card = the glamour),
``glamour_discard`` (card, detail = why), ``glamour_to_deck``, ``glamour`` (card = the
glamour whose effect is used, detail = what it did).
"""

from __future__ import annotations

from unmatched_sim.engine.game import COMBAT
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.state import DEFENDER, SCHEME_ROLE
from unmatched_sim.hooks.titania.glamours import ACTIVE, DECK, DISCARD
from unmatched_sim.hooks import Ability, ability, advise, story_line

GREED, INVISIBILITY, JEALOUSY, LOVE, RHYME, SLEEP = (
    "Glamour of Greed", "Glamour of Invisibility", "Glamour of Jealousy", "Glamour of Love",
    "Glamour of Rhyme", "Glamour of Sleep")
KNOWN = (GREED, INVISIBILITY, JEALOUSY, LOVE, RHYME, SLEEP)


def active(g, seat: int) -> str:
    return g.players[seat].res.get(ACTIVE, "")


@ability("fairy_magic")
class FairyMagic(DeclaredParams, Ability):
    PARAMS = {
        "glamours": Param.names(KNOWN, doc="the glamours shuffled into her glamour deck"),
        "hero": Param.fighter(doc="Titania: one of the pair Jealousy swaps"),
        "consort": Param.fighter(doc="Oberon: the other of the pair"),
    }

    # ------------------------------------------------------------ the glamour deck
    def setup(self, g, seat):
        deck = list(self.params["glamours"])
        g.rngs[seat].shuffle(deck)
        res = g.players[seat].res
        res[DECK], res[ACTIVE], res[DISCARD] = tuple(deck), "", ()
        g.log("glamour_deck", seat, detail=";".join(self.params["glamours"]))

    def start_of_turn(self, g, seat):
        res = g.players[seat].res
        if not res.get(ACTIVE) and res.get(DECK):
            name = res[DECK][-1]
            res[DECK] = res[DECK][:-1]
            res[ACTIVE] = name
            g.log("glamour_flip", seat, card=name)

    # ------------------------------------------------------------ Greed
    def end_of_turn(self, g, seat):
        if active(g, seat) == GREED:
            g.ask(seat, "glamour_greed", (True, False), self._greed, seat, glamour=GREED)

    def _greed(self, g, seat, yes):
        if yes:
            g.log("glamour", seat, card=GREED, detail="draw")
            g.draw(seat, 1)

    # ------------------------------------------------------------ Invisibility
    def modify_move_through(self, g, seat, fighter, allowed):
        if allowed or active(g, seat) != INVISIBILITY:
            return allowed
        return not g.is_foe_fighter(seat, fighter)

    # ------------------------------------------------------------ Sleep
    def modify_damage(self, g, seat, fighter, source, by, card, amount):
        if amount <= 0 or source == COMBAT or active(g, seat) != SLEEP:
            return amount
        return 0 if not g.is_foe_fighter(seat, fighter) else amount

    # ------------------------------------------------------------ Rhyme
    def on_card_played(self, g, cid, played_by, role):
        if role == SCHEME_ROLE and active(g, played_by) == RHYME:
            # pushed now, it runs once the scheme's effects and its discard are done
            g.push((self._rhyme, (played_by, cid)))

    def _rhyme(self, g, seat, cid):
        if active(g, seat) == RHYME:
            g.log("glamour", seat, card=RHYME, detail="gain_action")
            g.gain_action(seat, 1)

    # ------------------------------------------------------------ Jealousy
    def _pair(self, g, seat):
        F = g.fighters
        named = {F[fi].defn.name: fi for fi in g.players[seat].fighters}
        return named.get(self.params["hero"]), named.get(self.params["consort"])

    def before_defense(self, g, seat, combat, value):
        if combat.players[DEFENDER] != seat or active(g, seat) != JEALOUSY:
            return value
        a, b = self._pair(g, seat)
        if a is None or b is None or not (g.fighters[a].on_board and g.fighters[b].on_board):
            return value
        if combat.fighters[DEFENDER] not in (a, b):
            return value
        g.push((self._ask_jealousy, (seat,)))
        return value

    def _ask_jealousy(self, g, seat):
        c = g.combat
        g.ask(seat, "glamour_jealousy", (True, False), self._jealousy, seat,
              glamour=JEALOUSY, fighter=c.fighters[DEFENDER], attacker=c.fighters[0])

    def _jealousy(self, g, seat, yes):
        if not yes:
            return
        a, b = self._pair(g, seat)
        if g.held(a) or g.held(b):
            return
        c = g.combat
        old = c.fighters[DEFENDER]
        new = b if old == a else a
        g.swap_spaces(a, b)
        c.fighters[DEFENDER] = new
        c.ranged = not g.adjacent(c.fighters[0], new)
        g.log("glamour", seat, new, card=JEALOUSY, detail="swap")
        g.log("combatant_changed", seat, new)

    # ------------------------------------------------------------ Love
    def before_maneuver_moves(self, g, seat, player, value):
        if player != seat or active(g, seat) != LOVE:
            return value
        targets = [fi for fi in g.opponents_on_board(seat) if len(g.reachable(fi, 1)) > 1]
        if targets:
            g.push((self._ask_love, (seat,)))
        return value

    def _ask_love(self, g, seat):
        targets = [fi for fi in g.opponents_on_board(seat) if len(g.reachable(fi, 1)) > 1]
        if targets:
            g.ask(seat, "glamour_love", targets + [None], self._love, seat, glamour=LOVE)

    def _love(self, g, seat, fi):
        if fi is None:
            return
        g.ask(seat, "effect_destination", g.reachable(fi, 1), self._loved, seat, fi,
              fighter=fi, op="move", glamour=LOVE)

    def _loved(self, g, seat, fi, dest):
        g.log("glamour", seat, fi, card=LOVE, detail="move")
        g.move_to(fi, dest)


# ---------------------------------------------------------------- the AI
GLAMOUR_WORTH = {SLEEP: 2.0, JEALOUSY: 1.5, RHYME: 1.5, GREED: 1.0, INVISIBILITY: 0.5, LOVE: 0.5}
PAID_WORTH = {"set_value": 1.5, "cancel_effects": 1.5, "instead": 1.0, "place": 0.7}


@advise("cost:glamour")
def _advise_glamour_cost(policy, view, d):
    """Discard the face-up glamour when what it buys is worth more than keeping it: a glamour
    that will be replaced next turn (the glamour deck is not empty) is worth half."""
    res = view.resources(view.seat)
    up = res.get(ACTIVE, "")
    left = len(view.hero().ability.params["glamours"]) - len(res.get(DISCARD, ())) - (1 if up else 0)
    keep = GLAMOUR_WORTH.get(up, 1.0) * (0.5 if left > 0 else 1.0)
    return PAID_WORTH.get(d.info.get("op"), 1.0) + 0.3 >= keep


@advise("glamour_greed")
def _advise_greed(policy, view, d):
    """Draw, unless the deck is nearly empty or the card would only be lost to the hand limit
    (Greed comes at the end of the turn, before the hand limit)."""
    return view.deck_size(view.seat) > 2 and len(view.hand) < 7


@advise("glamour_jealousy")
def _advise_jealousy(policy, view, d):
    """Swap when the one attacked is worse placed to take the hit: Titania is the hero (a
    defeat loses the game), so Oberon takes the blow while he has more than 3 health."""
    attacked = view.fighter(d.info["fighter"])
    other = next((view.fighter(fi) for fi in view.on_board(view.seat)
                  if fi != attacked.idx and view.fighter(fi).defn.name in (
                      view.hero().ability.params["hero"], view.hero().ability.params["consort"])), None)
    if other is None:
        return False
    if attacked.is_hero:
        return other.health > 3 or attacked.health <= 4
    return attacked.health <= 2 and other.health > 8


@advise("glamour_love")
def _advise_love(policy, view, d):
    """Pull the opposing hero a step: the greedy destination logic then picks where."""
    heroes = [o for o in d.options if o is not None and view.fighter(o).is_hero]
    return heroes[0] if heroes else None


@advise("glamour_choice")
def _advise_glamour_choice(policy, view, d):
    """The Moon Looks Down: put back Sleep or Jealousy first (they protect), else any."""
    for want in (SLEEP, JEALOUSY, RHYME, GREED, INVISIBILITY, LOVE):
        if want in d.options:
            return want
    return d.options[0]


@story_line("glamour_flip")
def _story_flip(e):
    return f"{e['who']} turns {e['card']} face up"


@story_line("glamour_discard")
def _story_discard(e):
    return f"{e['who']} discards {e['card']}"


@story_line("glamour_to_deck")
def _story_to_deck(e):
    return f"{e['who']} puts {e['card']} back under the glamour deck"


@story_line("glamour")
def _story_glamour(e):
    return f"{e['who']} uses {e['card']} ({e['detail']})"


@story_line("glamour_deck")
def _story_deck(e):
    return f"{e['who']} shuffles the glamours"
