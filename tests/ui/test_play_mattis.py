"""Mattis played by keys: one human and two bots through both phases to the results screen, and
two humans whose hands never show under the curtain or during the other's turn.

Plays go through what every table has: Enter on a card (the "what to do with this card" menu,
which lists the legal actions of that card) and buttons (blind, pickup, begin). Sequences
(`play 7h 8h 9h`) need multi-card marking, which is being built beside this test, so the picker
here chooses single cards; a single card is always legal when a sequence is (each card of a
sequence that beats the last play beats it alone), so no position is out of reach.

play_helpers finds French cards by the game's family; a hand is searched for less any card the
public log has named (in the second phase a hand is made of cards everyone saw played in the
first)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import HiddenHands, game_over, log_lines, play_until  # noqa: E402
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.session.match import Match  # noqa: E402
from decktable.engine.models import ActionView, Observation  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402

SHORT = {"max_turns": 60}  # the stop rule keeps the second phase short


class SinglePicker:
    """A reproducible choice among the legal actions of at most one card, made in `choose` (an
    on_turn hook) so that a repeated button can wait: the action bar keeps the same Button when
    the buttons do not change, and Textual's Button ignores Enter for 0.2 s after a press."""

    def __init__(self, seed: int, pilot) -> None:
        self.rng = random.Random(seed)
        self.pilot = pilot
        self.choice: ActionView | None = None
        self.last = ""

    async def choose(self, obs: Observation) -> None:
        ok = [a for a in obs.legal if len(getattr(a, "cards", []) or []) <= 1]
        self.choice = self.rng.choice(ok)
        if self.choice.card is None and self.choice.text == self.last:
            await self.pilot.pause(0.25)
        self.last = self.choice.text

    def __call__(self, obs: Observation) -> ActionView:
        assert self.choice is not None
        choice, self.choice = self.choice, None
        return choice


async def test_mattis_game_by_keys() -> None:
    app = make_app("mattis", "Ann,bot,bot", seed=7, options=SHORT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        seen = {"collect": 0, "shed": 0, "to_beat": 0}
        picker = SinglePicker(1, pilot)

        async def on_turn(obs: Observation) -> None:
            if obs.phase in seen:
                seen[obs.phase] += 1
            if obs.phase == "shed" and obs.trick is not None and obs.trick.plays:
                # the table says what can beat what: the play to beat and what beats it
                text = screen_text(app)
                assert "To beat" in text and "Beaten by" in text, text
                assert obs.status["To beat"] in text
                seen["to_beat"] += 1
            await picker.choose(obs)

        played = await play_until(pilot, app, picker, game_over, on_turn=on_turn)
        verbs = {a.text.split()[0] for a in played}
        assert "play" in verbs
        assert seen["collect"] >= 5 and seen["shed"] >= 1 and seen["to_beat"] >= 1, seen
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Ann" in text and "mattis" in text
        assert any(t.startswith("Ann") for t in log_lines(match))
        assert match.result() is not None and -1 in match.result().scores


async def test_mattis_two_humans_keep_hands_hidden() -> None:
    app = make_app("mattis", "Ann,Bea,bot", seed=4, options=SHORT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        checks = HiddenHands(app, humans=(0, 1))
        assert checks.family == "french"
        shed = {"turns": 0}
        picker = SinglePicker(2, pilot)

        async def on_turn(obs: Observation) -> None:
            if obs.phase == "shed":
                shed["turns"] += 1
            checks.on_turn(obs)
            await picker.choose(obs)

        await play_until(pilot, app, picker, game_over, on_curtain=checks.on_curtain, on_turn=on_turn)
        assert checks.curtains >= 4 and checks.turns >= 10 and shed["turns"] >= 1, (checks.curtains, checks.turns, shed)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)


async def test_mattis_sequence_by_marking() -> None:
    """A sequence is played by marking its cards (space) and Enter, through the shared driver's
    `play`, which marks when an action takes several cards. The game runs until the human has
    played one sequence."""
    app = make_app("mattis", "Ann,bot,bot", seed=7, options=SHORT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        rng = random.Random(3)
        last = {"text": ""}

        def sequence_played(m: Match) -> bool:
            return any(e.seat == 0 and len(e.action.split()) > 2 for e in m.log) or m.result() is not None

        async def on_turn(obs: Observation) -> None:
            runs = [a for a in obs.legal if len(getattr(a, "cards", []) or []) > 1]
            if obs.phase == "shed" and runs:
                assert all(a.cards == a.text.split()[1:] for a in runs)
            if last["text"] in ("blind", "pickup", "begin"):
                await pilot.pause(0.25)

        def pick(obs: Observation) -> ActionView:
            runs = [a for a in obs.legal if len(getattr(a, "cards", []) or []) > 1]
            choice = rng.choice(runs or list(obs.legal))
            last["text"] = choice.text
            return choice

        await play_until(pilot, app, pick, sequence_played, on_turn=on_turn)
        played = [e.action for e in match.log if e.seat == 0 and len(e.action.split()) > 2]
        assert played, "the human never had a sequence to play"
