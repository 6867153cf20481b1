"""Tables of handlers keyed by class: how a ruleset says which command it decides, which
event it folds, rebuilds for the audit, writes in the log and tells in a handout.

Because every handler is registered by class, a test can prove a ruleset complete: each of
its events and commands has an entry in each table (an explicit "nothing" included).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

R = TypeVar("R")
F = TypeVar("F", bound=Callable[..., object])


class Dispatch(Generic[R]):
    """`table = Dispatch[str]("log line")`, then `@table.on(SomeEvent)` on a handler."""

    def __init__(self, purpose: str) -> None:
        self.purpose = purpose
        self._handlers: dict[type, Callable[..., R]] = {}

    def on(self, *kinds: type) -> Callable[[F], F]:
        def register(handler: F) -> F:
            for kind in kinds:
                if kind in self._handlers:
                    raise TypeError(f"{kind.__name__} has two {self.purpose} handlers")
                self._handlers[kind] = handler  # type: ignore[assignment]
            return handler

        return register

    def handler(self, kind: type) -> Callable[..., R] | None:
        return self._handlers.get(kind)

    @property
    def covered(self) -> frozenset[type]:
        return frozenset(self._handlers)
