"""No peeking: policies decide from what their player may know, never from hidden cards.

Two kinds of evidence, over many positions taken from real games of every hero:

* a heuristic policy makes the same choice in the real game and in a copy where every card its
  player cannot see has been re-dealt (the opponent's unseen hand cards, both decks' orders, a
  face-down attack card) — so nothing hidden can have influenced it;
* the determinization a search policy plays forward is consistent with the player's knowledge:
  known cards stay put, sampled cards come from the unseen pool, every size matches, the public
  position is untouched, and the result depends only on what the player knows.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from unmatched_sim.data.catalog import find_board, hero_ids, find_hero
from unmatched_sim.engine.determinize import determinize, hidden_cards
from unmatched_sim.engine.state import ATTACKER, DEFENDER
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import POLICIES, make_policy
from unmatched_sim.run import GameSpec, play_game

HEURISTICS = [name for name, cls in POLICIES.items()
              if name != "random" and not getattr(cls, "uses_search", False)]


def collect_positions(per_pairing: int = 6, every: int = 5, games: int = 2, policy: str = "greedy"):
    """Copies of games at decision points, from every pairing of the heroes that exist."""
    board = find_board("marmoreal")
    ids = hero_ids()
    heroes = {h: find_hero(h) for h in ids}
    out = []
    for i, a in enumerate(ids):
        for b in ids[i:]:
            taken = []
            for k in range(games):
                count = [0]

                def grab(game, d, choice, count=count, taken=taken):
                    count[0] += 1
                    if count[0] % every == 0 and len(taken) < per_pairing * (k + 1):
                        taken.append(game.clone())
                spec = GameSpec(k, k, 1000 + 17 * k + 3 * i, a, b, a_first=(k % 2 == 0))
                play_game(spec, heroes, board, policy, "random" if k % 2 else policy, record=False,
                          on_decision=grab)
            out.extend(taken)
    return out


@pytest.fixture(scope="module")
def positions():
    pos = collect_positions()
    # Positions where the player defends against a face-down card matter most: add some.
    pos += [g for g in collect_positions(per_pairing=40, every=1, games=2)
            if g.pending.kind == "defense_card"][:40]
    return pos


def _own_back_face_down(g, seat) -> bool:
    """Is ``seat`` defending against a face-down card from its own deck (a TRICK of Loki's the
    opponent held)? ``seat`` cannot tell which of its own cards known in that hand it is, so a
    determinized world may trade it with one of them (determinize._own_back_candidates)."""
    c = g.combat
    return (c is not None and not c.revealed and c.players[DEFENDER] == seat
            and c.cards[ATTACKER] is not None and g.cards[c.cards[ATTACKER]].owner == seat)


def public_state(g, seat):
    """Everything ``seat`` may see, as plain values."""
    opp = 1 - seat
    P = g.players
    c = g.combat
    known = [x for x in P[opp].hand if g.known_to(seat, opp, x)]
    if _own_back_face_down(g, seat):      # these and the face-down card, in any order
        known = sorted(known + [c.cards[ATTACKER]])
    return (
        [(f.health, f.space, f.alive, f.on_board) for f in g.fighters],
        list(P[seat].hand), [list(p.discard) for p in P], [len(p.hand) for p in P],
        [len(p.deck) for p in P], known,
        [PlayerView(g, seat).resources(s) for s in (0, 1)], [p.actions for p in P], [p.value_lock for p in P],
        g.turn, g.active, g.pending.kind, g.pending.options, g.pending.player,
        None if c is None else (c.fighters, c.revealed,
                                [x if (c.revealed or c.players[r] == seat) else "?" for r, x in enumerate(c.cards)]),
    )


def test_positions_cover_every_hero_and_defending(positions):
    heroes = {g.players[s].hero.id for g in positions for s in (0, 1)}
    assert heroes == set(hero_ids())
    assert sum(g.pending.kind == "defense_card" for g in positions) >= 10
    assert len(positions) >= 40


def test_determinization_keeps_the_public_position_and_known_cards(positions):
    rng = random.Random(7)
    for g in positions:
        seat = g.pending.player
        before = public_state(g, seat)
        d = determinize(g, seat, rng)
        assert public_state(d, seat) == before
        assert public_state(g, seat) == before            # the real game is untouched
        o, do = g.players[1 - seat], d.players[1 - seat]
        traded = _own_back_face_down(g, seat)
        for i, cid in enumerate(o.hand):
            if traded and g.cards[cid].owner == seat:
                continue
            if g.known_to(seat, 1 - seat, cid) or g.cards[cid].owner == seat:
                assert do.hand[i] == cid                  # known cards stay exactly where they are
        me, dme = g.players[seat], d.players[seat]
        top = min(me.deck_top_known, len(me.deck))
        assert dme.deck[len(dme.deck) - top:] == me.deck[len(me.deck) - top:]
        assert sorted(dme.deck) == sorted(me.deck)


def test_sampled_cards_come_from_the_unseen_pool(positions):
    rng = random.Random(11)
    for g in positions:
        seat = g.pending.player
        hid = hidden_cards(g, seat)
        pool = Counter(hid["opponent_hand"] + hid["opponent_deck"] + hid["attack_card"])
        for _ in range(3):
            d = determinize(g, seat, rng)
            dh = hidden_cards(d, seat)
            assert len(dh["opponent_hand"]) == len(hid["opponent_hand"])
            assert len(dh["opponent_deck"]) == len(hid["opponent_deck"])
            assert Counter(dh["opponent_hand"] + dh["opponent_deck"] + dh["attack_card"]) == pool
            # every card is still in exactly one place
            P = d.players
            everywhere = Counter(P[0].hand + P[1].hand + P[0].deck + P[1].deck + P[0].discard
                                 + P[1].discard + d.in_play)
            assert max(everywhere.values()) == 1


def test_a_face_down_attack_card_is_resampled_from_cards_the_attacker_could_play(positions):
    rng = random.Random(5)
    defending = [g for g in positions if g.pending.kind == "defense_card" and not g.combat.revealed]
    assert defending
    changed = 0
    for g in defending:
        seat = g.pending.player
        c = g.combat
        assert c.players[DEFENDER] == seat
        name = g.fighters[c.fighters[ATTACKER]].defn.name
        pool = set(hidden_cards(g, seat)["opponent_hand"] + hidden_cards(g, seat)["opponent_deck"]
                   + hidden_cards(g, seat)["attack_card"])
        for _ in range(5):
            d = determinize(g, seat, rng)
            card = d.combat.cards[ATTACKER]
            assert card in pool and card in d.in_play
            assert d.card(card).can_attack and d.card(card).usable_by(name)
            changed += card != c.cards[ATTACKER]
    assert changed > 0


def test_determinization_depends_only_on_what_the_player_knows(positions):
    """Re-dealing the hidden cards first changes nothing: the same rng gives the same world."""
    for k, g in enumerate(positions):
        seat = g.pending.player
        other = determinize(g, seat, random.Random(100 + k))
        a = determinize(g, seat, random.Random(k))
        b = determinize(other, seat, random.Random(k))
        for s in (0, 1):
            assert a.players[s].hand == b.players[s].hand
            assert a.players[s].deck == b.players[s].deck
        assert (a.combat.cards if a.combat else None) == (b.combat.cards if b.combat else None)


def scrambled(g, seat, rng):
    """The same position with the opponent's hand reordered and both decks shuffled."""
    s = g.clone()
    opp = s.players[1 - seat]
    rng.shuffle(opp.hand)
    for p in s.players:
        rng.shuffle(p.deck)
    return s


