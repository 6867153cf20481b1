"""How far a long handout has come, told to whoever shows it (`journal book`'s progress
bar on a terminal): a count of the steps done out of a total known from the start. No
printing here: the caller's `Progress` shows it."""

from __future__ import annotations

from collections.abc import Callable

#: (steps done, steps in all): called after each step
Progress = Callable[[int, int], None]


class Steps:
    """The steps of one handout, told to `progress` as each is done (nothing without one)."""

    def __init__(self, total: int, progress: Progress | None) -> None:
        self.total = total
        self.done = 0
        self.progress = progress

    def step(self, count: int = 1) -> None:
        self.done = min(self.total, self.done + count)
        if self.progress is not None:
            self.progress(self.done, self.total)

    def finish(self) -> None:
        """Every step done (those the work turned out not to need included)."""
        self.step(self.total - self.done)
