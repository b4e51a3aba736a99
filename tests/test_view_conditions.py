"""The conditions of combat cards as a player's view tells them (``hooks.VIEW_CONDITIONS``: the
AI reads such a card at the value it will have) equal the engine's own reading of them at every
combat-card decision of random games of each hero whose cards have one (or, for a condition the
engine reads on what playing the card changes, its reading as the card resolves), and the AI's
choices that follow from reading them."""

from __future__ import annotations

import random

import pytest

from tests.scenario import maneuver_in_place, Scenario
from unmatched_sim.data.catalog import find_board, find_hero, hero_ids
from unmatched_sim.engine.board_features import place_token
from unmatched_sim.engine.effects import parse_condition
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.state import ATTACKER, DEFENDER, Ctx, other_role
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.hooks import VIEW_CONDITIONS
from unmatched_sim.policies import make_policy
from unmatched_sim.policies.card_facts import COUNTED, conditional_terms
from unmatched_sim.policies.greedy import condition_seen


def conditions_read(d) -> set:
    """The conditions of card ``d``'s combat terms that the view tells (a name, or a quantity's
    comparison as its repr)."""
    out = set()
    for cond, *_ in conditional_terms(d, True):
        if counted(cond):
            continue
        name = cond.get("quantity") if isinstance(cond, dict) else cond.removeprefix("not ")
        if name in VIEW_CONDITIONS:
            out.add(cond if isinstance(cond, str) else repr(cond))
    return out


def counted(cond) -> bool:
    """Is this term's condition a number the card's value adds (``COUNTED``), not a condition?"""
    return isinstance(cond, tuple) and cond[0] == COUNTED


def heroes_with_a_condition() -> list[str]:
    return [h for h in hero_ids() if any(conditions_read(d) for d in find_hero(h).cards)]


def test_the_heroes_whose_cards_hang_on_the_board_are_found():
    assert {"alice", "annie_christmas", "blackbeard", "chupacabra", "golden_bat", "king_arthur",
            "sinbad", "bruce_lee", "hamlet", "dr_jill_trent", "invisible_man", "jekyll_and_hyde",
            "bloody_mary"} <= set(heroes_with_a_condition())


def each_combat_card_choice(hero: str, foe: str, games: int = 12):
    """Random games of ``hero`` against ``foe``: at each combat-card decision, (the game, the
    deciding player's view, the cards it weighs) before it is answered, the cards as (card
    list, its player, role, fighter, opposing fighter, card id) — each of the deciding player's
    own options, then the opposing fighter's card list (whose card the view guesses: id -1)."""
    board = find_board("marmoreal")
    for seed in range(games):
        g = Game(board, (find_hero(hero), find_hero(foe)), seed=seed)
        g.start()
        rng = random.Random(seed)
        for _ in range(800):
            d = g.pending
            if d is None:
                break
            if d.kind in ("attack_card", "defense_card") and g.combat is not None:
                role = ATTACKER if d.kind == "attack_card" else DEFENDER
                theirs = other_role(role)
                fi, other = g.combat.fighters[role], g.combat.fighters[theirs]
                plays = [((g.cards[cid].defn,), d.player, role, fi, other, cid) for cid in d.options
                         if cid is not None and g.cards[cid].owner == d.player]
                other_seat = g.fighters[other].owner
                plays.append((g.players[other_seat].hero.cards, other_seat, theirs, other, fi, -1))
                yield g, PlayerView(g, d.player), plays
            g.answer(rng.choice(d.options))


# Conditions the engine reads as the card resolves on what playing the card changes: "if your
# hand is empty" counts the hand the card has left. The view reads them for that moment, so
# they are compared with the engine's reading then (the empty hand's test), not at the choice.
AT_RESOLUTION = frozenset({"own_hand_size"})


def read_at_resolution(cond) -> bool:
    return isinstance(cond, dict) and cond.get("quantity") in AT_RESOLUTION


