"""Dispatches: handlers keyed by class: how a ruleset says which command it decides, which
event it folds, recalls for the audit, whom it concerns, writes in the log and tells in a
handout.

Because every handler is registered by class, a test can prove a ruleset complete: each of
its events and commands has an entry in each dispatch (an explicit "nothing" included).

Each dispatch is typed by the shape of its handlers: `@DECIDE.on(FrightCheck)` takes a
`(state, command: FrightCheck, dice) -> [events]`, and the dispatch gives that handler back
for that class only (a key's handler is registered with the key's type, so the lookup
keeps it). The state and the envelope the fold passes are type parameters, since the
dispatches sit below the core that defines them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Generic, Protocol, TypeVar

from journal.dice import DiceBox
from journal.events.registry import Event
from journal.frozen import require_struct
from journal.rules.command import Command

K = TypeVar("K")  # the base of a dispatch's keys: Command or Event
R = TypeVar("R")  # what its handlers return
St = TypeVar("St")  # the campaign state a handler reads
M = TypeVar("M")  # the envelope of the event being folded
S = TypeVar("S")  # the ruleset's own state an evolver returns
S_co = TypeVar("S_co", covariant=True)
St_contra = TypeVar("St_contra", contravariant=True)
M_contra = TypeVar("M_contra", contravariant=True)
C = TypeVar("C", bound=Command)
E = TypeVar("E", bound=Event)

#: `(state, command, dice) -> the events it produces`
Decider = Callable[[St, C, DiceBox], list[Event]]
#: `(state, payload, meta) -> the ruleset's new state`
Evolver = Callable[[St, E, M], S]
#: `(payload) -> the command that decides it again`, or None (no ruling)
Recaller = Callable[[E], Command | None]
#: `(payload) -> the names of the characters it concerns`
Concern = Callable[[E], tuple[str, ...]]
#: `(payload) -> one line for the GM's log`
Line = Callable[[E], str]
#: `(payload, gm) -> a handout sentence`, or None (told elsewhere)
Sentence = Callable[[E, bool], str | None]


class Dispatch(Generic[K, R]):
    """Handlers keyed by a class under `K`, each returning `R`; the dispatches below give each
    handler its shape. A key that is not a Struct subclassing the dispatch's `keys` (`Event`,
    or `Command` for the deciders) is refused at registration (TypeError)."""

    #: what every key subclasses
    keys: ClassVar[type] = Event

    def __init__(self, purpose: str) -> None:
        self.purpose = purpose
        #: by key class, its handler: registered with that class's type (see `on`)
        self._handlers: dict[type[K], Callable[..., R]] = {}

    def _add(self, kinds: tuple[type[K], ...], handler: Callable[..., R]) -> None:
        for kind in kinds:
            require_struct(kind, self.keys)
            if kind in self._handlers:
                raise TypeError(f"{kind.__name__} has two {self.purpose} handlers")
            self._handlers[kind] = handler

    @property
    def covered(self) -> frozenset[type[K]]:
        return frozenset(self._handlers)


class Deciders(Dispatch[Command, list[Event]], Generic[St]):
    """Command class -> `(state, command, dice) -> [events]`."""

    keys: ClassVar[type] = Command

    def on(self, *kinds: type[C]) -> Callable[[Decider[St, C]], Decider[St, C]]:
        def register(handler: Decider[St, C]) -> Decider[St, C]:
            self._add(kinds, handler)
            return handler

        return register

    def handler(self, kind: type[C]) -> Decider[St, C] | None:
        return self._handlers.get(kind)


class Evolvers(Dispatch[Event, S], Generic[St, M, S]):
    """Event class -> `(state, payload, meta) -> the ruleset's new state`."""

    def on(self, *kinds: type[E]) -> Callable[[Evolver[St, E, M, S]], Evolver[St, E, M, S]]:
        def register(handler: Evolver[St, E, M, S]) -> Evolver[St, E, M, S]:
            self._add(kinds, handler)
            return handler

        return register

    def handler(self, kind: type[E]) -> Evolver[St, E, M, S] | None:
        return self._handlers.get(kind)

    def evolve(self, state: St, payload: E, meta: M) -> S:
        """`payload` folded into `state` (its class must have an evolver)."""
        handler = self.handler(type(payload))
        if handler is None:
            raise KeyError(f"{type(payload).__name__} has no {self.purpose} handler")
        return handler(state, payload, meta)


class Evolving(Protocol[St_contra, M_contra, S_co]):
    """What the fold reads of a ruleset's evolvers: a dispatch whose handlers return the
    ruleset's own state (a subtype of the state the contract names)."""

    def handler(self, kind: type[E]) -> Evolver[St_contra, E, M_contra, S_co] | None: ...

    @property
    def covered(self) -> frozenset[type[Event]]: ...


class Recallers(Dispatch[Event, Command | None]):
    """Event class -> `(payload) -> the command that decides it again`, or None."""

    def on(self, *kinds: type[E]) -> Callable[[Recaller[E]], Recaller[E]]:
        def register(handler: Recaller[E]) -> Recaller[E]:
            self._add(kinds, handler)
            return handler

        return register

    def handler(self, kind: type[E]) -> Recaller[E] | None:
        return self._handlers.get(kind)


class Concerns(Dispatch[Event, tuple[str, ...]]):
    """Event class -> `(payload) -> the names of the characters it concerns` (`log
    --character`, handouts); `nobody` for an event about no one in particular."""

    def on(self, *kinds: type[E]) -> Callable[[Concern[E]], Concern[E]]:
        def register(handler: Concern[E]) -> Concern[E]:
            self._add(kinds, handler)
            return handler

        return register

    def handler(self, kind: type[E]) -> Concern[E] | None:
        return self._handlers.get(kind)

    def names(self, payload: E) -> tuple[str, ...]:
        """Whom `payload` concerns (nobody when its class has no handler)."""
        handler = self.handler(type(payload))
        return () if handler is None else handler(payload)


def nobody(payload: Event) -> tuple[str, ...]:
    """The concerns of an event about no one in particular."""
    return ()


class Lines(Dispatch[Event, str]):
    """Event class -> `(payload) -> one line for the GM's log`."""

    def on(self, *kinds: type[E]) -> Callable[[Line[E]], Line[E]]:
        def register(handler: Line[E]) -> Line[E]:
            self._add(kinds, handler)
            return handler

        return register

    def handler(self, kind: type[E]) -> Line[E] | None:
        return self._handlers.get(kind)

    def line(self, payload: E) -> str:
        """The line of `payload` (its class must have one)."""
        handler = self.handler(type(payload))
        if handler is None:
            raise KeyError(f"{type(payload).__name__} has no {self.purpose} handler")
        return handler(payload)


class Sentences(Dispatch[Event, str | None]):
    """Event class -> `(payload, gm) -> a handout sentence`, or None (told elsewhere)."""

    def on(self, *kinds: type[E]) -> Callable[[Sentence[E]], Sentence[E]]:
        def register(handler: Sentence[E]) -> Sentence[E]:
            self._add(kinds, handler)
            return handler

        return register

    def handler(self, kind: type[E]) -> Sentence[E] | None:
        return self._handlers.get(kind)
