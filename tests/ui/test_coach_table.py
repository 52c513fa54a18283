"""The coach at the table (decktable/ui/coach.py): `C` switches it for the game (remembered, shown
in the footer); a move judged clearly worse is remarked on only once its trick is over, never
while the trick is still being played; the review at the end of the game offers "try again from
here", which starts a new table at the position before the move. The judge runs in the coach's
worker on a search of a known length (`app.coach_budget`), the bot's pace on a clock turned here."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import all_widget_text, notifications, play, press, screen_text, settle, table, viewer_obs  # noqa: E402

from decktable.bots.search import Budget  # noqa: E402
from decktable.session.match import Match, Seat  # noqa: E402
from decktable.store import history, prefs, saves  # noqa: E402
from decktable.ui.app import DeckTableApp  # noqa: E402
from decktable.ui.screens.coach_review import CoachReviewScreen  # noqa: E402

# Schnapsen, Hearts trumps: Ann (the person) leads and holds the King and Queen of trumps. Leading
# the King without showing the marriage throws its 40 away; the trick stays open until Bob plays.
ANN = ["kh", "qh", "jc", "jd", "qd"]
BOB = ["ah", "as", "kc", "js", "qs"]
STOCK = ["ks", "10s", "jh", "ac", "10c", "qc", "ad", "10d", "kd"]
DECK = ANN[:3] + BOB[:3] + ["10h"] + ANN[3:] + BOB[3:] + STOCK


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def coached_app(size_note: str = "") -> DeckTableApp:
    prefs.set_coach("schnapsen", True)
    match = Match("schnapsen", [Seat("Ann"), Seat("Bob", "bot", "random")], seed=5, deck=DECK,
                  save_path=saves.new_save_path(), on_finish=history.record)
    app = DeckTableApp(match, bot_delay=0.5)
    app.coach_budget = Budget(3000)  # type: ignore[attr-defined]
    return app


async def wait_for(pilot, test, seconds: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    for _ in range(int(seconds / 0.1)):
        if test():
            return
        await pilot.pause(0.1)
    raise AssertionError("waited too long")


def coach_notes(app: DeckTableApp) -> list[str]:
    return [n for n in notifications(app) if n.startswith("Coach: ")]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_remark_comes_only_once_the_trick_is_over(size: tuple[int, int]) -> None:
    async def run() -> None:
        app = coached_app()
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            ctl = table(app).controller
            clock = Clock()
            ctl.clock = clock  # the bot's pace waits until the test turns it
            assert "Coach" in screen_text(app)  # the key is in the footer
            lead = next(a for a in viewer_obs(app).legal if a.text == "play kh")
            await play(pilot, app, lead)
            # the judgement arrives while Bob has still to play: the trick is open, the coach silent
            await wait_for(pilot, lambda: ctl.coach.judged == 1)
            await settle(pilot)
            assert ctl.match.observe(0).trick.plays  # Ann's King lies in the unfinished trick
            assert [mo.judgement.best for mo in ctl.coach.moments] == ["marry hearts"]
            assert coach_notes(app) == []
            assert ctl.match.coached
            clock.now += 10  # Bob plays: the trick is over
            await wait_for(pilot, lambda: bool(coach_notes(app)), 5)
            assert not ctl.match.observe(0).trick.plays
            [said] = coach_notes(app)
            assert said.startswith("Coach: Marrying in Hearts") and "leading the King of Hearts" in said
            assert "yours about" in said

    asyncio.run(run())


def test_c_switches_the_coach_and_it_is_remembered() -> None:
    async def run() -> None:
        match = Match("schnapsen", [Seat("Ann"), Seat("Bob", "bot", "random")], seed=5, deck=DECK)
        app = DeckTableApp(match, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert not table(app).controller.coach.on
            await press(pilot, "C")
            assert table(app).controller.coach.on
            assert prefs.load()[0].coach == ["schnapsen"]
            assert any(n.startswith("Coach on for Schnapsen") and "once the trick is over" in n
                       for n in notifications(app))
            lead = next(a for a in viewer_obs(app).legal if a.text == "play qd")
            await press(pilot, "C")
            assert not table(app).controller.coach.on and prefs.load()[0].coach == []
            await play(pilot, app, lead)
            assert table(app).controller.coach.judged == 0 and not match.coached

    asyncio.run(run())


def test_try_again_from_here_starts_the_same_position() -> None:
    """The end-of-game review (the game given up to its results is not needed: the review of
    the moments is put up directly) offers the moment; choosing it starts a new table whose
    position is the one before the move."""
    async def run() -> None:
        app = coached_app()
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            ctl = table(app).controller
            clock = Clock()
            ctl.clock = clock
            before = viewer_obs(app)
            await play(pilot, app, next(a for a in before.legal if a.text == "play kh"))
            await wait_for(pilot, lambda: ctl.coach.judged == 1)
            old = ctl.match
            assert ctl.coach.review(None, lambda: None)
            await settle(pilot)
            assert isinstance(app.screen, CoachReviewScreen)
            assert "Try again from move 1" in screen_text(app)
            await press(pilot, "1")
            await settle(pilot)
            new = table(app).controller.match
            assert new is not old and new.match_id != old.match_id and len(new.steps) == 0
            assert table(app).obs == before  # the same cards, the same moves open

    asyncio.run(run())


def test_at_a_table_with_another_person_the_review_is_for_reading_only() -> None:
    from decktable.bots.coach import Judgement
    from decktable.bots.hints import Figure
    from decktable.ui.coach import Moment

    async def run() -> None:
        prefs.set_coach("schnapsen", True)
        match = Match("schnapsen", [Seat("Ann"), Seat("Bob")], seed=5, deck=DECK)
        app = DeckTableApp(match, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            match.act(0, "play kh")
            ctl = table(app).controller
            j = Judgement(action="play kh", seat=0, at=0, best="marry hearts", value=0.54, best_value=0.76,
                          trials=60, best_trials=2487, flagged=True,
                          figure=Figure(kind="points", value=0.1, trials=60),
                          best_figure=Figure(kind="points", value=0.7, trials=2487))
            ctl.coach.moments.append(Moment(j, {"play kh": "Lead the King of Hearts",
                                                "marry hearts": "Marry in Hearts"}, 0, said=True))
            assert ctl.coach.review(None, lambda: None)
            await settle(pilot)
            text = all_widget_text(app)
            assert "1. Move 1: Marrying in Hearts would have been better than leading the King" in text
            assert "for reading only" in text and "Try again" not in text
            await press(pilot, "1")
            assert isinstance(app.screen, CoachReviewScreen)  # no retry here
            await press(pilot, "escape")
            assert not isinstance(app.screen, CoachReviewScreen)

    asyncio.run(run())


def test_the_reviews_come_after_a_hand_s_summary_and_before_the_results() -> None:
    """The controller's order, on a fake screen: a hand scored, its summary, then the review of
    that hand's moments; the game over, the review of the game, then the results."""
    from test_controller import FakeApp, FakeView

    from decktable.bots.coach import Judgement
    from decktable.bots.hints import Figure
    from decktable.ui.coach import Moment
    from decktable.ui.controller import TableController
    from decktable.ui.screens.hand_summary import HandSummaryScreen
    from decktable.ui.screens.results import ResultsScreen

    m = Match("schnapsen", [Seat("Ann"), Seat("Bob", "bot", "random")], seed=5, deck=DECK)
    app = FakeApp()
    app.prefs = prefs.Preferences(coach=["schnapsen"])  # type: ignore[attr-defined]
    view = FakeView(app, m)
    ctl = TableController(view, m)
    first = None
    while not m.observe().score_sheet:  # one hand, Ann always playing her first legal move
        if m.bot_to_act() is not None:
            m.bot_step()
        else:
            first = len(m.steps) if first is None else first
            m.act(0, m.game.legal_actions(m.state, 0)[0])
    f = Figure(kind="points", value=0.1, trials=60)
    j = Judgement(action=m.steps[first].entry.action, seat=0, at=first, best="x", value=0.4, best_value=0.7,
                  trials=60, best_trials=900, flagged=True, figure=f,
                  best_figure=Figure(kind="points", value=0.9, trials=900))
    ctl.coach.moments.append(Moment(j, {}, 0, said=True))
    assert ctl.show_hand_summary()
    summary, closed = app.screens.pop()
    assert isinstance(summary, HandSummaryScreen)
    closed(None)
    review, closed = app.screens.pop()
    assert isinstance(review, CoachReviewScreen) and not review.whole_game and review.can_retry
    assert ctl.summary_up  # the table waits for the review
    ctl.results_shown = False
    ctl.show_results()  # the game's review first (the same moment), the results after it
    review, closed = app.screens.pop()
    assert isinstance(review, CoachReviewScreen) and review.whole_game
    assert not app.screens
    closed(None)
    results, _ = app.screens.pop()
    assert isinstance(results, ResultsScreen)


