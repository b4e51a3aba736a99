"""Blind spots of ``tuned`` found in replays of its games against the frozen ``tuned-v1``,
each on a small built position with the answer a strong player gives."""

import random

from tests.scenario import Scenario
from unmatched_sim.data.catalog import find_board
from unmatched_sim.engine.state import Decision
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy


def decide(s: Scenario, policy: str = "tuned", seed: int = 0):
    """What ``policy`` answers to the pending decision."""
    d = s.pending
    return make_policy(policy, random.Random(seed)).choose(PlayerView(s.game, d.player), d)


def give_trick(s: Scenario, name: str, loki_seat: int = 1, to_seat: int = 0) -> int:
    """A TRICK of Loki's in his opponent's hand (as after Loki played it: public to him)."""
    cid = s._take_card(loki_seat, name)
    p = s.game.players[to_seat]
    p.hand.append(cid)
    p.known_hand = p.known_hand | {cid}
    return cid


# ---------------------------------------------------------------------- own-hero damage
def chupacabra_holding_baldrs_downfall(health: int) -> Scenario:
    # Replay: `sim matchup chupacabra loki -n 40 --seed 5 --policy-a tuned --policy-b tuned-v1`,
    # game 9, turn 10: Chupacabra at 3 health attacks with Loki's Baldr's Downfall (after combat,
    # played by Loki's opponent: their own hero takes 2 damage) and drops to 1.
    s = Scenario("chupacabra", "loki")
    s.place("Chupacabra", "M10").place("Loki", "M11")
    s.health("Chupacabra", health).health("Loki", 6)
    give_trick(s, "Trick: Baldr's Downfall")
    s.hand(0, "Unsettle")
    s.hand(1, "Ragnarök")
    return s


def test_an_attack_card_that_hurts_our_own_hero_is_not_played_when_it_would_kill_it():
    s = chupacabra_holding_baldrs_downfall(health=2)
    s.begin_turn(0)
    s.expect("action")
    assert decide(s) != "attack"
    # the frozen baseline attacks and kills its own hero (it prices the 2 damage as 1.8 points
    # whatever the health)
    assert decide(s, "tuned-v1") == "attack"


def test_own_hero_damage_costs_more_at_low_health():
    pol = make_policy("tuned", random.Random(0))
    costs = []
    for hp in (12, 4):
        s = chupacabra_holding_baldrs_downfall(health=hp)
        s.begin_turn(0)
        view = PlayerView(s.game, 0)
        pol.choose(view, s.pending)           # the style of the hero, the per-decision state
        cid = s.game.players[0].hand[0]
        costs.append(pol.own_harm_cost(view, view.card(cid), False))
    assert 0 < costs[0] < costs[1]


# ---------------------------------------------------------------------- mirrored attack value
def test_the_more_they_struggle_is_valued_against_the_defense_it_may_meet():
    # The More They Struggle (printed 0) is worth twice the printed value of the defense card it
    # meets (0 against none): against a foe holding defense cards it deals about what they play.
    # It was counted as a 0 whatever the foe held.
    def worth(*foe_hand):
        s = Scenario("chupacabra", "genie")
        s.place("Chupacabra", "M10").place("The Genie", "M11")
        s.hand(0, "The More They Struggle").hand(1, *foe_hand)
        s.begin_turn(0)
        pol = make_policy("tuned", random.Random(0))
        view = PlayerView(s.game, 0)
        pol.choose(view, s.pending)
        cid = s.game.players[0].hand[0]
        return pol.attack_eval(view, s.fighter("Chupacabra"), s.fighter("The Genie"), cid)
    assert worth("Careful What You Wish For", "Your Wish Is My Command", "Imprisoned Wrath") > worth() + 1.5


# ---------------------------------------------------------------------- optional damage to both
def parting_gift(titania_health: int, chupacabra_health: int) -> Scenario:
    # Parting Gift: "after combat you may deal 2 damage to both fighters of the combat". The
    # heuristic said yes to every optional effect without a cost, so Titania hurt herself with it
    # whatever her health (Titania was tuned's weakest hero against tuned-v1).
    s = Scenario("titania", "chupacabra").place("Titania", "M10").place("Chupacabra", "M11")
    s.remove("Oberon")
    s.game.players[0].res["glamour_active"] = ""
    s.health("Titania", titania_health).health("Chupacabra", chupacabra_health)
    s.hand(0, "Parting Gift", "Gift of the Fair Folk")
    s.begin_turn(0)
    s.attack("Titania", "Chupacabra", "Parting Gift", None)
    s.expect("effect_may")
    return s


def test_an_optional_blow_to_both_combatants_is_declined_when_it_would_defeat_our_hero():
    assert decide(parting_gift(titania_health=2, chupacabra_health=10)) is False
    assert decide(parting_gift(titania_health=2, chupacabra_health=10), "tuned-v1") is True


def test_an_optional_blow_to_both_combatants_is_dealt_when_it_defeats_the_foe():
    assert decide(parting_gift(titania_health=10, chupacabra_health=4)) is True   # 2 in combat, 2 more


