"""SeatsPanel: every seat's name, score, public facts and card count, and whose turn it is."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from decktable.engine.models import Observation

SEAT_COLOURS = 5


class SeatsPanel(Widget):
    """One line per seat (plus a line of facts when the game gives some)."""

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
        *(f"seat--{i}" for i in range(SEAT_COLOURS)),
    }

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.obs: Observation | None = None
        self.bots: set[int] = set()

    def show(self, obs: Observation, bots: set[int] | None = None) -> None:
        """Repaint from an observation; relayout only when the number of lines changes."""
        width = self.content_size.width or 40
        before = self._height(width) if self.obs is not None else -1
        self.obs = obs
        if bots is not None:
            self.bots = bots
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
        lines = [Text("Players", style=get("seats-panel--title", partial=True))]
        width = max((len(s.name) for s in obs.seats), default=4)
        for s in obs.seats:
            style = get(f"seat--{s.seat % SEAT_COLOURS}", partial=True)
            turn = s.seat in obs.to_act
            line = Text("▸ " if turn else "  ", style=style + Style(bold=True))
            line.append(s.name.ljust(width), style=style + Style(bold=turn))
            score = f"{s.score:g}" if isinstance(s.score, float) else str(s.score)
            line.append(f" {score:>4}")
            if s.seat in self.bots:
                line.append(" bot", style=muted)
            if s.seat in counts:
                n = counts[s.seat]
                line.append(f"  {n} card{'s' if n != 1 else ''}", style=muted)
            lines.append(line)
            if s.facts:
                facts = Text("  ", style=muted)
                facts.append(" · ".join(f"{k} {v}" for k, v in s.facts.items()), style=muted)
                lines.append(facts)
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._height(width)

    def _height(self, width: int) -> int:
        w = max(1, width)
        return sum(max(1, -(-line.cell_len // w)) for line in self._lines())

    def render(self) -> Text:
        return Text("\n").join(self._lines())
