"""What a kill, a ransom and a step out of danger are worth to `tuned`, on small hand-built
positions: a 1-health sidekick against damage to the hero whose defeat wins the game, a sidekick
the foe can summon again, a ransom that would summon one, and a last action spent leaving a
foe's turn-start damage rather than on one more kill."""

import random
from types import SimpleNamespace

from tests.scenario import Scenario
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.heuristic import TunedPolicy


def ready(view: PlayerView) -> TunedPolicy:
    pol = TunedPolicy(random.Random(0))
    pol._fresh()
    pol.agg, pol.cau = pol.style_now(view)
    return pol


def next_to(s: Scenario, space: int, n: int) -> list[int]:
    """``n`` empty spaces adjacent to ``space``."""
    board = s.game.board
    taken = {f.space for f in s.game.fighters if f.on_board}
    return [x for x in sorted(board.adjacent[space]) if x not in taken][:n]


def tesla_between_medusa_and_a_harpy(health: int = 12) -> Scenario:
    s = Scenario("nikola_tesla", "medusa")
    s.remove("Harpy 2").remove("Harpy 3")
    g = s.game
    g.place(s.fighter("Nikola Tesla"), 10)
    medusa_at, harpy_at = next_to(s, 10, 2)
    g.place(s.fighter("Medusa"), medusa_at)
    g.place(s.fighter("Harpy 1"), harpy_at)
    g.players[0].res["coils"] = 0
    s.health("Nikola Tesla", health)
    s.hand(0, "7 Hertz", "Intense Experimentation")
    return s


# ---------------------------------------------------------------------- a kill against damage
def test_a_sidekick_the_foe_can_summon_again_is_worth_less_defeated():
    vs_blackbeard = Scenario("loki", "blackbeard")
    vs_arthur = Scenario("loki", "king_arthur")
    dog = next(f for f in vs_blackbeard.game.fighters if f.owner == 1 and not f.is_hero)
    merlin = next(f for f in vs_arthur.game.fighters if f.owner == 1 and not f.is_hero)
    v_dog, v_merlin = PlayerView(vs_blackbeard.game, 0), PlayerView(vs_arthur.game, 0)
    assert ready(v_dog).sidekick_returns(v_dog, dog)            # Blackbeard's cards summon Sea Dogs
    assert not ready(v_merlin).sidekick_returns(v_merlin, merlin)  # nothing brings Merlin back
    assert ready(v_dog).defeat_worth(v_dog, dog) < ready(v_merlin).defeat_worth(v_merlin, merlin)
    medusa = Scenario("loki", "medusa")
    harpy = next(f for f in medusa.game.fighters if f.owner == 1 and not f.is_hero)
    v = PlayerView(medusa.game, 0)
    assert ready(v).sidekick_returns(v, harpy)                  # her card returns a defeated Harpy


def _returns_as_written(view, f) -> bool:
    """``sidekick_returns`` read off every unseen copy and every op, as the rule says it."""
    cards = list(view.unseen_opponent_cards(f.owner)) + [view.card(c) for c in view.known_opponent_hand(f.owner)]
    name = f.defn.name
    return any((op.NAME == "summon" and op.spec.get("sidekick", name) == name)
               or (op.NAME == "return_defeated" and op.spec.get("fighter", name) == name)
               for d in cards for ops in d.effects.values() for op in ops)


def test_whether_a_sidekick_returns_agrees_with_every_unseen_card_read_in_full():
    """For every hero's sidekicks, with its cards unseen and then with each kind's copies gone
    to the discard pile one kind at a time (the card facts are kept per card, the counts read
    from the game)."""
    from unmatched_sim.data.catalog import hero_ids

    checked = 0
    for hero in hero_ids():
        s = Scenario("houdini" if hero != "houdini" else "genie", hero)
        g = s.game
        sidekicks = [f for f in g.fighters if f.owner == 1 and not f.is_hero]
        view = PlayerView(g, 0)
        kinds = {}
        for cid in g.players[1].deck:
            kinds.setdefault(g.card(cid).name, []).append(cid)
        for gone in [None] + sorted(kinds):
            if gone is not None:
                for cid in kinds[gone]:
                    g.players[1].deck.remove(cid)
                    g.discard_pile_add(1, cid)
            for f in sidekicks:
                assert ready(view).sidekick_returns(view, f) == _returns_as_written(view, f), (hero, gone, f.name)
                checked += 1
    assert checked > 100


def test_tesla_hits_medusa_rather_than_a_one_health_harpy():
    s = tesla_between_medusa_and_a_harpy()
    view = PlayerView(s.game, 0)
    pol = ready(view)
    tesla, medusa, harpy = s.f("Nikola Tesla"), s.f("Medusa"), s.f("Harpy 1")
    assert harpy.health == 1
    options = [(tesla.idx, medusa.idx), (tesla.idx, harpy.idx)]
    _, (fi, target), _ = pol.best_attack(view, options)
    assert target == medusa.idx


# ---------------------------------------------------------------------- ransoms
def summon_ransom(s: Scenario):
    """The Sea Dog summon of a Blackbeard card with a ransom, as its decision would ask it."""
    for d in s.game.players[1].hero.cards:
        for ops in d.effects.values():
            for op in ops:
                if op.NAME == "summon" and op.spec.get("unless_paid"):
                    return SimpleNamespace(kind="ransom", options=(True, False),
                                           info={"effect": op, "amount": op.spec["unless_paid"], "card": None,
                                                 "op": "summon"})
    raise AssertionError("no summon with a ransom in Blackbeard's deck")