# ---------------------------------------------------------------------- The Hunger
def test_the_hunger_draws_with_an_empty_hand_late_in_a_game_the_foe_s_health_would_make_long():
    # Replay of the search's choices (`scripts/decision_regret.py --heroes chupacabra --kinds
    # ability_draw --versus ismcts:iterations=200`, against Dr. Jill Trent, turn 15): tuned kept
    # a card in the deck for each turn Jill's health would last at his rate of damage and refused
    # The Hunger's card with none in hand; the search drew (24 such refusals, +8 points each).
    # It now draws whenever the card fits in hand.
    s = Scenario("chupacabra", "dr_jill_trent").place("Chupacabra", "M10").place("Dr. Jill Trent", "M31")
    s.thin_deck(0, 13)
    s.health("Chupacabra", 9)
    s.game.turn = 15
    d = Decision(0, "ability_draw", (True, False), None, (), {"count": 1})
    assert make_policy("tuned", random.Random(0)).choose(PlayerView(s.game, 0), d) is True


def test_the_hunger_draws_when_the_game_ends_before_the_deck_even_if_the_foes_deck_is_larger():
    # tuned refused The Hunger's card whenever Chupacabra's deck was smaller than the foe's (with
    # 4+ cards in hand), though by the foe hero's health the game ends long before either deck.
    s = Scenario("chupacabra", "houdini")
    p, q = s.game.players
    for cid in p.deck[12:]:
        s.game.discard_pile_add(0, cid)
    del p.deck[12:]
    for cid in list(p.deck[:4]):
        p.deck.remove(cid)
        p.hand.append(cid)
    s.health("Houdini", 6)
    d = Decision(0, "ability_draw", (True, False), None, (), {"count": 1})
    assert len(q.deck) > len(p.deck)
    assert make_policy("tuned", random.Random(0)).choose(PlayerView(s.game, 0), d) is True


# ---------------------------------------------------------------------- King Arthur's face-down BOOST
def arthur_attacking(*hand: str) -> Scenario:
    s = Scenario("king_arthur", "genie").place("King Arthur", "M10").place("The Genie", "M11")
    s.remove("Merlin")
    s.hand(0, "Swift Strike", *hand)
    s.hand(1, "Careful What You Wish For", "Your Wish Is My Command")
    s.begin_turn(0)
    s.attack_with("King Arthur", "The Genie", "Swift Strike").expect("arthur_boost")
    return s


def test_arthur_does_not_throw_excalibur_into_an_attack_for_a_boost():
    # The hook's rule (kept for greedy and tuned-v1) BOOSTs with the card of most BOOST for the
    # least printed value, whatever the card is worth kept: Excalibur (6, BOOST 3) before
    # Skirmish (4, BOOST 1). Replay: `sim ladder --policies tuned,tuned-v1 -n 10 --seed 31`, game
    # 820, turns 13-23: tuned's Arthur adds Restless Spirits, Swift Strike and The Lady of the
    # Lake (which fetches Excalibur) face down to his attacks, and loses the deck race.
    s = arthur_attacking("Excalibur", "Skirmish")
    excalibur = s.card_ids(0, "Excalibur")[0]
    assert decide(s, "tuned-v1") == excalibur
    assert decide(s) != excalibur


# ---------------------------------------------------------------------- trading the defender
def smoke_and_mirrors(defender: str, houdini_health: int = 14, bess_health: int = 5) -> Scenario:
    # Smoke and Mirrors: "Houdini and Bess may trade spaces; the other one is now the fighter in
    # this combat" — taken every time, so Houdini stepped in for Bess whatever the blow.
    s = Scenario("houdini", "genie")
    s.place("The Genie", "M10").place(defender, "M11")
    s.place("Bess" if defender == "Houdini" else "Houdini", "M12")
    s.health("Houdini", houdini_health).health("Bess", bess_health)
    s.hand(1, "Careful What You Wish For")          # 4 against Smoke and Mirrors' 3: 1 damage
    s.hand(0, "Smoke and Mirrors")
    s.begin_turn(1)
    if s.pending.kind == "ability_discard_for_action":
        s.choose(None)
    s.choose("attack").expect("attack_target").choose(("The Genie", defender))
    s.expect("defense_card").choose("Smoke and Mirrors")
    s.expect("effect_may")
    return s


def test_houdini_does_not_step_in_for_bess_to_take_her_blow():
    assert decide(smoke_and_mirrors("Bess")) is False
    assert decide(smoke_and_mirrors("Bess"), "tuned-v1") is True


def test_bess_steps_in_when_the_blow_would_defeat_houdini():
    assert decide(smoke_and_mirrors("Houdini", houdini_health=1)) is True


# ---------------------------------------------------------------------- what a scheme is worth
def titania_with(*hand: str, chupacabra_health: int = 14) -> Scenario:
    s = Scenario("titania", "chupacabra").place("Titania", "M10")
    b = s.game.board
    here = s.space("M10")
    dist = PlayerView(s.game, 0).dist[here]
    far_in_zone = next(sp for sp in range(b.size) if b.same_zone(here, sp) and dist[sp] >= 3)
    s.game.place(s.fighter("Chupacabra"), far_in_zone)
    s.remove("Oberon")
    s.game.players[0].res["glamour_active"] = ""
    s.health("Chupacabra", chupacabra_health)
    s.hand(0, *hand)
    s.begin_turn(0)
    s.expect("action")
    return s


