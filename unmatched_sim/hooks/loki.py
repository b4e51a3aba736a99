"""Loki: Mischief-Monger — TRICK cards that change hands — and his card effects that reveal a
card in a hand (Lævateinn, Svaðilfari's Lure) or pick the opponent's card (Looking for Trouble).

Card accounting: a TRICK always belongs to Loki's deck (``game.cards[cid].owner``) wherever it
is — his hand, deck or discard pile, the opponent's hand, or ``game.in_play`` while played.

* Cleanup of a played TRICK (``after_card_played``): played by Loki, it goes into the
  opponent's hand (``trick_to_opponent``); played by the opponent, into Loki's discard pile
  (``trick_to_discard``). Scheme TRICKs too, once resolved.
* The opponent discarding a TRICK from their hand (hand limit, a cost, any effect) lands it in
  Loki's discard pile face up; Loki then decides (``trick_destination``: "hand", "deck" — on
  top — or "discard") and a move is logged as ``trick_reclaimed``.
* Knowledge: a TRICK handed over is public, so it is in the receiver's ``known_hand`` (the cards
  of that hand Loki has seen); one Loki takes back face up is in his own ``known_hand``.
* Move: +1 for each of his TRICKs in the opponent's hand. TRICKs cannot BOOST and their BOOST
  value reads 0 (the engine asks the card owner's ability, so this holds in the opponent's hand).

Revealing "a card in the opponent's hand": Loki sees the backs of the cards, so he knows which
are his TRICKs but not what the others are. The decision ``reveal_hand_card`` offers hand
positions 0..n-1 (never card ids) and its ``info["tricks"]`` lists the positions holding one of
his TRICKs.
"""

from __future__ import annotations

from unmatched_sim.engine.effects import hook_effect, look_at_hand, swap_into_combat
from unmatched_sim.engine.game import OWN_EFFECT
from unmatched_sim.engine.state import ATTACKER, DEFENDER, SCHEME_ROLE, Ctx
from unmatched_sim.hooks import Ability, ability, advise, story_line, value_advice

TRICK = "trick"
ROLE_NAMES = {ATTACKER: "attack", DEFENDER: "defense", SCHEME_ROLE: "scheme"}
TRICK_DESTINATIONS = ("hand", "deck", "discard")


def is_trick(g, cid: int) -> bool:
    return TRICK in g.cards[cid].defn.tags


def trick_receiver(g, owner: int, cid: int) -> int:
    """Who gets a TRICK Loki played: the other player of the combat it was played in; for a
    scheme, the opponent chosen for its effects, else the next foe in turn order."""
    c = g.combat
    if c is not None and cid in c.cards:
        return c.opposing(c.cards.index(cid))      # the card's side is its role
    chosen = g.turn_flags.get(("opponent_chosen", cid))
    return chosen if chosen is not None else g.opponent_of(Ctx(owner, cid, SCHEME_ROLE, -1))


@ability("mischief_monger")
class MischiefMonger(Ability):
    """Loki's special ability; see the module text."""

    # Move: +1 for each of his TRICKs in a foe's hand (every foe's, with several), counted by
    # the engine's compiled code (Ability.move_bonus_tag, Game.cards_in_foe_hands): the AI asks
    # Loki's move value often, so it is not a Python method.
    move_bonus_tag = TRICK
    # TRICKs may not BOOST: the engine applies it in its compiled code (Ability.no_boost_tag,
    # Game.can_boost_with), asked for every card in hand at every maneuver.
    no_boost_tag = TRICK

    def boost_value(self, g, cid):
        return 0 if is_trick(g, cid) else super().boost_value(g, cid)

    def on_card_played(self, g, cid, played_by, role):
        if played_by != g.cards[cid].owner and is_trick(g, cid):
            g.log("trick_played_by_opponent", played_by, card=cid, detail=ROLE_NAMES.get(role))

    def after_card_played(self, g, cid, played_by):
        if not is_trick(g, cid):
            return False
        owner = g.cards[cid].owner
        g.play_area_take(cid)
        if played_by == owner:
            # public: Loki knows which TRICK they hold
            g.put_in_hand(trick_receiver(g, owner, cid), cid, "trick_to_opponent", logged_by=owner)
        else:
            g.discard_pile_add(owner, cid)
            g.log("trick_to_discard", owner, card=cid)
        return True

    def intercept_discard(self, g, holder, cid, cause):
        owner = g.cards[cid].owner
        if holder == owner or not is_trick(g, cid):
            return False
        # It lands face up in Loki's discard pile while he decides, so it is always somewhere.
        g.discard_pile_add(owner, cid)
        if g.pending is None:
            _ask_trick_destination(g, owner, cid, holder, cause)
        else:   # a decision is already open in this step: ask right after it
            g.push((_ask_trick_destination, (owner, cid, holder, cause)))
        return True


