"""A seat's link as a QR code in the terminal, so a phone joins by pointing its camera at it.

The code comes from `segno` (pure Python); it is drawn with half blocks, two rows of modules per
line of text: `▀` shows the upper module in the glyph's colour and the lower one in its
background's. `qr_text` sets both colours (dark modules black, light ones white), so the code
reads the same on a dark or a light terminal; `qr_rows` is the plain version for output without
colours, where a light module is the drawn one (`█`, `▀`, `▄`), as a terminal's light glyphs on its
dark background. A quiet zone of QUIET light modules surrounds the code, as scanners need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.text import Text

#: light modules around the code (the standard asks for 4; phones read 2 well, and a 24-row
#: terminal has room for a seat's link with 2)
QUIET = 2
DARK_STYLE = "#000000"
LIGHT_STYLE = "#ffffff"


def modules(url: str, quiet: int = QUIET) -> list[list[bool]]:
    """The code's modules, True for dark, with the quiet zone around them; rows of equal length."""
    import segno

    code = segno.make(url, error="l", micro=False)  # the smallest code; segno raises the error level when it fits
    inner = [[bool(v) for v in row] for row in code.matrix]
    width = len(inner[0]) + 2 * quiet
    blank = [[False] * width for _ in range(quiet)]
    return blank + [[False] * quiet + row + [False] * quiet for row in inner] + [list(r) for r in blank]


def _pairs(grid: list[list[bool]]) -> list[list[tuple[bool, bool]]]:
    """(upper dark, lower dark) for each text cell; an odd last row pairs with a light row."""
    rows = grid if len(grid) % 2 == 0 else grid + [[False] * len(grid[0])]
    return [list(zip(rows[i], rows[i + 1])) for i in range(0, len(rows), 2)]


def qr_rows(url: str, quiet: int = QUIET) -> list[str]:
    """The code as plain lines: light modules drawn, dark ones left blank."""
    glyph = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
    return ["".join(glyph[p] for p in line) for line in _pairs(modules(url, quiet))]


def qr_text(url: str, quiet: int = QUIET) -> Text:
    """The code in black and white whatever the terminal's colours: each cell an upper half block
    coloured as its upper module, on its lower module's colour."""
    from rich.style import Style
    from rich.text import Text

    colour = {True: DARK_STYLE, False: LIGHT_STYLE}
    out = Text(no_wrap=True, overflow="crop")
    lines = _pairs(modules(url, quiet))
    for n, line in enumerate(lines):
        for upper, lower in line:
            out.append("▀", Style(color=colour[upper], bgcolor=colour[lower]))
        if n < len(lines) - 1:
            out.append("\n")
    return out


def print_codes(links: list[tuple[str, str]], file=None) -> None:
    """Each link's name, URL and code, for `decktable host --qr` (colours when the output is a
    terminal, the plain drawing otherwise)."""
    import sys

    from rich.console import Console

    out = file or sys.stdout
    console = Console(file=out, highlight=False, soft_wrap=True)
    for name, url in links:
        console.print(f"{name}: {url}", markup=False)
        if console.is_terminal:
            console.print(qr_text(url))
        else:
            console.print("\n".join(qr_rows(url)), markup=False)
        console.print()
