"""SeatsPanel: every seat's name, score, public facts and card count, and whose turn it is.

A race to a target score (a cribbage board) is drawn as a peg bar under each seat when the
observation carries `extra["track"] = {"target": 121, "scores": [..per seat..]}` (optionally
`"back": [..]`, the previous score of each seat: the back peg).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from decktable.engine.models import Observation
from decktable.ui.glyphs import current_card_set

SEAT_COLOURS = 5


class SeatsPanel(Widget):
    """One line per seat (plus a line of facts when the game gives some; in a small terminal
    with more than five seats, the facts' values follow on the seat's own line, cut to fit)."""

    DEFAULT_CSS = """
    SeatsPanel {
        height: auto;
        width: 1fr;
        padding: 0 1;
    }
    """

    COMPONENT_CLASSES = {
        "seats-panel--title",
        "seats-panel--muted",
        "seats-panel--track",
        *(f"seat--{i}" for i in range(SEAT_COLOURS)),
    }

    #: a compact panel with more seats than this writes each seat on one line (facts cut to fit)
    CROWDED = 5
    #: with more seats than this, any panel writes each seat on one line (the prompt below the
    #: seats stays on screen: twelve seats of Envite)
    TOO_MANY = 8

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.obs: Observation | None = None
        self.bots: set[int] = set()
        self.levels: dict[int, str] = {}  # a bot seat's level (a random bot is just "bot")
        self.thinking: int | None = None  # the bot seat whose move is being computed
        #: small terminals: no title, and the facts of a seat on one line (cut to the width)
        self.compact = False
        #: a narrow table (one column): a seat's facts follow its count on its own line when
        #: they fit there whole (the prompt below the seats stays in the column's few rows)
        self.narrow = False

    def set_compact(self, compact: bool, narrow: bool = False) -> None:
        if compact != self.compact or narrow != self.narrow:
            self.compact = compact
            self.narrow = narrow
            self.refresh(layout=True)

    def show(self, obs: Observation, bots: set[int] | None = None, levels: dict[int, str] | None = None,
             thinking: int | None = None) -> None:
        """Repaint from an observation; relayout only when the number of lines changes.
        `levels`: the bots' levels; `thinking`: the bot seat whose move is being computed."""
        width = self.content_size.width or 40
        before = self._height(width) if self.obs is not None else -1
        self.obs = obs
        if bots is not None:
            self.bots = bots
        if levels is not None:
            self.levels = levels
        self.thinking = thinking
        self.refresh(layout=self._height(width) != before)

    def _lines(self) -> list[Text]:
        obs = self.obs
        if obs is None:
            return [Text("")]
        get = self.get_component_rich_style
        muted = get("seats-panel--muted", partial=True)
        counts: dict[int, int] = {}
        for z in obs.zones:
            if z.kind == "hand" and z.owner is not None:
                counts[z.owner] = counts.get(z.owner, 0) + z.count
        lines = [] if self.compact else [Text("Players", style=get("seats-panel--title", partial=True))]
        width = max((len(s.name) for s in obs.seats), default=4)
        crowded = (self.compact and len(obs.seats) > self.CROWDED) or len(obs.seats) > self.TOO_MANY
        # on a board with tokens each seat's token shape leads its name: the key to the board
        # for a player who cannot tell the seats' colours apart
        marks = current_card_set().tokens
        legend = obs.board is not None and any(c.tokens for c in obs.board.cells.values())
        for s in obs.seats:
            style = get(f"seat--{s.seat % SEAT_COLOURS}", partial=True)
            turn = s.seat in obs.to_act
            line = Text(f"{current_card_set().turn} " if turn else "  ", style=style + Style(bold=True))
            if legend:
                line.append(f"{marks[s.seat % len(marks)]} ", style=style)
            line.append(s.name.ljust(width), style=style + Style(bold=turn))
            score = f"{s.score:g}" if isinstance(s.score, float) else str(s.score)
            line.append(f" {score:>4}")
            if s.seat == self.thinking:
                mark = " …" if crowded else " thinks" if self.compact else " thinking…"  # as wide as a level
                line.append(mark, style=style + Style(italic=True))
            elif s.seat in self.bots and not crowded:
                level = self.levels.get(s.seat, "random")
                word = f" {level}" if level != "random" else " bot"
                count = f" {counts[s.seat]}c" if s.seat in counts else ""
                room = self.content_size.width or 30
                # a small panel drops the level rather than wrap the card count onto a line of its own
                if not self.compact or line.cell_len + len(word) + len(count) <= room:
                    line.append(word, style=muted)
            if s.seat in counts:
                n = counts[s.seat]
                line.append(f" {n}c" if self.compact else f"  {n} card{'s' if n != 1 else ''}", style=muted)
            if s.facts and crowded:
                # many seats in a small terminal: one line each, the facts' values after the count
                room = max(8, self.content_size.width or 30)
                line.append(" " + " · ".join(str(v) for v in s.facts.values()), style=muted)
                if line.cell_len > room:
                    line.truncate(room - 1)
                    line.append("…", style=muted)
                lines.append(line)
                bar = self._track_line(s.seat, style, muted)
                if bar is not None:
                    lines.append(bar)
                continue
            said = [k if v == "yes" else f"{k} {v}" for k, v in s.facts.items()]
            if said and self.narrow and line.cell_len + 1 + len(" · ".join(said)) <= (self.content_size.width or 30):
                line.append(" " + " · ".join(said), style=muted)  # whole, on the seat's line
                said = []
            lines.append(line)
            if said:
                # a flag says only its name ("Dealer", not "Dealer yes"): room for the counts;
                # the facts take the lines they need ("Closed the stock · De…" was cut at three
                # lines in a small terminal): the side column scrolls to what it cannot hold
                lines.extend(self._fact_lines(said, muted))
            bar = self._track_line(s.seat, style, muted)
            if bar is not None:
                lines.append(bar)
        return lines

    def _fact_lines(self, facts: list[str], muted: Style) -> list[Text]:
        """A seat's facts, whole facts to a line ("Tricks 0" never split over two), a fact longer
        than the panel broken at a space onto a line of its own: a line cut short hid the very
        count a hand is about (Lórum's hearts, Polignac's penalties, Schnapsen's marriages)."""
        room = max(8, self.content_size.width or 30)
        rows: list[str] = []
        for fact in facts:
            if rows and Text(f"  {rows[-1]} · {fact}").cell_len <= room:
                rows[-1] = f"{rows[-1]} · {fact}"
            else:
                rows.append(fact)
        out: list[Text] = []
        for row in rows:
            line = "  " + row
            while Text(line).cell_len > room:
                cut = line.rfind(" ", 4, room + 1)
                if cut < 0:
                    break  # one word wider than the panel: it wraps
                out.append(Text(line[:cut], style=muted))
                line = "    " + line[cut + 1:]
            out.append(Text(line, style=muted))
        return out

    def _track(self) -> tuple[float, list[float], list[float]] | None:
        """(target, scores, back pegs) from `extra["track"]`, or None when there is none."""
        obs = self.obs
        track = obs.extra.get("track") if obs is not None else None
        if not isinstance(track, dict):
            return None
        target, scores = track.get("target"), track.get("scores")
        if not isinstance(target, (int, float)) or target <= 0 or not isinstance(scores, (list, tuple)):
            return None
        back = track.get("back")
        if not isinstance(back, (list, tuple)):
            back = []
        num = lambda v: float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None  # noqa: E731
        return float(target), [num(v) for v in scores], [num(v) for v in back]

    def _track_line(self, seat: int, style: Style, muted: Style) -> Text | None:
        found = self._track()
        if found is None:
            return None
        target, scores, back = found
        if not 0 <= seat < len(scores) or scores[seat] is None:
            return None
        score = scores[seat]
        label = f" {score:g}/{target:g}"
        width = max(6, (self.content_size.width or 30) - 2 - len(label))
        filled = min(width, max(0, round(width * score / target)))
        prev = back[seat] if seat < len(back) else None
        # the front peg (●) at the score; the stretch since the back peg (the latest gain) is thin
        back_at = filled if prev is None else min(filled, max(0, round(width * prev / target)))
        line = Text("  ")
        track_s = self.get_component_rich_style("seats-panel--track", partial=True)
        for i in range(width):
            if i == filled - 1:
                line.append("●", style=style + Style(bold=True))
            elif i < back_at:
                line.append("━", style=style + Style(bold=True))
            elif i < filled:
                line.append("╌", style=style)
            else:
                line.append("·" if (i + 1) % 5 else "┆", style=track_s or muted)
        line.append(label, style=muted)
        return line

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._height(width)

    def _height(self, width: int) -> int:
        from decktable.ui.glyphs import wrapped_height

        return wrapped_height(self, self._lines(), width)

    def render(self) -> Text:
        return Text("\n").join(self._lines())