@pytest.mark.parametrize("policy", HEURISTICS)
def test_heuristic_choices_ignore_hidden_cards(positions, policy):
    rng = random.Random(3)
    for k, g in enumerate(positions):
        seat = g.pending.player
        want = make_policy(policy, random.Random(k)).choose(PlayerView(g, seat), g.pending)
        for world in (determinize(g, seat, rng), scrambled(g, seat, rng)):
            got = make_policy(policy, random.Random(k)).choose(PlayerView(world, seat), world.pending)
            assert got == want, (policy, g.pending.kind, k)


def test_search_never_reads_hidden_state(positions):
    """The search plays only determinizations of what it knows: on a game whose hidden cards
    were re-dealt it makes exactly the same choice, from the same seed."""
    picked = [g for g in positions if g.pending.kind == "defense_card"][:6] + positions[::12][:10]
    for k, g in enumerate(picked):
        seat = g.pending.player
        other = determinize(g, seat, random.Random(500 + k))
        want = make_policy("ismcts:iterations=8", random.Random(k)).choose(PlayerView(g, seat), g.pending)
        got = make_policy("ismcts:iterations=8", random.Random(k)).choose(PlayerView(other, seat), other.pending)
        assert got == want, (g.pending.kind, k)


def test_pandora_keeps_the_misery_she_peeked_and_the_opponent_cannot_see_the_box():
    from unmatched_sim.engine.determinize import HIDDEN_ORDER, KNOWN_TOP
    from unmatched_sim.engine.game import Game
    if "pandora" not in hero_ids():
        pytest.skip("no Pandora yet")
    g = Game(find_board("marmoreal"), (find_hero("pandora"), find_hero("genie")), seed=3).start()
    box_key = next(iter(k for k in HIDDEN_ORDER if k in g.players[0].res))
    peek_key = KNOWN_TOP[box_key]
    box = g.players[0].res[box_key]
    g.players[0].res[peek_key] = box[-1]
    tops_me, tops_opp = set(), set()
    for k in range(30):
        mine = determinize(g, 0, random.Random(k))
        theirs = determinize(g, 1, random.Random(k))
        assert sorted(mine.players[0].res[box_key]) == sorted(box)
        tops_me.add(mine.players[0].res[box_key][-1])
        tops_opp.add(theirs.players[0].res[box_key][-1])
        assert theirs.players[0].res[peek_key] == theirs.players[0].res[box_key][-1]
    assert tops_me == {box[-1]} and len(tops_opp) > 1


