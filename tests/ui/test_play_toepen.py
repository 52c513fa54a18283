"""Toepen played by keys: a short game (two lives) against two bots, from the laundry buttons to
the results screen; and two humans, where every private prompt (keep/exchange, challenge,
fold/stay) comes behind a hand-off curtain when the other human was on screen, and neither the
other's hand nor an unchallenged thrown hand ever shows.

play_helpers' card patterns know the Decktet only, so the French patterns are built here from the
same glyph functions the screen uses (as test_play_polignac does)."""

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
from decktable.ui.screens.curtain import CurtainScreen  # noqa: E402
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
    """Cards only `seat` may know (its hand, its face-down thrown hand), less any the log named."""
    mine = match.game.observe(match.state, seat)
    public = {z.name for z in match.game.observe(match.state, None).zones if z.visible}
    said = "\n".join(log_lines(match))
    return [c for z in mine.zones if z.visible and z.name not in public for c in z.cards
            if not any(p.search(said) for p in patterns(c))]


def shown(text: str, slugs: list[str]) -> list[str]:
    return [s for s in slugs if any(p.search(text) for p in patterns(s))]


async def test_toepen_game_by_keys() -> None:
    app = make_app("toepen", "Ann,bot,bot", seed=7, options={"lives": 2})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(1, avoid=("knock", "fold", "challenge")), game_over)
        verbs = {a.text.split()[0] for a in played}
        assert "play" in verbs and verbs & {"keep", "exchange", "whistle", "stand"}
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Ann" in text
        assert any(t.startswith("Ann") for t in log_lines(match))
        assert 0 in match.state.scores


async def test_toepen_two_humans_private_prompts_behind_the_curtain() -> None:
    app = make_app("toepen", "Ann,Bea,bot", seed=4, options={"lives": 4})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        checks = {"curtain": 0, "turn": 0, "laundry": 0, "challenge": 0, "answer": 0, "play": 0, "scored": 0}
        last = {"seat": None, "curtains": 0}

        def on_curtain() -> None:
            checks["curtain"] += 1
            assert isinstance(app.screen, CurtainScreen)
            text = all_widget_text(app)
            for seat in (0, 1):
                leak = shown(text, secret_cards(match, seat))
                assert not leak, f"seat {seat}'s cards {leak} under the curtain"

        def on_turn(obs) -> None:
            checks["turn"] += 1
            checks[obs.phase] = checks.get(obs.phase, 0) + 1
            if last["seat"] is not None and last["seat"] != obs.seat:
                # a different human than the one last on screen: a curtain came in between
                assert checks["curtain"] > last["curtains"], f"no curtain before seat {obs.seat}'s {obs.phase}"
            last["seat"], last["curtains"] = obs.seat, checks["curtain"]
            other = 1 - obs.seat
            text = all_widget_text(app)
            mine = [c for c in secret_cards(match, obs.seat) if c in obs.zone(f"hand{obs.seat}").cards]
            assert shown(text, mine) == mine, "the detector must see the player's own hand"
            leak = shown(text, secret_cards(match, other))
            assert not leak, f"seat {other}'s cards {leak} show during seat {obs.seat}'s {obs.phase}"

        pick = seeded_picker(3, prefer=("exchange", "knock"))
        await play_until(pilot, app, pick, game_over, limit=600, on_curtain=on_curtain, on_turn=on_turn)
        assert checks["curtain"] >= 4
        assert checks["laundry"] >= 2 and checks["answer"] >= 2 and checks["challenge"] >= 1
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
