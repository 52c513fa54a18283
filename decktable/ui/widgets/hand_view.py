"""HandView: the viewing seat's hand as one composite widget, legal cards highlighted."""

from __future__ import annotations

from decktable.ui.widgets.card_strip import CardStrip


class HandView(CardStrip):
    """The hand of the seat whose view is on screen. Choosing a card posts `HandView.CardChosen`.

    Only ever filled from that seat's own observation; the table clears it (spectator view)
    before a hand-off curtain goes up.
    """

    DEFAULT_CSS = """
    HandView {
        height: auto;
        min-height: 3;
    }
    """

    class CardChosen(CardStrip.CardChosen):
        """A card of the hand was chosen (Enter on it, or a click)."""
