"""Formats: what differs between a duel, a free-for-all and a team game.

Every rulebook in ``../shared/rules/`` has the same three: the two-player duel, free-for-all for
three or four players, and team play (two against two; with three players one of them runs a
whole team). A format decides

* **sides**: which players are on one team (``team_of``). A duel and a free-for-all have one
  player per side; teams have two. The one friend/foe relation of the engine
  (``Game.is_foe`` / ``foes`` / ``allies``) is read from here and nowhere else;
* **placement and turn order**: seat *i* is the *i*-th player in turn order and places its hero
  on the starting space numbered *i + 1*. For teams this is the rulebooks' A1, B1, A2, B2:
  seats 0 and 2 are team A, seats 1 and 3 team B;
* **who may attack whom** (``may_attack``): in free-for-all, on a player's first turn they may
  attack only the next player in turn order or a player who has already taken a turn;
* **elimination** (``player_out``): in a duel or a free-for-all a player is out once their hero
  is defeated (free-for-all removes their sidekicks at once, ``removes_sidekicks``); in team play
  a player whose hero is defeated keeps taking turns while one of their fighters is on the board;
* **the end of the game**: a side is beaten when every hero on it is defeated; the game ends when
  one side is left. Decisions the rulebooks leave open are recorded in the README ("Formats").

Formats hold no game state; the game asks them.
"""

from __future__ import annotations


class Format:
    """The duel: two players, one side each."""

    name = "duel"
    min_players = 2
    max_players = 2
    removes_sidekicks = False      # remove a player's sidekicks when their hero is defeated
    out_when_hero_defeated = True  # a player is out once their hero is defeated

    def __init__(self, players: int):
        if not self.min_players <= players <= self.max_players:
            want = (str(self.min_players) if self.min_players == self.max_players
                    else f"{self.min_players}–{self.max_players}")
            raise ValueError(f"{self.name} needs {want} heroes, got {players}")
        self.players = players

    def team_of(self, seat: int) -> int:
        return seat

    @property
    def starts_needed(self) -> int:
        """How many numbered starting spaces the board must have (one per seat here)."""
        return self.players

    @property
    def teams(self) -> int:
        return len({self.team_of(s) for s in range(self.players)})

    def start_number(self, seat: int) -> int:
        """The number printed on the starting space this seat's hero is placed on."""
        return seat + 1

    def may_attack(self, g, seat: int, target_seat: int) -> bool:
        """May ``seat`` attack a fighter of ``target_seat`` now (the relation says it is a foe)?"""
        return True

    def player_out(self, g, seat: int) -> bool:
        """Does this player take no more turns?"""
        if self.out_when_hero_defeated:
            return g.hero_defeated(seat)
        return g.hero_defeated(seat) and not g.on_board(seat)

    def has_hand(self, seat: int) -> bool:
        """Does this player hold a hand of cards? (Co-op enemies do not: effects on their hand
        read their deck instead, ``engine.effects.look_at_hand`` and ``discard``.)"""
        return True

    def printed_value(self, g, cid: int, role: int) -> int:
        """The printed value effects read of card ``cid`` played in combat ``role`` (0 for a
        card without one). (A co-op enemy's card: its defense value when it defends.)"""
        return g.card(cid).value or 0

    def counts_as_hero(self, g, fi: int) -> bool:
        """Is fighter ``fi`` a hero for card text that names heroes ("if the opposing fighter is
        a hero")? (Co-op enemies are neither heroes nor sidekicks.)"""
        return g.fighters[fi].is_hero

    def counts_as_sidekick(self, g, fi: int) -> bool:
        """Is fighter ``fi`` a sidekick for card text that names sidekicks?"""
        return not g.fighters[fi].is_hero

    def describe(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.players}p>"


class FreeForAll(Format):
    """Three or four players, each on their own. On the first round a player may attack only
    the next player or players who have already had a turn; a player whose hero is defeated is
    eliminated and their sidekicks leave the board at once; the last hero standing wins."""

    name = "ffa"
    min_players = 3
    max_players = 4
    removes_sidekicks = True

    def may_attack(self, g, seat: int, target_seat: int) -> bool:
        if g.turns_taken[seat] > 1:
            return True
        return g.turns_taken[target_seat] > 0 or target_seat == g.next_seat(seat)


class Teams(Format):
    """Two teams of two: seats 0 and 2 (team A) against 1 and 3 (team B), turns A1 B1 A2 B2.
    A player whose hero is defeated keeps playing while a fighter of theirs is on the board; a
    team is beaten when both its heroes are defeated."""

    name = "teams"
    min_players = 4
    max_players = 4
    out_when_hero_defeated = False

    def team_of(self, seat: int) -> int:
        return seat % 2


FORMATS: dict[str, type[Format]] = {"duel": Format, "ffa": FreeForAll, "teams": Teams}


def make_format(name: str, players: int) -> Format:
    """The format called ``name`` for ``players`` heroes (ValueError with a clear message)."""
    if name not in FORMATS:
        raise ValueError(f"unknown format '{name}' (known: {', '.join(FORMATS)})")
    return FORMATS[name](players)


def default_format(players: int) -> Format:
    return Format(players) if players == 2 else FreeForAll(players)
