"""``python -m unmatched_sim.cli``: the same as the ``sim`` command."""

from unmatched_sim.cli.app import main

main()
