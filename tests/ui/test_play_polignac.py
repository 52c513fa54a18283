"""Polignac played by keys: a one-hand game (limit 1) against two bots, card by card from the hand
to the results screen; and two humans whose hands never show under the curtain or during the
other's turn.

play_helpers' card patterns know the Decktet only, so the French patterns are built here from the
same glyph functions the screen uses."""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import all_widget_text, game_over, log_lines, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.cards.french import FRENCH  # noqa: E402
from decktable.engine.match import Match  # noqa: E402
from decktable.ui.glyphs import card_label, card_name  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402

ONE_HAND = {"limit": 1}


@lru_cache(maxsize=None)
def patterns(slug: str) -> tuple[re.Pattern[str], ...]:
    """Ways a French card could be named on screen: slug, full name, glyph label and short name."""
    c = FRENCH.find(slug)
    assert c is not None
    words = {slug, c.name, card_name(slug, "french"), card_label(slug, "french")}
    return tuple(re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])") for w in words if w)


def secret_cards(match: Match, seat: int) -> list[str]:
    """The seat's hand, less any card the public log has named."""
    obs = match.game.observe(match.state, seat)
    said = "\n".join(log_lines(match))
    return [c for c in obs.zone(f"hand{seat}").cards if not any(p.search(said) for p in patterns(c))]


def shown(text: str, slugs: list[str]) -> list[str]:
    return [s for s in slugs if any(p.search(text) for p in patterns(s))]


async def test_polignac_game_by_keys() -> None:
    app = make_app("polignac", "Ann,bot,bot", seed=7, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(1), game_over)
        assert {a.text.split()[0] for a in played} == {"play"}
        assert len(played) == 10  # three players, ten cards each
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Ann" in text
        assert any(t.startswith("Ann") for t in log_lines(match))
        assert sum(match.state.scores) == 5


async def test_polignac_two_humans_keep_hands_hidden() -> None:
    app = make_app("polignac", "Ann,Bea,bot", seed=4, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        checks = {"curtain": 0, "turn": 0}

        def on_curtain() -> None:
            checks["curtain"] += 1
            text = all_widget_text(app)
            for seat in (0, 1):
                assert not shown(text, secret_cards(match, seat)), f"seat {seat}'s hand under the curtain"

        def on_turn(obs) -> None:
            checks["turn"] += 1
            other = 1 - obs.seat
            text = all_widget_text(app)
            mine = secret_cards(match, obs.seat)
            assert shown(text, mine) == mine, "the detector must see the player's own hand"
            leak = shown(text, secret_cards(match, other))
            assert not leak, f"seat {other}'s cards {leak} show during seat {obs.seat}'s turn"

        await play_until(pilot, app, seeded_picker(2), game_over, on_curtain=on_curtain, on_turn=on_turn)
        assert checks["curtain"] >= 4 and checks["turn"] >= 20
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