@pytest.mark.parametrize("hero", heroes_with_a_condition())
def test_a_condition_as_the_view_tells_it_is_the_engine_s(hero):
    """At each combat-card decision, for the deciding player's own cards and for the cards the
    opposing fighter may play (read from the same view: what we guess of its card)."""
    foe = "medusa" if hero != "medusa" else "genie"        # a foe with sidekicks: hero and not
    seen = {}
    for g, view, plays in each_combat_card_choice(hero, foe):
        for cards, seat, role, fi, other, cid in plays:
            for d in cards:
                for cond, *_ in conditional_terms(d, True):
                    if counted(cond):
                        continue
                    got = condition_seen(view, cond, fi, other)
                    if got < 0 or read_at_resolution(cond):
                        continue
                    engine = parse_condition(cond)(g, Ctx(seat, cid, role, fi))
                    assert got == int(engine), (d.name, cond, g.turn, view.seat == seat)
                    seen.setdefault((repr(cond), view.seat == seat), set()).add(got)
    assert seen, f"no combat card of {hero} with a condition was weighed"
    # a condition read both ways somewhere in the games, by its own side and by the foe's
    for ours in (True, False):
        assert any(len(v) == 2 for (_, mine), v in seen.items() if mine == ours), (hero, seen)


def test_a_number_a_card_adds_as_the_view_tells_it_is_the_engine_s():
    """Et Tu, Brute?'s "+1 for each of your fighters next to the opposing fighter", read at each
    combat-card decision by the deciding player's view for its own card and for the card it
    guesses the foe may play, equals the number the engine counts for that fighter."""
    from unmatched_sim.engine.effects import QUANTITIES
    seen = set()
    for g, view, plays in each_combat_card_choice("shakespeare", "medusa", 20):
        for cards, seat, role, fi, other, cid in plays:
            for d in cards:
                for cond, *_ in conditional_terms(d, True):
                    if counted(cond) and cond[1] in VIEW_CONDITIONS:
                        got = VIEW_CONDITIONS[cond[1]](view, fi, other)
                        assert got == QUANTITIES[cond[1]](g, Ctx(seat, cid, role, fi)), (d.name, g.turn)
                        seen.add((got, view.seat == seat))
    assert {n for n, _ in seen} >= {1, 2} and {mine for _, mine in seen} == {True, False}, seen


def test_an_empty_hand_as_the_view_tells_it_is_the_engine_s_as_the_card_resolves(monkeypatch):
    """Little Dragon's "if your hand is empty", read by the engine once the card has left the
    hand: in each combat where it resolves, every reading the view made of it at that combat's
    card choices (Bruce Lee's player of his own card, his foe's of the card it guesses) equals
    the engine's then, each way."""
    resolved, readings, checked = [], {}, set()

    def recording(inner):
        def cond(g, ctx):
            got = inner(g, ctx)
            resolved.append((g.combat, ctx.role, int(got)))
            return got
        return cond

    for d in find_hero("bruce_lee").cards:
        for ops in d.effects.values():
            for op in ops:
                if read_at_resolution(op.spec.get("if")):
                    monkeypatch.setattr(op, "cond", recording(op.cond))
    for g, view, plays in each_combat_card_choice("bruce_lee", "medusa", 60):
        for cards, seat, role, fi, other, cid in plays:
            for d in cards:
                for cond, *_ in conditional_terms(d, True):
                    if read_at_resolution(cond):
                        got = condition_seen(view, cond, fi, other)
                        readings.setdefault((g.combat, role), []).append((got, view.seat == seat))
    for combat, role, engine in resolved:
        for got, mine in readings.get((combat, role), ()):
            assert got == engine, (role, mine)
            checked.add((engine, mine))
    assert checked == {(0, True), (1, True), (0, False), (1, False)}


# ---------------------------------------------------------------------- the choices
def attack_terms(s: Scenario, attacker: str, target: str, card: str) -> tuple:
    """(value lift, effect worth) ``tuned`` reads for our ``card`` in an attack of ``attacker``
    on ``target``, beyond the card tables' share of its conditions."""
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, s.game.fighters[s.fighter(attacker)].owner)
    d = view.card(s.card_ids(view.seat, card)[0])
    return pol.conditions_now(view, s.fighter(attacker), s.fighter(target), conditional_terms(d, True), True)


def attack_lift(s: Scenario, attacker: str, target: str, card: str) -> float:
    """The value lift of ``attack_terms``."""
    return attack_terms(s, attacker, target, card)[0]


