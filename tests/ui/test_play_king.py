"""King played by keys: hand 1 alone (last_hand 1) from the face-up deal for the first dealer to
the results screen; a positive hand (first_hand 10) where the human dealer chooses the contract
and Up or Down by keys; and two humans whose hands never show under the curtain or during the
other's turn.

play_helpers' card patterns know the Decktet only, so the French patterns are built here from the
same glyph functions the screen uses (as in test_play_polignac)."""

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


@lru_cache(maxsize=None)
def patterns(slug: str) -> tuple[re.Pattern[str], ...]:
    """Ways a French card could be named on screen: slug, full name, glyph label and short name."""
    c = FRENCH.find(slug)
    assert c is not None
    words = {slug, c.name, card_name(slug, "french"), card_label(slug, "french")}
    return tuple(re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])") for w in words if w)


def secret_cards(match: Match, seat: int) -> list[str]:
    """The seat's hand, less any card the public log has named (the face-up deal names some)."""
    obs = match.game.observe(match.state, seat)
    said = "\n".join(log_lines(match))
    return [c for c in obs.zone(f"hand{seat}").cards if not any(p.search(said) for p in patterns(c))]


def shown(text: str, slugs: list[str]) -> list[str]:
    return [s for s in slugs if any(p.search(text) for p in patterns(s))]


async def test_king_first_hand_by_keys() -> None:
    app = make_app("king", "Ann,bot,bot,bot", seed=7, options={"last_hand": 1})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        text = screen_text(app)
        assert "No tricks" in text and "Deal face up to find the first dealer" in text
        seen: list[str] = []

        def on_turn(obs) -> None:
            if obs.phase == "play":
                seen.append(screen_text(app))

        played = await play_until(pilot, app, seeded_picker(1), game_over, on_turn=on_turn)
        verbs = [a.text.split()[0] for a in played]
        assert verbs[0] == "draw" and verbs.count("play") == 13
        assert set(verbs) <= {"draw", "deal", "play"}
        assert any("Face up to" in t for t in log_lines(match))
        assert any("receives the King of Hearts" in t for t in log_lines(match))
        # the table says which hand is played and what it costs, in the status and the prompt
        assert seen and all("No tricks" in t and "-20 for each trick" in t for t in seen)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        assert "Ann" in screen_text(app)
        assert sum(match.state.scores) == -260


async def test_king_positive_hand_by_keys() -> None:
    opts = {"first_hand": 10, "first_dealer": 0}
    app = make_app("king", "Ann,bot,bot,bot", seed=5, options=opts)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        text = screen_text(app)
        assert "Positive hand" in text and "Auction trumps" in text
        played = await play_until(pilot, app, seeded_picker(3, prefer=("auction", "down")), game_over)
        verbs = [a.text.split()[0] for a in played]
        assert verbs[:2] == ["auction", "down"] and verbs.count("play") == 13
        said = log_lines(match)
        assert any(t.startswith("Ann auctions the choice of trumps") for t in said)
        assert any(t.startswith("Auction adjustment:") for t in said)
        assert sum(match.state.scores) == 325
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)


async def test_king_two_humans_keep_hands_hidden() -> None:
    app = make_app("king", "Ann,Bea,bot,bot", seed=4, options={"last_hand": 1})
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
