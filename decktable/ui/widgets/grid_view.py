"""GridView: a board (`BoardView`) as one composite widget with a cell cursor.

Each cell shows its card (label and short name) and the tokens on it in player colours. The
groups (districts, lines) that hold the cell under the cursor are highlighted, and so are the
cells a legal action may target. Enter or a click posts `GridView.CellChosen`.
"""

from __future__ import annotations

import textwrap

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from decktable.engine.models import BoardView
from decktable.ui.glyphs import SUIT_COMPONENTS, card_name, card_text, current_card_set
from decktable.ui.glyphs import suit_styles as suit_styles_of

CELL_W = 10
MAX_CELL_W = 14  # the longest Decktet name, "Chance Meeting"
GAP = 1
ROW_HDR = 4
TINY_CELL_W = 4  # the narrowest cell: a card's label ("10☾≈"), no name
LINES = 4  # lines per grid row: label, name, tokens, spacer
SEAT_COLOURS = 5


class GridView(Widget, can_focus=True):
    """A grid of cells named like c4 (columns left to right, rows top to bottom)."""

    DEFAULT_CSS = """
    GridView {
        height: auto;
        width: auto;
        padding: 0 1;
    }
    """

    BINDINGS: list[BindingType] = [
        Binding("left,h", "move(-1, 0)", "Move", key_display="←→↑↓ hjk"),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("up,k", "move(0, -1)", "Up", show=False),
        Binding("down,j", "move(0, 1)", "Down", show=False),
        Binding("enter", "choose", "Choose cell"),
    ]

    COMPONENT_CLASSES = {
        "grid-view--header",
        "grid-view--card",
        "grid-view--empty",
        "grid-view--target",
        "grid-view--group",
        "grid-view--cursor",
        *SUIT_COMPONENTS,
        *(f"seat--{i}" for i in range(SEAT_COLOURS)),
    }

    class CellChosen(Message):
        """A cell was chosen (Enter on it, or a click)."""

        def __init__(self, grid: GridView, cell: str) -> None:
            super().__init__()
            self.grid = grid
            self.cell = cell

        @property
        def control(self) -> GridView:
            return self.grid

    def __init__(self, family: str = "decktet", *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.family = family
        self.board: BoardView | None = None
        self.targets: frozenset[str] = frozenset()
        self.col = 0
        self.row = 0
        self._members: dict[str, frozenset[str]] = {}
        #: no spacer line between grid rows (and no token line on a board without tokens): the
        #: table switches to this when the full drawing would not fit on the screen
        self.dense = False
        #: the table's last resort (a lesson's coach over Jacynth at 80x24): one line a grid row,
        #: the labels and tokens only; the foot names the card under the cursor
        self.bare = False
        self.cell_w = CELL_W  # narrower when the grid is dense and the column is narrow
        #: even the narrowest cells do not fit the column: the foot says so (never cut silently)
        self.cut = False
        self.room = 0  # the columns the grid had when it was last fitted
        self.need = 0  # the columns the grid needs at its narrowest

    # -- data ---------------------------------------------------------------------------------

    def show_board(self, board: BoardView | None, targets: frozenset[str] = frozenset()) -> None:
        """Show a board; keeps the cursor on the same cell name when the grid grows."""
        before = self.cell
        old_shape = (len(self.board.cols), len(self.board.rows)) if self.board else None
        self.board = board
        self.targets = targets
        members: dict[str, set[str]] = {}
        if board is not None:
            for groups in board.groups.values():
                for group in groups:
                    gs = set(group)
                    for c in group:
                        members.setdefault(c, set()).update(gs)
        self._members = {k: frozenset(v) for k, v in members.items()}
        if board is not None:
            if before is not None:
                self.move_to(before)
            self.col = min(self.col, len(board.cols) - 1)
            self.row = min(self.row, len(board.rows) - 1)
            if targets and self.cell not in targets:
                self.move_to(sorted(targets, key=self._order)[0])
        new_shape = (len(board.cols), len(board.rows)) if board else None
        self.refresh(layout=new_shape != old_shape)

    def set_targets(self, targets: frozenset[str]) -> None:
        self.targets = targets
        if targets and self.cell not in targets:
            self.move_to(sorted(targets, key=self._order)[0])
        self.refresh()

    def _order(self, cell: str) -> tuple[int, int]:
        c, r = self._index(cell) or (0, 0)
        return (r, c)

    def _index(self, cell: str) -> tuple[int, int] | None:
        if self.board is None:
            return None
        for r, rn in enumerate(self.board.rows):
            if cell.endswith(rn) and cell[: len(cell) - len(rn)] in self.board.cols:
                return (self.board.cols.index(cell[: len(cell) - len(rn)]), r)
        return None

    def move_to(self, cell: str) -> None:
        idx = self._index(cell)
        if idx is not None:
            self.col, self.row = idx
            self.refresh()

    @property
    def cell(self) -> str | None:
        if self.board is None or not self.board.cols or not self.board.rows:
            return None
        return f"{self.board.cols[self.col]}{self.board.rows[self.row]}"

    # -- geometry -----------------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        cols = len(self.board.cols) if self.board else 1
        return ROW_HDR + cols * (self.cell_w + GAP)

    def _has_marks(self) -> bool:
        board = self.board
        return board is not None and any(v.tokens or v.note for v in board.cells.values())

    @property
    def row_lines(self) -> int:
        """Lines per grid row: label, name, tokens, spacer (dense: no spacer; no token line
        when no cell has a token or a note)."""
        if not self.dense:
            return LINES
        if self.bare:
            return 1  # bare: the label line alone, its tokens at its end
        return 2  # dense: tokens and notes go at the end of the label line

    def base_width(self) -> int:
        """The grid's width with cells of the usual size (what decides whether it must be dense)."""
        cols = len(self.board.cols) if self.board else 1
        return ROW_HDR + cols * (CELL_W + GAP)

    def set_dense(self, dense: bool, width: int | None = None, bare: bool = False) -> None:
        """Dense or full drawing, with cells as wide as `width` (the grid's outer width) allows:
        a dense grid narrows them down to 6 a cell; a full one widens them up to MAX_CELL_W, so
        that card names are whole where there is room ("Chance Meeting" at 120 columns)."""
        cell_w = CELL_W
        if width is not None and self.board is not None:
            cols = max(1, len(self.board.cols))

            def fits(w: int) -> bool:
                return ROW_HDR + cols * (w + GAP) + 4 <= width

            if dense:
                # below 6 a cell (a phone's 41 columns: Jacynth's six columns at 4 each) the
                # names give way to the label, the tokens take the name's line
                while cell_w > TINY_CELL_W and not fits(cell_w):
                    cell_w -= 1
            else:
                while cell_w < MAX_CELL_W and fits(cell_w + 1):
                    cell_w += 1
            cut = not fits(cell_w)
            self.need = ROW_HDR + cols * (TINY_CELL_W + GAP) + 4
            if cut != self.cut or width != self.room:
                self.cut, self.room = cut, width
                self.refresh(layout=True)
        bare = bare and dense and cell_w >= 6  # tiny cells keep a second line for their tokens
        if dense != self.dense or cell_w != self.cell_w or bare != self.bare:
            self.dense = dense
            self.bare = bare
            self.cell_w = cell_w
            self.refresh(layout=True)

    def foot_parts(self) -> tuple[str, str, str]:
        """(what a grid too wide for the screen says, the board's note, the cell under the cursor)."""
        board = self.board
        cut = ""
        if self.cut:
            cut = (f"Only the left part of the grid fits: it needs {self.need} columns and this screen has "
                   f"{self.room}. Turn the phone or widen the terminal to see it whole.")
        note = board.note if board is not None and board.note else ""
        info = ""
        here = self.cell
        if board is not None and here is not None:
            view = board.cells.get(here)
            info = f"[{here}]"
            if view is not None and view.card:
                info += f" {card_name(view.card, self.family)}"
        return cut, note, info

    def foot_lines(self) -> list[str]:
        """The lines under the grid: its note and the cell under the cursor on one line; where the
        cells are too narrow for names (or the grid is cut, or bare) wrapped to the width, the cursor's
        card (its only name on screen) on a line of its own."""
        cut, note, info = self.foot_parts()
        if not (self.cut or self.cell_w < 6 or self.bare):
            return [f"{note}  {info}" if note and info else note or (f"  {info}" if info else "")]
        room = self.foot_width()
        lines = self.cut_said() + textwrap.wrap(note, room) + textwrap.wrap(info, room)
        return lines or [""]

    def cut_said(self) -> list[str]:
        """The lines saying that the grid is cut (none when it fits)."""
        return textwrap.wrap(self.foot_parts()[0], self.foot_width())

    def foot_width(self) -> int:
        """The width the foot is wrapped to: the grid's own (its cells), within the column."""
        cols = len(self.board.cols) if self.board else 1
        return max(16, min(self.room - 4, ROW_HDR + cols * (self.cell_w + GAP)))

    def height_if(self, dense: bool, bare: bool = False) -> int:
        was = self.dense, self.bare
        self.dense, self.bare = dense, bare and dense and self.cell_w >= 6
        try:
            rows = len(self.board.rows) if self.board else 1
            return 1 + rows * self.row_lines + len(self.foot_lines()) + 2
        finally:
            self.dense, self.bare = was

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        rows = len(self.board.rows) if self.board else 1
        return 1 + rows * self.row_lines + len(self.foot_lines())

    # -- drawing ------------------------------------------------------------------------------

    def render(self) -> Text:
        board = self.board
        if board is None:
            return Text("(no board)")
        get = self.get_component_rich_style
        header = get("grid-view--header", partial=True)
        card_s = get("grid-view--card", partial=True)
        empty_s = get("grid-view--empty", partial=True)
        target_s = get("grid-view--target", partial=True)
        group_s = get("grid-view--group", partial=True)
        cursor_s = get("grid-view--cursor", partial=True)
        suit_styles = suit_styles_of(get)
        seat_styles = [get(f"seat--{i}", partial=True) for i in range(SEAT_COLOURS)]
        marks = current_card_set().tokens
        here = self.cell
        lit = self._members.get(here, frozenset()) if here else frozenset()
        lines: list[Text] = []
        top = Text(" " * ROW_HDR)
        for cn in board.cols:
            top.append(cn.center(self.cell_w) + " " * GAP, style=header)
        lines.append(top)
        for r, rn in enumerate(board.rows):
            l1 = Text(rn.rjust(ROW_HDR - 1) + " ", style=header)
            l2 = Text(" " * ROW_HDR)
            l3 = Text(" " * ROW_HDR)
            for c, cn in enumerate(board.cols):
                name = f"{cn}{rn}"
                view = board.cells.get(name)
                extra = Style()
                if name in lit:
                    extra += group_s
                if name in self.targets:
                    extra += target_s
                if self.has_focus and name == here:
                    extra += cursor_s
                base = (card_s if view is not None and view.card else empty_s) + extra
                tokens = Text()
                if view is not None:
                    for seat in view.tokens:
                        tokens.append(marks[seat % len(marks)], style=base + seat_styles[seat % SEAT_COLOURS])
                    if view.note:
                        tokens.append(" " + view.note, style=base)
                tiny = self.cell_w < 6  # the label alone; the tokens on the name's line
                # dense: the tokens end the label line (no line of their own)
                inline = self.dense and bool(tokens) and not tiny
                if inline:
                    tokens.truncate(max(1, self.cell_w // 2))
                label_w = self.cell_w - (tokens.cell_len + 1 if inline else 0)
                if view is not None and view.card:
                    styles = dict(suit_styles, card=base)
                    l1.append_text(card_text(view.card, self.family, styles=styles, width=label_w))
                    nm = card_name(view.card, self.family)
                    if len(nm) > self.cell_w:
                        nm = nm[: self.cell_w - 1] + "…"
                    if not tiny:
                        l2.append(nm.ljust(self.cell_w), style=base)
                else:
                    mark = "+" if name in self.targets else "·"
                    l1.append(mark.center(label_w), style=base)
                    if not tiny:
                        l2.append(" " * self.cell_w, style=base)
                if tiny:  # the name's line holds the tokens (the cursor's line below names the card)
                    tokens.truncate(self.cell_w)
                    l2.append_text(tokens)
                    l2.append(" " * (self.cell_w - tokens.cell_len), style=base)
                    tokens = Text()
                if inline:
                    l1.append(" ", style=base)
                    l1.append_text(tokens)
                    tokens = Text()
                tokens.truncate(self.cell_w)
                if tokens.cell_len < self.cell_w:
                    tokens.append(" " * (self.cell_w - tokens.cell_len), style=base)
                l3.append_text(tokens)
                for ln in (l1, l2, l3):
                    ln.append(" " * GAP)
            lines.extend([l1, l2, l3, Text()][: self.row_lines])
        if not (self.cut or self.cell_w < 6 or self.bare):  # the note and the cursor's cell on one line
            _cut, note, info = self.foot_parts()
            foot = Text(note, style=header)
            if info:
                foot.append(f"  {info}", style=header)
            lines.append(foot)
        else:
            said = self.cut_said()
            for line in self.foot_lines():
                lines.append(Text(line, style=header + Style(bold=True) if line in said else header))
        return Text("\n").join(lines)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # -- keys and mouse -----------------------------------------------------------------------

    def action_move(self, dc: int, dr: int) -> None:
        if self.board is None:
            return
        nc, nr = self.col + dc, self.row + dr
        if not 0 <= nr < len(self.board.rows):
            if dr < 0:
                self.screen.focus_previous()
            else:
                self.screen.focus_next()
            return
        self.col = nc % len(self.board.cols)
        self.row = nr
        self.refresh()
        self._keep_cursor_visible()

    def _keep_cursor_visible(self) -> None:
        """On a small terminal the table scrolls: keep the cursor's cell on screen."""
        parent = self.parent
        if parent is None or not isinstance(parent, Widget) or not parent.is_scrollable:
            return
        if parent.max_scroll_x <= 0 and parent.max_scroll_y <= 0:
            return
        from textual.geometry import Region

        box = self.virtual_region
        x = box.x + 1 + 1 + ROW_HDR + self.col * (self.cell_w + GAP)
        y = box.y + 1 + 1 + self.row * self.row_lines
        parent.scroll_to_region(Region(x - ROW_HDR, y - 1, self.cell_w + ROW_HDR, self.row_lines + 1), animate=False)

    def action_choose(self) -> None:
        cell = self.cell
        if cell is not None:
            self.post_message(self.CellChosen(self, cell))

    def cell_at(self, x: int, y: int) -> str | None:
        if self.board is None or y < 1 or x < ROW_HDR:
            return None
        c, rest = divmod(x - ROW_HDR, self.cell_w + GAP)
        r, line = divmod(y - 1, self.row_lines)
        if rest >= self.cell_w or line >= 3:
            return None
        if 0 <= c < len(self.board.cols) and 0 <= r < len(self.board.rows):
            return f"{self.board.cols[c]}{self.board.rows[r]}"
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = self.cell_at(offset.x, offset.y)
        if cell is None:
            return
        self.move_to(cell)
        self.focus()
        self.post_message(self.CellChosen(self, cell))
