# What effects.py reads in C when compiled: the game's and the combat's typed records (the
# effect machinery's hottest check, ``effect_cancelled``, reads them as struct fields). Only
# cimports: the module's own declarations stay in effects.py. Run uncompiled, this file is
# not used.

from unmatched_sim.engine.game cimport _GameCore
from unmatched_sim.engine.state cimport Combat
