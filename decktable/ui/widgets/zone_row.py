"""ZoneRow: one zone of a tableau (capital, resources, a pile) as a row of selectable cards."""

from __future__ import annotations

from decktable.engine.models import ZoneView
from decktable.ui.widgets.card_strip import CardStrip


class ZoneRow(CardStrip):
    """A zone drawn from its `ZoneView`: its cards when visible, else a face-down count.

    Piles of many cards show only their last cards (the top of a public pile), so a long pile
    never pushes the table off screen.
    """

    DEFAULT_CSS = """
    ZoneRow {
        height: auto;
    }
    """

    PILE_SHOWN = 6

    class CardChosen(CardStrip.CardChosen):
        """A card of this zone was chosen (Enter on it, or a click)."""

    def show_zone(self, zone: ZoneView, legal: frozenset[str] = frozenset(), dim_illegal: bool = False,
                  marked: str | None = None, family: str = "decktet", multi: bool = False) -> None:
        """Show a zone as the observing seat sees it."""
        cards = list(zone.cards) if zone.visible else []
        title = zone.label or zone.name
        self.counted = True
        if zone.kind == "pile" and len(cards) > self.PILE_SHOWN and not (legal & set(cards)):
            self.counted = False  # "18 cards, last 6 shown" says both counts: no "(6)" after it
            if zone.top_first:  # a face-up draw pile: the cards coming next
                title = f"{title} — {len(cards)} cards, the top {self.PILE_SHOWN} shown"
                cards = cards[: self.PILE_SHOWN]
            else:
                title = f"{title} — {len(cards)} cards, last {self.PILE_SHOWN} shown"
                cards = cards[-self.PILE_SHOWN:]
        elif not zone.visible:
            title = f"{title}"
        self.zone = zone.name
        self.set_cards(
            cards,
            title=title,
            legal=legal,
            hidden=0 if zone.visible else zone.count,
            marked=marked,
            dim_illegal=dim_illegal,
            family=family,
            multi=multi,
        )
