# The policy base as a typed record, for the compiled build: greedy.pxd and heuristic.pxd
# cimport it, so that their policies can be ``cdef class``es with C fields. A Python subclass
# (random, search, or a user's policy) is an ordinary class with its own ``__dict__``.

cdef class Policy:
    cdef public object rng
