"""Card names in the hand are not cut where there is room: chips widen while the whole hand fits
on one row, and keep their narrow width (wrapping) when it does not."""

from __future__ import annotations

from textual.app import App, ComposeResult

from decktable.ui.widgets.card_strip import CHIP_W, CardStrip

FEW = ["chance-meeting", "light-keeper", "savage"]
MANY = ["chance-meeting", "author", "desert", "origin", "journey", "painter", "savage", "mountain",
        "sailor", "battle", "forest", "discovery"]


class StripApp(App[None]):
    def __init__(self, cards: list[str]) -> None:
        super().__init__()
        self.cards = cards

    def compose(self) -> ComposeResult:
        yield CardStrip("Ann's hand", zone="hand0", family="decktet", id="strip")

    def on_mount(self) -> None:
        self.query_one(CardStrip).set_cards(self.cards, legal=self.cards)


def strip_text(app: App[None]) -> str:
    return str(app.query_one(CardStrip).render())


async def test_a_short_hand_shows_whole_names_at_120_columns() -> None:
    app = StripApp(FEW)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = strip_text(app)
        assert "Chance Meeting" in text and "Light Keeper" in text
        assert "…" not in text
        assert app.query_one(CardStrip).chip_w > CHIP_W


async def test_a_long_hand_keeps_narrow_chips_and_wraps() -> None:
    app = StripApp(MANY)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        strip = app.query_one(CardStrip)
        assert strip.chip_w == CHIP_W
        assert strip.per_row() < len(MANY)  # more than one row
        assert "Chance Me…" in strip_text(app)  # no room here: cut, with an ellipsis
