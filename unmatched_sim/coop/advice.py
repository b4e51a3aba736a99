"""How the players' policies answer the co-op decisions the rules give the players, and how
``sim replay`` tells the co-op events.

The rules leave to the players: which fighter an enemy attacks when several are equally near
(``enemy_target``), which space it ends its move on (``enemy_route``), and where a minion starts
(``minion_start``). Simple rules, not search: the enemy hits the fighter best able to take it
(the most health), ends where it stands next to the fewest of the players' fighters, and a
minion starts next to as few of them as possible. Every policy built on greedy reads these
(``hooks.advise``).
"""

from __future__ import annotations

from unmatched_sim.hooks import advise, story_line


def _players_fighters_next_to(view, space: int) -> int:
    n = 0
    for s in view.board.adjacent[space]:
        fi = view.occupant(s)
        if fi >= 0 and not view.is_foe(view.fighter(fi).owner):
            n += 1
    return n


@advise("enemy_target")
def advise_enemy_target(policy, view, d):
    return max(d.options, key=lambda fi: (view.fighter(fi).health, -fi))


@advise("enemy_route")
def advise_enemy_route(policy, view, d):
    return min(d.options, key=lambda s: (_players_fighters_next_to(view, s), s))


@advise("minion_start")
def advise_minion_start(policy, view, d):
    return min(d.options, key=lambda s: (_players_fighters_next_to(view, s), s))


story_line("enemy_setup")(lambda e: f"{e['who']} shuffles its deck; {e['amount']} health")
story_line("round")(lambda e: f"Round {e['amount']}: the initiative deck is shuffled ({e['value']} cards)")
story_line("initiative")(lambda e: f"Initiative: {e['detail']}")
story_line("initiative_removed")(lambda e: f"Initiative: {e['detail']} is removed (out of the game)")
story_line("extra_turn")(lambda e: f"{e['detail']} goes to the bottom of the initiative deck: another turn")
story_line("threat")(lambda e: f"The threat marker advances {e['amount']} (now on space {e['value'] + 1}; "
                               f"{e['detail']})")
story_line("objective")(lambda e: f"The villain achieves its objective ({e['detail']}), "
                                  f"{e['amount']} time(s) so far")
story_line("no_target")(lambda e: f"{e['fighter']} has no target in reach")
story_line("enemy_reshuffle")(lambda e: f"{e['who']} shuffles {e['amount']} card(s) from its discard pile "
                                        f"into its deck ({e['detail']})")
