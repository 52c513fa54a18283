"""The card inspector: `i` at the table shows the card under the cursor in full.

What every card is comes from its pack's catalogue (name, rank, suits spelled out with their
glyphs, the Decktet's types); what it means in this game comes from the game through
`Match.card_facts` (the `Game.card_facts` hook: card points, the trump, the rank order), which
answers from the viewing seat's observation only. The card is one the viewer sees on screen, so
the inspector shows nothing new about hidden cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from decktable.ui.glyphs import card_text, current_card_set

if TYPE_CHECKING:
    from decktable.ui.screens.table_base import TableScreen

TYPE_WORDS = {"personality": "Personality", "location": "Location", "event": "Event"}
TYPE_ORDER = ("personality", "location", "event")


def _and(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def suit_glyph(suit: str, family: str) -> str:
    """The glyph the current card set draws for a suit ('' when it has none)."""
    gs = current_card_set()
    if family == "decktet":
        return gs.suits.get(suit, "")
    faces = gs.families.get(family)
    return faces.suits.get(suit, "") if faces is not None else ""


def card_lines(slug: str, family: str) -> tuple[str, list[tuple[str, str]]]:
    """(the card's printed name, [(label, text)]) for any card of a pack, from its catalogue."""
    from decktable.cards import catalogue

    card = catalogue(family).find(slug)
    if card is None:
        return slug, [("Card", slug)]
    lines: list[tuple[str, str]] = []
    suits = [f"{s.capitalize()} {suit_glyph(s, family)}".strip() for s in card.suits]
    if family == "decktet":
        if card.kind == "ace":
            rank = "Ace: rank 1, the lowest; it carries one suit"
        elif card.kind == "crown":
            rank = "Crown: rank 10, the highest; it carries one suit"
        elif card.kind == "pawn":
            rank = "Pawn: an extended card with no number; three suits"
        elif card.kind == "court":
            rank = "Court: an extended card with no number; three suits"
        elif card.kind == "excuse":
            rank = "Excuse: no rank and no suit"
        else:
            rank = f"{card.rank}, a number card; two suits"
        lines.append(("Rank", rank))
        lines.append(("Suits" if len(suits) != 1 else "Suit", _and(suits) or "none"))
        types = [TYPE_WORDS[t] for t in TYPE_ORDER if t in card.types]
        lines.append(("Type", _and(types) if types else "none (Aces and the Excuse have no type)"))
    elif family == "tarot":
        if card.kind == "trump":
            lines.append(("Trump", f"number {card.rank} of 21 ({card.short}); a higher number beats a lower"))
        elif card.kind == "fool":
            lines.append(("Rank", "the Fool: no rank, not a trump"))
        else:
            lines.append(("Rank", f"{card.rank_name}; {card.rank} in strength within its suit"))
            lines.append(("Suit", _and(suits)))
    else:
        lines.append(("Rank", card.rank_name + (" (a face card)" if card.kind == "face" else "")))
        colour = "red" if card.suits and card.suits[0] in ("hearts", "diamonds") else "black"
        lines.append(("Suit", f"{_and(suits)}, a {colour} suit"))
    return card.name, lines


class CardInfoScreen(ModalScreen[None]):
    """One card in full: the pack's facts, then the game's own lines. Esc, q, i or Enter close."""

    DEFAULT_CSS = """
    CardInfoScreen {
        align: center middle;
    }
    CardInfoScreen > Vertical {
        width: 64;
        max-width: 95%;
        height: auto;
        max-height: 95%;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    CardInfoScreen #card-info-title {
        text-style: bold;
        width: 1fr;
    }
    CardInfoScreen #card-info-keys {
        color: $text-muted;
        margin-top: 1;
    }
    """

    #: the table stays visible, dimmed, around the card (the app's CSS makes every screen opaque)
    CSS = """
    CardInfoScreen {
        background: $background 60%;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,i,enter", "close", "Close"),
        Binding("p", "primer", "Primer"),
    ]

    def __init__(self, slug: str, family: str, facts: list[tuple[str, str]] | None = None,
                 mark: str = "", game: str = "") -> None:
        super().__init__()
        self.game = game
        self.slug = slug
        self.family = family
        self.name_text, self.lines = card_lines(slug, family)
        self.facts = list(facts or [])
        self.mark = mark

    def body(self) -> Table:
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column(ratio=1)
        for label, text in self.lines:
            table.add_row(label, Text(text))
        if self.mark:
            table.add_row("Marked", Text(f"{current_card_set().special} {self.mark} (the hand marks it so)"))
        if self.facts:
            table.add_row("", "")
            if self.game:
                table.add_row(Text(f"In {self.game}", style="italic"), "")
            for label, text in self.facts:
                table.add_row(Text(label), Text(text))
        return table

    def compose(self) -> ComposeResult:
        with Vertical(id="card-info"):
            title = card_text(self.slug, self.family)
            title.append("  ")
            title.append(self.name_text, style="bold")
            yield Static(title, id="card-info-title")
            yield Static(self.body(), id="card-info-body")
            yield Static("Esc, q or i: close · p: the primer of this pack", id="card-info-keys")

    def action_close(self) -> None:
        self.dismiss()

    def action_primer(self) -> None:
        from decktable.ui.screens.primer import PrimerScreen

        self.app.push_screen(PrimerScreen(self.family))


def card_under_cursor(screen: TableScreen) -> str | None:
    """The card under the keyboard cursor: the focused row of cards, a card on the grid's
    cell, else the hand's cursor card."""
    from decktable.ui.widgets.card_strip import CardStrip
    from decktable.ui.widgets.grid_view import GridView
    from decktable.ui.widgets.hand_view import HandView

    here = screen.focused
    if isinstance(here, CardStrip) and here.current is not None:
        return here.current
    if isinstance(here, GridView):
        obs = screen.obs
        cell = here.cell
        if obs is not None and obs.board is not None and cell is not None:
            view = obs.board.cells.get(cell)
            if view is not None and view.card:
                return view.card
        return None
    if screen.pending is not None:
        return screen.pending
    for hand in screen.query(HandView):
        if hand.display and hand.current is not None:
            hand.focus()  # so that the cursor shows which card this is, once the inspector closes
            return hand.current
    return None


def inspect_card(screen: TableScreen) -> None:
    """Open the inspector on the card under the cursor, or say why there is none."""
    if screen.curtain_up or screen.obs is None:
        return
    slug = card_under_cursor(screen)
    if slug is None:
        from decktable.ui.widgets.grid_view import GridView

        if isinstance(screen.focused, GridView):
            screen.notify("No face-up card on this cell: move the cursor onto one, then press i.")
        else:
            screen.notify("No card under the cursor: move onto a card, then press i.")
        return
    try:
        facts = screen.match.card_facts(slug)
    except Exception as exc:  # a game's hook must never take the table down
        facts = [("Note", f"this game could not describe the card ({exc})")]
    mark = screen.obs.card_marks.get(slug, "")
    screen.app.push_screen(CardInfoScreen(slug, screen.family, facts, mark, screen.match.game.info.name))