def test_insightful_deduction_revealed_tops_stay_put_for_both_players_the_rest_is_redealt():
    """Jill Trent reveals the Genie's top three, puts one under and two back on top: both
    players saw them, so both determinizations keep those two on top; the rest is re-dealt."""
    if "dr_jill_trent" not in hero_ids():
        pytest.skip("no Jill Trent yet")
    from tests.scenario import Scenario
    s = Scenario("dr_jill_trent", "genie").place("Dr. Jill Trent", "M10").place("The Genie", "M11")
    s.place("Daisy", "M31").hand(0, "Insightful Deduction", "Helpful Assistant")
    s.deck_top(1, "Feint", "Three Wishes", "Back in the Lamp")
    s.begin_turn(0)
    s.expect("gadget_choice").choose("hypnoray_blaster")
    s.attack("Dr. Jill Trent", "The Genie", "Insightful Deduction", None)
    s.expect("deck_to_bottom").choose("Three Wishes")
    s.expect("deck_order").choose("Back in the Lamp")
    g = s.game
    top2 = g.players[1].deck[-2:]
    below = set()
    for k in range(20):
        for seat in (0, 1):
            d = determinize(g, seat, random.Random(k))
            assert d.players[1].deck[-2:] == top2
            assert sorted(d.players[1].deck) == sorted(g.players[1].deck)
        below.add(tuple(determinize(g, 0, random.Random(k)).players[1].deck[:-2]))
    assert len(below) > 1


def _arthur_defense_positions(limit: int = 6):
    """Positions where the Genie defends against King Arthur with a face-down BOOST beside the
    attack card (the face-down BOOST of his ability)."""
    from unmatched_sim.engine.determinize import FACE_DOWN_EXTRA
    board = find_board("marmoreal")
    heroes = {h: find_hero(h) for h in ("king_arthur", "genie")}
    out = []
    for k in range(40):
        def grab(game, d, choice):
            c = game.combat
            if (d.kind == "defense_card" and c is not None and c.extra.get(FACE_DOWN_EXTRA)
                    and len(out) < limit):
                out.append(game.clone())
        play_game(GameSpec(k, k, 4000 + k, "king_arthur", "genie", a_first=k % 2 == 0), heroes, board,
                  "greedy", "greedy", record=False, on_decision=grab)
        if len(out) >= limit:
            break
    return out


