"""Grids of cells named like c4: columns are letters from a, rows are numbers from 1.

Cells are (col, row) int pairs inside the engine; `name`/`parse` convert notation. Games with a
growing grid (Thricewise) use a fixed frame large enough for every position the grid can take.
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator

Cell = tuple[int, int]

ORTHO: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
KING: tuple[Cell, ...] = ORTHO + ((1, -1), (1, 1), (-1, 1), (-1, -1))
LINE_DIRS: tuple[Cell, ...] = ((1, 0), (0, 1), (1, 1), (1, -1))


def name(cell: Cell) -> str:
    c, r = cell
    return f"{chr(ord('a') + c)}{r + 1}"


def parse(text: str, cols: int, rows: int) -> Cell | None:
    """The cell for notation such as 'c4' inside a cols × rows grid, else None."""
    text = text.strip().lower()
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        return None
    c = ord(text[0]) - ord("a")
    r = int(text[1:]) - 1
    if 0 <= c < cols and 0 <= r < rows:
        return (c, r)
    return None


def cells(cols: int, rows: int) -> Iterator[Cell]:
    for r in range(rows):
        for c in range(cols):
            yield (c, r)


def neighbours(cell: Cell, cols: int, rows: int, dirs: Iterable[Cell] = ORTHO) -> Iterator[Cell]:
    c, r = cell
    for dc, dr in dirs:
        nc, nr = c + dc, r + dr
        if 0 <= nc < cols and 0 <= nr < rows:
            yield (nc, nr)


def components(
    members: Iterable[Cell], linked: Callable[[Cell, Cell], bool] | None = None, dirs: Iterable[Cell] = ORTHO
) -> list[list[Cell]]:
    """Connected groups among `members` (edge-joined by default), each sorted, largest first."""
    todo = set(members)
    dirs = tuple(dirs)
    groups: list[list[Cell]] = []
    while todo:
        start = todo.pop()
        group = [start]
        stack = [start]
        while stack:
            c, r = stack.pop()
            for dc, dr in dirs:
                n = (c + dc, r + dr)
                if n in todo and (linked is None or linked((c, r), n)):
                    todo.remove(n)
                    group.append(n)
                    stack.append(n)
        groups.append(sorted(group))
    groups.sort(key=lambda g: (-len(g), g))
    return groups


def lines_through(cell: Cell, length: int = 3) -> Iterator[tuple[Cell, ...]]:
    """Every straight line of `length` consecutive cells (rows, columns, both diagonals) that
    contains `cell`, unbounded: the caller keeps those whose cells all hold cards."""
    c, r = cell
    for dc, dr in LINE_DIRS:
        for offset in range(length):
            start = (c - dc * offset, r - dr * offset)
            yield tuple((start[0] + dc * k, start[1] + dr * k) for k in range(length))
