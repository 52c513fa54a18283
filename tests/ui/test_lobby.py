"""Lobby, setup, help, resume and the small-terminal guard, driven with Pilot through keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.widgets import Input, MarkdownViewer, OptionList, Select, Static, Switch

from decktable.session.match import Match, Seat
from decktable.store.paths import autosave_path, saves_dir
from decktable.ui.app import DeckTableApp
from decktable.ui.screens.help_screen import HelpScreen
from decktable.ui.screens.lobby import LobbyScreen
from decktable.ui.screens.setup import SetupScreen
from decktable.ui.screens.stats_screen import StatsScreen
from decktable.ui.screens.too_small import TooSmallScreen

SIZE = (120, 40)


def option_ids(app: DeckTableApp) -> list[str | None]:
    olist = app.screen.query_one("#games", OptionList)
    return [olist.get_option_at_index(i).id for i in range(olist.option_count)]


def plain(prompt: object) -> str:
    """The text of an option's prompt (Text, or a Group of Text and padded Text)."""
    if isinstance(prompt, Group):
        return "\n".join(plain(r) for r in prompt.renderables)
    if isinstance(prompt, Padding):
        return plain(prompt.renderable)
    if isinstance(prompt, Text):
        return prompt.plain
    return str(prompt)


def prompts(app: DeckTableApp) -> list[str]:
    olist = app.screen.query_one("#games", OptionList)
    return [plain(olist.get_option_at_index(i).prompt) for i in range(olist.option_count)]


def messages(app: DeckTableApp) -> list[str]:
    return [n.message for n in app._notifications]


class Recorder:
    """Stands in for start_match so these tests do not depend on the table screens."""

    def __init__(self) -> None:
        self.matches: list[Match] = []

    def __call__(self, match: Match) -> None:
        self.matches.append(match)


async def test_lobby_lists_games_grouped_by_family_with_counts(fixed_games) -> None:
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        ids = option_ids(app)
        texts = prompts(app)
        # no autosave: statistics first, then the packs (Decktet, French pack, Tarot), games under them
        assert ids[0] == "stats"
        assert "resume" not in ids
        assert ids.index("family:decktet") < ids.index("game:countup") < ids.index("family:french")
        assert ids.index("family:french") < ids.index("game:fake_french") < ids.index("family:tarot")
        assert ids[-1] == "game:fake_tarot"
        assert texts[ids.index("family:decktet")] == "Decktet · 3 games"
        assert texts[ids.index("family:tarot")] == "Tarot · 1 game"
        assert texts[ids.index("family:french")] == "French pack · 1 game"
        assert "1–4 players" in texts[ids.index("game:countup")]
        assert texts[ids.index("game:countup")].endswith("A test game: draw cards in turn; the highest total wins.")
        assert "1 player" in texts[ids.index("game:fake_solo")]
        assert "4 players" in texts[ids.index("game:fake_french")]
        # the first game is highlighted and described
        details = str(app.screen.query_one("#details-body", Static).render())
        assert "Count Up" in details and "draw cards in turn" in details
        await pilot.press("down")
        details = str(app.screen.query_one("#details-body", Static).render())
        assert "Grid Builder" in details and "2–3 players" in details


async def test_lobby_lists_the_real_registry() -> None:
    import decktable

    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ids = option_ids(app)
        for info in decktable.games():
            assert f"game:{info.id}" in ids
            assert f"family:{info.family}" in ids
        # each game sits under its own pack's heading
        heading = None
        families = {info.id: info.family for info in decktable.games()}
        for oid in ids:
            if oid and oid.startswith("family:"):
                heading = oid.split(":", 1)[1]
            elif oid and oid.startswith("game:"):
                assert families[oid.split(":", 1)[1]] == heading
        texts = prompts(app)
        if "family:french" in ids:
            assert texts[ids.index("family:french")].startswith("French pack · ")
            assert ids.index("family:decktet") < ids.index("family:french")


