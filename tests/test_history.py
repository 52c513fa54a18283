"""The play history: record() from a finished Match, stats() and recent()."""

from __future__ import annotations

import sqlite3

import pytest

from decktable.session.match import Match, Seat
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
    assert rec.seats == [ANN_BOT[0], {**ANN_BOT[1], "level": "random"}]  # a bot's level is kept
    assert rec.hints == 0
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
    history.add("countup", [{"name": "Bea", "kind": "human"}, {"name": "Ann", "kind": "human"},
                            {"name": "Bot 2", "kind": "bot"}], [20, 20, 5], [1, 1, 3])  # a shared win
    history.add("other", [{"name": "Cy", "kind": "human"}], [4], [1], won=[True])
    st = history.stats()
    cu = st["countup"]
    assert cu.played == 3
    assert cu.wins == {"Ann": 2, "Bea": 1}
    assert cu.best == 20 and cu.best_by == "Bea"  # the first to reach it
    assert cu.wins_text == "Ann 2, Bea 1"
    assert cu.best_text == "20 (Bea)"
    assert st["other"].played == 1 and st["other"].wins == {"Cy": 1}


def test_the_best_score_is_the_best_any_seat_reached_bots_included() -> None:
    history.add("countup", ANN_BOT, [3, 30], [2, 1])
    cu = history.stats()["countup"]
    assert (cu.best, cu.best_text) == (30, "30 (Bot 1)")
    history.add("botsonly", [{"name": "Bot 1", "kind": "bot"}, {"name": "Bot 2", "kind": "bot"}], [5, 8], [2, 1])
    assert history.stats()["botsonly"].best == 8


def _play_to_the_end(match: Match, choose) -> None:
    """Every seat's moves (a bot's too) chosen by `choose(legal action texts)`."""
    while match.to_act():
        seat = match.to_act()[0]
        match.act(seat, choose([str(a) for a in match.game.legal_actions(match.state, seat)]))
    assert history.wait_pending()


def test_a_game_nobody_won_is_no_ones_win() -> None:
    """A Rally game of one hand that nobody calls is thrown in: everyone scores 0 and shares
    first place, which is no one's win (it counted as a win for both people)."""
    rally = Match("rally", [Seat("Ann"), Seat("Bob"), Seat("Bot 1", "bot"), Seat("Bot 2", "bot")], seed=3,
                  options={"hands": 1}, on_finish=history.record)
    _play_to_the_end(rally, lambda legal: next((a for a in ("pass", "hold") if a in legal), legal[0]))
    result = rally.result()
    assert result.scores == [0, 0, 0, 0] and result.placings == [1, 1, 1, 1]  # the case: thrown in
    (rec,) = history.recent()
    assert rec.winners == [] and rec.won == [False] * 4
    assert history.stats()["rally"].wins == {} and history.stats()["rally"].wins_text == "—"


def test_a_lowest_is_best_game_shows_the_lowest_score_at_the_table() -> None:
    """Polignac counts penalty points (lowest best). Ann, the one person at the table, came last
    with the most points: the best score is the table's lowest, a bot's, not Ann's (it read '10
    (Ann; lowest)')."""
    import random

    game = Match("polignac", [Seat("Ann"), Seat("Bot 1", "bot"), Seat("Bot 2", "bot"), Seat("Bot 3", "bot")],
                 seed=9, on_finish=history.record)
    r = random.Random(9)
    _play_to_the_end(game, r.choice)
    scores, placings = game.result().scores, game.result().placings
    assert placings[0] == 4 and scores[0] == max(scores)  # the case: Ann last
    st = history.stats()["polignac"]
    low = min(scores)
    holder = game.seats[scores.index(low)].name
    assert st.direction == "low" and st.best == low and st.best_by == holder != "Ann"
    assert st.best_text == f"{low} ({holder}; lowest)"


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
    assert history.result_won(ResultView(scores=[4, 4], placings=[1, 1], summary="A tie.")) == [False, False]
    assert history.result_won(ResultView(scores=[4, 4, 1], placings=[1, 1, 3], summary="Shared.")) == [True, True, False]
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
    (notice,) = history.take_notices()  # said once, for the results screen to show
    assert "cannot be written now (disk I/O error)" in notice and "history-pending/" in notice


# -- issue 6: a damaged or foreign history, a locked one, once per match, sums in SQL ----------------


def _damaged(path) -> list:
    return sorted(path.parent.glob(path.name + ".damaged-*"))


