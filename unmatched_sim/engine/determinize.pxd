# What determinize.py reads in C when compiled: the engine's typed records (the clone's players,
# a player's hand and deck, the combat's cards are C reads in a typed local). Run uncompiled,
# this file is not used.

from unmatched_sim.engine.game cimport _GameCore
from unmatched_sim.engine.state cimport Combat, Player
