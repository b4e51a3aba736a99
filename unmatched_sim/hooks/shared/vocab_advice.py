"""How the AI answers the decisions of the shared effect vocabulary (engine/vocab/) that the
policies have no method of their own for, and how ``sim replay`` tells their events. They serve
any hero whose cards use these verbs."""

from __future__ import annotations

from unmatched_sim.engine.state import ATTACKER, DEFENDER, NO_SPACE
from unmatched_sim.hooks import advise, story_line, view_condition, view_quantity


@advise("damage_to_draw")
def _damage_to_draw(policy, view, d):
    """Lagniappe: trade health for cards only while plenty of health is left and the hand is
    short; never into defeat."""
    f = view.fighter(d.info["fighter"])
    want = 0
    for n in sorted(o for o in d.options if o):
        if f.health - n >= 7 and len(view.hand) + n <= 6 and view.deck_size(view.seat) >= n + 3:
            want = n
    return want


@advise("deck_bottom_to")
def _deck_bottom_to(policy, view, d):
    """Bottom Dealing: a card worth drawing soon goes on top, a weak one back under."""
    card = view.card(d.info["revealed"])
    good = card.type == "scheme" or (card.value or 0) >= 4
    return "top" if good else "bottom"


@advise("reveal_pair")
def _reveal_pair(policy, view, d):
    """Quite a Pair: show the pair of the least useful card."""
    return min(d.options, key=lambda pair: (view.card(pair[0]).value or 0, pair))


@advise("effect_space")
def _advise_effect_space(policy, view, d):
    """damage_spaces (Restless Spirits): the spaces holding the most, and the weakest, foes —
    the first space counted with its best neighbour."""
    amount = d.info.get("amount", 2)

    def worth(space: int) -> float:
        fi = view.occupant(space)
        if fi < 0 or not view.is_foe(view.fighter(fi).owner):
            return 0.0
        f = view.fighter(fi)
        return 1.0 + (2.0 if f.health <= amount else 0.0) + (1.0 if f.is_hero else 0.0)

    if d.info.get("step") == "first":
        adj = view.board.adjacent
        return max(d.options, key=lambda s: (worth(s) + max((worth(t) for t in adj[s]), default=0.0), -s))
    return max(d.options, key=lambda s: (worth(s), -s))


@advise("effect_adjust_value")
def _adjust_value(policy, view, d):
    """Broken Glass: a change that makes the two values equal when the card rewards that
    (an effect under ``if = "values_match"``), else the highest value."""
    card = view.card(d.info["card"])
    rewards_match = any(op.spec.get("if") == "values_match" for ops in card.effects.values() for op in ops)
    theirs = d.info.get("opponent_value")
    if rewards_match and theirs is not None:
        for delta in sorted(d.options, key=abs):
            if max(0, d.info["value"] + delta) == theirs:
                return delta
    return max(d.options)


@story_line("value_adjusted")
def _value_adjusted_line(row):
    return f"{row['who']} changes the value of {row['card']} by {row['amount']:+d}"


@story_line("deck_card_to")
def _deck_card_to(row):
    return f"{row['who']} puts the revealed {row['card']} on the {row['detail']} of the deck"


@story_line("reveal_pair")
def _reveal_pair_line(row):
    return f"{row['who']} shows a pair of {row['card']}"


@story_line("damage_to_draw")
def _damage_to_draw_line(row):
    return f"{row['who']} takes {row['amount']} damage on {row['fighter']} to draw as many cards"


@story_line("discard_from_deck")
def _discard_from_deck_line(row):
    return f"{row['card']} is discarded from the top of {row['who']}'s deck"


def _steps_from(view, start: int):
    """Moves from ``start`` to every space on an empty board (the view's distance table)."""
    return view.dist[start]


def _token_owner_hero(view, owner: int):
    return next((view.fighter(fi) for fi in view.on_board(owner) if view.fighter(fi).is_hero), None)


@advise("token_choice")
def _token_choice(policy, view, d):
    """move_token: the token's owner moves one not under its hero; a foe moves the one under
    or nearest the owner's hero."""
    owner = d.info.get("owner", view.seat)
    hero = _token_owner_hero(view, owner)
    if hero is None or not hero.on_board:
        return d.options[0]
    dist = _steps_from(view, hero.space)
    if owner == view.seat:
        return max(d.options, key=lambda s: (dist[s], -s))
    return min(d.options, key=lambda s: (dist[s], s))


