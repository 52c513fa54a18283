"""Short primers on the packs (the Decktet, the French pack, the tarot), as Markdown shipped
with the package: opened from the lobby (`p`), from the card inspector and from help links
(`[the Decktet primer](primer:decktet)`)."""

from __future__ import annotations

from pathlib import Path

PACKS: dict[str, str] = {"decktet": "The Decktet", "french": "The French pack", "tarot": "The tarot"}


def primer_text(family: str) -> str:
    """The primer of a pack ('decktet', 'french', 'tarot'); KeyError for an unknown pack."""
    if family not in PACKS:
        raise KeyError(family)
    return (Path(__file__).parent / f"{family}.md").read_text(encoding="utf-8")


def primer_family(href: str) -> str | None:
    """The pack a help link points at (`primer:decktet`, or a path ending in
    `primers/decktet.md`), else None."""
    href = href.strip()
    if href.startswith("primer:"):
        name = href[len("primer:"):].strip().lower()
    elif href.endswith(".md") and "primers/" in href.replace("\\", "/"):
        name = href.replace("\\", "/").rsplit("/", 1)[-1][:-3].lower()
    else:
        return None
    return name if name in PACKS else None
