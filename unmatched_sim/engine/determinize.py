"""Determinization: a copy of a game that one seat cannot tell apart from the real one.

A search policy may not look at hidden cards, but it needs a complete game to play forward.
``determinize(game, seat, rng)`` returns a clone in which everything ``seat`` cannot know has
been re-dealt at random from the cards not otherwise accounted for:

* for every other player (each foe, and each ally: teammates' hands are hidden too), the hand
  cards that ``seat`` has not seen (``Game.known_to``) and that player's whole deck are pooled
  and dealt again: the same hand size, the same deck size, known cards stay exactly where they
  are; each player's pool is dealt on its own (a card never moves to another player's deck);
* the seat's own deck is shuffled, except the top ``deck_top_known`` cards it knows (e.g. the
  card Set the Stage put back); likewise the top cards of another player's deck ``seat`` has
  seen (``Player.top_known_by``) stay in place;
* when ``seat`` is defending and the cards are not revealed yet, the attacker's face-down card
  goes back into the attacker's pool and a card the attacking fighter could have played is drawn from the
  pool in its place (``attack_guess`` picks it from the candidates; default: uniformly). Its
  back shows whose deck it is from: if it is ``seat``'s own (a TRICK of Loki's the opponent
  held), it is swapped only with ``seat``'s other cards in the opponent's hand; cards played
  face down beside it (``FACE_DOWN_EXTRA``: King Arthur's BOOST) are re-dealt the same way,
  from the attacker's cards that can BOOST. A card ``seat`` had seen in the attacker's hand
  before it went face down (``known_face_down``) is, in every world, either the face-down
  card or still in the hand (in the place of an unseen card), never dealt into the deck;
* hero state registered as hidden (``HIDDEN_ORDER``: a face-down stack in ``Player.res``, such
  as Pandora's miseries) is reshuffled;
* every random stream of the clone is ``rng`` itself, so the real game's future shuffles and
  random discards stay unknown (playing the clone forward draws from ``rng``).

The public position (board, health, discard piles, revealed and known cards, sizes, resources,
the pending decision) is untouched. The hidden cards are pooled in sorted order before being
shuffled, so the result depends only on what ``seat`` knows and on ``rng``: two games that
differ only in hidden cards give the same determinization for the same ``rng`` state.
"""

from __future__ import annotations

import random
from typing import Callable

try:
    import cython
except ImportError:     # a pure install without Cython: the typing declarations do nothing
    from unmatched_sim import _cython_shim as cython

from unmatched_sim.engine.game import _GameCore
from unmatched_sim.engine.state import ATTACKER, DEFENDER, Combat, Player

# Combat.extra key: extra cards the attacker played face down with the attack card (King
# Arthur's BOOST), a tuple of card ids kept in ``Game.in_play``. Until the reveal the defender
# sees only their backs: determinization deals them again from the attacker's unseen cards
# (any card that can BOOST), and PlayerView counts them as unseen.
FACE_DOWN_EXTRA = "face_down_extra"

# Player.res keys holding a face-down, ordered stack (a tuple of items, top last) that nobody
# may look at. A hero module registers its own: ``HIDDEN_ORDER.add("_misery_box")``.
HIDDEN_ORDER: set[str] = set()
# stack key -> the res key naming the top item its owner has looked at ("" if none). The owner
# keeps that top item when it determinizes; for the opponent the whole stack is reshuffled and
# the peek follows the new top (the owner still knows *its* top in the sampled world).
KNOWN_TOP: dict[str, str] = {"_misery_box": "_misery_peek"}   # Pandora's Hope


@cython.locals(i=cython.Py_ssize_t, n=cython.Py_ssize_t, k=cython.Py_ssize_t, j=cython.Py_ssize_t)
def _shuffle(x: list, rng: random.Random) -> None:
    """``rng.shuffle(x)``, the same permutation from the same state (Fisher-Yates drawing
    ``getrandbits`` as ``Random._randbelow`` does) without a Python method call per card: a
    determinization shuffles every hidden card, at every iteration of a search."""
    getrandbits = rng.getrandbits
    k = len(x).bit_length()
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        if n >> (k - 1) == 0:       # n.bit_length(), kept as n falls one at a time (a C shift)
            k -= 1
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def hidden_cards(game, seat: int) -> dict[str, list[int]]:
    """Where the cards ``seat`` cannot see are, as lists of card ids (for tests and tools).
    ``opponent_hand`` / ``opponent_deck`` cover every other player (in seat order)."""
    p = game.players[seat]
    others = [t for t in range(len(game.players)) if t != seat]
    top = min(p.deck_top_known, len(p.deck))
    out = {
        "opponent_hand": [c for t in others for c in game.players[t].hand if not _known_to(game, seat, t, c)],
        "opponent_deck": [c for t in others for c in game.players[t].deck],
        "own_deck": list(p.deck[:len(p.deck) - top]),
        "attack_card": [],
    }
    c = game.combat
    if c is not None and not c.revealed and c.players[DEFENDER] == seat and c.cards[ATTACKER] is not None:
        out["attack_card"] = (_own_back_candidates(game, seat) or [c.cards[ATTACKER]]) \
            + list(c.extra.get(FACE_DOWN_EXTRA, ()))
    return out


