"""The Decktet: 36 basic cards and 9 extended ones (CARDS.md)."""

from __future__ import annotations

from decktable.cards.base import Card, Catalogue

SUITS: tuple[str, ...] = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
SUIT_NAMES = {s: s.capitalize() for s in SUITS}
SUIT_SHORT = {"moons": "Mo", "suns": "Su", "waves": "Wa", "leaves": "Le", "wyrms": "Wy", "knots": "Kn"}

PERSONALITY, LOCATION, EVENT = "personality", "location", "event"
_T = {"P": PERSONALITY, "L": LOCATION, "E": EVENT}

# (name, rank, suits, types, kind)
_BASIC: list[tuple[str, int | None, str, str, str]] = [
    ("Ace of Moons", 1, "moons", "", "ace"),
    ("Ace of Suns", 1, "suns", "", "ace"),
    ("Ace of Waves", 1, "waves", "", "ace"),
    ("Ace of Leaves", 1, "leaves", "", "ace"),
    ("Ace of Wyrms", 1, "wyrms", "", "ace"),
    ("Ace of Knots", 1, "knots", "", "ace"),
    ("The Author", 2, "moons knots", "P", "number"),
    ("The Desert", 2, "suns wyrms", "L", "number"),
    ("The Origin", 2, "waves leaves", "LE", "number"),
    ("The Journey", 3, "moons waves", "E", "number"),
    ("The Painter", 3, "suns knots", "P", "number"),
    ("The Savage", 3, "leaves wyrms", "P", "number"),
    ("The Mountain", 4, "moons suns", "L", "number"),
    ("The Sailor", 4, "waves leaves", "P", "number"),
    ("The Battle", 4, "wyrms knots", "E", "number"),
    ("The Forest", 5, "moons leaves", "L", "number"),
    ("The Discovery", 5, "suns waves", "E", "number"),
    ("The Soldier", 5, "wyrms knots", "P", "number"),
    ("The Lunatic", 6, "moons waves", "P", "number"),
    ("The Penitent", 6, "suns wyrms", "P", "number"),
    ("The Market", 6, "leaves knots", "LE", "number"),
    ("The Chance Meeting", 7, "moons leaves", "E", "number"),
    ("The Castle", 7, "suns knots", "L", "number"),
    ("The Cave", 7, "waves wyrms", "L", "number"),
    ("The Diplomat", 8, "moons suns", "P", "number"),
    ("The Mill", 8, "waves leaves", "L", "number"),
    ("The Betrayal", 8, "wyrms knots", "E", "number"),
    ("The Pact", 9, "moons suns", "E", "number"),
    ("The Darkness", 9, "waves wyrms", "L", "number"),
    ("The Merchant", 9, "leaves knots", "P", "number"),
    ("The Huntress", 10, "moons", "P", "crown"),
    ("The Bard", 10, "suns", "P", "crown"),
    ("The Sea", 10, "waves", "L", "crown"),
    ("The End", 10, "leaves", "LE", "crown"),
    ("The Calamity", 10, "wyrms", "E", "crown"),
    ("The Windfall", 10, "knots", "E", "crown"),
]
_EXTENDED: list[tuple[str, int | None, str, str, str]] = [
    ("The Excuse", None, "", "", "excuse"),
    ("The Watchman", None, "moons wyrms knots", "P", "pawn"),
    ("The Borderland", None, "waves leaves wyrms", "L", "pawn"),
    ("The Harvest", None, "moons suns leaves", "E", "pawn"),
    ("The Light Keeper", None, "suns waves knots", "P", "pawn"),
    ("The Consul", None, "moons waves knots", "P", "court"),
    ("The Rite", None, "moons leaves wyrms", "E", "court"),
    ("The Window", None, "suns leaves knots", "L", "court"),
    ("The Island", None, "suns waves wyrms", "L", "court"),
]

_RANK_NAME = {1: "Ace", 10: "Crown"}
_KIND_RANK_NAME = {"excuse": "Excuse", "pawn": "Pawn", "court": "Court"}
_KIND_SHORT = {"excuse": "X", "pawn": "P", "court": "Ct"}


def _make() -> list[Card]:
    cards: list[Card] = []
    for i, (name, rank, suits, types, kind) in enumerate(_BASIC + _EXTENDED):
        suit_t = tuple(suits.split())
        if kind == "ace":
            slug = "ace-" + suit_t[0]
        else:
            slug = name.lower().removeprefix("the ").replace(" ", "-")
        rank_name = _KIND_RANK_NAME.get(kind) or _RANK_NAME.get(rank or 0) or str(rank)
        r = _KIND_SHORT.get(kind) or ("A" if rank == 1 else "C" if rank == 10 else str(rank))
        short = r + ("" if not suit_t else " " + "/".join(SUIT_SHORT[s] for s in suit_t))
        cards.append(
            Card(
                id=i,
                slug=slug,
                name=name,
                short=short,
                rank=rank,
                rank_name=rank_name,
                suits=suit_t,
                types=frozenset(_T[t] for t in types),
                kind=kind,
            )
        )
    return cards


DECKTET = Catalogue(
    "decktet",
    _make(),
    aliases={f"{s} ace": f"ace-{s}" for s in SUITS} | {f"a {s}": f"ace-{s}" for s in SUITS},
)

BASIC_IDS: tuple[int, ...] = tuple(range(36))
EXCUSE: int = 36
PAWNS: tuple[int, ...] = (37, 38, 39, 40)
COURTS: tuple[int, ...] = (41, 42, 43, 44)
EXTENDED_IDS: tuple[int, ...] = tuple(range(45))
ACES: dict[str, int] = {s: i for i, s in enumerate(SUITS)}
CROWNS: dict[str, int] = {DECKTET[i].suits[0]: i for i in range(30, 36)}


def card(text: str) -> int:
    """The id of a Decktet card by notation; raises ValueError if there is none."""
    return DECKTET.ids([text])[0]


def bare(card_id: int) -> str:
    """A card's name without its article: 'Savage', 'Ace of Moons'."""
    name = DECKTET[card_id].name
    return name[4:] if name.startswith("The ") else name


def the(card_id: int) -> str:
    """A card's name inside a sentence: 'the Savage', 'the Ace of Moons'."""
    return "the " + bare(card_id)


def The(card_id: int) -> str:  # noqa: N802 - the capitalised form, for the start of a sentence
    """A card's name at the start of a sentence: 'The Savage', 'The Ace of Moons'."""
    return "The " + bare(card_id)