@advise("token_destination")
def _token_destination(policy, view, d):
    """move_token: the owner brings a token next to a foe of its (the nearest); a foe takes it
    as far from the owner's hero as it can, off its own fighters."""
    owner = d.info.get("owner", view.seat)
    hero = _token_owner_hero(view, owner)
    if owner == view.seat:
        foes = [view.fighter(fi).space for t in view.foe_seats() for fi in view.on_board(t)]
        maps = [_steps_from(view, f) for f in foes]
        return min(d.options, key=lambda s: (min((abs(m[s] - 1) for m in maps), default=0), s))
    if hero is None or not hero.on_board:
        return d.options[0]
    dist = _steps_from(view, hero.space)
    mine = {view.fighter(fi).space for fi in view.on_board(view.seat)}
    return max(d.options, key=lambda s: (s not in mine, dist[s], -s))


@story_line("token_placed")
def _token_placed(row):
    kind = row['detail'] or ""
    return f"{row['who']} puts {'an' if kind[:1] in 'aeiou' and kind else 'a'} {kind} token on {row['space']}"


@story_line("token_moved")
def _token_moved(row):
    return f"{row['who']} moves a {row['detail']} token to {row['space']}"


@advise("discard_for_value")
def _discard_for_value(policy, view, d):
    """Beastform, Forever Hyde: at +2 a card every offered card goes (Forever Hyde offers only
    cards of the other form); at +1 only a weak card (value 2 or less, no scheme), keeping
    three cards in hand. None once our attack, as the revealed cards stand, already defeats the
    fighter it hits: a card more would only add damage it cannot take."""
    cards = [c for c in d.options if c is not None]
    if not cards:
        return None
    if view.my_role() == ATTACKER:
        mine, theirs = view.combat_value(ATTACKER), view.combat_value(DEFENDER)
        target = view.fighter(view.combat_fighters()[DEFENDER])
        if mine is not None and theirs is not None and mine - theirs >= target.health:
            return None
    if d.info.get("per", 1) >= 2:
        return cards[0]
    weak = [c for c in cards if view.card(c).type != "scheme" and (view.card(c).value or 0) <= 2]
    if weak and len(view.hand) > 3:
        return min(weak, key=lambda c: (view.card(c).value or 0, view.card(c).boost or 0, c))
    return None


# ---------------------------------------------------------------------- public quantities
# The numbers a card's value reads that every player can see, as a player's view tells them
# (``hooks.VIEW_QUANTITIES``): the heuristic weighs such a card at the value it will have, where
# the card tables guess a flat number.
@view_quantity("zones_occupied")
def _zones_occupied_seen(view, seat: int, cid: int) -> int:
    """The Stars Align: the different zones our fighters stand in (a space in several counts
    each), as the board shows them."""
    zm = view.board.zone_mask
    mask = 0
    for fi in view.on_board(seat):
        mask |= zm[view.fighter(fi).space]
    return bin(mask).count("1")


@view_quantity("voyage_cards_in_discard")
def _voyages_seen(view, seat: int, cid: int) -> int:
    """Sinbad's VOYAGE cards: "+1 for each VOYAGE card in your discard pile", a face-up pile."""
    return sum(1 for c in view.discard(seat) if "voyage" in view.card(c).tags)


# ---------------------------------------------------------------------- conditions on the board
# The conditions of combat cards that a player's view tells before the cards are shown
# (``hooks.VIEW_CONDITIONS``), each read for ``fi``, the fighter resolving the card (ours, or a
# foe's whose card we guess), against ``foe``, the opposing fighter of the combat: the heuristic
# weighs such a card at the value it will have (Claws That Catch is 5 against a hero, 3 against
# a sidekick) where the card tables count half of the lift.
def _moved(view, fi: int) -> bool:
    f = view.fighter(fi)
    return f.on_board and view.started_turn_on(fi) != f.space


@view_condition("started_turn_elsewhere")
def _started_elsewhere_seen(view, fi: int, foe: int) -> bool:
    """Momentous Shift: the fighter stands on another space than the one it started the turn on."""
    return _moved(view, fi)


@view_condition("either_combatant_started_elsewhere")
def _either_started_elsewhere_seen(view, fi: int, foe: int) -> bool:
    """High Straight Lead: either fighter of the combat has moved this turn."""
    return _moved(view, fi) or _moved(view, foe)


@view_condition("left_start_zone")
def _left_start_zone_seen(view, fi: int, foe: int) -> bool:
    """Like a Flash of Golden Light: the fighter shares no zone with the space it started on."""
    f = view.fighter(fi)
    if not f.on_board:
        return False
    start = view.started_turn_on(fi)
    return start == NO_SPACE or not view.board.same_zone(start, f.space)


@view_condition("opposing_combatant_is_hero")
def _foe_is_hero_seen(view, fi: int, foe: int) -> bool:
    """Claws That Catch: the opposing fighter is a hero."""
    return view.counts_as_hero(foe)


