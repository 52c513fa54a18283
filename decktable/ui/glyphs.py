"""Card rendering: compact labels such as `7☼⌘` (or `7 SuKn` in ASCII), `10♥` (or `10H`), and
short names.

The glyph sets live in `themes/glyphs.py`. `DECKTABLE_CARDS=ascii` (or `four-colour`,
`ascii-four-colour`) in the environment selects a set at import; `use_card_set(name)` switches at
run time. Card facts come from the
family's catalogue (`decktable.cards.catalogue(family).find(slug)`), so any game of a family is
drawn without per-game code. Colours are never chosen here: widgets pass in rich styles that
they read from their CSS component classes (theme variables only).
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Mapping

from rich.style import Style
from rich.text import Text

from decktable.themes.glyphs import CARD_SETS, DEFAULT_SET, GlyphSet, find_card_set

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
    "card_caption",
    "back_text",
    "SUITS",
    "SUIT_COMPONENTS",
    "suit_component",
    "suit_styles",
]

_current: GlyphSet = find_card_set(os.environ.get("DECKTABLE_CARDS", "")) or CARD_SETS[DEFAULT_SET]

#: every suit a card can carry (Decktet, then French); widgets declare a component class per suit
SUITS: tuple[str, ...] = ("moons", "suns", "waves", "leaves", "wyrms", "knots", "spades", "hearts", "diamonds", "clubs",
                          "earth", "water", "fire", "air", "trumps")
#: the French suits in the four-colour choice use their own component classes (`suit4--hearts`)
FOUR_COLOUR_SUITS: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")
SUIT_COMPONENTS: tuple[str, ...] = (
    *(f"suit--{s}" for s in SUITS),
    *(f"suit4--{s}" for s in FOUR_COLOUR_SUITS),
)


def use_card_set(name: str) -> GlyphSet:
    """Select a glyph set by name ('unicode', 'ascii', 'four-colour', 'ascii-four-colour');
    raises KeyError for an unknown name."""
    global _current
    found = find_card_set(name)
    if found is None:
        raise KeyError(f"no card set {name!r}; sets: {', '.join(CARD_SETS)}")
    _current = found
    return _current


def current_card_set() -> GlyphSet:
    return _current


def suit_component(suit: str) -> str:
    """The component class that colours a suit in the current set (two or four colours)."""
    if _current.four_colour and suit in FOUR_COLOUR_SUITS:
        return f"suit4--{suit}"
    return f"suit--{suit}"


def suit_styles(get: Callable[..., Style]) -> dict[str, Style]:
    """The `styles` entries "suit--<suit>" for card_text, read with a widget's
    `get_component_rich_style` from the component class of each suit in the current set."""
    return {f"suit--{s}": get(suit_component(s), partial=True) for s in SUITS}


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
    if family != "decktet":
        faces = gs.families.get(family)
        if faces is not None and not suits and kind in faces.kinds:
            return (faces.kinds[kind], ())  # a card of no suit with a mark of its own (the Fool)
        if faces is None or not suits or any(s not in faces.suits for s in suits):
            # families without glyph data (or a card without a suit): the catalogue's short form
            return (short, ())
        if kind in faces.kinds:
            mark = faces.kinds[kind]
        elif faces.names and _rn:
            mark = faces.names.get(_rn, _rn)  # a rank that is a strength: marked by its name
        elif rank is not None:
            mark = faces.ranks.get(rank, str(rank))
        else:
            mark = short
        return (mark, tuple((s, faces.suits[s]) for s in suits))
    if any(s not in gs.suits for s in suits):
        return (short, ())
    return (_rank_mark(gs, kind, rank, short), tuple((s, gs.suits[s]) for s in suits))


def _before(family: str, suits: tuple[tuple[str, str], ...]) -> bool:
    """Whether this card's suit mark goes before its rank (a tarot trump: `✦21`)."""
    if family == "decktet" or len(suits) != 1:
        return False
    faces = _current.families.get(family)
    return faces is not None and suits[0][0] in faces.before


def _joiner(family: str) -> str:
    if family == "decktet":
        return _current.joiner
    faces = _current.families.get(family)
    return faces.joiner if faces is not None else ""


