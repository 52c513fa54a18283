"""The play history: record() from a finished Match, stats() and recent()."""

from __future__ import annotations

import sqlite3

import pytest

from decktable.engine.match import Match, Seat
from decktable.store import history
from decktable.store.paths import autosave_path, history_path

ANN_BOT = [{"name": "Ann", "kind": "human"}, {"name": "Bot 1", "kind": "bot"}]


def play_out(match: Match) -> None:
    while match.to_act():
        match.act(match.to_act()[0], "draw")


def test_record_is_called_once_when_a_match_finishes(fixed_games) -> None:
    m = Match(
        "countup",
        [Seat("Ann"), Seat("Bot 1", "bot")],
        seed=11,
        options={"draws": 2, "pace": "brisk"},
        save_path=autosave_path(),
        on_finish=history.record,
    )
    play_out(m)
    assert m.game.is_over(m.state)
    assert not autosave_path().exists()  # the finished game left the autosave slot
    (rec,) = history.recent(5)
    result = m.result()
    assert rec.game == "countup"
    assert rec.seed == 11
    assert rec.seats == ANN_BOT
    assert rec.scores == list(result.scores)
    assert rec.placings == result.placings
    assert rec.options == {"draws": 2, "pace": "brisk"}
    assert rec.finished  # an ISO time
    assert history_path().exists()


def test_record_ignores_an_unfinished_match(fixed_games) -> None:
    m = Match("countup", [Seat("Ann")], seed=1)
    history.record(m)
    assert history.recent() == []


def test_stats_counts_games_wins_of_humans_and_best_score() -> None:
    history.add("countup", ANN_BOT, [9, 12], [2, 1])  # the bot wins: not counted as a win
    history.add("countup", ANN_BOT, [15, 3], [1, 2])
    history.add("countup", [{"name": "Bea", "kind": "human"}, {"name": "Ann", "kind": "human"}], [20, 20], [1, 1])
    history.add("other", [{"name": "Cy", "kind": "human"}], [4], [1], won=[True])
    st = history.stats()
    cu = st["countup"]
    assert cu.played == 3
    assert cu.wins == {"Ann": 2, "Bea": 1}
    assert cu.best == 20 and cu.best_by == "Bea"  # the first to reach it
    assert cu.wins_text == "Ann 2, Bea 1"
    assert cu.best_text == "20 (Bea)"
    assert st["other"].played == 1 and st["other"].wins == {"Cy": 1}


def test_bots_scores_are_not_best_scores_unless_only_bots_played() -> None:
    history.add("countup", ANN_BOT, [3, 30], [2, 1])
    assert history.stats()["countup"].best == 3
    history.add("botsonly", [{"name": "Bot 1", "kind": "bot"}, {"name": "Bot 2", "kind": "bot"}], [5, 8], [2, 1])
    assert history.stats()["botsonly"].best == 8


def test_best_can_be_the_lowest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history, "best_direction", lambda game_id: "low" if game_id == "head" else "high")
    solo = [{"name": "Ann", "kind": "human"}]
    for score in (7, 2, 5):
        history.add("head", solo, [score], [1])
    st = history.stats()["head"]
    assert st.direction == "low"
    assert st.best == 2
    assert st.best_text == "2 (Ann; lowest)"
    assert st.wins == {}  # one seat is always "first": that is not a win


def test_solitaire_wins_come_from_the_result(fixed_games) -> None:
    from decktable.engine.models import ResultView

    assert history.result_won(ResultView(scores=[70], placings=[1], summary="Won: all eleven.")) == [True]
    assert history.result_won(ResultView(scores=[12], placings=[1], summary="Lost: no move left.")) == [False]
    assert history.result_won(ResultView(scores=[3, 5], placings=[2, 1], summary="Bea wins.")) == [False, True]
    assert history.result_won(ResultView(scores=[4, 4], placings=[1, 1], summary="A tie.")) == [True, True]
    solo = [{"name": "Ann", "kind": "human"}]
    history.add("adaman", solo, [70], [1], won=[True])
    history.add("adaman", solo, [12], [1], won=[False])
    history.add("adaman", solo, [9], [1])  # no word on winning: not a win
    st = history.stats()["adaman"]
    assert st.played == 3 and st.wins == {"Ann": 1} and st.best == 70
    assert [r.winners for r in history.recent()] == [[], [], ["Ann"]]


def test_an_older_history_without_the_won_column_is_upgraded() -> None:
    import sqlite3 as sq

    path = history_path()
    conn = sq.connect(path)
    conn.execute(
        "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, finished TEXT NOT NULL,"
        " seed INTEGER, seats TEXT NOT NULL, scores TEXT NOT NULL, placings TEXT NOT NULL,"
        " options TEXT NOT NULL DEFAULT '{}')"
    )
    conn.execute(
        "INSERT INTO games (game, finished, seed, seats, scores, placings) VALUES (?, ?, ?, ?, ?, ?)",
        ("countup", "2026-01-01T00:00:00+00:00", 1, '[{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]',
         "[5, 3]", "[1, 2]"),
    )
    conn.commit()
    conn.close()
    history.add("countup", ANN_BOT, [1, 2], [2, 1])
    st = history.stats()["countup"]
    assert st.played == 2 and st.wins == {"Ann": 1}


def test_best_direction_reads_the_info_key(monkeypatch: pytest.MonkeyPatch) -> None:
    import types
    import sys

    pkg = types.ModuleType("decktable.rulesets.fake_low")
    pkg.INFO = dict(name="Fake Low", best="low")
    monkeypatch.setitem(sys.modules, "decktable.rulesets.fake_low", pkg)
    assert history.best_direction("fake_low") == "low"
    assert history.best_direction("no_such_game_here") == "high"


def test_recent_is_newest_first_and_limited() -> None:
    for i in range(5):
        history.add("countup", ANN_BOT, [i, 0], [1, 2], seed=i, finished=f"2026-01-0{i + 1}T10:00:00+00:00")
    recs = history.recent(3)
    assert [r.seed for r in recs] == [4, 3, 2]
    assert recs[0].winners == ["Ann"]
    assert recs[0].names == ["Ann", "Bot 1"]


def test_stats_of_an_empty_history() -> None:
    assert history.stats() == {}
    assert history.recent() == []


def test_a_history_that_cannot_be_written_does_not_break_the_game(fixed_games, monkeypatch) -> None:
    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(history, "add", broken)
    m = Match("countup", [Seat("Ann")], seed=2, on_finish=history.record)
    with pytest.warns(RuntimeWarning, match="could not be written"):
        play_out(m)
    assert m.game.is_over(m.state)
