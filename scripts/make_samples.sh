#!/usr/bin/env bash
# Remake the sample reports in reports/ (run from the repository root after `pip install -e .`).
# Game counts are chosen for a 2-core machine: a few minutes in all. The reports say what they
# were made from (command, seed, policies, hero file hashes).
set -euo pipefail
GAMES_DUEL=${GAMES_DUEL:-60}     # per pairing (every pairing of the roster, mirrors included; again under tuned-v1)
LINEUPS=${LINEUPS:-120}           # sampled line-ups per multi-player format
GAMES_MULTI=${GAMES_MULTI:-8}     # per line-up (every hero in every turn position twice)
tmp=runs/samples          # the runs stay here (not committed), so a sample's game ids replay
mkdir -p "$tmp"
sim tournament -n "$GAMES_DUEL" --robust tuned-v1 --out "$tmp/duel" --force --no-progress
sim report "$tmp/duel" --out reports/sample
sim tournament --format ffa --players 4 --sample "$LINEUPS" -n "$GAMES_MULTI" --out "$tmp/ffa" --force --no-progress
sim report "$tmp/ffa" --out reports/sample-ffa
sim tournament --format teams --sample "$LINEUPS" -n "$GAMES_MULTI" --out "$tmp/teams" --force --no-progress
sim report "$tmp/teams" --out reports/sample-teams
# The worked example of the README ("Worked example: Flourish at 4"): a what-if edit compared
# with the printed card, and a sweep of the same value.
sim tournament houdini genie pandora --gauntlet houdini -n 400 --out "$tmp/whatif-base" --force --no-progress
sim tournament houdini genie pandora --gauntlet houdini -n 400 --out "$tmp/whatif-flourish4" --force \
    --no-progress --set 'houdini:Flourish.value=4'
sim compare "$tmp/whatif-base" "$tmp/whatif-flourish4" --out reports/whatif-example/compare
sim sweep 'houdini:Flourish.value=2..5' --against genie,pandora -n 400 --out "$tmp/whatif-sweep" --force \
    --no-progress
rm -rf reports/whatif-example/sweep && mkdir -p reports/whatif-example/sweep
find "$tmp/whatif-sweep" -maxdepth 1 -type f -exec cp {} reports/whatif-example/sweep/ \;   # (not its runs)