def _adjacent(view, a: int, b: int) -> bool:
    fa, fb = view.fighter(a), view.fighter(b)
    return fa.on_board and fb.on_board and fb.space in view.board.adjacent[fa.space]


def _opposed(view, fi: int, o: int) -> bool:
    """Do fighters ``fi`` and ``o`` fight on opposing sides?"""
    return view.seats_opposed(view.fighter(fi).owner, view.fighter(o).owner)


def _neighbours(view, fi: int) -> list:
    f = view.fighter(fi)
    if not f.on_board:
        return []
    return [o for o in (view.occupant(s) for s in view.board.adjacent[f.space]) if o >= 0]


@view_condition("opposing_combatant_adjacent")
def _foe_adjacent_seen(view, fi: int, foe: int) -> bool:
    """Long Shot ("not ..."): the two fighters of the combat are adjacent."""
    return _adjacent(view, fi, foe)


@view_condition("ally_adjacent_to_opposing_combatant")
def _ally_by_foe_seen(view, fi: int, foe: int) -> bool:
    """Give No Quarter: another friendly fighter stands next to the opposing fighter."""
    return any(o != fi and not _opposed(view, fi, o) for o in _neighbours(view, foe))


@view_condition("own_adjacent_to_opposing_combatant")
def _own_by_foe_seen(view, fi: int, foe: int) -> int:
    """Et Tu, Brute?'s number: the fighters of ``fi``'s player next to the opposing fighter,
    ``fi`` included."""
    owner = view.fighter(fi).owner
    return sum(1 for o in _neighbours(view, foe) if view.fighter(o).owner == owner)


@view_condition("other_friendly_adjacent_to_opposing_combatant")
def _friends_by_foe_seen(view, fi: int, foe: int) -> int:
    """Infinite Strikes' number: the friendly fighters other than ``fi`` next to the opposing
    fighter."""
    return sum(1 for o in _neighbours(view, foe) if o != fi and not _opposed(view, fi, o))


@view_condition("adjacent_to_opposing")
def _by_a_foe_seen(view, fi: int, foe: int) -> bool:
    """Intimidating Visage: an opposing fighter stands next to the resolving fighter."""
    return any(_opposed(view, fi, o) for o in _neighbours(view, fi))


@view_condition("adjacent_to_friendly")
def _by_a_friend_seen(view, fi: int, foe: int) -> bool:
    """Better Together: another friendly fighter stands next to the resolving fighter."""
    return any(o != fi and not _opposed(view, fi, o) for o in _neighbours(view, fi))


@view_condition("in_hero_zone")
def _in_hero_zone_seen(view, fi: int, foe: int) -> bool:
    """Yennenga's archers ("not ..."): the fighter shares a zone with one of its side's heroes."""
    f = view.fighter(fi)
    if not f.on_board:
        return False
    same = view.board.same_zone
    return any(h.is_hero and h.on_board and h.idx != fi and same(h.space, f.space)
               for h in view.fighters(f.owner))


@view_condition("won_combat_this_turn")
def _won_earlier_seen(view, fi: int, foe: int) -> bool:
    """Blood in the Air: the fighter's player has won a combat earlier this turn."""
    return bool(view.turn_flag(("won_combat", view.fighter(fi).owner)))


@view_condition("hero_damaged_this_turn")
def _hero_hurt_seen(view, fi: int, foe: int) -> bool:
    """Blood Will Have Blood: a hero of the fighter's side has lost health this turn (the turn's
    record every player saw)."""
    return any(h.is_hero and view.turn_flag(("took_damage", h.idx))
               for h in view.fighters(view.fighter(fi).owner))


@view_condition("fighter_health")
def _fighter_health_seen(view, fi: int, foe: int) -> int:
    """Wounded Beast, Feeding ("at 7 health or lower"): the resolving fighter's health."""
    return view.fighter(fi).health


@view_condition("action_number")
def _action_number_seen(view, fi: int, foe: int) -> int:
    """Speak Three Times ("if this is your third action"): the action of its player's turn the
    card is played in — the one under way, or the one its player is choosing."""
    return view.action_number(view.fighter(fi).owner)


@view_condition("own_hand_size")
def _hand_left_seen(view, fi: int, foe: int) -> int:
    """Little Dragon ("if your hand is empty"), whose value the engine reads as the card
    resolves, once it has left the hand: the cards fighter ``fi``'s player then holds, as far as
    the view tells — its hand less the card it plays, unless that card is already down (the
    foe's face-down attack). What other effects of the combat add or take is not counted."""
    pair = view.combat_fighters()
    down = pair is not None and fi in pair and view.card_down(pair.index(fi))
    return max(0, view.hand_size(view.fighter(fi).owner) - (0 if down else 1))
