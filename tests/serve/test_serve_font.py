"""The font shipped for the browser page holds every glyph the card sets draw: the Decktet suits
(☾ ☼ ≈ ❦ § ⌘), the French suits (♠ ♥ ♦ ♣) and the other marks of the Unicode set."""

from __future__ import annotations

from pathlib import Path

import pytest

from decktable.themes.glyphs import UNICODE

FONTS = Path(__import__("decktable.web", fromlist=["x"]).__file__).parent / "static" / "fonts"


def glyphs() -> set[str]:
    marks = [*UNICODE.suits.values(), *UNICODE.ranks.values(), *UNICODE.kinds.values(), UNICODE.back,
             UNICODE.tokens, UNICODE.cursor, UNICODE.picked, UNICODE.turn, UNICODE.winner, *UNICODE.extra.values()]
    for faces in UNICODE.families.values():
        marks += [*faces.suits.values(), *faces.ranks.values(), *faces.kinds.values()]
    return {ch for m in marks for ch in m if not ch.isspace()}


@pytest.mark.parametrize("name", ["DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf"])
def test_the_shipped_font_has_every_card_glyph(name: str) -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    cmap = ttlib.TTFont(FONTS / name).getBestCmap()
    wanted = glyphs() | set("☾☼≈❦§⌘♠♥♦♣")
    missing = sorted(ch for ch in wanted if ord(ch) not in cmap)
    assert not missing, f"{name} lacks {missing}"


def test_the_font_licence_ships_beside_it() -> None:
    text = (FONTS / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in text and "Permission is hereby granted" in text