def _ask_trick_destination(g, owner: int, cid: int, holder: int, cause: str) -> None:
    if cid in g.players[owner].discard:
        g.ask(owner, "trick_destination", TRICK_DESTINATIONS, _trick_destination, owner, cid,
              card=cid, holder=holder, cause=cause)


def _trick_destination(g, owner: int, cid: int, where: str) -> None:
    if where == "discard" or cid not in g.players[owner].discard:
        return
    g.discard_pile_take(owner, cid)
    if where == "hand":     # the opponent saw it discarded face up
        g.put_in_hand(owner, cid, "trick_reclaimed", detail=where)
        return
    # it was face up in the discard pile: everyone knows it is on top
    g.put_deck_top(owner, cid, known_to=tuple(range(len(g.players))))
    g.log("trick_reclaimed", owner, card=cid, detail=where)


# ---------------------------------------------------------------------- revealing a hand card
def reveal_hand_card(g, ctx: Ctx, chooser: int, victim: int, then, purpose: str) -> None:
    """``chooser`` picks one card of ``victim``'s hand by position, seeing only the backs (so
    which positions hold ``chooser``'s TRICKs); it is revealed to both players and
    ``then(g, ctx, victim, cid)`` resolves the rest of the effect."""
    hand = g.players[victim].hand
    if not hand:
        return
    cards = g.cards
    tricks = tuple(i for i, c in enumerate(hand) if cards[c].owner == chooser and TRICK in cards[c].defn.tags)
    g.ask(chooser, "reveal_hand_card", list(range(len(hand))), _revealed, ctx, victim, then,
          card=ctx.card, victim=victim, tricks=tricks, hand_size=len(hand), purpose=purpose)


def _revealed(g, ctx: Ctx, victim: int, then, position: int) -> None:
    p = g.players[victim]
    cid = p.hand[position]
    p.known_hand = p.known_hand | {cid}
    g.log("hand_reveal", victim, card=cid, detail=g.cards[ctx.card].defn.name if ctx.card >= 0 else None)
    then(g, ctx, victim, cid)


@hook_effect("laevateinn")
def laevateinn(g, ctx, op):
    """Reveal a card in the opponent's hand, add its BOOST value (a TRICK's is 0) to this card;
    a revealed TRICK goes into your hand."""
    if g.combat is None or ctx.role > DEFENDER:
        return
    reveal_hand_card(g, ctx, ctx.player, g.opponent_of(ctx), _laevateinn_revealed, "laevateinn")


def _laevateinn_revealed(g, ctx: Ctx, victim: int, cid: int) -> None:
    c = g.combat
    boost = g.players[g.cards[cid].owner].ability.boost_value(g, cid)
    if c is not None and c.cards[ctx.role] == ctx.card:
        c.mods[ctx.role].append(("add", boost))
    if is_trick(g, cid):
        g.take_from_hand(victim, cid)
        # it was shown to the opponent
        g.put_in_hand(ctx.player, cid, "trick_taken", detail=g.cards[ctx.card].defn.name)


@hook_effect("lure_reveal_and_discard")
def lure_reveal_and_discard(g, ctx, op):
    """Svaðilfari's Lure played by the opponent: Loki reveals a card in their hand (he picks by
    the backs) and they discard it. They played the card, so it is their own effect that
    discards; a TRICK discarded this way still offers Loki to take it back."""
    owner = g.cards[ctx.card].owner
    if owner == ctx.player:
        return
    reveal_hand_card(g, ctx, owner, ctx.player, _lure_revealed, "lure")


def _lure_revealed(g, ctx: Ctx, victim: int, cid: int) -> None:
    g.discard_from_hand(victim, cid, OWN_EFFECT)


# ---------------------------------------------------------------------- Looking for Trouble
@hook_effect("looking_for_trouble")
def looking_for_trouble(g, ctx, op):
    """If the defender played a card: it returns to their hand, you look at their hand and
    choose the card they play instead (any card their fighter could defend with, the returned
    one included); that card is revealed and its immediate effects resolve, unless they have
    resolved in this combat already (``effects.swap_into_combat``).

    Looking at the hand comes first, so a card that cancels a look (A Magician Never Reveals
    His Secrets) cancels the whole effect before anything moves."""
    c = g.combat
    if c is None or ctx.role != ATTACKER or c.cards[DEFENDER] is None:
        return
    look_at_hand(g, ctx, c.players[DEFENDER], _lft_looked, ())


