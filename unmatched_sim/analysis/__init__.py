"""Analysis of run directories: polars queries over games.parquet and the event log.

Everything here reads only the Parquet logs, never the engine. Every table function takes a run
(a run-directory path, or a ``Run`` from ``open_run``) and returns a polars DataFrame, so a
designer can go further in a notebook::

    from unmatched_sim import analysis as A
    run = A.open_run("runs/tournament-21_marmoreal_seed1_n200")   # checks the run, reads nothing else
    A.ranking(run)                  # heroes by Bradley-Terry strength, win rates with 95% intervals
    A.win_matrix(run).pivot("opponent", index="hero", values="win_rate")

Tables (see each function's docstring for its columns):

    win_matrix          each hero's record against each other hero (Wilson 95% interval)
    ranking             overall record and Bradley-Terry strength per hero, strongest first
    bradley_terry       the MM fit on any table of pairwise wins
    seat_split          win rate going first vs second, overall, per hero, and in mirrors
    damage_curves       cumulative damage dealt and health left by turn (median, quartiles)
    damage_by_source    damage dealt and taken per hero by source (combat, card, ability, spell...),
                        credited by the log's cause; self-inflicted and unattributed shown apart
    damage_by_origin    damage each hero caused by source and card, spell or misery (ability: no card)
    starting_health     each hero's starting health as seen in the log
    player_turns        every player of every game (all four slots of a multi-player game) and its length
    exhaustion          how often / when decks run out, exhaustion damage, win rate when it happens
    exhaustion_timing   distribution of the turn each hero's deck runs out
    misery_risk         Pandora: chance the next misery reveal busts, simulated vs exact
    misery_risk_by_feathers, misery_pushes, misery_summary, misery_win_rates, exact_bust_odds
    game_length         distribution of game length; game_length_summary per matchup
    end_reasons         how games ended (optionally per matchup)
    play_stats          how the AI played each hero (per policy): turns ended in a foe's reach,
                        damage at the start of foe turns, attacks on the hero when a sidekick was
                        also in reach, attacks answered with no card, ransoms paid, deck-outs,
                        hand-limit discards, attacks per turn, BOOSTs vs plays
    headroom.headroom   a checked run (--check-with): per hero, the paired win-rate gain of the
                        checking policy over the run's (headroom_summary, reading)
    policy_sensitivity  a robust run (--robust): each matchup's win rate under each policy on the
                        same seeds, its paired difference, and whether the verdict depends on the AI
    cards               per hero card: drawn, played as attack/defense/scheme/BOOST, discarded,
                        opening hand, played/drawn win rates, damage dealt and prevented per play
    card_effects        per hero card: the win rate's difference from the hero's baseline when it
                        is in the opening hand, drawn by turn 6, played (95% intervals, per opponent)
    players.players     every player of every game in any format: hero, result, whom it played
    find_games          games matching filters (hero, winner, end reason, turns, a SQL expression)
    tempo               a matchup's health lead by turn (the race)
    coop.*              co-op runs: the heroes' win rate by player count, line-up and hero, endings,
                        the threat track by round, damage by enemy and to each hero, rounds played
    compare.compare     paired comparison of two runs from the same seeds (compare_heroes,
                        compare_matchups, flipped_games)

Queries are lazy scans collected with polars' streaming engine; per-game computations run slice
by slice over the games, so memory stays flat however many events a run holds.
"""

from unmatched_sim.analysis.cards import card_effects, cards
from unmatched_sim.analysis.games import find_games
from unmatched_sim.analysis.damage import (damage_by_origin, damage_by_source, damage_curves, player_turns,
                                           starting_health)
from unmatched_sim.analysis.decks import exhaustion, exhaustion_by_game, exhaustion_timing
from unmatched_sim.analysis.length import end_reasons, game_length, game_length_summary
from unmatched_sim.analysis.matchup import matchup_summary, side_keys
from unmatched_sim.analysis.misery import (bust_fraction_given_feathers, bust_fractions, bust_threshold,
                                           exact_bust_odds, has_misery, misery_boxes, misery_episodes,
                                           misery_games, misery_pushes, misery_reveals, misery_risk,
                                           misery_risk_by_feathers, misery_summary, misery_win_rates,
                                           parse_misery_box, survival_fractions)
from unmatched_sim.analysis.play import play_stats
from unmatched_sim.analysis.robust import policy_sensitivity
from unmatched_sim.analysis.run import Run, as_run, open_run
from unmatched_sim.analysis.tempo import tempo
from unmatched_sim.analysis.winrates import bradley_terry, ranking, seat_split, win_matrix

__all__ = [
    "matchup_summary", "side_keys", "cards", "card_effects", "find_games", "tempo",
    "Run", "open_run", "as_run",
    "win_matrix", "ranking", "bradley_terry", "seat_split",
    "damage_curves", "damage_by_source", "damage_by_origin", "starting_health", "player_turns",
    "exhaustion", "exhaustion_by_game", "exhaustion_timing",
    "game_length", "game_length_summary", "end_reasons",
    "misery_risk", "misery_risk_by_feathers", "misery_pushes", "misery_summary", "misery_win_rates",
    "misery_boxes", "misery_episodes", "misery_reveals", "misery_games", "has_misery", "bust_threshold",
    "exact_bust_odds", "bust_fractions", "survival_fractions", "bust_fraction_given_feathers",
    "parse_misery_box", "play_stats", "policy_sensitivity",
]