def test_king_arthurs_face_down_boost_is_hidden_from_the_defender():
    from unmatched_sim.engine.determinize import FACE_DOWN_EXTRA
    if "king_arthur" not in hero_ids():
        pytest.skip("no King Arthur yet")
    positions = _arthur_defense_positions()
    assert positions
    rng = random.Random(9)
    for k, g in enumerate(positions):
        seat = g.pending.player
        c = g.combat
        (boost,) = c.extra[FACE_DOWN_EXTRA]
        view = PlayerView(g, seat)
        assert view.combat_cards()[ATTACKER] is None and view.combat_value(ATTACKER) is None
        assert boost in hidden_cards(g, seat)["attack_card"]
        name = g.card(boost).name
        # the face-down card still counts as unseen: every copy not in a face-up place
        visible = sum(1 for x in g.players[c.players[ATTACKER]].discard if g.card(x).name == name)
        copies = next(d.copies for d in g.players[c.players[ATTACKER]].hero.cards if d.name == name)
        assert [d.name for d in view.unseen_opponent_cards(c.players[ATTACKER])].count(name) == copies - visible
        dealt = set()
        for _ in range(10):
            d = determinize(g, seat, rng)
            (x,) = d.combat.extra[FACE_DOWN_EXTRA]
            assert x in d.in_play and d.card(x).boost is not None
            assert public_state(d, seat) == public_state(g, seat)
            dealt.add(x)
        assert len(dealt) > 1
        # a heuristic defender decides the same whichever card is face down
        for policy in HEURISTICS:
            want = make_policy(policy, random.Random(k)).choose(view, g.pending)
            world = determinize(g, seat, rng)
            assert make_policy(policy, random.Random(k)).choose(PlayerView(world, seat), world.pending) == want


def test_hero_card_zones_are_public_and_never_redealt(positions):
    """Shakespeare's line (and any hero card zone, CARD_ZONES) is face up: every player's view
    shows it, determinization leaves it exactly as it is, and its cards are never in the pool
    of hidden cards that gets re-dealt."""
    from unmatched_sim.engine.game import CARD_ZONES
    rng = random.Random(5)
    seen = 0
    for g in positions:
        seat = g.pending.player
        for s in range(len(g.players)):
            zone = g.zone_cards(s)
            if not zone:
                continue
            seen += 1
            view = PlayerView(g, seat).resources(s)
            for key, vis in CARD_ZONES.items():
                if vis == "public" and key in g.players[s].res:
                    assert view[key] == g.players[s].res[key]
            hid = hidden_cards(g, seat)
            assert not set(zone) & set(hid["opponent_hand"] + hid["opponent_deck"] + hid["own_deck"])
            d = determinize(g, seat, rng)
            assert d.zone_cards(s) == zone
    assert seen > 0


# ---------------------------------------------------------------------- several opponents
def _multi_positions(fmt: str, n: int, games: int = 6, every: int = 7, first: str | None = None):
    """Copies of free-for-all / team games of sampled line-ups at decision points; ``first``:
    a hero every line-up starts with (the others sampled)."""
    board = find_board("marmoreal")
    ids = hero_ids()
    rng = random.Random(f"peek:{fmt}:{n}")
    out = []
    for k in range(games):
        lineup = tuple(rng.choice(ids) for _ in range(n))
        if first is not None:
            lineup = (first,) + lineup[1:]
        heroes = {h: find_hero(h) for h in lineup}
        count = [0]

        def grab(game, d, choice, count=count):
            count[0] += 1
            if count[0] % every == 0:
                out.append(game.clone())
        spec = GameSpec(k, k, 7000 + k, lineup[0], lineup[1], True, lineup=lineup, rotation=k % n, format=fmt)
        play_game(spec, heroes, board, "greedy", "random" if k % 2 else "greedy", record=False,
                  on_decision=grab)
    return out


