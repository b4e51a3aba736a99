"""More verbs, selectors, conditions and quantities of the shared effect vocabulary, one module
per domain (``engine/effects.py`` holds the core and the Op protocol). Every module in this
package is imported when ``engine.effects`` loads, so a verb defined here with ``@op("name")``
is usable from any hero file. Shared vocabulary goes here (never in one hero's hook module):
"the fighter started this turn on another space" serves every hero that says it.
"""

from __future__ import annotations


def _register_all() -> None:
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


_register_all()
