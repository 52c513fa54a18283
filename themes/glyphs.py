"""Card glyph sets: how a card's rank and suits are written on screen.

Data only; `decktable.ui.glyphs` turns a card into styled text with one of these sets.
Every glyph is one terminal cell wide, and the default set uses no emoji (they are two cells wide
in many terminals and draw in colour regardless of the theme).

- "unicode" (default): one symbol per Decktet suit; the French suits as ♠ ♥ ♦ ♣ (`10♥`, `Q♠`).
- "ascii": two letters per Decktet suit (Mo Su Wa Le Wy Kn), for terminals and fonts without
  the symbols; French cards as rank and suit letter (`10S`, `QH`).
- The tarot (Rally): suits ■ Earth, ≈ Water, ▲ Fire, ○ Air (ASCII Ea Wa Fi Ai), courts K Q C J,
  trumps as their number after a trump mark (`✦21`, ASCII `T21`), the Fool `◎` (ASCII `Fool`).
- "four-colour" and "ascii-four-colour": the same glyphs, with the French suits in four colours
  (spades black, hearts red, diamonds blue, clubs green) for people who mix up the suits.
  Decktet cards are drawn the same in every colour choice (each Decktet suit has its own colour).

The colours themselves are theme variables ($suit-black, $suit-red, $suit-blue, $suit-green,
see themes/colours.py), chosen through the component classes of themes/table.tcss.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

DEFAULT_SET = "unicode"


@dataclass(frozen=True)
class Faces:
    """How one non-Decktet family (the French pack, the tarot) writes its cards."""

    suits: dict[str, str]
    ranks: dict[int, str]  # rank -> mark; ranks not listed print as digits
    kinds: dict[str, str] = field(default_factory=dict)
    joiner: str = ""
    #: marks by the card's rank NAME, for a family whose `rank` is a strength (the tarot:
    #: "King" -> "K", "Cavalier" -> "C"); a name not listed prints as itself ("21", "10")
    names: dict[str, str] = field(default_factory=dict)
    #: suits whose mark goes before the rank (the tarot's trumps: `✦21`, ASCII `T21`)
    before: frozenset[str] = frozenset()


@dataclass(frozen=True)
class GlyphSet:
    """One way of writing cards: suit marks, rank marks and the joiner between rank and suits.

    The top-level suits, ranks, kinds and joiner are the Decktet's; `families` holds the other
    families' faces. `four_colour` draws the French suits in four colours instead of two.
    """

    name: str
    suits: dict[str, str]
    ranks: dict[int, str]  # rank -> mark; ranks not listed print as digits
    kinds: dict[str, str]  # rank-less kinds (pawn, court, excuse) -> mark
    joiner: str = ""  # between the rank mark and the suit marks
    back: str = "▒"  # a face-down card
    #: players' tokens on a board, one shape a seat (cycling), so that they are told apart
    #: without their colours
    tokens: str = "●▲■◆"
    cursor: str = "▶"
    extra: dict[str, str] = field(default_factory=dict)
    families: dict[str, Faces] = field(default_factory=dict)
    four_colour: bool = False
    picked: str = "✓"  # a card marked for a play of several cards
    special: str = "★"  # a card the game makes special now (a trump, a penalty card)
    new: str = "✦"  # a card just drawn: new in the seat's hand since it last acted
    turn: str = "▸"  # beside the name of a seat whose turn it is
    winner: str = "♛"  # beside the name of a trick's winner


FRENCH_RANKS: dict[int, str] = {11: "J", 12: "Q", 13: "K", 14: "A"}

#: the 63-card tarot (Rally): courts by their rank names; pips print as their numbers
TAROT_NAMES: dict[str, str] = {"King": "K", "Queen": "Q", "Cavalier": "C", "Jack": "J", "Ace": "A"}

#: four one-cell suit marks of different shapes (no emoji), and a trump mark before the number;
#: the Fool has a mark of its own
TAROT_UNICODE = Faces(
    suits={"earth": "■", "water": "≈", "fire": "▲", "air": "○", "trumps": "✦"},
    ranks={},
    kinds={"fool": "◎"},
    names=TAROT_NAMES,
    before=frozenset({"trumps"}),
)

TAROT_ASCII = Faces(
    suits={"earth": "Ea", "water": "Wa", "fire": "Fi", "air": "Ai", "trumps": "T"},
    ranks={},
    kinds={"fool": "Fool"},
    names=TAROT_NAMES,
    before=frozenset({"trumps"}),
)

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
    tokens="●▲■◆",
    cursor="▶",
    families={
        "french": Faces(
            suits={"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"},
            ranks=FRENCH_RANKS,
        ),
        "tarot": TAROT_UNICODE,
    },
    picked="✓",
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
    tokens="*+#@",
    cursor=">",
    families={
        "french": Faces(
            suits={"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"},
            ranks=FRENCH_RANKS,
        ),
        "tarot": TAROT_ASCII,
    },
    picked="*",
    special="+",
    new="!",
    turn=">",
    winner="*",
)

UNICODE_FOUR = replace(UNICODE, name="four-colour", four_colour=True)
ASCII_FOUR = replace(ASCII, name="ascii-four-colour", four_colour=True)

CARD_SETS: dict[str, GlyphSet] = {s.name: s for s in (UNICODE, ASCII, UNICODE_FOUR, ASCII_FOUR)}

#: other spellings a person may type (`--cards four-color`, `DECKTABLE_CARDS=4colour`)
CARD_SET_ALIASES: dict[str, str] = {
    "four-color": "four-colour",
    "4colour": "four-colour",
    "4color": "four-colour",
    "unicode-four-colour": "four-colour",
    "unicode-four-color": "four-colour",
    "ascii-four-color": "ascii-four-colour",
    "ascii-4colour": "ascii-four-colour",
    "ascii-4color": "ascii-four-colour",
}

#: what the command palette and notifications call each set
CARD_SET_LABELS: dict[str, str] = {
    "unicode": "Unicode",
    "ascii": "ASCII",
    "four-colour": "Unicode, four-colour suits",
    "ascii-four-colour": "ASCII, four-colour suits",
}


def find_card_set(name: str) -> GlyphSet | None:
    """The set of a name or alias (case and spaces forgiven), or None."""
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    return CARD_SETS.get(CARD_SET_ALIASES.get(key, key))
