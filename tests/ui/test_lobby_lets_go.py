"""Issue 35: a game is locked only while a table shows it. A tab of `decktable serve` (or a
window) that went back to the lobby kept its lock on the game it left, so no other tab could
resume it ("open in another window") while this one played something else."""

from __future__ import annotations

from decktable.session.match import Match, Seat
from decktable.store import history, savelock
from decktable.store.saves import list_saves, new_save_path
from decktable.ui.app import DeckTableApp
from decktable.ui.screens.lobby import LobbyScreen


async def test_going_back_to_the_lobby_lets_go_of_the_game(fixed_games) -> None:
    path = new_save_path()
    m = Match("countup", [Seat("Ann")], seed=9, options={"draws": 5}, save_path=path, on_finish=history.record)
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.start_match(m)
        await pilot.pause()
        app.screen.do("draw")
        await pilot.pause()
        assert savelock.holds(path)  # while the table shows it
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert not savelock.holds(path)  # left: another window may resume it
        assert [e.in_use for e in list_saves().saves] == [False]
        app.screen.action_resume(0)  # and this one resumes it again, lock and all
        await pilot.pause()
        assert not isinstance(app.screen, LobbyScreen), app.screen
        assert savelock.holds(path)


async def test_the_lobby_says_a_newer_save_is_there_and_offers_no_resume(fixed_games) -> None:
    """Issue 35: a save a newer decktable made is left where it is; the lobby says so in one line."""
    import json

    path = new_save_path()
    m = Match("countup", [Seat("Ann")], seed=9, options={"draws": 5}, save_path=path)
    m.act(0, "draw")
    savelock.release(path)
    head, _, rest = path.read_text(encoding="utf-8").partition("\n")
    path.write_text(json.dumps({**json.loads(head), "format": 3}) + "\n" + rest, encoding="utf-8")
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        said = [n.message for n in app._notifications]
        assert any("made by a newer decktable" in n and path.name in n for n in said), said
        assert not lobby.has_autosave()
    assert path.exists()