def card_label(slug: str, family: str = "decktet") -> str:
    """The compact label as plain text: `7☼⌘`, `A☾`, `Ct☾≈⌘`, `10♥`; ASCII `7 SuKn`, `10H`."""
    rank, suits = _label(_current.name, family, slug)
    if not suits:
        return rank
    if _before(family, suits):
        return suits[0][1] + rank
    return rank + _joiner(family) + "".join(g for _s, g in suits)


def card_name(slug: str, family: str = "decktet") -> str:
    """A short name for a second line or a narrow column: `Castle`, `Ace Moons`, `Chance Meeting`,
    `Queen Hearts`."""
    _kind, name, _suits, _short, _rank, _rn = _facts(family, slug)
    name = _trump_title(_kind, name, _short) or name
    if name.startswith("The "):
        name = name[4:]
    return name.replace(" of ", " ")


def _trump_title(kind: str, name: str, short: str) -> str:
    """A numbered trump's own name (`XXI The World` -> `The World`), or "" for other cards."""
    if kind == "trump" and short and name.startswith(short + " "):
        return name[len(short) + 1:]
    return ""


def card_caption(slug: str, family: str = "decktet", width: int = 10) -> str:
    """The short name cut to `width` cells, never losing a suited card's suit (`King` under `K♠`
    in a 13-card hand was read as any King): a name too long for the width keeps the rank's
    letter and the suit (`Q Diamonds`, `C Water`), else the suit alone (`Diamonds` under `10♦`:
    the label above gives the rank); anything else is cut with an ellipsis."""
    name = card_name(slug, family)
    if len(name) <= width:
        return name
    kind, _name, suits, short, _rank, rank_name = _facts(family, slug)
    if kind == "trump":
        return shorten(name, width)  # a tarot trump is captioned by its own name
    if family != "decktet" and kind != "unknown" and len(suits) == 1:
        suit = suits[0].capitalize()
        mark = short[:-1] if len(short) > 1 and short[-1].upper() == suit[0] else ""
        if mark and len(mark) + 1 + len(suit) <= width:
            return f"{mark} {suit}"
        if len(suit) <= width:
            return suit
        if rank_name and len(rank_name) <= width:
            return rank_name
    return name[: max(0, width - 1)] + "…"


def wrapped_height(widget: object, lines: list[Text], width: int) -> int:
    """How many lines `lines` take when drawn word-wrapped at `width` cells, as the widget's
    render will wrap them (a count by cells alone under-counts: a word that does not fit moves
    whole to the next line, and the last words of a prompt were cut off)."""
    w = max(1, width)
    app = getattr(widget, "app", None) if getattr(widget, "is_attached", False) else None
    console = getattr(app, "console", None)
    total = 0
    for line in lines:
        if console is not None and line.cell_len > w:
            total += max(1, len(line.wrap(console, w)))
        else:
            total += max(1, -(-line.cell_len // w))
    return total


def shorten(text: str, width: int) -> str:
    """`text` in at most `width` cells: whole when it fits, else cut with an ellipsis (a long
    player name in a column or a box)."""
    if width <= 0:
        return ""
    if len(text) <= width:
        return text
    return text[: width - 1].rstrip() + "…"


def card_full_name(slug: str, family: str = "decktet") -> str:
    """The printed name for sentences, with a lower-case article: `the Castle`, `the Ace of
    Moons`, `the Queen of Hearts`."""
    kind, name, _suits, _short, _rank, _rn = _facts(family, slug)
    title = _trump_title(kind, name, _short)
    if title:  # as the tarot's events say it: `trump XXI (the World)`
        return f"trump {_short} ({'the ' + title[4:] if title.startswith('The ') else title})"
    if name.startswith("The "):
        return "the " + name[4:]
    if kind == "unknown" and family != "decktet":
        return name
    return "the " + name


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
    if _before(family, suits):  # a tarot trump: the trump mark, then its number, in its colour
        text = Text(suits[0][1] + rank, style=base + styles.get(f"suit--{suits[0][0]}", Style()))
        suits = ()
    elif family != "decktet" and len(suits) == 1:
        # a French (or tarot) index is one colour, rank and suit alike: red, black or the four
        text = Text(rank, style=base + styles.get(f"suit--{suits[0][0]}", Style()))
    else:
        text = Text(rank, style=base)
    if suits:
        joiner = _joiner(family)
        if joiner:
            text.append(joiner, style=base)
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
