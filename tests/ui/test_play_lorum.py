"""Lórum played by keys: one human and three bots through a short game (one dealer, from the Hairy
Ape to Domino: face-down slot buttons, Train, Quart, Domino and the "Deal the next hand" button) to
the results screen; and two humans through the Hairy Ape, where what is private is inverted: each
sees the others' hands and not their own. The curtain must come up between the two humans, hide
every hand, and neither may ever see their own cards on their turn (nor the other's in a normal
hand). play_helpers finds French cards by the game's family.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import family_of, game_over, leaked, log_lines, named, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, all_widget_text, make_app, screen_text, settle, table  # noqa: E402

from decktable.cards import catalogue  # noqa: E402
from decktable.session.match import Match  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402

SHORT = {"rounds": 1, "start": "hairy_ape"}


def held(match: Match, seat: int) -> list[str]:
    """The cards in `seat`'s hand now (the test reads the true state: in the Hairy Ape no
    observation shows a seat its own hand), less any the log named."""
    family = family_of(match)
    said = "\n".join(log_lines(match))
    cards = [catalogue(family).slug(c) for c in match.state.hands[seat]]  # type: ignore[attr-defined]
    return [c for c in cards if not named(said, c, family)]


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
        family = family_of(match)
        assert family == "french"
        checks = {"curtain": 0, "ape": 0, "other": 0}

        def on_curtain() -> None:
            checks["curtain"] += 1
            text = all_widget_text(app)
            for seat in range(4):  # under the curtain no hand at all is on screen
                assert not leaked(text, held(match, seat), family), f"seat {seat}'s cards under the curtain"

        def on_turn(obs) -> None:
            text = all_widget_text(app)
            me, other = obs.seat, 1 - obs.seat
            if obs.phase == "hairy_ape":
                checks["ape"] += 1
                # your own cards never, not even their order: only slot buttons
                assert not leaked(text, held(match, me), family), "a player sees their own Hairy Ape hand"
                assert [a.text for a in obs.legal] == [f"pick {k}" for k in range(1, len(obs.legal) + 1)]
                # the other three hands are face up for you
                assert leaked(text, held(match, other), family), "the other hands are not shown in the Hairy Ape"
            elif obs.phase != "scored":
                checks["other"] += 1
                assert not leaked(text, held(match, other), family), "the other human's hand shows"

        await play_until(pilot, app, seeded_picker(2), lambda m: m.game.phase(m.state) == "train",
                         on_curtain=on_curtain, on_turn=on_turn)
        assert checks["curtain"] >= 2 and checks["ape"] >= 2
        await play_until(pilot, app, seeded_picker(2), lambda m: m.game.phase(m.state) == "quart",
                         on_curtain=on_curtain, on_turn=on_turn)
        assert checks["other"] >= 4
        assert all(s in humans or match.seats[s].is_bot for s in range(4))


async def test_lorum_hairy_ape_bots_between_humans_show_no_hand() -> None:
    """Ann, a bot, Bea, a bot in the Hairy Ape (each sees the OTHER hands): while bots act after
    one human and before the next, the screen shows the spectator's view — never Ann's view,
    which holds Bea's hand face up — and the curtain comes before Bea's view."""
    from textual.widgets import Button

    from decktable.ui.screens.curtain import CurtainScreen

    app = make_app("lorum", "Ann,bot:random,Bea,bot:random", seed=8, options=SHORT)
    app.bot_delay = 0.01
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        match = screen.match
        humans = (0, 2)
        seen = {"bot_redraws": 0, "curtains": 0}
        redraw = screen.redraw

        def leaks(text: str) -> list[str]:
            return [c for h in humans for c in leaked(text, held(match, h), "french")]

        def drawn() -> str:
            """What the table's displayed widgets draw now (a widget on its way out is hidden)."""
            parts = []
            for w in screen.query("*"):
                if not w.display or not all(a.display for a in w.ancestors_with_self if hasattr(a, "display")):
                    continue
                try:
                    rendered = w.render()
                except Exception:
                    continue
                parts.append(getattr(rendered, "plain", None) or str(rendered))
                parts.append(" ".join(getattr(w, "cards", None) or ()))
            return "\n".join(parts)

        def checked_redraw() -> None:
            redraw()
            if match.bot_to_act() is not None:
                seen["bot_redraws"] += 1
                assert not leaks(drawn()), ("a human's cards on screen while a bot acts", match.viewer)

        screen.redraw = checked_redraw  # type: ignore[method-assign]
        rng = __import__("random").Random(4)
        for _ in range(400):
            if match.game.phase(match.state) != "hairy_ape":
                break
            if isinstance(app.screen, CurtainScreen):
                seen["curtains"] += 1
                await pilot.press("enter")
                await settle(pilot)
                continue
            obs = screen.obs
            if app.screen is screen and obs is not None and obs.seat is not None and obs.legal \
                    and match.human_to_act() == obs.seat:
                action = rng.choice(obs.legal)
                for b in screen.query(Button):
                    if str(b.label) == action.label:
                        b.press()
                        break
                await settle(pilot)
                continue
            await pilot.pause(0.02)
        assert seen["bot_redraws"] >= 4 and seen["curtains"] >= 3, seen