def test_a_scheme_that_deals_damage_is_worth_the_damage_it_deals():
    # A Momentary Glance: "2 damage to a fighter of your choice in Titania's zone". Its damage
    # was counted at a flat 0.9 whatever it hit: here it defeats the foe hero.
    s = titania_with("A Momentary Glance", chupacabra_health=2)
    assert s.game.board.same_zone(s.f("Titania").space, s.f("Chupacabra").space)
    assert decide(s) == "scheme"


def test_a_choose_two_scheme_is_worth_its_two_best_effects():
    # Gift of the Fair Folk (pick two: heal 2, draw 2, move two fighters): "choose_some" was not
    # read at all (0.3), so Titania held three of them unplayed for a whole game (replay: ladder
    # seed 31, game 1250).
    s = titania_with("Gift of the Fair Folk", "Fairy Song")
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    pol.choose(view, s.pending)
    cid = s.card_ids(0, "Gift of the Fair Folk")[0]
    gift = s.game.card(cid).effects["effect"]
    assert pol.ops_worth(view, gift, s.fighter("Titania")) >= pol.draw_worth(view, 2)


def scheme_worth(s: Scenario, seat: int, card: str, fighter: str) -> float:
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, seat)
    pol.choose(view, s.pending)
    cid = s.card_ids(seat, card)[0]
    return pol.ops_worth(view, s.game.card(cid).effects["effect"], s.fighter(fighter))


def test_unsettle_is_worth_a_discard_only_with_a_foe_in_chupacabras_zone():
    # Unsettle ("if an opposing fighter shares a zone with Chupacabra, that opponent discards 1 —
    # or 2 if Chupacabra takes 2 damage") was read as a flat 0.3 and never played in 117 draws.
    def worth(foe_space: str) -> float:
        s = Scenario("chupacabra", "genie").place("Chupacabra", "M10").place("The Genie", foe_space)
        s.hand(0, "Unsettle").hand(1, "Feint", "Feint", "Your Wish Is My Command")
        s.begin_turn(0)
        if s.pending.kind != "action":
            s.choose(None)
        return scheme_worth(s, 0, "Unsettle", "Chupacabra")
    b = find_board("marmoreal")
    here = b.index["M10"]
    away = next(lab for lab, sp in b.index.items() if not b.same_zone(here, sp))
    assert worth("M11") >= 0.7
    assert worth(away) == 0.0


def test_helpful_assistant_counts_the_cards_it_shuffles_back_into_the_deck():
    s = Scenario("dr_jill_trent", "genie").place("Dr. Jill Trent", "M10").place("The Genie", "M20")
    s.remove("Daisy")
    s.hand(0, "Helpful Assistant").discard_pile(0, "Laser Pen", "Ace Fighter", "Hypnotist")
    s.begin_turn(0)
    while s.pending.kind != "action":
        s.choose(s.pending.options[0])
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    assert scheme_worth(s, 0, "Helpful Assistant", "Dr. Jill Trent") >= pol.draw_worth(view, 1) + 1.0


# ---------------------------------------------------------------------- the last defense card
def hamlet_holding(health: int, *hand: str) -> Scenario:
    s = Scenario("hamlet", "genie").place("Hamlet", "M10").place("The Genie", "M11")
    s.remove("Rosencrantz & Guildenstern")
    s.health("Hamlet", health)
    s.hand(0, *hand).hand(1, "Careful What You Wish For", "Your Wish Is My Command", "Imprisoned Wrath")
    s.begin_turn(0)
    while s.pending.kind != "action":
        s.choose("to_be" if s.pending.kind == "question_side" else s.pending.options[0])
    return s


def test_an_aggressive_style_keeps_its_last_defense_card_when_hurt():
    # The reserve a last defense card is (reserve_worth) was discounted with its play worth by
    # the style's appetite for spending, so Hamlet (aggression 0.75, reserve 1) and the Genie
    # threw their last defense card into an attack whatever their health, and took the foe's
    # turn with an empty hand (replays: ladder seed 31, games 1030 and 1070). The style is
    # Hamlet's at the time, given here so that re-tuning his file does not change the test.
    style = "heuristic:aggression=0.75,caution=0.5,safety=0,reserve=1"
    assert decide(hamlet_holding(6, "The Play's the Thing"), style) != "attack"
    assert decide(hamlet_holding(6, "The Play's the Thing"), "tuned-v1") == "attack"
    # healthy, the same card is a smaller reserve (it went into the attack until the last cards
    # of a hand cost more to spend whatever the style: ``scarcity``, tests/test_ai_styles.py)
    costs = []
    for health in (14, 6):
        s = hamlet_holding(health, "The Play's the Thing")
        pol = make_policy(style, random.Random(0))
        view = PlayerView(s.game, 0)
        pol.choose(view, s.pending)
        costs.append(pol.spend_cost(view, view.hand[0]))
    assert costs[0] < costs[1]


