"""Pandora: Pandora's Box — a face-down stack of misery cards opened at the start of her turn.

The miseries are data, not code: ``[[ability.params.miseries]]`` in heroes/pandora.toml gives
each one a name, a number of feathers and an effect list in the shared vocabulary;
the schema ``PARAMS`` checks them when the file loads. ``bust_at`` (3) and ``damage_per_misery`` (1)
are parameters too.

Opening the box (start of turn): reveal the top misery, resolve its effect, then — unless the
revealed feathers have reached ``bust_at`` — Pandora's player decides ``misery_continue``:
``"reveal"`` the next one or ``"stop"``. At ``bust_at`` feathers she must stop and Pandora takes
``damage_per_misery`` damage per misery revealed this turn (damage source ``"misery_bust"``).
The misery that busts still resolves first: the ability text says to reveal *and resolve*,
then check the feathers. An empty box leaves only "stop".

Revealed miseries stay face up until the end of her turn (cards counting "revealed_miseries"
read them); then all of them are shuffled into a new stack with ``game.rngs[seat]``.

State, all immutable values in ``game.players[seat].res`` so ``Game.clone`` copies it:

    _misery_box        tuple of misery names, face down; the top is the last item (hidden)
    _misery_peek       the name of the top misery Pandora has looked at (Hope), "" if none
                       (hidden from the view; her misery_continue decision carries it)
    revealed_miseries  tuple of the names revealed this turn, in order (public)
    misery_feathers    feathers on them (public)

Events: ``misery_box`` (setup), ``misery_reveal``, ``misery_stop``, ``misery_bust`` — see
docs/events.md.
"""

from __future__ import annotations

from typing import NamedTuple

from unmatched_sim.engine.determinize import HIDDEN_ORDER
from unmatched_sim.engine.effects import hook_effect
from unmatched_sim.engine.game import MISERY
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.state import OTHER_ROLE, Ctx
from unmatched_sim.hooks import Ability, ability, advise, story_line, view_quantity

MISERY_BUST = "misery_bust"          # damage source, hence the game's end reason if it kills her
BOX, PEEK, REVEALED, FEATHERS = "_misery_box", "_misery_peek", "revealed_miseries", "misery_feathers"
STOP, REVEAL = "stop", "reveal"

HIDDEN_ORDER.add(BOX)   # search policies reshuffle it when they determinize a game


class Misery(NamedTuple):
    name: str
    feathers: int
    effect: tuple       # tuple of Op
    text: str = ""


def _misery(name, feathers, text, effect) -> Misery:
    return Misery(name, feathers, effect, text)


@ability("pandoras_box")
class PandorasBox(DeclaredParams, Ability):
    """Pandora's Box; see the module text."""

    PARAMS = {
        "miseries": Param.tables({
            "name": Param.text(doc="the misery's name (logged, so without ';' or ':')", forbid=";:"),
            "feathers": Param.whole(doc="its feathers"),
            "text": Param.text("", "its printed text", empty=True),
            "effect": Param.effects([], "what it does when revealed"),
        }, _misery, "a list of [[ability.params.miseries]] tables with name, feathers and effect",
            unique="name"),
        "bust_at": Param.whole(3, "the feathers at which the box busts", least=1),
        "damage_per_misery": Param.whole(1, "damage to Pandora for each misery revealed when it busts"),
    }

    def __init__(self, hero, params):
        super().__init__(hero, params)
        self.miseries: tuple[Misery, ...] = params["miseries"]
        self.by_name = {m.name: m for m in self.miseries}
        self.bust_at: int = params["bust_at"]
        self.damage_per_misery: int = params["damage_per_misery"]

    # ------------------------------------------------------------ the box
    def composition(self) -> str:
        """The box as the misery_box event gives it: "Name:feathers;..." in file order."""
        return ";".join(f"{m.name}:{m.feathers}" for m in self.miseries)

    def _shuffle(self, g, seat: int) -> None:
        box = [m.name for m in self.miseries]
        g.rngs[seat].shuffle(box)
        res = g.players[seat].res
        res[BOX] = tuple(box)
        res[PEEK] = ""
        res[REVEALED] = ()
        res[FEATHERS] = 0

    def stack(self, g, seat: int, names) -> None:
        """Test helper: the named miseries come off the box first, in this order; the rest
        follow in file order."""
        names = list(names)
        for n in names:
            if n not in self.by_name:
                raise KeyError(f"no misery named {n!r} (known: {sorted(self.by_name)})")
        rest = [m.name for m in self.miseries if m.name not in names]
        g.players[seat].res[BOX] = tuple(reversed(names + rest))
        g.players[seat].res[PEEK] = ""

    def setup(self, g, seat):
        g.log("misery_box", seat, detail=self.composition(), value=self.bust_at)
        self._shuffle(g, seat)

    def start_of_turn(self, g, seat):
        if g.players[seat].res.get(BOX):
            g.push((self._reveal, (seat,)))

    def end_of_turn(self, g, seat):
        self._shuffle(g, seat)

    def _reveal(self, g, seat: int) -> None:
        res = g.players[seat].res
        box = res[BOX]
        m = self.by_name[box[-1]]
        res[BOX] = box[:-1]
        res[PEEK] = ""
        res[REVEALED] = res[REVEALED] + (m.name,)
        res[FEATHERS] = res[FEATHERS] + m.feathers
        g.log("misery_reveal", seat, card=m.name, amount=m.feathers, value=res[FEATHERS])
        g.push((self._after_misery, (seat,)))      # runs once the misery's effect has resolved
        if m.effect:
            g.run_effects(m.effect, Ctx(seat, -1, OTHER_ROLE, g.hero_of(seat).idx, source=MISERY,
                                        source_name=m.name))

    def _after_misery(self, g, seat: int) -> None:
        res = g.players[seat].res
        revealed, feathers = res[REVEALED], res[FEATHERS]
        if feathers >= self.bust_at:
            damage = len(revealed) * self.damage_per_misery
            g.log("misery_bust", seat, amount=damage, value=feathers)
            hero = g.hero_of(seat).idx
            g.damage(hero, damage, MISERY_BUST, by=hero)     # her own box: her doing
            return
        if g.decided() or g.hero_defeated(seat):
            return      # the game (or Pandora) is done at the next win check; nothing more to open
        box = res[BOX]
        options = [STOP, REVEAL] if box else [STOP]
        # What Hope showed, while it is still the top card (a determinized copy of the game
        # may have reshuffled the box under it).
        peek = res[PEEK] if box and box[-1] == res[PEEK] else ""
        left = list(self.by_name)
        for name in revealed:
            left.remove(name)
        g.ask(seat, "misery_continue", options, self._decided, seat,
              revealed=len(revealed), feathers=feathers, bust_at=self.bust_at,
              bust_damage=(len(revealed) + 1) * self.damage_per_misery,
              unrevealed_feathers=tuple(sorted(self.by_name[n].feathers for n in left)),
              unrevealed_draws=tuple(_draws(self.by_name[n]) for n in left),
              next_known=(peek, self.by_name[peek].feathers) if peek else None)

    def _decided(self, g, seat: int, choice: str) -> None:
        if choice == REVEAL:
            self._reveal(g, seat)
            return
        res = g.players[seat].res
        g.log("misery_stop", seat, amount=len(res[REVEALED]), value=res[FEATHERS])