def _own_back_candidates(game, seat: int) -> list[int]:
    """A face-down attack card shows its back, so ``seat`` sees whose deck it is from. If it is
    one of ``seat``'s own (a TRICK of Loki's the opponent held), it is one of the own cards ``seat``
    knew the opponent held that the attacker could play: those, sorted; else []. With several
    players the same holds for a back of any deck but the attacker's own (a third player's
    TRICK the attacker held, public while in its hand)."""
    c = game.combat
    hidden = c.cards[ATTACKER]
    cards = game.cards
    back = cards[hidden].owner
    if back == c.players[ATTACKER]:
        return []
    name = game.fighters[c.fighters[ATTACKER]].defn.name
    return sorted([hidden] + [x for x in game.players[c.players[ATTACKER]].hand if cards[x].owner == back
                              and cards[x].defn.can_attack and cards[x].defn.usable_by(name)])


@cython.locals(game=_GameCore)
def _known_to(game, seat: int, holder: int, cid: int) -> bool:
    """Is this card in ``holder``'s hand known to ``seat``? Seen cards are, and so are
    ``seat``'s own cards (they only get there face up, e.g. Loki's TRICKs)."""
    return game.known_to(seat, holder, cid) or game.cards[cid].owner == seat


@cython.locals(g=_GameCore, c=Combat, me=Player, p=Player, top=cython.Py_ssize_t)
def determinize(game, seat: int, rng: random.Random,
                attack_guess: Callable[[object, list[int], random.Random], int] | None = None):
    """A clone of ``game`` consistent with everything ``seat`` knows; see the module text.

    ``attack_guess(game, candidates, rng)`` picks the attacker's face-down card from the cards
    that could be it (sorted card ids); it must return one of them.
    """
    g = game.clone()
    c = g.combat
    hidden_attack = (c is not None and not c.revealed and c.players[DEFENDER] == seat
                     and c.cards[ATTACKER] is not None)
    for opp in range(len(g.players)):
        if opp != seat:
            _redeal(g, game, seat, opp, rng, attack_guess,
                    hidden_attack and c.players[ATTACKER] == opp)

    me = g.players[seat]
    # --- our own deck below the cards we know on top.
    top = min(me.deck_top_known, len(me.deck))
    bottom = sorted(me.deck[:len(me.deck) - top])
    _shuffle(bottom, rng)
    me.deck = bottom + me.deck[len(me.deck) - top:]

    # --- face-down hero stacks nobody has seen.
    hidden_order = sorted(HIDDEN_ORDER)
    for p in [me] + [q for q in g.players if q is not me]:
        for key in hidden_order:
            stack = p.res.get(key)
            if not isinstance(stack, tuple) or len(stack) < 2:
                continue
            peek_key = KNOWN_TOP.get(key)
            peek = p.res.get(peek_key) if peek_key else None
            keep = 1 if (peek and p is me and stack[-1] == peek) else 0
            items = sorted(stack[:len(stack) - keep], key=repr)
            _shuffle(items, rng)
            p.res[key] = tuple(items) + stack[len(stack) - keep:]
            if peek:
                p.res[peek_key] = p.res[key][-1]

    # --- the world's random streams: ``rng`` itself, so the real game's future shuffles stay
    # unknown. (Not a fresh generator seeded from ``rng`` per stream: seeding one costs about
    # half as much as the whole determinization, and a search makes one every iteration.)
    g.rngs = [rng] * len(g.players)
    g.rng = rng
    return g


@cython.locals(g=_GameCore, them=Player, c=Combat, cards=list, hand=list, top=cython.Py_ssize_t,
               k=cython.Py_ssize_t)
