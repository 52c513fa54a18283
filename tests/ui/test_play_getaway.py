"""Getaway played by keys: a one-deal game against two bots (cards from the hand, and the Pick up
/ Take buttons) to the results screen; and two humans whose hands never show under the curtain or
during the other's turn.

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

ONE_HAND = {"hands": 1}


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


async def test_getaway_game_by_keys() -> None:
    app = make_app("getaway", "Ann,bot,bot", seed=7, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(1, avoid=("take",)), game_over)
        assert "play" in {a.text.split()[0] for a in played}
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Ann" in text
        assert any(t.startswith("Ann") for t in log_lines(match))
        assert sum(match.state.scores) == 1


async def test_getaway_pickup_and_take_by_buttons() -> None:
    """The verbs without a card: a human picks up a stopped trick and takes a hand by buttons."""
    app = make_app("getaway", "Ann,bot,bot,bot", seed=11, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        used: set[str] = set()
        base = seeded_picker(3, avoid=("take",))

        def pick(obs):
            verbs = {a.text.split()[0]: a for a in obs.legal}
            if "take" in verbs and "take" not in used:
                used.add("take")
                return verbs["take"]
            if "pickup" in verbs:
                used.add("pickup")
            return base(obs)

        def done(m) -> bool:
            return game_over(m) or {"take", "pickup"} <= used

        await play_until(pilot, app, pick, done)
        texts = [str(e.action) for e in match.log if e.seat == 0]
        assert "take" in texts
        assert any("takes" in t and t.startswith("Ann") for t in log_lines(match))


async def test_getaway_two_humans_keep_hands_hidden() -> None:
    app = make_app("getaway", "Ann,Bea,bot", seed=4, options=ONE_HAND)
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
        assert checks["curtain"] >= 4 and checks["turn"] >= 8
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
