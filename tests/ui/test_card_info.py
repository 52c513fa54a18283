"""Knowing the cards: `i` shows the card under the cursor in full (a trick game, a board game,
a solitaire), the hand marks the cards a game makes special (Type Trump's trump type), and the
primers open from the lobby, the inspector and a help link. Keys are pressed for real."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import (  # noqa: E402
    SIZE,
    focus_widget,
    make_app,
    move_grid,
    move_to_card,
    notifications,
    press,
    screen_text,
    settle,
    table,
    viewer_obs,
)

from textual.widgets import Markdown  # noqa: E402

import decktable  # noqa: E402
from decktable.cards.decktet import DECKTET  # noqa: E402
from decktable.primers import PACKS, primer_family, primer_text  # noqa: E402
from decktable.ui.app import DeckTableApp  # noqa: E402
from decktable.ui.glyphs import use_card_set  # noqa: E402
from decktable.ui.screens.card_info import CardInfoScreen, card_lines  # noqa: E402
from decktable.ui.screens.help_screen import HelpScreen  # noqa: E402
from decktable.ui.screens.lobby import LobbyScreen  # noqa: E402
from decktable.ui.screens.primer import PrimerScreen  # noqa: E402
from decktable.ui.widgets.card_strip import CardStrip  # noqa: E402
from decktable.ui.widgets.grid_view import GridView  # noqa: E402
from decktable.ui.widgets.hand_view import HandView  # noqa: E402
from decktable.ui.widgets.zone_row import ZoneRow  # noqa: E402


@pytest.fixture(autouse=True)
def unicode_cards() -> None:
    use_card_set("unicode")


# -- what the inspector says about any card ------------------------------------------------------


def test_card_lines_spell_out_rank_suits_and_type() -> None:
    name, lines = card_lines("lunatic", "decktet")
    facts = dict(lines)
    assert name == "The Lunatic"
    assert facts["Type"] == "Personality"
    assert "Moons ☾ and Waves ≈" == facts["Suits"]
    assert facts["Rank"].startswith("6")
    assert dict(card_lines("origin", "decktet")[1])["Type"] == "Location and Event"
    assert dict(card_lines("ace-knots", "decktet")[1])["Rank"].startswith("Ace")
    assert dict(card_lines("qh", "french")[1])["Suit"].startswith("Hearts ♥, a red suit")
    assert "Trump" in dict(card_lines("t21", "tarot")[1])


def test_card_facts_come_from_the_game_and_see_only_the_observation() -> None:
    game = decktable.get_game("schnapsen")
    state = game.new(["Ann", "Bob"], seed=4)
    obs = game.observe(state, 0)
    facts = dict(game.card_facts(game.catalogue.find("ah"), obs, state.options))
    assert facts["Card points"].startswith("11")
    assert "trump" in facts["Trump"].lower()
    # a game without the hook says nothing more (the default)
    jac = decktable.get_game("jacynth")
    st = jac.new(["Ann", "Bob"], seed=1)
    assert jac.card_facts(DECKTET[5], jac.observe(st, 0), st.options) == []


def test_type_trump_marks_the_trump_type_only_among_cards_the_seat_sees() -> None:
    game = decktable.get_game("type_trump")
    state = game.new(["Ann", "Bob", "Cy"], seed=2)
    obs = game.observe(state, 0)
    seen = {c for z in obs.zones if z.visible for c in z.cards}
    assert obs.card_marks, "some card of Ann's hand is of the trump type"
    assert set(obs.card_marks) <= seen
    trump_type = obs.status["Trump type"]  # "Personalities"
    for slug, why in obs.card_marks.items():
        card = game.catalogue.find(slug)
        assert why.startswith("trump")
        assert any(trump_type.startswith(t.capitalize()[:5]) for t in card.types)
    spectator = game.observe(state, None)
    assert not set(spectator.card_marks) - {c for z in spectator.zones if z.visible for c in z.cards}


# -- `i` at the table, by keys --------------------------------------------------------------------


def modal_text(app: DeckTableApp) -> str:
    screen = app.screen
    assert isinstance(screen, CardInfoScreen), screen
    return screen_text(app)


async def test_i_in_a_trick_game_shows_the_card_and_its_trump_mark() -> None:
    app = make_app("type_trump", "Ann,bot,bot", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        obs = viewer_obs(app)
        hand = next(z for z in obs.zones if z.kind == "hand" and z.visible)
        trump = next(c for c in hand.cards if c in obs.card_marks)
        plain = next(c for c in hand.cards if c not in obs.card_marks)
        # the hand draws the ★ on the trump cards and says what it means in its title
        view = table(app).query_one(HandView)
        assert view.special.get(trump, "").startswith("trump")
        assert "★ trump (Personalities)" in screen_text(app)
        await focus_widget(pilot, app, lambda w: isinstance(w, HandView))
        await move_to_card(pilot, view, trump)
        await press(pilot, "i")
        text = modal_text(app)
        card = DECKTET[[c.slug for c in DECKTET].index(trump)]
        assert card.name in text
        assert "Type" in text and "Personality" in text
        assert "Trump" in text and "yes" in text
        await press(pilot, "escape")
        assert app.screen is table(app)
        await move_to_card(pilot, view, plain)
        await press(pilot, "i")
        assert "no: Personalities are trump" in modal_text(app)
        await press(pilot, "q")  # q closes the inspector, it does not leave the table
        assert app.screen is table(app)


async def test_i_on_a_board_cell_and_on_an_empty_cell() -> None:
    app = make_app("jacynth", "Ann,bot", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await focus_widget(pilot, app, lambda w: isinstance(w, GridView))
        grid = app.focused
        assert isinstance(grid, GridView)
        obs = viewer_obs(app)
        assert obs.board is not None
        full = next(cell for cell, v in obs.board.cells.items() if v.card)
        empty = next(cell for cell, v in obs.board.cells.items() if not v.card)
        await move_grid(pilot, grid, full)
        await press(pilot, "i")
        text = modal_text(app)
        card = next(c for c in DECKTET if c.slug == obs.board.cells[full].card)
        assert card.name in text and "Suit" in text
        await press(pilot, "escape")
        await move_grid(pilot, grid, empty)
        await press(pilot, "i")
        assert app.screen is table(app)
        assert any("No face-up card on this cell" in n for n in notifications(app))


async def test_i_in_a_solitaire_and_the_primer_from_the_inspector() -> None:
    app = make_app("adaman", "Ann", seed=161)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await focus_widget(pilot, app, lambda w: isinstance(w, ZoneRow) and bool(w.cards))
        strip = app.focused
        assert isinstance(strip, CardStrip)
        slug = strip.current
        await press(pilot, "i")
        text = modal_text(app)
        card = next(c for c in DECKTET if c.slug == slug)
        assert card.name in text
        assert ("personality" in text) == ("personality" in card.types)
        await press(pilot, "p")
        assert isinstance(app.screen, PrimerScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, CardInfoScreen)
        await press(pilot, "i")
        assert app.screen is table(app)


# -- the primers -----------------------------------------------------------------------------------


def test_every_decktet_game_links_the_primer_and_the_link_resolves() -> None:
    from decktable.ui.screens.help_screen import help_markdown as help_text

    for info in decktable.games():
        if info.family != "decktet":
            continue
        text = help_text(info.id)
        assert "(primer:decktet)" in text, f"{info.id}/help.md does not link the Decktet primer"
    assert primer_family("primer:decktet") == "decktet"
    assert primer_family("../primers/french.md") == "french"
    assert primer_family("https://example.org") is None
    for pack in PACKS:
        assert primer_text(pack).startswith("# ")


async def test_primer_from_the_lobby_by_keys() -> None:
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        await press(pilot, "p")
        assert isinstance(app.screen, PrimerScreen)
        text = screen_text(app)
        assert "Decktet" in text and "Moons" in text
        await press(pilot, "q")  # q closes the primer; it does not quit
        assert isinstance(app.screen, LobbyScreen)


async def test_primer_from_a_help_link_and_from_p_in_the_help() -> None:
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.show_help("nonesuch")
        await settle(pilot)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        doc = help_screen.query_one(Markdown)
        # the link as the viewer receives it when it is clicked
        doc.post_message(Markdown.LinkClicked(doc, "primer:decktet"))
        await settle(pilot)
        assert isinstance(app.screen, PrimerScreen) and app.screen.family == "decktet"
        await press(pilot, "escape")
        assert app.screen is help_screen
        await press(pilot, "p")
        assert isinstance(app.screen, PrimerScreen)
        await press(pilot, "escape", "q")
        assert isinstance(app.screen, LobbyScreen)


def test_lorum_says_what_a_card_is_worth_in_each_hand_that_counts_it() -> None:
    """Train is decided by card values, Queens by the queens' costs: `i` said only rank and suit."""
    game = decktable.get_game("lorum")
    state = game.new(["Ann", "Bob", "Cy", "Dan"], seed=5)
    obs = game.observe(state, 0)
    facts = dict(game.card_facts(game.catalogue.find("qh"), obs, state.options))
    assert facts["Train"] == "worth 3 to the running total"
    assert facts["Queens"] == "counts 4 against whoever takes it"
    assert facts["No hearts"] and facts["Quart"] == "followed by the King of Hearts"
    ace = dict(game.card_facts(game.catalogue.find("ad"), obs, state.options))
    assert ace["Train"] == "worth 11 to the running total" and ace["Quart"] == "followed by the 7 of Diamonds"
    assert "Queens" not in ace and "No hearts" not in ace
    assert dict(game.card_facts(game.catalogue.find("kh"), obs, state.options))["Hairy Ape"].startswith("whoever")


def test_envite_gives_its_orders_as_the_seat_sees_them() -> None:
    game = decktable.get_game("envite")
    state = game.new(["Ann", "Bob", "Cy", "Dan", "Eve"], seed=5)
    obs = game.observe(state, 0)
    facts = dict(game.card_facts(game.catalogue.find("jd"), obs, state.options))
    assert facts["Plain suits"].startswith("K Q J A 7")
    assert facts["Trump order"] == obs.status["Trump order"] and facts["Top trumps"] == obs.status["Top trumps"]
