"""Co-op Adventures (the Tales to Amaze rules): heroes together against a villain and its minions.

``data`` reads villain, minion and Amazing Event files (``docs/coop.md``); ``game`` runs a co-op
game on the engine's own combat, board, decks and card effects, with the initiative deck, the
enemies' turns and the threat track on top; ``play`` plays one game out with the players'
policies.
"""

# The enemy cards' own words (webs and acid; Martian Invader's aliens; Mothman's doom), known
# before any villain file is read, and the villains' objectives.
from unmatched_sim.coop import bridges  # noqa: E402,F401
from unmatched_sim.coop import invasion  # noqa: E402,F401
from unmatched_sim.coop import tokens  # noqa: E402,F401
