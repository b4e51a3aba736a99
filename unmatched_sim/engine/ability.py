"""The hero contract: what the engine asks of a hero's special ability, and when.

A hero file names its ability with ``[ability] hook = "name"`` (plus parameters); the hook is an
``Ability`` subclass registered with ``@ability("name")`` (the hero code in ``unmatched_sim.hooks``
registers its classes when the hero files are loaded: the engine imports none of it). Every
method has a do-nothing default, so an ability overrides only the moments it cares about.
Abilities hold no state of their own: anything that changes during a game lives in
``game.players[seat].res``.

``HOOKS`` declares every hook point once: its method, its kind and its default. From it alone
come the engine's dispatch and every fast path (``Game.handlers``: per hook, the seats whose
ability class overrides its method; ``hook_seats``):

* ``MODIFY``: an event passed through ``Game.modify`` — a value goes through the handler of
  every seat that overrides the method (each gets the value so far and returns the new one),
  then through the lasting effects on that event. Keyed in ``Game.handlers`` by the event name.
* ``NOTIFY``: the engine tells the ability's own player of a moment (its turn starts, a card of
  its own was played); nothing is returned.
* ``QUERY``: the engine asks the ability's own player for an answer. Where no seat overrides
  it, the engine takes ``default`` without a call (``COMPUTED``: Ability's method works the
  default out from the game, and the engine applies the same rule itself). ``ai`` marks what
  only the AI reads, never the rules.

The engine calls a hook only for the seats listed in ``Game.handlers`` (a class's own method:
an instance given a method of its own is not heard). Anyone else may call an ability's method
directly: Ability's own answers the default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from unmatched_sim.registry import Registry

if TYPE_CHECKING:
    from unmatched_sim.engine.game import Game
    from unmatched_sim.engine.state import Combat
    from unmatched_sim.model import HeroDef

MODIFY, NOTIFY, QUERY = "modify", "notify", "query"
COMPUTED = "computed"      # a query's default that Ability's method works out (see above)


class HookPoint(NamedTuple):
    """One moment the engine asks an ability about (see the module's text)."""

    method: str             # the Ability method
    kind: str               # MODIFY, NOTIFY or QUERY
    default: object = None  # QUERY: the answer where no seat overrides it; MODIFY: the value goes on
    event: str = ""         # MODIFY: the event's name for ``Game.modify`` and ``Game.handlers``
    ai: bool = False        # read by the AI only (the view), never by the rules

    @property
    def key(self) -> str:
        """Its name in ``Game.handlers``: the event for MODIFY, else the method."""
        return self.event or self.method


class Ability:
    """The default: a hero whose special ability needs no code (or has none). Each method is
    one of ``HOOKS`` (below) and answers that hook's default."""

    def __init__(self, hero: "HeroDef", params: dict):
        self.hero = hero
        self.params = params

    @classmethod
    def parse_params(cls, params: dict, fighter_names: frozenset[str]) -> dict:
        """Check the hero file's ``[ability] params`` when the file loads and return what
        ``__init__`` will receive. An ability with parameters declares them once as a schema
        (``engine.params``: ``class X(DeclaredParams, Ability)`` with ``PARAMS = {...}``), which
        gives this method; raise ``SpecError`` with a clear message (the loader adds the file name)."""
        return params

    # --- turn structure
    def setup(self, g: "Game", seat: int) -> None: ...
    def start_of_turn(self, g: "Game", seat: int) -> None: ...
    def end_of_turn(self, g: "Game", seat: int) -> None: ...

    # --- movement
    # +1 to the move value for each of this player's own cards with this tag in a foe's hand
    # (Loki's TRICKs); None: no such bonus. Said here rather than in an own ``move_value`` so
    # the engine counts it in its compiled code (``Game.move_value``; the AI asks the move value
    # of every fighter whose reach it weighs).
    move_bonus_tag: str | None = None

    def move_value(self, g: "Game", seat: int, base: int) -> int:
        tag = self.move_bonus_tag
        return base if tag is None else base + g.cards_in_foe_hands(seat, tag)

    def after_maneuver(self, g: "Game", seat: int) -> None:
        """Our maneuver is over: every fighter has moved (Mr. Hyde takes 1 damage)."""

    def holds_in_place(self, g: "Game", fighter: int) -> bool:
        """Does an effect of ours stop ``fighter`` (anyone's) leaving its space? (The simple
        form of ``modify_hold``; both are read by ``Game.held``, the one hold rule that moves,
        placements, swaps and conveyor belts ask.)"""
        return False

    def move_links(self, g: "Game", seat: int, fighter: int) -> frozenset:
        """Spaces this ability links for the movement of ``fighter`` (anyone's): from one of
        them it may step to any other as if they were adjacent (the Invisible Man between fog
        tokens); attacks and effects still use the board's adjacency. Read through
        ``Game.move_rules``, so ``reachable`` follows them for every move of that fighter."""
        return frozenset()

    def maneuver_place_options(self, g: "Game", seat: int, fighter: int, boosted: bool) -> list[int]:
        """Spaces a fighter may be *placed* on instead of moving during a maneuver."""
        return []

    # --- cards
    # This player's cards with this tag may not BOOST (Loki's TRICKs); None: every card with a
    # BOOST may. Said here rather than in an own ``can_boost`` so the engine applies the rule in
    # its compiled code (``Game.can_boost_with``: every maneuver asks it of each card in hand).
    no_boost_tag: str | None = None

    def can_boost(self, g: "Game", seat: int, cid: int) -> bool:
        """May ``seat`` use this card (owned by this ability's player) to BOOST?"""
        d = g.card(cid)
        return d.boost is not None and (self.no_boost_tag is None or self.no_boost_tag not in d.tags)

    def boost_value(self, g: "Game", cid: int) -> int:
        return g.card(cid).boost_value

    def defense_options(self, g: "Game", seat: int, fighter: int) -> tuple:
        """Cards in our hand that cannot defend by their type but that ``fighter`` (ours, the
        defender) may play as its defense card now (Little Red's What Big Ears You Have, with
        a knife in her basket)."""
        return ()

    def intercept_discard(self, g: "Game", holder: int, cid: int, cause: str) -> bool:
        """A card of ours was discarded from ``holder``'s hand; return True if we took it."""
        return False

    def after_card_played(self, g: "Game", cid: int, played_by: int) -> bool:
        """Cleanup of a played card of ours; return True if it went somewhere else."""
        return False

    def on_card_played(self, g: "Game", cid: int, played_by: int, role: int) -> None:
        """A card of ours was played by ``played_by`` (``role``: ATTACKER / DEFENDER when it is
        revealed in combat, SCHEME_ROLE as a scheme); see ``Game.card_played``."""

    # --- combat
    def attack_bonus(self, g: "Game", combat: "Combat") -> int:
        return 0

    def combat_bonus_estimate(self, g: "Game", seat: int, fighter: int, role: int,
                              opponent: int | None = None) -> float:
        """For the AI only (the rules never read it): what this ability is expected to add to
        the value of a card our ``fighter`` plays in ``role`` (ATTACKER / DEFENDER) against the
        fighter ``opponent`` (None: not known yet), from public facts alone (Alice's size, King
        Arthur's face-down BOOST, Golden Bat's and Annie Christmas's standing attack bonus).
        Default 0."""
        return 0.0

    def turn_start_hazards(self, g: "Game", seat: int) -> tuple[tuple[frozenset, int], ...]:
        """For the AI only: the damage this ability will deal at the start of our next turn to a
        foe's fighter standing where it stands now, from public facts — ``(spaces, amount)``
        pairs (Medusa's Gaze: her zone, 1; Nikola Tesla's overflow with both coils charged: the
        spaces next to him, 1). A foe's AI keeps its fighters out of them. Default none."""
        return ()

    def token_bonus(self, g: "Game", seat: int, fighter: int, role: int) -> float:
        """For the AI only: what a face-up token of this ability adds for certain to a card our
        ``fighter`` plays in ``role`` now (Hamlet's NOT TO BE: +2 on his attacks). The
        heuristic (``tuned``) adds it to ``combat_bonus_estimate``; it is kept apart because the
        frozen ``tuned-v1`` reads ``combat_bonus_estimate`` and must play as it did. Default 0."""
        return 0.0

    def on_combat_damage(self, g: "Game", fighter: int, amount: int) -> None: ...

    def on_defeated(self, g: "Game", fighter: int) -> None:
        """A fighter of ours was just defeated (by damage or outright); Achilles' Patroclus."""

    def on_damaged(self, g: "Game", fighter: int, amount: int, source: str) -> None:
        """A fighter of ours was just dealt ``amount`` (≥ 1) damage of any kind (``source``:
        combat, effect, exhaustion...), after every prevention (Beowulf's Rage)."""
    def after_combat(self, g: "Game", seat: int, role: int) -> None: ...

    def combat_cleanup(self, g: "Game", seat: int, role: int) -> None:
        """The combat's cleanup, before the played cards are discarded: cards this ability put
        into the combat leave it. Unlike ``after_combat`` (an effect, skipped once an effect has
        ended the turn), this always happens."""
    def after_attacking(self, g: "Game", seat: int) -> None: ...

    def redirect_discard(self, g: "Game", cid: int, route: str) -> bool:
        """A card of ours is about to go to our discard pile by ``route`` (engine.game: PLAYED,
        BOOST_DISCARD, FROM_DECK, HAND_LIMIT_DISCARD, OWN_EFFECT, OPPONENT_EFFECT, COST); return
        True if we put it somewhere else. Every route passes here (Game.to_discard_pile)."""
        return False

    # --- events (Game.modify): every player's handler sees the event, its own or another's;
    # ``seat`` is the handling ability's player. Each gets the value so far and returns the
    # new one.
    def modify_combat_value(self, g: "Game", seat: int, combat: "Combat", role: int, value: int) -> int:
        """The value of the combat card in ``role`` (either side: Alice's defence bonus).
        Not asked while that player's values are locked."""
        return value

    def modify_maneuver_draws(self, g: "Game", seat: int, player: int, n: int) -> int:
        """How many cards ``player``'s maneuver draws (Hamlet's extra draw)."""
        return n

    def modify_damage(self, g: "Game", seat: int, fighter: int, source: str, by: int | None,
                      card: int | None, amount: int) -> int:
        """Damage about to be dealt to ``fighter`` (``source``: its kind — combat, card, ability,
        spell, misery, board, exhaustion..., ``engine.combat``; ``card``: the card, spell or misery
        dealing it; ``by``: the fighter dealing it, if any). Return less to prevent some, 0 to prevent all,
        or cap it to keep a floor of health."""
        return amount

    def modify_hold(self, g: "Game", seat: int, fighter: int, held: bool) -> bool:
        """Is ``fighter`` (anyone's) held in its space: it cannot move, be moved or be placed
        elsewhere, and a conveyor belt does not carry it."""
        return held

    def modify_move_through(self, g: "Game", seat: int, fighter: int, allowed: bool) -> bool:
        """May ``fighter`` (anyone's) move through opposing fighters (Glamour of Invisibility)?"""
        return allowed

    def before_maneuver_moves(self, g: "Game", seat: int, player: int, value: None) -> None:
        """``player``'s maneuver has drawn and boosted; its fighters are about to move (Glamour
        of Love). Push steps with ``g.push`` to act first."""
        return None

    def before_defense(self, g: "Game", seat: int, combat: "Combat", value: None) -> None:
        """The window after the attack card is played face down and before the defender
        chooses; push steps with ``g.push`` to act in it (the defender is asked after them)."""
        return None

    def before_reveal(self, g: "Game", seat: int, combat: "Combat", value: None) -> None:
        """The window after the defender has chosen (a card or none) and before both cards are
        revealed; push steps with ``g.push`` to act in it (Elementary's prediction)."""
        return None

    def combat_step(self, g: "Game", seat: int, combat: "Combat", timing: str, value: None) -> None:
        """A combat window opens (``timing``: immediately, during_combat, after_combat): push
        steps with ``g.push`` to act in it; they resolve after both cards' effects of that
        timing (Jill Trent's Hypnoray Blaster acts during combat)."""
        return None

    # --- ransoms: "<effect> unless 🪙×N" on our cards (see engine.effects.offer_ransom)
    def ransom_available(self, g: "Game", seat: int) -> int:
        """How much an opponent could pay now toward a ransom on our cards (0: nothing)."""
        return 0

    def pay_ransom(self, g: "Game", seat: int, payer: int, amount: int, card: int | None) -> None:
        """``payer`` pays ``amount`` toward a ransom on our ``card``: move what is paid."""


HOOKS: tuple[HookPoint, ...] = (
    # turn structure
    HookPoint("setup", NOTIFY),
    HookPoint("start_of_turn", NOTIFY),
    HookPoint("end_of_turn", NOTIFY),
    # movement
    HookPoint("move_value", QUERY, COMPUTED),          # printed move (+ move_bonus_tag's bonus)
    HookPoint("after_maneuver", NOTIFY),
    HookPoint("holds_in_place", QUERY, False),
    HookPoint("maneuver_place_options", QUERY, ()),
    HookPoint("move_links", QUERY, frozenset()),
    # cards
    HookPoint("can_boost", QUERY, COMPUTED),           # has a BOOST (and not no_boost_tag)
    HookPoint("boost_value", QUERY, COMPUTED),         # the printed BOOST
    HookPoint("defense_options", QUERY, ()),
    HookPoint("intercept_discard", QUERY, False),
    HookPoint("after_card_played", QUERY, False),
    HookPoint("on_card_played", NOTIFY),
    HookPoint("redirect_discard", QUERY, False),
    # combat
    HookPoint("attack_bonus", QUERY, 0),
    HookPoint("on_combat_damage", NOTIFY),
    HookPoint("on_damaged", NOTIFY),
    HookPoint("on_defeated", NOTIFY),
    HookPoint("after_combat", NOTIFY),
    HookPoint("combat_cleanup", NOTIFY),
    HookPoint("after_attacking", NOTIFY),
    # ransoms on our cards (engine.effects.offer_ransom)
    HookPoint("ransom_available", QUERY, 0),
    HookPoint("pay_ransom", NOTIFY),
    # events (Game.modify)
    HookPoint("modify_combat_value", MODIFY, event="combat_value"),     # (combat, role, value)
    HookPoint("modify_maneuver_draws", MODIFY, event="maneuver_draws"), # (player, n)
    HookPoint("modify_damage", MODIFY, event="damage"),                 # (fighter, source, by, card, amount)
    HookPoint("before_defense", MODIFY, event="before_defense"),        # (combat, None)
    HookPoint("modify_hold", MODIFY, event="hold"),                     # (fighter, held)
    HookPoint("before_reveal", MODIFY, event="before_reveal"),        # (combat, None)
    HookPoint("combat_step", MODIFY, event="combat_step"),              # (combat, timing, None)
    HookPoint("modify_move_through", MODIFY, event="move_through"),     # (fighter, allowed)
    HookPoint("before_maneuver_moves", MODIFY, event="before_moves"),   # (player, None)
    # what an ability tells the AI about itself, from public facts
    HookPoint("combat_bonus_estimate", QUERY, 0.0, ai=True),
    HookPoint("token_bonus", QUERY, 0.0, ai=True),
    HookPoint("turn_start_hazards", QUERY, (), ai=True),
)

# Game.modify's events: event name -> the Ability method called.
EVENTS: dict[str, str] = {h.event: h.method for h in HOOKS if h.kind == MODIFY}
# What the AI alone reads (the view asks only the seats that override each).
AI_READINGS: tuple[str, ...] = tuple(h.method for h in HOOKS if h.ai)


def hook_seats(ability_types: tuple) -> dict[str, tuple[int, ...]]:
    """Per hook point (by its ``key``), the seats whose ability class overrides its method."""
    return {h.key: tuple(s for s, cls in enumerate(ability_types)
                         if getattr(cls, h.method) is not getattr(Ability, h.method))
            for h in HOOKS}


ABILITIES: dict[str, type[Ability]] = Registry("ability hook")


def ability(name: str):
    """Register an Ability subclass under the name hero files give it: ``@ability("escape_artist")``."""
    def register(cls):
        ABILITIES[name] = cls
        return cls
    return register


def make_ability(hero: "HeroDef") -> Ability:
    """The ability of a hero (its registered class, given the file's parameters)."""
    hook = hero.ability.hook
    if not hook:
        return Ability(hero, hero.ability.params)
    cls = ABILITIES.get(hook)
    if cls is None:
        raise KeyError(f"ability hook {hook!r} of {hero.name} is not registered: load heroes "
                       "with unmatched_sim.data (which registers unmatched_sim.hooks)")
    return cls(hero, hero.ability.params)
