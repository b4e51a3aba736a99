"""The few names of Cython's pure-Python mode that the hot modules use, for a run without Cython.

The compiled modules (see ``_build.py``) carry typing declarations written in Cython's
pure-Python mode (``@cython.cfunc``, ``@cython.locals(x=cython.double)``, ...): when Cython
compiles them, ``import cython`` is resolved at compile time and these declarations become C
types and C-level calls. Run as ordinary Python, the module imports ``cython`` at run time; a
pure install (no compiler, ``UNMATCHED_SIM_PURE_BUILD=1``) need not have Cython installed, so
the modules fall back to this shim::

    try:
        import cython
    except ImportError:
        from unmatched_sim import _cython_shim as cython

Every decorator returns the function unchanged and every type is the Python type with the
same values, so the module runs exactly as it reads. (Cython's own ``cython`` module does the
same when Cython is installed but the module runs uncompiled.)
"""

from __future__ import annotations

compiled = False



class _CType:
    """A C type as its Python counterpart: called, it converts like the Python type (a C
    double is a Python float); indexed, ``cython.double[:]`` (a typed memoryview: a C array
    the compiled code reads directly) stands for any buffer, e.g. an ``array.array``."""

    def __init__(self, py: type):
        self.py = py

    def __call__(self, *args):
        return self.py(*args)

    def __getitem__(self, item):
        return memoryview

    def __repr__(self) -> str:
        return f"cython shim type {self.py.__name__}"


# C types as their Python counterparts
double = _CType(float)
Py_ssize_t = int
bint = bool
p_uchar = bytes         # a C pointer into a bytes object: indexed, a byte as an int either way


def _unchanged(f):
    return f


cfunc = ccall = inline = final = cclass = _unchanged


def locals(**types):
    """``@cython.locals(name=type, ...)``: local variable types (ignored here)."""
    return _unchanged


def returns(type_):
    """``@cython.returns(type)``: a cfunc's C return type (ignored here)."""
    return _unchanged


def exceptval(*args, **kwargs):
    """``@cython.exceptval(...)``: how a cfunc with a C return type reports errors (ignored)."""
    return _unchanged


def declare(type_=None, value=None, **kwargs):
    """``x = cython.declare(type, value)``: the value itself."""
    return value


def annotation_typing(flag):
    """``@cython.annotation_typing(False)``: the annotations are not C types (ignored here)."""
    return _unchanged


def boundscheck(flag):
    """``@cython.boundscheck(False)``: indices are not checked against the length (ignored
    here: Python checks them)."""
    return _unchanged


def wraparound(flag):
    """``@cython.wraparound(False)``: indices are never negative (ignored here)."""
    return _unchanged
