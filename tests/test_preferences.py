"""Preferences remembered between runs (theme, card set, the last seats of each game) in the
config folder; a broken file is set aside with a notice, never a crash. Also the small words:
seat options counted from 1 where a person types or reads them, and "1 player"."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

import decktable
from decktable.engine.errors import BadOptions
from decktable.engine.seat_options import from_user, is_seat_field, seat_fields, to_user
from decktable.store import prefs


def test_no_file_means_defaults_and_no_notice() -> None:
    loaded, notice = prefs.load()
    assert loaded == prefs.Preferences() and notice is None


def test_config_folder_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DECKTABLE_CONFIG", str(tmp_path / "cfg"))
    assert prefs.prefs_path() == tmp_path / "cfg" / "preferences.json"
    monkeypatch.delenv("DECKTABLE_CONFIG")
    monkeypatch.setenv("DECKTABLE_HOME", str(tmp_path / "home"))
    assert prefs.prefs_path() == tmp_path / "home" / "preferences.json"


def test_round_trip() -> None:
    p = prefs.Preferences(theme="decktable-high-contrast", cards="ascii",
                          seats={"nonesuch": [prefs.SeatPref("Ann", "human"), prefs.SeatPref("Bot 2", "bot"),
                                              prefs.SeatPref("Bea", "human")]})
    assert prefs.save(p) is None
    loaded, notice = prefs.load()
    assert notice is None and loaded == p
    assert prefs.remember_seats("jacynth", [("Cy", "human"), ("Bot 2", "bot")]) is None
    assert prefs.update(theme="textual-dark") is None
    loaded, _ = prefs.load()
    assert loaded.theme == "textual-dark" and loaded.cards == "ascii"
    assert [s.name for s in loaded.seats["jacynth"]] == ["Cy", "Bot 2"]
    assert not [f for f in prefs.prefs_path().parent.iterdir() if f.name.endswith(".tmp")]


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"\xff\xfe", b"[1, 2]", b'{"version": 99}', b'{"theme": 5}', b'{"seats": []}',
     b"[" * 100_000],
)
def test_a_damaged_file_is_set_aside_with_a_notice(content: bytes) -> None:
    path = prefs.prefs_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    loaded, notice = prefs.load()
    assert loaded == prefs.Preferences()
    assert notice is not None and "moved aside" in notice
    assert not path.exists()
    aside = [f for f in path.parent.iterdir() if f.name.startswith("preferences.broken-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content  # never deleted
    assert prefs.save(prefs.Preferences(theme="x")) is None and prefs.load()[0].theme == "x"


def test_a_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """Issue 35: a valid file with a UTF-8 BOM (as some editors write) was called damaged."""
    path = prefs.prefs_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"version": 1, "theme": "textual-dark"}).encode())
    loaded, notice = prefs.load()
    assert notice is None and loaded.theme == "textual-dark" and path.exists()


def test_a_file_that_is_a_link_is_read_and_written_through_it(tmp_path: Path) -> None:
    """Issue 35: a dotfile manager's link was called damaged, moved aside and replaced by a file."""
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    real = dotfiles / "decktable-preferences.json"
    real.write_text(json.dumps({"version": 1, "theme": "textual-dark", "cards": "ascii"}), encoding="utf-8")
    path = prefs.prefs_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(real)
    loaded, notice = prefs.load()
    assert notice is None and loaded.theme == "textual-dark" and loaded.cards == "ascii"
    assert prefs.update(theme="decktable-high-contrast") is None
    assert path.is_symlink() and os.readlink(path) == str(real)  # the link stays a link
    assert json.loads(real.read_text(encoding="utf-8"))["theme"] == "decktable-high-contrast"  # written through it
    assert prefs.load()[0].cards == "ascii"
    assert not [f for f in path.parent.iterdir() if "broken" in f.name]
    assert not [f for f in dotfiles.iterdir() if f.name.endswith(".tmp")]


def test_a_link_to_a_folder_is_still_damaged_and_the_folder_untouched(tmp_path: Path) -> None:
    target = tmp_path / "a-folder"
    target.mkdir()
    path = prefs.prefs_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)
    loaded, notice = prefs.load()
    assert loaded == prefs.Preferences() and notice is not None and "moved aside" in notice
    assert target.is_dir() and not os.path.lexists(path)


def test_a_folder_where_the_file_should_be_and_a_bad_seat() -> None:
    path = prefs.prefs_path()
    path.mkdir(parents=True)
    loaded, notice = prefs.load()
    assert notice and "moved aside" in notice and loaded == prefs.Preferences()
    path.write_text(json.dumps({"theme": "decktable", "seats": {
        "nonesuch": [{"name": "Ann", "kind": "human"}, {"name": "x\x1b[31m", "kind": "bot"}],
        "jacynth": [{"name": "Bea", "kind": "human"}, {"name": "Cy", "kind": "wizard"}],
        "adaman": [{"name": "Di", "kind": "human"}]}}))
    loaded, notice = prefs.load()
    assert notice is None and loaded.theme == "decktable"
    assert list(loaded.seats) == ["adaman"]  # the games with a bad seat are dropped, alone