async def test_keyboard_select_setup_and_start(fixed_games, monkeypatch) -> None:
    app = DeckTableApp(bot_delay=0)
    started = Recorder()
    monkeypatch.setattr(app, "start_match", started)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.highlighted_game() == "countup"
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        # the options form comes from the pydantic model
        assert isinstance(setup.query_one("#opt-lowball"), Switch)
        assert isinstance(setup.query_one("#opt-pace"), Select)
        assert isinstance(setup.query_one("#opt-draws"), Input)
        assert "lowest total wins" in str(setup.query_one(".setup-description", Static).render()) or any(
            "lowest total wins" in str(w.render()) for w in setup.query(".setup-description")
        )
        # two players: Ann and a bot
        setup.query_one("#count", Select).value = 2
        await pilot.pause()
        assert setup.query_one("#seat-1").display and not setup.query_one("#seat-2").display
        name = setup.query_one("#name-0", Input)
        assert app.focused is name
        name.value = ""
        await pilot.press(*"Ann")
        setup.query_one("#seed", Input).value = "42"
        setup.query_one("#opt-draws", Input).value = "3"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert len(started.matches) == 1
        match = started.matches[0]
        assert [(s.name, s.kind) for s in match.seats] == [("Ann", "human"), ("Bot 1", "bot")]  # as `decktable play` names them
        assert match.seed == 42
        assert match.options == {"draws": 3, "lowball": False, "pace": "calm"}
        # an optional number: blank is the default, a number is used
        assert isinstance(setup.query_one("#opt-first"), Input)
        setup.query_one("#opt-first", Input).value = "1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert started.matches[1].options["first"] == 1
        assert started.matches[1].to_act() == (1,)
        assert match.save_path.parent == saves_dir() != autosave_path().parent  # a save of its own
        assert started.matches[1].save_path != match.save_path
        assert match.on_finish is not None


async def test_setup_refuses_bad_options_with_the_sentence(fixed_games, monkeypatch) -> None:
    app = DeckTableApp(bot_delay=0)
    started = Recorder()
    monkeypatch.setattr(app, "start_match", started)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        setup.query_one("#opt-draws", Input).value = "12"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert started.matches == []
        assert isinstance(app.screen, SetupScreen)
        assert any("Bad options for Count Up" in m and "draws" in m for m in messages(app))
        # a repeated name is refused too
        setup.query_one("#opt-draws", Input).value = "2"
        setup.query_one("#count", Select).value = 2
        await pilot.pause()
        setup.query_one("#kind-1", Select).value = "human"
        await pilot.pause()
        assert setup.query_one("#name-1", Input).value == "Player 2"
        setup.query_one("#name-1", Input).value = "player 1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert started.matches == []
        assert any("Two seats are called" in m for m in messages(app))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_a_game_without_rules_stays_in_the_lobby(fixed_games) -> None:
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert any("Grid Builder cannot be set up" in m for m in messages(app))


async def test_start_pushes_a_table_screen(fixed_games) -> None:
    pytest.importorskip("decktable.ui.screens.table_registry")
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, (LobbyScreen, SetupScreen))
        assert len(app.screen_stack) == 2  # the setup screen was left behind
        assert isinstance(app.screen_stack[0], LobbyScreen)


def _autosave_countup(moves: int = 1) -> Path:
    m = Match("countup", [Seat("Ann"), Seat("Bea")], seed=5, options={"draws": 3}, save_path=autosave_path())
    for _ in range(moves):
        m.act(m.to_act()[0], "draw")
    assert autosave_path().exists()
    return autosave_path()


async def test_resume_entry_appears_and_resumes(fixed_games, monkeypatch) -> None:
    _autosave_countup(moves=3)
    app = DeckTableApp(bot_delay=0)
    started = Recorder()
    monkeypatch.setattr(app, "start_match", started)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ids = option_ids(app)
        assert ids[0] == "resume"
        assert prompts(app)[0].splitlines()[0] == "Resume Count Up: Ann, Bea (3 moves)"
        await pilot.press("r")
        await pilot.pause()
        assert len(started.matches) == 1
        match = started.matches[0]
        assert len(match.log) == 3
        assert match.save_path == autosave_path()