def test_loki_pays_the_ransom_that_would_bring_a_sea_dog_back():
    s = Scenario("loki", "blackbeard")
    dog = next(f for f in s.game.fighters if f.owner == 1 and not f.is_hero)
    s.remove(dog.name)
    view = PlayerView(s.game, 0)
    assert ready(view).on_ransom(view, summon_ransom(s)) is True


def test_no_ransom_for_a_summon_with_every_sea_dog_on_the_board():
    s = Scenario("loki", "blackbeard")
    for at, dog in enumerate(f for f in s.game.fighters if f.owner == 1 and not f.is_hero):
        s.game.place(dog.idx, at)
    view = PlayerView(s.game, 0)
    assert ready(view).on_ransom(view, summon_ransom(s)) is False


# ---------------------------------------------------------------------- out of the Gaze
def tesla_in_medusas_zone(health: int) -> tuple[Scenario, PlayerView]:
    """Tesla in Medusa's zone (M07, hers at M11), a Harpy next to him, one action left."""
    s = Scenario("nikola_tesla", "medusa")
    s.remove("Harpy 2").remove("Harpy 3")
    s.place("Nikola Tesla", "M07").place("Medusa", "M11")
    g = s.game
    g.place(s.fighter("Harpy 1"), next_to(s, s.f("Nikola Tesla").space, 1)[0])
    s.health("Nikola Tesla", health)
    g.players[0].res["coils"] = 0
    g.active = 0
    g.players[0].actions = 1
    return s, PlayerView(g, 0)


def test_a_last_maneuver_out_of_the_gaze_is_weighed_only_where_the_gaze_reaches():
    s, view = tesla_in_medusas_zone(health=5)
    pol = ready(view)
    tesla = s.f("Nikola Tesla")
    reach = view.reachable(tesla.idx, view.move_value())
    hazard = pol.turn_start_hazards(view)
    assert hazard[tesla.space] and min(hazard[x] for x in reach) == 0
    assert pol.hazard_escape(view, tesla, reach) >= 0.0
    out = next(x for x in range(s.game.board.size) if not hazard[x] and s.game.occupant[x] < 0)
    s.game.place(tesla.idx, out)
    view = PlayerView(s.game, 0)
    pol = ready(view)
    assert pol.hazard_escape(view, tesla, view.reachable(tesla.idx, view.move_value())) == 0.0


def test_loki_pays_to_keep_a_ransomed_blow_off_himself_at_his_health_s_worth():
    s = Scenario("loki", "blackbeard")
    op = next(op for d in s.game.players[1].hero.cards for ops in d.effects.values() for op in ops
              if op.NAME == "damage" and op.spec.get("unless_paid") and isinstance(op.spec.get("amount"), int))
    loki = s.f("Loki")
    d = SimpleNamespace(kind="ransom", options=(True, False),
                        info={"effect": op, "amount": op.spec["unless_paid"], "card": None, "op": "damage",
                              "fighters": (loki.idx,)})
    view = PlayerView(s.game, 0)
    pol = ready(view)
    price = pol.ransom_price(view, d)
    worth = pol.hp_weight(loki, True) * min(op.spec["amount"], loki.health)
    assert pol.on_ransom(view, d) is (worth > price)
    s.health("Loki", op.spec["amount"])              # the blow would defeat him: always pay
    view = PlayerView(s.game, 0)
    assert ready(view).on_ransom(view, d) is True


# ---------------------------------------------------------------------- a kill that comes back
def loki_between_blackbeard_and_a_sea_dog(*hand: str) -> tuple[Scenario, PlayerView]:
    """Loki (M21) in reach of Blackbeard (M25) and of a 1-health Sea Dog (M20), the other Sea
    Dog defeated, Blackbeard holding six cards: a position of ``sim matchup loki blackbeard
    --seed 11``'s first games."""
    s = Scenario("loki", "blackbeard").remove("Sea Dog 2")
    s.place("Loki", "M21").place("Blackbeard", "M25").place("Sea Dog 1", "M20")
    s.hand(0, *hand).hand(1, "Plunder", "Parley", "Avast Ye!", "Give No Quarter", "Show a Leg!", "Light the Fuse")
    return s, PlayerView(s.game, 0)


def test_a_sea_dog_s_health_counts_at_the_share_its_return_leaves():
    s, view = loki_between_blackbeard_and_a_sea_dog("Looking for Trouble")
    pol = ready(view)
    dog = s.f("Sea Dog 1")
    arthur = Scenario("loki", "king_arthur")
    merlin = next(f for f in arthur.game.fighters if f.owner == 1 and not f.is_hero)
    v_merlin = PlayerView(arthur.game, 0)
    assert pol.foe_hp_weight(view, dog) < pol.hp_weight(dog, False)
    assert ready(v_merlin).foe_hp_weight(v_merlin, merlin) == ready(v_merlin).hp_weight(merlin, False)
    blackbeard = s.f("Blackbeard")
    assert pol.foe_hp_weight(view, blackbeard) == pol.hp_weight(blackbeard, False)


def test_loki_hits_blackbeard_rather_than_a_one_health_sea_dog_that_comes_back():
    s, view = loki_between_blackbeard_and_a_sea_dog("Shapeshifter", "Trick: Baldr's Downfall",
                                                    "Trick: Svaðilfari's Lure", "Shapeshifter",
                                                    "Trick: Baldr's Downfall", "Trick: Sindri's Bet")
    pol = ready(view)
    loki, blackbeard, dog = s.f("Loki"), s.f("Blackbeard"), s.f("Sea Dog 1")
    assert dog.health == 1 and pol.sidekick_returns(view, dog)
    _, (fi, target), _ = pol.best_attack(view, [(loki.idx, blackbeard.idx), (loki.idx, dog.idx)])
    assert target == blackbeard.idx