# ---------------------------------------------------------------------- drawing into the hand limit
def test_a_card_drawn_into_the_hand_limit_is_worth_nothing_and_costs_a_card_of_the_deck():
    # A patient Titania maneuvered turn after turn with a full hand, discarding at the hand limit,
    # and lost the deck race (ladder seed 31, game 1520): a card drawn past the hand limit was
    # worth 0.2, and the room was counted to 8 cards, not the limit of 7.
    s = titania_with("Whisked Away", "Fairy Song", "Queen of the Fairies", "Protection of the Fairy Woods",
                     "Gift of the Fair Folk", "Parting Gift", "As Wise as Beautiful")
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    pol.choose(view, s.pending)
    assert view.actions_left == 2 and len(view.hand) == 7
    one = pol.draw_worth(view, 1)       # one card of room: the other action may play a card
    assert one > 0
    assert pol.draw_worth(view, 2) < one     # the second only goes at the limit: a deck card lost


# ---------------------------------------------------------------------- a face-up token's bonus
def hamlet_facing_jill(side: str, *hand: str) -> Scenario:
    s = Scenario("hamlet", "dr_jill_trent").place("Hamlet", "M10").place("Dr. Jill Trent", "M11")
    s.remove("Rosencrantz & Guildenstern")
    s.hand(0, *hand).hand(1, "Utility Belt", "Laser Pen", "Gyroscopic Jetpack")
    s.begin_turn(0)
    while s.pending.kind != "action":
        s.choose(side if s.pending.kind == "question_side" else s.pending.options[0])
    return s


def test_hamlet_counts_the_bonus_of_not_to_be_he_paid_for():
    # Hamlet paid 2 damage for NOT TO BE (+2 on his attacks) and then weighed his attacks as if
    # they had no bonus: he maneuvered or schemed next to Jill Trent instead of attacking
    # (`sim matchup dr_jill_trent hamlet -n 60 --seed 41 --policy tuned`, game 2, turns 2 and 6).
    s = hamlet_facing_jill("not_to_be", "Uncertain Doom", "Maddening Insight", "The Ghost")
    assert decide(s) == "attack"
    assert decide(s, "tuned-v1") == "scheme"        # the frozen baseline does not read the token
    # the +2 is counted in the attack's worth, and only under NOT TO BE
    worths = {}
    for side in ("to_be", "not_to_be"):
        s = hamlet_facing_jill(side, "Uncertain Doom", "Maddening Insight", "The Ghost")
        pol = make_policy("tuned", random.Random(0))
        view = PlayerView(s.game, 0)
        pol.choose(view, s.pending)
        cid = s.card_ids(0, "Uncertain Doom")[0]
        worths[side] = pol.attack_eval(view, s.fighter("Hamlet"), s.fighter("Dr. Jill Trent"), cid)
    assert worths["not_to_be"] > worths["to_be"] + 1.0


# ---------------------------------------------------------------------- values read from effects
def test_a_conditional_value_block_is_not_read_as_blocking_every_attack():
    # God of Mischief counts the opponent's card 0 only if it is a TRICK (otherwise it cancels
    # its effects): it was read as a defense that blocks every attack (strength 99), for Loki and
    # for the foes reading his hand; Uncertain Doom (0 only against a versatile card) the same
    # (it is now weighed against the defenses that are not versatile).
    from unmatched_sim.data.catalog import find_hero
    from unmatched_sim.policies.card_facts import BLOCK_ALL, blanked_types, card_strength
    cards = {c.name: c for h in ("loki", "hamlet", "pandora") for c in find_hero(h).cards}
    assert card_strength(cards["God of Mischief"])[1] < 4
    assert blanked_types(cards["Uncertain Doom"]) == {"versatile"}     # weighed in attack_odds
    assert card_strength(cards["Celestial Raiments"])[1] == BLOCK_ALL      # unconditional: still


def test_a_choose_one_value_mode_counts_in_the_cards_strength():
    # Shapeshifter: +1 per card in the opponent's hand, or gain 1 action; the choice was not
    # read and the card counted 0, like Maddening Insight (worth the cards in Hamlet's hand).
    from unmatched_sim.data.catalog import find_hero
    from unmatched_sim.policies.card_facts import card_strength
    cards = {c.name: c for h in ("loki", "hamlet") for c in find_hero(h).cards}
    assert card_strength(cards["Shapeshifter"])[0] >= 3
    assert card_strength(cards["Maddening Insight"])[1] >= 3


# ---------------------------------------------------------------------- moving a foe's fighter
def loki_far_from_medusa(*hand: str, medusa_health: int = 2) -> Scenario:
    s = Scenario("loki", "medusa").place("Loki", "M10").place("Medusa", "M31")
    s.health("Medusa", medusa_health)
    for k in (1, 2, 3):
        s.remove(f"Harpy {k}")
    s.hand(0, *hand).hand(1, "Dash", "Regroup", "Feint")
    s.begin_turn(0)
    return s


