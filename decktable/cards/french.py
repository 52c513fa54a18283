"""The French 52-card pack and the cuts the traditional games use (CARDS.md).

Slugs are rank then suit letter, as the ASCII card set prints them: `as`, `10h`, `qd`, `2c`.
Ranks are numbers 2–14 (Jack 11, Queen 12, King 13, Ace 14); a game's own rank order and card
points are the game's business, not the catalogue's.
"""

from __future__ import annotations

from typing import Iterable

from decktable.cards.base import Card, Catalogue

SUITS: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")
SUIT_LETTER: dict[str, str] = {"spades": "s", "hearts": "h", "diamonds": "d", "clubs": "c"}
SUIT_NAMES: dict[str, str] = {s: s.capitalize() for s in SUITS}
RED: frozenset[str] = frozenset({"hearts", "diamonds"})

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
RANKS: tuple[int, ...] = tuple(range(2, 15))
RANK_NAME: dict[int, str] = {r: str(r) for r in range(2, 11)} | {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
RANK_MARK: dict[int, str] = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_WORDS: dict[int, tuple[str, ...]] = {
    2: ("two", "deuce"), 3: ("three", "trey"), 4: ("four",), 5: ("five",), 6: ("six",), 7: ("seven",),
    8: ("eight",), 9: ("nine",), 10: ("ten", "t"), 11: ("jack", "knave"), 12: ("queen",),
    13: ("king",), 14: ("ace",),
}


def _make() -> tuple[list[Card], dict[str, str]]:
    cards: list[Card] = []
    aliases: dict[str, str] = {}
    for s in SUITS:
        for r in RANKS:
            slug = RANK_MARK[r].lower() + SUIT_LETTER[s]
            name = f"{RANK_NAME[r]} of {SUIT_NAMES[s]}"
            cards.append(
                Card(
                    id=len(cards),
                    slug=slug,
                    name=name,
                    short=RANK_MARK[r] + SUIT_LETTER[s].upper(),
                    rank=r,
                    rank_name=RANK_NAME[r],
                    suits=(s,),
                    kind="face" if r in (JACK, QUEEN, KING) else "number",
                )
            )
            singular = s[:-1]
            for word in (*_RANK_WORDS[r], RANK_MARK[r].lower(), str(r)):
                for suit_word in (s, singular, SUIT_LETTER[s]):
                    aliases[f"{word} {suit_word}"] = slug
                    aliases[f"{word} of {suit_word}"] = slug
    return cards, aliases


_CARDS, _ALIASES = _make()
FRENCH = Catalogue("french", _CARDS, aliases=_ALIASES)

ALL_IDS: tuple[int, ...] = tuple(range(52))
SUIT_OF: tuple[str, ...] = tuple(c.suits[0] for c in FRENCH)
RANK_OF: tuple[int, ...] = tuple(c.rank or 0 for c in FRENCH)


def card_id(rank: int, suit: str) -> int:
    """The id of the card of `rank` (2–14) in `suit`."""
    return SUITS.index(suit) * 13 + (rank - 2)


def cut(ranks: Iterable[int], drop: Iterable[str] = ()) -> tuple[int, ...]:
    """The ids of a cut of the pack: every suit's cards of `ranks`, less the slugs in `drop`."""
    keep = set(ranks)
    gone = {FRENCH.find(d).id for d in drop}  # type: ignore[union-attr]
    return tuple(c.id for c in FRENCH if c.rank in keep and c.id not in gone)


def card(text: str) -> int:
    """The id of a French card by notation ('qh', 'queen of hearts'); ValueError if none."""
    return FRENCH.ids([text])[0]


def a_rank(rank: int) -> str:
    """A rank with its article, inside a sentence: 'an Ace', 'an 8', 'a 7'."""
    name = RANK_NAME[rank]
    return ("an " if name in ("Ace", "8") else "a ") + name


def the(card_id: int) -> str:
    """A card's name inside a sentence: 'the Queen of Hearts'."""
    return "the " + FRENCH[card_id].name


def The(card_id: int) -> str:  # noqa: N802 - the capitalised form, for the start of a sentence
    return "The " + FRENCH[card_id].name
