"""The score sheet's values (R9), in one place.

>>> row_value(0, 3)   # three aces
90
>>> negative_value(6)
13
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import RANKS


def row_base(rank: int) -> int:
    """R9.1: base 15 for A, 10 for 10, J, Q, K and 5 for 2-9."""
    if rank == 0:
        return 15
    if rank >= 9:
        return 10
    return 5


def row_value(rank: int, boxes: int) -> int:
    """R9.1: the value of a rank's row with ``boxes`` filled (the first open box)."""
    return row_base(rank) * boxes * (boxes + 1) // 2


def negative_step(box: int) -> int:
    """R9.2: what negative box number ``box`` (1-based) costs."""
    if box <= 5:
        return 2
    if box <= 10:
        return 3
    if box <= 15:
        return 5
    return 10


def negative_value(boxes: int) -> int:
    """R9.2: the negative value of ``boxes`` filled negative boxes (in closed form: the
    sum of the steps of :func:`negative_step`, without counting them one by one).

    >>> [negative_value(k) for k in (0, 1, 5, 6, 10, 11, 15, 16, 20)]
    [0, 2, 10, 13, 25, 30, 50, 60, 100]
    """
    k = max(0, boxes)
    return (
        2 * min(k, 5) + 3 * min(max(k - 5, 0), 5) + 5 * min(max(k - 10, 0), 5) + 10 * max(k - 15, 0)
    )


def sheet_score(rows: Sequence[int], negatives: int) -> int:
    """R9.4: the sum of the thirteen row values minus the negative value."""
    return sum(row_value(r, k) for r, k in enumerate(rows)) - negative_value(negatives)


def places(scores: Sequence[int]) -> list[int]:
    """R9.4: by seat, its place at the game's end, 1 plus the seats that scored more:
    equal scores share the higher place, as equal highest scores share the win.

    >>> places([40, 95, 40, 12])
    [2, 1, 2, 4]
    """
    return [1 + sum(v > mine for v in scores) for mine in scores]


def rows_dict(rows: Sequence[int]) -> dict[str, int]:
    """Rows keyed by rank name, as the state JSON writes them."""
    return {RANKS[r]: k for r, k in enumerate(rows)}
