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
    HandView.-packed {
        min-height: 1;
    }
    """

    def height_if(self, dense: bool, width: int, bare: bool = False, roomy: bool = False,
                  packed: bool = False) -> int:
        """As a strip's, held to the hand's least height (3 rows, 1 packed: "Ann's hand  —")."""
        least = 1 if dense and bare and packed else 3
        return max(least, super().height_if(dense, width, bare, roomy, packed))

    class CardChosen(CardStrip.CardChosen):
        """A card of the hand was chosen (Enter on it, or a click)."""