def test_a_scheme_that_pulls_the_foe_hero_into_reach_is_worth_its_attack():
    # Svaðilfari's Lure (played by Loki: put an opposing fighter next to him) was counted at a
    # flat 0.5, and Loki never played it against Medusa, who kept out of his reach
    # (`sim matchup loki medusa -n 60 --seed 41 --policy tuned`, game 0: held from turn 13 to
    # the end). It is now worth the attack it opens (here one that may defeat her) less the
    # blows she can deal from next to him. (At 1 health, where the attack may well end the
    # game; at 2 the search finds the pull and a maneuver alike.)
    s = loki_far_from_medusa("Trick: Svaðilfari's Lure", "Looking for Trouble", "Underhanded",
                             medusa_health=1)
    assert decide(s) == "scheme"
    assert decide(s, "tuned-v1") != "scheme"
    # healthy, she is not worth pulling next to him for one attack
    assert decide(loki_far_from_medusa("Trick: Svaðilfari's Lure", "Looking for Trouble", "Underhanded",
                                       medusa_health=16)) != "scheme"
    # with no action left after it, the pull alone buys no attack and is worth less
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    pol.choose(view, s.pending)
    cid = s.card_ids(0, "Trick: Svaðilfari's Lure")[0]
    now = pol.scheme_eval(view, cid, s.fighter("Loki"))
    # (set by hand, with no event logged: a policy keeps what it worked out while the position's
    # version is the same, so the second question goes to a fresh one)
    s.game.players[0].actions = 1
    pol = make_policy("tuned", random.Random(0))
    pol.choose(view, s.pending)
    assert pol.scheme_eval(view, cid, s.fighter("Loki")) < now


# ---------------------------------------------------------------------- the Sisters' spells
def sisters_casting(deck_empty: bool, stinging_reaches_foe: bool) -> Scenario:
    s = Scenario("wayward_sisters", "shakespeare").place("Sister 1", "M10").remove("Sister 3")
    s.place("Sister 2", "M28")
    s.place("Shakespeare", "M11" if stinging_reaches_foe else "M21")
    for k in (1, 2):
        s.remove(f"Actor {k}")
    s.hand(0, "Something Wicked This Way Comes", "Hurly-Burly").hand(1, "Horror", "Deceive")
    if deck_empty:
        s.empty_deck(0)
    s.begin_turn(0)
    s.choose("scheme")
    s.game.answer(next(o for o in s.pending.options
                       if s.game.cards[o[0]].defn.name == "Something Wicked This Way Comes"))
    s.expect("spell")
    return s


def test_the_sisters_do_not_sting_themselves_or_haste_into_an_exhausting_maneuver():
    # Shakespeare–Sisters (seed 41, game 1, turn 27): with the last card drawn the Sisters cast
    # Haste (a forced maneuver on an empty deck: 2 exhaustion damage to each Sister) and
    # Stinging with only their own fighters in reach (1 damage to Sister 1), by a fixed order
    # of spells.
    s = sisters_casting(deck_empty=True, stinging_reaches_foe=False)
    first = decide(s)
    assert first not in ("Spell of Haste", "Spell of Stinging")
    assert decide(s, "tuned-v1") == "Spell of Haste"
    # with the foe in reach and cards to draw, stinging him and the extra action are worth most
    s = sisters_casting(deck_empty=False, stinging_reaches_foe=True)
    assert decide(s) in ("Spell of Haste", "Spell of Stinging")


def test_cards_drawn_only_to_be_discarded_cost_a_short_deck():
    # The Genie took Three Wishes' "draw 5" with a hand of 5, discarded 2 at the hand limit
    # (Back in the Lamp among them) and ran out of cards on his eighth turn
    # (`sim matchup genie titania -n 60 --seed 41 --policy tuned`, game 0, turns 1 and 7).
    # Past the room in hand, a card drawn is a card of the deck lost, which costs, more when the
    # deck is shorter than the game still needs.
    def worth(deck_left: int) -> tuple[float, float]:
        s = Scenario("genie", "titania").place("The Genie", "M10").place("Titania", "M31")
        s.remove("Oberon")
        s.hand(0, "Feint", "Feint", "I Am Freed", "Careful What You Wish For", "Imprisoned Wrath")
        s.hand(1, "Fairy Song")
        while len(s.game.players[0].deck) > deck_left:
            s.game.players[0].deck.pop(0)
        s.begin_turn(0)                  # Infinite Power is offered: the turn's first decision
        pol = make_policy("tuned", random.Random(0))
        view = PlayerView(s.game, 0)
        pol.choose(view, s.pending)
        assert view.actions_left == 2 and len(view.hand) == 5      # room for 3 (7, plus one play)
        return pol.draw_worth(view, 3), pol.draw_worth(view, 5)
    three, five = worth(8)
    short = three - five
    assert short > 0                     # two cards past the room, from a deck of 8
    three, five = worth(25)
    assert 0 < three - five < short      # a long deck: they cost less
    # a card's own draws are weighed the same way: Wishing for More Wishes (draw 3) on a full
    # hand (Genie-King Arthur, seed 41, game 2, turns 1 and 3: 4 cards discarded on his first)
    s = Scenario("genie", "king_arthur").place("The Genie", "M10").place("King Arthur", "M11")
    s.remove("Merlin")
    s.hand(0, "Wishing for More Wishes", "Feint")
    s.begin_turn(0)
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    pol.choose(view, s.pending)
    wish = view.card(s.card_ids(0, "Wishing for More Wishes")[0])
    roomy = pol.draw_room_adjust(view, wish, True)
    s.hand(0, "Wishing for More Wishes", "Feint", "Feint", "I Am Freed", "Careful What You Wish For",
           "Imprisoned Wrath", "Your Wish Is My Command")
    pol.choose(view, s.pending)
    assert pol.draw_room_adjust(view, wish, True) < roomy - 1.0


