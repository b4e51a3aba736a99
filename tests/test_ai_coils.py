"""How `tuned` reads a combat card that spends charged coils (Nikola Tesla's): at the tier the
coils charged now afford, not at a fixed share of its best tier. Death Ray is a 3 with no coil
charged and a 7 with both; 7 Hertz's extra action and Lightning Storm's damage come only with a
coil to spend."""

import random

from tests.scenario import Scenario
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.card_facts import ALL_DEFENSES, blanked_types, card_strength, charged_terms, spends_coils
from unmatched_sim.policies.heuristic import TunedPolicy


def ready(view: PlayerView) -> TunedPolicy:
    pol = TunedPolicy(random.Random(0))
    pol._fresh()
    pol.agg, pol.cau = pol.style_now(view)
    return pol


def card(name: str):
    s = Scenario("nikola_tesla", "medusa")
    return s.game.card(s.card_ids(0, name)[0])


def tesla_facing_medusa(coils: int, *hand: str) -> Scenario:
    """Tesla at M10 with Medusa next to him (no Harpy on the board), ``coils`` charged."""
    s = Scenario("nikola_tesla", "medusa")
    s.remove("Harpy 1").remove("Harpy 2").remove("Harpy 3")
    g = s.game
    g.place(s.fighter("Nikola Tesla"), s.space("M10"))
    medusa_at = next(x for x in sorted(g.board.adjacent[s.space("M10")]))
    g.place(s.fighter("Medusa"), medusa_at)
    g.players[0].res["coils"] = coils
    s.hand(0, *hand)
    return s


def attack_worths(coils: int, *hand: str) -> dict:
    s = tesla_facing_medusa(coils, *hand)
    view = PlayerView(s.game, 0)
    pol = ready(view)
    tesla, medusa = s.f("Nikola Tesla"), s.f("Medusa")
    return {view.card(c).name: pol.attack_eval(view, tesla.idx, medusa.idx, c) for c in view.hand_ids()}


def test_death_ray_is_read_at_the_value_the_charged_coils_buy():
    death_ray = card("Death Ray")
    assert spends_coils(death_ray)
    static = card_strength(death_ray, True)[0]
    assert [static + charged_terms(death_ray, True, n)[0] for n in (0, 1, 2)] == [3.0, 5.0, 7.0]


def test_a_card_without_coils_to_spend_reads_as_before():
    kinetic = card("Kinetic Induction")        # charges coils, never spends them
    assert not spends_coils(kinetic)
    assert charged_terms(kinetic, True, 2) == (0.0, 0.0, False)


def test_a_coil_effect_counts_only_with_a_coil_to_spend():
    hertz = card("7 Hertz")
    none, one, two = (charged_terms(hertz, True, n)[1] for n in (0, 1, 2))
    assert none < 0 < one < two               # an action with one coil, also a card with two


def test_tesla_attacks_with_7_hertz_rather_than_an_uncharged_death_ray():
    worths = attack_worths(0, "Death Ray", "7 Hertz")
    assert worths["7 Hertz"] > worths["Death Ray"]


def test_tesla_attacks_with_death_ray_when_both_coils_are_charged():
    worths = attack_worths(2, "Death Ray", "7 Hertz")
    assert worths["Death Ray"] > worths["7 Hertz"]


def test_an_attack_is_worth_more_with_the_coils_charged():
    assert attack_worths(2, "Lightning Storm")["Lightning Storm"] > attack_worths(0, "Lightning Storm")["Lightning Storm"]


# ---------------------------------------------------------------------- a mode's price in coils
def alternating_current_mode(coils: int) -> Scenario:
    """Tesla at 8 health has hit Medusa with The Alternating Current, ``coils`` charged: asked
    to charge both coils, or to discharge both for 2 health (which needs both charged)."""
    s = tesla_facing_medusa(coils, "The Alternating Current")
    s.health("Nikola Tesla", 8)
    s.begin_turn(0)
    if s.pending.kind == "effect_destination":       # both charged: the overflow's push; Medusa stays
        s.game.answer(s.f("Medusa").space)
    s.attack("Nikola Tesla", "Medusa", "The Alternating Current", None)
    return s.expect("effect_mode")


def mode_chosen(s: Scenario) -> str:
    pol = TunedPolicy(random.Random(0))
    return pol.choose(PlayerView(s.game, 0), s.pending)


def test_a_healing_that_needs_two_coils_is_not_chosen_a_coil_short():
    # (it would not happen: the healing's price cannot be paid; the coils charge instead)
    assert mode_chosen(alternating_current_mode(1)) == "charge both coils"
    assert mode_chosen(alternating_current_mode(0)) == "charge both coils"


def test_a_hurt_tesla_with_both_coils_charged_heals():
    assert mode_chosen(alternating_current_mode(2)) == "discharge both coils: Tesla recovers 2"