async def test_broken_autosave_is_quarantined_and_the_app_still_works(fixed_games) -> None:
    path = autosave_path()
    path.write_text('{"format": 1, "game": "countup", "seats": [', encoding="utf-8")
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()  # a damaged save is moved aside as soon as the list is read
        assert isinstance(app.screen, LobbyScreen)
        notes = messages(app)
        assert any("not valid JSON" in m and "moved to autosave.broken-" in m for m in notes)
        assert not path.exists()
        assert list(path.parent.glob("autosave.broken-*.json"))
        # the entry is gone and the lobby still answers keys
        assert "resume" not in option_ids(app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_autosave_that_cannot_be_replayed_is_quarantined(fixed_games) -> None:
    path = _autosave_countup(moves=1)
    text = path.read_text(encoding="utf-8").replace(" draw\n", " fly\n")
    path.write_text(text, encoding="utf-8")
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert any("cannot be replayed" in m for m in messages(app))
        assert not path.exists()


async def test_help_opens_from_the_lobby_with_question_mark(fixed_games) -> None:
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.game_id == "countup"
        assert "# Count Up" in app.screen.markdown
        assert app.screen.query_one(MarkdownViewer) is not None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        # on the statistics entry, ? shows the general keys
        await pilot.press("home", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.game_id is None
        assert "decktable keys" in app.screen.markdown


async def test_help_shows_a_real_games_help_md() -> None:
    import decktable
    from decktable.ui.screens.help_screen import help_markdown

    with_help = [
        i for i in decktable.games()
        if (Path(__import__(f"decktable.rulesets.{i.id}", fromlist=["x"]).__file__).parent / "help.md").exists()
    ]
    if not with_help:
        pytest.skip("no game has a help.md yet")
    info = with_help[0]
    assert help_markdown(info.id).lstrip().startswith(f"# {info.name}")
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.show_help(info.id)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_small_terminal_shows_a_message_until_enlarged(fixed_games) -> None:
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=(60, 19)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small", Static).render())
        assert "at least 36×20" in text and "60×19" in text
        await pilot.resize_terminal(100, 18)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "100×18" in str(app.screen.query_one("#too-small", Static).render())
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        # narrower than 80 columns or lower than 24 rows is no longer too small (the tables have a
        # one-column layout for phones in portrait and fit a phone in landscape, 90x20, compact:
        # issue 37); narrower than 36 is
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await pilot.resize_terminal(35, 30)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(90, 20)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_palette_commands_cover_games_themes_cards(fixed_games) -> None:
    from decktable.ui.app import TableCommands

    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        provider = TableCommands(app.screen)
        titles = [t for t, _, _ in provider._commands()]
        assert titles[:2] == ["New game", "Statistics"]
        assert "Rules: Count Up" in titles and "Rules: Whist Plain" in titles
        assert "Theme: decktable" in titles and "Theme: decktable-high-contrast" in titles
        assert "Cards: Unicode" in titles and "Cards: ASCII" in titles
        dict((t, c) for t, c, _ in provider._commands())["Theme: decktable-high-contrast"]()
        await pilot.pause()
        assert app.theme == "decktable-high-contrast"
        dict((t, c) for t, c, _ in provider._commands())["Rules: Count Up"]()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        dict((t, c) for t, c, _ in provider._commands())["New game"]()
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_palette_card_set_switch(fixed_games) -> None:
    glyphs = pytest.importorskip("decktable.ui.glyphs")
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        try:
            app.set_card_set("ascii")
            await pilot.pause()
            assert glyphs.current_card_set() is glyphs.use_card_set("ascii")
            assert any("Cards: ASCII" in m for m in messages(app))
        finally:
            glyphs.use_card_set("unicode")


async def test_the_palette_opens_with_ctrl_p(fixed_games) -> None:
    from textual.command import CommandPalette

    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"Statistics")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


async def test_app_opens_straight_on_a_given_match(fixed_games) -> None:
    pytest.importorskip("decktable.ui.screens.table_registry")
    match = Match("countup", [Seat("Ann"), Seat("Bot 1", "bot")], seed=9, save_path=autosave_path())
    app = DeckTableApp(match=match, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # the lobby is not built under the first table (issue 36: the table's first frame waits
        # for nothing else); going back builds it
        assert not any(isinstance(s, LobbyScreen) for s in app.screen_stack)
        assert not isinstance(app.screen, (LobbyScreen, TooSmallScreen))
        app.back_to_lobby()
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_q_quits_from_the_lobby(fixed_games) -> None:
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("q", "enter")  # q asks; Enter confirms
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_q_in_the_lobby_asks_before_quitting(fixed_games, size: tuple[int, int]) -> None:
    """Issue 33: q ended the app at once (in a browser tab, the session). It asks first: Esc or
    n goes back to the lobby as it was, Enter or y quits; the footer shows those keys."""
    from textual.widgets._footer import FooterKey

    from decktable.ui.screens.confirm import ConfirmScreen

    for no in ("escape", "n"):
        app = DeckTableApp(bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            games = app.screen.query_one("#games", OptionList)
            games.highlighted = 3
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen) and app.is_running
            text = app.screen._compositor.render_strips()
            shown = "\n".join("".join(seg.text for seg in strip) for strip in text)
            assert "Quit decktable?" in shown
            keys = {k.key_display or k.key: k.description for k in app.screen.query(FooterKey)}
            assert keys.get("Enter/y") == "Yes" and keys.get("Esc/n") == "No", keys
            await pilot.press(no)
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen) and app.is_running
            assert app.screen.query_one("#games", OptionList).highlighted == 3  # as it was
            await pilot.press("q", "y")
            await pilot.pause()
        assert app.return_code == 0


async def test_statistics_screen_shows_the_history(fixed_games) -> None:
    from textual.widgets import DataTable

    from decktable.store import history

    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot 1", "kind": "bot"}]
    history.add("countup", seats, [14, 9], [1, 2], seed=1, finished="2026-03-01T20:15:00+00:00")
    history.add("countup", seats, [6, 11], [2, 1], seed=2, finished="2026-03-02T20:15:00+00:00")
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        totals = app.screen.query_one("#stats-totals", DataTable)
        assert totals.row_count == 1
        assert [str(c) for c in totals.get_row_at(0)] == ["Count Up", "2", "14 (Ann)", "Ann 1"]
        recent = app.screen.query_one("#stats-recent", DataTable)
        assert recent.row_count == 2
        # each player with their score, in one column
        assert [str(c) for c in recent.get_row_at(0)] == ["2026-03-02 20:15", "Count Up", "Ann 6 · Bot 1 11", "Bot 1"]


async def test_every_registered_game_can_be_set_up_and_started_with_defaults(monkeypatch) -> None:
    """The options form is generated for every real game's Options model, and its defaults
    start a match (one app session for all games, to keep this quick)."""
    import decktable

    app = DeckTableApp(bot_delay=0)
    started = Recorder()
    monkeypatch.setattr(app, "start_match", started)
    problems: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for info in decktable.games():
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            try:
                lobby.open_setup(info.id)
            except Exception as exc:  # a game being written may not load yet: report, don't crash
                problems.append(f"{info.id}: {exc!r}")
                continue
            await pilot.pause()
            if not isinstance(app.screen, SetupScreen):
                problems.append(f"{info.id}: setup did not open: {messages(app)[-1:]}")
                continue
            before = len(started.matches)
            await pilot.press("ctrl+s")
            await pilot.pause()
            if len(started.matches) != before + 1:
                problems.append(f"{info.id}: did not start: {messages(app)[-1:]}")
            else:
                match = started.matches[-1]
                assert match.game.info.id == info.id
                assert len(match.seats) == info.min_players
            await pilot.press("escape")
            await pilot.pause()
    assert problems == []


async def test_saved_games_show_when_they_were_played_and_p_opens_their_pack() -> None:
    """Two saves of one game and the same people read the same in the list, and `p` on a saved
    game (or on Statistics) opened the Decktet primer whatever the game was."""
    import os

    from decktable.store.saves import new_save_path
    from decktable.ui.screens.primer import PrimerScreen

    paths = []
    for k, stamp in enumerate((1_700_000_000, 1_700_090_000)):
        m = Match("bura", [Seat("Ann"), Seat("Bot 1", "bot", "random")], seed=3 + k,
                  save_path=new_save_path(saves_dir()))
        seat = m.to_act()[0]
        m.act(seat, m.game.legal_actions(m.state, seat)[0])
        os.utime(m.save_path, (stamp, stamp))
        paths.append(m.save_path)
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = [p for p in prompts(app) if p.startswith("Resume")]
        assert len(rows) == 2 and rows[0] != rows[1]
        import time

        for stamp, row in zip((1_700_090_000, 1_700_000_000), rows):  # the most recent first
            assert time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp)) in row
        assert option_ids(app)[0] == "resume"
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PrimerScreen) and app.screen.family == "french"
        await pilot.press("escape")
        await pilot.pause()
        ids = option_ids(app)
        olist = app.screen.query_one("#games", OptionList)
        olist.highlighted = ids.index("stats")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert any("Highlight a game" in m for m in messages(app))


