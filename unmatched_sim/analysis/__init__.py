"""Analysis of run directories: polars queries over games.parquet and the event log.

Everything here reads only the Parquet logs, never the engine.
"""

from unmatched_sim.analysis.matchup import matchup_summary, side_keys

__all__ = ["matchup_summary", "side_keys"]
