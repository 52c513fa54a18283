"""Card rendering: compact labels such as `7☼⌘` (or `7 SuKn` in ASCII) and short names.

The glyph sets live in `themes/glyphs.py`. `DECKTABLE_CARDS=ascii` in the environment selects
the ASCII set at import; `use_card_set(name)` switches at run time. Card facts come from the
family's catalogue (`decktable.cards.catalogue(family).find(slug)`), so any game of a family is
drawn without per-game code. Colours are never chosen here: widgets pass in rich styles that
they read from their CSS component classes (theme variables only).
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import TYPE_CHECKING, Mapping

from rich.style import Style
from rich.text import Text

from decktable.themes.glyphs import CARD_SETS, DEFAULT_SET, GlyphSet

if TYPE_CHECKING:
    from decktable.cards.base import Catalogue

__all__ = [
    "use_card_set",
    "current_card_set",
    "card_label",
    "card_name",
    "card_full_name",
    "card_suits",
    "card_text",
    "back_text",
]

_current: GlyphSet = CARD_SETS.get(os.environ.get("DECKTABLE_CARDS", "").strip().lower(), CARD_SETS[DEFAULT_SET])


def use_card_set(name: str) -> GlyphSet:
    """Select a glyph set by name ('unicode' or 'ascii'); raises KeyError for an unknown name."""
    global _current
    try:
        _current = CARD_SETS[name.strip().lower()]
    except KeyError:
        raise KeyError(f"no card set {name!r}; sets: {', '.join(CARD_SETS)}") from None
    return _current


def current_card_set() -> GlyphSet:
    return _current


@lru_cache(maxsize=8)
def _catalogue(family: str) -> Catalogue | None:
    try:
        from decktable.cards import catalogue

        return catalogue(family)
    except Exception:  # a family whose catalogue is not written yet: fall back to the slug
        return None


@lru_cache(maxsize=4096)
def _facts(family: str, slug: str) -> tuple[str, str, tuple[str, ...], str, int | None, str]:
    """(kind, name, suits, short, rank, rank_name) for a card, or slug-based stand-ins."""
    cat = _catalogue(family)
    card = cat.find(slug) if cat is not None else None
    if card is None:
        words = slug.replace("-", " ")
        return ("unknown", words.title(), (), words, None, "")
    return (card.kind, card.name, tuple(card.suits), card.short, card.rank, card.rank_name)


def _rank_mark(gs: GlyphSet, kind: str, rank: int | None, short: str) -> str:
    if kind in gs.kinds:
        return gs.kinds[kind]
    if rank is not None:
        return gs.ranks.get(rank, str(rank))
    return short.split(" ")[0]


@lru_cache(maxsize=8192)
def _label(set_name: str, family: str, slug: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The rank mark and the (suit, glyph) pairs of a card in one glyph set."""
    gs = CARD_SETS[set_name]
    kind, _name, suits, short, rank, _rn = _facts(family, slug)
    if kind == "unknown":
        return (short[:6], ())
    if family != "decktet" or any(s not in gs.suits for s in suits):
        # families without glyph data: the catalogue's own short form
        return (short, ())
    return (_rank_mark(gs, kind, rank, short), tuple((s, gs.suits[s]) for s in suits))


def card_label(slug: str, family: str = "decktet") -> str:
    """The compact label as plain text: `7☼⌘`, `A☾`, `Ct☾≈⌘`; ASCII `7 SuKn`."""
    rank, suits = _label(_current.name, family, slug)
    if not suits:
        return rank
    return rank + _current.joiner + "".join(g for _s, g in suits)


def card_name(slug: str, family: str = "decktet") -> str:
    """A short name for a second line or a narrow column: `Castle`, `Ace Moons`, `Chance Meeting`."""
    _kind, name, _suits, _short, _rank, _rn = _facts(family, slug)
    if name.startswith("The "):
        name = name[4:]
    return name.replace(" of ", " ")


def card_full_name(slug: str, family: str = "decktet") -> str:
    """The printed name: `the Castle`, `the Ace of Moons` (lower-case article, for sentences)."""
    _kind, name, _suits, _short, _rank, _rn = _facts(family, slug)
    if name.startswith("The "):
        return "the " + name[4:]
    return "the " + name if family == "decktet" else name


def card_suits(slug: str, family: str = "decktet") -> tuple[str, ...]:
    return _facts(family, slug)[2]


def card_text(
    slug: str,
    family: str = "decktet",
    selected: bool = False,
    legal: bool = False,
    styles: Mapping[str, Style] | None = None,
    width: int | None = None,
) -> Text:
    """The compact label as rich Text.

    `styles` (optional) maps component names to styles: "suit--<suit>" colours a suit mark,
    "card--legal", "card--selected" and "card" style the whole label. Without styles, a legal
    card is bold and a selected one reversed. `width` pads (or crops) the label to that many cells.
    """
    styles = styles or {}
    base = styles.get("card", Style())
    if legal:
        base = base + styles.get("card--legal", Style(bold=True))
    if selected:
        base = base + styles.get("card--selected", Style(reverse=True))
    rank, suits = _label(_current.name, family, slug)
    text = Text(rank, style=base)
    if suits:
        if _current.joiner:
            text.append(_current.joiner, style=base)
        for suit, glyph in suits:
            text.append(glyph, style=base + styles.get(f"suit--{suit}", Style()))
    if width is not None:
        if text.cell_len < width:
            text.append(" " * (width - text.cell_len), style=base)
        elif text.cell_len > width:
            text.truncate(width)
    return text


def back_text(count: int = 1, style: Style | None = None) -> Text:
    """Face-down cards: the back mark and how many."""
    mark = _current.back
    return Text(f"{mark * min(count, 3)} {count}" if count != 1 else mark, style=style or Style())
