"""Build small game positions by hand and drive them one choice at a time.

    s = Scenario("houdini", "genie")              # seat 0 = Houdini, seat 1 = the Genie
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Flourish", "Feint?")               # cards by name, taken from that player's deck
    s.deck_top(1, "Back in the Lamp")             # next card that player draws
    s.health("Houdini", 5)
    s.begin_turn(0)                               # seat 0's turn starts; runs to the first decision
    s.choose("attack").choose(("Houdini", "The Genie")).choose("Flourish").choose(None)

``choose`` accepts readable names: card names (hand cards), fighter names, space labels, action
names, mode labels, True/False/None, or tuples of those for paired options. ``s.game`` is the
real engine object for assertions; ``s.events(kind)`` lists logged events of one kind as dicts.
"""

from __future__ import annotations

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine import game as G
from unmatched_sim.engine import steps as S
from unmatched_sim.engine.game import Game


# Decisions whose options are spaces (matched and shown by their labels).
SPACE_KINDS = ("move_destination", "effect_destination", "sidekick_start", "conveyor_bin")


class Scenario:
    def __init__(self, hero0: str = "houdini", hero1: str = "genie", board: str = "marmoreal",
                 max_turns: int = G.DEFAULT_MAX_TURNS, board_def=None, hero_defs=None,
                 more: tuple[str, ...] = (), fmt=None):
        """``hero_defs`` (``HeroDef``s) plays heroes built in the test instead of the files;
        ``more`` adds players (seats 2, 3) for a free-for-all or team game, with ``fmt`` a
        format object from ``unmatched_sim.engine.formats`` (default: free-for-all)."""
        self.board = board_def or find_board(board)
        heroes = (tuple(hero_defs) if hero_defs
                  else tuple(find_hero(h) for h in (hero0, hero1) + tuple(more)))
        self.game = Game(self.board, heroes, seed=0, max_turns=max_turns, fmt=fmt)
        g = self.game
        for seat, p in enumerate(g.players):
            p.ability.setup(g, seat)

    # ------------------------------------------------------------ lookups
    def fighter(self, name: str, seat: int | None = None) -> int:
        for f in self.game.fighters:
            if f.name == name and (seat is None or f.owner == seat):
                return f.idx
        raise KeyError(f"no fighter named {name!r}")

    def space(self, label: str) -> int:
        return self.board.index[label]

    def f(self, name: str, seat: int | None = None):
        return self.game.fighters[self.fighter(name, seat)]

    def card_ids(self, seat: int, name: str) -> list[int]:
        return [cid for cid, info in enumerate(self.game.cards)
                if info.owner == seat and info.defn.name == name]

    def _take_card(self, seat: int, name: str) -> int:
        """Find a copy of the named card still in that player's deck and pull it out."""
        p = self.game.players[seat]
        for cid in reversed(p.deck):
            if self.game.cards[cid].defn.name == name:
                p.deck.remove(cid)
                return cid
        raise KeyError(f"no copy of {name!r} left in seat {seat}'s deck")

    # ------------------------------------------------------------ building the position
    def place(self, name: str, label: str, seat: int | None = None) -> "Scenario":
        self.game.place(self.fighter(name, seat), self.space(label))
        return self

    def remove(self, name: str, seat: int | None = None) -> "Scenario":
        """Take a fighter off the board as if defeated."""
        fi = self.fighter(name, seat)
        self.game._remove_from_board(fi)
        self.game.fighters[fi].alive = False
        self.game.fighters[fi].health = 0
        return self

    def hand(self, seat: int, *names: str) -> "Scenario":
        p = self.game.players[seat]
        for name in names:
            p.hand.append(self._take_card(seat, name))
        return self

    def deck_top(self, seat: int, *names: str) -> "Scenario":
        """The given cards go on top of the deck; the first name is drawn first."""
        p = self.game.players[seat]
        taken = [self._take_card(seat, name) for name in names]   # all out first: repeated names
        for cid in reversed(taken):                                # are different copies
            p.deck.append(cid)
        return self

    def empty_deck(self, seat: int) -> "Scenario":
        p = self.game.players[seat]
        for cid in p.deck:
            self.game.discard_pile_add(seat, cid)
        p.deck.clear()
        return self

    def thin_deck(self, seat: int, left: int) -> "Scenario":
        """Leave ``left`` cards in the deck: the rest go from its bottom to the discard pile
        (a deck part-way through the game)."""
        p = self.game.players[seat]
        while len(p.deck) > left:
            self.game.discard_pile_add(seat, p.deck.pop(0))
        return self

    def discard_pile(self, seat: int, *names: str) -> "Scenario":
        p = self.game.players[seat]
        for name in names:
            self.game.discard_pile_add(seat, self._take_card(seat, name))
        return self

    def health(self, name: str, value: int, seat: int | None = None) -> "Scenario":
        self.game.fighters[self.fighter(name, seat)].health = value
        return self

    def begin_turn(self, seat: int) -> "Scenario":
        g = self.game
        g.active = seat
        g.push((S._begin_turn, ()))
        g.run()
        return self

    def run_steps(self, *steps) -> "Scenario":
        self.game.push(*steps)
        self.game.run()
        return self

    # ------------------------------------------------------------ playing
    @property
    def pending(self):
        return self.game.pending

    def expect(self, kind: str) -> "Scenario":
        d = self.game.pending
        assert d is not None, f"expected a {kind} decision, but nothing is pending (over={self.game.over})"
        assert d.kind == kind, f"expected a {kind} decision, got {d.kind} with options {self.readable(d.options)}"
        return self

    def _match(self, want, option, seat) -> bool:
        if isinstance(want, tuple):
            return isinstance(option, tuple) and len(want) == len(option) and all(
                self._match(w, o, seat) for w, o in zip(want, option))
        if want is None or isinstance(want, bool):
            return option is want
        if option == want and not isinstance(want, str):
            return True
        if isinstance(want, str) and isinstance(option, str):
            return option == want
        if isinstance(want, str) and isinstance(option, int):
            kind = self.game.pending.kind
            if kind in SPACE_KINDS:
                return self.board.labels[option] == want
            if kind in ("move_order", "effect_move_order", "effect_fighter", "effect_fighters"):
                return self.game.fighters[option].name == want
            if option < len(self.game.cards) and self.game.cards[option].defn.name == want:
                return True
            if 0 <= option < len(self.game.fighters) and self.game.fighters[option].name == want:
                return True
        return False

    def options_matching(self, want) -> list:
        d = self.game.pending
        return [o for o in d.options if self._match(want, o, d.player)]

    def choose(self, want) -> "Scenario":
        d = self.game.pending
        assert d is not None, f"nothing to choose (game over={self.game.over}, reason={self.game.end_reason})"
        matches = self.options_matching(want)
        assert matches, f"{want!r} is not an option of {d.kind}: {self.readable(d.options)}"
        self.game.answer(matches[0])
        return self

    def can_choose(self, want) -> bool:
        return self.game.pending is not None and bool(self.options_matching(want))

    def readable(self, options) -> list:
        g = self.game
        kind = g.pending.kind if g.pending else ""

        def one(o):
            if isinstance(o, tuple):
                return tuple(one(x) for x in o)
            if isinstance(o, int) and not isinstance(o, bool):
                if kind in SPACE_KINDS:
                    return self.board.labels[o]
                if kind in ("move_order", "effect_move_order", "effect_fighter", "effect_fighters",
                            "attack_target"):
                    return g.fighters[o].name
                if kind == "scheme_card":
                    return o
                return g.cards[o].defn.name
            return o
        return [one(o) for o in options]

    def options(self) -> list:
        return self.readable(self.game.pending.options)

    # ------------------------------------------------------------ reading the log
    def events(self, kind: str | None = None) -> list[dict]:
        keys = ("turn", "player", "kind", "fighter", "card", "target", "amount", "value", "health", "space",
                "detail", "by_player", "by_fighter")
        rows = [dict(zip(keys, e)) for e in self.game.events]
        return [r for r in rows if kind is None or r["kind"] == kind]

    def hand_names(self, seat: int) -> list[str]:
        return sorted(self.game.cards[c].defn.name for c in self.game.players[seat].hand)

    def discard_names(self, seat: int) -> list[str]:
        return sorted(self.game.cards[c].defn.name for c in self.game.players[seat].discard)

    # ------------------------------------------------------------ shortcuts
    def attack_with(self, attacker: str, target: str, card: str) -> "Scenario":
        """From an 'action' decision: attack with ``card``, up to the defender's choice."""
        self.choose("attack")
        if self.pending is not None and self.pending.kind == "attack_target":
            self.choose((attacker, target))
        if self.pending is not None and self.pending.kind == "attack_card":
            self.choose(card)
        return self

    def attack(self, attacker: str, target: str, card: str, defense: str | None) -> "Scenario":
        """From an 'action' decision: attack and choose both combat cards."""
        self.attack_with(attacker, target, card)
        if self.pending is not None and self.pending.kind == "defense_card":
            self.choose(defense)
        return self


