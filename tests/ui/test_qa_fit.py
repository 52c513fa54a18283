"""What a QA pass in a real terminal found cut or hidden, at 80×24 and 120×40: the human's hand
and prompt under a trick of twelve seats, footer keys cut at the right edge, card captions that
lost their rank, seat lines that wrapped their card count, bot names and game sources."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from rich.text import Text

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import make_app, screen_text, settle, table  # noqa: E402

from decktable.session.match import parse_seats  # noqa: E402
from decktable.ui.game_list import lobby_games  # noqa: E402
from decktable.ui.glyphs import card_caption, card_label  # noqa: E402
from decktable.ui.screens.setup import SetupScreen  # noqa: E402
from decktable.ui.widgets.hand_view import HandView  # noqa: E402
from decktable.ui.widgets.quiet_footer import QuietFooter, fit_keys  # noqa: E402
from decktable.ui.widgets.seats_panel import SeatsPanel  # noqa: E402
from textual.widgets._footer import FooterKey  # noqa: E402

TWELVE = "Ann," + ",".join(["bot"] * 11)




@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_twelve_seats_keep_the_hand_and_the_prompt_on_screen(size: tuple[int, int]) -> None:
    app = make_app("envite", TWELVE, seed=7)
    async with app.run_test(size=size) as pilot:
        for _ in range(6):
            await settle(pilot)
        screen = table(app)
        obs = screen.obs
        assert obs is not None and obs.legal and obs.prompt  # Ann is asked to signal
        hand = screen.query_one(HandView)
        assert hand.cards
        text = screen_text(app)
        for card in hand.cards:
            assert card_label(card, "french") in text, (card, text)
        # the hand box lies inside the main column, wholly on screen
        main = screen.query_one("#table-main")
        assert hand.region.bottom <= main.region.bottom and hand.region.y >= main.region.y
        flat = " ".join(text.split())
        assert "one signal" in flat or "one signal" in text.replace("▊", " "), text


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_footer_key_is_whole(size: tuple[int, int]) -> None:
    app = make_app("rally", "Ann,bot,bot,bot", seed=7)
    async with app.run_test(size=size) as pilot:
        for _ in range(4):
            await settle(pilot)
        screen = table(app)
        footer = screen.query_one(QuietFooter)
        keys = [k for k in footer.query(FooterKey)]
        palette = [k for k in keys if k.has_class("-command-palette")]
        assert palette
        edge = palette[0].region.x
        shown = [k for k in keys if not k.has_class("-command-palette")]
        assert any(k.key == "question_mark" for k in shown)  # ? lists every key
        for k in shown:
            assert k.region.right <= edge, (k.key, k.region, edge)
        # and on a card (space marks cards in Rally's bargains? the hand's keys are added)
        await pilot.press("tab")
        await settle(pilot)
        keys = [k for k in footer.query(FooterKey) if not k.has_class("-command-palette")]
        for k in keys:
            assert k.region.right <= edge, (k.key, k.region, edge)


def test_fit_keys_shortens_then_drops_but_keeps_help() -> None:
    keys = [("left", "←→", "Other button"), ("question_mark", "?", "Rules"), ("i", "i", "Card info"),
            ("q", "q", "Lobby")]
    assert [d for _i, d in fit_keys(keys, 200)] == ["Other button", "Rules", "Card info", "Lobby"]
    assert [d for _i, d in fit_keys(keys, 35)] == ["Move", "Rules", "Info", "Lobby"]
    few = fit_keys(keys, 12)
    assert 1 in [i for i, _d in few]


def test_french_captions_keep_the_rank_and_the_suit() -> None:
    """A caption too narrow for the whole name was the rank alone (`King` under `K♠`); it now
    keeps the rank's letter and the suit, or the suit under a number card's label."""
    assert card_caption("qs", "french", 10) == "Q Spades"
    assert card_caption("kh", "french", 10) == "K Hearts"
    assert card_caption("jd", "french", 10) == "J Diamonds"
    assert card_caption("ad", "french", 10) == "A Diamonds"
    assert card_caption("ah", "french", 10) == "Ace Hearts"
    assert card_caption("5s", "french", 10) == "5 Spades"
    assert card_caption("10d", "french", 10) == "Diamonds"
    assert card_caption("qd", "french", 14) == "Queen Diamonds"
    assert card_caption("cw", "tarot", 10) == "C Water"


async def test_a_special_card_keeps_a_space_before_its_name() -> None:
    from textual.app import App, ComposeResult

    from decktable.ui.widgets.card_strip import CardStrip

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield CardStrip("Hand", family="french", id="s")

    app = One()
    async with app.run_test(size=(80, 10)) as pilot:
        strip = app.query_one(CardStrip)
        strip.set_cards(["ah", "5s"], special={"ah": "trump"})
        strip.set_dense(True)
        await pilot.pause()
        line = strip.render().plain.splitlines()[1]
        assert "A♥★ " in line and " Ace Hearts" in line, line  # the mark by its card, a space before the name


async def test_small_seat_lines_keep_the_card_count() -> None:
    app = make_app("envite", "Ann,bot:medium,bot:medium,bot:medium", seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(4):
            await settle(pilot)
        panel = table(app).query_one(SeatsPanel)
        width = panel.content_size.width
        for line in panel._lines():
            assert line.cell_len <= width, (line.plain, width)
        assert any(line.plain.rstrip().endswith("3c") for line in panel._lines())


def test_setup_names_bots_as_play_does() -> None:
    seats = parse_seats("Ann,bot,bot,bot")
    assert [SetupScreen.default_name(i, "bot") for i in range(1, 4)] == [s.name for s in seats[1:]]


def test_no_game_source_speaks_of_seeds() -> None:
    for info in lobby_games():
        assert "seed" not in info.source.lower(), (info.id, info.source)
        assert "RULES.md" not in info.source, (info.id, info.source)


def test_trick_columns_widen_for_whole_card_names() -> None:
    from decktable.engine.models import SeatView, TrickPlay
    from decktable.engine.models import TrickView as TrickModel
    from decktable.ui.widgets.trick_view import TrickView

    view = TrickView("decktet")
    seats = [SeatView(seat=i, name=n) for i, n in enumerate(["Ann", "Bob"])]
    trick = TrickModel(plays=[TrickPlay(seat=0, card="chance-meeting"), TrickPlay(seat=1, card="journey")])
    view.trick, view.seats = trick, seats
    text = "\n".join(line.plain for line in view._lines(76, view._seat_style(0)))
    assert "Chance Meeting" in text and "Journey" in text, text


def test_fit_rows_takes_a_second_row_before_it_drops_a_key() -> None:
    from decktable.ui.widgets.quiet_footer import fit_rows

    keys = [("left", "←→", "Other button"), ("question_mark", "?", "Rules"), ("i", "i", "Card info"),
            ("q", "q", "Lobby"), ("t", "t", "Last trick")]
    assert fit_rows(keys, 200) == [[(0, "Other button"), (1, "Rules"), (2, "Card info"), (3, "Lobby"),
                                    (4, "Last trick")]]
    rows = fit_rows(keys, 40)  # full descriptions on two rows
    assert len(rows) == 2 and sorted(i for r in rows for i, _d in r) == [0, 1, 2, 3, 4]
    assert [d for r in rows for _i, d in r] == ["Other button", "Rules", "Card info", "Lobby", "Last trick"]
    rows = fit_rows(keys, 26)  # short ones
    assert sorted(i for r in rows for i, _d in r) == [0, 1, 2, 3, 4] and len(rows) == 2
    assert all(sum(len(keys[i][1]) + len(d) + 3 for i, d in r) <= 26 for r in rows)
    assert 1 in [i for r in fit_rows(keys, 9) for i, _d in r]  # too narrow: help stays


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_key_of_a_table_with_a_hand_is_in_the_footer(size: tuple[int, int]) -> None:
    """Every binding the screen shows is in the footer, on a second row where one is too narrow."""
    app = make_app("schnapsen", "Ann,bot:random", seed=2)
    async with app.run_test(size=size) as pilot:
        for _ in range(3):
            await settle(pilot)
        screen = table(app)
        footer = screen.query_one(QuietFooter)
        wanted = {b.action for (_n, b, _e, _t) in screen.active_bindings.values() if b.show}
        shown = {k.action for k in footer.query(FooterKey) if not k.has_class("-command-palette")}
        assert wanted <= shown | {app.COMMAND_PALETTE_BINDING}, wanted - shown
        edge = footer.region.right
        for k in footer.query(FooterKey):
            assert k.region.right <= edge and k.region.y >= footer.region.y
        main = screen.query_one("#table-main")
        assert main.region.bottom <= footer.region.y  # the table gives the footer its rows


async def test_the_log_opened_in_a_small_terminal_has_room_to_show_lines() -> None:
    """At 80×24 the log is closed and the seats and status fill the side column; `l` opened it
    with no height at all (only its top border showed). It now takes the status panel's place,
    and a hint closes it again, since the hint's line is in the status panel."""
    from decktable.ui.widgets.log_panel import LogPanel
    from decktable.ui.widgets.status_panel import StatusPanel
    from table_driver import play, press, viewer_obs

    app = make_app("rally", "Ann,bot:random,bot:random,bot:random", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        log, status = screen.query_one(LogPanel), screen.query_one(StatusPanel)
        assert screen.has_class("-compact") and not log.display and status.region.height > 0
        await play(pilot, app, viewer_obs(app).legal[0])  # Ann's own call is now in the log
        await press(pilot, "l")
        assert log.display and log.region.height >= 8
        newest = log.lines_shown[-1]
        assert " ".join(newest.split()[:3]) in " ".join(screen_text(app).split())
        assert not status.display
        await press(pilot, "l")
        assert not log.display and status.display and status.region.height > 0
        await press(pilot, "l")
        assert log.display
        await press(pilot, "H")
        for _ in range(200):  # the hint thinks in the worker process
            await pilot.pause(0.05)
            if "Hint:" in screen_text(app):
                break
        assert "Hint:" in screen_text(app) and not log.display and status.display


async def test_an_enter_typed_right_behind_an_arrow_presses_the_button_the_arrow_reached() -> None:
    """Both keys in one read of the terminal (type-ahead, a slow link): → then Enter pressed the
    button the arrow had left, since the focus moved only later; in Rally that bid a Solo for
    a player who meant to pass. The arrow now moves the focus at once."""
    from textual import events

    from decktable.ui.widgets.action_bar import ActionBar

    app = make_app("rally", "Ann,bot:random,bot:random,bot:random", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        bar = screen.query_one(ActionBar)
        assert app.focused is bar.buttons[0] and len(bar.actions) >= 2
        first, second = bar.actions[0].text, bar.actions[1].text
        done = len(screen.match.log)
        app.post_message(events.Key("right", None))  # queued together, as one read delivers them
        app.post_message(events.Key("enter", "\r"))
        await settle(pilot)
        assert screen.match.log[done].action == second != first


@pytest.mark.parametrize("game, seats, seed, fact", [
    ("lorum", "Ann,bot:random,bot:random,bot:random", 5, "Hearts"),
    ("king", "Ann,bot:random,bot:random,bot:random", 4, "This hand"),
    ("rally", "Ann,bot:random,bot:random,bot:random", 11, "Tricks"),
])
async def test_a_small_terminal_shows_every_seat_fact_whole(game: str, seats: str, seed: int, fact: str) -> None:
    """At 80×24 a seat's facts were one line cut with "…": Lórum's hearts, King's points this
    hand, the last of Rally's three facts were never seen. They now wrap onto a second line,
    and a flag says only its name ("Dealer")."""
    from table_driver import play, viewer_obs

    app = make_app(game, seats, seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(app)
        for _ in range(40):  # Ann plays her first legal move until every seat has the fact
            await settle(pilot)
            obs = screen.obs
            assert obs is not None
            if all(fact in s.facts for s in obs.seats):
                break
            if obs.legal:
                await play(pilot, app, viewer_obs(app).legal[0])
        else:
            raise AssertionError(f"no seat shows {fact!r} after 40 moves")
        assert screen.has_class("-compact")
        panel = " ".join(" ".join(line.split()) for line in screen.query_one(SeatsPanel).render().plain.splitlines())
        assert len(obs.seats) == 4 and sum(len(s.facts) for s in obs.seats) >= 8
        for s in obs.seats:
            for key, value in s.facts.items():
                shown = key if value == "yes" else f"{key} {value}"
                assert shown in panel, (s.name, shown, panel)
        assert "…" not in panel


@pytest.mark.parametrize("game, seats, seed, fact, size", [
    ("rally", "Ann,bot:random,bot:random,bot:random", 11, "Tricks", (120, 40)),
    ("jacynth", "Ann,bot:random", 4, "Districts", (80, 24)),
    ("suitcases", "Ann,bot:random", 12, "Role", (80, 24)),
])
async def test_a_seat_fact_is_never_split_or_cut(game: str, seats: str, seed: int, fact: str,
                                                 size: tuple[int, int]) -> None:
    """At 120×40 the facts ran on as one text and wrapped mid-fact ("… · Tricks" / "0"); at
    80×24 a two-player game's facts were cut ("Districts none · Deal…") with lines to spare.
    Whole facts go to a line, and two or three seats have three lines each when compact."""
    from table_driver import play, viewer_obs

    app = make_app(game, seats, seed=seed)
    async with app.run_test(size=size) as pilot:
        screen = table(app)
        for _ in range(40):
            await settle(pilot)
            obs = screen.obs
            assert obs is not None
            if all(fact in s.facts for s in obs.seats) and len(obs.seats[0].facts) >= 2:
                break
            if obs.legal:
                await play(pilot, app, viewer_obs(app).legal[0])
        else:
            raise AssertionError(f"no seat shows {fact!r} after 40 moves")
        panel = screen.query_one(SeatsPanel)
        plain = panel.render().plain.splitlines()
        assert all(Text(line).cell_len <= panel.content_size.width for line in plain), plain  # no soft wrap
        raw: list[str] = []
        for line in plain:
            if line.startswith("    ") and raw:  # a long fact broken at a space, on a line left over
                raw[-1] += " " + line.strip()
            else:
                raw.append(line)
        lines = [" ".join(line.split()) for line in raw]
        assert not any(line.endswith("…") for line in lines), lines
        for s in obs.seats:
            for key, value in s.facts.items():
                shown = key if value == "yes" else f"{key} {value}"
                assert any(shown in line for line in lines), (s.name, shown, lines)


def test_a_look_back_names_every_card_of_a_seats_play() -> None:
    """Mattis plays sequences: the last-trick line named only a run's top card ("Bot 2 the 10
    of Hearts") where the log said the 8–10. A seat's several cards are now listed together."""
    from rich.style import Style

    from decktable.engine.models import SeatView, TrickPlay
    from decktable.engine.models import TrickView as TrickModel
    from decktable.ui.widgets.trick_view import TrickView

    view = TrickView("french")
    view.seats = [SeatView(seat=i, name=n) for i, n in enumerate(["Ann", "Bob", "Cy"])]
    trick = TrickModel(last=[TrickPlay(seat=1, card="8h"), TrickPlay(seat=1, card="9h"), TrickPlay(seat=1, card="10h"),
                             TrickPlay(seat=2, card="qh"), TrickPlay(seat=0, card="7s"), TrickPlay(seat=0, card="9s")],
                       last_winner=2)
    line = view._last_text(trick, Style()).plain
    assert line == ("Last trick: Bob the 8 of Hearts, the 9 of Hearts and the 10 of Hearts, Cy the Queen of "
                    "Hearts, Ann the 7 of Spades and the 9 of Spades — won by Cy")
    # a trick picked up into a hand: the game's sentence, not "No trick played yet"
    gone = TrickModel(last_gone="The last trick went back into a hand: Cy picked up.")
    assert view._last_text(gone, Style()).plain == "The last trick went back into a hand: Cy picked up."
    assert view._last_text(TrickModel(), Style()).plain == "No trick played yet."


async def test_three_open_hands_leave_the_trick_on_screen_at_80x24() -> None:
    """Lórum's Hairy Ape shows the other three hands face up: at 80×24 they pushed the trick
    below the fold, and nothing could scroll it back. The rows now fall back to labels only."""
    from decktable.ui.glyphs import card_label
    from decktable.ui.widgets.trick_view import TrickView
    from decktable.ui.widgets.zone_row import ZoneRow

    app = make_app("lorum", "Ann,bot:random,bot:random,bot:random", seed=7,
                   options={"start": "hairy_ape", "rounds": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(6):
            await settle(pilot)
        screen = table(app)
        obs = screen.obs
        assert obs is not None and obs.phase == "hairy_ape" and obs.trick is not None and obs.trick.plays
        main = screen.query_one("#table-main")
        trick = screen.query_one(TrickView)
        assert main.region.y <= trick.region.y and trick.region.bottom <= main.region.bottom
        text = screen_text(app)
        for play in obs.trick.plays:
            assert card_label(play.card, "french") in text
        open_hands = [r for r in screen.query(ZoneRow) if r.display and r.cards]
        assert len(open_hands) == 3 and all(r.bare for r in open_hands)
        for r in open_hands:  # every card of the three hands still shows, by its label
            for c in r.cards:
                assert card_label(c, "french") in text


def test_a_fact_gives_way_only_to_a_prompt_that_says_it_as_a_phrase() -> None:
    from decktable.ui.widgets.status_panel import _says

    assert _says("Hand 7 of 10: Positive hand (Up or Down, the dealer's choice).", "7 of 10: Positive hand")
    assert _says("Hand 7 of 10: Positive hand (Up or Down, the dealer's choice).", "Up or down")
    assert not _says("NONE (no tricks, 12 points).", "1")  # a short value matches by chance
    assert not _says("Choose your scoring suit or the Spoiler.", "Personality")  # not a whole word


async def test_a_long_fact_in_a_small_status_panel_keeps_its_end() -> None:
    """Rally's "Contract: Bot 2 rallied the Water King; partner unknown" was cut after two lines
    at 80×24, losing "partner unknown". A fact now wraps onto three lines before it is cut."""
    from textual.app import App, ComposeResult

    from decktable.engine.models import Observation, SeatView
    from decktable.ui.widgets.status_panel import StatusPanel

    class Narrow(App[None]):
        CSS = "StatusPanel { width: 26; }"

        def compose(self) -> ComposeResult:
            yield StatusPanel()

    app = Narrow()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(StatusPanel)
        panel.set_compact(True)
        obs = Observation(game="rally", seat=0, phase="play", to_act=[1],
                          seats=[SeatView(seat=i, name=f"Bot {i}") for i in range(4)],
                          status={"Contract": "Bot 2 rallied the Water King; partner unknown"})
        panel.show(obs)
        await pilot.pause()
        assert panel.content_size.width == 24
        text = " ".join(panel.render().plain.split())
        assert "Contract: Bot 2 rallied the Water King; partner unknown" in text


async def test_where_passing_is_a_choice_the_keyboard_starts_on_pass() -> None:
    """Rally's Solo round opened on "Play Solo": one stray Enter called a Solo, which undo cannot
    take back once the stock is shown. The keyboard now starts on Pass, as a bidding box does."""
    from decktable.ui.widgets.action_bar import ActionBar
    from table_driver import play, viewer_obs

    app = make_app("rally", "Ann,bot:random,bot:random,bot:random", seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        hold = next(a for a in viewer_obs(app).legal if a.text == "hold")
        await play(pilot, app, hold)
        for _ in range(20):
            await settle(pilot)
            if screen.obs is not None and screen.obs.phase == "solo" and screen.obs.legal:
                break
        bar = screen.query_one(ActionBar)
        texts = [a.text for a in bar.actions]
        assert texts[0] != "pass" and "pass" in texts
        assert app.focused is bar.buttons[texts.index("pass")]
        # Tab away and back into the buttons: the keyboard lands on Pass again, never on the bid
        from textual.widgets import Button

        await pilot.press("tab")
        assert app.focused not in bar.buttons
        for _ in range(12):
            await pilot.press("tab")
            if isinstance(app.focused, Button):
                break
        await pilot.pause()
        assert app.focused is bar.buttons[texts.index("pass")]
        # → from Pass still reaches the bid: moves inside the row are the player's own
        await pilot.press("right")
        await pilot.pause()
        assert app.focused is bar.buttons[(texts.index("pass") + 1) % len(texts)]
        await pilot.press("left")
        await pilot.pause()
        done = len(screen.match.log)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.log[done].action == "pass"


async def test_a_bare_row_puts_its_title_and_cards_on_one_line_when_they_fit() -> None:
    """Emu Ranchers at 80×24 with a dozen birds: each row took a line for its title and one for
    its card, and the rows ran off the main column. In the last-resort drawing (labels only) a
    row whose title and cards fit on one line now takes one line; a click still finds the card."""
    from textual.app import App, ComposeResult

    from decktable.ui.widgets.card_strip import CardStrip

    class StripApp(App[None]):
        def __init__(self) -> None:
            super().__init__()
            self.chosen: list[str] = []

        def compose(self) -> ComposeResult:
            yield CardStrip(id="short")
            yield CardStrip(id="long")

        def on_card_strip_card_chosen(self, event: CardStrip.CardChosen) -> None:
            self.chosen.append(event.card)

    app = StripApp()
    async with app.run_test(size=(60, 12)) as pilot:
        short, long_ = app.query_one("#short", CardStrip), app.query_one("#long", CardStrip)
        short.set_cards(["kc", "qh"], title="Bot 1's captures", family="french")
        long_.set_cards(["kc", "qh", "js", "10d", "9c"], title="A title far too long to leave room for five cards",
                        family="french")
        for strip in (short, long_):
            strip.set_dense(True, bare=True)
        await pilot.pause()
        assert short.region.height == 1 and long_.region.height == 2
        line = short.render().plain
        assert "\n" not in line and line.startswith("Bot 1's captures") and "K♣" in line
        x = line.index("Q♥") + short.styles.padding.left
        await pilot.click("#short", offset=(x, 0))
        await pilot.pause()
        assert app.chosen == ["qh"]
        short.set_dense(True, bare=False)  # dense with names: the title keeps its own line
        await pilot.pause()
        assert short.region.height == 2


async def test_tokens_are_told_apart_by_shape_and_the_seats_panel_is_their_key() -> None:
    """Every seat's token was ● in its seat colour: two players who cannot tell those colours
    apart could not tell whose token was whose. Each seat now has a shape, shown before its name."""
    from decktable.ui.glyphs import current_card_set
    from decktable.ui.widgets.grid_view import GridView

    app = make_app("circle_search", "Ann,bot:random,bot:random", seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        obs = screen.obs
        assert obs is not None and obs.board is not None
        marks = current_card_set().tokens
        assert len(set(marks[:3])) == 3
        grid = screen.query_one(GridView).render().plain
        panel = screen.query_one(SeatsPanel).render().plain
        for s in obs.seats:
            if any(s.seat in c.tokens for c in obs.board.cells.values()):
                assert marks[s.seat] in grid
            assert f"{marks[s.seat]} {s.name}" in panel, panel


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_main_column_refits_when_something_else_takes_its_rows(size: tuple[int, int]) -> None:
    """The footer takes a second row when the keys of the focused widget do not fit one, and
    that can come after the table last fitted itself: the main column then has fewer rows than
    it was fitted to, with no redraw and no resize of the terminal. It fits itself again, so
    the hand stays wholly on screen. (Here three rows are taken by a line put above the button
    bar.)"""
    from textual.widgets import Static

    from decktable.ui.widgets.action_bar import ActionBar

    app = make_app("envite", TWELVE, seed=7)
    async with app.run_test(size=size) as pilot:
        for _ in range(6):
            await settle(pilot)
        screen = table(app)
        main = screen.query_one("#table-main")
        hand = screen.query_one(HandView)
        before = main.region.height
        squeeze = Static("1\n2\n3")
        squeeze.styles.height = 3
        await screen.mount(squeeze, before=screen.query_one(ActionBar))
        for _ in range(3):
            await settle(pilot)
        assert main.region.height == before - 3
        assert hand.region.bottom <= main.region.bottom and hand.region.y >= main.region.y
        text = screen_text(app)
        for card in hand.cards:
            assert card_label(card, "french") in text, (card, text)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_type_trumps_trick_notes_show_whole(size: tuple[int, int]) -> None:
    """The note under a trump without a live suit was cut at 80 columns ("trump, no p": four
    seats leave a column of 12). Reached through the Type Trump lesson, the help's worked
    example: the Cave led, the Painter thrown (a trump of no live suit), the Darkness; every note
    under the trick is on screen whole."""
    from decktable.ui.screens.learn_table import lesson_app
    from decktable.ui.widgets.trick_view import TrickView

    app = lesson_app("type_trump", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # declare Wyrms, as the coach asks; the bots play Cave, Painter, Darkness
        trick = None
        for _ in range(20):
            await settle(pilot)
            trick = app.screen.query_one(TrickView).trick
            if trick is not None and len(trick.plays) == 3:
                break
        assert trick is not None and [p.card for p in trick.plays] == ["cave", "painter", "darkness"]
        notes = [p.note for p in trick.plays if p.note]
        assert notes and any("trump" in n for n in notes)  # the Painter's
        text = screen_text(app)
        for note in notes:
            assert note in text, (note, text)


async def test_jacynths_lesson_fits_80x24_with_the_coach_above() -> None:
    """Under the lesson's coach (five rows at 80x24) Jacynth's dense grid (two lines a row) and the
    hand needed 20 rows of 16: the table scrolled, the grid's column letters and row 6 off the
    top. The last resort draws the grid one line a row (labels and tokens; the foot names the
    card under the cursor) so that nothing scrolls."""
    from decktable.ui.screens.learn_table import lesson_app
    from decktable.ui.widgets.grid_view import GridView

    app = lesson_app("jacynth", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await settle(pilot)
        screen = app.screen
        main = screen.query_one("#table-main")
        grid = screen.query_one(GridView)
        assert grid.bare and main.max_scroll_y == 0, (grid.bare, main.max_scroll_y)
        text = screen_text(app)
        assert " a      b      c      d      e      f" in text and "  6 " in text, text
        hand = screen.query_one(HandView)
        assert hand.region.bottom <= main.region.bottom
        grid.focus()
        grid.col, grid.row = 1, 1  # b5, the Soldier: its name is in the foot
        grid.refresh()
        await settle(pilot)
        assert "[b5] Soldier" in screen_text(app), (grid.cell, grid.foot_parts())


def test_a_winners_note_is_never_cut_in_a_narrow_trick_column() -> None:
    """Four seats at 80x24 leave the trick a column of 12: the winner's "won, penalty" (King)
    showed as "won, penalt". Where it does not fit, the game's note stands alone (the ♛ by the
    name says who won); with room, both."""
    from rich.style import Style

    from decktable.engine.models import SeatView, TrickPlay
    from decktable.engine.models import TrickView as TrickModel
    from decktable.ui.widgets.trick_view import TrickView

    view = TrickView("french")
    view.seats = [SeatView(seat=i, name=n) for i, n in enumerate(["Ann", "Bob", "Cy", "Dee"])]
    view.trick = TrickModel(last=[TrickPlay(seat=0, card="7h"), TrickPlay(seat=1, card="kh", note="penalty"),
                                  TrickPlay(seat=2, card="9h"), TrickPlay(seat=3, card="2s")], last_winner=1)
    view.peek = True  # the last trick on show
    narrow = "\n".join(line.plain for line in view._lines(49, Style()))
    assert "penalty" in narrow and "penalt " not in narrow.replace("penalty", ""), narrow
    wide = "\n".join(line.plain for line in view._lines(100, Style()))
    assert "won, penalty" in wide, wide


def test_the_fits_squeeze_keeps_the_last_trick_to_one_line() -> None:
    """Beyond the fit's last resort (a lesson's coach above the table at 80x24): Mattis's last
    trick of 43 cards took 8 lines of a tight trick; trimmed, it is one line that still says who
    won, and before any trick the "No trick played yet." line goes (the packed card rows and
    hand are checked in play: tests/ui/test_learn.py, every lesson at 80x24)."""
    from rich.style import Style

    from decktable.engine.models import SeatView, TrickPlay
    from decktable.engine.models import TrickView as TrickModel
    from decktable.ui.widgets.trick_view import TrickView

    view = TrickView("french")
    view.seats = [SeatView(seat=i, name=n) for i, n in enumerate(["Ann", "Bea", "Cai"])]
    ranks = ["k", "q", "j", "10", "9", "8", "7", "6", "5", "4", "3", "2", "a"]
    cards = [r + s for r in ranks for s in "shdc"][:42]
    last = [TrickPlay(seat=0, card="4h")] + [TrickPlay(seat=1 + i % 2, card=c) for i, c in enumerate(cards)]
    view.trick = TrickModel(plays=[TrickPlay(seat=2, card="4s")], last=last, last_winner=2)
    assert view.height_if(True, 49) >= 10  # tight only: the last trick wraps
    view.set_tight(True, True)
    lines = [line.plain for line in view._lines(49, Style())]
    assert view.height_if(True, 49, trim=True) == len(lines) + 2 == 6, lines
    assert lines[-1].startswith("Last trick: Ann 4♥, Bea K♠") and lines[-1].endswith("… — won by Cai"), lines
    assert len(lines[-1]) <= 49
    view.trick = TrickModel(plays=[])
    assert not any("No trick" in line.plain for line in view._lines(49, Style()))
