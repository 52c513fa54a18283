"""How the play goes by at a trick table (issue 33, "Seeing the play"): a finished trick stays on the
table TRICK_HOLD seconds at least whoever completes it and whoever leads next (measured on the
controller's clock, turned by hand here, never by sleeping), or until `t`; after a curtain the
person to act sees the trick being played, not the one before it; a challenge's outcome is seen
before the curtain; a play of several cards shows every card; a hand with no tricks shows no trick
area; each seat's play is set apart when the trick area wraps."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import seeded_picker  # noqa: E402
from table_driver import make_app, play, press, screen_text, settle, table, viewer_obs  # noqa: E402

from decktable.session.match import Match, parse_seats  # noqa: E402
from decktable.ui.app import DeckTableApp  # noqa: E402
from decktable.ui.glyphs import card_label  # noqa: E402
from decktable.ui.controller import TableController  # noqa: E402
from decktable.ui.screens.curtain import CurtainScreen  # noqa: E402
from decktable.ui.screens.hand_summary import HandSummaryScreen  # noqa: E402
from decktable.ui.widgets.trick_view import TrickView  # noqa: E402

SMALL = (80, 24)
HOLD = TableController.TRICK_HOLD
PACE = 0.5  # the app's bot pace in play


class Clock:
    """The controller's clock, turned by the test: the pace is read on it, never slept."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def turn(pilot, clock: Clock, seconds: float) -> None:  # type: ignore[no-untyped-def]
    """Move the clock on, and let the app's poll timer look at it."""
    clock.now += seconds
    await pilot.pause(0.1)
    await settle(pilot)


def paced(app: DeckTableApp) -> Clock:
    app.bot_delay = PACE
    clock = Clock()
    table(app).controller.clock = clock
    return clock


def held_for_a_bot(app: DeckTableApp) -> bool:
    """A trick has just been completed and a bot leads next: the controller waits."""
    ctl = table(app).controller
    t = ctl.match.observe().trick
    return bool(ctl.busy and t is not None and t.last and not t.plays and ctl.match.bot_to_act() is not None)


async def to_a_bot_lead(pilot, app: DeckTableApp, clock: Clock, pick, human_completes: bool) -> None:  # type: ignore[no-untyped-def]
    """Play Ann's moves by keys and the bots on the clock until a trick has just been completed
    by Ann (or by a bot) and a bot is to lead the next."""
    m = table(app).match
    for _ in range(300):
        if isinstance(app.screen, HandSummaryScreen):
            await press(pilot, "enter")
            continue
        if held_for_a_bot(app):
            completer = m.log[-1].seat
            if (completer == 0) == human_completes:
                return
        if m.human_to_act() == 0 and not table(app).controller.busy:
            await play(pilot, app, pick(viewer_obs(app)))
            continue
        await turn(pilot, clock, PACE if not held_for_a_bot(app) else HOLD)
    raise AssertionError("no trick completed before a bot's lead")


async def play_ann_until(pilot, app: DeckTableApp, clock: Clock, done) -> None:  # type: ignore[no-untyped-def]
    """Ann (seat 0) plays seeded moves by keys and the bots on the clock, a hold at a time,
    until `done()`; the hand must get there."""
    ctl = table(app).controller
    m = table(app).match
    pick = seeded_picker(3)
    for _ in range(400):
        if done():
            return
        if m.human_to_act() == 0 and not ctl.busy:
            await play(pilot, app, pick(viewer_obs(app)))
            continue
        await turn(pilot, clock, PACE if not held_for_a_bot(app) else HOLD)
    raise AssertionError("the hand did not get there")


@pytest.mark.parametrize("game,seats,human_completes", [
    ("schnapsen", "Ann,bot", True),
    ("schnapsen", "Ann,bot", False),
    ("type_trump", "Ann,bot,bot", True),
    ("type_trump", "Ann,bot,bot", False),
])
async def test_a_finished_trick_stays_until_the_hold_has_passed_when_a_bot_leads(game, seats, human_completes) -> None:
    app = make_app(game, seats, seed=5)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        clock = paced(app)
        await to_a_bot_lead(pilot, app, clock, seeded_picker(3), human_completes)
        view = table(app).query_one(TrickView)
        m = table(app).match
        finished = list(m.observe().trick.last)
        steps = len(m.steps)
        await turn(pilot, clock, HOLD - 0.1)
        assert len(m.steps) == steps, "a bot led before the finished trick's hold had passed"
        assert view.held and view.trick.last == finished and "Trick over" in screen_text(app)
        await turn(pilot, clock, 0.1)
        for _ in range(20):
            if len(m.steps) > steps:
                break
            await turn(pilot, clock, 0)
        assert len(m.steps) == steps + 1, "the bot moves once the hold has passed"


