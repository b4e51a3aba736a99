# What steps.py declares for the compiled build: the game typed as ``_Combat`` (its fields
# read and its methods called in C by every step), and the C functions ``game.py`` calls.
# Run uncompiled, this file is not used.

from unmatched_sim.engine.combat cimport _Combat
from unmatched_sim.engine.piles cimport _list_take_last
from unmatched_sim.engine.state cimport Combat, Decision, Fighter, Player, new_ctx
from unmatched_sim.model cimport CardDef

# (cpdef, so that game.py run as pure Python, edited since the build, still imports them from
# this module compiled)
cpdef run_stack(_Combat g)
cpdef answer_pending(_Combat g, object choice)
cpdef _pose(_Combat g, object player, object kind, object options, object resume, tuple args, dict info)
