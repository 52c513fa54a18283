"""Never losing your place (issue 10): a button pressed twice quickly counts twice, Esc takes
back the game's own half-made move, q closes secondary screens (only the lobby's quits), the
board fits at 80×24, notifications do not pile up, refusals speak the screen's words."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import make_app, notifications, press, screen_text, settle, table, viewer_obs  # noqa: E402
from textual.app import App, ComposeResult  # noqa: E402

from decktable.engine.models import ActionView  # noqa: E402
from decktable.ui.widgets.action_bar import ActionBar  # noqa: E402


class BarApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[str] = []

    def compose(self) -> ComposeResult:
        yield ActionBar()

    def on_mount(self) -> None:
        bar = self.query_one(ActionBar)
        bar.show_actions([ActionView(text="blind", label="Blind"), ActionView(text="pass", label="Pass")])

    def on_action_bar_action_chosen(self, event: ActionBar.ActionChosen) -> None:
        self.chosen.append(event.action)


async def test_same_button_twice_quickly_counts_twice() -> None:
    app = BarApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        app.query_one(ActionBar).buttons[0].focus()
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.chosen == ["blind", "blind"]


async def test_king_contract_buttons_all_in_sight_at_80_columns() -> None:
    import random

    from decktable.session.match import Match, parse_seats
    from decktable.ui.app import DeckTableApp

    m = Match("king", parse_seats("Ann,bot:random,bot:random,bot:random"), seed=1)
    rng = random.Random(0)
    for _ in range(320):  # to Ann's choice of a contract (six buttons)
        seat = m.to_act()[0]
        m.act(seat, rng.choice(m.game.legal_actions(m.state, seat)))
    app = DeckTableApp(m, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await settle(pilot)
        text = screen_text(app)
        labels = [a.label for a in viewer_obs(app).legal]
        assert len(labels) >= 6
        for label in labels:
            assert label in text, f"{label!r} is out of sight"


async def test_jacynth_at_80x24_shows_every_row_with_tokens() -> None:
    from play_helpers import play_until, seeded_picker

    from decktable.ui.widgets.grid_view import GridView

    app = make_app("jacynth", "Ann,bot:random", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        match = table(app).match
        await play_until(pilot, app, seeded_picker(2, prefer=("influence",)),
                         lambda m: sum(1 for c in m.observe().board.cells.values() if c.tokens) >= 3, limit=30)
        await settle(pilot)
        grid = table(app).query_one(GridView)
        lines = screen_text(app).splitlines()
        for row in match.observe().board.rows:  # every row label is on screen
            assert any(line.lstrip("│ ").startswith(f"{row} ") for line in lines), f"row {row} hidden"
        assert grid.region.bottom <= 23


async def test_prompts_in_the_side_panel_are_never_cut() -> None:
    for game, seats, words in (("jacynth", "Ann,bot:random", "city."), ("suitcases", "Ann,bot:random", "which).")):
        app = make_app(game, seats, seed=5)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await settle(pilot)
            assert words in screen_text(app), f"{game}: the prompt lost {words!r}"


async def test_escape_cancels_adamans_half_made_move() -> None:
    app = make_app("adaman", "Ann", seed=161)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        obs = viewer_obs(app)
        target = next(a for a in obs.legal if a.text.startswith("target"))
        screen.do(target.text)
        await settle(pilot)
        assert any(a.text == "cancel" for a in viewer_obs(app).legal)
        await press(pilot, "escape")
        assert not any(a.text == "cancel" for a in viewer_obs(app).legal), "Esc did not cancel the target"
        assert screen.match.log[-1].action == "cancel"


async def test_q_closes_secondary_screens_and_only_the_lobby_quits() -> None:
    from decktable.ui.screens.history_screen import HistoryScreen
    from decktable.ui.widgets.choice_menu import ChoiceMenu

    app = make_app("nonesuch", "Ann,bot:random,bot:random", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        await press(pilot, "L")
        assert isinstance(app.screen, HistoryScreen)
        await press(pilot, "q")
        assert app.screen is screen and app.is_running
        screen.choose_among(viewer_obs(app).legal[:2], "Which?")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceMenu)
        await press(pilot, "q")
        assert app.screen is screen and app.is_running


async def test_a_deal_lost_at_setup_shows_the_table_and_is_recorded() -> None:
    from decktable.session.match import Match, parse_seats
    from decktable.ui.app import DeckTableApp
    from decktable.ui.screens.results import ResultsScreen

    recorded: list[object] = []
    match = Match("adaman", parse_seats("Ann"), seed=12, on_finish=recorded.append)  # lost at setup
    assert recorded == [match], "the lost deal goes to the history"
    app = DeckTableApp(match, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Final table" in text and "Utter loss" in text
        assert "Palace" in text
    assert recorded == [match], "recorded once"


async def test_at_most_three_notifications_replaced_not_piled() -> None:
    app = make_app("nonesuch", "Ann,bot:random,bot:random", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for i in range(6):
            app.notify(f"note {i}")
        app.notify("note 5")
        await settle(pilot)
        notes = notifications(app)
        assert len(notes) <= 3 and notes.count("note 5") == 1 and "note 0" not in notes


async def test_every_focus_stop_has_a_highlight() -> None:
    """Tab stops only where the focus shows: card rows, the grid, buttons (the scrolling main
    column has no highlight and is no stop)."""
    from textual.widgets import Button

    from decktable.ui.widgets.card_strip import CardStrip
    from decktable.ui.widgets.grid_view import GridView

    for game, seats in (("nonesuch", "Ann,bot:random,bot:random"), ("jacynth", "Ann,bot:random"),
                        ("adaman", "Ann"), ("suitcases", "Ann,bot:random")):
        app = make_app(game, seats, seed=5)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            chain = app.screen.focus_chain
            assert chain
            for w in chain:
                assert isinstance(w, (CardStrip, GridView, Button)), f"{game}: {w!r} is a stop without a highlight"


async def test_adaman_payment_marks_spent_cards_and_no_blind_tab_stop() -> None:
    """QA (seed 3, 80×24): while paying, the resources already spent carry the chosen mark
    (✓) and the first Tab goes somewhere with a visible cursor (never the empty Controlled row)."""
    from decktable.ui.glyphs import current_card_set
    from decktable.ui.widgets.zone_row import ZoneRow

    app = make_app("adaman", "Ann", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "H", "enter", "enter")
        obs = viewer_obs(app)
        assert obs.phase == "pay" and obs.chosen, obs.prompt
        rows = {r.zone: r for r in table(app).query(ZoneRow)}
        resources = rows["resources"]
        assert resources.chosen == frozenset(obs.chosen)
        lines = screen_text(app).splitlines()
        tick = current_card_set().picked
        for slug in obs.chosen:
            name = slug.replace("-", " ").title()[:8]
            line = next(ln for ln in lines if name in ln)
            before = line[: line.index(name)]
            assert tick in before.split("▊")[-1][-4:], f"{slug} is not marked as chosen: {line!r}"
        unspent = [c for c in resources.cards if c not in obs.chosen]
        assert unspent
        for _ in range(len(rows) + 3):  # every Tab stop can be seen and used
            await press(pilot, "tab")
            focused = app.focused
            assert not (isinstance(focused, ZoneRow) and not focused.cards), f"Tab went to an empty row {focused.zone}"
