"""The command line: list, rules, stats, play's checks (one line on stderr, exit 2), resume."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import decktable
from decktable import cli
from decktable.session.match import Match, Seat
from decktable.store import history
from decktable.store.paths import autosave_path, saves_dir


class Launch:
    """Stands in for run_app: records what would be opened."""

    def __init__(self) -> None:
        self.calls: list[tuple[Match | None, str | None, str | None]] = []

    def __call__(self, match: Match | None, cards: str | None, theme: str | None) -> int:
        self.calls.append((match, cards, theme))
        return 0


@pytest.fixture
def launch(monkeypatch: pytest.MonkeyPatch) -> Launch:
    fake = Launch()
    monkeypatch.setattr(cli, "run_app", fake)
    return fake


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("decktable: ")
    return lines[0]


# -- list, rules, stats --------------------------------------------------------------------------


def test_list_groups_games_by_family(fixed_games, capsys) -> None:
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Decktet:"
    assert out.index("French pack:") < out.index("Tarot:")
    french = out.index("French pack:")
    assert "fake_french" in out[french + 1] and out[french + 2] == ""
    row = next(line for line in out if "countup" in line)
    assert "Count Up" in row and "1–4 players" in row and "draw cards in turn" in row
    solo = next(line for line in out if "fake_solo" in line)
    assert "1 player " in solo
    games_lines = [line for line in out if line.startswith("  ")]
    assert len(games_lines) == len(fixed_games)


def test_list_shows_every_registered_game(capsys) -> None:
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    for info in decktable.games():
        assert info.id in out and info.summary in out


def test_list_puts_each_game_under_its_pack_heading(capsys) -> None:
    assert cli.main(["list"]) == 0
    heading = None
    packs = {"Decktet:": "decktet", "French pack:": "french", "Tarot:": "tarot"}
    family = {info.id: info.family for info in decktable.games()}
    for line in capsys.readouterr().out.splitlines():
        if line in packs:
            heading = packs[line]
        elif line.startswith("  "):
            assert family[line.split()[0]] == heading, line


def test_rules_prints_help_md_plainly_when_not_a_tty(capsys) -> None:
    with_help = [
        i for i in decktable.games()
        if (Path(__import__(f"decktable.rulesets.{i.id}", fromlist=["x"]).__file__).parent / "help.md").exists()
    ]
    if not with_help:
        pytest.skip("no game has a help.md yet")
    info = with_help[0]
    assert cli.main(["rules", info.name]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"# {info.name}")
    assert "## Overview" in out


def test_rules_unknown_game(capsys) -> None:
    assert cli.main(["rules", "snap"]) == 2
    line = one_line_error(capsys)
    assert "No game called 'snap'" in line


def test_rules_game_without_help(fixed_games, capsys) -> None:
    assert cli.main(["rules", "countup"]) == 2
    assert "no rules written yet" in one_line_error(capsys)


def test_stats_empty_and_filled(fixed_games, capsys) -> None:
    assert cli.main(["stats"]) == 0
    assert "No finished games yet." in capsys.readouterr().out
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot 1", "kind": "bot"}]
    history.add("countup", seats, [9, 12], [2, 1], seed=1)
    history.add("countup", seats, [15, 3], [1, 2], seed=2)
    history.add("countup", seats, [11, 4], [1, 2], seed=3)
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["Game", "Played", "Best", "score", "Wins"]
    row = out[1]
    assert row.startswith("Count Up")
    assert "  3  " in row
    assert "15 (Ann)" in row
    assert row.rstrip().endswith("Ann 2")


def test_stats_in_a_data_folder_that_cannot_be_reached(tmp_path, capsys, monkeypatch) -> None:
    """It printed a raw "[Errno 20] ..." and exited 1, where play and resume say one sentence
    and exit 2."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("DECKTABLE_HOME", str(blocker / "home"))
    assert cli.main(["stats"]) == 2
    line = one_line_error(capsys)
    assert line.startswith(f"decktable: Cannot read the play history in DECKTABLE_HOME ({blocker / 'home'}): ")
    assert "Not a directory" in line and "Errno" not in line


# -- play: every mistake is one line and exit 2 ------------------------------------------------------


def test_play_unknown_game(capsys, launch) -> None:
    assert cli.main(["play", "snap", "--players", "Ann,bot"]) == 2
    assert "No game called 'snap'" in one_line_error(capsys)
    assert launch.calls == []


def test_play_bad_player_count(fixed_games, capsys, launch) -> None:
    assert cli.main(["play", "countup", "--players", "A,B,C,D,E"]) == 2
    assert "Count Up is for 1–4 players, not 5." in one_line_error(capsys)
    assert launch.calls == []


@pytest.mark.parametrize("players", ["Ann,,bot", "Ann,bot:genius", ","])
def test_play_bad_players(fixed_games, capsys, launch, players) -> None:
    assert cli.main(["play", "countup", "--players", players]) == 2
    assert "Bad --players" in one_line_error(capsys)
    assert launch.calls == []


