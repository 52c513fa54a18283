"""The rules a player opens at the table with `?` name each suit mark the cards show (☾ Moons …
⌘ Knots for the Decktet, ■ Earth … ◎ the Fool for the tarot), as `decktable rules` prints them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import make_app, press, screen_text, settle  # noqa: E402

from decktable.ui.screens.help_screen import HelpScreen  # noqa: E402

LEGENDS = {
    "nonesuch": [("Moons", "☾"), ("Suns", "☼"), ("Waves", "≈"), ("Leaves", "❦"), ("Wyrms", "§"), ("Knots", "⌘")],
    "rally": [("Earth", "■"), ("Water", "≈"), ("Fire", "▲"), ("Air", "○"), ("trumps", "✦"), ("the Fool", "◎")],
}


def _columns(screen: str, names: list[str]) -> list[tuple[str, str]]:
    """(name, the mark under it) for each column of the drawn legend table, or [] if not drawn."""
    lines = screen.splitlines()
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if cells == names:
            for below in lines[i + 1 : i + 3]:
                marks = [c.strip() for c in below.split("│")[1:-1]]
                if len(marks) == len(names):
                    return list(zip(cells, marks))
    return []


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game, seats", [("nonesuch", "Ann,bot,bot"), ("rally", "Ann,bot,bot,bot")])
async def test_question_mark_at_the_table_shows_the_suit_legend(game: str, seats: str, size: tuple[int, int]) -> None:
    app = make_app(game, seats, seed=3)
    want = LEGENDS[game]
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        drawn: list[tuple[str, str]] = []
        for _ in range(4):  # the legend sits by the primer's link, within the first pages
            drawn = _columns(screen_text(app), [n for n, _ in want])
            if drawn:
                break
            await press(pilot, "pagedown")
        assert drawn == want, f"{game} at {size}: the legend drawn is {drawn}"
