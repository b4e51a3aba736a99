"""A villain's objective: what its threat track does and what the players may do about it.

The threat track itself is common to every villain (``game.advance_threat``). What differs is a
rule registered here under the name a villain file gives (``objective = "..."``):

* ``new_state``: the objective's own position (bridges and their doom tokens, fields and their
  aliens, invasion tokens), kept in ``CoopState.objective_state`` and copied with the game;
* ``setup``: after the fighters are placed (Mothman: the bridge tokens dealt, 1 doom token on
  bridge 1; Martian Invader: the invasion tokens dealt face down);
* ``end_of_round_threat``: how far an end-of-round initiative card moves the marker (Mothman:
  one more space per doom token on the lowest-numbered bridge);
* ``achieved``: the marker reached the end of the track, the objective is counted and the game
  goes on (Mothman destroys a bridge; Martian Invader reveals an invasion token);
* ``after_maneuver``: what a player may do once a maneuver action is done (activate a bridge,
  remove an alien); ``acts_after_maneuver`` says whether the rule has such an action at all.

Each hook may push steps (and so pose decisions): they run before the game goes on.
"""

from __future__ import annotations


class Objective:
    """The generic objective: the threat track alone (each time it fills, one objective)."""
    name = "generic"
    acts_after_maneuver = False

    def board_problem(self, board, enemies) -> str | None:
        """What keeps this objective from being played on ``board`` with these enemies (their
        ``EnemyDef``s), in one line; None if nothing does."""
        return None

    def new_state(self, g) -> object | None:
        """The objective's own position at the start of a game (an object with ``copy()``)."""
        return None

    def setup(self, g) -> None:
        """After the fighters are placed, before the first round."""

    def end_of_round_threat(self, g, card) -> int:
        """The spaces the end-of-round initiative card ``card`` moves the marker."""
        return card.end_of_round_threat

    def achieved(self, g) -> None:
        """The marker reached the end of the track (the objective counted, the game not over)."""

    def after_maneuver(self, g, seat: int) -> None:
        """Player ``seat`` has completed a maneuver action."""

    def board_note(self, board) -> str | None:
        """What to tell the user when ``board`` lacks what this objective needs and the game then
        counts the objective on its threat track alone (a board it cannot be played on at all is
        ``board_problem``'s)."""
        return None


OBJECTIVE_RULES: dict[str, Objective] = {}


def register(rule: Objective) -> Objective:
    OBJECTIVE_RULES[rule.name] = rule
    return rule


register(Objective())


def objective_rule(name: str) -> Objective:
    """The rule of objective ``name``; one with no mechanics of its own yet plays as the generic
    threat track."""
    return OBJECTIVE_RULES.get(name, OBJECTIVE_RULES["generic"])
