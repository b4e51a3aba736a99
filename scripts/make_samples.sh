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