def test_the_lobby_s_setup_has_the_coach_switch() -> None:
    from textual.widgets import OptionList, Switch

    from decktable.ui.screens.setup import SetupScreen

    async def run() -> None:
        app = DeckTableApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            games = app.screen.query_one("#games", OptionList)
            ids = [str(games.get_option_at_index(i).id) for i in range(games.option_count)]
            games.highlighted = ids.index("game:schnapsen")
            await press(pilot, "enter")
            assert isinstance(app.screen, SetupScreen)
            switch = app.screen.query_one("#coach", Switch)
            assert not switch.value
            switch.value = True
            app.screen.action_start()
            await settle(pilot)
            assert prefs.load()[0].coach == ["schnapsen"]
            assert table(app).controller.coach.on

    asyncio.run(run())


def test_switched_off_the_coach_says_no_more() -> None:
    """A remark waiting for its trick is dropped when C turns the coach off, and no review comes."""
    async def run() -> None:
        app = coached_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            ctl = table(app).controller
            clock = Clock()
            ctl.clock = clock
            await play(pilot, app, next(a for a in viewer_obs(app).legal if a.text == "play kh"))
            await wait_for(pilot, lambda: ctl.coach.judged == 1)
            assert ctl.coach.moments and not ctl.coach.moments[0].said
            await press(pilot, "C")
            assert not ctl.coach.on and not ctl.coach.moments
            clock.now += 10
            await pilot.pause(0.5)
            await settle(pilot)
            assert not ctl.match.observe(0).trick.plays and coach_notes(app) == []
            assert not ctl.coach.review(None, lambda: None)

    asyncio.run(run())


@pytest.mark.parametrize("game, seats, when", [("jacynth", "Ann,bot:random", "once your turn is over"),
                                               ("adaman", "Ann", "as soon as it has judged the move")])
def test_c_says_when_remarks_come_in_a_game_without_tricks(game: str, seats: str, when: str) -> None:
    """Switched on in Jacynth, the coach promised to speak "once the trick is over": a board game
    has no tricks (its remark comes once the person's turn is over; in a solitaire at once)."""
    from decktable.session.match import parse_seats

    async def run() -> None:
        app = DeckTableApp(Match(game, parse_seats(seats), seed=3), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await press(pilot, "C")
            said = [n for n in notifications(app) if n.startswith("Coach on for")]
            assert said and when in said[0] and "trick" not in said[0], said

    asyncio.run(run())
