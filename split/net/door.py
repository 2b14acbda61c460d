"""Who the host lets in: a budget of connections it can serve, and a limit on the
connections that have not said hello yet (issue 26).

Every connection costs the host a file handle. The host keeps most of its handles for
itself (fonts, sounds, its saves): :func:`connection_budget` is what it may spend on
connections under the process's file limit (``RLIMIT_NOFILE``), and the server stops
accepting while that many are open (the others wait in the system's queue). Among
them, connections that have not said hello are *strangers*: at most
:data:`PER_ADDRESS` from one address and never more than the budget less the seats,
so the seats' players always find room. A stranger over its address's limit is shut
out at once; one over the total is answered "busy" (a friend is told the true reason
and tries again) while the budget lasts.

>>> door = Door(budget=16, seats=3)
>>> [door.admit("10.0.0.9") for _ in range(5)]
['in', 'in', 'in', 'in', 'out']
>>> [door.admit(f"10.0.1.{i}") for i in range(4)]
['in', 'in', 'in', 'busy']
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

MAX_OPEN = 64  # connections at once, whatever the file limit
PER_ADDRESS = 4  # connections from one address that have not said hello
SPARE = 6  # places beyond the seats and the strangers: a seat's new window, "busy" answers
RESERVED_SHARE = 4  # the host spends at most a quarter of its file handles on connections
MIN_BUDGET = 8

Verdict = Literal["in", "busy", "out"]


def connection_budget(limit: int | None = None) -> int:
    """Connections the host may hold at once under a file limit of ``limit`` handles
    (None: this process's soft ``RLIMIT_NOFILE``; unknown: :data:`MAX_OPEN`)."""
    if limit is None:
        try:
            import resource

            limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        except (ImportError, OSError, ValueError):  # not on this system
            return MAX_OPEN
        if limit == resource.RLIM_INFINITY or limit <= 0:
            return MAX_OPEN
    return max(MIN_BUDGET, min(MAX_OPEN, limit // RESERVED_SHARE))


class Door:
    """The count of open connections by address and by kind (see the module's text)."""

    def __init__(self, budget: int, seats: int) -> None:
        self.budget = budget
        self.strangers_most = max(1, budget - seats - SPARE)  # room kept for the seats
        self.open = 0  # accepted connections not yet closed
        self.strangers: Counter[str] = Counter()  # address -> open, no hello yet
        self.shut = 0  # connections shut out at once (counted for tests and the bench)
        self.told_busy = 0

    def full(self) -> bool:
        """Whether no connection may be accepted now (they wait in the system's queue)."""
        return self.open >= self.budget

    def admit(self, address: str) -> Verdict:
        """A connection was accepted from ``address``: let it in, answer it "busy", or
        shut it out (then it is not counted as open)."""
        if self.strangers[address] >= PER_ADDRESS:
            self.shut += 1
            return "out"
        if sum(self.strangers.values()) >= self.strangers_most:
            self.open += 1
            self.told_busy += 1
            return "busy"
        self.open += 1
        self.strangers[address] += 1
        return "in"

    def greeted(self, address: str) -> None:
        """The connection from ``address`` said hello and has a seat."""
        self._forget(address)

    def closed(self, address: str, verdict: Verdict, greeted: bool) -> None:
        """A connection let in as ``verdict`` has closed."""
        self.open -= 1
        if verdict == "in" and not greeted:
            self._forget(address)

    def _forget(self, address: str) -> None:
        self.strangers[address] -= 1
        if self.strangers[address] <= 0:
            del self.strangers[address]


__all__ = ["MAX_OPEN", "PER_ADDRESS", "Door", "Verdict", "connection_budget"]
