"""Envite played by keys: a short one-game match (both teams start at 10 stones) with one human
and three bots, from the signal and stake buttons to the results screen; and two human captains
at five players (so Bea also plays the dummy), where every private prompt comes behind a hand-off
curtain, neither captain ever sees the other's hand, the dummy's cards or the other team's
signals, and Bea plays the dummy's cards by keys.

play_helpers' card patterns know the Decktet only, so the French patterns are built here from the
same glyph functions the screen uses (as test_play_toepen does)."""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import all_widget_text, game_over, log_lines, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.cards.french import FRENCH  # noqa: E402
from decktable.session.match import Match  # noqa: E402
from decktable.rulesets.envite.rules import SIGNAL_WORDS, SIGNALS  # noqa: E402
from decktable.ui.glyphs import card_label, card_name  # noqa: E402
from decktable.ui.screens.curtain import CurtainScreen  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402

SHORT = {"start_stones": 10, "games_to_win": 1}


@lru_cache(maxsize=None)
def patterns(slug: str) -> tuple[re.Pattern[str], ...]:
    """Ways a French card could be named on screen: slug, full name, glyph label and short name."""
    c = FRENCH.find(slug)
    assert c is not None
    words = {slug, c.name, card_name(slug, "french"), card_label(slug, "french")}
    return tuple(re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])") for w in words if w)


def secret_cards(match: Match, seat: int) -> list[str]:
    """Cards only `seat` may know (its hand, the dummy's for its captain), less any the log named."""
    mine = match.game.observe(match.state, seat)
    public = {z.name for z in match.game.observe(match.state, None).zones if z.visible}
    said = "\n".join(log_lines(match))
    return [c for z in mine.zones if z.visible and z.name not in public for c in z.cards
            if not any(p.search(said) for p in patterns(c))]


def shown(text: str, slugs: list[str]) -> list[str]:
    return [s for s in slugs if any(p.search(text) for p in patterns(s))]


def team_signals(match: Match, team: int) -> list[str]:
    """The signal lines of a team's players this hand, as their captain's screen writes them."""
    st = match.state
    return [f"{st.names[s]}: {SIGNALS[SIGNAL_WORDS[k]]}" for s, k in enumerate(st.signal) if k >= 0 and s % 2 == team]


async def test_envite_game_by_keys() -> None:
    app = make_app("envite", "Ann,bot,bot,bot", seed=7, options=SHORT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(1, prefer=("raise",)), game_over, limit=300)
        verbs = {a.text.split()[0] for a in played}
        assert "play" in verbs
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Ann" in text and "wins the match" in text
        assert any(t.startswith("Ann") for t in log_lines(match))


async def test_envite_two_captains_keep_their_secrets() -> None:
    options = {"captain_a": 0, "captain_b": 1, "start_stones": 6, "games_to_win": 1}
    app = make_app("envite", "Ann,Bea,bot,bot,bot", seed=4, options=options)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        checks: dict[str, int] = {"curtain": 0, "turn": 0, "dummy": 0, "signals_seen": 0}
        last = {"seat": None, "curtains": 0}

        def on_curtain() -> None:
            checks["curtain"] += 1
            assert isinstance(app.screen, CurtainScreen)
            text = all_widget_text(app)
            for seat in (0, 1):
                leak = shown(text, secret_cards(match, seat))
                assert not leak, f"seat {seat}'s cards {leak} under the curtain"
                for line in team_signals(match, seat):
                    assert line not in text, f"{line!r} under the curtain"

        def on_turn(obs) -> None:
            checks["turn"] += 1
            checks[obs.phase] = checks.get(obs.phase, 0) + 1
            if last["seat"] is not None and last["seat"] != obs.seat:
                assert checks["curtain"] > last["curtains"], f"no curtain before seat {obs.seat}'s {obs.phase}"
            last["seat"], last["curtains"] = obs.seat, checks["curtain"]
            other = 1 - obs.seat
            text = all_widget_text(app)
            mine = secret_cards(match, obs.seat)
            assert shown(text, mine) == mine, "the detector must see the player's own cards (and the dummy's)"
            leak = shown(text, secret_cards(match, other))
            assert not leak, f"seat {other}'s cards {leak} show during seat {obs.seat}'s {obs.phase}"
            for line in team_signals(match, other):
                assert line not in text, f"the other team's signal {line!r} shows to seat {obs.seat}"
            own = team_signals(match, obs.seat)
            if own and any(line in text for line in own):
                checks["signals_seen"] += 1
            if obs.phase == "play" and obs.extra.get("turn_position") == 5:
                assert obs.seat == 1
                checks["dummy"] += 1

        pick = seeded_picker(3, prefer=("raise",))
        await play_until(pilot, app, pick, game_over, limit=600, on_curtain=on_curtain, on_turn=on_turn)
        assert checks["curtain"] >= 4
        assert checks.get("stake", 0) >= 2 and checks.get("play", 0) >= 2
        assert checks["dummy"] >= 1, "Bea never played for the dummy"
        assert checks["signals_seen"] >= 1, "a captain never saw their team's signals"
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)


@pytest.mark.parametrize(("seed", "true_signal"), [(1, "nothing worth a sign"), (4, "a trump")])
async def test_envite_signal_starts_on_what_the_hand_holds(seed: int, true_signal: str) -> None:
    """Issue 33: the signal buttons started on 'Signal: the top trump' whatever the hand held,
    so a reflex Enter told the captain of a trump that was not there. The keyboard starts on the
    signal that is true of the hand, and the prompt says which it is."""
    from table_driver import press, viewer_obs

    from decktable.ui.widgets.action_bar import ActionBar

    options = {"captain_a": 2, "captain_b": 1, **SHORT}  # Ann (seat 0) signals to Cy, her captain
    app = make_app("envite", "Ann,bot,bot,bot", seed=seed, options=options)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        match = table(app).match
        obs = viewer_obs(app)
        assert obs.seat == 0 and obs.phase == "signal"
        trump = obs.status["Trump"][0].lower()  # "Diamonds (vira 6♦)" -> d
        hand = next(z for z in obs.zones if z.kind == "hand" and z.owner == 0)
        holds_trump = any(c[-1] == trump for c in hand.cards)
        assert holds_trump == (true_signal != "nothing worth a sign"), hand.cards
        bar = table(app).query_one(ActionBar)
        assert app.focused in bar.buttons
        assert str(app.focused.label) == f"Signal: {true_signal}"
        assert f"Signal: {true_signal}" in screen_text(app)  # in view, on its row at 80 columns
        assert f"True of your hand: {true_signal}." in obs.prompt
        before = len(match.log)
        await press(pilot, "enter")
        assert match.log[before].seat == 0
        assert SIGNALS[SIGNAL_WORDS[match.state.signal[0]]] == true_signal
