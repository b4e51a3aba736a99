"""unmatched-sim: a rules-faithful simulator and balance-analytics tool for Unmatched."""

from unmatched_sim import _build

__version__ = "0.1.0"

# compiled or pure Python, module by module (before any of them is imported)
_build.install()
