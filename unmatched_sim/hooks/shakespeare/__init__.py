"""William Shakespeare: Iambic Pentameter — the line.

Whenever Shakespeare's player uses one of their action cards to attack or defend, at cleanup
the card goes into their **line** (``res["line"]``, a public tuple of card ids, left to right in
the order played; see ``line.py`` in this package) instead of the discard pile. Cards used to BOOST
or discarded by effects go to the discard pile as usual (they never reach cleanup as played
cards). Each card has syllables (tag ``syllables:N``). After each card joins the line:

* fewer than ``target`` (10) syllables: nothing happens;
* exactly ``target``: the line is complete — the completion effect (``line_effect`` in the hero
  file) of the card just added resolves, even if that card's other effects were cancelled (its
  Ctx is ``uncancelable``); then every card still in the line goes to the discard pile;
* more than ``target``: every card of the line goes to the discard pile, no effect resolves.

The next combat card played starts a new line. The line is face up: every player sees it
(``PlayerView.resources``), and determinization leaves it in place.

Events: ``line_add`` (card, amount = its syllables, value = the line's syllables now),
``line_complete`` (card = the last card, amount = cards in the line, value = syllables),
``line_broken`` (amount = cards, value = syllables), ``line_discard`` (amount = cards discarded),
``line_to_hand`` (a card leaves the line for the hand: Again, Deceive).
"""

from __future__ import annotations

from unmatched_sim.engine.game import PLAYED
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.state import Ctx
from unmatched_sim.hooks.shakespeare.line import LINE, syllables
from unmatched_sim.hooks import Ability, ability, card_advice, story_line, view_quantity
from unmatched_sim.model import LINE_EFFECT


@ability("iambic_pentameter")
class IambicPentameter(DeclaredParams, Ability):
    PARAMS = {"target": Param.whole(10, "the syllables that complete a line", least=1)}

    def setup(self, g, seat):
        g.players[seat].res[LINE] = ()

    def after_card_played(self, g, cid, played_by):
        owner = g.owner(cid)
        c = g.combat
        if played_by != owner or c is None or cid not in c.cards:
            return False
        role = c.cards.index(cid)
        g.play_area_take(cid)
        p = g.players[owner]
        line = p.res.get(LINE, ()) + (cid,)
        p.res[LINE] = line
        n = syllables(g.card(cid))
        total = sum(syllables(g.card(x)) for x in line)
        g.log("line_add", owner, card=cid, amount=n, value=total)
        target = self.params["target"]
        if total == target:
            g.log("line_complete", owner, card=cid, amount=len(line), value=total)
            g.push((self._clear, (owner,)))        # once the completion effect has resolved
            ops = g.card(cid).effects.get(LINE_EFFECT)
            if ops:
                g.run_effects(ops, Ctx(owner, cid, role, c.fighters[role], uncancelable=True))
        elif total > target:
            g.log("line_broken", owner, card=cid, amount=len(line), value=total)
            self._clear(g, owner)
        return True

    def _clear(self, g, seat):
        p = g.players[seat]
        line = p.res.get(LINE, ())
        p.res[LINE] = ()
        for cid in line:
            g.to_discard_pile(cid, PLAYED)
        g.log("line_discard", seat, amount=len(line))


# ---------------------------------------------------------------- the AI
COMPLETION_GUESS = 3.0      # a completed line, for a policy that does not weigh its effects


@card_advice("iambic_pentameter")
def line_fit(policy, view, cid: int, target: int = 10) -> float:
    """Building a line: a combat card that would complete the line is worth its completion
    effect, which resolves whatever the combat's outcome (``line_worth``; ``COMPLETION_GUESS``
    for a policy without a worth of effects); one that would
    overshoot it -2 (the line is lost), one that leaves room to complete it +0.5."""
    line = view.resources(view.seat).get(LINE, ())
    have = sum(syllables(view.card(c)) for c in line)
    n = syllables(view.card(cid))
    if not n:
        return 0.0
    if have + n == target:
        if not hasattr(policy, "effect_damage_worth"):
            return COMPLETION_GUESS     # a policy without this worth of effects (greedy, tuned-v1)
        return line_worth(policy, view, cid, len(line))
    if have + n > target:
        return -2.0
    return 0.5 if target - have - n >= 2 else 0.0


def line_worth(policy, view, cid: int, others: int) -> float:
    """What card ``cid``'s completion effect is worth to us now (``ops_worth``), resolved by our
    hero, with ``others`` cards before it in the line: Horror's damage is one for each of them,
    Alas draws 2 and heals 2, My Kingdom for a Horse gains 2 actions."""
    me = view.my_hero()
    fi = me.idx if me.on_board else None
    worth = 0.0
    for op in view.card(cid).effects.get(LINE_EFFECT, ()):
        if op.NAME == "damage" and op.spec.get("amount") == "line_count":
            worth += policy.effect_damage_worth(view, fi, dict(op.spec, amount=others))
        else:
            worth += policy.ops_worth(view, (op,), fi)
    return worth


@view_quantity("line_same_name")
def line_same_name_seen(view, seat: int, cid: int) -> int:
    """Horror's "+1 for each Horror in your line", as the face-up line shows it now (the card
    itself joins the line only after the combat)."""
    name = view.card(cid).name
    return sum(1 for c in view.resources(seat).get(LINE, ()) if c != cid and view.card(c).name == name)


@story_line("line_add")
def _story_add(e):
    return f"{e['who']} adds {e['card']} to the line ({e['amount']} syllables, {e['value']} in all)"


@story_line("line_complete")
def _story_complete(e):
    return f"{e['who']} completes a line of {e['value']} syllables with {e['card']}!"


@story_line("line_broken")
def _story_broken(e):
    return f"{e['who']}'s line runs to {e['value']} syllables and is thrown away"


@story_line("line_discard")
def _story_discard(e):
    return f"{e['who']} discards the line ({e['amount']} cards)"


@story_line("line_to_hand")
def _story_to_hand(e):
    return f"{e['who']} takes {e['card']} back from the line"
