"""Names are text (issue 6, item 2): names that look like Rich markup are shown literally on the
hand-off curtain, the seats panel, the log, toasts, the results and the statistics screen; the
setup screen refuses control characters, long names and duplicates with the same sentences as
the command line."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.widgets import DataTable, Input

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import SIZE, notifications, screen_text, settle, table  # noqa: E402

from decktable.engine.errors import DeckTableError  # noqa: E402
from decktable.session.match import Match, Seat  # noqa: E402
from decktable.store import history  # noqa: E402
from decktable.store.paths import autosave_path  # noqa: E402
from decktable.ui.app import DeckTableApp  # noqa: E402
from decktable.ui.screens.curtain import CurtainScreen  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.setup import SetupScreen  # noqa: E402
from decktable.ui.screens.stats_screen import StatsScreen  # noqa: E402

NAMES = ["Ann[/]", "Sam [dad]", "[bold]x"]


async def test_markup_names_are_shown_literally_from_curtain_to_results(fixed_games) -> None:
    match = Match(
        "countup", [Seat(n) for n in NAMES], seed=5, options={"draws": 1},
        save_path=autosave_path(), on_finish=history.record,
    )
    app = DeckTableApp(match=match, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for turn, name in enumerate(NAMES):
            assert isinstance(app.screen, CurtainScreen), app.screen
            text = screen_text(app)
            assert f"Pass the keyboard to {name}." in text
            assert f"{name}, press Enter when only you can see the screen." in text
            await pilot.press("enter")
            await settle(pilot)
            shown = screen_text(app)
            for other in NAMES:
                assert other in shown, f"{other!r} is not on the seats panel"
            assert f"{name}'s view" in shown
            if turn == 1:
                # a toast that names another player: undo refused past Ann[/]'s move
                await pilot.press("u")
                await settle(pilot)
                assert "Undo cannot go back past Ann[/]'s move." in notifications(app)
                toast = [n for n in app._notifications if "Undo cannot" in n.message]
                assert toast and not toast[0].markup, "a toast naming a player is shown as text"
            await pilot.press("enter")  # the Draw button has the focus
            await settle(pilot)
        assert isinstance(app.screen, ResultsScreen), app.screen
        text = screen_text(app)
        for name in NAMES:
            assert name in text, f"{name!r} is not on the results screen"
        lines = table(app).query_one("#log").lines_shown
        assert lines[:3] == [f"{n} draws a card." for n in NAMES]
    (rec,) = history.recent(5)
    assert rec.names == NAMES


async def test_statistics_screen_shows_markup_names_literally(fixed_games) -> None:
    seats = [{"name": "Sam [dad]", "kind": "human"}, {"name": "Sam [kid]", "kind": "human"}]
    history.add("countup", seats, [14, 9], [1, 2], seed=1, finished="2026-03-01T20:15:00+00:00")
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        totals = app.screen.query_one("#stats-totals", DataTable)
        assert [str(c) for c in totals.get_row_at(0)][2:] == ["14 (Sam [dad])", "Sam [dad] 1"]
        recent = app.screen.query_one("#stats-recent", DataTable)
        assert str(recent.get_row_at(0)[2]) == "Sam [dad] 14 · Sam [kid] 9"
        assert "Sam [dad] 14 · Sam [kid] 9" in screen_text(app)


async def _setup_refusal(pilot, app: DeckTableApp, names: list[str]) -> str:
    setup = app.screen
    assert isinstance(setup, SetupScreen)
    for i, n in enumerate(names):
        setup.query_one(f"#name-{i}", Input).value = n
    before = len(notifications(app))
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen), "the game must not start"
    new = notifications(app)[before:]
    assert len(new) == 1, new
    return new[0]


async def test_setup_refuses_bad_names_like_the_command_line(fixed_games, monkeypatch) -> None:
    app = DeckTableApp(bot_delay=0)
    started: list[Match] = []
    monkeypatch.setattr(app, "start_match", started.append)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.open_setup("countup")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#count").value = 2
        setup.query_one("#kind-1").value = "human"
        await pilot.pause()
        # duplicates, ignoring case: the very sentence of the shared check (and of the CLI)
        from decktable.engine.names import check_names

        message = await _setup_refusal(pilot, app, ["Ann", "ANN"])
        try:
            check_names(["Ann", "ANN"])
        except DeckTableError as exc:
            assert message == str(exc)
        else:
            raise AssertionError("duplicates were accepted")
        message = await _setup_refusal(pilot, app, ["Ann\x1b]0;pwned\x07", "Bob"])
        assert "control characters" in message and "\x1b" not in message
        setup.query_one("#name-0", Input).value = "A" * 25
        if len(setup.query_one("#name-0", Input).value) == 25:  # the field may cut it at 24
            message = await _setup_refusal(pilot, app, ["A" * 25, "Bob"])
            assert "1 to 24 characters" in message
        for i, n in enumerate(["Sam [dad]", "B" * 24]):
            setup.query_one(f"#name-{i}", Input).value = n
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert [[s.name for s in m.seats] for m in started] == [["Sam [dad]", "B" * 24]]


async def test_setup_refuses_seeds_outside_0_to_2_63(fixed_games, monkeypatch) -> None:
    app = DeckTableApp(bot_delay=0)
    started: list[Match] = []
    monkeypatch.setattr(app, "start_match", started.append)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.open_setup("countup")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        for bad in ("-5", "18446744073709551621", str(2**63), "abc", "1.5"):
            setup.query_one("#seed", Input).value = bad
            app.clear_notifications()  # at most three are shown at once: count from none
            await pilot.press("ctrl+s")
            await pilot.pause()
            new = notifications(app)
            assert len(new) == 1 and "0 to 2**63 - 1" in new[0], (bad, new)
        assert started == []
        setup.query_one("#seed", Input).value = str(2**63 - 1)
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert [m.seed for m in started] == [2**63 - 1]
