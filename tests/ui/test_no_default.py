"""Choices that change the score have no silent default (issue 33), beyond Schnapsen's last-trick
question (test_play_schnapsen.py): Toepen's answer to a knock, by real keys, and every game that
says `no_default` leaves the keyboard on no button. Positions are reached through play."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import lift_curtain, play_until, seeded_picker  # noqa: E402
from table_driver import make_app, notifications, play, press, screen_text, settle, table, viewer_obs  # noqa: E402

from decktable.ui.screens.curtain import CurtainScreen  # noqa: E402
from decktable.ui.widgets.action_bar import ActionBar  # noqa: E402


def can_knock(match) -> bool:
    seat = match.human_to_act()
    return seat is not None and any(a.text == "knock" for a in match.observe(seat).legal)


async def test_toepen_answer_to_a_knock_starts_on_no_button() -> None:
    """Fold (pay) or stay in (for the higher stake): Enter alone folded, the first button."""
    app = make_app("toepen", "Ann,Bea,bot", seed=4, options={"lives": 4})
    async with app.run_test(size=(80, 24)) as pilot:
        match = table(app).match
        await play_until(pilot, app, seeded_picker(2, prefer=("keep",), avoid=("exchange", "knock")), can_knock)
        knocker = match.human_to_act()
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await lift_curtain(pilot, app)
        await play(pilot, app, next(a for a in viewer_obs(app).legal if a.text == "knock"))
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await lift_curtain(pilot, app)
        obs = viewer_obs(app)
        assert obs.seat == 1 - knocker and obs.phase == "answer" and obs.no_default, (obs.seat, obs.phase)
        bar = table(app).query_one(ActionBar)
        labels = [str(b.label) for b in bar.buttons]
        assert labels[0].startswith("Fold (pay") and labels[1].startswith("Stay in (for"), labels
        assert all(label in screen_text(app) for label in labels)
        assert app.focused is bar
        before = len(match.log)
        await press(pilot, "enter")
        assert len(match.log) == before  # nothing chosen by reflex
        assert any("changes the score" in n for n in notifications(app))
        await press(pilot, "left")  # from no button, ← goes to the last: Stay in
        assert str(getattr(app.focused, "label", "")).startswith("Stay in")
        await press(pilot, "enter")
        assert str(match.log[before].action) == "stay"


def test_no_default_and_start_on_only_name_a_choice_the_seat_has() -> None:
    """In random games of every game: `no_default` is said only to a seat with two or more
    buttons to choose among, and `start_on` names one of its legal actions; the games of issue 33
    say them where the issue found a reflex answer."""
    import random

    import decktable

    said: dict[str, set[str]] = {}
    for info in decktable.games():
        game = decktable.get_game(info.id)
        n = max(info.min_players, min(4, info.max_players))
        for seed in (1, 2, 18):  # 18: a Bura is dealt in the first hand
            state = game.new([f"P{i}" for i in range(n)], seed=seed)
            rng = random.Random(seed)
            for _ in range(800):
                if game.is_over(state):
                    break
                seat = rng.choice(list(game.to_act(state)))
                obs = game.observe(state, seat)
                buttons = [a for a in obs.legal if a.card is None and a.cell is None]
                if obs.no_default:
                    assert len(buttons) >= 2, (info.id, obs.phase, [a.text for a in obs.legal])
                    said.setdefault(info.id, set()).add("no_default")
                if obs.start_on is not None:
                    assert obs.start_on in [a.text for a in buttons], (info.id, obs.start_on)
                    said.setdefault(info.id, set()).add("start_on")
                game.apply(state, seat, rng.choice(obs.legal).text, events=False)
    for game_id in ("schnapsen", "bura", "toepen", "chicago", "envite"):
        assert "no_default" in said.get(game_id, set()), (game_id, said)
    assert "start_on" in said["envite"]
