"""A tiny terminal screen: enough of a VT to read what a Textual app draws (cursor moves, text,
clears), for the tests and the benchmark of `decktable serve`, which see the app only as the
bytes sent to the browser. Colours and modes are skipped; wide characters take two cells.
"""

from __future__ import annotations

import re
import unicodedata

_TOKEN = re.compile(
    r"\x1b\[(?P<params>[0-9;?$>]*)(?P<final>[A-Za-z@`])"  # CSI
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    r"|\x1b[()][0-9A-Za-z]"  # charset
    r"|\x1b[=>78]"  # keypad, save/restore cursor
    r"|(?P<ctl>[\r\n\b])"
    r"|(?P<text>[^\x00-\x1f\x1b]+)"
    r"|[\x00-\x1f]"
)


def _width(ch: str) -> int:
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


class Screen:
    """`feed` the app's output; `lines()`, `text()` and `find()` read the screen back."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.width, self.height = width, height
        self.row = self.col = 0
        self._pending = ""
        self.clear()

    def clear(self) -> None:
        self.cells = [[" "] * self.width for _ in range(self.height)]

    def resize(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.clear()

    def feed(self, data: bytes | str) -> None:
        text = self._pending + (data.decode("utf-8", "replace") if isinstance(data, bytes) else data)
        cut = text.rfind("\x1b")
        if cut >= 0 and not _TOKEN.match(text, cut):  # an escape sequence split across messages
            text, self._pending = text[:cut], text[cut:]
        else:
            self._pending = ""
        for m in _TOKEN.finditer(text):
            if m.group("text") is not None:
                self._put(m.group("text"))
            elif m.group("ctl") is not None:
                ctl = m.group("ctl")
                if ctl == "\r":
                    self.col = 0
                elif ctl == "\n":
                    self.row = min(self.row + 1, self.height - 1)
                elif ctl == "\b":
                    self.col = max(0, self.col - 1)
            elif m.group("final") is not None:
                self._csi(m.group("params"), m.group("final"))

    def _csi(self, params: str, final: str) -> None:
        if final in "Hf" and not params.startswith("?"):
            parts = [p for p in params.split(";")]
            row = int(parts[0]) if parts and parts[0].isdigit() else 1
            col = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1
            self.row = max(0, min(self.height - 1, row - 1))
            self.col = max(0, min(self.width - 1, col - 1))
        elif final == "J" and params in ("2", "3"):
            self.clear()
        elif final in "hl" and params in ("?1049", "?47", "?1047"):
            self.clear()

    def _put(self, text: str) -> None:
        row = self.cells[self.row]
        for ch in text:
            w = _width(ch)
            if w == 0:
                continue
            if self.col + w > self.width:
                break
            row[self.col] = ch
            if w == 2:
                row[self.col + 1] = ""
            self.col += w

    def lines(self) -> list[str]:
        return ["".join(r).rstrip() for r in self.cells]

    def text(self) -> str:
        return "\n".join(self.lines())

    def find(self, needle: str) -> tuple[int, int] | None:
        """(row, column) of the first cell of `needle` on screen, counted from 0, or None."""
        for r, line in enumerate(self.cells):
            cols = [c for c, ch in enumerate(line) if ch]
            i = "".join(line).find(needle)
            if i >= 0:
                return r, cols[i]
        return None
