"""unmatched-sim: a rules-faithful simulator and balance-analytics tool for Unmatched."""

__version__ = "0.1.0"