def test_an_unwritable_folder_is_a_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("DECKTABLE_CONFIG", str(blocker / "sub"))
    problem = prefs.save(prefs.Preferences(theme="x"))
    assert problem and problem.startswith("Preferences could not be saved")
    assert prefs.load() == (prefs.Preferences(), None) or prefs.load()[1]


# -- the app remembers, across a restart --------------------------------------------------------------


async def test_theme_card_set_and_seats_survive_a_restart() -> None:
    from textual.widgets import Input, Select

    from decktable.ui.app import DeckTableApp
    from decktable.ui.glyphs import current_card_set, use_card_set
    from decktable.ui.screens.setup import SetupScreen

    use_card_set("unicode")
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.set_theme("decktable-high-contrast")
        app.set_card_set("ascii")
        app.screen.open_setup("jacynth")  # type: ignore[attr-defined]
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#name-0", Input).value = "Ann"
        setup.query_one("#kind-1", Select).value = "human"
        await pilot.pause()
        setup.query_one("#name-1", Input).value = "Bea"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("q")  # back to the lobby from the table (the game is saved)
        await pilot.pause()
    use_card_set("unicode")  # as a fresh process would start

    again = DeckTableApp(bot_delay=0)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert again.theme == "decktable-high-contrast"
        assert current_card_set().name == "ascii"
        again.screen.open_setup("jacynth")  # type: ignore[attr-defined]
        await pilot.pause()
        setup = again.screen
        assert isinstance(setup, SetupScreen)
        assert setup.query_one("#name-0", Input).value == "Ann"
        assert setup.query_one("#name-1", Input).value == "Bea"
        assert setup.query_one("#kind-1", Select).value == "human"
    use_card_set("unicode")


async def test_a_broken_preference_file_is_a_notice_at_start() -> None:
    from decktable.ui.app import DeckTableApp

    path = prefs.prefs_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{oops")
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert any("moved aside" in n.message for n in app._notifications)
    assert not path.exists()


# -- small words: seats counted from 1, "1 player" ------------------------------------------------------


GAMES = [g.id for g in decktable.games()]
SEATISH = ("dealer", "captain", "leader", "first_player", "starter")


@pytest.mark.parametrize("game_id", GAMES)
def test_seat_options_count_from_one_for_people(game_id: str) -> None:
    game = decktable.get_game(game_id)
    for name, field in game.Options.model_fields.items():
        desc = field.description or ""
        assert not re.search(r"\b0 = (the )?first (player|seat)|\bseats? (number )?0\b|\bseat: 0\b|run 0 to", desc), (
            f"{game_id}.{name} counts seats from 0 for people: {desc!r}")
        ann = str(field.annotation)
        if "int" in ann and (any(w in name for w in SEATISH) or "seat" in desc.lower()):
            assert is_seat_field(field), f"{game_id}.{name} names a seat but is not marked as one"
        if is_seat_field(field):
            assert "from 1" in desc, f"{game_id}.{name}: say that seats count from 1"
    seats = seat_fields(game.Options)
    players = game.info.max_players
    for name in seats:
        assert from_user(game.Options, {name: 1}, players) == {name: 0}
        assert to_user(game.Options, {name: 0}) == {name: 1}
        with pytest.raises(BadOptions, match="counted from 1"):
            from_user(game.Options, {name: 0}, players)
        with pytest.raises(BadOptions, match="counted from 1"):
            from_user(game.Options, {name: players + 1}, players)


def test_cli_options_take_seats_counted_from_one() -> None:
    from decktable import cli

    game = decktable.get_game("nonesuch")
    assert cli.parse_options(["first_dealer=1"], game, 3) == {"first_dealer": 0}
    assert cli.parse_options(["first_dealer=3"], game, 3) == {"first_dealer": 2}
    with pytest.raises(BadOptions, match="seats are 1 to 3"):
        cli.parse_options(["first_dealer=4"], game, 3)


async def test_setup_form_offers_seats_from_one() -> None:
    from textual.widgets import Select

    from decktable.ui.app import DeckTableApp
    from decktable.ui.screens.setup import SetupScreen

    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.open_setup("nonesuch")  # type: ignore[attr-defined]
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        select = setup.query_one("#opt-first_dealer", Select)
        assert [label for label, _v in select._options if _v is not Select.NULL][:2] == ["Seat 1", "Seat 2"]
        select.value = 0
        assert setup.option_values()["first_dealer"] == 0
        select.value = 3  # seat 4, with three players at the table
        from decktable.engine.errors import DeckTableError

        with pytest.raises(DeckTableError, match="no seat 4 at a table of 3"):
            setup.option_values()


def test_one_player_is_singular() -> None:
    adaman = decktable.get_game("adaman")
    assert adaman.info.players_phrase == "1 player"
    assert decktable.get_game("jacynth").info.players_phrase == "2–3 players"
    with pytest.raises(BadOptions, match="is for 1 player, not 2"):
        adaman.new(2, seed=1)