async def test_t_puts_a_held_trick_away_and_the_bot_leads_at_once() -> None:
    app = make_app("type_trump", "Ann,bot,bot", seed=5)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        clock = paced(app)
        await to_a_bot_lead(pilot, app, clock, seeded_picker(3), True)
        m = table(app).match
        steps = len(m.steps)
        assert table(app).query_one(TrickView).held
        await press(pilot, "t")  # no time has passed on the clock
        assert len(m.steps) == steps + 1 and m.observe().trick.plays


@pytest.mark.parametrize("game,seed", [("king", 1), ("toepen", 2)])
async def test_after_the_curtain_the_person_to_act_sees_the_current_trick(game: str, seed: int) -> None:
    """Two people and two bots: at every turn after a curtain where cards are already on the
    current trick, the trick area shows those cards (not the trick before it, which is on its
    last line)."""
    from play_helpers import hands_scored, play_until

    app = make_app(game, "Ann,Bob,bot,bot", seed=seed)
    after_curtain = [False]
    checked: list[int] = []

    def curtain() -> None:
        after_curtain[0] = True

    def turn_seen(obs) -> None:  # type: ignore[no-untyped-def]
        was, after_curtain[0] = after_curtain[0], False
        if not was or obs.trick is None or not obs.trick.plays:
            return
        view = table(app).query_one(TrickView)
        assert not view.showing_last, f"{obs.seats[obs.seat].name} sees the last trick, not the current one"
        assert view.trick.plays == obs.trick.plays
        text = view.render().plain
        assert "Trick over" not in text and "Last trick —" not in text, text
        if obs.trick.last:
            assert "Last trick:" in text  # the trick missed is on its line
            checked.append(1)

    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, seeded_picker(seed, avoid=("knock",)), hands_scored(1),
                         on_curtain=curtain, on_turn=turn_seen)
    assert len(checked) >= 3, checked


async def test_toepen_a_challenger_sees_the_outcome_before_the_curtain() -> None:
    """Toepen, two people: a person who challenges an exchange sees the thrown hand turned up and
    who pays, over a table that shows no hand, before the keyboard passes on."""
    from play_helpers import play_until

    from decktable.ui.screens.outcome import OutcomeScreen

    def human_challenged(m) -> bool:  # type: ignore[no-untyped-def]
        return any(e.kind == "challenge" and e.seat in (0, 1) for entry in m.log for e in entry.events)

    app = make_app("toepen", "Ann,Bob,bot,bot", seed=3)
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, seeded_picker(1, prefer=("exchange", "challenge")), human_challenged)
        m = table(app).match
        said = [e for e in m.log[-1].events if e.kind == "challenge"]
        challenger = m.log[-1].seat
        assert said and challenger in (0, 1)
        assert isinstance(app.screen, OutcomeScreen), app.screen
        text = " ".join(screen_text(app).replace("█", " ").split())  # the sentence wraps
        assert said[0].text in text, text
        assert table(app).obs.seat is None  # a spectator's table behind: no hand on it
        await press(pilot, "enter")
        assert not isinstance(app.screen, OutcomeScreen)
        if m.human_to_act() not in (None, challenger):
            assert isinstance(app.screen, CurtainScreen)


def mattis_run_on_the_table() -> Match:
    """Mattis's second phase, reached through play from a stacked deck: Bot 1 leads the 6♥ and
    Bot 2 beats it with the 7–9♥; Cai is to play."""
    from games.mattis.tests.test_rules import A_HANDS, A_TRICKS, build

    m = Match("mattis", parse_seats("bot:random,bot:random,Cai"), seed=1, deck=build(3, A_HANDS, A_TRICKS, ["2s"]))
    while m.observe(None).phase == "collect" and m.observe(None).zone("stock").count >= 2:  # all play blind
        m.act(m.to_act()[0], "blind")
    for a, b, c in (("ad", "2d", "2h"), ("kd", "3d", "3h"), ("qd", "4d", "4h")):
        m.act(0, f"play {a}")
        m.act(1, f"play {b}")
        m.act(2, f"play {c}")
    m.act(0, "begin")
    m.act(0, "play 6h")
    m.act(1, "play 7h 8h 9h")
    return m


