# What effects.py reads in C when compiled: the game's and the combat's typed records (the
# effect machinery's hottest check, ``effect_cancelled``, reads them as struct fields). Only
# cimports: the module's own declarations stay in effects.py. Run uncompiled, this file is
# not used.

from unmatched_sim.engine.game cimport _GameCore
from unmatched_sim.engine.state cimport Combat

# A context's field read by position in C (``effect_cancelled``): ``Ctx`` is a tuple, its
# items where a tuple keeps them.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *unmatched_sim_tuple_item(PyObject *t, Py_ssize_t i) {
        PyObject *x = PyTuple_GET_ITEM(t, i);
        Py_INCREF(x);
        return x;
    }
    """
    object _ctx_field "unmatched_sim_tuple_item" (object, Py_ssize_t)