def test_play_unknown_option_key(fixed_games, capsys, launch) -> None:
    assert cli.main(["play", "countup", "--option", "colour=red"]) == 2
    line = one_line_error(capsys)
    assert "Count Up has no option 'colour'" in line
    assert "draws, lowball, pace, first" in line


@pytest.mark.parametrize(
    "pair, words",
    [("draws=12", "draws"), ("draws=many", "draws"), ("pace=wild", "pace"), ("lowball=maybe", "lowball")],
)
def test_play_bad_option_value(fixed_games, capsys, launch, pair, words) -> None:
    assert cli.main(["play", "countup", "--option", pair]) == 2
    line = one_line_error(capsys)
    assert "Bad options for Count Up" in line and words in line
    assert launch.calls == []


def test_play_option_without_equals(fixed_games, capsys, launch) -> None:
    assert cli.main(["play", "countup", "--option", "draws"]) == 2
    assert "KEY=VALUE" in one_line_error(capsys)


def test_play_bad_cards_flag_is_one_line(capsys, launch) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["play", "countup", "--cards", "emoji"])
    assert exc.value.code == 2
    assert "invalid choice" in one_line_error(capsys)


def test_play_unknown_theme(fixed_games, capsys, launch) -> None:
    assert cli.main(["play", "countup", "--theme", "neon"]) == 2
    assert "Unknown theme 'neon'" in one_line_error(capsys)


def test_play_builds_the_match(fixed_games, launch, capsys) -> None:
    argv = ["play", "Count Up", "--players", "Ann, bot ,Bea", "--seed", "7",
            "--option", "draws=3", "--option", "lowball=true", "--option", "pace=brisk",
            "--cards", "ascii", "--theme", "decktable-high-contrast"]
    assert cli.main(argv) == 0
    (match, cards, theme), = launch.calls
    assert match is not None
    assert [(s.name, s.kind) for s in match.seats] == [("Ann", "human"), ("Bot 1", "bot"), ("Bea", "human")]
    assert match.seed == 7
    assert match.options == {"draws": 3, "lowball": True, "pace": "brisk"}
    assert match.state.options.lowball is True
    assert match.save_path.parent == saves_dir()  # a save of its own, written at the first move
    assert match.on_finish is history.record
    assert (cards, theme) == ("ascii", "decktable-high-contrast")


def test_play_defaults_to_one_person_and_bots(fixed_games, launch, monkeypatch) -> None:
    monkeypatch.setenv("DECKTABLE_CARDS", "ascii")
    assert cli.main(["--theme", "decktable", "play", "countup"]) == 0
    (match, cards, theme), = launch.calls
    assert [s.name for s in match.seats] == ["Player 1"]
    assert (cards, theme) == ("ascii", "decktable")


def test_stats_marks_lowest_is_best(capsys, monkeypatch) -> None:
    monkeypatch.setattr(history, "best_direction", lambda game_id: "low")
    history.add("head_solitaire", [{"name": "Ann", "kind": "human"}], [7], [1])
    history.add("head_solitaire", [{"name": "Ann", "kind": "human"}], [4], [1])
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "4 (Ann; lowest)" in out