def test_claws_that_catch_is_a_5_against_a_hero_and_a_3_against_a_sidekick():
    s = Scenario("alice", "medusa")
    s.place("Alice", "M01").place("Jabberwock", "M10").place("Medusa", "M11").place("Harpy 1", "M09")
    s.hand(0, "Claws That Catch")
    s.begin_turn(0)
    assert attack_lift(s, "Jabberwock", "Medusa", "Claws That Catch") == 1.0
    assert attack_lift(s, "Jabberwock", "Harpy 1", "Claws That Catch") == -1.0


def defense_terms(s: Scenario, defender: str, attacker: str, card: str):
    """(value lift, effect worth) ``tuned`` reads for our ``card`` defending ``defender``
    against ``attacker``, beyond the card tables' share of its conditions."""
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, s.game.fighters[s.fighter(defender)].owner)
    d = s.game.cards[s.card_ids(view.seat, card)[0]].defn
    return pol.conditions_now(view, s.fighter(defender), s.fighter(attacker), conditional_terms(d, True), False)


def test_momentous_shift_defends_as_a_3_when_the_defender_has_not_moved():
    # On the foe's turn King Arthur stands where he started: Momentous Shift is its printed 3,
    # not the 4 the card tables read (half of its lift to 5).
    s = Scenario("king_arthur", "medusa")
    s.place("King Arthur", "M10").place("Medusa", "M11")
    s.hand(0, "Momentous Shift")
    s.begin_turn(1)
    assert defense_terms(s, "King Arthur", "Medusa", "Momentous Shift") == (-1.0, 0.0)


def test_sinbad_keeps_momentous_shift_and_defends_with_a_3_that_moves_him():
    # Sinbad at 6 health, Medusa attacking: Momentous Shift defends as a 3, as Toil and Danger
    # does, which moves him after the combat. Read as a 4, Momentous Shift was spent here.
    s = Scenario("sinbad", "medusa")
    s.remove("Porter")
    s.place("Sinbad", "M10").place("Medusa", "M11")
    s.health("Sinbad", 6)
    s.hand(0, "Momentous Shift", "Toil and Danger")
    s.hand(1, "Second Shot", "Feint")
    s.begin_turn(1)
    s.choose(None)                      # no gaze
    s.attack_with("Medusa", "Sinbad", "Second Shot")
    s.expect("defense_card")
    d = s.pending
    cid = make_policy("tuned", random.Random(0)).choose(PlayerView(s.game, 0), d)
    assert s.game.card(cid).name == "Toil and Danger"


def test_long_shot_is_a_5_only_against_a_fighter_not_adjacent():
    def lift(foe_space: str) -> float:
        s = Scenario("annie_christmas", "medusa")
        s.remove("Harpy 1").remove("Harpy 2").remove("Harpy 3")
        s.place("Annie Christmas", "M10").place("Medusa", foe_space)
        s.hand(0, "Long Shot")
        s.begin_turn(0)
        return attack_lift(s, "Annie Christmas", "Medusa", "Long Shot")
    assert lift("M11") == -1.0          # adjacent: 3
    assert lift("M13") == 1.0           # in her zone, not adjacent: 5


def fog_duel(fog: str) -> Scenario:
    """The Invisible Man on M10 next to Medusa on M11 (no Harpies), one fog token on ``fog``,
    his turn begun."""
    s = Scenario("invisible_man", "medusa")
    s.remove("Harpy 1").remove("Harpy 2").remove("Harpy 3")
    s.place("Invisible Man", "M10").place("Medusa", "M11")
    place_token(s.game, 0, "fog", s.space(fog))
    s.hand(0, "Emerge from Mist", "Dreaming of Revenge")
    return s.begin_turn(0)


def test_emerge_from_mist_attacks_as_a_5_after_a_turn_begun_on_fog_wherever_he_stands_now():
    assert attack_lift(fog_duel("M10"), "Invisible Man", "Medusa", "Emerge from Mist") == 1.0
    s = fog_duel("M10")
    s.place("Invisible Man", "M19")             # stepped off the fog since the turn began
    assert attack_lift(s, "Invisible Man", "Medusa", "Emerge from Mist") == 1.0
    assert attack_lift(fog_duel("M13"), "Invisible Man", "Medusa", "Emerge from Mist") == -1.0


