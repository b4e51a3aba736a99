"""Random play as a fuzzer: every pair of heroes in the catalog, on every board, with the
game's invariants checked after every logged event; and free-for-all (3 and 4 players) and
team games (2 v 2) over sampled hero line-ups, with the invariants of those formats.

Heroes and boards are read from the catalog when the tests are collected, so a hero or board
added later is fuzzed against everything else without touching this file.

A failing game prints the one command that replays it alone (from the repository root)::

    python -m tests.test_fuzz HERO0 HERO1 BOARD SEED

which re-runs the same game with the same checks and prints the last events before the
failure. The fast set plays a few hundred games; the soak (``-m slow``) plays many more.
"""

from __future__ import annotations

import random
import sys
from collections import Counter

import pytest

from unmatched_sim.data.catalog import board_ids, find_board, find_hero, hero_ids
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine.game import HAND_LIMIT, Game
from unmatched_sim.engine.state import ATTACKER, DEFENDER, NO_SPACE
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.random_policy import RandomPolicy

HEROES = hero_ids()
BOARDS = board_ids()
PAIRS = [(a, b) for a in HEROES for b in HEROES]          # both seats, mirror matches included
CONFIGS = [(a, b, board) for a, b in PAIRS for board in BOARDS]
FAST_GAMES_TOTAL = 320                                    # spread over every configuration
FAST_GAMES = max(2, FAST_GAMES_TOTAL // max(1, len(CONFIGS)))
SOAK_GAMES = 150                                          # per configuration, with -m slow
MAX_TURNS = 200


def repro_command(hero0: str, hero1: str, board: str, seed: int) -> str:
    return f"python -m tests.test_fuzz {hero0} {hero1} {board} {seed}"


class InvariantError(AssertionError):
    pass


class Checker:
    """Checks the whole position; called after every event the game logs."""

    def __init__(self, g: Game):
        self.g = g
        self.deck_total = [len(p.deck) + len(p.hand) + len(p.discard) for p in g.players]
        self.owned = [sorted(c for c, info in enumerate(g.cards) if info.owner == seat)
                      for seat in range(len(g.players))]
        self.actions_this_turn = 0
        self.gained_this_turn = 0
        self.events_seen = 0
        g.keep_pile_counts()    # (random play never reads them: keep them to check them)

    def fail(self, what: str) -> None:
        raise InvariantError(what)

    def after_event(self, kind: str, player) -> None:
        g = self.g
        self.events_seen += 1
        # --- fighters: health in range, defeated fighters off the board, spaces consistent
        for f in g.fighters:
            if not 0 <= f.health <= f.max_health:
                self.fail(f"{f.name} has health {f.health} outside 0..{f.max_health}")
            if f.max_health != f.defn.health:
                self.fail(f"{f.name}'s maximum health changed to {f.max_health}")
            if not f.alive and f.on_board:
                self.fail(f"{f.name} is defeated but still on the board")
            if not f.on_board and f.space != NO_SPACE:
                self.fail(f"{f.name} is off the board but has space {f.space}")
            if f.on_board and not (0 <= f.space < g.board.size):
                self.fail(f"{f.name} is on the board with no valid space ({f.space})")
            if f.on_board and g.occupant[f.space] != f.idx:
                self.fail(f"{f.name} stands on {g.board.labels[f.space]} but occupant there is "
                          f"{g.occupant[f.space]}")
        occupants = [o for o in g.occupant if o >= 0]
        if len(occupants) != len(set(occupants)):
            self.fail(f"a fighter occupies two spaces: {g.occupant}")
        for s, o in enumerate(g.occupant):
            if o >= 0 and (not g.fighters[o].on_board or g.fighters[o].space != s):
                self.fail(f"occupant of {g.board.labels[s]} is {g.fighters[o].name}, who is not there")
        # --- cards: each in exactly one place, none lost or created. A "discard" event is
        # logged as the card leaves the hand, before it lands in its pile; the next event sees it.
        if kind != "discard":
            self.check_cards()
        # --- players: a free-for-all player whose hero is down has no fighter on the board
        if g.format.removes_sidekicks:
            for seat in range(len(g.players)):
                if g.hero_defeated(seat) and g.on_board(seat) and kind not in ("defeat",):
                    self.fail(f"seat {seat}'s hero is defeated but their fighters stay on the board")
        # --- turn boundaries: nothing left in play, hand limit respected, actions accounted for
        if kind == "turn_start":
            if g.out[player]:
                self.fail(f"seat {player} is out but starts a turn")
            self.actions_this_turn = self.gained_this_turn = 0
            if g.in_play or g.combat is not None:
                self.fail(f"turn starts with cards in play {g.in_play} or a combat open")
        elif kind == "action":
            self.actions_this_turn += 1
        elif kind == "gain_action" and player == g.active:
            self.gained_this_turn += self.last_amount
        elif kind == "turn_end":
            p = g.players[player]
            if len(p.hand) > HAND_LIMIT and not g.out[player]:
                self.fail(f"turn ends with {len(p.hand)} cards in hand")
            if g.out[player]:    # eliminated during their own turn: the turn just ends
                pass
            elif p.actions != 0:
                self.fail(f"turn ends with {p.actions} actions left")
            elif g.turn_flags.get("turn_ended"):   # an effect ended the turn early
                if self.actions_this_turn > 2 + self.gained_this_turn:
                    self.fail(f"turn had {self.actions_this_turn} actions, more than 2 + "
                              f"{self.gained_this_turn} gained")
            elif self.actions_this_turn != 2 + self.gained_this_turn:
                self.fail(f"turn had {self.actions_this_turn} actions, expected 2 + "
                          f"{self.gained_this_turn} gained")
            if g.in_play or g.combat is not None:
                self.fail(f"turn ends with cards in play {g.in_play} or a combat open")

    def check_cards(self) -> None:
        g = self.g
        where: Counter = Counter()
        for seat, p in enumerate(g.players):
            for pile in (p.hand, p.deck, p.discard, g.zone_cards(seat)):
                where.update(pile)
        where.update(g.in_play)
        dup = [g.cards[c].defn.name for c, n in where.items() if n > 1]
        if dup:
            self.fail(f"cards in two places at once: {dup}")
        placed = sorted(where)
        everything = sorted(c for owned in self.owned for c in owned)
        if placed != everything:
            missing = [g.cards[c].defn.name for c in set(everything) - set(placed)]
            self.fail(f"cards lost: {missing}")
        for seat, p in enumerate(g.players):
            mine = sum(1 for c in where if g.cards[c].owner == seat)
            if mine != self.deck_total[seat]:
                self.fail(f"seat {seat} owns {mine} cards in play, started with {self.deck_total[seat]}")
        # --- knowledge of hands names only cards in that hand (a card leaving a hand is forgotten)
        for seat, p in enumerate(g.players):
            hand = set(p.hand)
            stale = set(p.known_hand) - hand
            for seen in p.seen_by.values():
                stale |= set(seen) - hand
            if stale:
                self.fail(f"seat {seat}'s hand is known to hold cards it does not: "
                          f"{sorted(g.cards[c].defn.name for c in stale)}")
        try:    # the card odds' counts followed every card into and out of the piles
            g.check_pile_counts()
        except AssertionError as e:
            self.fail(str(e))

    def check_decision(self, views) -> None:
        g = self.g
        d = g.pending
        if not d.options:
            self.fail(f"decision {d.kind} has no options")
        if len(set(d.options)) != len(d.options):
            self.fail(f"decision {d.kind} lists an option twice: {d.options}")
        if not 0 <= d.player < len(g.players):
            self.fail(f"decision {d.kind} for player {d.player}")
        if d.kind == "action" and g.out[d.player]:
            self.fail(f"player {d.player} is out but takes an action")
        if d.kind == "attack_target":
            for fi, target in d.options:
                if not g.is_foe_fighter(d.player, target):
                    self.fail(f"{g.fighters[fi].name} may attack {g.fighters[target].name}, not a foe")
                if not g.format.may_attack(g, d.player, g.fighters[target].owner):
                    self.fail(f"attack on {g.fighters[target].name} breaks the format's restriction")
        if d.kind in ("attack_card", "defense_card"):
            # Only cards in the player's hand that this fighter may use in this role.
            c = g.combat
            role = ATTACKER if d.kind == "attack_card" else DEFENDER
            name = g.fighters[c.fighters[role]].defn.name
            for cid in d.options:
                if cid is None:
                    continue
                card = g.cards[cid].defn
                if cid not in g.players[d.player].hand:
                    self.fail(f"{d.kind} offers {card.name}, which is not in the hand")
                # (beyond its type, a card the defender's ability lets it defend with: What Big Ears)
                lent = role == DEFENDER and cid in g.players[d.player].ability.defense_options(
                    g, d.player, c.fighters[role])
                if not (card.can_attack if role == ATTACKER else card.can_defend or lent) or not card.usable_by(name):
                    self.fail(f"{d.kind} offers {card.name}, which {name} may not use here")
            if role == DEFENDER and None not in d.options:
                self.fail("the defender may not decline to play a card")
        if d.kind == "defense_card":
            c = g.combat
            attack_card = c.cards[ATTACKER]
            bonus = "bonus_attack" in c.extra       # (a bonus attack is public: Relentless Assault, VOLLEY)
            if c.revealed and not bonus:
                self.fail("the attack card is revealed before the defender chooses")
            fighter_keys = {"fighter", "attacker", "target"}
            leaks = {k: v for k, v in d.info.items()
                     if "card" in k or "value" in k or (k not in fighter_keys and v == attack_card)}
            if leaks:
                self.fail(f"the defense decision's info shows the attack card: {leaks}")
            if views[d.player].combat_cards()[ATTACKER] is not None and not bonus:
                self.fail("the defender's view shows the face-down attack card")


def play(hero0: str, hero1: str, board: str, seed: int, trace: list | None = None, *more: str,
         fmt_name: str = "duel") -> Game:
    """One random game with every check; returns the finished game. ``more`` adds heroes for
    a free-for-all (``fmt_name="ffa"``) or a team game (``"teams"``)."""
    heroes = tuple(find_hero(h) for h in (hero0, hero1) + more)
    fmt = {"duel": None, "ffa": FreeForAll, "teams": Teams}[fmt_name]
    g = Game(find_board(board), heroes, seed=seed, max_turns=MAX_TURNS,
             fmt=fmt(len(heroes)) if fmt else None)
    checker = Checker(g)
    original_log = g.log

    # (the engine passes ``amount`` by name or by position: kind, player, fighter, card,
    # target, amount, ...)
    def checked_log(kind, player=None, fighter=None, card=None, target=None, amount=None, *args, **kwargs):
        original_log(kind, player, fighter, card, target, amount, *args, **kwargs)
        checker.last_amount = amount or 0
        if trace is not None and g.raw_events:
            trace.append(g.decode(g.event_count - 1)[0])
        checker.after_event(kind, player)

    g.log = checked_log
    n = len(heroes)
    views = [PlayerView(g, seat) for seat in range(n)]
    policies = [RandomPolicy(random.Random(f"fuzz:{seed}:{seat}")) for seat in range(n)]
    g.start()
    decisions = 0
    limit = 200_000
    while g.pending is not None:
        checker.check_decision(views)
        d = g.pending
        g.answer(policies[d.player].choose(views[d.player], d))
        decisions += 1
        if decisions > limit:
            raise InvariantError(f"more than {limit} decisions: the game does not end")
    if not g.over:
        raise InvariantError("the game stopped without a decision pending and without ending")
    if g.turn > MAX_TURNS:
        raise InvariantError(f"the game ran {g.turn} turns, past the limit of {MAX_TURNS}")
    if g.end_reason == "turn_limit":
        if g.winner is not None or g.turn != MAX_TURNS:
            raise InvariantError(f"turn_limit end with winner {g.winner} after {g.turn} turns")
    else:
        if g.winner not in g.team:
            raise InvariantError(f"game ended ({g.end_reason}) without a winner")
        losers = [s for s in range(n) if g.team[s] != g.winner]
        if not all(g.hero_defeated(s) for s in losers):
            raise InvariantError(f"side {g.winner} won ({g.end_reason}) but a losing hero stands")
        winners = [s for s in range(n) if g.team[s] == g.winner]
        if all(g.hero_defeated(s) for s in winners) and g.end_reason not in ("both_heroes_defeated",
                                                                               "simultaneous_defeat"):
            raise InvariantError("every hero is down but the end reason is not a simultaneous defeat")
    if sorted(g.places) != sorted(g.places) or None in g.places:
        raise InvariantError(f"a player has no finishing place: {g.places}")
    for s in range(n):
        if (g.places[s] == 1) != g.won(s) and g.winner is not None:
            raise InvariantError(f"seat {s}: place {g.places[s]} but won={g.won(s)}")
    checker.check_cards()
    return g


def run_games(hero0: str, hero1: str, board: str, seeds) -> Counter:
    results: Counter = Counter()
    for seed in seeds:
        failure = None
        try:
            g = play(hero0, hero1, board, seed)
        except Exception as e:  # noqa: BLE001 - any crash is a finding; say how to replay it
            failure = f"{type(e).__name__}: {e}"
        if failure is not None:
            pytest.fail(f"{failure}\n  reproduce with: {repro_command(hero0, hero1, board, seed)}",
                        pytrace=False)
        results[g.end_reason] += 1
    return results


def _seeds(hero0, hero1, board, n, offset=0):
    base = sum(ord(ch) for ch in f"{hero0}|{hero1}|{board}") * 100_003
    return range(base + offset, base + offset + n)


@pytest.mark.parametrize("hero0,hero1,board", CONFIGS, ids=[f"{a}-{b}-{c}" for a, b, c in CONFIGS])
def test_random_games_keep_every_invariant(hero0, hero1, board):
    results = run_games(hero0, hero1, board, _seeds(hero0, hero1, board, FAST_GAMES))
    assert sum(results.values()) == FAST_GAMES


@pytest.mark.slow
@pytest.mark.parametrize("hero0,hero1,board", CONFIGS, ids=[f"{a}-{b}-{c}" for a, b, c in CONFIGS])
def test_soak_random_games_keep_every_invariant(hero0, hero1, board):
    results = run_games(hero0, hero1, board, _seeds(hero0, hero1, board, SOAK_GAMES, offset=10_000))
    assert sum(results.values()) == SOAK_GAMES


def _lineups(n: int, k: int, salt: str) -> list[tuple[str, ...]]:
    """``k`` sampled line-ups of ``n`` heroes (repeats allowed), every hero in some line-up."""
    rng = random.Random(f"lineups:{n}:{salt}")
    out = []
    for i in range(k):
        first = HEROES[i % len(HEROES)]
        out.append((first,) + tuple(rng.choice(HEROES) for _ in range(n - 1)))
    return out


MULTI = ([("ffa", lu) for lu in _lineups(3, max(8, len(HEROES)), "ffa3")]
         + [("ffa", lu) for lu in _lineups(4, max(8, len(HEROES)), "ffa4")]
         + [("teams", lu) for lu in _lineups(4, max(8, len(HEROES)), "teams")])


@pytest.mark.parametrize("fmt_name,lineup", MULTI, ids=[f"{f}-{'-'.join(lu)}" for f, lu in MULTI])
def test_random_multiplayer_games_keep_every_invariant(fmt_name, lineup):
    for board in BOARDS:
        if len(find_board(board).starts) < len(lineup):
            continue
        for seed in _seeds("|".join(lineup), fmt_name, board, 2):
            try:
                play(lineup[0], lineup[1], board, seed, None, *lineup[2:], fmt_name=fmt_name)
            except Exception as e:  # noqa: BLE001
                pytest.fail(f"{type(e).__name__}: {e}\n  reproduce with: python -m tests.test_fuzz "
                            f"{' '.join(lineup)} {board} {seed} --format {fmt_name}", pytrace=False)


def test_fuzz_covers_every_catalog_hero_and_board():
    """The fuzz configurations are derived from the catalog: every hero meets every hero
    (including itself, from both seats) on every board."""
    assert set(HEROES) >= {"houdini", "genie"}
    assert len(CONFIGS) == len(HEROES) ** 2 * len(BOARDS)
    for a in HEROES:
        for b in HEROES:
            for board in BOARDS:
                assert (a, b, board) in CONFIGS


def test_checker_catches_a_lost_card_a_card_moved_past_the_counts_and_a_double_occupied_space():
    """The invariant checks themselves can fail: a card removed from every pile, a card put
    in a discard pile without the game's pile counts following, and two fighters recorded on
    one space, are all reported."""
    g = Game(find_board("marmoreal"), (find_hero("houdini"), find_hero("genie")), seed=1)
    g.start()
    checker = Checker(g)
    checker.after_event("probe", None)          # a fresh game passes
    lost = g.players[0].deck.pop()
    with pytest.raises(InvariantError, match="cards lost"):
        checker.after_event("probe", None)
    g.players[0].deck.append(lost)
    checker.after_event("probe", None)
    g.players[0].discard.append(g.players[0].deck.pop())    # past Game.discard_pile_add
    with pytest.raises(InvariantError, match="pile counts"):
        checker.after_event("probe", None)
    g.players[0].deck.append(g.players[0].discard.pop())
    genie = g.hero_of(1)
    houdini = g.hero_of(0)
    genie.space = houdini.space
    with pytest.raises(InvariantError):
        checker.after_event("probe", None)


def test_checker_catches_a_hand_known_to_hold_a_card_it_does_not():
    """Knowledge of a hand follows its cards: a card every player knows is in a hand, or one a
    player looked at there, that is no longer in it is reported."""
    g = Game(find_board("marmoreal"), (find_hero("houdini"), find_hero("genie")), seed=1)
    g.start()
    checker = Checker(g)
    p = g.players[1]
    p.known_hand = p.known_hand | {p.deck[-1]}
    with pytest.raises(InvariantError, match="known to hold"):
        checker.after_event("probe", None)
    p.known_hand = frozenset()
    p.seen_by[0] = frozenset({p.deck[-1]})
    with pytest.raises(InvariantError, match="known to hold"):
        checker.after_event("probe", None)


def test_same_seed_replays_the_same_game():
    """A fuzz failure is reproducible only if a seed fixes the whole game."""
    a = play("houdini", "genie", "marmoreal", 7)
    b = play("houdini", "genie", "marmoreal", 7)
    assert a.events == b.events and a.winner == b.winner and a.turn == b.turn


def replay_args(argv: list[str], module: str) -> tuple[list[str], str, int, str] | None:
    """A fuzz failure's replay command line: (heroes, board, seed, format), or None after
    printing the usage."""
    fmt_name = "duel"
    if "--format" in argv:
        i = argv.index("--format")
        fmt_name = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    if len(argv) < 4:
        print(f"usage: python -m tests.{module} HERO0 HERO1 [HERO2 HERO3] BOARD SEED [--format ffa|teams]")
        return None
    return argv[:-2], argv[-2], int(argv[-1]), fmt_name


def main(argv: list[str]) -> int:
    args = replay_args(argv, "test_fuzz")
    if args is None:
        return 2
    heroes, board, seed, fmt_name = args
    trace: list = []
    try:
        g = play(heroes[0], heroes[1], board, seed, trace, *heroes[2:], fmt_name=fmt_name)
    except Exception as e:  # noqa: BLE001
        for row in trace[-30:]:
            print("   ", row)
        print(f"FAILED after {len(trace)} events: {type(e).__name__}: {e}")
        raise
    print(f"ok: {g.end_reason}, winner seat {g.winner}, {g.turn} turns, {len(g.events)} events")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