def test_list_into_a_closed_pipe_is_quiet(tmp_path) -> None:
    env = dict(os.environ, DECKTABLE_HOME=str(tmp_path))
    proc = subprocess.run(
        f"{sys.executable} -m decktable list | head -1", shell=True, capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.stdout.strip() == "Decktet:"
    assert "Traceback" not in proc.stderr


def test_parse_value() -> None:
    assert cli.parse_value("true") is True
    assert cli.parse_value("False") is False
    assert cli.parse_value("12") == 12
    assert cli.parse_value("-3") == -3
    assert cli.parse_value("old_city") == "old_city"


def test_lobby_is_the_default(launch) -> None:
    assert cli.main([]) == 0
    assert launch.calls == [(None, None, None)]


# -- resume ------------------------------------------------------------------------------------------


def test_resume_without_a_save(capsys, launch) -> None:
    assert cli.main(["resume"]) == 1
    assert "no saved game to resume" in one_line_error(capsys)
    assert launch.calls == []


def test_resume_loads_the_autosave(fixed_games, launch) -> None:
    m = Match("countup", [Seat("Ann"), Seat("Bea")], seed=4, options={"draws": 3}, save_path=autosave_path())
    m.act(0, "draw")
    m.act(1, "draw")
    assert cli.main(["resume"]) == 0
    (match, _, _), = launch.calls
    assert len(match.log) == 2
    assert match.state.snapshot() == m.state.snapshot()
    assert match.save_path == autosave_path()


def test_resume_broken_save_is_moved_aside(fixed_games, capsys, launch) -> None:
    autosave_path().write_text("", encoding="utf-8")
    assert cli.main(["resume"]) == 1
    line = one_line_error(capsys)
    assert "is empty" in line and "moved to autosave.broken-" in line
    assert not autosave_path().exists()
    assert launch.calls == []


# -- the real entry points ----------------------------------------------------------------------------


def test_python_dash_m_list_starts_without_textual(tmp_path) -> None:
    code = (
        "import sys, runpy\n"
        "sys.argv = ['decktable', 'list']\n"
        "try:\n"
        "    runpy.run_module('decktable', run_name='__main__')\n"
        "except SystemExit as e:\n"
        "    assert e.code == 0, e.code\n"
        "assert 'textual' not in sys.modules, 'list imported textual'\n"
    )
    env = dict(os.environ, DECKTABLE_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "Decktet:" in proc.stdout


def test_subprocess_bad_game_exit_code(tmp_path) -> None:
    env = dict(os.environ, DECKTABLE_HOME=str(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-m", "decktable", "play", "no-such-game"], capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1


# -- issue 6: seeds and names (one line, exit 2) ------------------------------------------------------


@pytest.mark.parametrize("seed", ["-5", "18446744073709551621", str(2**63), "abc", "1.5", "", "5e3"])
def test_play_refuses_a_seed_outside_0_to_2_63(fixed_games, capsys, launch, seed) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["play", "countup", "--players", "bot,bot", "--seed", seed])
    assert exc.value.code == 2
    line = one_line_error(capsys)
    assert "--seed" in line and "0 to 2**63 - 1" in line
    assert launch.calls == []


def test_play_takes_the_largest_seed(fixed_games, launch) -> None:
    assert cli.main(["play", "countup", "--players", "bot,bot", "--seed", str(2**63 - 1)]) == 0
    (match, _, _), = launch.calls
    assert match.seed == 2**63 - 1


def test_play_keeps_names_that_look_like_markup(fixed_games, launch) -> None:
    assert cli.main(["play", "countup", "--players", "Ann[/],Bob[/],Sam [dad],[bold]x"]) == 0
    (match, _, _), = launch.calls
    assert [s.name for s in match.seats] == ["Ann[/]", "Bob[/]", "Sam [dad]", "[bold]x"]
    assert match.state.names == ["Ann[/]", "Bob[/]", "Sam [dad]", "[bold]x"]


@pytest.mark.parametrize(
    "players, words",
    [
        ("Ann\x1b]0;pwned\x07,bot", "control characters"),
        ("Ann\x1b[31m,bot", "control characters"),
        ("Ann\x9b1m,bot", "control characters"),  # a C1 control (CSI)
        ("Ann\x7f,bot", "control characters"),  # DEL
        ("Ann\tBea,bot", "control characters"),
        ("A" * 25 + ",bot", "1 to 24 characters"),
        ("Ann,ann", "Two seats are called Ann and ann"),
        ("Ann,ANN,bot", "Two seats are called Ann and ANN"),
        ("Bot 1,bot", "Two seats are called Bot 1"),
    ],
)
def test_play_refuses_bad_names_in_one_line(fixed_games, capsys, launch, players, words) -> None:
    assert cli.main(["play", "countup", "--players", players]) == 2
    line = one_line_error(capsys)
    assert "Bad --players" in line and words in line
    assert "\x1b" not in line and "\x07" not in line and "\x9b" not in line
    assert launch.calls == []


def test_play_takes_a_name_of_24_characters(fixed_games, launch) -> None:
    assert cli.main(["play", "countup", "--players", "A" * 24 + ",bot"]) == 0
    (match, _, _), = launch.calls
    assert match.seats[0].name == "A" * 24


def test_cli_and_setup_refuse_duplicates_with_one_sentence(fixed_games, capsys, launch) -> None:
    from decktable.engine.errors import DeckTableError
    from decktable.engine.names import check_names

    assert cli.main(["play", "countup", "--players", "Ann,aNN"]) == 2
    line = one_line_error(capsys)
    with pytest.raises(DeckTableError) as exc:
        check_names(["Ann", "aNN"])  # what the setup screen and Game.new call
    assert line == f"decktable: Bad --players: {exc.value}"


def test_stats_shows_names_literally(fixed_games, capsys, monkeypatch) -> None:
    seats = [{"name": "Sam [dad]", "kind": "human"}, {"name": "[bold]x", "kind": "human"}]
    history.add("countup", seats, [15, 3], [1, 2], seed=2)
    history.add("countup", [{"name": "Eve\x1b]0;t\x07", "kind": "human"}], [4], [1], won=[True])
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "15 (Sam [dad])" in out and "Sam [dad] 1" in out
    assert "\x1b" not in out and "Eve\\x1b]0;t\\x07 1" in out
    # on a terminal the table is drawn by Rich: still literal, never markup
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "160")
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Sam [dad]" in out and "\x1b]0;" not in out