def test_charging_coils_is_worth_the_coils_it_would_charge():
    worths = []
    for coils in (0, 1, 2):
        s = alternating_current_mode(coils)
        view = PlayerView(s.game, 0)
        pol = ready(view)
        charge = [op for op in view.card(s.card_ids(0, "The Alternating Current")[0]).effects["after_combat"][0].modes
                  if op[0] == "charge both coils"][0][1]
        worths.append(pol.ops_worth(view, charge, s.fighter("Nikola Tesla")))
    assert worths[0] > worths[1] > worths[2] == 0.0


def test_polyphase_coils_with_both_coils_is_an_attack_no_defense_blocks():
    # Two coils: the opponent's card counts 0, so Medusa's hand of defenses blocks nothing;
    # with one coil the attack is read against them.
    polyphase = card("Polyphase Coils")
    assert charged_terms(polyphase, True, 2)[2] and not charged_terms(polyphase, True, 1)[2]
    worths = {}
    for coils in (1, 2):
        s = tesla_facing_medusa(coils, "Polyphase Coils")
        s.hand(1, "Hiss and Slither", "Dash", "Clutching Claws")
        view = PlayerView(s.game, 0)
        pol = ready(view)
        cid = s.card_ids(0, "Polyphase Coils")[0]
        assert (pol._attack_card_facts(view, cid)[4] == ALL_DEFENSES) == (coils == 2)
        worths[coils] = pol.attack_eval(view, s.f("Nikola Tesla").idx, s.f("Medusa").idx, cid)
    assert worths[2] > worths[1]


def test_polyphase_coils_with_both_coils_defends_against_any_attack():
    scores = {}
    for coils in (1, 2):
        s = tesla_facing_medusa(coils, "Polyphase Coils")
        s.hand(1, "Second Shot")
        s.begin_turn(1)
        if s.pending.kind == "effect_fighter":      # her Gaze at the start of her turn
            s.choose(None)
        s.choose("attack")
        if s.pending.kind == "attack_target":
            s.choose(("Medusa", "Nikola Tesla"))
        s.expect("defense_card")       # (her one card, Second Shot, attacks)
        view = PlayerView(s.game, 0)
        pol = ready(view)
        (cid,) = [c for c in s.pending.options if c is not None]
        scores[coils] = dict(pol.defense_scores(view, s.pending))[cid]
    # with both coils, no damage is feared: the score is the card's own worth less its cost
    assert scores[2] > scores[1]


def test_a_card_that_makes_any_opposing_card_count_0_blanks_every_defense():
    s = Scenario("invisible_man", "medusa")
    impossible = s.game.card(s.card_ids(0, "Impossible to See")[0])
    assert blanked_types(impossible) == ALL_DEFENSES


def tesla_defends(coils: int, attack: str) -> tuple:
    """Golden Bat attacks Tesla with ``attack``; Tesla defends with Polyphase Coils, ``coils``
    charged: (the coils tuned discharges, the options)."""
    s = Scenario("nikola_tesla", "golden_bat").place("Nikola Tesla", "M10").place("Golden Bat", "M11")
    s.game.players[0].res["coils"] = coils
    s.hand(0, "Polyphase Coils").hand(1, attack)
    s.begin_turn(1)
    s.attack("Golden Bat", "Nikola Tesla", attack, "Polyphase Coils")
    s.expect("discharge_coils")
    view = PlayerView(s.game, 0)
    return ready(view).choose(view, s.pending), s.pending.options


def test_one_coil_is_kept_when_polyphase_coils_has_no_effect_to_cancel():
    # Super Strength has no effect: the one coil is kept (charged with the other by the turn's
    # end, for the next turn's overflow and the two-coil tiers); Skirmish has one to cancel.
    assert tesla_defends(1, "Super Strength")[0] == 0
    assert tesla_defends(1, "Skirmish")[0] == 1


def test_both_coils_are_spent_on_polyphase_coils_to_make_the_attack_count_0():
    assert tesla_defends(2, "Super Strength")[0] == 2


def test_both_coils_are_not_spent_to_blank_an_attack_that_deals_nothing():
    # A Punch to Shake the Earth (1) against Polyphase Coils (3) deals no damage: making it count
    # 0 gains nothing, so one coil cancels its effect and the other stays charged.
    assert tesla_defends(2, "A Punch to Shake the Earth")[0] == 1


