"""Short primers on the packs (the Decktet, the French pack, the tarot), as Markdown shipped
with the package: opened from the lobby (`p`), from the card inspector and from help links
(`[the Decktet primer](primer:decktet)`)."""

from __future__ import annotations

import re
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


#: the suits of each pack whose marks a newcomer cannot guess, in the order the primer gives them
#: (the French suits need no legend)
LEGEND_SUITS: dict[str, tuple[str, ...]] = {
    "decktet": ("moons", "suns", "waves", "leaves", "wyrms", "knots"),
    "tarot": ("earth", "water", "fire", "air", "trumps"),
}


def suit_legend(family: str) -> str:
    """A small Markdown table naming each suit mark of a pack as the table draws it, with its
    ASCII mark beneath, read from the glyph sets themselves so that it cannot drift from the
    screen (a table, so that a mark is never wrapped away from its name); "" for a pack that
    needs none."""
    from decktable.themes.glyphs import CARD_SETS

    suits = LEGEND_SUITS.get(family)
    if suits is None:
        return ""
    pretty, plain = CARD_SETS["unicode"], CARD_SETS["ascii"]
    if family == "decktet":
        marks = [(pretty.suits[s], plain.suits[s], s.capitalize()) for s in suits]
    else:
        faces, flat = pretty.families[family], plain.families[family]
        marks = [(faces.suits[s], flat.suits[s], s if s == "trumps" else s.capitalize()) for s in suits]
        marks += [(faces.kinds[k], flat.kinds[k], f"the {k.capitalize()}") for k in faces.kinds]
    rows = [[name for _, _, name in marks], [":-:"] * len(marks), [m for m, _, _ in marks], [a for _, a, _ in marks]]
    table = "\n".join("| " + " | ".join(row) + " |" for row in rows)
    return f"**The marks on screen** (and, beneath them, with ASCII cards):\n\n{table}"


def with_legend(markdown: str, family: str) -> str:
    """A game's help with its pack's suit legend after the line that points to the primer (or
    after the title): one place gives every game of a pack the same legend."""
    legend = suit_legend(family)
    if not legend:
        return markdown
    lines = markdown.split("\n")
    at = next((i for i, line in enumerate(lines) if f"(primer:{family})" in line), None)
    if at is None:
        at = next((i for i, line in enumerate(lines) if re.match(r"#\s", line)), -1)
    while 0 <= at < len(lines) - 1 and lines[at + 1].strip():  # to the end of that paragraph
        at += 1
    return "\n".join([*lines[: at + 1], "", legend, *lines[at + 1 :]])
