"""StatusPanel: the game's status facts (trump, deck size, hand number ...) and the prompt."""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from decktable.engine.models import Observation


def _short(value: Any) -> str | None:
    """A one-line rendering of a plain value, or None when it is not short and plain."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (str, int, float)):
        return str(value)
    if isinstance(value, (list, tuple)) and all(isinstance(v, (str, int, float)) for v in value):
        text = ", ".join(str(v) for v in value)
        return text if len(text) <= 60 else None
    return None


def _says(prompt: str, value: str) -> bool:
    """Whether the prompt already says this fact's value, as a phrase of its own: a short value
    ("1", "Bid") is left alone, it would match by chance."""
    if len(value) < 8 or not prompt:
        return False
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", prompt, re.IGNORECASE) is not None


def _packed(lines: list[Text], width: int) -> list[Text]:
    """Lines that fit the width side by side joined with " · " (a small terminal's side column
    has few rows and short facts leave most of each row empty)."""
    out: list[Text] = []
    for line in lines:
        if out and out[-1].cell_len + 3 + line.cell_len <= width:
            out[-1] = Text.assemble(out[-1], " · ", line)
        else:
            out.append(line.copy())
    return out


class StatusPanel(Widget):
    """Status lines, then the prompt for the seat to act, or a note of who is acting.

    The lines are `Observation.status` (short facts in words). A game may add more lines for
    this panel through `Observation.extra["panel"]`: a dict of label -> short value, or a list
    of sentences. The rest of `extra` is data for bots and tests and is not shown.
    """

    DEFAULT_CSS = """
    StatusPanel {
        height: auto;
        width: 1fr;
        padding: 0 1;
    }
    """

    COMPONENT_CLASSES = {"status-panel--key", "status-panel--prompt", "status-panel--muted"}

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.obs: Observation | None = None
        self.hint = ""
        self._tallest = 0  # the panel never shrinks (a shrink costs a relayout of the screen)
        #: small terminals: the prompt first, then the facts, short ones two or three to a line
        self.compact = False

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            self._tallest = 0
            self.refresh(layout=True)

    def show(self, obs: Observation, hint: str = "") -> None:
        """Repaint; relayout only when the height at the current width changes."""
        width = self.content_size.width or 40
        before = self._height(width) if self.obs is not None else -1
        self.obs = obs
        self.hint = hint
        self.refresh(layout=self._height(width) > max(before, self._tallest))

    def _lines(self) -> list[Text]:
        obs = self.obs
        if obs is None:
            return [Text("")]
        get = self.get_component_rich_style
        key_s = get("status-panel--key", partial=True)
        muted = get("status-panel--muted", partial=True)
        lines: list[Text] = []
        facts: dict[str, str] = {}
        if obs.phase_label:  # the game's own words for its phase (Game.phase_words)
            facts["Phase"] = obs.phase_label
        facts.update(obs.status)
        panel = obs.extra.get("panel")
        sentences: list[str] = []
        if isinstance(panel, dict):
            for k, v in panel.items():
                text = _short(v)
                if text:
                    facts[str(k)] = text
        elif isinstance(panel, (list, tuple)):
            sentences = [str(x) for x in panel]
        for k, v in facts.items():
            line = Text(f"{k}: ", style=key_s)
            line.append(v)
            lines.append(line)
        lines.extend(Text(x) for x in sentences)
        prompt: Text | None = None
        if self.hint:
            prompt = Text(self.hint, style=get("status-panel--prompt", partial=True))
        elif obs.prompt and obs.legal:
            prompt = Text(obs.prompt, style=get("status-panel--prompt", partial=True))
        elif obs.to_act and not obs.over:
            names = ", ".join(obs.seats[s].name for s in obs.to_act if 0 <= s < len(obs.seats))
            prompt = Text(f"Waiting for {names}.", style=muted)
        if self.compact:
            # a fact the prompt already says ("Hand: 7 of 10: Positive hand" under "Hand 7 of 10:
            # Positive hand ...") gives its lines to the facts below it, which were cut off
            said = prompt.plain if prompt is not None else ""
            kept = [line for line, v in zip(lines, facts.values()) if not _says(said, v)]
            # short facts share a line ("Hand: 3 · Dealer: Ann"), and a long one wraps whole
            # ("Play: strict: follow suit and beat, else trump" was cut after its third line):
            # what the side column cannot hold it scrolls to, nothing is cut away
            lines = _packed(kept, max(8, self.content_size.width or 30)) + lines[len(facts):]
            return ([prompt] if prompt is not None else []) + lines or [Text("")]
        if prompt is not None:
            lines.append(prompt)
        return lines or [Text("")]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._tallest = max(self._tallest, self._height(width))
        return self._tallest

    def on_resize(self) -> None:
        self._tallest = 0

    def _height(self, width: int) -> int:
        """Lines after wrapping at `width`."""
        from decktable.ui.glyphs import wrapped_height

        return wrapped_height(self, self._lines(), width)

    def render(self) -> Text:
        return Text("\n").join(self._lines())