# ---------------------------------------------------------------- helpers shared by the tests
MAGICIAN = "A Magician Never Reveals His Secrets"


def genie_turn(s: Scenario, seat: int = 1) -> Scenario:
    """Start the Genie's turn (seat 1 by default) and decline Infinite Power if it is offered."""
    s.begin_turn(seat)
    if s.pending is not None and s.pending.kind == "ability_discard_for_action":
        s.choose(None)                   # Infinite Power: keep the hand
    return s


def maneuver_in_place(s: Scenario) -> Scenario:
    """One maneuver action that draws and moves nobody: no BOOST, each fighter kept on its own
    space (the action decision is skipped where maneuvering is the only action)."""
    if s.pending.kind == "action":
        s.choose("maneuver")
    if s.pending.kind == "maneuver_boost":
        s.choose(None)
    while s.pending is not None and s.pending.kind in ("move_order", "move_destination"):
        if s.pending.kind == "move_order":
            s.choose(None)
            continue
        d = s.pending
        s.game.answer(s.game.fighters[d.info["fighter"]].space)
    return s


def labels(s: Scenario, spaces) -> set[str]:
    """The board labels of some spaces (e.g. a decision's options)."""
    return {s.board.labels[x] for x in spaces}


def kinds(s: Scenario, *wanted: str) -> list[str]:
    """The kinds of the logged events, in order; only the ``wanted`` kinds if any are given."""
    return [e["kind"] for e in s.events() if not wanted or e["kind"] in wanted]