def test_dreaming_of_revenge_counts_its_blow_only_with_him_on_fog():
    # The card's after-combat damage, worth more than the card tables' half of it on fog, and
    # nothing off it.
    assert attack_terms(fog_duel("M10"), "Invisible Man", "Medusa", "Dreaming of Revenge")[1] > 0.0
    assert attack_terms(fog_duel("M13"), "Invisible Man", "Medusa", "Dreaming of Revenge")[1] < 0.0


def jekyll_duel(form: str, seat: int = 0) -> Scenario:
    """Jekyll & Hyde in ``form`` on M10 next to Medusa on M11, Duality of Man in hand (seat 0:
    his; 1: Medusa's)."""
    from unmatched_sim.hooks.jekyll_and_hyde import set_form
    s = Scenario(*(("jekyll_and_hyde", "medusa") if seat == 0 else ("medusa", "jekyll_and_hyde")))
    s.place("Jekyll & Hyde", "M10").place("Medusa", "M11")
    s.hand(seat, "Duality of Man")
    set_form(s.game, seat, form)
    return s


def test_duality_of_man_is_a_6_for_dr_jekyll_defending_and_mr_hyde_attacking_else_a_3():
    # The card tables count both halves of its lift to 6, the whole lift: the form and the side
    # he plays on leave it there or take all of it off.
    J, H, M, CARD = "Dr. Jekyll", "Mr. Hyde", "Medusa", "Duality of Man"
    assert attack_lift(jekyll_duel(H).begin_turn(0), "Jekyll & Hyde", M, CARD) == 0.0
    assert attack_lift(jekyll_duel(J).begin_turn(0), "Jekyll & Hyde", M, CARD) == -3.0
    assert defense_terms(jekyll_duel(J).begin_turn(1), "Jekyll & Hyde", M, CARD) == (0.0, 0.0)
    assert defense_terms(jekyll_duel(H).begin_turn(1), "Jekyll & Hyde", M, CARD) == (-3.0, 0.0)


def test_speak_three_times_is_a_7_on_bloody_mary_s_third_action_only():
    # Three cards when her turn starts give her a third action; choosing it counts as taking it.
    s = Scenario("bloody_mary", "medusa")
    s.remove("Harpy 1").remove("Harpy 2").remove("Harpy 3")
    s.place("Bloody Mary", "M10").place("Medusa", "M11")
    s.hand(0, "Speak Three Times", "Evade", "Evade").hand(1, "Dash").begin_turn(0)
    assert attack_lift(s, "Bloody Mary", "Medusa", "Speak Three Times") == -2.0
    maneuver_in_place(maneuver_in_place(s)).expect("action")
    assert attack_lift(s, "Bloody Mary", "Medusa", "Speak Three Times") == 2.0
    s.attack_with("Bloody Mary", "Medusa", "Speak Three Times").expect("defense_card")
    assert foe_lift(s, 1, "Bloody Mary", "Medusa", "Speak Three Times") == 2.0     # Medusa's guess


def dragon_duel(seat: int, *hand: str) -> Scenario:
    """Bruce Lee (seat ``seat``, holding ``hand``) on M10 next to Medusa on M11 (no Harpies);
    seat 0's turn begun."""
    s = Scenario(*(("bruce_lee", "medusa") if seat == 0 else ("medusa", "bruce_lee")))
    s.remove("Harpy 1").remove("Harpy 2").remove("Harpy 3")
    s.place("Bruce Lee", "M10").place("Medusa", "M11")
    s.hand(seat, *hand)
    return s.begin_turn(0)


def test_little_dragon_attacks_as_a_6_only_as_the_last_card_in_hand():
    # The hand it leaves: empty when it is his only card, whatever the count before playing it.
    assert attack_lift(dragon_duel(0, "Little Dragon"), "Bruce Lee", "Medusa", "Little Dragon") == 2.0
    assert attack_lift(dragon_duel(0, "Little Dragon", "Feint"), "Bruce Lee", "Medusa", "Little Dragon") == -2.0


# ---------------------------------------------------------------------- a foe's cards
def foe_lift(s: Scenario, seat: int, foe_fighter: str, ours: str, card: str) -> float:
    """What ``tuned`` of ``seat`` reads a foe's ``card`` (a kind of its list) played by
    ``foe_fighter`` against our ``ours`` to gain or lose, beyond the card tables' share."""
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, seat)
    pol.choose(view, s.pending)         # (the decision's memo)
    fi = s.fighter(foe_fighter)
    reader = pol.reader(view, s.game.fighters[fi].owner)
    lifts = pol.foe_lifts(view, reader, fi, s.fighter(ours))
    kind = [d.name for d in reader.cards].index(card)
    return lifts[kind] if lifts else 0.0


