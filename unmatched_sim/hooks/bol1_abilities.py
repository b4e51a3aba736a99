"""Special abilities of Battle of Legends, Volume One that are data, not code: each is a small
generic ability any hero file can name with its own parameters.

``move_per_tagged_discard`` (Sinbad)
    When you maneuver, your fighters may move +``per`` space for each card tagged ``tag`` in
    your discard pile. Movement is "up to", so the bonus is always available and never forced.
    Only the maneuver reads the move value (``Game.move_value``); card effects that move a
    fighter a fixed distance are unchanged.

``start_of_turn_effects`` (Medusa)
    At the start of your turn, ``effect`` (an effect list in the card vocabulary, e.g. an
    optional 1 damage to an opposing fighter in the hero's zone) resolves with your hero as the
    fighter resolving it.
"""

from __future__ import annotations

from unmatched_sim.engine.effects import SpecError, parse_effects
from unmatched_sim.engine.state import OTHER_ROLE, Ctx
from unmatched_sim.hooks import Ability, ability, advise


def _check_keys(params, allowed):
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise SpecError(f"unknown parameter '{unknown[0]}' (expected: {', '.join(sorted(allowed))})")


@ability("move_per_tagged_discard")
class MovePerTaggedDiscard(Ability):
    @classmethod
    def parse_params(cls, params, fighter_names):
        _check_keys(params, ("tag", "per"))
        tag, per = params.get("tag"), params.get("per", 1)
        if not isinstance(tag, str) or not tag:
            raise SpecError(f"'tag' must be a card tag (text), got {tag!r}")
        if isinstance(per, bool) or not isinstance(per, int) or per < 0:
            raise SpecError(f"'per' must be a whole number ≥ 0, got {per!r}")
        return {"tag": tag, "per": per}

    def move_value(self, g, seat, base):
        return base + self.params["per"] * g.tagged_in_discard(seat, self.params["tag"])


@ability("start_of_turn_effects")
class StartOfTurnEffects(Ability):
    @classmethod
    def parse_params(cls, params, fighter_names):
        _check_keys(params, ("effect",))
        if "effect" not in params:
            raise SpecError("needs 'effect': an effect list resolved at the start of your turn")
        return {"effect": parse_effects(params["effect"], fighter_names, "ability.params.effect")}

    def start_of_turn(self, g, seat):
        hero = g.hero_of(seat)
        if hero.on_board:
            g.run_effects(self.params["effect"], Ctx(seat, -1, OTHER_ROLE, hero.idx))

    def turn_start_hazards(self, g, seat):
        """The damage the effects will deal to a foe's fighter in the hero's zone or next to the
        hero (Medusa's Gaze: 1 in her zone), read from the effect list."""
        hero = g.hero_of(seat)
        if not hero.on_board:
            return ()
        out = []
        for op in self.params["effect"]:
            amount = op.spec.get("amount", 1)
            if op.NAME != "damage" or not isinstance(amount, int):
                continue
            where = _HAZARD_REACH.get(str(op.spec.get("target", "")))
            if where == "zone":
                out.append((g.board.spaces_in_zones(g.board.zone_mask[hero.space]), amount))
            elif where == "adjacent":
                out.append((frozenset(g.board.adjacent[hero.space]), amount))
        return tuple(out)


# effect targets that reach a foe's fighter by where it stands: in the hero's zone, or next to it
_HAZARD_REACH = {"opposing_in_zone": "zone", "each_opposing_in_zone": "zone",
                 "adjacent_opposing": "adjacent", "each_adjacent_opposing": "adjacent",
                 "adjacent": "adjacent", "each_adjacent": "adjacent"}


# ---------------------------------------------------------------------- AI advice
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
