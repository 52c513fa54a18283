"""Grids of cells named like c4: columns are letters from a, rows are numbers from 1.

Cells are (col, row) int pairs inside the engine; `name`/`parse` convert notation. Games with a
growing grid (Thricewise) use a fixed frame large enough for every position the grid can take.
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator, Mapping, Sequence

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


def districts(
    suits_at: Mapping[Cell, Iterable[str]],
    order: Sequence[str] | None = None,
    dirs: Iterable[Cell] = ORTHO,
) -> dict[str, list[list[Cell]]]:
    """Suit-connected groups ("districts"): for each suit, the edge-joined groups of cells whose
    cards carry that suit. `suits_at` maps each occupied cell to its card's suits; a card with no
    suit (the Excuse) belongs to no group and so blocks. Each group is sorted, largest first (as
    `components`). With `order`, the result has exactly those suits, in that order (a suit with no
    card gets an empty list); otherwise suits appear in the order first met."""
    by_suit: dict[str, list[Cell]] = {s: [] for s in order} if order is not None else {}
    for cell, suits in suits_at.items():
        for s in suits:
            if order is None:
                by_suit.setdefault(s, [])
            if s in by_suit:
                by_suit[s].append(cell)
    dirs = tuple(dirs)
    return {s: components(members, dirs=dirs) for s, members in by_suit.items()}


# -- growing grids (Thricewise): cells outside any fixed size, bounding boxes, frontiers ----------

Box = tuple[int, int, int, int]  # (min col, min row, max col, max row), inclusive


def parse_free(text: str) -> Cell | None:
    """The cell for notation with no bounds: columns a..z then aa..zz, rows from 1 (0 or negative
    rows name cells above row 1, as in 'b-1'). None if the text is not a cell name."""
    text = text.strip().lower()
    i = 0
    while i < len(text) and "a" <= text[i] <= "z":
        i += 1
    letters, digits = text[:i], text[i:]
    if not 1 <= len(letters) <= 2 or not digits:
        return None
    body = digits[1:] if digits[0] == "-" else digits
    if not body.isdigit():
        return None
    col = ord(letters[-1]) - ord("a")
    if len(letters) == 2:
        col += 26 * (ord(letters[0]) - ord("a") + 1)
    return (col, int(digits) - 1)


def bbox(members: Iterable[Cell]) -> Box | None:
    """The smallest box holding every cell of `members`, or None when there are none."""
    it = iter(members)
    first = next(it, None)
    if first is None:
        return None
    c0 = c1 = first[0]
    r0 = r1 = first[1]
    for c, r in it:
        if c < c0:
            c0 = c
        elif c > c1:
            c1 = c
        if r < r0:
            r0 = r
        elif r > r1:
            r1 = r
    return (c0, r0, c1, r1)


def box_size(box: Box) -> tuple[int, int]:
    """(columns, rows) of a box."""
    return (box[2] - box[0] + 1, box[3] - box[1] + 1)


def grow_box(box: Box, cell: Cell) -> Box:
    """The box once `cell` is added."""
    c, r = cell
    return (min(box[0], c), min(box[1], r), max(box[2], c), max(box[3], r))


def frontier(occupied: Iterable[Cell], dirs: Iterable[Cell] = KING) -> set[Cell]:
    """Empty cells touching an occupied cell (by an edge or a corner with the default KING)."""
    occ = set(occupied)
    dirs = tuple(dirs)
    out: set[Cell] = set()
    for c, r in occ:
        for dc, dr in dirs:
            n = (c + dc, r + dr)
            if n not in occ:
                out.add(n)
    return out


def growth_cells(
    occupied: Iterable[Cell], max_cols: int, max_rows: int, dirs: Iterable[Cell] = KING
) -> list[Cell]:
    """Cells where a growing grid may take a new card: empty, touching an occupied cell, and
    keeping the bounding box within `max_cols` × `max_rows`. Sorted by row, then column."""
    occ = set(occupied)
    box = bbox(occ)
    if box is None:
        return []
    out = []
    for cell in frontier(occ, dirs):
        w, h = box_size(grow_box(box, cell))
        if w <= max_cols and h <= max_rows:
            out.append(cell)
    out.sort(key=lambda rc: (rc[1], rc[0]))
    return out