def _multi_public(g, seat):
    """What ``seat`` may know in a game of any size, as plain values (its own cards in a hand it
    saw are left out while one of its backs lies face down: see ``_own_back_face_down``)."""
    c = g.combat
    traded = _own_back_face_down(g, seat)
    return (
        [(f.health, f.space, f.alive, f.on_board) for f in g.fighters],
        list(g.players[seat].hand), [list(p.discard) for p in g.players], [len(p.hand) for p in g.players],
        [len(p.deck) for p in g.players],
        [[x for x in p.hand if g.known_to(seat, t, x) and not (traded and g.cards[x].owner == seat)]
         for t, p in enumerate(g.players) if t != seat],
        g.turn, g.active, g.pending.kind, g.pending.options, g.pending.player, list(g.out),
        None if c is None else (c.fighters, c.revealed,
                                [x if (c.revealed or c.players[r] == seat) else "?" for r, x in enumerate(c.cards)]),
    )


def _pool(g, t):
    """Player ``t``'s hand and deck, plus its face-down cards while the combat is not revealed
    (the attack card, and King Arthur's BOOST beside it)."""
    from unmatched_sim.engine.determinize import FACE_DOWN_EXTRA
    c = g.combat
    hidden = []
    if c is not None and not c.revealed and c.players[ATTACKER] == t and c.cards[ATTACKER] is not None:
        hidden = [c.cards[ATTACKER], *c.extra.get(FACE_DOWN_EXTRA, ())]
    return g.players[t].hand + g.players[t].deck + hidden


@pytest.mark.parametrize("fmt,n", [("ffa", 3), ("ffa", 4), ("teams", 4)])
def test_determinization_with_several_opponents_keeps_what_the_player_knows(fmt, n):
    """Every other player's unseen hand cards and deck are re-dealt from that player's own
    cards (each pool on its own); what the player has seen stays exactly where it is."""
    positions = _multi_positions(fmt, n)
    assert len(positions) >= 20
    rng = random.Random(3)
    for g in positions:
        seat = g.pending.player
        before = _multi_public(g, seat)
        d = determinize(g, seat, rng)
        assert _multi_public(d, seat) == before and _multi_public(g, seat) == before
        for t, (p, dp) in enumerate(zip(g.players, d.players)):
            if t == seat:
                continue
            assert sorted(_pool(g, t)) == sorted(_pool(d, t))     # the same cards, re-dealt
            assert all(g.cards[x].owner == t or g.known_to(seat, t, x) or g.cards[x].owner == seat
                       for x in dp.hand + dp.deck)


@pytest.mark.parametrize("fmt,n", [("ffa", 3), ("ffa", 4), ("teams", 4)])
def test_what_other_players_looked_at_in_a_hand_is_in_that_hand_in_every_determinization(fmt, n):
    """A third player may have seen hand cards the determinizing player has not: in the world
    those are re-dealt, and what the third player saw follows the places it saw (as many cards,
    each one in the hand) rather than naming cards that left it. (The line-ups are sampled from
    the catalogue: more games are played until the sample holds such a re-deal, so a hero added
    to the catalogue does not leave the case untested; every line-up holds the Genie, who looks at
    hands.)"""
    redealt, games = 0, 8
    while not redealt and games <= 64:
        positions = [g for g in _multi_positions(fmt, n, games=games, every=3, first="genie")
                     if any(o != g.pending.player and seen for p in g.players for o, seen in p.seen_by.items())]
        rng = random.Random(4)
        for g in positions:
            seat = g.pending.player
            d = determinize(g, seat, rng)
            for t, (p, dp) in enumerate(zip(g.players, d.players)):
                for o, seen in dp.seen_by.items():
                    assert seen <= set(dp.hand), (fmt, t, o)
                    assert len(seen) == len(p.seen_by[o])
                    redealt += o != seat and seen != p.seen_by[o]
        games *= 2
    assert redealt