def test_an_attack_that_blanks_versatile_cards_is_weighed_against_the_other_defenses():
    # Uncertain Doom (2): a versatile card played against it counts 0. Against Jill Trent, whose
    # deck is mostly versatile cards, it is nearly unblockable, but it was weighed as a plain 2
    # against her best defense (or, read as an unconditional block, as blocking everything).
    s = hamlet_facing_jill("to_be", "Uncertain Doom", "To Sleep, Perchance to Dream")
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    pol.choose(view, s.pending)
    jill = view.fighter(s.fighter("Dr. Jill Trent"))
    plain = pol.attack_odds(view, jill, 2.0)[0]
    blanking = pol.attack_odds(view, jill, 2.0, 0, frozenset({"versatile"}))[0]
    assert blanking > plain + 0.5
    doom, sleep = (pol.attack_eval(view, s.fighter("Hamlet"), jill.idx, s.card_ids(0, n)[0])
                   for n in ("Uncertain Doom", "To Sleep, Perchance to Dream"))
    assert doom > sleep


def test_unnatural_remedy_heals_a_hurt_sister_with_the_last_card_of_an_ingredient():
    # Jill Trent–Sisters (seed 41, game 4, turn 25): Sister 1 at 2 health defended with
    # Unnatural Remedy and kept the cauldron's only card (Double, Double) rather than heal 1:
    # the hook's rule keeps one card of each ingredient whatever the health.
    from tests.test_wayward_sisters import cauldron, vs_chupa
    s = vs_chupa().hand(0, "Unnatural Remedy").hand(1, "Feeding", "Feint").health("Sister 1", 5)
    cauldron(s, "Double, Double")
    s.begin_turn(1)
    s.attack("Chupacabra", "Sister 1", "Feeding", "Unnatural Remedy")
    s.expect("cauldron_discard")
    assert decide(s) is not None
    assert decide(s, "tuned-v1") is None


# ---------------------------------------------------------------------- Hamlet's Question
def hamlet_at_the_question(hamlet: str, titania: str, titania_health: int, *hand: str) -> Scenario:
    s = Scenario("hamlet", "titania").place("Hamlet", hamlet).place("Titania", titania)
    s.remove("Oberon").place("Rosencrantz & Guildenstern", "M01")
    s.health("Titania", titania_health)
    s.hand(0, *hand).hand(1, "Fairy Song", "Protection of the Fairy Woods", "But a Dream")
    s.begin_turn(0)
    s.expect("question_side")
    return s


def test_hamlet_takes_not_to_be_only_when_the_bonus_pays_for_the_damage():
    # The fixed rule chose NOT TO BE whenever a foe was near: with two cards, Hamlet paid 2 of
    # his own health every turn for the +2 on one attack, and drew one card a maneuver instead
    # of two (`sim matchup hamlet titania -n 60 --seed 41 --policy tuned`, game 0, turns 1-7).
    s = hamlet_at_the_question("M10", "M12", 12, "Blood Will Have Blood", "Blood Will Have Blood")
    assert decide(s) == "to_be"
    assert decide(s, "tuned-v1") == "not_to_be"
    # next to a foe hero the +2 can finish, with two attacks to make, it pays
    s = hamlet_at_the_question("M10", "M11", 4, "Cruel to Be Kind", "To Sleep, Perchance to Dream")
    assert decide(s) == "not_to_be"


# ---------------------------------------------------------------------- damage around the fighter
def actor_beside_the_genie(actors_in_zone: bool) -> Scenario:
    """Shakespeare's Actor next to the Genie, asked its attack card: All Are Punished (after
    combat, 1 damage to every other fighter in its zone, friend or foe) or Such Sweet Sorrow (as
    strong, no damage). The other two Actors (1 health each) in the attacker's zone, or away."""
    s = Scenario("shakespeare", "genie")
    a1, a2, a3 = s.game.players[0].fighters[1:4]
    s.place("Shakespeare", "M24").place("The Genie", "M15")
    s.game.place(a1, s.space("M10"))
    s.game.place(a2, s.space("M17" if actors_in_zone else "M23"))
    s.game.place(a3, s.space("M16" if actors_in_zone else "M29"))
    s.hand(0, "All Are Punished", "Such Sweet Sorrow")
    s.begin_turn(0)
    s.expect("action").choose("attack")
    return s.expect("attack_card")


def test_an_attack_card_that_hurts_every_fighter_in_the_zone_spares_our_own_sidekicks_there():
    # Replay: `sim replay --heroes alice shakespeare --seed 2958540651102687681 --first a`, turn 4:
    # an Actor attacks Alice with All Are Punished and defeats the two other Actors in its zone.
    s = actor_beside_the_genie(actors_in_zone=True)
    assert s.readable([decide(s)]) == ["Such Sweet Sorrow"]


def test_damage_around_the_attacker_is_read_from_the_board():
    """The same card is worth less with two of our 1-health Actors in its zone than with them
    away; the card that hurts nobody around is worth the same in both."""
    worths = {}
    for in_zone in (True, False):
        s = actor_beside_the_genie(in_zone)
        pol = make_policy("tuned", random.Random(0))
        view = PlayerView(s.game, 0)
        pol.choose(view, s.pending)         # the style of the hero, the per-decision state
        fi, t = s.pending.info["fighter"], s.pending.info["target"]
        worths[in_zone] = {s.game.cards[c].defn.name: pol.attack_eval(view, fi, t, c) for c in s.pending.options}
    assert worths[True]["All Are Punished"] < worths[False]["All Are Punished"]
    assert worths[True]["Such Sweet Sorrow"] == worths[False]["Such Sweet Sorrow"]
    assert worths[False]["All Are Punished"] > worths[False]["Such Sweet Sorrow"]


