"""The 63-card tarot of Rally (CARDS.md): trumps 1–21, the Fool, and four suits.

Earth, Water and Fire run King, Queen, Cavalier, Jack, 10 down to 5; Air runs King, Queen,
Cavalier, Jack, then its pips reversed: Ace (highest pip), 2, 3 … 7 (lowest). `rank` is the
card's strength within its suit or among the trumps (higher beats lower); the printed pip is in
the slug and the name. Card points are the game's business, not the catalogue's.
"""

from __future__ import annotations

from decktable.cards.base import Card, Catalogue

SUITS: tuple[str, ...] = ("earth", "water", "fire", "air")
SUIT_NAMES: dict[str, str] = {s: s.capitalize() for s in SUITS}
SUIT_LETTER: dict[str, str] = {"earth": "e", "water": "w", "fire": "f", "air": "a"}
TRUMP_SUIT = "trumps"

TRUMP_NAMES: tuple[str, ...] = (
    "the Magician", "the High Priestess", "the Empress", "the Emperor", "the Hierophant",
    "the Lovers", "the Chariot", "Justice", "the Hermit", "the Wheel of Fortune", "Strength",
    "the Hanged Man", "Death", "Temperance", "the Devil", "the Tower", "the Star", "the Moon",
    "the Sun", "Judgement", "the World",
)
ROMAN: tuple[str, ...] = (
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV",
    "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)
COURTS: tuple[tuple[str, str], ...] = (("k", "King"), ("q", "Queen"), ("c", "Cavalier"), ("j", "Jack"))
# pips high to low: the plain suits 10..5, Air Ace, 2 .. 7
PIPS: dict[str, tuple[str, ...]] = {
    "earth": ("10", "9", "8", "7", "6", "5"),
    "water": ("10", "9", "8", "7", "6", "5"),
    "fire": ("10", "9", "8", "7", "6", "5"),
    "air": ("a", "2", "3", "4", "5", "6", "7"),
}
PIP_NAME: dict[str, str] = {"a": "Ace"}


def _make() -> tuple[list[Card], dict[str, str]]:
    cards: list[Card] = []
    aliases: dict[str, str] = {}
    for n in range(1, 22):
        slug = f"t{n}"
        bare = TRUMP_NAMES[n - 1]
        title = bare[4:] if bare.startswith("the ") else bare
        cards.append(
            Card(id=len(cards), slug=slug, name=f"{ROMAN[n - 1]} {bare[0].upper()}{bare[1:]}",
                 short=ROMAN[n - 1], rank=n, rank_name=str(n), suits=(TRUMP_SUIT,), kind="trump")
        )
        aliases[title.lower()] = slug
        aliases[f"trump {n}"] = slug
        aliases[ROMAN[n - 1].lower()] = slug
    cards.append(Card(id=len(cards), slug="fool", name="The Fool", short="Fool", rank=None,
                      rank_name="Fool", suits=(), kind="fool"))
    for s in SUITS:
        order = [*(c for c, _ in COURTS), *PIPS[s]]
        for i, mark in enumerate(order):
            strength = len(order) - i  # the highest card of the suit has the largest rank
            court = dict(COURTS).get(mark)
            word = court or PIP_NAME.get(mark, mark)
            slug = f"{mark}{SUIT_LETTER[s]}"
            cards.append(
                Card(id=len(cards), slug=slug, name=f"{word} of {SUIT_NAMES[s]}",
                     short=mark.upper() + SUIT_LETTER[s].upper(), rank=strength, rank_name=word,
                     suits=(s,), kind="court" if court else "number")
            )
            aliases[f"{word} {s}"] = slug
            aliases[f"{word} of {s}"] = slug
    return cards, aliases


_CARDS, _ALIASES = _make()
TAROT = Catalogue("tarot", _CARDS, aliases=_ALIASES)

ALL_IDS: tuple[int, ...] = tuple(range(len(TAROT)))
TRUMPS: tuple[int, ...] = tuple(range(21))  # id n-1 is trump n
FOOL: int = 21
MAGICIAN, WORLD = 0, 20


def card(text: str) -> int:
    """The id of a tarot card by notation ('t21', 'kw', 'the fool'); ValueError if none."""
    return TAROT.ids([text])[0]


def the(card_id: int) -> str:
    """A card's name inside a sentence: 'the King of Water', 'trump XXI, the World'."""
    c = TAROT[card_id]
    if c.kind == "trump":
        return f"trump {c.short} ({TRUMP_NAMES[card_id]})"
    if c.kind == "fool":
        return "the Fool"
    return "the " + c.name