async def test_q_says_quit_only_in_the_lobby() -> None:
    """The setup form's footer read "q Quit", and q went back to the lobby."""
    from textual.widgets._footer import FooterKey

    def q_label(app: DeckTableApp) -> str:
        keys = [k for k in app.screen.query(FooterKey) if k.key == "q"]
        assert len(keys) == 1
        return keys[0].description

    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert q_label(app) == "Quit"
        ids = option_ids(app)
        app.screen.query_one("#games", OptionList).highlighted = ids.index("game:bura")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        for _ in range(8):  # off the name fields, where q is a letter
            await pilot.press("tab")
            await pilot.pause()
            if isinstance(app.focused, Switch):
                break
        assert isinstance(app.focused, Switch)
        assert q_label(app) == "Back"
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen) and app.is_running


async def test_t_in_the_rules_puts_the_keyboard_in_the_contents() -> None:
    """`t` showed the contents but left the keyboard in the text: ↓ scrolled the rules and
    Enter did nothing until Tab."""
    from textual.widgets import Tree

    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_help("bura")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        viewer = screen.query_one(MarkdownViewer)
        for _ in range(2):
            await pilot.press("t")
            await pilot.pause()
            if viewer.show_table_of_contents:
                break
        assert viewer.show_table_of_contents and isinstance(app.focused, Tree)
        before = viewer.document.parent.scroll_y if viewer.document.parent is not None else 0
        for _ in range(4):
            await pilot.press("down")
        await pilot.press("enter")
        for _ in range(5):
            await pilot.pause()
        assert viewer.scroll_y != before or viewer.document.scroll_y != before
        await pilot.press("t")
        await pilot.pause()
        assert not viewer.show_table_of_contents and app.focused is viewer.document