@pytest.mark.parametrize(
    "make",
    [
        lambda p: p.write_bytes(b"this is not a database at all\n" * 100),
        lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000),  # a torn header
        lambda p: sqlite3.connect(p).executescript("CREATE TABLE users (id INTEGER, email TEXT);"),
        lambda p: sqlite3.connect(p).executescript("CREATE TABLE games (id INTEGER, score INTEGER);"),
    ],
    ids=["garbage", "torn-header", "foreign-tables", "foreign-games-table"],
)
def test_a_corrupt_or_foreign_history_is_moved_aside_and_a_new_one_started(fixed_games, make) -> None:
    db = history_path()
    db.parent.mkdir(parents=True, exist_ok=True)
    make(db)
    original = db.read_bytes()
    assert history.stats() == {}
    (moved,) = _damaged(db)
    assert moved.read_bytes() == original  # moved, never deleted or overwritten
    (notice,) = history.take_notices()
    assert "moved aside" in notice and moved.name in notice
    assert history.take_notices() == []
    # the table goes on: the next finished game is recorded in the new history
    m = Match("countup", [Seat("Ann"), Seat("Bot 1", "bot")], seed=3, on_finish=history.record)
    play_out(m)
    assert len(history.recent()) == 1 and history.stats()["countup"].played == 1


def test_decktable_stats_on_a_corrupt_history_says_so_in_one_line(capsys) -> None:
    from decktable import cli

    db = history_path()
    db.parent.mkdir(parents=True, exist_ok=True)
    db.write_bytes(b"garbage" * 50)
    assert cli.main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert "No finished games yet." in out
    assert len(err.splitlines()) == 1 and "moved aside" in err
    assert len(_damaged(db)) == 1


def test_a_finished_match_is_recorded_once(fixed_games) -> None:
    m = Match("countup", [Seat("Ann"), Seat("Bot 1", "bot")], seed=4, on_finish=history.record)
    play_out(m)
    history.record(m)  # a finished save loaded again reports it again
    history.record(m)
    assert len(history.recent()) == 1
    assert history.stats()["countup"].played == 1
    # the same deal played again is another match: recorded
    again = Match("countup", [Seat("Ann"), Seat("Bot 1", "bot")], seed=4, on_finish=history.record)
    play_out(again)
    assert len(history.recent()) == 2


def test_a_match_without_an_id_is_recorded_once_by_its_digest(fixed_games) -> None:
    m = Match("countup", [Seat("Ann")], seed=4)
    play_out(m)
    if hasattr(m, "match_id"):
        m.match_id = None
    history.record(m)
    history.record(m)
    assert len(history.recent()) == 1


def test_a_locked_history_never_holds_up_the_table_and_keeps_the_result(fixed_games) -> None:
    import time

    history.add("countup", ANN_BOT, [1, 2], [2, 1])  # the database exists
    locker = sqlite3.connect(history_path(), timeout=0)
    locker.execute("BEGIN EXCLUSIVE")
    m = Match("countup", [Seat("Ann"), Seat("Bot 1", "bot")], seed=6, on_finish=history.record)
    start = time.perf_counter()
    play_out(m)
    assert time.perf_counter() - start < 1.0, "the table waited for the locked database"
    assert m.game.is_over(m.state)
    pending = list((history_path().parent / "history-pending").glob("*.json"))
    assert len(pending) == 1, "the result is kept on disk until it is written"
    time.sleep(0.3)  # the background writer retries meanwhile
    locker.rollback()
    locker.close()
    assert history.wait_pending(20)
    rows = history.recent()
    assert len(rows) == 2 and rows[0].scores == list(m.result().scores)
    assert list((history_path().parent / "history-pending").glob("*.json")) == []


def test_a_pending_result_left_by_an_earlier_run_is_written_on_the_next_open(fixed_games) -> None:
    m = Match("countup", [Seat("Ann")], seed=8)
    play_out(m)
    row = history._row_of("countup", [{"name": "Ann", "kind": "human"}], list(m.result().scores), [1],
                          8, {}, None, None, "an-earlier-match")
    history._keep_pending(history_path(), row)
    history._keep_pending(history_path(), row)  # kept twice: still one row
    assert history.stats()["countup"].played == 1
    assert history.stats()["countup"].played == 1
    assert list((history_path().parent / "history-pending").glob("*.json")) == []


