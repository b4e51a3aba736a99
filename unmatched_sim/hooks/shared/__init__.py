"""Hook code shared by several heroes: the generic abilities a hero file names with its own
parameters (``abilities``), and the AI's advice and the replay's lines for the decisions and
events of the shared effect vocabulary (``vocab_advice``)."""

from unmatched_sim.hooks.shared import abilities, vocab_advice  # noqa: F401  (they register)