@pytest.mark.parametrize("size", [SMALL, (120, 40)])
async def test_mattis_a_sequence_shows_all_its_cards_in_the_trick_row(size) -> None:  # type: ignore[no-untyped-def]
    """Cai, to play, sees all three cards of Bot 2's run in the trick."""
    app = DeckTableApp(mattis_run_on_the_table(), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert viewer_obs(app).seat == 2
        text = table(app).query_one(TrickView).render().plain
        row = next(line for line in text.splitlines() if card_label("6h", "french") in line)
        for card in ("7h", "8h", "9h"):
            assert card_label(card, "french") in row, (card, text)


@pytest.mark.parametrize("start", ["domino", "quart", "train"])
async def test_lorum_a_hand_with_no_tricks_shows_no_trick_area(start: str) -> None:
    from play_helpers import seeded_picker as picker

    app = make_app("lorum", "Ann,bot,bot,bot", seed=2, options={"start": start})
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await press(pilot, "t")
        said = [str(n.message) for n in app._notifications]
        assert "This hand is not played in tricks." in said, said
        await play(pilot, app, picker(1)(viewer_obs(app)))  # a Quart's sequence, a Train's round begun
        text = screen_text(app)
        assert not table(app).query_one(TrickView).display
        assert "No trick played yet" not in text and "Trick —" not in text, text


async def test_getaway_shows_no_shootout_pile_before_a_shootout() -> None:
    app = make_app("getaway", "Ann,bot,bot", seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "Shootout draw pile" not in screen_text(app)


async def test_each_seats_play_is_set_apart_at_80x24() -> None:
    """Mattis and Getaway at 80×24: a run of cards leaves two spaces before the next seat's
    column, as one card does; and in the tight trick (one line per row of seats, when the hand
    is long) two seats on a line are parted by a bar."""
    app = DeckTableApp(mattis_run_on_the_table(), bot_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        view = table(app).query_one(TrickView)
        assert not view.tight
        row = next(line for line in view.render().plain.splitlines() if card_label("9h", "french") in line)
        after = row.split(card_label("9h", "french"), 1)[1]
        assert after.startswith("  ") or not after.strip(), row
        view.set_tight(True)
        await settle(pilot)
        lines = view.render().plain.splitlines()
        both = next(line for line in lines if "Bot 1" in line and "Bot 2" in line)
        assert "│ Bot 2" in both, lines
    app = make_app("getaway", ",".join(["Ann"] + ["bot"] * 7), seed=1)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        view = table(app).query_one(TrickView)
        view.set_tight(True)
        await settle(pilot)
        rows = [line for line in view.render().plain.splitlines() if "Bot" in line or "Ann" in line]
        assert rows and all(line.count("│") == sum(n in line for n in ["Ann"] + [f"Bot {i}" for i in range(1, 8)]) - 1
                            for line in rows), rows


async def test_a_trick_a_person_completes_stays_before_the_curtain() -> None:
    """King, two people: when Ann's or Bob's card completes a trick and the other person is next
    (the curtain), the finished trick stays TRICK_HOLD on a table that shows no hand, then the
    curtain goes up."""
    app = make_app("king", "Ann,Bob,bot,bot", seed=1)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        clock = paced(app)
        ctl = table(app).controller
        m = table(app).match
        pick = seeded_picker(4)
        for _ in range(300):
            if isinstance(app.screen, CurtainScreen):
                await press(pilot, "enter")
                continue
            if isinstance(app.screen, HandSummaryScreen):
                await press(pilot, "enter")
                continue
            t = m.observe(None).trick
            if (ctl.busy and m.human_to_act() is not None and m.bot_to_act() is None and t.last and not t.plays
                    and m.log[-1].seat in (0, 1) and m.human_to_act() != m.log[-1].seat):
                break
            if m.human_to_act() is not None and not ctl.busy and table(app).obs.seat is not None:
                await play(pilot, app, pick(viewer_obs(app)))
                continue
            await turn(pilot, clock, PACE)
        else:
            raise AssertionError("no trick completed by a person before the other person's turn")
        await turn(pilot, clock, HOLD - 0.1)
        assert not isinstance(app.screen, CurtainScreen), "the curtain came before the hold had passed"
        view = table(app).query_one(TrickView)
        assert view.held and "Trick over" in screen_text(app) and table(app).obs.seat is None
        await turn(pilot, clock, 0.1)
        for _ in range(20):
            if isinstance(app.screen, CurtainScreen):
                break
            await turn(pilot, clock, 0)
        assert isinstance(app.screen, CurtainScreen)


async def test_the_last_trick_of_a_hand_stays_before_the_summary() -> None:
    """Type Trump: the trick that ends a hand stays TRICK_HOLD on the table before the hand's
    summary covers it."""
    app = make_app("type_trump", "Ann,bot,bot", seed=5)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        clock = paced(app)
        ctl = table(app).controller
        m = table(app).match

        def scored() -> bool:  # the hand is scored; its summary waits
            assert not isinstance(app.screen, HandSummaryScreen), "the summary came at once"
            return ctl.busy and bool(m.observe().score_sheet)

        await play_ann_until(pilot, app, clock, scored)
        await turn(pilot, clock, HOLD - 0.1)
        assert not isinstance(app.screen, HandSummaryScreen)
        assert table(app).query_one(TrickView).held and "Trick over" in screen_text(app)
        await turn(pilot, clock, 0.1)
        for _ in range(20):
            if isinstance(app.screen, HandSummaryScreen):
                break
            await turn(pilot, clock, 0)
        assert isinstance(app.screen, HandSummaryScreen)


async def test_the_next_hand_opens_on_a_clear_trick_area() -> None:
    """Type Trump: once the hand's summary is closed, the table does not show the last hand's
    final trick again as if just finished (it flashed for the bot pace before the next lead);
    `t` still shows it as the last trick."""
    app = make_app("type_trump", "Ann,bot,bot", seed=5)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        clock = paced(app)
        m = table(app).match
        await play_ann_until(pilot, app, clock, lambda: isinstance(app.screen, HandSummaryScreen))
        await press(pilot, "enter")
        await settle(pilot)
        assert not isinstance(app.screen, HandSummaryScreen)
        trick = m.observe().trick
        assert trick is not None and trick.last and not trick.plays, "the position this test is about"
        view = table(app).query_one(TrickView)
        assert not view.held and not view.showing_last
        assert "Trick over" not in screen_text(app)
        await press(pilot, "t")
        assert view.peek and view.showing_last and "Last trick" in screen_text(app)


PHONE = (41, 44)


async def test_a_tap_on_the_trick_does_what_t_does_on_a_phone() -> None:
    """A phone has no `t` key and its footer no room for it: on the narrow table a tap on the
    trick area puts a held trick away (the bot leads at once, as after `t`), and during the next
    trick a tap shows the last trick again and another goes back; the lines say so."""
    app = make_app("type_trump", "Ann,bot,bot", seed=5)
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot)
        clock = paced(app)
        await to_a_bot_lead(pilot, app, clock, seeded_picker(3), True)
        screen = table(app)
        assert screen.has_class("-narrow")
        m = screen.match
        view = screen.query_one(TrickView)
        steps = len(m.steps)
        assert view.held and "Tap here or t: put the trick away" in screen_text(app)
        await pilot.click(TrickView, offset=(2, 1))  # no time has passed on the clock
        await settle(pilot)
        assert len(m.steps) == steps + 1 and m.observe().trick.plays  # put away: the bot led
        assert not view.held and not view.peek
        last = [card_label(p.card, screen.family) for p in m.observe().trick.last]
        assert "Last trick (tap):" in " ".join(screen_text(app).split())
        await pilot.click(TrickView, offset=(2, 1))
        await settle(pilot)
        assert view.peek and "Last trick — won by" in screen_text(app)
        assert "Tap here or t: back to the table" in screen_text(app)
        drawn = screen_text(app)
        assert all(label in drawn for label in last), (last, drawn)
        await pilot.click(TrickView, offset=(2, 1))
        await settle(pilot)
        assert not view.peek and "Last trick (tap):" in " ".join(screen_text(app).split())
        assert len(m.steps) == steps + 1  # the taps played nothing


async def test_a_tap_on_the_trick_before_any_trick_does_nothing() -> None:
    app = make_app("type_trump", "Ann,bot,bot", seed=5)
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot)
        view = table(app).query_one(TrickView)
        before = screen_text(app)
        await pilot.click(TrickView, offset=(2, 1))
        await settle(pilot)
        assert not view.peek and not view.held and screen_text(app) == before
