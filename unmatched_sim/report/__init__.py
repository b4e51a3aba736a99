"""The balance report: ``build_report(run_dir, out)`` writes ``index.html``, ``summary.md`` and
the charts (PNG and SVG) of a run directory. ``sim report RUN_DIR`` calls it."""

from unmatched_sim.report.build import ReportResult, build_report, default_report_dir

__all__ = ["build_report", "default_report_dir", "ReportResult"]
