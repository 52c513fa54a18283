"""Card glyph sets: how a card's rank and suits are written on screen.

Data only; `decktable.ui.glyphs` turns a card into styled text with one of these sets.
Every glyph is one terminal cell wide, and the default set uses no emoji (they are two cells wide
in many terminals and draw in colour regardless of the theme).

- "unicode" (default): one symbol per Decktet suit.
- "ascii": two letters per suit (Mo Su Wa Le Wy Kn), for terminals and fonts without the symbols.
"""

from __future__ import annotations

from dataclasses import dataclass, field

DEFAULT_SET = "unicode"


@dataclass(frozen=True)
class GlyphSet:
    """One way of writing cards: suit marks, rank marks and the joiner between rank and suits."""

    name: str
    suits: dict[str, str]
    ranks: dict[int, str]  # rank -> mark; ranks not listed print as digits
    kinds: dict[str, str]  # rank-less kinds (pawn, court, excuse) -> mark
    joiner: str = ""  # between the rank mark and the suit marks
    back: str = "▒"  # a face-down card
    token: str = "●"  # a player's token on a board
    cursor: str = "▶"
    extra: dict[str, str] = field(default_factory=dict)


UNICODE = GlyphSet(
    name="unicode",
    suits={
        "moons": "☾",
        "suns": "☼",
        "waves": "≈",
        "leaves": "❦",
        "wyrms": "§",
        "knots": "⌘",
    },
    ranks={1: "A", 10: "C"},
    kinds={"pawn": "P", "court": "Ct", "excuse": "X"},
    joiner="",
    back="▒",
    token="●",
    cursor="▶",
)

ASCII = GlyphSet(
    name="ascii",
    suits={
        "moons": "Mo",
        "suns": "Su",
        "waves": "Wa",
        "leaves": "Le",
        "wyrms": "Wy",
        "knots": "Kn",
    },
    ranks={1: "A", 10: "C"},
    kinds={"pawn": "P", "court": "Ct", "excuse": "X"},
    joiner=" ",
    back="#",
    token="*",
    cursor=">",
)

CARD_SETS: dict[str, GlyphSet] = {s.name: s for s in (UNICODE, ASCII)}
