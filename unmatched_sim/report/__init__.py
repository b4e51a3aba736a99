"""The balance report: ``build_report(run_dir, out)`` writes ``index.html``, ``summary.md`` and
the charts (PNG and SVG) of a run directory. ``sim report RUN_DIR`` calls it.

The names below load on first use, so ``report.format`` (how every number is written) can be
imported by the commands without loading the plotting library."""

__all__ = ["build_report", "default_report_dir", "ReportResult"]


def __getattr__(name: str):
    if name in __all__:
        from unmatched_sim.report import build
        return getattr(build, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