def drive_random(g: Game, seed: int = 1, salt: str | None = "play") -> Game:
    """Start ``g`` and play it to the end with the random policy (each player's stream from
    ``salt``, ``seed`` and its seat; ``salt=None``: from ``seed`` and the seat alone), every
    player's view built; returns the finished game."""
    import random

    from unmatched_sim.engine.view import PlayerView
    from unmatched_sim.policies.random_policy import RandomPolicy

    n = len(g.players)
    views = [PlayerView(g, s) for s in range(n)]
    policies = [RandomPolicy(random.Random(f"{seed}:{s}" if salt is None else f"{salt}:{seed}:{s}"))
                for s in range(n)]
    g.start()
    for _ in range(200_000):
        d = g.pending
        if d is None:
            break
        g.answer(policies[d.player].choose(views[d.player], d))
    assert g.over, "the game stopped without ending"
    return g


def play_random(hero_ids, fmt=None, seed: int = 1, board: str = "marmoreal", salt: str | None = "play"):
    """One whole game of these heroes (by seat) in any format (``fmt``: a format object from
    ``unmatched_sim.engine.formats``; None: a duel) with the random policy (see ``drive_random``)."""
    g = Game(find_board(board), tuple(find_hero(h) for h in hero_ids), seed=seed, fmt=fmt)
    return drive_random(g, seed, salt)


def greedy_midgame(seed: int, steps: int, hero_ids=("houdini", "genie"), board: str = "marmoreal") -> Game:
    """A duel of these heroes started and played ``steps`` decisions by the greedy policy (each
    seat's stream from its seat alone): a game in the middle, with cards in hands, piles and
    fighters moved, for tests of the engine's records."""
    import random

    from unmatched_sim.engine.view import PlayerView
    from unmatched_sim.policies import make_policy

    g = Game(find_board(board), tuple(find_hero(h) for h in hero_ids), seed=seed).start()
    pols = [make_policy("greedy", random.Random(1)), make_policy("greedy", random.Random(2))]
    for _ in range(steps):
        g.answer(pols[g.pending.player].choose(PlayerView(g, g.pending.player), g.pending))
    return g


def tuned_at(s: Scenario, seat: int = 0):
    """``tuned`` set up for a decision of ``seat`` in the scenario's position (its style worked
    out, its memo fresh), with that seat's view: (policy, view)."""
    import random

    from unmatched_sim.engine.view import PlayerView
    from unmatched_sim.policies.heuristic import TunedPolicy

    view = PlayerView(s.game, seat)
    pol = TunedPolicy(random.Random(0))
    pol._fresh()
    pol.agg, pol.cau = pol.style_now(view)
    return pol, view