# ---------------------------------------------------------------------- Horror reads the line
def test_horror_is_as_strong_as_the_horrors_in_the_line():
    # Horror (4) is +1 for each Horror already in Shakespeare's line, which is face up. The card
    # tables guess the count at 1.5, so `tuned` played Horror (5.5) over My Kingdom for a Horse
    # (5) with no Horror in the line; the search plays the Horse there and wins 11 points more a
    # decision played out (`python scripts/decision_regret.py --heroes shakespeare --opponents
    # <the 18> --games 3 --seed 73 --share 1 --worlds 20 --versus ismcts:iterations=200 --kinds
    # defense_card attack_card`, 15 decisions).
    from tests.scenario import tuned_at
    s = Scenario("shakespeare", "genie").place("Shakespeare", "M10").place("The Genie", "M11")
    s.hand(0, "Horror", "My Kingdom for a Horse")
    pol, view = tuned_at(s)
    horror = s.card_ids(0, "Horror")[0]
    assert pol.my_attack_strength(view, horror) == 4
    line = tuple(s._take_card(0, "Horror") for _ in range(2))
    s.game.players[0].res["line"] = line
    pol, view = tuned_at(s)
    assert pol.my_attack_strength(view, horror) == 6


def test_with_no_horror_in_the_line_shakespeare_attacks_with_the_stronger_card():
    s = Scenario("shakespeare", "genie").place("Shakespeare", "M10").place("The Genie", "M11")
    s.hand(0, "Horror", "My Kingdom for a Horse")
    s.begin_turn(0)
    s.expect("action").choose("attack")
    if s.pending.kind == "attack_target":
        s.choose(("Shakespeare", "The Genie"))
    s.expect("attack_card")
    assert s.readable([decide(s)]) == ["My Kingdom for a Horse"]


# ---------------------------------------------------------------------- This Is No Parlor Trick
def genie_beside_sinbad(*genie_hand: str, lock: int | None = None, sinbad_hand: tuple = ()) -> Scenario:
    """The Genie next to Sinbad, holding ``genie_hand``; Sinbad holds ``sinbad_hand`` or else the
    top 4 cards of his deck (each card of Sinbad's that can defend has BOOST 1); ``lock``: the
    Genie's values are that this turn (Three Wishes)."""
    s = Scenario("genie", "sinbad").place("The Genie", "M10").place("Sinbad", "M11")
    s.hand(0, *genie_hand)
    g = s.game
    s.hand(1, *(sinbad_hand or [g.cards[c].defn.name for c in list(g.players[1].deck)[:4]]))
    g.players[0].value_lock = lock
    return s


def test_parlor_trick_s_odds_read_the_boosts_of_the_foe_s_defense_cards():
    # This Is No Parlor Trick makes the foe's card count its BOOST. The foe still answers with
    # its strongest defense; each level of the defense odds counts the mean BOOST of the foe's
    # cards of that strength (all of Sinbad's are 1). No card stays no card.
    from tests.scenario import tuned_at
    s = genie_beside_sinbad("This Is No Parlor Trick")
    pol, view = tuned_at(s)
    reader = pol.reader(view, 1)
    levels = reader.defense("Sinbad")
    as_boosts = reader.defense_boosts("Sinbad")
    assert [p for _, p in as_boosts] == [p for _, p in levels]
    assert [v for v, _ in as_boosts] == [-1 if v == -1 else 1.0 for v, _ in levels]
    assert any(v >= 3 for v, _ in levels)


def test_under_three_wishes_lock_the_genie_attacks_with_parlor_trick():
    # Three Wishes' "your card values are 4" makes every attack card of the Genie's a 4; This Is
    # No Parlor Trick then also makes Sinbad's defense count its BOOST (1), where the other
    # cards meet his 3s and 4s. The card tables read Parlor Trick as a flat +1 on its value:
    # under the lock every card looked alike. (`decision_regret.py --heroes genie --versus
    # ismcts:iterations=200 --kinds attack_card`: the search played it where `tuned` played
    # Feint or I Grant You Death.)
    s = genie_beside_sinbad("This Is No Parlor Trick", "Feint", "Careful What You Wish For", lock=4)
    s.begin_turn(0)
    if s.pending.kind == "ability_discard_for_action":
        s.choose(None)
    s.game.players[0].value_lock = 4
    s.expect("action").choose("attack")
    if s.pending.kind == "attack_target":
        s.choose(("The Genie", "Sinbad"))
    s.expect("attack_card")
    assert s.readable([decide(s)]) == ["This Is No Parlor Trick"]


