"""The ``sim`` command line: parse, call, print. No game logic lives here.

``cli.app`` assembles the ``sim`` group from the command modules and holds ``main``, the entry
point. Each command module defines its commands and imports only ``cli.common`` and its sibling
modules, never this package: ``play`` (matchup, tournament, resume; ``formats`` for free-for-all
and team play), ``ladder``, ``report`` (report, replay), ``catalog`` (heroes, boards, policies),
``ai`` (robust) and ``workbench`` (compare, games, sweep).
"""

from unmatched_sim.cli.app import cli, main
from unmatched_sim.cli.common import complete_boards, complete_heroes, complete_policies

__all__ = ["cli", "complete_boards", "complete_heroes", "complete_policies", "main"]