def test_a_foe_s_momentous_shift_defends_as_a_3_on_our_turn():
    s = Scenario("medusa", "sinbad")
    s.remove("Porter")
    s.place("Medusa", "M10").place("Sinbad", "M11")
    s.begin_turn(0)
    assert foe_lift(s, 0, "Sinbad", "Medusa", "Momentous Shift") == -1.0


def test_a_foe_s_duality_of_man_defends_as_a_3_for_mr_hyde_on_our_turn():
    for form, lift in (("Mr. Hyde", -3.0), ("Dr. Jekyll", 0.0)):
        s = jekyll_duel(form, seat=1).begin_turn(0)
        assert foe_lift(s, 0, "Jekyll & Hyde", "Medusa", "Duality of Man") == lift


def test_a_foe_s_little_dragon_defends_as_a_6_when_it_is_the_foe_s_last_card():
    assert foe_lift(dragon_duel(1, "Little Dragon"), 0, "Bruce Lee", "Medusa", "Little Dragon") == 2.0
    assert foe_lift(dragon_duel(1, "Little Dragon", "Feint"), 0, "Bruce Lee", "Medusa", "Little Dragon") == -2.0


def test_a_foe_s_little_dragon_put_down_is_read_by_the_hand_it_left():
    # Medusa defends against Bruce Lee's face-down attack: his card has left his hand already.
    for more, lift in (((), 2.0), (("Feint",), -2.0)):
        s = Scenario("medusa", "bruce_lee")
        s.remove("Harpy 1").remove("Harpy 2").remove("Harpy 3")
        s.place("Bruce Lee", "M10").place("Medusa", "M11")
        s.hand(0, "Dash").hand(1, "Little Dragon", *more)
        s.begin_turn(1).attack_with("Bruce Lee", "Medusa", "Little Dragon").expect("defense_card")
        assert foe_lift(s, 0, "Bruce Lee", "Medusa", "Little Dragon") == lift


def test_the_jabberwock_s_claws_that_catch_attack_our_hero_as_a_5_and_a_harpy_as_a_3():
    s = Scenario("medusa", "alice")
    s.place("Medusa", "M10").place("Harpy 1", "M09").place("Jabberwock", "M11").place("Alice", "M01")
    s.begin_turn(0)
    assert foe_lift(s, 0, "Jabberwock", "Medusa", "Claws That Catch") == 1.0
    assert foe_lift(s, 0, "Jabberwock", "Harpy 1", "Claws That Catch") == -1.0


def test_blood_will_have_blood_deals_its_damage_once_hamlet_has_lost_health_this_turn():
    s = Scenario("hamlet", "medusa")
    s.remove("Rosencrantz & Guildenstern")
    s.place("Hamlet", "M10").place("Medusa", "M11")
    s.hand(0, "Blood Will Have Blood")
    s.begin_turn(0)
    unhurt = attack_terms(s, "Hamlet", "Medusa", "Blood Will Have Blood")[1]
    s.game.damage(s.fighter("Hamlet"), 1, "effect")
    hurt = attack_terms(s, "Hamlet", "Medusa", "Blood Will Have Blood")[1]
    assert unhurt < 0.0 < hurt          # not at all, then in full, against half of it before


def test_hypnotist_cancels_only_while_the_hypnoray_blaster_is_the_active_gadget():
    worth = {}
    for gadget in ("hypnoray_blaster", "ultrabiotic_tonic"):
        s = Scenario("dr_jill_trent", "medusa")
        s.remove("Daisy").place("Dr. Jill Trent", "M10").place("Medusa", "M11")
        s.hand(0, "Hypnotist")
        s.begin_turn(0)
        s.expect("gadget_choice").choose(gadget)
        s.begin_turn(1)
        worth[gadget] = defense_terms(s, "Dr. Jill Trent", "Medusa", "Hypnotist")[1]
    assert worth["ultrabiotic_tonic"] < 0.0 < worth["hypnoray_blaster"]