def _draws(m: Misery) -> int:
    """The cards a misery draws Pandora (Greed: 1), for the AI weighing an empty deck."""
    n = 0
    for op in m.effect:
        count = op.spec.get("count", 1)
        if op.NAME == "draw" and isinstance(count, int) and op.spec.get("who", "self") == "self":
            n += count
    return n


@hook_effect("peek_misery_box")
def peek_misery_box(g, ctx, op):
    """Hope: Pandora's player looks at the top misery of the box (before deciding whether to
    reveal it). Only she knows it: it is shown in her next misery_continue decision."""
    res = g.players[ctx.player].res
    box = res.get(BOX)
    if box:
        res[PEEK] = box[-1]

# ---------------------------------------------------------------------- the replay's story
story_line("misery_reveal")(lambda e: f"Pandora's Box reveals {e['card']} ({e['amount']} feather(s), "
                                      f"{e['value']} this turn)")
story_line("misery_stop")(lambda e: f"Pandora closes the box after {e['amount']} misery(ies), {e['value']} feather(s)")
story_line("misery_bust")(lambda e: f"the box busts at {e['value']} feathers: {e['amount']} damage to Pandora")


# ---------------------------------------------------------------------- how the AI plays it
# The greedy policy (and every policy built on it, unless it has a method of its own for the
# decision) asks these for this hero's own decisions (hooks.advise).
@advise("misery_continue")
def advise_misery_continue(policy, view, d):
    """Pandora's box: reveal another misery while the chance of busting, times the damage
    a bust would deal now, is worth less than one more misery; never risk a bust that could
    defeat her. A misery she has looked at (Hope) is known for certain. A policy that prices
    draws (``misery_gain``) weighs each misery's draw at its worth now: the deck race, and
    exhaustion's damage for Greed from an empty deck."""
    if "reveal" not in d.options:
        return "stop"
    info = d.info
    need = info["bust_at"] - info["feathers"]       # feathers on the next card that bust
    known = info.get("next_known")
    if known is not None:
        return "reveal" if known[1] < need else "stop"
    left = info["unrevealed_feathers"]
    p_bust = sum(1 for f in left if f >= need) / len(left)
    # Each misery that may come next at what it gives now, by the policy's measure where it has
    # one (``misery_gain``): a draw priced against the deck race and exhaustion (Greed from a
    # deck the game needs is a loss); else every misery is worth the same.
    gain = getattr(policy, "misery_gain", None)
    draws = info.get("unrevealed_draws", ())
    extra = 0.0
    if gain is not None and draws:
        extra = sum(gain(view, n) - 1.0 for n in draws if n) / len(draws)
    elif getattr(policy, "exhaustion_cost", None) is not None and draws:
        # a policy that prices exhaustion but not draws: a misery drawing from a deck without
        # the cards gains nothing and deals exhaustion's damage
        deck = view.deck_size(view.seat)
        dry = [n - deck for n in draws if n > deck]
        extra = -(len(dry) + sum(dry) * policy.exhaustion_cost(view)) / len(draws)
    if p_bust == 0 and extra >= 0:
        return "reveal"
    damage, health = info["bust_damage"], view.my_hero().health
    if damage >= health:
        return "stop"
    risk = p_bust * damage * (1.0 if health - damage > 5 else 2.0)
    return "reveal" if (1.0 - p_bust) + extra > risk else "stop"


@view_quantity("revealed_miseries")
def _revealed_miseries_seen(view, seat: int, cid: int) -> int:
    """Hera's Curiosity's "+1 for each misery revealed this turn": they lie face up until the
    turn ends."""
    return len(view.resources(seat).get(REVEALED, ()))