def test_one_coil_is_kept_rather_than_spent_on_x_ray_radiations_discard():
    chosen = {}
    for coils in (1, 2):
        s = Scenario("nikola_tesla", "golden_bat").place("Nikola Tesla", "M10").place("Golden Bat", "M11")
        s.game.players[0].res["coils"] = coils
        s.hand(0, "X-Ray Radiation", "Death Ray").hand(1, "Super Strength")
        s.begin_turn(0)
        if s.pending.kind == "effect_destination":      # both charged: the overflow's push
            s.choose("M11")
        s.attack("Nikola Tesla", "Golden Bat", "X-Ray Radiation", None)
        s.expect("discharge_coils")
        view = PlayerView(s.game, 0)
        chosen[coils] = ready(view).choose(view, s.pending)
    assert chosen == {1: 0, 2: 2}


def x_ray_discharge(top: str) -> int:
    """Tesla, both coils charged, attacks Golden Bat next to him with X-Ray Radiation (4) against
    He Laughs at Your Feebleness (5), ``top`` on top of the Bat's deck: the coils tuned
    discharges."""
    s = Scenario("nikola_tesla", "golden_bat").place("Nikola Tesla", "M10").place("Golden Bat", "M11")
    s.game.players[0].res["coils"] = 2
    s.hand(0, "X-Ray Radiation", "Death Ray").hand(1, "He Laughs at Your Feebleness").deck_top(1, top)
    s.begin_turn(0)
    if s.pending.kind == "effect_destination":      # both charged: the overflow's push
        s.choose("M11")
    s.attack("Nikola Tesla", "Golden Bat", "X-Ray Radiation", "He Laughs at Your Feebleness")
    s.expect("discharge_coils")
    view = PlayerView(s.game, 0)
    return ready(view).choose(view, s.pending)


def test_x_ray_radiation_spends_both_coils_only_where_the_boost_it_adds_pays_for_the_overflow():
    # Skirmish's BOOST (1) makes 5 against 5: no damage, so both coils stay charged for the
    # overflow on the Bat next to Tesla; Alpine Fortress's (3) makes 7: 2 damage.
    assert x_ray_discharge("Skirmish") == 0
    assert x_ray_discharge("Alpine Fortress") == 2


# ---------------------------------------------------------------------- a coil charged in defense
def medusa_attacks_tesla(coils: int, *hand: str) -> Scenario:
    """Medusa, next to Tesla, attacks him with her first card; Tesla (``coils`` charged) holds
    ``hand`` and is asked his defense card."""
    s = tesla_facing_medusa(coils, *hand)
    s.hand(1, "Hiss and Slither", "Dash", "Regroup")
    s.begin_turn(1)
    if s.pending.kind == "effect_fighter":
        s.choose(None)                  # her Gaze: not used
    s.choose("attack")
    if s.pending.kind == "attack_target":
        s.choose(("Medusa", "Nikola Tesla"))
    s.expect("attack_card").choose(s.readable(s.pending.options)[0])
    return s.expect("defense_card")


def test_a_coil_filled_on_the_foe_s_turn_counts_the_overflow_on_the_foes_next_to_tesla():
    from unmatched_sim.hooks import EFFECT_ADVICE
    from unmatched_sim.hooks.nikola_tesla import COIL_WORTH
    kinetic = card("Kinetic Induction")
    charge_two = kinetic.effects["after_combat"][1]
    worths = {}
    for coils in (0, 1, 2):
        s = medusa_attacks_tesla(coils, "Kinetic Induction")
        view = PlayerView(s.game, 0)
        pol = ready(view)
        worths[coils] = EFFECT_ADVICE["charge_coils"](pol, view, charge_two, s.f("Nikola Tesla").idx)
        overflow = pol.blow_worth(view, s.f("Medusa"), 1)
    assert overflow > 0
    assert worths == {0: 2 * COIL_WORTH + overflow, 1: COIL_WORTH + overflow, 2: 0.0}
    s = tesla_facing_medusa(1)
    s.begin_turn(0)                     # on his own turn: the coil only, his turn's end charges one anyway
    view = PlayerView(s.game, 0)
    assert EFFECT_ADVICE["charge_coils"](ready(view), view, charge_two, s.f("Nikola Tesla").idx) == COIL_WORTH


def test_tesla_defends_with_kinetic_induction_where_its_coil_fills_both_before_his_turn():
    # The search defends with Kinetic Induction where `tuned` played Intense Experimentation,
    # Repulsion Blast, X-Ray Radiation, Polyphase Coils or Lightning Storm: 51 decisions with one
    # coil charged, +7.5 points a decision played out (`python scripts/decision_regret.py --heroes
    # nikola_tesla --opponents <the 18> --games 2 --seed 76 --share 1 --worlds 20 --versus
    # ismcts:iterations=200 --kinds defense_card`, and the table of every decision kind).
    for coils, want in ((1, "Kinetic Induction"), (2, "Repulsion Blast")):
        s = medusa_attacks_tesla(coils, "Kinetic Induction", "Repulsion Blast")
        view = PlayerView(s.game, 0)
        assert s.readable([ready(view).on_defense_card(view, s.pending)]) == [want]