def test_the_palette_keeps_one_theme_entry_and_no_screenshot() -> None:
    """Textual's own "Theme" stood beside ours ("Theme: …", which are remembered), and its
    "Screenshot" wrote an SVG into the working folder."""
    app = DeckTableApp(bot_delay=0)
    titles = [c.title for c in app.get_system_commands(LobbyScreen())]
    assert "Theme" not in titles and "Screenshot" not in titles
    assert "Quit" in titles and "Keys" in titles


async def test_seat_one_made_a_bot_gets_a_name_no_other_seat_has(monkeypatch) -> None:
    """Seat 1 turned from Person to a bot was named `Bot 1`, seat 2's name, and Start refused the
    pair ('Two seats are called Bot 1'): a table of bots could not be set up without retyping a
    name (found in the browser, setting up Getaway with every seat a bot)."""
    app = DeckTableApp(bot_delay=0)
    started = Recorder()
    monkeypatch.setattr(app, "start_match", started)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.open_setup("getaway")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        names = [setup.query_one(f"#name-{i}", Input).value for i in range(3)]
        assert names == ["Player 1", "Bot 1", "Bot 2"]
        setup.query_one("#kind-0", Select).focus()
        await pilot.press("enter", "down", "enter")  # Person -> Bot, easy
        await pilot.pause()
        assert setup.query_one("#kind-0", Select).value == "bot:easy"
        name = setup.query_one("#name-0", Input).value
        assert name == "Bot 3"  # the first bot name free at this table of three
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not any("Two seats are called" in m for m in messages(app))
        (match,) = started.matches
        assert [s.kind for s in match.seats] == ["bot"] * 3
        assert len({s.name for s in match.seats}) == 3
        # a fourth seat shown keeps clear of it too
        setup.query_one("#count", Select).value = 4
        await pilot.pause()
        assert [setup.query_one(f"#name-{i}", Input).value for i in range(4)] == ["Bot 3", "Bot 1", "Bot 2", "Bot 4"]
        # back to a person: the name the form gave goes back to the person's default
        setup.query_one("#kind-0", Select).value = "human"
        await pilot.pause()
        assert setup.query_one("#name-0", Input).value == "Player 1"