def _stats_in_python(records: list) -> dict:
    """The statistics computed row by row, as a reference (the best: any seat's, the highest)."""
    out: dict = {}
    for rec in records:
        st = out.setdefault(rec.game, {"played": 0, "wins": {}, "best": None, "by": ""})
        st["played"] += 1
        humans = [i for i, s in enumerate(rec.seats) if s.get("kind", "human") != "bot"]
        for i in humans:
            if i < len(rec.won) and rec.won[i]:
                st["wins"][rec.seats[i]["name"]] = st["wins"].get(rec.seats[i]["name"], 0) + 1
        for i in range(len(rec.seats)):
            if i < len(rec.scores) and (st["best"] is None or rec.scores[i] > st["best"]):
                st["best"], st["by"] = rec.scores[i], rec.seats[i]["name"]
    return out


def test_stats_in_sql_agree_with_the_row_by_row_sums() -> None:
    import random

    r = random.Random(5)
    names = ["Ann", "Bea", "Cy", "Dee", "Sam [dad]"]
    for _ in range(400):
        n = r.randint(1, 4)
        seats = [{"name": r.choice(names) + str(i), "kind": r.choice(["human", "bot"])} for i in range(n)]
        scores = [r.randint(-5, 40) for _ in range(n)]
        placings = [1 + sorted(scores, reverse=True).index(s) for s in scores]
        history.add(r.choice(["countup", "other"]), seats, scores, placings,
                    won=None if r.random() < 0.3 else [p == 1 for p in placings],
                    hints=r.choice([0, 0, 0, 1, 3]))
    records = sorted(history.recent(10_000), key=lambda rec: rec.id)
    want = _stats_in_python(records)
    got = history.stats()
    assert set(got) == set(want)
    for game, st in got.items():
        assert (st.played, st.wins, st.best, st.best_by) == (
            want[game]["played"], want[game]["wins"], want[game]["best"], want[game]["by"])
        assert st.hinted == sum(1 for rec in records if rec.game == game and rec.hints > 0) > 0


def test_hinted_games_are_counted_from_an_index_a_history_without_it_is_given() -> None:
    """Counting hinted games scanned every game's row (38 ms of `decktable stats` at 100,000
    games); a history written before the index gets it when next opened."""
    history.add("countup", ANN_BOT, [1, 2], [2, 1], hints=2)
    history.add("countup", ANN_BOT, [3, 2], [1, 2])
    conn = sqlite3.connect(history_path())
    conn.execute("DROP INDEX games_hinted")
    conn.commit()
    conn.close()
    assert history.stats()["countup"].hinted == 1
    conn = sqlite3.connect(history_path())
    plan = conn.execute("EXPLAIN QUERY PLAN SELECT game, count(*) FROM games WHERE hints > 0 GROUP BY game")
    assert any("games_hinted" in row[-1] for row in plan)
    conn.close()


def test_an_old_history_gets_its_seats_table_on_upgrade() -> None:
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.executescript(
        "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, finished TEXT NOT NULL,"
        " seed INTEGER, seats TEXT NOT NULL, scores TEXT NOT NULL, placings TEXT NOT NULL,"
        " options TEXT NOT NULL DEFAULT '{}', won TEXT);"
    )
    conn.execute("INSERT INTO games (game, finished, seats, scores, placings, won) VALUES (?, ?, ?, ?, ?, ?)",
                 ("countup", "2026-01-01", '[{"name": "Ann", "kind": "human"}, {"name": "Bot 1", "kind": "bot"}]',
                  "[15, 3]", "[1, 2]", None))
    conn.execute("INSERT INTO games (game, finished, seats, scores, placings, won) VALUES (?, ?, ?, ?, ?, ?)",
                 ("countup", "2026-01-02", "{not json", "[1]", "[1]", None))  # a damaged row
    conn.commit()
    conn.close()
    st = history.stats()["countup"]
    assert st.played == 2 and st.wins == {"Ann": 1} and (st.best, st.best_by) == (15, "Ann")
    assert [r.names for r in history.recent()] == [["Ann", "Bot 1"]]  # the damaged row is skipped


def test_a_version_2_history_counts_no_win_for_a_game_nobody_won() -> None:
    """Histories written before version 3 stored a game in which every seat placed first as a
    win for each: opened now, that game is no one's win; other games keep theirs."""
    people = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    history.add("countup", people, [0, 0], [1, 1], won=[True, True])  # as version 2 wrote it
    history.add("countup", people, [5, 2], [1, 2])
    conn = sqlite3.connect(history_path())
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()
    assert history.stats()["countup"].wins == {"Ann": 1}
    assert [r.winners for r in history.recent()] == [["Ann"], []]