@pytest.mark.parametrize("fmt,n", [("ffa", 3), ("ffa", 4), ("teams", 4)])
def test_heuristics_choose_the_same_when_other_players_hidden_cards_are_redealt(fmt, n):
    positions = _multi_positions(fmt, n, games=4, every=9)
    rng = random.Random(5)
    for k, g in enumerate(positions):
        seat = g.pending.player
        for policy in ("greedy", "tuned"):
            want = make_policy(policy, random.Random(k)).choose(PlayerView(g, seat), g.pending)
            world = determinize(g, seat, rng)
            got = make_policy(policy, random.Random(k)).choose(PlayerView(world, seat), world.pending)
            assert got == want, (policy, g.pending.kind)


def test_cards_being_looked_at_stay_on_top_in_a_determinization_while_choices_are_made():
    """Insightful Deduction reveals the opponent's top three and asks which goes under: while
    that choice is pending, a search's re-dealt world keeps those three on top (found by ISMCTS
    answering the choice for cards its world had shuffled away)."""
    if "dr_jill_trent" not in hero_ids():
        pytest.skip("no Jill Trent yet")
    from tests.scenario import Scenario
    s = Scenario("dr_jill_trent", "genie").place("Dr. Jill Trent", "M10").place("The Genie", "M11")
    s.place("Daisy", "M31").hand(0, "Insightful Deduction", "Helpful Assistant")
    s.deck_top(1, "Feint", "Three Wishes", "Back in the Lamp")
    s.begin_turn(0)
    s.expect("gadget_choice").choose("hypnoray_blaster")
    s.attack("Dr. Jill Trent", "The Genie", "Insightful Deduction", None)
    s.expect("deck_to_bottom")
    g = s.game
    top3 = sorted(g.players[1].deck[-3:])
    for k in range(10):
        for seat in (0, 1):
            d = determinize(g, seat, random.Random(k))
            assert sorted(d.players[1].deck[-3:]) == top3
            assert set(d.pending.options) <= set(d.players[1].deck)


def _genie_attacks_with_a_card_houdini_saw(others_known: bool):
    """The Genie attacks Houdini face down with a Feint Houdini saw in her hand (and two other
    attack cards, seen by him too when ``others_known``); Houdini is to choose his defense."""
    from tests.scenario import Scenario, genie_turn
    s = Scenario("houdini", "genie").place("Houdini", "M10").place("The Genie", "M11")
    for fi in s.game.players[0].fighters[1:]:
        s.remove(s.game.fighters[fi].name, 0)
    s.hand(0, "Vanishing Act", "Misdirection")
    s.hand(1, "Feint", "Imprisoned Wrath", "I Am Freed")
    g = s.game
    genie = g.players[1]
    seen = genie.hand[-3]
    genie.known_hand = genie.known_hand | (set(genie.hand) if others_known else {seen})
    genie_turn(s)
    s.choose("attack")
    s.expect("attack_card").choose(seen)
    s.expect("defense_card")
    assert g.combat.extra["known_face_down"] == seen
    return g, seen


def test_a_card_the_defender_saw_in_the_hand_is_face_down_or_still_in_the_hand_never_in_the_deck():
    """The defender saw the Feint in the attacker's hand, then a card went face down: in every
    world the Feint is the face-down card or still in the hand, never re-dealt into the deck,
    and the defender knows just that (in hand or face down); when every other card of the hand
    is known, it is the face-down one."""
    g, seen = _genie_attacks_with_a_card_houdini_saw(others_known=False)
    want = PlayerView(g, 0).known_opponent_hand(1)
    places = Counter()
    for k in range(60):
        w = determinize(g, 0, random.Random(k))
        if w.combat.cards[ATTACKER] == seen:
            places["face down"] += 1
        else:
            assert seen in w.players[1].hand and seen not in w.players[1].deck
            places["hand"] += 1
        assert PlayerView(w, 0).known_opponent_hand(1) == want == [seen]
    assert set(places) == {"face down", "hand"}
    g, seen = _genie_attacks_with_a_card_houdini_saw(others_known=True)
    for k in range(20):
        assert determinize(g, 0, random.Random(k)).combat.cards[ATTACKER] == seen
