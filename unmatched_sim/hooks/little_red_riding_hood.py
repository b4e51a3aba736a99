"""Little Red Riding Hood: What's That in My Basket? — the item in her basket is the symbol on
the top card of her discard pile.

Each of her cards carries its symbol as a tag ``basket:<wolf|pelt|knife|wild>``. The basket is
read when an effect resolves (a card in play is not yet in the pile). Before any card is
discarded the pile holds only the basket card: no item, or a wild with the ability parameter
``basket_start = "wild"``.

* ``basket`` — ``{ op = "basket", wolf = [...], pelt = [...], knife = [...], otherwise = [...] }``:
  the clause of the item in the basket resolves, or ``otherwise`` when there is none for it. A
  wild counts as any one symbol: with several clauses the player chooses (decision
  ``basket_item``), with one it is that one.
* tag ``basket_defense:<symbol>`` — the card may be played as a defense card while the basket
  holds that symbol (What Big Ears You Have); the ability answers ``defense_options``.
"""

from __future__ import annotations

from unmatched_sim.engine.effects import Field, Op, op
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.hooks import Ability, ability, advise, scheme_advice, story_line

WOLF, PELT, KNIFE, WILD = "wolf", "pelt", "knife", "wild"
ITEMS = (WOLF, PELT, KNIFE)
EMPTY = "empty"
_TAG, _DEFENSE_TAG = "basket:", "basket_defense:"


def card_symbol(g, cid: int) -> str | None:
    """The basket symbol printed on a card (None: a card without one)."""
    for t in g.card(cid).tags:
        if t.startswith(_TAG):
            return t[len(_TAG):]
    return None


def basket(g, seat: int) -> str | None:
    """The item in ``seat``'s basket: the symbol of the top card of the discard pile (``wild``
    for a wild), or the basket card's own (None, or ``wild`` with ``basket_start = "wild"``)
    while the pile is empty."""
    pile = g.players[seat].discard
    if pile:
        return card_symbol(g, pile[-1])
    start = g.players[seat].ability.params.get("basket_start", EMPTY)
    return WILD if start == WILD else None


def holds(g, seat: int, item: str) -> bool:
    """Can the basket count as ``item`` now (the item itself or a wild)?"""
    b = basket(g, seat)
    return b == item or b == WILD


@ability("basket")
class WhatsInTheBasket(DeclaredParams, Ability):
    """Little Red's basket: her cards' symbol effects read it (op ``basket``); a card tagged
    ``basket_defense:<symbol>`` may defend while the basket holds that symbol."""
    PARAMS = {
        "basket_start": Param.choice((EMPTY, WILD), EMPTY,
                                     "the item of the basket card that starts her discard pile"),
    }

    def defense_options(self, g, seat, fighter):
        name = g.fighters[fighter].defn.name
        out = []
        for cid in g.players[seat].hand:
            d = g.card(cid)
            if d.can_defend or not d.usable_by(name):
                continue
            for t in d.tags:
                if t.startswith(_DEFENSE_TAG) and holds(g, seat, t[len(_DEFENSE_TAG):]):
                    out.append(cid)
                    break
        return tuple(out)


@op("basket")
class Basket(Op):
    """The clause of the item in the basket (see the module's text)."""
    FIELDS = {WOLF: Field("effects", []), PELT: Field("effects", []), KNIFE: Field("effects", []),
              "otherwise": Field("effects", [])}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        self.clauses = {item: getattr(self, item) for item in ITEMS if getattr(self, item)}
        self.needs_opponent = any(o.needs_opponent for ops in (*self.clauses.values(), self.otherwise)
                                  for o in ops)

    def run(self, g, ctx):
        item = basket(g, ctx.player)
        if item == WILD:
            choices = list(self.clauses)
            if len(choices) > 1:
                g.ask(ctx.player, "basket_item", choices, self._resolve_as, ctx, card=ctx.card)
                return
            item = choices[0] if choices else None
        self._resolve_as(g, ctx, item)

    def _resolve_as(self, g, ctx, item):
        ops = self.clauses.get(item)
        g.log("basket", ctx.player, card=ctx.card if ctx.card >= 0 else None, amount=1 if ops else 0,
              detail=item or EMPTY)
        g.run_effects(ops if ops else self.otherwise, ctx)


# ---------------------------------------------------------------------- the replay's story
story_line("basket")(lambda e: f"{e['who']}'s basket holds {e['detail']} ({e['card']}"
                               + ("" if e["amount"] else ": no effect for it") + ")")


# ---------------------------------------------------------------------- how the AI plays it
@advise("basket_item")
def advise_basket_item(policy, view, d):
    """A wild on a card with several symbol clauses (Never Leave the Path): the knife when it
    hits an opposing fighter in Little Red's zone, the pelt's three cards when the hand is
    short and the deck can give them, else the wolf (a free placement and an action)."""
    me = view.my_hero()
    if KNIFE in d.options and me.on_board and any(
            view.board.same_zone(view.fighter(fi).space, me.space)
            for s in view.foes for fi in view.on_board(s)):
        return KNIFE
    if PELT in d.options and view.hand_size(view.seat) <= 4 and view.deck_size(view.seat) >= 3:
        return PELT
    return WOLF if WOLF in d.options else d.options[0]


def view_basket(view) -> str | None:
    """``basket`` as the player sees it: the symbol on the top card of her discard pile (public),
    or the basket card's own while the pile is empty."""
    pile = view.discard(view.seat)
    if pile:
        for t in view.card(pile[-1]).tags:
            if t.startswith(_TAG):
                return t[len(_TAG):]
        return None
    params = getattr(view.hero().ability, "params", None) or {}
    return WILD if params.get("basket_start", EMPTY) == WILD else None


@scheme_advice("basket")
def advise_scheme(policy, view, cid, fi):
    """A scheme whose effect reads the basket (Never Leave the Path, A Grimm Tale) is worth the
    clause the basket holds while it resolves — the top of her discard pile now, the scheme
    itself being in play — (a wild: its best clause; no clause for the item: ``otherwise``),
    less the card; other schemes: the policy's own reckoning (which reads no basket)."""
    from unmatched_sim.policies.weights import FOR_HERO_ADVICE

    ops = view.card(cid).effects.get("effect", ())
    if not any(o.NAME == "basket" for o in ops):
        return None
    item = view_basket(view)
    worth = 0.0
    for o in ops:
        if o.NAME != "basket":
            worth += policy.ops_worth(view, [o], fi, True)
        elif item == WILD and o.clauses:
            worth += max(policy.ops_worth(view, c, fi, True) for c in o.clauses.values())
        else:
            worth += policy.ops_worth(view, o.clauses.get(item) or o.otherwise, fi, True)
    return worth - policy.spend_cost(view, cid) + FOR_HERO_ADVICE["SCHEME_BONUS"]