def _lft_looked(g, ctx: Ctx, victim: int) -> None:
    c = g.combat
    old = c.cards[DEFENDER]
    if old is None:
        return
    p = g.players[victim]
    c.cards[DEFENDER] = None
    g.play_to_hand(victim, old, detail=g.cards[ctx.card].defn.name)
    name = g.fighters[c.fighters[DEFENDER]].defn.name
    options = [cid for cid in p.hand if g.cards[cid].defn.can_defend and g.cards[cid].defn.usable_by(name)]
    if options:
        g.ask(ctx.player, "choose_opponent_card", options, _lft_chosen, ctx, victim,
              card=ctx.card, victim=victim, fighter=c.fighters[DEFENDER], returned=old)


def _lft_chosen(g, ctx: Ctx, victim: int, cid: int) -> None:
    swap_into_combat(g, victim, DEFENDER, cid)

# ---------------------------------------------------------------------- the replay's story
story_line("trick_to_opponent")(lambda e: f"the TRICK {e['card']} goes into an opponent's hand")
story_line("trick_played_by_opponent")(lambda e: f"{e['who']} plays Loki's TRICK {e['card']} ({e['detail']})")
story_line("trick_to_discard")(lambda e: f"the TRICK {e['card']} goes to Loki's discard pile")
story_line("trick_reclaimed")(lambda e: f"Loki takes back the TRICK {e['card']} (to his {e['detail']})")
story_line("trick_taken")(lambda e: f"Loki takes the TRICK {e['card']} from the opponent's hand ({e['detail']})")
story_line("hand_reveal")(lambda e: f"{e['who']} reveals {e['card']} from hand ({e['detail']})")


# ---------------------------------------------------------------------- how the AI plays it
# The greedy policy (and every policy built on it, unless it has a method of its own for the
# decision) asks these for this hero's own decisions (hooks.advise).
@advise("trick_destination")
def advise_trick_destination(policy, view, d):
    """The opponent discarded one of our TRICKs: into our hand while there is room for it;
    on top of the deck when the hand is nearly full (no hand-limit loss) or the deck is
    empty (the next draw then costs no exhaustion damage). Never left in the discard."""
    if view.deck_size(view.seat) == 0 or len(view.hand) >= 6:
        return "deck"
    return "hand"


@advise("reveal_hand_card")
def advise_reveal_hand_card(policy, view, d):
    """Pick a card in the opponent's hand by its back: one of our TRICKs if they hold one
    (Lævateinn takes it back; with the Lure they discard it and we take it back), else any."""
    tricks = [p for p in d.info.get("tricks", ()) if p in d.options]
    if tricks:
        return tricks[0]
    return policy.rng.choice(list(d.options))


@value_advice("laevateinn")
def laevateinn_lift(policy, view, cid) -> float:
    """What Lævateinn adds to its value if played now: the BOOST of the card it shows from the
    foe's hand. Holding one of our TRICKs, they show that one (``advise_reveal_hand_card``:
    taken back, its BOOST 0); else a card at random, so the mean BOOST of the cards they may
    hold: the ones we have seen there, and for each other card the mean over their unseen cards
    (the card odds' reader)."""
    reader = policy.reader(view)
    held = view.hand_size(reader.foe)
    if not held:
        return 0.0
    total = 0.0
    for d, theirs in reader.known:
        if not theirs and TRICK in d.tags:
            return 0.0
        total += d.boost_value
    if reader.h_unknown and reader.n_pool:
        pool = 0.0
        for d, n in zip(reader.cards, reader.unseen):
            pool += n * d.boost_value
        total += reader.h_unknown * pool / reader.n_pool
    return total / held


@advise("choose_opponent_card")
def advise_choose_opponent_card(policy, view, d):
    """Looking for Trouble: the defender plays the card we pick — the weakest defense,
    counting what it would do for them (healing counts in full)."""
    def strength(c):
        card = view.card(c)
        heal = sum(getattr(op.amount, "const", 2) for op in card.effects.get("immediately", ())
                   if op.NAME == "recover")
        return (card.value or 0) + heal + 0.3 * policy.held_power(view, c, view.opp)
    return min(d.options, key=lambda c: (strength(c), c))

