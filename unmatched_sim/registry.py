"""A dict for name registries (ops, conditions, hooks, AI advice...) that refuses to register one
name twice: with heroes written in parallel, two modules picking the same name would otherwise
silently replace each other's meaning."""

from __future__ import annotations


class Registry(dict):
    def __init__(self, what: str, *args, **kwargs):
        super().__init__()
        self.what = what
        self.update(*args, **kwargs)

    def __setitem__(self, key, value) -> None:
        if key in self and self[key] is not value and not _same(self[key], value):
            raise ValueError(f"{self.what} '{key}' is registered twice "
                             f"({_where(self[key])} and {_where(value)}); give one of them another name")
        super().__setitem__(key, value)

    def update(self, *args, **kwargs) -> None:
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]


def _same(a, b) -> bool:
    """The same definition imported twice (a module reloaded) is not a clash."""
    return (getattr(a, "__module__", None), getattr(a, "__qualname__", None)) == \
           (getattr(b, "__module__", None), getattr(b, "__qualname__", None)) and \
        getattr(a, "__qualname__", None) is not None


def _where(obj) -> str:
    if isinstance(obj, tuple):
        obj = next((x for x in obj if callable(x)), obj)
    return f"{getattr(obj, '__module__', '?')}.{getattr(obj, '__qualname__', repr(obj))}"