def test_three_wishes_locks_the_values_at_what_the_lock_adds_to_its_attacks():
    # The lock adds 1 to I Am Freed and nothing to Careful What You Wish For (a 4 already): 1
    # point, less than Medusa's 2 discards. (`decision_regret.py --heroes genie --versus
    # ismcts:iterations=200`: the search drew 5 or made the foe discard where a lock counted
    # beyond its points had `tuned` lock, +16 points a decision.)
    s = Scenario("genie", "medusa")
    s.remove("Harpy 1").remove("Harpy 2").remove("Harpy 3")
    s.place("The Genie", "M10").place("Medusa", "M11")
    s.hand(0, "Three Wishes", "Careful What You Wish For", "I Am Freed", "Feint").thin_deck(0, 10)
    s.hand(1, "Regroup", "Feint", "Second Shot", "Dash")
    s.begin_turn(0)
    s.expect("ability_discard_for_action").choose("Feint")
    s.expect("action").choose("scheme")
    s.expect("effect_mode")
    assert decide(s) == "opponent discards 2"


def test_without_a_lock_parlor_trick_wins_only_where_the_foe_has_no_defense():
    # Unlocked, Parlor Trick attacks for 1 against the BOOST (1) of the card Sinbad defends
    # with: it deals damage only where he has no defense card.
    from tests.scenario import tuned_at
    s = genie_beside_sinbad("This Is No Parlor Trick")
    pol, view = tuned_at(s)
    no_card = sum(p for v, p in pol.reader(view, 1).defense("Sinbad") if v == -1)
    dmg, win, _ = pol.attack_odds(view, s.f("Sinbad"), 1.0, boosts=True)
    assert 0 < no_card < 1
    assert abs(dmg - no_card) < 1e-9 and abs(win - no_card) < 1e-9



# ---------------------------------------------------------------------- Back in the Lamp
def sinbad_attacks_the_genie(genie_health: int, *genie_hand: str) -> Scenario:
    """Sinbad, holding Exploit (4), Toil and Danger and Regroup, attacks the Genie (at
    ``genie_health`` of 16) with Exploit; he holds ``genie_hand`` and is asked his defense card."""
    s = genie_beside_sinbad(*genie_hand, sinbad_hand=("Exploit", "Toil and Danger", "Regroup"))
    s.health("The Genie", genie_health)
    s.begin_turn(1)
    s.attack_with("Sinbad", "The Genie", "Exploit").expect("defense_card")
    return s


def test_back_in_the_lamp_s_healing_counts_as_the_health_it_keeps():
    # Back in the Lamp (0) heals the Genie 4 before the blow: at 12 of 16 Exploit's 4 leaves him
    # at 12, where Wishing for More Wishes (3) leaves him at 11 and spends a card he attacks
    # with. A health point restored was weighed at 0.6 of one lost, so `tuned` played Wishing
    # (the search plays Back in the Lamp over Feint, I've Made Sultans Out of Less and Wishing
    # for More Wishes: docs/policies.md, "Decisions played out to the end"). With no health
    # to restore, it heals nothing and is the weaker card.
    hand = ("Back in the Lamp", "Wishing for More Wishes", "I've Made Sultans Out of Less")
    s = sinbad_attacks_the_genie(12, *hand)
    assert s.readable([decide(s)]) == ["Back in the Lamp"]
    s = sinbad_attacks_the_genie(16, *hand)
    assert s.readable([decide(s)]) != ["Back in the Lamp"]


# ---------------------------------------------------------------------- Prisoner's Torment
def test_prisoner_s_torment_draws_a_card_for_each_point_of_the_blow_it_expects():
    # Prisoner's Torment (1) draws the Genie a card for each point of combat damage he takes;
    # its effect was worth a flat guess of 1.5 cards at the share of a defense card's effects, so
    # `tuned` defended with Feint (2) where the search took the blow for the cards
    # (`decision_regret.py --heroes genie --versus ismcts:iterations=200 --kinds defense_card`:
    # 11 decisions). At 14 health the blow Sinbad's cards promise (Exploit, face down, is a 4)
    # costs 3 health and brings 3 cards. At 4 health the same blow may defeat him: Feint.
    hand = ("Prisoner's Torment", "Feint", "I Grant You Death")
    s = sinbad_attacks_the_genie(14, *hand)
    assert s.readable([decide(s)]) == ["Prisoner's Torment"]
    s = sinbad_attacks_the_genie(4, *hand)
    assert s.readable([decide(s)]) == ["Feint"]


def test_infinite_power_keeps_a_scheme_for_what_playing_it_would_gain():
    # Three Wishes (an action, then draw 5, values locked at 4 or the foe discards 2) is kept
    # at 2.9 by the card tables, which guess its "choose one" flat: Infinite Power threw it away
    # as the hand's worst card. The search kept it and discarded another (30 decisions in the
    # Genie's tables, +15.7 points a decision: `decision_regret.py --heroes genie --opponents
    # <the 18> --games 2 --share 1 --worlds 20 --versus ismcts:iterations=200`).
    s = Scenario("genie", "medusa")
    s.remove("Harpy 1").remove("Harpy 2").remove("Harpy 3")
    s.place("The Genie", "M10").place("Medusa", "M11")
    s.hand(0, "Three Wishes", "Careful What You Wish For", "I Am Freed", "Your Wish Is My Command")
    s.begin_turn(0)
    d = s.expect("ability_discard_for_action").pending
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    wishes = next(c for c in view.hand_ids() if view.card(c).name == "Three Wishes")
    assert pol.choose(view, d) not in (wishes, None)
    assert pol.held_worth(view, wishes) > pol.keep(view, wishes)
