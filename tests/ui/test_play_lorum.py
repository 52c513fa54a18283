"""Lórum played by keys: one human and three bots through a short game (one dealer, from the Hairy
Ape to Domino: face-down slot buttons, Train, Quart, Domino and the "Deal the next hand" button) to
the results screen; and two humans through the Hairy Ape, where what is private is inverted: each
sees the others' hands and not their own. The curtain must come up between the two humans, hide
every hand, and neither may ever see their own cards on their turn (nor the other's in a normal
hand).

play_helpers' card patterns know the Decktet only, so the French patterns are built here from the
glyph functions the screen uses.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import game_over, log_lines, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, all_widget_text, make_app, screen_text, settle, table  # noqa: E402

from decktable.cards.french import FRENCH  # noqa: E402
from decktable.engine.match import Match  # noqa: E402
from decktable.ui.glyphs import card_label, card_name  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402

SHORT = {"rounds": 1, "start": "hairy_ape"}


@lru_cache(maxsize=None)
def patterns(slug: str) -> tuple[re.Pattern[str], ...]:
    """Ways a French card could be named on screen: slug, full name, glyph label."""
    c = FRENCH.find(slug)
    assert c is not None
    words = {slug, c.name, card_name(slug, "french"), card_label(slug, "french")}
    return tuple(re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])") for w in words if w)


def shown(text: str, slugs: list[str]) -> list[str]:
    return [s for s in slugs if any(p.search(text) for p in patterns(s))]


def held(match: Match, seat: int) -> list[str]:
    """The cards in `seat`'s hand now (the test reads the true state), less any the log named."""
    said = "\n".join(log_lines(match))
    cards = [FRENCH.slug(c) for c in match.state.hands[seat]]  # type: ignore[attr-defined]
    return [c for c in cards if not any(p.search(said) for p in patterns(c))]


async def test_lorum_short_game_by_keys() -> None:
    app = make_app("lorum", "Ann,bot,bot,bot", seed=5, options=SHORT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        assert "Hairy Ape" in screen_text(app)
        played = await play_until(pilot, app, seeded_picker(3), game_over)
        verbs = {a.text.split()[0] for a in played}
        assert {"pick", "play"} <= verbs
        assert any(a.label.startswith("Play the card in slot") for a in played)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Ann" in text
        types = [e.data.get("type") for entry in match.log for e in entry.events if e.kind == "deal"]
        assert types == ["train", "quart", "domino"]
        assert any(e.kind == "forced" for entry in match.log for e in entry.events)


async def test_lorum_two_humans_hairy_ape_curtain() -> None:
    app = make_app("lorum", "Ann,Bea,bot,bot", seed=8, options=SHORT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        humans = (0, 1)
        checks = {"curtain": 0, "ape": 0, "other": 0}

        def on_curtain() -> None:
            checks["curtain"] += 1
            text = all_widget_text(app)
            for seat in range(4):  # under the curtain no hand at all is on screen
                assert not shown(text, held(match, seat)), f"seat {seat}'s cards under the curtain"

        def on_turn(obs) -> None:
            text = all_widget_text(app)
            me, other = obs.seat, 1 - obs.seat
            if obs.phase == "hairy_ape":
                checks["ape"] += 1
                # your own cards never, not even their order: only slot buttons
                assert not shown(text, held(match, me)), "a player sees their own Hairy Ape hand"
                assert [a.text for a in obs.legal] == [f"pick {k}" for k in range(1, len(obs.legal) + 1)]
                # the other three hands are face up for you
                assert shown(text, held(match, other)), "the other hands are not shown in the Hairy Ape"
            elif obs.phase != "scored":
                checks["other"] += 1
                assert not shown(text, held(match, other)), "the other human's hand shows"

        await play_until(pilot, app, seeded_picker(2), lambda m: m.game.phase(m.state) == "train",
                         on_curtain=on_curtain, on_turn=on_turn)
        assert checks["curtain"] >= 2 and checks["ape"] >= 2
        await play_until(pilot, app, seeded_picker(2), lambda m: m.game.phase(m.state) == "quart",
                         on_curtain=on_curtain, on_turn=on_turn)
        assert checks["other"] >= 4
        assert all(s in humans or match.seats[s].is_bot for s in range(4))