def _redeal(g, game, seat: int, opp: int, rng: random.Random, attack_guess, hidden_attack: bool) -> None:
    """Deal ``opp``'s unseen hand cards and deck again (and the face-down attack card, if
    ``opp`` is attacking ``seat`` and it is not revealed yet)."""
    them = g.players[opp]
    cards = g.cards
    c = g.combat
    # --- the opponent's unseen hand cards, their deck and a face-down attack card: one pool.
    slots = [i for i, cid in enumerate(them.hand) if not _known_to(g, seat, opp, cid)]
    unseen = {i: them.hand[i] for i in slots}
    # The top cards of their deck ``seat`` has seen (Insightful Deduction) stay where they are.
    top = min(them.top_known_by.get(seat, 0), len(them.deck))
    known_top = them.deck[len(them.deck) - top:] if top else []
    pool = [them.hand[i] for i in slots] + them.deck[:len(them.deck) - top]
    # A face-down card with ``seat``'s own back (a TRICK of Loki's the opponent held) trades
    # places with one of the others it could be; the opponent's own cards are not touched.
    # Cards played face down beside the attack card (King Arthur's BOOST) join the pool before
    # anything is dealt, so what is dealt depends only on what ``seat`` knows.
    extra = c.extra.get(FACE_DOWN_EXTRA, ()) if (hidden_attack and c is not None) else ()
    candidates = _own_back_candidates(g, seat) if hidden_attack else []
    if candidates:
        hidden_attack = False
        hidden = c.cards[ATTACKER]
        pick = attack_guess(g, candidates, rng) if attack_guess else candidates[rng.randrange(len(candidates))]
        if pick not in candidates:
            raise ValueError(f"attack_guess returned {pick!r}, not one of the candidates")
        if pick != hidden:
            them.hand[them.hand.index(pick)] = hidden
            g.play_area_swap(hidden, pick)
            c.cards[ATTACKER] = pick
            _trade_knowledge(them, c, pick, hidden)
    # A card ``seat`` had seen in the attacker's hand before a card went face down is either
    # that card or still in the hand: never dealt into the deck (Game: "known_face_down").
    # (In a world already sampled it may be in the hand, an unseen card to ``seat``.)
    seen = c.extra.get("known_face_down") if hidden_attack else None
    if hidden_attack:
        pool.append(c.cards[ATTACKER])
    pool.extend(extra)
    pool.sort()
    if seen is not None and seen not in pool:
        seen = None
    if hidden_attack:
        name = g.fighters[c.fighters[ATTACKER]].defn.name
        candidates = [cid for cid in pool if cards[cid].defn.can_attack and cards[cid].defn.usable_by(name)
                      and cards[cid].owner == opp]
        if seen is not None and not slots:
            candidates = [seen]     # no unseen card left in the hand: the seen card is the one
        pick = attack_guess(g, candidates, rng) if attack_guess else candidates[rng.randrange(len(candidates))]
        if pick not in candidates:
            raise ValueError(f"attack_guess returned {pick!r}, not one of the candidates")
        pool.remove(pick)
        if pick != c.cards[ATTACKER]:   # the clone's combat and in_play are its own copies
            g.play_area_swap(c.cards[ATTACKER], pick)
            c.cards[ATTACKER] = pick
        if seen is not None and pick != seen:
            # In this world the seen card stayed in the hand, in the place of one of the cards
            # ``seat`` has not seen. What ``seat`` knows is unchanged: the seen card is in the
            # hand or face down (``known_face_down``), it cannot tell which.
            pool.remove(seen)
            them.hand[slots.pop(rng.randrange(len(slots)))] = seen
    if extra:
        # Each face-down BOOST is dealt again from the same pool, among the cards that could
        # have been played that way.
        dealt = []
        for cid in extra:
            options = [x for x in pool if cards[x].defn.boost is not None and cards[x].owner == opp]
            pick = options[rng.randrange(len(options))]
            pool.remove(pick)
            dealt.append(pick)
            if pick != cid:
                g.play_area_swap(cid, pick)
        c.extra[FACE_DOWN_EXTRA] = tuple(dealt)
    _shuffle(pool, rng)
    hand = them.hand
    for k, i in enumerate(slots):
        hand[i] = pool[k]
    them.deck = pool[len(slots):] + known_top
    # With several players, another may have looked at hand cards ``seat`` has not seen: in
    # this world they looked at the cards now in those places.
    if them.seen_by and unseen:
        now = {unseen[i]: hand[i] for i in unseen}
        for o, seen in them.seen_by.items():
            if o != seat and not seen.isdisjoint(now):
                them.seen_by[o] = frozenset(now.get(x, x) for x in seen)
    if len(them.deck) != len(game.players[opp].deck):   # pragma: no cover - invariant
        raise AssertionError("determinize changed the opponent's deck size")


def _trade_knowledge(them, c, played: int, kept: int) -> None:
    """The face-down card ``played`` and the hand card ``kept`` traded places in a sampled
    world: what the players knew of the card in the hand now belongs to ``kept`` (the one
    in the hand), and the seen card known to be "in the hand or face down" is ``played``.
    (Otherwise the world's hand holds a card nobody is recorded as knowing, and its
    ``known_hand`` a card that is not in it.)"""
    if played in them.known_hand:
        them.known_hand = (them.known_hand - {played}) | {kept}
    for o, seen in them.seen_by.items():
        if played in seen:
            them.seen_by[o] = (seen - {played}) | {kept}
    if c.extra.get("known_face_down") == kept:
        c.extra["known_face_down"] = played
