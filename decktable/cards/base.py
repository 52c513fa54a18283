"""Cards as small immutable facts; games keep only their integer ids in states."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card. `id` is its index in its catalogue; `slug` is its notation."""

    id: int
    slug: str
    name: str
    short: str
    rank: int | None
    rank_name: str
    suits: tuple[str, ...] = ()
    types: frozenset[str] = field(default_factory=frozenset)
    kind: str = "number"

    def __str__(self) -> str:
        return self.name

    def has_suit(self, suit: str) -> bool:
        return suit in self.suits


def slugify(text: str) -> str:
    text = text.strip().lower()
    text = re.sub(r"^the\s+", "", text)
    text = text.replace(" of ", " ")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


class Catalogue:
    """Every card of one family, looked up by id or by notation (case and 'the' forgiven)."""

    def __init__(self, family: str, cards: Iterable[Card], aliases: dict[str, str] | None = None) -> None:
        self.family = family
        self.cards: tuple[Card, ...] = tuple(cards)
        for i, c in enumerate(self.cards):
            if c.id != i:
                raise ValueError(f"card {c.slug} has id {c.id}, expected {i}")
        self.by_slug: dict[str, Card] = {c.slug: c for c in self.cards}
        self._aliases = {slugify(k): v for k, v in (aliases or {}).items()}

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __getitem__(self, card_id: int) -> Card:
        return self.cards[card_id]

    def find(self, text: str) -> Card | None:
        """The card a player meant by `text`, or None."""
        key = slugify(text)
        card = self.by_slug.get(key)
        if card is None and key in self._aliases:
            card = self.by_slug.get(self._aliases[key])
        return card

    def ids(self, texts: Iterable[str | int]) -> list[int]:
        """Card ids from notations or ids; raises ValueError naming the first unknown card."""
        out: list[int] = []
        for t in texts:
            if isinstance(t, int):
                if not 0 <= t < len(self.cards):
                    raise ValueError(f"there is no card number {t}")
                out.append(t)
            else:
                c = self.find(t)
                if c is None:
                    raise ValueError(f"there is no card called {t!r}")
                out.append(c.id)
        return out

    def slug(self, card_id: int) -> str:
        return self.cards[card_id].slug

    def name(self, card_id: int) -> str:
        return self.cards[card_id].name
