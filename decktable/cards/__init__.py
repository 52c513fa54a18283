"""Card catalogues. Games use these facts; the UI uses them to draw cards."""

from __future__ import annotations

from decktable.cards.base import Card, Catalogue, slugify
from decktable.cards.decktet import DECKTET

__all__ = ["Card", "Catalogue", "DECKTET", "slugify", "catalogue"]


def catalogue(family: str) -> Catalogue:
    """The catalogue for a game family ('decktet', 'french', 'tarot')."""
    if family == "decktet":
        return DECKTET
    if family == "french":
        from decktable.cards.french import FRENCH

        return FRENCH
    if family == "tarot":
        from decktable.cards.tarot import TAROT

        return TAROT
    raise KeyError(family)
